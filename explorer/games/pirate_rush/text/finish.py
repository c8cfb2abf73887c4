"""The last part of reading the notation: the pending steps, the turn, what each pirate knows,
and the checks that the step can follow the phase (checks.step_problem: T0-T4, R4, R10, S9)."""

from __future__ import annotations

from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from ..checks import step_problem
from ..data import ENDING_NAMES
from ..flow import Work
from ..model import FIELDS, make, parse_island, parse_slot, seat
from ..position import AUTO_TASKS, _check, check_visited
from ..rules import settle
from ..turn.table import default_visited
from .words import Bad, read_event, read_seat, read_task, read_tile, split_items
from .writer import TURN_FLAGS, default_event, default_stack, turn_default


def _visited(text: str) -> tuple[bool, ...]:
    """``I1, I3, I5``: the islands the ship has been at (V21)."""
    try:
        named = {parse_island(x.strip()) for x in split_items(text)}
    except ValueError:
        raise Bad(f"{text!r}: the islands visited are written I1, I3, ...", "V21") from None
    return tuple(j in named for j in range(8))


def _tile_ref(tiles, f: dict[str, Any], n: int):
    """A pending step's tile: ``I3.b`` or a pile's tile by its words (``P2 gold #2``)."""
    def resolve(text: str) -> int:
        text = text.strip()
        if text[:1] in "Ii":
            try:
                j, i = parse_slot(text)
            except ValueError:
                raise Bad(f"{text!r} is not an island slot such as I3.b") from None
            if f["slots"][j][i] < 0:
                raise Bad(f"{text} is empty")
            return f["slots"][j][i]
        name, _, words = text.partition(" ")
        k = 1
        if " #" in words:
            words, _, number = words.rpartition(" #")
            if not is_number(number) or int(number) < 1:
                raise Bad(f"{text!r}: #k numbers one of several identical tiles from 1")
            k = int(number)
        if name.lower() == "discard":
            pile, default = f["discard"], frozenset()
        else:
            p = read_seat(name, n)
            pile, default = f["loot"][p], frozenset({p})
        zones = {z for t in range(len(tiles.kinds)) for _, zs in tiles.memory[t] for z in zs}
        want = read_tile(words, n, default, zones | {"D"})
        alike = [t for t in pile if tiles.described[t] == (want[0], want[1], tuple(want[2]))]
        if len(alike) < k:
            raise Bad(f"{text!r}: {name} holds no such tile")
        return alike[k - 1]
    return resolve


