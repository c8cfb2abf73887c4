"""Why an action is illegal here (`explain`: the IllegalAction naming the rule it breaks),
Pirate Rush actions in plain words, and the board places they involve (for clicks).

`describe` is shown to the acting pirate (or the teacher): it names a tile's kind only
when that pirate can follow the tile exactly (``known``), an island tile only when it is
face up or the pirate has looked at it, and never another pirate's secret throw.
`places` returns ``data-place`` values that `render.board_svg` writes in every view:
islands ``I3``, slots ``I3.b``, characters of the row, the ship's resources, pirates
``P2`` and the ``discard`` pile.
"""

from __future__ import annotations

from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import IllegalAction

from .data import CHARACTERS, EVENT_NAMES, ISLAND_TILES, RANK
from .model import DECISION_VERBS, Move, Outcome, island_name, parse_island, parse_seat, parse_slot
from .tokens.picks import token
from .turn.table import commander, icons, must_peek, next_islands, node, opt, players, steerer, supply
from .turn.tasks import phrase
from .turn.tasks import rule as step_rule

KIND_WORDS = {"copper": "copper coin", "silver": "silver coin", "gold": "gold coin", "rum": "bottle of rum",
              "flag1": "1-prestige flag", "flag2": "2-prestige flag", "map": "map piece", "wound": "wound",
              "curse": "curse"}
POWERS = {1: "commands the crew", 2: "steers the ship", 3: "may swap a wound for a prosthetic",
          4: "may trade a tile he takes", 5: "swaps tiles blind with a pirate", 6: "may steal a copper",
          7: "investigates twice a turn", 8: "never loses prestige; may pass on a curse"}
PROSTHETIC_WORDS = {"peg": "peg leg", "hook": "hook"}


# -- small words ------------------------------------------------------------------------
def pirate(p: int) -> str:
    return f"P{p + 1}"


