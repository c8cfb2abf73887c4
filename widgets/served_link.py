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

from explorer.core.errors import PositionError
from explorer.core.game import Game

SEPARATOR = "~"      # in no game's notation (checked by tests/test_served_link.py)


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


def _text(values: Any) -> str:
    value = values[-1] if isinstance(values, list | tuple) else values
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def parse(args: Mapping[str, Any], games: list[str]) -> Link | None:
    """Read a query's arguments (as Panel gives them: name -> list of bytes); None without `game`.

    Raises `PositionError` naming the argument that is wrong.
    """
    if "game" not in args:
        return None
    name = _text(args["game"])
    if name not in games:
        raise PositionError("game", f"no game named {name!r} in the link; games: {', '.join(games)}")
    players = None
    if "players" in args:
        text = _text(args["players"])
        if not text.isdigit():
            raise PositionError("players", f"{text!r} is not a number of players")
        players = int(text)
    options = {}
    for key in args:
        if key.startswith("opt."):
            raw = _text(args[key])
            try:
                options[key[4:]] = json.loads(raw)
            except json.JSONDecodeError:
                options[key[4:]] = raw
    line = tuple(m for m in _text(args.get("line", [b""])).split(SEPARATOR) if m)
    return Link(name, players, options, line)