def finish(game, lines, tiles, f: dict[str, Any]):
    n = game.players
    resolve = _tile_ref(tiles, f, n)
    round_ = f["round_"]
    over = False
    if lines.has("step") and lines.value("step").strip().lower() == "game over":
        over, stack = True, ()
        if not round_:
            raise lines.fail("step", "a game ends after its last round, not before the first", "E1")
    elif lines.has("step"):
        top = lines.read("step", lambda v: read_task(v, n, resolve), None)
        current = lines.read("turn", lambda v: _turn(v, n), (-1, None))[0]
        if lines.has("then"):
            rest = lines.read("then", lambda v: tuple(read_task(x, n, resolve) for x in v.split(" / ")
                                                      if x.strip().lower() != "nothing"), ())
            stack = (*reversed(rest), top)
        else:
            stack = default_stack(round_, game, f["chosen"], f["played"], f["starter"], top, current)
    else:   # no step written: the round is about to start (or, before round 1, the setup)
        start = ("removed",) if not round_ else ("draft", f["starter"])
        stack = default_stack(round_, game, f["chosen"], f["played"], f["starter"], start)
    _check_step(lines, stack, f, n, over)
    current, turn = turn_default(f["chosen"], stack, game.options)
    if lines.has("turn"):
        current, turn = lines.read("turn", lambda v: _turn(v, n), (current, turn))
    kinds = tuple(tiles.kinds)
    for p, pile in enumerate(f["loot"]):
        being_seen = {task[1] for task in stack if task[0] == "see"}
        for t in pile:
            if p not in tiles.knowers[t] and t not in being_seen:
                raise lines.fail(f"{seat(p).lower()} loot", f"{seat(p)} looked at every tile he took: his "
                                 "own loot is written without 'seen by', or with him among the seers", "H1")
    route, ship = game.options["route_layout"], f["ship"]
    visited = lines.read("visited", _visited, default_visited(route, ship, f["flipped"], round_))
    check_visited(game, ship, visited, f["flipped"], "visited")
    if round_ and sum(visited) != round_:
        reason = f"in round {round_} the ship has been at {round_} islands, one a round (T0), not {sum(visited)}"
        raise lines.fail("visited", reason, "V21") if lines.has("visited") else PositionError("visited", reason)
    fields = {
        "phase": "over" if over else ("play" if round_ else "setup"), "stack": stack, "kinds": kinds,
        "slots": tuple(f["slots"]), "loot": tuple(tuple(sorted(p)) for p in f["loot"]),
        "discard": tuple(sorted(f["discard"])), "islands": tuple(f["islands"]), "flipped": tuple(f["flipped"]),
        "removed": tuple(sorted(f["removed"])), "row": f["row"], "markers": f["markers"],
        "chosen": tuple(f["chosen"]), "prestige": tuple(f["prestige"]), "prosthetics": tuple(f["prosthetics"]),
        "resources": f["res"], "ship": f["ship"], "anchor": f["anchor"], "round": round_,
        "starter": f["starter"], "played": f["played"], "current": current, "turn": turn, "event": "",
        "known": tuple(frozenset(t for t in range(40) if p in tiles.knowers[t]) for p in range(n)),
        "vague": tuple(tuple(sorted((t, z) for t in range(40) for q, z in tiles.memory[t] if q == p))
                       for p in range(n)),
        "peeked": tuple(frozenset(p) for p in f["peeked"]), "ending": "", "visited": visited,
    }
    assert set(fields) == set(FIELDS)
    state = make(game, fields)
    event = lines.read("event", read_event, default_event(state))
    ending = lines.read("ending", _ending, "")
    state = make(game, {**fields, "event": event, "ending": ending})
    try:
        _check(game, dict(fields, event=event, ending=ending))
    except PositionError as err:   # a cross-check the lines above did not name: keep its words
        raise PositionError(err.field, err.reason) from None
    if stack and stack[-1][0] in AUTO_TASKS:
        work = Work(state)
        settle(work)
        state = work.freeze(None, None)
    return state


def _ending(text: str) -> str:
    for key, name in ENDING_NAMES.items():
        if text.strip().lower() in (key, name.lower(), "motin" if key == "motin" else name.lower()):
            return key
    if text.strip().lower() == "none":
        return ""
    raise Bad(f"{text.strip()!r} is no special ending: {', '.join(ENDING_NAMES.values())}", "E7")


def _turn(text: str, n: int) -> tuple[int, tuple[int, ...]]:
    """``P2, 1 of 2 looks, loot done, steered``."""
    parts = [x.strip().lower() for x in text.split(",")]
    current = -1 if parts[0] == "nobody" else read_seat(parts[0], n)
    used = allowed = 0
    flags = [0] * len(TURN_FLAGS)
    for part in parts[1:]:
        if part.endswith(" looks") and " of " in part:
            a, _, b = part[:-6].partition(" of ")
            if not (is_number(a) and is_number(b)) or int(a) > int(b) or int(b) > 5:
                raise Bad(f"{part!r}: looks used of looks allowed, at most 5 (R11, R44, R48, A47, V20)", "R11")
            used, allowed = int(a), int(b)
        elif part in TURN_FLAGS:
            flags[TURN_FLAGS.index(part)] = 1
        else:
            raise Bad(f"{part!r}: the turn line is a seat, 'k of m looks' and any of {', '.join(TURN_FLAGS)}")
    return current, (used, allowed, *flags)


def _check_step(lines, stack: tuple, f: dict[str, Any], n: int, over: bool) -> None:
    """The pending steps must fit the phase: setup steps before round 1, the crew before the turns."""
    if over or not stack:
        return
    problem = step_problem(stack, f["round_"], f["chosen"], f["played"], n)
    if problem:
        reason, rule = problem
        if lines.has("step"):
            raise lines.fail("step", reason, rule)
        raise PositionError("step", f"{reason} ({rule})")
