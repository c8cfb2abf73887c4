"""A rule-of-thumb captain: explore, grab reachable treasure, bring it home, shoot when it pays.

It decides from its own view only (``needs_view = True``), so it never peeks at hidden tiles
or other hands. Its maxims live in thumb.py, which the rule-of-thumb playout (playout.py)
reads too: one source, so a seed plays the same game in the playout and through the model.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .thumb import pick, sight_of_view


class RuleOfThumb:
    """Greedy by a few pirate maxims (thumb.py); random among equals."""

    name = "rule_of_thumb"
    needs_view = True

    def __init__(self, game: object = None) -> None:
        self.game = game

    def __repr__(self) -> str:
        return "RuleOfThumb()"

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[pick(lambda: sight_of_view(view), legal, rng)]
