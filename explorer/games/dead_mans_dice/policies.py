"""Policies that decide from their own view: a greedy pirate and a cautious one.

Both rebuild the position from the view (nothing is hidden in this game) and ask thumb.py,
whose choices rest on exact probabilities (the greedy pirate's die advice is C9's exact
expected gain). thumb.py is the one source of these choices: the rule-of-thumb playouts
(playout.py) ask it too, so a seed plays the same game there and through these policies.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .model import OpeningRoll, Place, Plunder, RestartRoll
from .thumb import CAUTIOUS, GREEDY, Rule, decide, setup


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
        if len(legal) == 1 or isinstance(first, (OpeningRoll, RestartRoll, Place)):
            return decide(self.rule, setup(self.game), None, legal)     # no need to rebuild the table
        state = self.game.sample_state(view, rng)           # the generator is unused: nothing is hidden
        return decide(self.rule, setup(self.game), state, legal)


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
