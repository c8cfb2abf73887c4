"""DOCSTRING"""

from __future__ import annotations

from typing import Any

from explorer.core.errors import PositionError

from .canon import signature, stack_refs
from .data import RESOURCES
from .model import NO_TURN, island_name, seat
from .notation_words import (
    PROSTHETIC_NAMES,
    character_name,
    event_name,
    face_name,
    ref_text,
    seats_text,
    task_text,
    tile_text,
)

ENDING_NAMES = {"naufragio": "Naufragio", "desbandados": "Desbandados", "motin": "Motín"}
TURN_FLAGS = ("loot done", "power used", "steered", "taberna used", "mercader used")


# -- writing ----------------------------------------------------------------------------------
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


def turn_default(s_chosen, stack: tuple) -> tuple[int, tuple[int, ...]]:
    """(current, turn counters) the rules give a position whose top step is `stack`'s: a turn just
    named (R10: one Investigate, two for the Cabin boy, R44), else nobody's turn."""
    if stack and stack[-1][0] == "turn":
        p = stack[-1][1]
        return p, (0, 2 if s_chosen[p] == 7 else 1, 0, 0, 0, 0, 0)
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
    if (s.current, s.turn) != turn_default(s.chosen, s.stack):
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
    from .data import ISLAND_TILES

    tile = s.islands[s.ship]
    return ISLAND_TILES[tile].event if tile and s.flipped[s.ship] and s.phase != "setup" else ""


# -- reading ------------------------------------------------------------------------------------
KEYS = ("game", "round", "ship", "anchor", "resources", "removed", "row", "markers", "starts", "played",
        "step", "then", "turn", "event", "ending", "discard")
SEAT_KEYS = ("character", "prestige", "prosthetics", "loot")


def split_lines(text: str, n: int) -> dict[str, tuple[int, str, str]]:
    """key (lower case) -> (line number, key as written, value); one line per key."""
    if not isinstance(text, str):
        raise PositionError("(text)", f"a position is text, not {type(text).__name__}")
    found: dict[str, tuple[int, str, str]] = {}
    allowed = {*KEYS, *(f"i{j + 1}" for j in range(8)), *(f"i{j + 1} tile" for j in range(8)),
               *(f"p{p + 1} {k}" for p in range(n) for k in SEAT_KEYS)}
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw)
        if not line:
            continue
        key, colon, value = line.partition(":")
        written = key.strip()
        norm = " ".join(written.lower().split())
        if not colon:
            raise PositionError(written or "(text)", f"line {number}: write 'key: value', not {line!r}")
        if norm not in allowed:
            raise PositionError(written, f"line {number}: unknown line; lines are {', '.join(KEYS)}, "
                                f"I1..I8, I1 tile..I8 tile and P1..P{n} {'/'.join(SEAT_KEYS)}")
        if norm in found:
            raise PositionError(written, f"line {number}: {written!r} is written twice "
                                f"(first on line {found[norm][0]})")
        found[norm] = (number, written, value.strip())
    return found


def _strip_comment(raw: str) -> str:
    """A ``#`` starts a comment unless it numbers one of several identical tiles (``#2``)."""
    out = []
    for i, ch in enumerate(raw):
        if ch == "#" and not raw[i + 1:i + 2].isdigit():
            break
        out.append(ch)
    return "".join(out).strip()


def position(game, text: str):
    """Read the short notation (see the module docstring) into a validated state."""
    from .position_reader import read

    return read(game, text)
