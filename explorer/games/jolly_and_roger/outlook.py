"""Each seat's estimated chance of winning (`JollyAndRoger.win_chances`): none is fitted.

Jolly & Roger has no round whose totals alone carry over (the crews and captains do, R12-R17),
so there is no round horizon (`round_playout` is None) where a fitted outlook would cut a
rollout short; eight rounds are short enough to play out to the end.
"""

from __future__ import annotations

from typing import Any


def win_chances(state: Any) -> tuple[float, ...] | None:
    """None: no fitted model; the search judges the lead in scores."""
    return None
