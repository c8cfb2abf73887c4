"""The registry of games: name -> the package that defines it (imported on first use).

This module is also ``explorer.games``: calling it, ``explorer.games()``, lists the game
names, while ``import explorer.games.sjoroveroya`` still reaches a game's package. One
name serves both because the module itself is callable (`_Registry`), so neither shadows
the other.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType

from explorer.core.errors import OptionError
from explorer.core.game import Game

_MODULES: dict[str, str] = {
    "dead_mans_dice": "explorer.games.dead_mans_dice",
    "last_bottle_of_rum": "explorer.games.last_bottle_of_rum",
    "pirate_rush": "explorer.games.pirate_rush",
    "jolly_and_roger": "explorer.games.jolly_and_roger",
    "sjoroveroya": "explorer.games.sjoroveroya",
}


def names() -> tuple[str, ...]:
    """Every game's name, in a stable order."""
    return tuple(sorted(_MODULES))


def game_class(name: str) -> type[Game]:
    """The `Game` subclass of `name`; `OptionError` lists the names when unknown."""
    if not isinstance(name, str) or name not in _MODULES:
        raise OptionError("name", f"unknown game {name!r}; games: {', '.join(names())}")
    return import_module(_MODULES[name]).GAME


class _Registry(ModuleType):
    """This module's type: a module that, called, returns the names of every game."""

    def __call__(self) -> tuple[str, ...]:
        """The names of every game, for `explorer.load`."""
        return names()


sys.modules[__name__].__class__ = _Registry
