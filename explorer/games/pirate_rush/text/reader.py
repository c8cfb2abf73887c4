"""Reading the short notation (`position_text`): every line checked against the rules, every
mistake one `PositionError` naming the line's key, its number, what is wrong and the rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from ..data import KINDS, PROSTHETICS, RESOURCES, TOTAL
from ..model import ROUTES, island_name, parse_island, reachable, seat
from .finish import finish
from .words import PROSTHETIC_READ, Bad, read_character, read_face, read_seat, read_seats, read_tile, split_items
from .writer import _option_text, default_markers

KEYS = ("game", "round", "ship", "anchor", "resources", "removed", "row", "markers", "starts", "played",
        "step", "then", "turn", "event", "ending", "discard", "visited")
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
        if ch == "#" and not is_number(raw[i + 1:i + 2]):
            break
        out.append(ch)
    return "".join(out).strip()


class Lines:
    """The position's lines, and errors that name them."""

    def __init__(self, text: str, n: int) -> None:
        self.found = split_lines(text, n)

    def has(self, key: str) -> bool:
        return key in self.found

    def value(self, key: str) -> str | None:
        return self.found[key][2] if key in self.found else None

    def fail(self, key: str, reason: str, rule: str = "") -> PositionError:
        """The error of line `key`; a line left out (its default in force) is named by its key alone."""
        why = reason + (f" ({rule})" if rule else "")
        if key not in self.found:
            return PositionError(key, f"(not written) {why}")
        number, written, _ = self.found[key]
        return PositionError(written, f"line {number}: {why}")

    def read(self, key: str, parse: Callable[[str], Any], default: Any) -> Any:
        if key not in self.found:
            return default
        try:
            return parse(self.found[key][2])
        except Bad as err:
            raise self.fail(key, err.reason, err.rule) from None


def _number(text: str, low: int, high: int, what: str, rule: str) -> int:
    if not is_number(text.strip()) or not low <= int(text) <= high:
        raise Bad(f"{what} is a whole number {low}..{high}, not {text.strip()!r}", rule)
    return int(text)


def _island(text: str) -> int:
    try:
        return parse_island(text.strip())
    except ValueError:
        raise Bad(f"{text.strip()!r} is not an island I1..I8", "D6") from None


def _check_game(game, text: str) -> None:
    words = text.split()
    if not words or words[0].lower() != "pirate_rush":
        raise Bad(f"this position is for {words[0] if words else 'no game'!r}, not pirate_rush", "game")
    specs = {spec.name: spec for spec in game.OPTIONS}
    given: dict[str, Any] = {}
    players = game.players
    for word in words[1:]:
        name, eq, raw = word.partition("=")
        if not eq:
            raise Bad(f"{word!r}: write name=value")
        if name == "players":
            players = _number(raw, 0, 99, "players", "game")
            continue
        if name not in specs:
            raise Bad(f"{name!r} is no option of pirate_rush; options: {', '.join(specs)}")
        given[name] = _option_value(specs[name], raw)
    if players != game.players:
        raise Bad(f"the position is for {players} players, the game has {game.players}")
    for name, value in given.items():
        if game.options[name] != value:
            raise Bad(f"the position has {name}={raw_text(value)}, the game has {name}="
                      f"{raw_text(game.options[name])} ({specs[name].rule})")


def raw_text(value: Any) -> str:

    return _option_text(value)


def _option_value(spec, raw: str) -> Any:
    for choice in (*spec.choices, spec.default, True, False, None):
        if raw_text(choice) == raw:
            return choice
    if is_number(raw.lstrip("-")):
        return int(raw)
    return raw


