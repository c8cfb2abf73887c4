"""Policies that decide from their own view: a greedy pirate and a cautious one.

Both rebuild the position from the view (nothing is hidden in this game) and ask thumb.py,
whose choices rest on exact probabilities (the greedy pirate's die advice is C9's exact
expected gain). thumb.py is the one source of these choices: the evaluator kernel
(kernel.py) asks it too, so a seed plays the same game on the kernel and through the model.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .kernel_tables import setup
from .model import OpeningRoll, Place, Plunder, RestartRoll
from .thumb import CAUTIOUS, GREEDY, Rule, plunder_choice, to_kernel


class _ViewPolicy:
    needs_view = True
    name = ""
    rule: Rule

    def __init__(self, game: Any) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, (OpeningRoll, RestartRoll)):
            return legal[-1] if self.rule.base_last else first
        if isinstance(first, Place):
            return first                                    # stack whatever fits
        if len(legal) == 1:
            return first                                    # e.g. "next round" once a round is scored
        state = self.game.sample_state(view, rng)           # the generator is unused: nothing is hidden
        hands, piles = to_kernel(state)
        c = setup(self.game)
        p = state.to_move
        if state.step == "plunder":
            prey = [a.opponent for a in legal if isinstance(a, Plunder)]
            return legal[plunder_choice(c, p, hands, piles, prey)]
        return legal[self.rule.turn(c, p, hands, piles)]


class Greedy(_ViewPolicy):
    """Rolls the die with the best exact expected gain; fires at a rich pile when rolling gains
    less; opens with the Jolly Roger die (a base never needs to fit, and no keelhauling, E4)."""

    name = "greedy"
    rule = GREEDY


class Cautious(_ViewPolicy):
    """Rolls the die most likely to stack, never fires, passes (V4) on a safe skull top, and
    keeps its Jolly Roger die back at the opening as the safest last roll (a skull always fits)."""

    name = "cautious"
    rule = CAUTIOUS


__all__ = ["Cautious", "Greedy", "Plunder"]
