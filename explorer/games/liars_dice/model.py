"""Liar's Dice actions, chance outcomes and the State type: data only (the rules are in rules.py).

A position holds each seat's dice count, the faces rolled so far this round in each cup (sorted:
the order of dice under a cup is no part of the position, A6), the bids of the round, who opened
it, who is out (in the order they went out) and who lost the last challenge.
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.game import State
from explorer.core.rules_state import RulesState


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    """At least `quantity` dice among all cups show `face` (R1)."""

    quantity: int
    face: int

    def __str__(self) -> str:
        return f"bid {self.quantity}x{self.face}"


@dataclass(frozen=True, slots=True)
class Liar:
    """Doubt the standing bid: the cups are lifted (R4)."""

    def __str__(self) -> str:
        return "liar"


LIAR = Liar()


@dataclass(frozen=True, slots=True)
class Roll:
    """One die under the roller's cup comes up `face` (C1)."""

    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


BidRecord = tuple[int, int, int]
"""(bidder, quantity, face): one bid of the round, in order."""


class LiarsDiceState(RulesState):
    """A position of Liar's Dice. Build it with `Game.new_state`, `start` or `state_from_dict`.

    Fields: ``dice`` (dice per seat this round), ``cups`` (the faces rolled so far per seat,
    sorted), ``bids`` (the round's bids as (seat, quantity, face)), ``opener`` (who bids first
    this round), ``out`` (seats without dice, in the order they went out), ``loser`` (who lost
    the last challenge; in the single round, set once it is over), ``called`` (the single
    round's liar has been called) and ``round``.
    """

    __slots__ = ("_actor", "_roller", "bids", "called", "cups", "dice", "loser", "opener", "out", "round")

    dice: tuple[int, ...]
    cups: tuple[tuple[int, ...], ...]
    bids: tuple[BidRecord, ...]
    opener: int
    out: tuple[int, ...]
    loser: int | None
    called: bool
    round: int

    def _key(self) -> tuple:
        return (self.dice, self.cups, self.bids, self.opener, self.out, self.loser, self.called, self.round)

    @property
    def roller(self) -> int | None:
        """Whose die is rolled next (seat order, P1 first), None once every cup is full or the game
        is over (T1, C1)."""
        return self._roller

    @property
    def is_over(self) -> bool:
        return self._roller is None and self._actor is None

    @property
    def is_chance(self) -> bool:
        return self._roller is not None

    @property
    def player(self) -> int | None:
        return self._actor

    def next_seat(self, seat: int) -> int:
        """The next seat after `seat` that still has dice (T2, R7)."""
        n = len(self.dice)
        for step in range(1, n + 1):
            other = (seat + step) % n
            if self.dice[other]:
                return other
        return seat

    def outcome_group(self, outcome) -> tuple[str, ...]:
        return self.game.RULEBOOK.outcome_group(self, outcome)

    def stage_text(self) -> str:
        return self.game.RULEBOOK.stage_text(self)

    def notation(self) -> str:
        """This position in the short notation (position_text.py; `game.position` reads it)."""
        return self.game.write_position(self)


_SLOTS = {name: getattr(LiarsDiceState, name) for name in LiarsDiceState.__slots__}
FIELDS = ("dice", "cups", "bids", "opener", "out", "loser", "called", "round")
_SETTERS = tuple(_SLOTS[name].__set__ for name in FIELDS)
(_set_dice, _set_cups, _set_bids, _set_opener, _set_out, _set_loser, _set_called, _set_round) = _SETTERS
_new = object.__new__
_set_roller, _set_actor = _SLOTS["_roller"].__set__, _SLOTS["_actor"].__set__
_set_game = State.game.__set__  # type: ignore[attr-defined]
_set_trail = State._trail.__set__  # type: ignore[attr-defined]
_set_events = State.events.__set__  # type: ignore[attr-defined]


def build(game, trail, events, dice, cups, bids, opener, out, loser, called, round_) -> LiarsDiceState:
    """Make a state from its position fields without checks (the fast path)."""
    s = _new(LiarsDiceState)
    _set_game(s, game)
    _set_trail(s, trail)
    _set_events(s, events)
    _set_dice(s, dice)
    _set_cups(s, cups)
    _set_bids(s, bids)
    _set_opener(s, opener)
    _set_out(s, out)
    _set_loser(s, loser)
    _set_called(s, called)
    _set_round(s, round_)
    roller = actor = None       # who acts next: worked out once, states never change
    if not called and len(dice) - dice.count(0) > 1:
        for seat, count in enumerate(dice):
            if len(cups[seat]) < count:
                roller = seat
                break
        else:
            actor = s.next_seat(bids[-1][0]) if bids else opener
    _set_roller(s, roller)
    _set_actor(s, actor)
    return s