class Tiles:
    """The 40 loot tiles as written: each one's kind, who follows it, who remembers it where."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.kinds: list[str] = []
        self.knowers: list[frozenset[int]] = []
        self.memory: list[list[tuple[int, tuple[str, ...]]]] = []
        self.described: list[tuple] = []

    def add(self, text: str, default: frozenset[int]) -> int:
        zones = {*(island_name(j) for j in range(8)), *(seat(p) for p in range(self.n)), "D"}
        kind, knowers, memory = read_tile(text, self.n, default, zones)
        self.kinds.append(kind)
        self.knowers.append(knowers)
        self.memory.append(memory)
        self.described.append((kind, knowers, tuple(memory)))
        return len(self.kinds) - 1


def read(game, text: str):
    """A validated state from the notation; an automatic step on top runs at once, its events
    kept on the state (nothing is skipped silently)."""
    n = game.players
    lines = Lines(text, n)
    lines.read("game", lambda v: _check_game(game, v), None)
    opts = game.options
    round_ = lines.read("round", lambda v: _number(v, 0, 8, "the round", "T0"), 0)
    ship = lines.read("ship", _island, 0)
    route = opts["route_layout"]
    ahead = reachable(route, ship)
    if round_ and ship not in _after_moves(route, round_ - 1):
        raise lines.fail("ship", f"in round {round_} the ship cannot be as far as {island_name(ship)}", "T0")
    if not round_ and ship:
        raise lines.fail("ship", "before the first round the ship is at I1", "S4")
    anchor = lines.read("anchor", _island, -1)
    if anchor >= 0 and anchor not in ROUTES[route][0][ship]:
        raise lines.fail("anchor", f"the anchor goes on an island directly ahead of {island_name(ship)}: "
                         f"{', '.join(island_name(j) for j in ROUTES[route][0][ship]) or 'none'}", "R33")
    full = opts["resources_per_colour"]

    def resources(v: str) -> tuple[int, ...]:
        out = dict.fromkeys(RESOURCES, full)
        for item in split_items(v):
            name, _, count = item.rpartition(" ")
            if name not in out:
                raise Bad(f"{item!r}: resources are {', '.join(RESOURCES)} with a count", "K5")
            out[name] = _number(count, 0, full, name, "A9")
        return tuple(out[c] for c in RESOURCES)

    res = lines.read("resources", resources, (full,) * 3)
    taken: list[str] = []
    removed = lines.read("removed", lambda v: tuple(read_face(x, taken) for x in split_items(v)), ())
    if len(removed) not in (0, 4):
        raise lines.fail("removed", f"4 island tiles are set aside at setup, not {len(removed)}", "S2")
    if round_ and opts["advanced"] and not removed:
        raise PositionError("removed", "missing: after setup the 4 tiles set aside are public (S2); "
                            "write 'removed: ...'")
    row = lines.read("row", lambda v: tuple(read_character(x) for x in split_items(v)), ())
    if row and (row[:2] != (1, 2) or len(set(row)) != len(row) or len(row) != n + 3
                or list(row[2:]) != sorted(row[2:])):
        raise lines.fail("row", f"the row is captain, navigator and {n + 1} other characters in rank order",
                         "S5")
    if round_ and not row:
        raise PositionError("row", "missing: from the first round on the crew row is on the table (S5)")
    markers = lines.read("markers", lambda v: tuple(sorted(read_character(x) for x in split_items(v)
                                                           if x.lower() != "none")), default_markers(game, row))
    if any(r not in row for r in markers):
        raise lines.fail("markers", "markers lie only on characters of the row", "R6")
    starter = lines.read("starts", lambda v: read_seat(v, n), 0)
    played = lines.read("played", lambda v: tuple(sorted(read_seats(v, n))), ())
    chosen, prestige, prosthetics = [0] * n, [1] * n, [()] * n
    for p in range(n):
        who = seat(p).lower()
        chosen[p] = lines.read(f"{who} character", read_character, 0)
        if chosen[p] and chosen[p] not in row:
            raise lines.fail(f"{who} character", "a player takes a character from the row", "R4")
        if chosen[p] and chosen[p] in chosen[:p]:
            raise lines.fail(f"{who} character", "each character is taken by one player only", "R4")
        prestige[p] = lines.read(f"{who} prestige", lambda v: _number(v, 0, 24, "prestige", "K6"), 1)
        prosthetics[p] = lines.read(f"{who} prosthetics", lambda v: tuple(sorted(_prosthetic(x)
                                                                              for x in split_items(v))), ())
        if len(set(prosthetics[p])) != len(prosthetics[p]):
            raise lines.fail(f"{who} prosthetics", "a player owns at most one peg leg and one hook", "R38")
    used = [k for row_ in prosthetics for k in row_]
    for kind, count in PROSTHETICS.items():
        if used.count(kind) > count:
            raise PositionError("prosthetics", f"only {count} {kind} tiles exist (K2)")
    if opts["prestige_supply"] == 24 and sum(prestige) + len(markers) > 24:
        raise PositionError("prestige", f"{sum(prestige)} markers held and {len(markers)} on characters: "
                            "there are 24 (K6, R72)")
    if any(p not in [q for q in range(n) if chosen[q]] for p in played):
        raise lines.fail("played", "only a player with a character has played this round", "R10")
    tiles = Tiles(n)
    slots = []
    for j in range(8):
        key = f"i{j + 1}"
        items = lines.read(key, split_items, ["unseen"] * n) if lines.has(key) else ["unseen"] * n
        if len(items) == 1 and items[0].lower() == "empty":
            items = ["empty"] * n
        if len(items) != n:
            raise lines.fail(key, f"an island has {n} slots (one per player), not {len(items)}", "S3")
        row_tokens = []
        for item in items:
            if item.lower() == "empty":
                row_tokens.append(-1)
                continue
            if lines.has(key):
                row_tokens.append(lines.read(key, lambda _v, item=item: tiles.add(item, frozenset()), -1))
            else:
                row_tokens.append(tiles.add(item, frozenset()))
        if j in ahead and -1 in row_tokens and opts["mercader_coin_to"] != "discard":
            raise lines.fail(key, f"{island_name(j)} lies ahead of the ship: nobody can have taken its tiles",
                             "R20")
        slots.append(tuple(row_tokens))
    loot = []
    for p in range(n):
        key = f"{seat(p).lower()} loot"
        items = lines.read(key, split_items, [])
        loot.append(tuple(lines.read(key, lambda _v, item=item, p=p: tiles.add(item, frozenset({p})), -1)
                          for item in items))
    discard_items = lines.read("discard", split_items, [])
    discard = [lines.read("discard", lambda _v, item=item: tiles.add(item, frozenset()), -1)
               for item in discard_items]
    if len(tiles.kinds) > 40:
        key, number = _last_tile_line(lines, n)
        raise PositionError(key, f"line {number}: the table holds {len(tiles.kinds)} loot tiles: there are 40 (K1)")
    discard += [tiles.add("unseen", frozenset()) for _ in range(40 - len(tiles.kinds))]
    for kind in KINDS:
        if tiles.kinds.count(kind) > TOTAL[kind]:
            key, number = _last_tile_line(lines, n, kind)
            raise PositionError(key, f"line {number}: {tiles.kinds.count(kind)} {kind} tiles written: the game "
                                f"has {TOTAL[kind]} (D1)")
    islands, flipped, peeked = [""] * 8, [False] * 8, [set() for _ in range(n)]
    for j in range(8):
        key = f"i{j + 1} tile"
        if not lines.has(key):
            continue
        items = lines.read(key, split_items, [])
        face = items[0] if items else ""
        if face.lower() != "unseen":
            islands[j] = lines.read(key, lambda _v, face=face: read_face(face, taken), "")
        for extra in items[1:]:
            if extra.lower() == "face up":
                flipped[j] = True
            elif extra.lower().startswith("seen by "):
                for q in lines.read(key, lambda _v, extra=extra: read_seats(extra[8:], n), ()):
                    peeked[q].add(j)
            else:
                raise lines.fail(key, f"{extra!r}: write the tile, then 'face up' and/or 'seen by P..'", "R8")
        if (flipped[j] or peeked_any(peeked, j)) and not islands[j]:
            raise lines.fail(key, "a tile somebody has seen is written by its face", "H3")
        if flipped[j] and (j in ahead or not round_ or not opts["advanced"]):
            raise lines.fail(key, "only the islands the ship has reached are face up, in the advanced game",
                             "R8")
    return _finish(game, lines, tiles, locals())


def _after_moves(route: str, moves: int) -> set[int]:
    """Islands the ship can lie at after `moves` sailings from I1 (R63, D6)."""
    at = {0}
    for _ in range(moves):
        at = {k for j in at for k in ROUTES[route][0][j]}
    return at


def peeked_any(peeked, j: int) -> bool:
    return any(j in p for p in peeked)


def _prosthetic(text: str) -> str:
    kind = PROSTHETIC_READ.get(text.strip().lower())
    if kind is None:
        raise Bad(f"{text.strip()!r} is no prosthetic: peg leg or hook", "K2")
    return kind


def _last_tile_line(lines: Lines, n: int, kind: str = "") -> tuple[str, int]:
    """The key as written of the last line holding loot tiles (of `kind`), for an error."""
    keys = [f"i{j + 1}" for j in range(8)] + [f"p{p + 1} loot" for p in range(n)] + ["discard"]
    written = [k for k in keys if lines.has(k) and kind in (lines.value(k) or "")]
    if not written:
        return "discard", 0
    last = max(written, key=lambda k: lines.found[k][0])
    return lines.found[last][1], lines.found[last][0]


def _finish(game, lines: Lines, tiles: Tiles, f: dict):
    return finish(game, lines, tiles, f)