def kind_words(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


def a_kind(kind: str) -> str:
    words = kind_words(kind)
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def character(rank: int) -> str:
    return CHARACTERS[rank].name.replace("_", " ").capitalize()


def island_tile(tile_id: str) -> str:
    tile = ISLAND_TILES[tile_id]
    event = f", {EVENT_NAMES[tile.event]}" if tile.event else ""
    return f"{tile.id}: {tile.colour} {tile.resource}{event}"


def _task(s) -> tuple:
    return s.stack[-1] if s.stack else ("",)


def _known_kind(s, p: int | None, token: int) -> str | None:
    """The kind of `token` if pirate `p` can follow it exactly (the teacher, p None, sees all)."""
    if token < 0:
        return None
    if p is None:
        return s.kinds[token] or None
    return s.kinds[token] if token in s.known[p] else None


def _slot_tile(s, p: int | None, place: str) -> str:
    """``the gold coin at I3.b`` when `p` knows it, else ``the face-down tile at I3.b``."""
    j, i = parse_slot(place)
    kind = _known_kind(s, p, s.slots[j][i])
    return f"the {kind_words(kind)} at {place}" if kind else f"the face-down tile at {place}"


def _island_known(s, p: int | None, j: int) -> str:
    """What `p` may know of island `j`'s tile: face up, or looked at in secret."""
    tile = s.islands[j]
    if tile and (s.flipped[j] or p is None or j in s.peeked[p]):
        return island_tile(tile)
    return ""


def _tile_of_task(s, p: int | None, token: int, fallback: str = "tile") -> str:
    kind = _known_kind(s, p, token)
    return kind_words(kind) if kind else fallback


# -- describe -----------------------------------------------------------------------------
def describe(s, action: Any) -> str:
    """The action or chance outcome in plain words, for the picker and logs."""
    try:
        if isinstance(action, Move):
            return _move_words(s, action) or str(action)
        if isinstance(action, Outcome):
            return _outcome_words(s, action) or str(action)
    except (ValueError, IndexError, KeyError):
        pass
    return str(action)


def _move_words(s, a: Move) -> str:
    p = s.player
    task = _task(s)
    verb, arg = a.verb, a.arg
    if verb == "first":
        return f"{pirate(parse_seat(arg))} starts the game"
    if verb == "look":
        if "." in arg:
            j, i = parse_slot(arg)
            kind = _known_kind(s, p, s.slots[j][i])
            note = f" (you know it: {a_kind(kind)})" if kind else ""
            return f"Investigate the face-down tile at {arg}{note}"
        j = parse_island(arg)
        known = _island_known(s, p, j)
        return f"Investigate the island tile of {arg}" + (f" (you saw it: {known})" if known else "")
    if verb == "draft":
        rank = RANK[arg]
        marker = " and its prestige marker" if rank in s.markers else ""
        return f"Take the {character(rank)} (rank {rank}, {POWERS[rank]}){marker}"
    if verb == "call":
        return f"Name {pirate(parse_seat(arg))} to play next"
    if verb == "take":
        return f"Take {_slot_tile(s, p, arg)}"
    if verb == "pay":
        return f"Pay a prestige marker to the commander {pirate(commander(s))} instead of taking loot"
    if verb == "repair":
        gain = " and gain a prestige marker" if supply(s) > 0 else " (the prestige supply is empty)"
        return f"Repair the ship's {arg}{gain}"
    if verb == "steer":
        ahead = ", ".join(island_name(j) for j in next_islands(s))
        return f"Look in secret at the island tiles ahead ({ahead}), then place the anchor"
    if verb == "anchor":
        j = parse_island(arg)
        known = _island_known(s, p, j)
        return f"Put the anchor on {arg}: the ship sails there next" + (f" ({known})" if known else "")
    if verb == "end":
        return "End the turn"
    if verb == "prosthetic":
        if arg == "none":
            return "Keep the wound (no prosthetic)"
        return f"Show the wound and swap it for a {PROSTHETIC_WORDS.get(arg, arg)}"
    if verb == "trade":
        took = _tile_of_task(s, p, task[2]) if task[0] == "qm" else "tile"
        if arg == "none":
            return f"Keep the {took} (no trade)"
        if arg == "discard":
            return f"Discard the {took} and draw a random tile from the discard pile"
        return f"Discard the {took} and take {_slot_tile(s, p, arg)}"
    if verb == "gamble":
        if arg[:1] == "P":
            return (f"Gambler: look at a random tile of {pirate(parse_seat(arg))}, keep it or take another blind, "
                    "and give one of yours blind")
        victim = pirate(task[2]) if task[0] == "gamble_choice" else "the pirate"
        looked = _tile_of_task(s, p, task[3]) if task[0] == "gamble_choice" else "tile"
        if arg == "keep":
            return f"Keep the {looked} you looked at from {victim} (and give one of yours blind)"
        return f"Leave the {looked} and take another of {victim}'s tiles blind"
    if verb == "rogue":
        if arg[:1] == "P":
            return f"Rogue: look at a random tile of {pirate(parse_seat(arg))} (maybe a second) and keep a copper found"
        victim = pirate(task[2]) if task[0] in ("rogue_more", "rogue_keep") else "the pirate"
        return {"more": f"Look at a second random tile of {victim}",
                "stop": f"Stop looking at {victim}'s tiles",
                "keep": f"Show the copper coin and keep it (taken from {victim})",
                "leave": f"Leave the copper coin with {victim}"}.get(arg, "")
    if verb == "gift":
        if arg == "none":
            return "Keep the curse"
        return f"Show the new curse and give it to Player {parse_seat(arg) + 1}"
    if verb == "tavern":
        return f"Historias de taberna: discard {a_kind(arg)} for 2 more Investigate actions"
    if verb == "merchant":
        kind, island = arg.split()
        return f"Mercader: pay {a_kind(kind)} to look at every tile of {island}, then take one of them"
    if verb == "swap":
        return f"Mercader: take {_slot_tile(s, p, arg)} in exchange for your coin"
    if verb == "stake":
        return f"Juegos de cubierta: stake {a_kind(arg)} face down"
    if verb == "claim":
        q = parse_seat(arg)
        stakes = dict(task[2]) if task[0] == "claim" else {}
        what = kind_words(s.kinds[stakes[q]]) if q in stakes and s.kinds[stakes[q]] else "tile"
        return f"Pick up {pirate(q)}'s staked {what}"
    if verb == "challenge":
        return f"Challenge {pirate(parse_seat(arg))} to a duel"
    if verb == "throw":
        # task: ("throw", who, challenger, challenged, first throw, draws so far); the first throw stays secret
        other = ""
        if task[0] == "throw":
            opponent = task[3] if task[1] == task[2] else task[2]
            other = f" against {pirate(opponent)}"
        return f"Throw {arg}{other} (in secret)"
    if verb == "tie":
        return f"The table names {pirate(parse_seat(arg))} the winner (the first to insult his rival, E10)"
    if verb == "winner":
        return f"Name {pirate(parse_seat(arg))} the winner of the duel"
    if verb == "spoils":
        loser = pirate(task[2]) if task[0] == "spoils" else "the loser"
        if arg.startswith("give "):
            return f"Give {loser} {a_kind(arg.split()[1])} of yours"
        if arg == "steal":
            return f"Steal a random tile from {loser}"
        return f"Let {loser} be"
    return ""


def _where(s, token: int) -> str:
    for j, row in enumerate(s.slots):
        if token in row:
            return f"at I{j + 1}.{'abcde'[row.index(token)]}"
    for q, pile in enumerate(s.loot):
        if token in pile:
            return f"from {pirate(q)}'s loot"
    return "from the discard pile"


def _outcome_words(s, o: Outcome) -> str:
    kind, arg = o.kind, o.arg
    task = _task(s)
    if kind == "removed":
        tiles = arg.split()
        return "Island tiles set aside (shown to all): " + ", ".join(tiles)
    if kind == "row":
        return "Crew row: " + ", ".join(character(r) for r in (1, 2, *map(int, arg.split())))
    if kind == "starter":
        return f"{pirate(parse_seat(arg))} starts (at random)"
    if kind == "tile":
        return f"The tile is {a_kind(arg)}"
    if kind == "island":
        return f"The island tile is {island_tile(arg)}"
    if kind == "pick":
        t = token(s, task, arg)
        what = "a tile nobody has seen" if arg.startswith("unseen") else a_kind(arg.split(" #")[0])
        return f"{what[0].upper()}{what[1:]} ({_where(s, t)}) is picked blind"
    if kind == "place":
        if task[0] == "place" and task[1]:
            j, i = task[1][0]
            return f"Shuffle: the tile at {arg} goes to I{j + 1}.{'abcde'[i]}"
        return f"Shuffle: the tile at {arg} goes to the next slot"
    if kind == "duel":
        if arg == "draw":
            return "The duel is a draw: throw again"
        if task[0] == "duel_rps":
            c, q = task[1], task[2]
            return f"{pirate(c if arg == 'win' else q)} wins the duel"
        return f"The challenger {'wins' if arg == 'win' else 'loses'} the duel"
    return ""


# -- places -------------------------------------------------------------------------------
def places(s, action: Any) -> tuple[str, ...]:
    """The ``data-place`` values a decision involves (chance outcomes name none)."""
    if not isinstance(action, Move):
        return ()
    try:
        return _move_places(s, action)
    except (ValueError, IndexError, KeyError):
        return ()


def _move_places(s, a: Move) -> tuple[str, ...]:
    p = s.player
    me = (pirate(p),) if p is not None else ()
    task = _task(s)
    verb, arg = a.verb, a.arg
    if verb in ("look", "take", "swap", "anchor"):
        if "." in arg:
            parse_slot(arg)
        else:
            parse_island(arg)
        return (arg,)
    if verb in ("first", "call", "challenge", "winner", "tie") or (verb == "gift" and arg != "none"):
        q = parse_seat(arg)
        return (pirate(q),) if 0 <= q < players(s) else ()
    if verb == "draft":
        return (CHARACTERS[RANK[arg]].name,)
    if verb == "pay":
        cmd = commander(s)
        return (*me, pirate(cmd)) if cmd >= 0 else me
    if verb == "repair":
        return (arg,)
    if verb == "steer":
        return tuple(island_name(j) for j in next_islands(s))
    if verb == "merchant":
        return (arg.split()[1],)
    if verb == "trade":
        if arg == "discard":
            return ("discard",)
        if arg == "none":
            return me
        parse_slot(arg)
        return (arg,)
    if verb in ("gamble", "rogue"):
        if arg[:1] == "P":
            return (pirate(parse_seat(arg)),)
        if task[0] in ("gamble_choice", "rogue_more", "rogue_keep"):
            return (pirate(task[2]),)
        return me
    if verb == "claim":
        return (pirate(parse_seat(arg)),)
    if verb == "throw":
        if task[0] == "throw":
            return (pirate(task[3] if task[1] == task[2] else task[2]),)
        return me
    if verb == "spoils":
        return (pirate(task[2]),) if task[0] == "spoils" else me
    # end, prosthetic, gift none, tavern, stake: the acting pirate's own loot
    return me


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

