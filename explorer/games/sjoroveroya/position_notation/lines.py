"""Reading the lines of Sjørøverøya's position notation: keys, seats, cards, places (see
`position_text` for the notation itself). Each mistake is a `PositionError` naming the line's
key as written, its number and the rule."""

from __future__ import annotations

import re
from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from ..data import COMPONENTS, GOAL, SUIT_INDEX, SUITS, SYMBOLS
from ..model import NO_CARDS, Counts
from ..position import check_game

SEAT = re.compile(r"^p(\d+)$")
PLAYER_KEYS = ("pieces", "hand", "drawn since reshuffle")
KEYS = ("game", "track", "step", "turn", "moves used", "turns played", "first player", "draws owed",
        "dealing to", "pile", "discard", "face up", "reshuffled")
LETTER = {**{s: s for s in SUITS}, **{s.lower(): s for s in SUITS}, **{sym: s for s, sym in SYMBOLS.items()}}
NONE_WORDS = ("-", "none", "empty", "no cards")


class Line:
    """One written line: its key as the person wrote it, its number and its value."""

    __slots__ = ("key", "number", "value")

    def __init__(self, key: str, number: int, value: str) -> None:
        self.key, self.number, self.value = key, number, value

    def error(self, reason: str) -> PositionError:
        return PositionError(self.key, f"line {self.number}: {reason}")


def split_lines(text: str, players: int) -> dict[str, Line]:
    """``key: value`` lines by canonical key (``turn``, ``p2 hand``, ...); comments and blanks skipped."""
    if not isinstance(text, str):
        raise PositionError("(text)", f"a position is written as text, not {type(text).__name__}")
    found: dict[str, Line] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        key, colon, value = body.partition(":")
        written = key.strip()
        if not colon or not written:
            raise PositionError(written or "(line)", f"line {number}: {body!r} is not a 'key: value' line")
        canon = " ".join(written.lower().split())
        seat, _, rest = canon.partition(" ")
        match = SEAT.match(seat)
        if match and rest in PLAYER_KEYS:
            if not 1 <= int(match.group(1)) <= players:
                raise PositionError(written, f"line {number}: there is no seat {seat.upper()} in a {players}-player "
                                             f"game (S1): seats are P1..P{players}")
            canon = f"p{int(match.group(1))} {rest}"
        elif canon not in KEYS:
            raise PositionError(written, f"line {number}: unknown key; keys: {', '.join(KEYS)}, "
                                         f"P1 pieces, P1 hand, P1 drawn since reshuffle")
        if canon in found:
            raise PositionError(written, f"line {number}: written twice (first on line {found[canon].number})")
        found[canon] = Line(written, number, value.strip())
    return found


# -- values ---------------------------------------------------------------------------------
def seat(line: Line, players: int) -> int:
    match = SEAT.match(line.value.strip().lower())
    if not match or not 1 <= int(match.group(1)) <= players:
        raise line.error(f"{line.value!r} is not a seat: write P1..P{players} (S1, R6)")
    return int(match.group(1)) - 1


def number(line: Line, low: int, high: int, rule: str) -> int:
    value = line.value.split()[0] if line.value.split() else ""
    if not is_number(value) or not low <= int(value) <= high:
        raise line.error(f"{line.value!r} is not a whole number from {low} to {high} ({rule})")
    return int(value)


def cards(line: Line) -> Counts:
    """``♠♠♥``, ``SSH``, ``♠2 ♥1``, ``2♠`` or ``-``: suit counts (rank never matters, R1)."""
    if line.value.lower() in NONE_WORDS:
        return NO_CARDS
    counts = [0, 0, 0, 0]
    for token in re.split(r"[\s,]+", line.value):
        match = re.fullmatch(r"(\d+)?\s*([^\d\s]+)\s*(\d+)?", token)
        if not match or (match.group(1) and match.group(3)):
            raise line.error(f"{token!r} is not cards: write suits like ♠♠♥ or counts like ♠2 ♥1 (K9, A1)")
        letters = match.group(2)
        if any(ch not in LETTER for ch in letters):
            raise line.error(f"{token!r} is not cards: the suits are ♠ ♥ ♦ ♣ (or S H D C) (K9, A1)")
        times = int(match.group(1) or match.group(3) or 1)
        if (match.group(1) or match.group(3)) and len(letters) != 1:
            raise line.error(f"{token!r}: a count goes with one suit, like ♠2 (K9)")
        for ch in letters:
            counts[SUIT_INDEX[LETTER[ch]]] += times
            if counts[SUIT_INDEX[LETTER[ch]]] > COMPONENTS.copies_per_suit:
                raise line.error(f"more than {COMPONENTS.copies_per_suit} {SYMBOLS[LETTER[ch]]}: the two decks hold "
                                 f"{COMPONENTS.copies_per_suit} of each suit (K4, A2)")
    return tuple(counts)  # type: ignore[return-value]


def _place(word: str) -> int:
    word = word.lower()
    if word == "start":
        return 0
    if word == "goal":
        return GOAL
    if is_number(word) and 1 <= int(word) <= 20:
        return int(word)
    raise ValueError(word)


def pieces(line: Line) -> list[int]:
    """``start×4 3 10``: places (start, 1-20, goal), ``×N`` repeats; unlisted pieces stand at Start (S5)."""
    places: list[int] = []
    value = re.sub(r"\s*([×x*])\s*(\d+)", r"\1\2", line.value.strip().lower())     # "start x 4" = "start×4"
    for token in re.split(r"[\s,]+", value):
        if not token:
            continue
        match = re.fullmatch(r"([a-z0-9]+?)(?:[×x*](\d+))?", token)
        try:
            if not match or int(match.group(2) or 1) > COMPONENTS.pieces_per_player:
                raise ValueError(token)
            places += [_place(match.group(1))] * int(match.group(2) or 1)
        except ValueError:
            raise line.error(f"{token!r} is not a place: start, a track card 1-20 or goal, with ×N for "
                             "several (K7, R30)") from None
    if len(places) > COMPONENTS.pieces_per_player:
        raise line.error(f"lists {len(places)} pieces; each player has {COMPONENTS.pieces_per_player} (K7)")
    return places + [0] * (COMPONENTS.pieces_per_player - len(places))


def suits(line: Line, what: str = "the track's 20 cards (S4, K3)") -> str:
    out = []
    for ch in "".join(line.value.split()):
        if ch not in LETTER:
            raise line.error(f"{ch!r} is not a suit ♠ ♥ ♦ ♣ (or S H D C) in {what}")
        out.append(LETTER[ch])
    return "".join(out)


def _option_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    return int(text) if is_number(text.lstrip("-")) else text


def game_line(line: Line, game: Any) -> None:
    words = line.value.split()
    if not words or words[0].lower() != game.name:
        raise line.error(f"the position is for {words[0] if words else 'no game'!r}, not {game.name!r}")
    block: dict[str, Any] = {"name": game.name, "options": {}}
    for word in words[1:]:
        name, eq, value = word.partition("=")
        if not eq:
            raise line.error(f"{word!r} is not name=value")
        if name == "players":
            block["players"] = _option_value(value)
        else:
            block["options"][name] = _option_value(value)
    try:
        check_game(game, block)
    except PositionError as err:
        raise line.error(err.reason) from None
