"""The legal decisions of each pending task, and why anything else is illegal."""

from __future__ import annotations

from explorer.core.bounds import is_number
from explorer.core.errors import IllegalAction

from .data import CHARACTERS, GAMBLER, RANK, RESOURCES, ROGUE
from .model import DECISION_VERBS, Move, Outcome, island_name, parse_slot, seat, slot_name
from .rules import (
    TAKE,
    THROWS,
    coin_kinds,
    commander,
    icons,
    look_targets,
    max_resource,
    must_peek,
    next_islands,
    node,
    non_negative_kinds,
    occupied,
    opt,
    own_kinds,
    players,
    prosthetics_open,
    steerer,
    trade_islands,
)
from .steps import phrase
from .steps import rule as step_rule

# the moves every round offers, made once (a Move is an immutable value)
PAY, STEER, END = Move("pay"), Move("steer"), Move("end")
REPAIR = {c: Move("repair", c) for c in RESOURCES}
ANCHOR = tuple(Move("anchor", island_name(j)) for j in range(8))
DRAFT = {r: Move("draft", c.name) for r, c in CHARACTERS.items()}
CALL = tuple(Move("call", seat(p)) for p in range(5))


def loot_moves(s, p: int) -> list[Move]:
    """R18: Take (R19) on the ship's island, Pay (R21, R22) or Repair (R24-R26)."""
    moves = [TAKE[s.ship, i] for i in occupied(s, s.ship)]
    if p != commander(s) and s.prestige[p] > 0 and (opt(s, "monkey_may_pay") or s.chosen[p] != 8):
        moves.append(PAY)
    if opt(s, "advanced"):
        moves += [REPAIR[c] for c in icons(s, p)
                  if s.resources[("structure", "ammunition", "supplies").index(c)] < max_resource(s)]
    return moves


def _targets(s, p: int) -> list[int]:
    return [q for q in range(players(s)) if q != p and s.loot[q]]


def power_moves(s, p: int) -> list[Move]:
    """R42 Gambler, R43 Rogue: once in the player's own turn."""
    rank = s.chosen[p]
    if rank == GAMBLER and (s.loot[p] or not opt(s, "gambler_needs_own_loot")):
        return [Move("gamble", seat(q)) for q in _targets(s, p)]
    if rank == ROGUE:
        return [Move("rogue", seat(q)) for q in _targets(s, p)]
    return []


def turn_moves(s, p: int) -> list[Move]:
    used, allowed, loot_done, power_used, steered, tavern, merchant = s.turn
    moves: list[Move] = []
    looks = look_targets(s) if used < allowed else []
    moves += looks
    loot = loot_moves(s, p) if not loot_done else []
    moves += loot
    steering = p == steerer(s) and s.anchor < 0
    if steering:
        if must_peek(s, p) and not steered:
            moves.append(STEER)
        else:
            moves += [ANCHOR[j] for j in next_islands(s)]
    if not power_used:
        moves += power_moves(s, p)
    if s.event == "taberna" and not tavern:
        moves += [Move("tavern", k) for k in non_negative_kinds(s, p)]
    if s.event == "mercader" and not merchant:
        moves += [Move("merchant", f"{k} {island_name(j)}") for k in coin_kinds(s, p)
                  for j in range(8) if occupied(s, j)]
    looked_enough = used > 0 or not looks or not opt(s, "investigate_mandatory")
    if not loot and not steering and looked_enough:
        moves.append(END)
    return moves


def decision_actions(s, task: tuple) -> list:
    kind = task[0]
    n = players(s)
    if kind == "choose_start":
        return [Move("first", seat(p)) for p in range(n)]
    if kind == "setup_look":
        return look_targets(s)
    if kind == "draft":
        return [DRAFT[r] for r in s.row if r not in s.chosen]
    if kind == "call":
        return [CALL[p] for p in range(n) if p not in s.played]
    if kind == "turn":
        return turn_moves(s, task[1])
    if kind == "gunner":
        return [Move("prosthetic", k) for k in prosthetics_open(s, task[1])] + [Move("prosthetic", "none")]
    if kind == "qm":
        moves = [Move("trade", slot_name(j, i)) for j in trade_islands(s) for i in occupied(s, j)]
        if set(s.discard) - ({task[2]} if opt(s, "qm_draw_excludes_own") else set()) or (
                not opt(s, "qm_draw_excludes_own")):
            moves.append(Move("trade", "discard"))
        return [*moves, Move("trade", "none")]
    if kind == "gamble_choice":
        return [Move("gamble", "keep")] + ([Move("gamble", "other")] if len(s.loot[task[2]]) > 1 else [])
    if kind == "rogue_more":
        return [Move("rogue", "more"), Move("rogue", "stop")]
    if kind == "rogue_keep":
        return [Move("rogue", "keep"), Move("rogue", "leave")]
    if kind == "monkey":
        return [Move("gift", seat(q)) for q in range(n) if q != task[1]] + [Move("gift", "none")]
    if kind == "merchant_swap":
        return [Move("swap", slot_name(task[2], i)) for i in occupied(s, task[2])]
    if kind == "stake":
        return [Move("stake", k) for k in own_kinds(s, task[1])]
    if kind == "claim":
        return [Move("claim", seat(q)) for q, _ in task[2]]
    if kind == "challenge":
        return [Move("challenge", seat(q)) for q in range(n) if q != task[1]]
    if kind == "throw":
        return [Move("throw", t) for t in THROWS]
    if kind == "tie":
        return [Move("tie", seat(q)) for q in task[1]]
    if kind == "winner_pick":
        return [Move("winner", seat(task[2])), Move("winner", seat(task[3]))]
    if kind == "spoils":
        w, loser = task[1], task[2]
        moves = [Move("spoils", f"give {k}") for k in own_kinds(s, w)]
        if s.loot[loser]:
            moves.append(Move("spoils", "steal"))
        return [*moves, Move("spoils", "none")]
    raise AssertionError(kind)


