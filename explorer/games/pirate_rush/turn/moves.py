"""The legal decisions of each pending task (why anything else is illegal: explain.py)."""

from __future__ import annotations

from functools import lru_cache

from ..data import CHARACTERS, GAMBLER, RESOURCES, ROGUE
from ..model import Move, island_name, seat, slot_name
from .table import (
    TAKE,
    THROWS,
    _look_targets,
    coin_kinds,
    commander,
    icons,
    look_targets,
    max_resource,
    must_peek,
    next_islands,
    non_negative_kinds,
    occupied,
    opt,
    own_kinds,
    players,
    prosthetics_open,
    steerer,
    trade_islands,
)

# the moves every round offers, made once (a Move is an immutable value)
PAY, STEER, END = Move("pay"), Move("steer"), Move("end")
REPAIR = {c: Move("repair", c) for c in RESOURCES}
ANCHOR = tuple(Move("anchor", island_name(j)) for j in range(8))
DRAFT = {r: Move("draft", c.name) for r, c in CHARACTERS.items()}
CALL = tuple(Move("call", seat(p)) for p in range(5))
GAMBLE = tuple(Move("gamble", seat(p)) for p in range(5))
ROGUE_AT = tuple(Move("rogue", seat(p)) for p in range(5))
COLOUR_AT = {c: i for i, c in enumerate(("structure", "ammunition", "supplies"))}   # the ship's resources' order


def loot_moves(s, p: int) -> list[Move]:
    """R18: Take (R19) on the ship's island, Pay (R21, R22) or Repair (R24-R26)."""
    moves = list(_takes(s.ship, s.slots[s.ship]))
    if s.prestige[p] > 0 and p != commander(s) and (s.chosen[p] != 8 or opt(s, "monkey_may_pay")):
        moves.append(PAY)
    if opt(s, "advanced"):
        top = max_resource(s)
        moves += [REPAIR[c] for c in icons(s, p) if s.resources[COLOUR_AT[c]] < top]
    return moves


@lru_cache(maxsize=1024)
def _takes(ship: int, row: tuple[int, ...]) -> tuple[Move, ...]:
    """The Take moves at the ship's island (R19, `occupied`), once per row of slots."""
    return tuple(TAKE[ship, i] for i, t in enumerate(row) if t >= 0)


def _targets(s, p: int) -> list[int]:
    return [q for q in range(players(s)) if q != p and s.loot[q]]


def power_moves(s, p: int) -> list[Move]:
    """R42 Gambler, R43 Rogue: once in the player's own turn."""
    rank = s.chosen[p]
    if rank == GAMBLER and (s.loot[p] or not opt(s, "gambler_needs_own_loot")):
        return [GAMBLE[q] for q in _targets(s, p)]
    if rank == ROGUE:
        return [ROGUE_AT[q] for q in _targets(s, p)]
    return []


def turn_moves(s, p: int) -> list[Move]:
    used, allowed, loot_done, power_used, steered, tavern, merchant = s.turn
    looks = _look_targets(s.slots, s.flipped if s.game.options["advanced"] else None) if used < allowed else ()
    moves: list[Move] = list(looks)   # look_targets' moves, without its copy
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
    if kind == "turn":   # most decisions are a turn's (the kinds below are each other's alternatives)
        return turn_moves(s, task[1])
    n = players(s)
    if kind == "choose_start":
        return [Move("first", seat(p)) for p in range(n)]
    if kind == "setup_look":
        return look_targets(s)
    if kind == "draft":
        return [DRAFT[r] for r in s.row if r not in s.chosen]
    if kind == "call":
        return [CALL[p] for p in range(n) if p not in s.played]
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
