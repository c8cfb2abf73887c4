"""The registry of games: a name, and the module that defines its `Game` as ``GAME``.

The core knows no game: each game is registered by name and module path (`register`), and
its module is imported on first use, so the registry costs nothing until a game is asked
for. The project's own games register in ``explorer/games/__init__.py``; a new game adds
one line there (``python -m explorer new-game`` writes it).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from explorer.core.errors import OptionError

if TYPE_CHECKING:
    from explorer.core.game import Game

_MODULES: dict[str, str] = {}


def register(name: str, module: str) -> None:
    """Make the game `name` loadable from `module` (which defines ``GAME``, its `Game` class)."""
    _MODULES[name] = module


def names() -> tuple[str, ...]:
    """Every game's name, in a stable order."""
    return tuple(sorted(_MODULES))


def game_class(name: str) -> type[Game]:
    """The `Game` subclass of `name`; `OptionError` lists the names when unknown."""
    if not isinstance(name, str) or name not in _MODULES:
        raise OptionError("name", f"unknown game {name!r}; games: {', '.join(names())}")
    return import_module(_MODULES[name]).GAME


def load(name: str, players: int | None = None, **options: object) -> Game:
    """The game `name` for `players` (its default when None) with `options` set (`explorer.load`)."""
    return game_class(name)(players, **options)
