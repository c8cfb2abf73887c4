"""Dead Man's Dice's hidden worlds: there are none (Hidden information: every die and face is
on the table), so a view is the whole position and its one world has weight 1."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from explorer.core.errors import TooManyWorlds

from .model import DeadMansDiceState
from .position import KNOWN, from_dict


def sample_state(game: Any, view_data: Mapping[str, Any]) -> DeadMansDiceState:
    """Nothing is hidden, so the view itself is the position."""
    return from_dict(game, {k: v for k, v in view_data.items() if k in KNOWN})


def hidden_worlds(game: Any, view_data: Mapping[str, Any], limit: int) -> Iterator[tuple[DeadMansDiceState,
                                                                                       Fraction]]:
    """Every die and face is on the table (Hidden information: none): one world, weight 1, the
    same one `sample_state` gives. Only the future rolls are unknown, and those are chance nodes."""
    if limit < 1:
        raise TooManyWorlds(1, limit)
    yield sample_state(game, view_data), Fraction(1)


__all__ = ["hidden_worlds", "sample_state"]
