"""The short position notation written (`notation`), and the defaults a position leaves unsaid
(the steps of a round, the turn, the markers, the event), shared with the reader (position_text.py
describes the notation)."""

from __future__ import annotations

from typing import Any

from ..data import ENDING_NAMES, ISLAND_TILES, RESOURCES
from ..model import NO_TURN, island_name, seat
from ..tokens.canon import signature, stack_refs
from ..turn.table import cabin_boy_looks, default_visited
from .words import (
    PROSTHETIC_NAMES,
    character_name,
    event_name,
    face_name,
    ref_text,
    seats_text,
    task_text,
    tile_text,
)

TURN_FLAGS = ("loot done", "power used", "steered", "taberna used", "mercader used")


def _option_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if value != "" else "-"


def game_line(game) -> str:
    changed = [f"{spec.name}={_option_text(game.options[spec.name])}" for spec in game.OPTIONS
               if game.options[spec.name] != spec.default]
    return " ".join(["game: pirate_rush", f"players={game.players}", *changed])


def default_stack(s_round: int, game, chosen, played, starter, top: tuple, current: int = -1) -> tuple:
    """The steps the rules put under `top` (bottom first, `top` last): what a position that
    names only its current step still has to come (setup S2-S9, the round T1-T4; a power or
    an event step resumes the `current` pirate's turn, or the commander's call)."""
    n = game.players
    name = top[0]
    setup = ["removed", "row", "starter" if game.options["starting_player"] == "random" else "choose_start",
             "setup_looks", "round"]
    if name in setup:
        return tuple((t,) for t in reversed(setup[setup.index(name):]))
    if name == "setup_look":
        p, k = top[1], top[2]
        later = [((starter + i) % n) for i in range(n)]
        rest = later[later.index(p) + 1:]
        return (("round",), *reversed([("setup_look", q, game.options["setup_investigations"]) for q in rest]),
                ("setup_look", p, k))
    if name == "draft":
        order = [(starter + i) % n for i in range(n)]
        rest = [q for q in order[order.index(top[1]) + 1:] if not chosen[q]]
        below = [("call",), *((("flip",),) if game.options["advanced"] else ()), ("markers",)]
        return (*below, *reversed([("draft", q) for q in rest]), top)
    if name == "markers":
        return (("call",), *((("flip",),) if game.options["advanced"] else ()), top)
    if name in ("flip", "jdc_start", "perdidos", "duel_start", "call", "turn", "step4", "round", "over"):
        return (("call",), top) if name in ("flip", "jdc_start", "perdidos", "duel_start") else (top,)
    if not s_round:
        return (top,)
    return (("turn", current) if current >= 0 else ("call",), top)


def turn_default(s_chosen, stack: tuple, options) -> tuple[int, tuple[int, ...]]:
    """(current, turn counters) the rules give a position whose top step is `stack`'s: a turn just
    named (R10: one Investigate; the Cabin boy's `cabin_boy_looks`, R44, A47, V20), else nobody's turn."""
    if stack and stack[-1][0] == "turn":
        p = stack[-1][1]
        return p, (0, cabin_boy_looks(options) if s_chosen[p] == 7 else 1, 0, 0, 0, 0, 0)
    return -1, NO_TURN


def _turn_text(s) -> str:
    used, allowed, *flags = s.turn
    words = [seat(s.current) if s.current >= 0 else "nobody", f"{used} of {allowed} looks"]
    words += [name for name, on in zip(TURN_FLAGS, flags, strict=True) if on]
    return ", ".join(words)


