"""Checks every game's position loader starts with: an object, known fields, the right set-up."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from explorer.core.errors import PositionError


def check_root(game: Any, data: Any, known: Collection[str]) -> Mapping[str, Any]:
    """Return `data` if it is an object holding only `known` fields and, when it names its
    game set-up, names `game`'s; else raise `PositionError` naming the field."""
    if not isinstance(data, Mapping):
        raise PositionError("(root)", f"position data must be an object, not {type(data).__name__}")
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise PositionError(unknown[0], f"unknown field; fields: {', '.join(sorted(known))}")
    if "game" in data and data["game"] != game.to_dict():
        raise PositionError("game", f"the data is for {data['game']!r}, not {game.to_dict()!r}")
    return data
