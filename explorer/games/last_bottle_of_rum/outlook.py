"""The outlook: each captain's estimated chance of winning from a position, for a search that
cuts its rollouts off before the end (`Game.win_chances`).

Loot alone (E2) says little mid-game: a ship full of treasure a few tiles from the Hideout is
nearly Loot already (R23). So each captain's standing is a weighted sum of public facts: Loot (and
its square, as the race to 10 quickens), the value and number of treasures aboard, how
far a laden ship is from the Hideout, damage tokens (R38-R50), Curse (the Kraken, R51-R52) and
doubloons; the chances are a softmax of the standings (for two captains, a logistic of the
difference). The weights are fitted by maximum likelihood on rule-of-thumb games (2 captains,
default rules); `benchmarks/fit_outlook.py` refits them and prints this table. An estimate,
not odds.
"""

from __future__ import annotations

import math
from typing import Any

from .data import DISTANCE
from .thumb import TREASURE_VALUE

# Weight per feature, fitted by benchmarks/fit_outlook.py (see `features` for their order).
WEIGHTS = {"loot": 0.2521, "cargo": 0.3180, "held": 0.0673, "home_distance_laden": -0.0942, "damage": -0.1042,
           "curse": -0.1295, "doubloons": -0.0003, "to_move": 0.0331, "loot_squared_tenths": 0.1674}
_W = tuple(WEIGHTS.values())
HIDEOUT = 0


def features(state: Any, p: int) -> tuple[float, ...]:
    """Captain `p`'s public standing, in the order of `WEIGHTS`."""
    ship = state.ships[p]
    laden = bool(ship.treasures)
    return (ship.loot, sum(TREASURE_VALUE[t] for t in ship.treasures), len(ship.treasures),
            DISTANCE[ship.cell][HIDEOUT] if laden else 0, sum(ship.damage), ship.curse, ship.doubloons,
            1 if state.active == p else 0, ship.loot * ship.loot / 10)


def standing(state: Any, p: int) -> float:
    return sum(w * x for w, x in zip(_W, features(state, p), strict=True))


def win_chances(state: Any) -> tuple[float, ...]:
    """Each captain's estimated chance of winning (R1): the winner at the end, else the fitted
    softmax of standings."""
    n = len(state.ships)
    if state.is_over:
        return tuple(1.0 if p == state.winner else 0.0 for p in range(n)) if state.winner >= 0 else (1.0 / n,) * n
    values = [standing(state, p) for p in range(n)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)
