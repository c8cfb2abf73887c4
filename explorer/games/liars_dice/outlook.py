"""Each seat's estimated chance of winning: none fitted. A search judges the lead in `scores`
(the dice each seat still holds)."""

from __future__ import annotations


def win_chances(state) -> None:
    """No fitted model for Liar's Dice yet: None (the capability ``outlook`` is not declared)."""
    return None
