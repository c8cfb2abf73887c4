"""A rule-of-thumb Sjørøverøya pirate that plays from its own view.

It jumps as far as it can, brings the rearmost pieces along (they are what later
backward moves land on), steps back to draw when its hand runs low, and ends the
turn rather than waste a move. It is meant to be beatable, not to be strong.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .data import GOAL
from .model import Backward, EndTurn, Forward
from .moves import backward_target, distances, forward_target, occupancy

RESERVE = 5   # cards to hold before the third-to-last piece goes home


class RuleOfThumb:
    """Greedy on E3's distance to the goal (moves saved), with a thirst for cards when low."""

    name = "rule_of_thumb"
    needs_view = True

    def __init__(self, game: object = None) -> None:
        self.game = game

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        assert view is not None
        me = view["viewer"]
        options = view["game"]["options"]
        stop_own, mixed = options["forward_stop_on_own"], options["mixed_card_forward"] == "stop"
        occ = occupancy(tuple(tuple(p) for p in view["pieces"]))
        d = distances(view["track"], occ, me, stop_own, mixed)
        hand = len(view["hands"][me] or "")
        out = sum(1 for q in view["pieces"][me] if q != GOAL)
        best: list[Any] = []
        best_value = float("-inf")
        for action in legal:
            if isinstance(action, Forward):
                target, _ = forward_target(view["track"], occ, me, action.origin, action.suit, stop_own, mixed)
                value = 3.0 * (d[action.origin] - d[target]) + 0.1 * (target - action.origin)
                value += 2.0 if target == GOAL else 0.0
                value -= 2.0 if hand <= 1 and target != GOAL else 0.0
                # With two pieces left, backward moves draw one card at most: go in with a reserve.
                value -= 12.0 if target == GOAL and out == 3 and hand - 1 < RESERVE else 0.0
            elif isinstance(action, Backward):
                found = backward_target(occ, me, action.origin, options["backward_counts_any_colour"])
                target, draws = found if found else (action.origin, 0)
                thirst = 4.0 if hand == 0 else 2.5 if hand <= 2 else 0.5
                value = thirst * draws - 3.0 * (d[target] - d[action.origin])
            elif isinstance(action, EndTurn):
                value = 0.5 if view["moves_used"] else -20.0   # pass (V4) only when all else is worse
            else:
                value = 0.0   # Discard (V7): any card will do
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return "RuleOfThumb()"
