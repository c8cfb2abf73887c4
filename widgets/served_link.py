"""The served app's address: game, players, options, the analysis and the node on screen.

Two forms, like an analysis link:

* `?game=dead_mans_dice&players=3&line=open%20A1~face%205&at=1`: one line from the game's start,
  readable, when the analysis is a single line without comments (`at` is the depth of the node
  shown; without it, the end of the line).
* `?game=...&players=...&tree=<packed>&at=12`: the whole tree (variations, chance branches,
  comments, and the root when it is not the game's start, e.g. a position from the editor),
  `PositionTree.to_dict` as compact JSON, zlib-compressed and base64url-encoded; `at` is the
  shown node's place in `PositionTree.nodes()` order.

The readable form is used while it fits `PLAIN_LINK`; the packed one while it fits `MAX_LINK`.
Past that the address keeps only the game and the page says to save the analysis as a file
instead (`Address.note`): this server answers an empty response past its 64 KB header limit
and a blank page from about 54 KB (measured, see the constants), so no link the app writes
reaches either. Options that differ from their defaults travel as `opt.<name>=<JSON value>`.
A link is untrusted input: every argument is bounded (`explorer.core.bounds`), a packed tree is
unpacked to at most `MAX_FILE` characters (no zip bomb) and every move is replayed and checked.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from explorer.analysis.tree import FORMAT, VERSION, Node, PositionTree
from explorer.core.bounds import (
    MAX_ACTION_TEXT,
    MAX_FILE,
    MAX_LINE_MOVES,
    check_text,
    preview,
    read_json,
    read_number,
)
from explorer.core.errors import PositionError
from explorer.core.game import Game, State

SEPARATOR = "~"      # in no game's notation (checked by tests/widgets/test_served.py)
MAX_ARGUMENT = 2_000        # characters of the game, players or one option
MAX_LINE_TEXT = 1_000_000   # characters of the line or the packed tree a link may bring
# Measured on `panel serve` (Bokeh 3.9, Tornado 6.6): a 53,012-character address opens, 55,361
# gives a blank page (the page's websocket request carries the arguments again, in its session
# token) and past 65,536 the server answers nothing. The app writes at most MAX_LINK.
MAX_LINK = 32_000
PLAIN_LINK = 8_000          # the readable line form up to here (many proxies stop at 8 KB)
PACKED = re.compile(r"[A-Za-z0-9_-]*")


@dataclass(frozen=True)
class Link:
    """What an address asks for: `line` is move notation from the start, `tree` a packed
    analysis (its data, not yet replayed), `at` the node to show (None: the end of the line)."""

    game: str
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    line: tuple[str, ...] = ()
    tree: dict[str, Any] | None = None
    at: int | None = None


@dataclass(frozen=True)
class Address:
    """The query the page's address should hold, and (when the analysis did not fit) why not."""

    query: str
    note: str = ""


def _base(game: Game) -> list[tuple[str, str]]:
    specs = {spec.name: spec for spec in game.option_specs()}
    params: list[tuple[str, str]] = [("game", game.name), ("players", str(game.players))]
    return params + [(f"opt.{name}", json.dumps(value)) for name, value in game.options.items()
                     if value != specs[name].default]


def _query(params: list[tuple[str, str]]) -> str:
    return "?" + urlencode(params, quote_via=quote, safe="@,:" + SEPARATOR)


def query_of(game: Game, line: tuple[str, ...], at: int | None = None) -> str:
    """The readable address's query (with its `?`) for `game` along `line`, showing depth `at`."""
    params = _base(game)
    if line:
        params.append(("line", SEPARATOR.join(line)))
    if at is not None and at != len(line):
        params.append(("at", str(at)))
    return _query(params)


def pack(tree: PositionTree, standard: bool) -> str:
    """The tree as compact JSON, compressed, in base64url without padding; the root's position
    is left out when it is the game's start (`standard`), which the link's game gives again."""
    data = tree.to_dict()
    del data["format"]
    if standard:
        del data["root"]
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpack(text: str, limit: int = MAX_FILE) -> dict[str, Any]:
    """A packed tree's data; `PositionError("tree")` for anything but base64url of zlib data that
    unpacks to at most `limit` bytes of JSON (decompression stops there: no zip bomb)."""
    if not PACKED.fullmatch(text):
        raise PositionError("tree", "is not a packed analysis (letters, digits, '-' and '_' only)")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise PositionError("tree", "is not a packed analysis (cut short?)") from None
    inflate = zlib.decompressobj()
    try:
        out = inflate.decompress(raw, limit + 1)
    except zlib.error:
        raise PositionError("tree", "is not a packed analysis (its compressed data is damaged)") from None
    if len(out) > limit or inflate.unconsumed_tail:
        raise PositionError("tree", f"unpacks to more than {limit:,} bytes; an analysis link holds at most that")
    if not inflate.eof:
        raise PositionError("tree", "is cut short: the packed analysis ends early")
    try:
        words = out.decode("utf-8")
    except UnicodeDecodeError:
        raise PositionError("tree", "does not unpack to UTF-8 text") from None
    data = read_json(words, "tree", limit)
    if not isinstance(data, dict):
        raise PositionError("tree", "does not unpack to an analysis (a JSON object)")
    return data


