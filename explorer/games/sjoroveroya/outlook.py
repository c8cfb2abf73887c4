"""Each seat's estimated chance of winning (`Game.win_chances`): none fitted for Sjørøverøya.

No model has been fitted on how rule-of-thumb games end; the search judges the lead by the
scores instead (progress, E3: 36 minus the moves a player still needs).
"""

from __future__ import annotations

from typing import Any


def win_chances(state: Any) -> tuple[float, ...] | None:
    """None: no fitted model; the search judges the lead in scores (E3)."""
    return None
