"""Odds from a player's own view: what one player may compute from what they know.

The teacher's odds (`State.chance_outcomes`) use the whole position. A player knows only
`state.view(player)`, so their odds weigh every hidden possibility consistent with it
(`Game.hidden_worlds`, exact `Fraction` weights). Where there are too many possibilities
to enumerate, the answer is sampled with `Game.sample_state` and says so, with its 95%
Wilson interval.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction

from explorer.analysis.stats import wilson
from explorer.core.errors import PositionError, TooManyWorlds
from explorer.core.game import State
from explorer.core.markup import escape

Question = Callable[[State], bool | Fraction]


@dataclass(frozen=True, slots=True)
class Odds:
    """A probability as one player may know it: exact (`Fraction`, zero-width interval) or
    sampled (a float with its 95% interval). `worlds` counts the possibilities weighed, or
    the samples drawn."""

    probability: Fraction | float
    exact: bool
    low: float
    high: float
    viewer: int | None
    worlds: int
    viewer_name: str = ""

    @property
    def percent(self) -> str:
        return f"{float(self.probability):.1%}"

    def __str__(self) -> str:
        if self.viewer is None:
            who = "everyone's view"
        else:
            who = f"{self.viewer_name or f'Player {self.viewer + 1}'}'s view"
        if self.exact:
            return f"{self.probability} ({self.percent}), exact from {who}"
        return (f"about {self.percent} (95% interval {self.low:.1%} to {self.high:.1%}), "
                f"sampled over {self.worlds} possibilities from {who}")

    def _repr_html_(self) -> str:
        text = escape(self)   # "Player 1's view": the quote must not end the attribute
        return f"<span title=\"{text}\">{text}</span>"


def _check_player(state: State, player: int | None) -> None:
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                               or not 0 <= player < state.game.players):
        raise PositionError("player", f"no seat {player!r} in a {state.game.players}-player game")


def worlds(state: State, player: int | None, limit: int = 100_000) -> tuple[tuple[State, Fraction], ...]:
    """Every position `player` cannot tell apart from `state`, with its exact weight.
    ``player=None`` (the teacher) knows the position itself. Raises `TooManyWorlds`."""
    _check_player(state, player)
    if player is None:
        return ((state, Fraction(1)),)
    found = tuple(state.game.hidden_worlds(state.view(player), limit=limit))
    if len(found) > limit:
        raise TooManyWorlds(len(found), limit)
    return found


def _value(answer: bool | Fraction) -> Fraction:
    """A question's answer as a probability; anything else is one `PositionError` on ``question``."""
    if not isinstance(answer, bool | int | Fraction | float):
        raise PositionError("question", f"answered {answer!r}: give True/False or a probability between 0 and 1")
    value = Fraction(answer)
    if not 0 <= value <= 1:
        raise PositionError("question", f"answered {value}, not a probability between 0 and 1")
    return value


def _name(state: State, player: int | None) -> str:
    return "" if player is None else state.game.player_name(player)


def view_probability(state: State, player: int | None, question: Question, *, limit: int = 100_000,
                     samples: int = 2_000, seed: int = 0) -> Odds:
    """The chance that `question` holds, given only what `player` knows.

    `question(world)` answers on one full position: True/False, or a probability (for
    instance an exact `distribution` over the next draw in that world). Exact over
    `Game.hidden_worlds`; sampled with `sample_state` beyond `limit` possibilities."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise PositionError("samples", f"{samples!r} is not a positive number of samples")
    try:
        found = worlds(state, player, limit)
    except TooManyWorlds:
        return _sampled(state, player, question, samples, seed)
    total = sum((w * _value(question(world)) for world, w in found), Fraction(0))
    return Odds(total, True, float(total), float(total), player, len(found), _name(state, player))


def _sampled(state: State, player: int | None, question: Question, samples: int, seed: int) -> Odds:
    rng = random.Random(seed)
    view = state.view(player)
    hits = sum(float(_value(question(state.game.sample_state(view, rng)))) for _ in range(samples))
    low, high = wilson(hits, samples)
    return Odds(hits / samples, False, low, high, player, samples, _name(state, player))


def view_distribution(state: State, player: int | None, quantity: Callable[[State], Hashable], *,
                      limit: int = 100_000) -> dict[Hashable, Fraction]:
    """The exact distribution of `quantity(world)` over what `player` cannot see, largest first."""
    result: dict[Hashable, Fraction] = {}
    for world, w in worlds(state, player, limit):
        key = quantity(world)
        result[key] = result.get(key, Fraction(0)) + w
    return dict(sorted(result.items(), key=lambda kv: -kv[1]))


def outcome_text(state: State, outcome: object, player: int | None) -> str:
    """An outcome as `player` would read it once it happened: its events' public text."""
    after = state._step(outcome)
    return "; ".join(e.for_player(player) for e in after.events) or state.describe(outcome)


def next_outcomes(state: State, player: int | None, *, limit: int = 100_000) -> dict[str, Fraction]:
    """At a chance node: the odds of each outcome `player` could tell apart, by the text they
    would read, weighed over every hidden possibility (a fair die: the die's own odds; a draw
    from a pile the player cannot see into: by what they would learn)."""
    if not state.is_chance:
        raise PositionError("state", "not a chance node: no next outcome")
    result: dict[str, Fraction] = {}
    for world, w in worlds(state, player, limit):
        for outcome, p in world.chance_outcomes():
            key = outcome_text(world, outcome, player)
            result[key] = result.get(key, Fraction(0)) + w * p
    return dict(sorted(result.items(), key=lambda kv: -kv[1]))
