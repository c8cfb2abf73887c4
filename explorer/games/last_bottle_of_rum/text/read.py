"""Reading the short position notation (its lines are documented in position_text.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from ..data import ACTIONS, DAMAGE
from ..loading.load import check_game
from ..loading.pending import PHASE_BY_WORDS, words_step
from .names import CARD_BASES, COPIES_OF, find

SPLIT = re.compile(r"\s*;\s*|,\s+")
SEAT = re.compile(r"^p(\d+) (.+)$")
SHIP_LINES = {"captain": "captain", "ship": "cell", "loot": "loot", "curse": "curse", "doubloons": "doubloons",
              "damage": "damage", "treasures": "treasures", "hand": "hand", "shells": "shells", "peeked": "peeks"}
CARD_PILES = {"discard": "discard", "deck": "deck", "played": "turn.played", "used": "turn.used",
              "ghost cards": "modules.ghost.cards"}
PILES = {"map discard": ("map_discard", "map"), "map deck": ("map_deck", "map"),
         "treasure discard": ("treasure_discard", "treasure"), "treasure deck": ("treasure_deck", "treasure"),
         "ghost treasures": ("modules.ghost.treasures", "treasure"), "bounty deck": ("modules.bounty_deck", "bounty")}



# -- reading -----------------------------------------------------------------------------------
class _Reader:
    """One text being read: the data it becomes and which line wrote each field."""

    def __init__(self, game) -> None:
        self.game = game
        self.data: dict[str, Any] = {}
        self.where: dict[str, tuple[str, int]] = {}     # data path -> (key as written, line number)
        self.cards: list[tuple] = []        # (path, its list, index, written name, line number, key)
        self.line = (0, "")

    def fail(self, reason: str, rule: str = "") -> None:
        n, key = self.line
        raise PositionError(key, f"line {n}: {reason}" + (f" ({rule})" if rule else ""))

    def put(self, path: str, value: Any) -> None:
        """Set the data field at dotted `path` (lists and objects made on the way)."""
        self.where[path] = (self.line[1], self.line[0])
        parts = path.split(".")
        node: Any = self.data
        for i, part in enumerate(parts[:-1]):
            if is_number(part):
                part_i = int(part)
                while len(node) <= part_i:
                    node.append({})
                node = node[part_i]
            else:
                node = node.setdefault(part, [] if is_number(parts[i + 1]) else {})
        node[parts[-1]] = value

    def seat(self, text: str, ghost: bool = False) -> int:
        low = text.strip().lower()
        if ghost and low == "ghost":
            return -1
        if low[:1] == "p" and is_number(low[1:]) and 1 <= int(low[1:]) <= self.game.players:
            return int(low[1:]) - 1
        return self.fail(f"{text.strip()!r} is not a seat P1..P{self.game.players}" + (" or ghost" if ghost else ""))

    def number(self, text: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            return self.fail(f"{text.strip()!r} is not a whole number")

    def items(self, text: str) -> list[str]:
        text = text.strip()
        return [] if text.lower() in ("", "none") else [x for x in SPLIT.split(text) if x]

    def named(self, kind: str, text: str) -> str:
        found = find(kind, text)
        return found if found is not None else self.fail(f"{text!r} is not a {kind} of this game")

    def card_list(self, path: str, text: str) -> list:
        """Cards by name; plain names of copied cards are settled once every line is read."""
        out: list = []
        for name in self.items(text):
            out.append(None)
            self.cards.append((path, out, len(out) - 1, name, *self.line))
        self.put(path, out)
        return out

    def settle_cards(self) -> None:
        """Named copies first, then each plain name takes the first copy not written elsewhere."""
        taken: set[str] = set()
        plain = []
        for _path, out, i, name, n, key in self.cards:
            found = find("card", name)
            if found is None and " ".join(name.split()).lower() in CARD_BASES:
                plain.append((out, i, name, n, key))
                continue
            if found is None:
                raise PositionError(key, f"line {n}: {name!r} is not an Action card (an effect and its icons, "
                                         "e.g. 'Full Sail SD', or 'Kraken', 'Storm')")
            out[i] = found
            taken.add(found)
        for out, i, name, n, key in plain:
            free = [c for c in COPIES_OF[CARD_BASES[" ".join(name.split()).lower()]] if c not in taken]
            if not free:
                raise PositionError(key, f"line {n}: every copy of {name!r} is already written elsewhere (K09)")
            out[i] = free[0]
            taken.add(free[0])


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _game_line(r: _Reader, text: str) -> None:
    words = text.split()
    block: dict[str, Any] = {"name": words[0] if words else "", "options": {}}
    for word in words[1:]:
        name, eq, value = word.partition("=")
        if not eq:
            r.fail(f"{word!r}: options are written name=value")
        if name == "players":
            block["players"] = _value(value)
        else:
            block["options"][name] = _value(value)
    try:
        check_game(r.game, block)
    except PositionError as err:
        r.fail(err.reason)


def _ship_line(r: _Reader, p: int, what: str, text: str) -> None:
    base = f"ships.{p}."
    field = SHIP_LINES[what]
    if what == "captain":
        r.put(base + field, find("captain", text) or text.strip())
    elif what == "ship":
        r.put(base + field, text.strip())
    elif what in ("loot", "curse", "doubloons", "shells"):
        r.put(base + field, r.number(text))
    elif what == "damage":
        counts = dict.fromkeys(DAMAGE, 0)
        for token in r.items(text):
            kind = token.upper()
            if kind not in counts:
                r.fail(f"{token!r} is not a damage token: {', '.join(DAMAGE)}", "K08")
            counts[kind] += 1
        r.put(base + field, counts)
    elif what == "treasures":
        r.put(base + field, [r.named("treasure", t) for t in r.items(text)])
    elif what == "hand":
        match = re.fullmatch(r"(\d+) unseen", text.strip().lower())
        if match:
            r.put(base + field, int(match.group(1)))
        else:
            r.card_list(base + field, text)
    else:       # peeked: "2,-1 Whale Bones"
        cells = []
        for entry in r.items(text):
            cell, _, tile = entry.partition(" ")
            cells.append(cell)
            if tile:
                r.put(f"tiles.{cell}", r.named("tile", tile))
        r.put(base + field, cells)


def _board_line(r: _Reader, text: str) -> None:
    for entry in r.items(text):
        cell, _, tile = entry.partition(" ")
        r.put(f"tiles.{cell}", r.named("tile", tile) if tile else r.fail(f"{entry!r}: write the cell and its tile"))
        r.data.setdefault("face_up", []).append(cell)
    r.data.setdefault("face_up", [])
    r.data.setdefault("tiles", {})
    r.where["face_up"] = r.where["tiles"] = (r.line[1], r.line[0])


def _display_line(r: _Reader, text: str) -> None:
    pairs = []
    for entry in r.items(text):
        treasure, on, island = entry.rpartition(" on ")
        if not on:
            r.fail(f"{entry!r}: a pair is written 'treasure on island' (S2)")
        pairs.append([r.named("map", island), r.named("treasure", treasure)])
    r.put("display", pairs)


def _actions_line(r: _Reader, text: str) -> None:
    letters = "" if text.strip().lower() == "none" else "".join(text.split()).upper()
    if not set(letters) <= set(ACTIONS):
        r.fail("unused actions are letters: S Sail, D Earn doubloons, A Attack, R Repair, W wild (any of "
               "the four when used, R63)", "R11")
    r.put("turn.actions", {i: letters.count(i) for i in ACTIONS})


def _bounty_top(r: _Reader, text: str) -> None:
    match = re.fullmatch(r"(.+?) \(known to (p\d+)\)", text.strip(), re.IGNORECASE)
    if not match:
        r.fail("write the card put back on top and who knows it: 'No Mercy (known to P1)' (R60)")
    r.put("modules.bounty_top", [r.named("bounty", match.group(1)), r.seat(match.group(2))])


SIMPLE: dict[str, Callable[[_Reader, str], None]] = {
    "game": _game_line,
    "turn": lambda r, t: r.put("active", r.seat(t)),
    "winner": lambda r, t: r.put("winner", r.seat(t)),
    "turns played": lambda r, t: r.put("turns", r.number(t)),
    "board": _board_line,
    "display": _display_line,
    "actions": _actions_line,
    "attacked": lambda r, t: r.put("turn.attacked", [r.seat(x, ghost=True) for x in r.items(t)]),
    "moves": lambda r, t: r.put("turn.moves", r.number(t)),
    "move limit from": lambda r, t: r.put("turn.limit_from", r.number(t)),
    "this turn": lambda r, t: r.put("turn.flags", [x.lower() for x in r.items(t)]),
    "maelstrom": lambda r, t: r.put("modules.maelstrom", r.items(t)),
    "coins": lambda r, t: r.put("modules.coins", r.items(t)),
    "ghost ship": lambda r, t: r.put("modules.ghost.cell", t.strip()),
    "ghost doubloons": lambda r, t: r.put("modules.ghost.doubloons", r.number(t)),
    "ghost path": lambda r, t: r.put("modules.ghost.path", r.items(t)),
    "ghost damage": lambda r, t: r.put("modules.ghost.damage", {k: [x.upper() for x in r.items(t)].count(k)
                                                                for k in DAMAGE}),
    "bounty top": _bounty_top,
    "bounty counters": lambda r, t: r.put("modules.stats", [r.number(x) for x in t.split() if x.lower() != "none"]),
}


def read(game, text: str):
    """The state a written position stands for (see the module docstring)."""
    if not isinstance(text, str):
        raise PositionError("(text)", f"a position is written as text, not {type(text).__name__}")
    r = _Reader(game)
    seen: dict[str, int] = {}
    steps: list[tuple[str, int, str]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        low = " ".join(key.split()).lower()
        r.line = (n, key)
        if not colon:
            r.fail("write 'key: value'")
        if low in seen:
            r.fail(f"written twice (first on line {seen[low]})")
        seen[low] = n
        _line(r, low, value.strip(), steps)
    r.settle_cards()
    if steps:
        pending = []
        for key, n, written in steps:
            r.line = (n, key)
            for part in [x for x in written.split(";") if x.strip()] if key.lower() == "then" else [written]:
                try:
                    pending.append(words_step(part))
                except PositionError as err:
                    r.fail(err.reason)
                r.where[f"pending.{len(pending) - 1}"] = (key, n)
        r.data["pending"] = pending
        r.where.setdefault("pending", (steps[0][0], steps[0][1]))
    try:
        return game.state_from_dict(r.data)
    except PositionError as err:
        raise _as_line(r, err) from None


def _line(r: _Reader, low: str, value: str, steps: list) -> None:
    if low == "phase":
        phase = PHASE_BY_WORDS.get(value.lower())
        if phase is None:
            r.fail(f"{value!r} is not a phase: {', '.join(PHASE_BY_WORDS)}")
        r.put("phase", phase)
    elif low in ("step", "then"):
        if value.lower() != "none":
            steps.append((r.line[1], r.line[0], value))
    elif low in SIMPLE:
        SIMPLE[low](r, value)
    elif low in CARD_PILES:
        r.card_list(CARD_PILES[low], value)
    elif low in PILES:
        path, kind = PILES[low]
        r.put(path, [r.named(kind, x) for x in r.items(value)])
    elif SEAT.match(low):
        seat, what = SEAT.match(low).groups()
        p = r.seat(f"p{seat}")
        if what in SHIP_LINES:
            _ship_line(r, p, what, value)
        elif what in ("bounties", "claimed"):
            rows = r.data.setdefault("modules", {}).setdefault(what, [[] for _ in range(r.game.players)])
            rows[p] = [r.named("bounty", x) for x in r.items(value)]
            r.where[f"modules.{what}.{p}"] = (r.line[1], r.line[0])
        else:
            r.fail(f"a seat's lines are: {', '.join([*SHIP_LINES, 'bounties', 'claimed'])}")
    else:
        r.fail("not a line of this game's positions; see docs/last_bottle_of_rum.md")


def _as_line(r: _Reader, err: PositionError) -> PositionError:
    """The loader's error, told by the line that wrote the field (or the missing line's key)."""
    field = err.field
    best = max((p for p in r.where if field == p or field.startswith(p + ".")), key=len, default=None)
    if best is None and field.startswith("ships."):
        p, _, rest = field[6:].partition(".")
        what = next((k for k, v in SHIP_LINES.items() if rest.startswith(v)), "ship") if is_number(p) else "ship"
        return PositionError(f"P{int(p) + 1} {what}" if is_number(p) else "ship", f"(not written) {err.reason}")
    if best is None:
        key = {"active": "turn", "turns": "turns played", "face_up": "board", "tiles": "board",
               "pending": "step", "map_deck": "map discard", "treasure_deck": "treasure discard"}.get(
            field.split(".")[0], field.split(".")[0].replace("_", " "))
        return PositionError(key, f"(not written) {err.reason}")
    key, n = r.where[best]
    return PositionError(key, f"line {n}: {err.reason}")
