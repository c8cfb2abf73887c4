"""Fixed, sorted spaces of actions and chance outcomes, for integer ids in adapters.

Frameworks such as OpenSpiel and PettingZoo number actions with integers that must
mean the same thing in every state. A game lists every action (and every chance
outcome) its set-up can ever offer; sorting by notation makes the numbering stable
across runs and machines.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import Any


def sorted_space(items: Iterable[Any]) -> tuple[Any, ...]:
    """Distinct `items` sorted by notation (``str``); `ValueError` if two share a notation."""
    unique = set(items)
    ordered = tuple(sorted(unique, key=str))
    names = [str(item) for item in ordered]
    for left, right in pairwise(names):
        if left == right:
            raise ValueError(f"two different actions are both written {left!r}")
    return ordered
