"""Checks every game's position loader starts with: an object, known fields, the right set-up."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from explorer.core.errors import OptionError, PositionError
from explorer.core.registry import load

SETUP_FIELDS = ("name", "players", "options")


def read_setup(block: Any, name: str | None = None) -> Any:
    """The `Game` a position's ``game`` block names, normalised through the registry's `load`.

    The block is partial: a missing ``name`` is `name` (the game reading it), missing
    ``players`` the game's default count, missing ``options`` (or a missing option) its
    default. A mistake is a `PositionError` whose field starts ``game.``."""
    if not isinstance(block, Mapping):
        raise PositionError("game", f"must be an object with name, players and options, not {type(block).__name__}")
    unknown = sorted(str(k) for k in set(block) - set(SETUP_FIELDS))
    if unknown:
        raise PositionError(f"game.{unknown[0]}", f"unknown field; a set-up has {', '.join(SETUP_FIELDS)}")
    options = block.get("options", {})
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise PositionError("game.options", "must be an object of option values by name")
    if "name" not in block and name is None:
        raise PositionError("game.name", "missing: which game the data is for")
    try:
        return load(block.get("name", name), block.get("players"), **options)
    except OptionError as err:
        raise OptionError(f"game.{err.field}", err.reason) from None


def _setup_text(game: Any) -> str:
    return f"{game.title} ({game.name}) for {game.players} players"


def setup_mismatch(game: Any, theirs: Any, what: str = "the data") -> PositionError | None:
    """The error naming the first way the set-up `theirs` differs from `game`, None when equal."""
    if theirs == game:
        return None
    reader = f"a {game.players}-player {game.title} ({game.name}) game is reading it"
    if theirs.name != game.name:
        return PositionError("game.name", f"{what} is for {_setup_text(theirs)}, but {reader}")
    if theirs.players != game.players:
        return PositionError("game.players", f"{what} is for {theirs.players} players, but {reader}")
    for option, value in theirs.options.items():
        if game.options.get(option) != value:
            return PositionError(f"game.options.{option}",
                                 f"{what} is for {option}={value!r}, but {reader} with "
                                 f"{option}={game.options.get(option)!r}")
    return PositionError("game", f"{what} is for {theirs!r}, but {reader}")


def check_root(game: Any, data: Any, known: Collection[str]) -> Mapping[str, Any]:
    """Return `data` if it is an object holding only `known` fields and, when it names its
    game set-up (partially: what it leaves out is the default), names `game`'s; else raise
    `PositionError` naming the field (``game.players``, ``game.options.turn_cap``, ...)."""
    if not isinstance(data, Mapping):
        raise PositionError("(root)", f"position data must be an object, not {type(data).__name__}")
    unknown = sorted(str(k) for k in set(data) - set(known))
    if unknown:
        raise PositionError(unknown[0], f"unknown field; fields: {', '.join(sorted(known))}")
    if "game" in data:
        error = setup_mismatch(game, read_setup(data["game"], game.name))
        if error is not None:
            raise error
    return data
