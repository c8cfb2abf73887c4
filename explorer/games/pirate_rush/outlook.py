"""Each seat's estimated chance of winning (`Game.win_chances`), for a search that cuts its
rollouts off before the end.

Pirate Rush has no fitted model yet: loot is hidden and its worth shifts with maps, flags and the
prestige split (E3-E10), so the honest minimum is none, and the search then judges the lead in
scores (`Game.win_chances` returning None)."""

from __future__ import annotations

from typing import Any


def win_chances(state: Any) -> tuple[float, ...] | None:
    """None: no fitted model; the search judges the lead in scores."""
    return None