def notation(s) -> str:
    """The canonical short notation of `s` (every line whose value differs from what the
    setup rules or the step imply)."""
    game, n = s.game, s.game.players
    refs = stack_refs(s.stack)

    def tile(t: int) -> str:
        return ref_text(s, t, lambda x: signature(s, x, refs))

    lines = [game_line(game)]
    if s.round:
        lines.append(f"round: {s.round}")
    if s.ship:
        lines.append(f"ship: {island_name(s.ship)}")
    if s.anchor >= 0:
        lines.append(f"anchor: {island_name(s.anchor)}")
    if s.visited != default_visited(game.options["route_layout"], s.ship, s.flipped, s.round):
        lines.append("visited: " + ", ".join(island_name(j) for j in range(8) if s.visited[j]))
    full = game.options["resources_per_colour"]
    if any(r != full for r in s.resources):
        lines.append("resources: " + ", ".join(f"{c} {r}" for c, r in zip(RESOURCES, s.resources, strict=True)))
    if s.removed:
        lines.append("removed: " + ", ".join(face_name(t) for t in sorted(s.removed, key=face_name)))
    if s.row:
        lines.append("row: " + ", ".join(character_name(r) for r in s.row))
    if tuple(s.markers) != default_markers(game, s.row):
        lines.append("markers: " + (", ".join(character_name(r) for r in s.markers) or "none"))
    if s.starter:
        lines.append(f"starts: {seat(s.starter)}")
    if s.played:
        lines.append(f"played: {seats_text(sorted(s.played))}")
    top = s.stack[-1] if s.stack else None
    if s.phase == "over":
        lines.append("step: game over")
    elif top is not None:
        lines.append(f"step: {task_text(top, tile)}")
        if s.stack != default_stack(s.round, game, s.chosen, s.played, s.starter, top, s.current):
            lines.append("then: " + (" / ".join(task_text(t, tile) for t in reversed(s.stack[:-1])) or "nothing"))
    if (s.current, s.turn) != turn_default(s.chosen, s.stack, s.game.options):
        lines.append(f"turn: {_turn_text(s)}")
    if s.event != default_event(s):
        lines.append(f"event: {event_name(s.event)}")
    if s.ending:
        lines.append(f"ending: {ENDING_NAMES[s.ending]}")
    for p in range(n):
        who = seat(p)
        if s.chosen[p]:
            lines.append(f"{who} character: {character_name(s.chosen[p])}")
        if s.prestige[p] != 1:
            lines.append(f"{who} prestige: {s.prestige[p]}")
        if s.prosthetics[p]:
            lines.append(f"{who} prosthetics: " + ", ".join(PROSTHETIC_NAMES[k] for k in s.prosthetics[p]))
        if s.loot[p]:
            lines.append(f"{who} loot: " + ", ".join(sorted(tile_text(s, t, frozenset({p})) for t in s.loot[p])))
    for j in range(8):
        row = s.slots[j]
        if any(t < 0 for t in row) or any(tile_text(s, t, frozenset()) != "unseen" for t in row):
            lines.append(f"{island_name(j)}: " + ", ".join("empty" if t < 0 else tile_text(s, t, frozenset())
                                                          for t in row))
    for j in range(8):
        if s.islands[j] or s.flipped[j] or any(j in s.peeked[p] for p in range(n)):
            words = [face_name(s.islands[j]) if s.islands[j] else "unseen"]
            if s.flipped[j]:
                words.append("face up")
            seen = [p for p in range(n) if j in s.peeked[p]]
            if seen:
                words.append(f"seen by {seats_text(seen)}")
            lines.append(f"{island_name(j)} tile: " + ", ".join(words))
    shown = [tile_text(s, t, frozenset()) for t in s.discard]
    if any(w != "unseen" for w in shown):
        lines.append("discard: " + ", ".join(sorted(w for w in shown if w != "unseen")))
    return "\n".join(lines)


def default_markers(game, row) -> tuple[int, ...]:
    """S6: a marker on each skull character of the row."""
    skulls = {int(x) for x in game.options["skull_characters"].split(",") if x}
    return tuple(sorted(r for r in row if r in skulls))


def default_event(s) -> str:
    """The event of the flipped island where the ship is (R47), none before the flip."""
    tile = s.islands[s.ship]
    return ISLAND_TILES[tile].event if tile and s.flipped[s.ship] and s.phase != "setup" else ""
