"""Sjørøverøya's actions, chance outcomes and immutable state.

Suits are the letters S H D C (♠ ♥ ♦ ♣); rank never matters (R1), so a hand, the
pile and the discard pile are counts per suit, and every draw is a chance node
with one outcome per suit the pile holds, weighted by its count.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from explorer.core.rules_state import RulesState

from .data import SUIT_INDEX, SUITS, SYMBOLS

Counts = tuple[int, int, int, int]
NO_CARDS: Counts = (0, 0, 0, 0)


# -- decisions -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Forward:
    """Play a card of `suit` to move the piece on card `origin` forward (R7-R16)."""

    origin: int
    suit: str

    def __str__(self) -> str:
        return f"{self.suit}@{self.origin}"


@dataclass(frozen=True, slots=True)
class Backward:
    """Move the piece on card `origin` back and draw (R17-R23)."""

    origin: int

    def __str__(self) -> str:
        return f"back@{self.origin}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn with moves unused (R5), or pass (V4)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card of `suit` down to the hand limit at the end of the turn (V7)."""

    suit: str

    def __str__(self) -> str:
        return f"discard {self.suit}"


# -- chance outcomes -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Layout:
    """The suit order of track block `block` (1-5), e.g. ``"HSDC"`` (S4, C1)."""

    block: int
    order: str

    def __str__(self) -> str:
        return f"layout {self.block} {self.order}"


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Who starts (S9, C5)."""

    player: int

    def __str__(self) -> str:
        return f"first P{self.player + 1}"


@dataclass(frozen=True, slots=True)
class Draw:
    """The suit of the card drawn from the face-down pile (C2, C3)."""

    suit: str

    def __str__(self) -> str:
        return f"draw {self.suit}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """The suit of the card turned face up onto the open display (V6)."""

    suit: str

    def __str__(self) -> str:
        return f"reveal {self.suit}"


Action = Forward | Backward | EndTurn | Discard
Outcome = Layout | FirstPlayer | Draw | Reveal

FORWARD = {(p, s): Forward(p, s) for p in range(21) for s in SUITS}
BACKWARD = {p: Backward(p) for p in range(1, 21)}
END_TURN = EndTurn()
DISCARD = {s: Discard(s) for s in SUITS}
DRAW = tuple(Draw(s) for s in SUITS)
REVEAL = tuple(Reveal(s) for s in SUITS)


def counts_text(counts: Counts) -> str:
    """``(2, 0, 1, 0)`` -> ``"SSD"``: a hand written as its cards."""
    return "".join(s * n for s, n in zip(SUITS, counts, strict=True))


def text_counts(text: str) -> Counts:
    """``"SSD"`` -> ``(2, 0, 1, 0)``; assumes the letters are valid suits."""
    counts = [0, 0, 0, 0]
    for letter in text:
        counts[SUIT_INDEX[letter]] += 1
    return tuple(counts)  # type: ignore[return-value]


def pretty(text: str) -> str:
    """Suit letters as symbols: ``"SH"`` -> ``"♠♥"``."""
    return "".join(SYMBOLS.get(ch, ch) for ch in text)


# -- the state -------------------------------------------------------------------------
PHASES = ("setup", "play", "discard", "over")
AFTER_DRAWS = ("", "deal", "move", "end")


class SjoroveroyaState(RulesState):
    """A position of Sjørøverøya. Build it with `Game.new_state`, `start` or `state_from_dict`.

    Fields (all immutable): ``track`` suit string of the cards laid so far;
    ``pieces`` a sorted 6-tuple of positions per player (0 Start, 1-20 cards,
    21 Goal); ``hands``, ``pile``, ``discard`` suit counts; ``pile_top`` the face-up
    display (V6) in draw order; ``to_move``, ``first_player``, ``moves_used``,
    ``turns`` (turns completed); ``pending`` draws owed to ``drawer``, then ``after``;
    ``ended`` ("", "goal" or "turn_cap"); ``reshuffled_from`` and ``drawn_since``,
    the public pile composition at the last reshuffle and each player's own draws
    since, all zero before the first reshuffle (what a player's C3 odds are built from).
    """
    # The position's fields, declared once: the slots, `_key`, `FIELDS` (the order `flow.build`
    # takes) and the working copy (`flow.Work`, its slots; rulebook/working.py its copy and
    # freeze) follow from this list.
    track: str
    pieces: tuple[tuple[int, ...], ...]
    hands: tuple[Counts, ...]
    pile: Counts
    pile_top: str
    discard: Counts
    phase: str
    to_move: int | None
    first_player: int | None
    moves_used: int
    turns: int
    pending: int
    drawer: int | None
    after: str
    ended: str
    reshuffled_from: Counts | None
    drawn_since: tuple[Counts, ...]

    # Caches (metrics, board occupancy), what the build works out once from the fields (the
    # game's `flow.Config`, the chance node it waits at, and the contract's `player`, `is_chance`
    # and `is_over`: plain attributes, as every step's caller asks for them), then the fields.
    __slots__ = ("_metrics", "_occupancy", "_cfg", "_kind", "player", "is_chance", "is_over", *__annotations__)

    def _key(self) -> tuple:
        return _fields_of(self)

    def cut_off(self) -> str | None:
        """``"turn_cap"`` when the house-rule cap (V12) ended the game, not a player's win."""
        return "turn_cap" if self.ended == "turn_cap" else None



FIELDS: tuple[str, ...] = tuple(SjoroveroyaState.__annotations__)
"""The position's fields in declaration order: a state's key and `flow.build`'s order."""
_fields_of = attrgetter(*FIELDS)