# -- explanations ---------------------------------------------------------------------


def _turn_reason(s, p: int, a: Move) -> tuple[str, str]:
    used, allowed, loot_done, power_used, steered, _tavern, _merchant = s.turn
    v = a.verb
    if v == "look":
        if looks_into_pile(s, a.arg):
            return "R17", f"{a.arg} is not an island: loot piles and the discard pile may not be investigated"
        if used >= allowed:
            return "R11", "no Investigate action left this turn"
        if a.arg.count(".") == 1:
            try:
                _j, _i = parse_slot(a.arg)
            except ValueError:
                return "R17", f"{a.arg} is not an island slot; loot piles and the discard may not be looked at"
            return "R13", f"{a.arg} holds no face-down tile"
        return "R14", f"{a.arg} is not an unflipped island tile of the advanced game"
    if v in ("take", "pay", "repair"):
        if loot_done:
            return "R18", "the Loot action was already done this turn"
        if v == "take":
            return "R20", f"loot can only be taken from the ship's island {island_name(s.ship)}"
        if v == "pay":
            if p == commander(s):
                return "R22", "the commander may not pay"
            if s.prestige[p] <= 0:
                return "R21", "paying needs a prestige marker (flags cannot pay, R23)"
            return "R45", "with monkey_may_pay off the Monkey may not pay"
        if not opt(s, "advanced"):
            return "R24", "repairing belongs to the advanced game (V1)"
        if a.arg not in icons(s, p):
            return "R25", f"this character cannot repair {a.arg}"
        return "R26", f"the ship is not missing any {a.arg}"
    if v in ("steer", "anchor"):
        if not next_islands(s):
            return "R35", f"in the round at the last island ({island_name(s.ship)}) nobody steers: no island lies ahead"
        if p != steerer(s):
            return "R32", "only the Navigator (or, without one, the commander) steers"
        if s.anchor >= 0:
            return "R32", "the anchor is already placed"
        if v == "anchor" and must_peek(s, p) and not steered:
            return "R32", "the Navigator first looks at the next islands (steer)"
        return "R33", f"the anchor must go on an island directly ahead: {[island_name(j) for j in next_islands(s)]}"
    if v in ("gamble", "rogue"):
        if power_used:
            return "R11", "the power was already used this turn"
        return ("R42" if v == "gamble" else "R43"), "this character has no such power, or the target has no loot"
    if v == "tavern":
        return "R48", "needs Historias de taberna this round, once, paying a non-negative tile you hold"
    if v == "merchant":
        return "R52", "needs Mercader this round, once, paying a coin you hold for an island with tiles"
    if v == "end":
        if not loot_done:
            return "R18", "the Loot action (take, pay or repair) is compulsory"
        if p == steerer(s) and s.anchor < 0:
            return "R34", "the ship must be steered: place the anchor first"
        return "R12", "an Investigate action is compulsory with investigate_mandatory"
    return "R10", f"it is Player {p + 1}'s turn (named by the commander): {v} is not an action of a player turn"


def looks_into_pile(s, target: str) -> bool:
    """``look discard`` or ``look P2`` (a loot pile): R17 forbids both."""
    return target.lower() in ("discard", "d") or target.lower().startswith("d.") or (
        target[:1] in "Pp" and is_number(target[1:]))


def explain(s, action) -> IllegalAction:
    """The rule an action breaks here, in plain words."""
    kind, who = node(s)
    if kind == "over":
        return IllegalAction("E1", "the game is over", action)
    if kind == "chance":
        if not isinstance(action, Outcome):
            return IllegalAction("T0", "this is a chance node: give one of its outcomes", action)
        return IllegalAction("C6", f"{action} is not a possible outcome here", action)
    if not isinstance(action, Move) or action.verb not in DECISION_VERBS:
        return IllegalAction("T3", f"{action!r} is not a Pirate Rush action", action)
    task = s.stack[-1]
    if action.verb == "look" and looks_into_pile(s, action.arg) and task[0] in ("turn", "setup_look"):
        return IllegalAction("R17", f"{action.arg} is not an island: loot piles and the discard pile may not "
                             "be investigated", action)
    if task[0] == "turn":   # actions name no actor: say whose turn judges it (R10)
        rule, reason = _turn_reason(s, task[1], action)
        if "'s turn" not in reason:
            reason += f" (it is Player {task[1] + 1}'s turn)"
    elif task[0] == "draft" and action.verb == "draft" and action.arg in RANK:
        rule, reason = "R4", f"{action.arg} is not in the row or was already chosen this round"
    elif task[0] == "call" and action.verb == "call":
        rule, reason = "R10", "that player has already played this round (or is no player)"
    elif task[0] == "gunner" and action.verb == "prosthetic":
        rule, reason = "R38", "a player owns at most one peg leg and one hook, from the supply"
    elif task[0] == "qm" and action.verb == "trade":
        rule, reason = "R41", ("the new tile comes from an island the route skipped (the house rule V21, A20), or the "
                               "discard" if opt(s, "qm_islands") == "skipped" else
                               "the new tile comes from an island that can no longer be visited, or the discard")
    elif task[0] == "stake" and action.verb == "stake":
        rule, reason = "R49", "a player stakes a tile of his own loot"
    else:   # an action that belongs to another moment, or another pirate: the order of play decides
        rule = step_rule(task[0])
        reason = f"it is Player {who + 1}'s move ({phrase(task[0])}): {action} is not one of its choices"
    return IllegalAction(rule, reason, action)

