"""The named policies: uniform random, and the rule of thumb (thumb.py) playing from its own view."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .thumb import decide_from_view


class RuleOfThumb:
    """Doubt a bid that is more likely false than true; else make the likeliest raise (thumb.py)."""

    name = "rule_of_thumb"
    needs_view = True

    def __init__(self, game: Any = None) -> None:
        self.game = game

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        return decide_from_view(self.game, view, tuple(legal))

    def probabilities(self, view: dict | None, legal: Sequence[Any]) -> Mapping[Any, Fraction]:
        return {decide_from_view(self.game, view, tuple(legal)): Fraction(1)}

    def __repr__(self) -> str:
        return "RuleOfThumb()"