def node_at(tree: PositionTree, index: int) -> Node:
    """The node at place `index` of `tree.nodes()`, or `PositionError("at")`."""
    for i, node in enumerate(tree.nodes()):
        if i == index:
            return node
    raise PositionError("at", f"the analysis has {len(tree):,} positions; there is no position {index + 1:,}")


def place_of(tree: PositionTree, node: Node) -> int:
    """`node`'s place in `tree.nodes()` order (what `at` names in a packed link)."""
    return next(i for i, each in enumerate(tree.nodes()) if each is node)


def single_line(tree: PositionTree) -> bool:
    """True when the tree is one line without comments (the readable form says it all)."""
    return all(len(node.children) <= 1 and not node.comment for node in tree.nodes())


def address(tree: PositionTree, node: Node, standard: bool) -> Address:
    """The address for `tree` showing `node`: readable if it fits, else packed, else the game
    alone with a note saying why; `standard`: the root is the game's start."""
    game = tree.root.state.game
    if standard and single_line(tree):
        query = query_of(game, tree.mainline(), node.depth)
        if len(query) <= min(PLAIN_LINK, MAX_LINK):
            return Address(query)
    query = _query([*_base(game), ("tree", pack(tree, standard)), ("at", str(place_of(tree, node)))])
    if len(query) <= MAX_LINK:
        return Address(query)
    return Address(_query(_base(game)), f"This analysis is too long for a link ({len(query):,} characters, at "
                   f"most {MAX_LINK:,}): the address keeps only the game. Save analysis keeps it as a file.")


def open_tree(link: Link, start: State) -> tuple[PositionTree, Node]:
    """The analysis a link brings, replayed and checked, and the node it shows; `start` is the
    game's start, the root when the link leaves its root out. A mistake is a `PositionError`."""
    if link.tree is None:
        raise PositionError("tree", "the link holds no packed analysis")
    data = {**link.tree, "format": FORMAT}
    data.setdefault("version", VERSION)
    if "root" not in data:
        data["root"] = start.to_dict()
    try:
        tree = PositionTree.from_dict(data)
    except RecursionError:
        raise PositionError("tree", "variations nested too deeply") from None
    if tree.root.state.game != start.game:
        theirs = tree.root.state.game
        raise PositionError("tree", f"the analysis is of {theirs.title} ({theirs.players} players), "
                                    f"the link's game is {start.game.title} ({start.game.players} players)")
    if link.at is None:
        return tree, tree.node(tree.mainline())
    return tree, node_at(tree, link.at)


def open_link(controller: Any, link: Link, start: State | None) -> None:
    """Show what a link brings in a `widgets.controller.Controller`: its packed analysis at its
    node, or its line (at its move); `start` is the game's start (None: the controller's root)."""
    if link.tree is not None:
        tree, node = open_tree(link, start or controller.tree.root.state)
        return controller.open_analysis(tree, node)
    if link.line:
        controller.play_line(list(link.line))
    if link.at is not None:
        controller.goto(controller.path[:link.at])


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


def _line(args: Mapping[str, Any]) -> tuple[str, ...]:
    line_text = _text(args.get("line", [b""]), "line", MAX_LINE_TEXT)
    line = tuple(m for m in line_text.split(SEPARATOR) if m)
    if len(line) > MAX_LINE_MOVES:
        raise PositionError("line", f"{len(line):,} moves; a link's line has at most {MAX_LINE_MOVES:,}")
    for i, move in enumerate(line):
        if len(move) > MAX_ACTION_TEXT:
            raise PositionError(f"line.{i}", f"move {i + 1} is {len(move):,} characters; at most {MAX_ACTION_TEXT}")
    return line


def parse(args: Mapping[str, Any], games: list[str]) -> Link | None:
    """Read a query's arguments (as Panel gives them: name -> list of bytes); None without `game`.

    Raises `PositionError` naming the argument that is wrong and why: an unknown game, a player
    count the game does not allow, an option too long or too deep, a line too long, a packed
    tree that does not unpack (bounded), both a line and a tree, a position number that is none.
    """
    if "game" not in args:
        return None
    name = _text(args["game"], "game")
    if name not in games:
        raise PositionError("game", f"no game named {preview(name)} in the link; games: {', '.join(games)}")
    players = _players(_text(args["players"], "players"), name) if "players" in args else None
    options = {key[4:]: _option(key[4:], _text(args[key], key)) for key in args if key.startswith("opt.")}
    line = _line(args)
    tree = unpack(_text(args["tree"], "tree", MAX_LINE_TEXT)) if "tree" in args else None
    if tree is not None and line:
        raise PositionError("tree", "a link holds a line or a packed analysis, not both")
    at = read_number(_text(args["at"], "at"), "at", "a position number") if "at" in args else None
    if at is not None and tree is None and at > len(line):
        raise PositionError("at", f"the line has {len(line):,} moves; there is no move {at:,} to show")
    return Link(name, players, options, line, tree, at)
