"""The served app's address: game, players, options and the current line, like an analysis link.

`?game=dead_mans_dice&players=3&line=open%20A1~face%205` reopens that line (variations and
comments travel in a saved analysis file, not in the link). Options that differ from their
defaults travel as `opt.<name>=<JSON value>`. The link is the teacher's record: its line names
every draw, like the saved file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from explorer.core.bounds import (
    MAX_ACTION_TEXT,
    MAX_LINE_MOVES,
    check_text,
    preview,
    read_json,
    read_number,
)
from explorer.core.errors import PositionError
from explorer.core.game import Game

SEPARATOR = "~"      # in no game's notation (checked by tests/test_served_link.py)
MAX_ARGUMENT = 2_000        # characters of the game, players or one option
MAX_LINE_TEXT = 1_000_000   # characters of the line (a 2,000-move game is about 30,000)


@dataclass(frozen=True)
class Link:
    """What an address asks for; `line` is move notation from the start."""

    game: str
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    line: tuple[str, ...] = ()


def query_of(game: Game, line: tuple[str, ...]) -> str:
    """The address's query (with its `?`) for `game` at the end of `line`."""
    specs = {spec.name: spec for spec in game.option_specs()}
    params: list[tuple[str, str]] = [("game", game.name), ("players", str(game.players))]
    params += [(f"opt.{name}", json.dumps(value)) for name, value in game.options.items()
               if value != specs[name].default]
    if line:
        params.append(("line", SEPARATOR.join(line)))
    return "?" + urlencode(params, quote_via=quote, safe="@,:" + SEPARATOR)


def _text(values: Any, field: str, limit: int = MAX_ARGUMENT) -> str:
    """One argument's text (Panel gives a list of bytes), bounded and decoded, or a `PositionError`."""
    value = values[-1] if isinstance(values, list | tuple) and values else values
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            raise PositionError(field, "is not UTF-8 text") from None
    return check_text(str(value), field, limit, "a link argument")


def _players(text: str, game: str) -> int:
    """A player count the game allows (0 or 9 is an error, never the default in disguise)."""
    import explorer

    count = read_number(text, "players", "a number of players")
    cls = type(explorer.load(game))
    if not cls.min_players <= count <= cls.max_players:
        raise PositionError("players", f"{cls.title} is for {cls.min_players}-{cls.max_players} players, "
                                       f"not {count}")
    return count


def _option(key: str, raw: str) -> Any:
    """An option's value: JSON when it reads as JSON (bounded in depth and digits), else the text."""
    if not key:
        raise PositionError("opt.", "an option argument names its option: opt.<name>=<value>")
    try:
        return read_json(raw, f"opt.{key}", MAX_ARGUMENT)
    except PositionError as err:
        if err.reason.startswith("not valid JSON"):
            return raw          # a plain word: the option's validation says whether it is allowed
        raise


def parse(args: Mapping[str, Any], games: list[str]) -> Link | None:
    """Read a query's arguments (as Panel gives them: name -> list of bytes); None without `game`.

    Raises `PositionError` naming the argument that is wrong and why: an unknown game, a player
    count the game does not allow, an option too long or too deep, a line too long.
    """
    if "game" not in args:
        return None
    name = _text(args["game"], "game")
    if name not in games:
        raise PositionError("game", f"no game named {preview(name)} in the link; games: {', '.join(games)}")
    players = _players(_text(args["players"], "players"), name) if "players" in args else None
    options = {key[4:]: _option(key[4:], _text(args[key], key)) for key in args if key.startswith("opt.")}
    line_text = _text(args.get("line", [b""]), "line", MAX_LINE_TEXT)
    line = tuple(m for m in line_text.split(SEPARATOR) if m)
    if len(line) > MAX_LINE_MOVES:
        raise PositionError("line", f"{len(line):,} moves; a link's line has at most {MAX_LINE_MOVES:,}")
    for i, move in enumerate(line):
        if len(move) > MAX_ACTION_TEXT:
            raise PositionError(f"line.{i}", f"move {i + 1} is {len(move):,} characters; at most {MAX_ACTION_TEXT}")
    return Link(name, players, options, line)
