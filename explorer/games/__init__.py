"""The project's games, registered by name (explorer.core.registry; imported on first use).

This module is also ``explorer.games``: calling it, ``explorer.games()``, lists the game
names, while ``import explorer.games.sjoroveroya`` still reaches a game's package. One
name serves both because the module itself is callable (`_Registry`), so neither shadows
the other.
"""

from __future__ import annotations

import sys
from types import ModuleType

from explorer.core.registry import game_class, names, register

__all__ = ["game_class", "names", "register"]

for _name in ("dead_mans_dice", "jolly_and_roger", "last_bottle_of_rum", "liars_dice", "pirate_rush", "sjoroveroya"):
    register(_name, f"{__name__}.{_name}")


class _Registry(ModuleType):
    """This module's type: a module that, called, returns the names of every game."""

    def __call__(self) -> tuple[str, ...]:
        """The names of every game, for `explorer.load`."""
        return names()


sys.modules[__name__].__class__ = _Registry
