"""A rule-of-thumb Sjørøverøya pirate that plays from its own view.

It jumps as far as it can, brings the rearmost pieces along (they are what later
backward moves land on), steps back to draw when its hand runs low, and ends the
turn rather than waste a move. It is meant to be beatable, not to be strong.
Its judgement lives in thumb.py, which the evaluator playout (playout.py) reads too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .data import GOAL, SUIT_INDEX
from .model import Backward, EndTurn, Forward
from .thumb import DISCARD_VALUE, RESERVE, backward_value, best_indices, end_value, forward_value
from .track.moves import backward_target, occupancy, reach

__all__ = ["RESERVE", "RuleOfThumb"]


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
        occ = occupancy(tuple(tuple(p) for p in view["pieces"]))
        d, fwd = reach(view["track"], occ.own[me], occ.total, options["forward_stop_on_own"],
                       options["mixed_card_forward"] == "stop")
        hand = len(view["hands"][me] or "")
        out = sum(1 for q in view["pieces"][me] if q != GOAL)
        values = []
        for action in legal:
            if isinstance(action, Forward):                     # R16 from the shared table
                values.append(forward_value(d, action.origin, fwd[action.origin][SUIT_INDEX[action.suit]],
                                            hand, out))
            elif isinstance(action, Backward):                  # R18
                found = backward_target(occ, me, action.origin, options["backward_counts_any_colour"])
                target, draws = found if found else (action.origin, 0)
                values.append(backward_value(d, action.origin, target, draws, hand))
            elif isinstance(action, EndTurn):                   # R5, V4
                values.append(end_value(view["moves_used"]))
            else:
                values.append(DISCARD_VALUE)                    # V7
        best = best_indices(values)
        return legal[best[rng.randrange(len(best))]]

    def __repr__(self) -> str:
        return "RuleOfThumb()"
