"""The outlook: each pirate's estimated chance of winning from a position, for a search that
cuts its rollouts off before the end (`Game.win_chances`).

A model of how games between greedy pirates (the rule of thumb) end: the chance is a softmax
of `scores` (totals plus each pile's score if the round ended now, E5), sharper as the race
nears the target (E7): a lead of ten doubloons is worth little in the first round and nearly
the game at 90. The sharpness per stage of the race is fitted by maximum likelihood on
rule-of-thumb games (3 pirates, default rules); `benchmarks/fit_outlook.py` refits it and
prints this table. An estimate, not odds.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from typing import Any

# (leader's score / target from, sharpness per doubloon): fitted by benchmarks/fit_outlook.py
SHARPNESS = ((0.0, 0.0369), (0.2, 0.0486), (0.4, 0.0639), (0.6, 0.0743), (0.8, 0.0930), (0.9, 0.1136),
             (1.0, 0.1423))
_FROM = [start for start, _ in SHARPNESS]


def sharpness(progress: float) -> float:
    """The softmax's weight per doubloon when the leader has `progress` of the target."""
    return SHARPNESS[max(0, bisect_right(_FROM, progress) - 1)][1]


def win_chances(state: Any) -> tuple[float, ...]:
    """Each pirate's estimated chance of winning (E7): the ranking at the end, else the
    fitted softmax of scores now."""
    n = state.game.players
    if state.is_over:
        first = state.winners()[0] if state.winners() else ()
        return tuple(1.0 / len(first) if p in first else 0.0 for p in range(n))
    scores = [float(x) for x in state.scores()]
    top = max(scores)
    beta = sharpness(top / state.game.options["target_score"])
    weights = [math.exp(beta * (x - top)) for x in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)
