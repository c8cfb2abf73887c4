"""Policies that decide from their own view: a greedy pirate and a cautious one.

Both rebuild the position from the view (nothing is hidden in this game) and ask the
exact analysis helpers, so their choices rest on exact probabilities.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .analysis import die_advice, plunder_choice
from .model import END_TURN, Broadside, OpeningRoll, Pass, Place, Plunder, RestartRoll, Roll


class _ViewPolicy:
    needs_view = True
    name = ""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        state = self.game.sample_state(view, rng)
        first = legal[0]
        if isinstance(first, (OpeningRoll, RestartRoll)):
            return self.base_die(legal)
        if isinstance(first, Place):
            return first                                    # stack whatever fits
        if len(legal) == 1:
            return first                                    # e.g. "next round" once a round is scored
        if state.step == "plunder":
            return plunder_choice(state) or END_TURN
        return self.turn(state, legal)

    @staticmethod
    def base_die(legal: Sequence[Any]) -> Any:
        """A base never needs to fit: spend the Jolly Roger die on it (no keelhauling risk, E4)."""
        return legal[-1]

    def turn(self, state: Any, legal: Sequence[Any]) -> Any:
        raise NotImplementedError


class Greedy(_ViewPolicy):
    """Rolls the die with the best exact expected gain; fires at a rich pile when rolling gains less."""

    name = "greedy"

    def turn(self, state: Any, legal: Sequence[Any]) -> Any:
        advice = die_advice(state)
        die, (_, gain) = max(advice.items(), key=lambda item: (item[1][1], item[1][0]))
        now = state.score_now()
        shots = [a for a in legal if isinstance(a, Broadside)]
        if shots:
            target = max(shots, key=lambda a: now[a.target])
            if now[target.target] - 7 > gain + 14:
                return target
        return Roll(die)


class Cautious(_ViewPolicy):
    """Rolls the die most likely to stack, never fires, passes (V4) on a safe skull top, and
    keeps its Jolly Roger die back at the opening as the safest last roll (a skull always fits)."""

    name = "cautious"

    @staticmethod
    def base_die(legal: Sequence[Any]) -> Any:
        return legal[0]

    def turn(self, state: Any, legal: Sequence[Any]) -> Any:
        advice = die_advice(state)
        p = state.to_move
        pile = state.piles[p]
        if any(isinstance(a, Pass) for a in legal) and pile and pile[-1][1] == 0:
            return next(a for a in legal if isinstance(a, Pass))
        die = max(advice, key=lambda d: (advice[d][0], advice[d][1]))
        return Roll(die)


__all__ = ["Cautious", "Greedy", "Plunder"]
