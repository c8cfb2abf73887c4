"""Pirate Rules Explorer: pure, immutable models of five pirate board games.

>>> import explorer
>>> game = explorer.load("sjoroveroya", players=3)
>>> state = game.start(seed=1)
>>> state.player in (0, 1, 2)
True

``explorer.games()`` lists the game names; ``explorer.games.<name>`` is a game's package.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer import games
from explorer.core import (
    Event,
    Game,
    IllegalAction,
    OptionError,
    PositionError,
    RandomPolicy,
    State,
    playout,
    replay,
)
from explorer.core.positions import read_setup
from explorer.games import game_class

__all__ = ["Event", "Game", "IllegalAction", "OptionError", "PositionError", "RandomPolicy",
           "State", "games", "load", "playout", "replay", "state_from_dict"]
__version__ = "0.1.0"


def load(name: str, players: int | None = None, **options: Any) -> Game:
    """The game `name` for `players` (its default when None) with `options` set.

    Unknown names, player counts out of range and unknown or ill-typed options raise
    `OptionError` (a `PositionError`) listing what is allowed.
    """
    return game_class(name)(players, **options)


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Rebuild any game's state from `to_dict()` data (its ``game`` field names the set-up)."""
    if not isinstance(data, Mapping):
        raise PositionError("(root)", f"position data must be a JSON object, not {type(data).__name__}")
    if "game" not in data:
        raise PositionError("game", "missing: an object naming the game (name, and players and options "
                                    "where they are not the defaults)")
    return read_setup(data["game"]).state_from_dict(data)
