"""The one controller: a position tree, the current node, the viewer and the seats.

Components observe `revision`; `change` says what the last revision did (a move, a new
node, a comment, or a reset when the tree's shape or the viewer changed), so a view can
send only that. Front-ends (anywidget, Panel) send plain request dicts to `handle`, so
the notebook and the served app share every line of logic.
"""

from __future__ import annotations

import json
import random
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

import traitlets

from explorer.analysis.tree import Node, Path, PositionTree
from explorer.core.bounds import MAX_POSITION_TEXT, is_number, read_json
from explorer.core.errors import ExplorerError, PositionError
from explorer.core.game import Game, State
from widgets.changes import Change, Undo, count_removed, orders, removal_words
from widgets.guard import attempt
from widgets.playing import Seating, asyncio_scheduler, policy_factories

UNDO_DEPTH = 50
__all__ = ["Controller", "as_state", "policy_factories"]


def as_state(game_or_state: Game | State, seed: int | None = 0) -> State:
    """A state to explore: a `State` as given, a `Game` started with `seed`."""
    if isinstance(game_or_state, State):
        return game_or_state
    if isinstance(game_or_state, Game):
        return game_or_state.start(seed=seed)
    raise PositionError("game_or_state", f"expected a Game or a State, not {type(game_or_state).__name__}")


def looks_like_json(text: str) -> bool:
    """Position data (``{...}``, or a stray JSON list) rather than the notation's key: value lines."""
    return text.lstrip()[:1] in ("{", "[")


CHANCE_OPS = frozenset({"drill", "deal"})


class Controller(Seating, traitlets.HasTraits):
    """Holds the what-if tree; every change bumps `revision` so views update."""

    revision = traitlets.Int(0)
    path: Path = traitlets.Tuple()  # type: ignore[assignment]
    viewer = traitlets.Int(None, allow_none=True)
    error = traitlets.Unicode("")
    playing = traitlets.Bool(False)
    undo_label = traitlets.Unicode("")

    def __init__(self, game_or_state: Game | State, seed: int | None = 0) -> None:
        super().__init__()
        self.tree = PositionTree(as_state(game_or_state, seed))
        self._node = self.tree.root
        self.change = Change("reset")
        self.rng = random.Random(seed)
        self.seats: dict[int, str] = {}
        self._policies: dict[int, Any] = {}
        self._undo: deque[Undo] = deque(maxlen=UNDO_DEPTH)
        self.scheduler = asyncio_scheduler
        self.play_delay = 0.02
        self._stopper = None
        self._left = 0

    # -- reading --------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.tree.root.state.game

    @property
    def node(self) -> Node:
        return self._node

    @property
    def state(self) -> State:
        return self._node.state

    @traitlets.observe("path")
    def _path_set(self, change: dict) -> None:
        if change["new"] != self._node.path:      # someone set `path` directly
            self._node = self.tree.node(tuple(change["new"]))

    def _changed(self, node: Node | None = None, change: Change | None = None) -> None:
        if node is not None:
            self._node = node
            self.path = node.path                 # kept on the node: no walk to the root
        self.change = change or Change("move")
        self.error = ""
        self.revision += 1

    def _reset(self, node: Node | None = None) -> None:
        self._changed(node, Change("reset"))

    # -- playing ----------------------------------------------------------------------------
    def play(self, move: Any) -> Path:
        """Play `move` (object or notation) here; an existing child is reused."""
        before = len(self._node.children)
        node = self.tree.play_at(self._node, move)
        added = node if len(self._node.children) > before else None
        self._changed(node, Change("move", added=added))
        return node.path

    def roll(self) -> Path:
        """Resolve the chance node here with the explorer's seeded generator."""
        if not self.state.is_chance:
            raise PositionError("path", "not a chance node: nothing to roll")
        return self.play(self.state.sample_chance(self.rng))

    def choose(self, outcome: Any) -> Path:
        """Pick a chance outcome by hand (a what-if)."""
        if not self.state.is_chance:
            raise PositionError("path", "not a chance node: no outcome to choose")
        return self.play(outcome)

    # -- moving about -------------------------------------------------------------------------
    def goto(self, path: Path) -> None:
        self._changed(self.tree.node(tuple(path)))  # PositionError names the path when it is not in the tree

    def goto_id(self, number: Any) -> None:
        """Go to the node the views know by its number."""
        self._changed(self.tree.by_id(number))

    def goto_index(self, at: list[int]) -> None:
        """Go to the node reached by taking child number `at[i]` at each step."""
        node = self.tree.root
        for depth, i in enumerate(at):
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(node.children):
                raise PositionError(f"at.{depth}", f"no child {i!r} at depth {depth}")
            node = node.children[i]
        self._changed(node)

    def first(self) -> None:
        self._changed(self.tree.root)

    def back(self) -> None:
        self._changed(self._node.parent or self._node)

    def forward(self) -> None:
        children = self._node.children
        self._changed(children[0] if children else self._node)

    def last(self) -> None:
        node = self._node
        while node.children:
            node = node.children[0]
        self._changed(node)

    def variation(self, step: int) -> None:
        """Choose another line at a fork (↑/↓, the README's words): on the fork node itself (two
        or more moves after it) go into its next (+1: the first variation) or previous (-1: the
        last) line; on a move of a fork, switch to the next or previous sibling."""
        node = self._node
        if len(node.children) > 1:
            return self._changed(node.children[1 if step > 0 else -1])
        if node.parent is None:
            return self._changed()
        siblings = node.parent.children
        self._changed(siblings[(siblings.index(node) + step) % len(siblings)])

    # -- editing (each undoable) ------------------------------------------------------------------
    def _remember(self, label: str, restore: Callable[[], Node]) -> None:
        self._undo.append(Undo(label, restore))
        self.undo_label = label

    def undo(self) -> None:
        """Take back the last destructive change (delete, promote, main line, comment, load)."""
        if not self._undo:
            raise PositionError("undo", "nothing to undo")
        node = self._undo.pop().restore()
        self.undo_label = self._undo[-1].label if self._undo else ""
        self._reset(node)

    def _reorder(self, label: str, apply: Callable[[Path], None]) -> None:
        node, saved = self._node, orders(self._node)
        apply(node.path)

        def restore() -> Node:
            for parent, order in saved:
                parent.children[:] = order
            return node
        self._remember(label, restore)
        self._reset()

    def promote(self) -> None:
        self._reorder("promote", self.tree.promote)

    def make_main_line(self) -> None:
        self._reorder("make main line", self.tree.make_main_line)

    def delete(self) -> None:
        node = self._node
        if node.parent is None:
            raise PositionError("path", "the root cannot be deleted")
        index = node.parent.children.index(node)
        label = "delete " + removal_words(*count_removed(node))
        self.tree.delete(node.path)

        def restore() -> Node:
            self.tree.restore(node, index)
            return node
        self._remember(label, restore)
        self._reset(node.parent)

    def comment(self, text: str) -> None:
        node, old = self._node, self._node.comment
        if str(text) == old:
            return self._changed()
        self.tree.comment(node.path, text)

        def restore() -> Node:
            node.comment = old
            return node
        self._remember("comment", restore)
        self._changed(change=Change("comment", node=node))

    def _replace_tree(self, tree: PositionTree, label: str, node: Node | None = None) -> None:
        old_tree, old_node = self.tree, self._node

        def restore() -> Node:
            self.tree = old_tree
            self._policies.clear()
            return old_node
        self.tree = tree
        self._policies.clear()
        self._remember(label, restore)
        self._reset(node or tree.root)

    def open_analysis(self, tree: PositionTree, node: Node | None = None) -> None:
        """Show `tree` (an analysis a link brings) at `node`, with no undo entry: it replaces
        the game's bare start, which the link's page never showed."""
        self.tree = tree
        self._policies.clear()
        self._reset(node or tree.root)

    def set_viewer(self, player: int | None) -> None:
        """`None` shows everything (teacher); a seat number shows only that player's view."""
        if player is not None and (isinstance(player, bool) or not 0 <= int(player) < self.game.players):
            raise PositionError("viewer", f"no player {player!r} in a {self.game.players}-player game")
        self.viewer = None if player is None else int(player)
        self._reset()

    def load_position(self, data: Mapping[str, Any]) -> None:
        """Explore from edited position data; `PositionError` names a bad field."""
        self._replace_tree(PositionTree(self.game.state_from_dict(data)), "load position")

    def position_text(self) -> str:
        """The current position in the game's notation (JSON for a game without one): hidden
        information too, so only in everyone's view."""
        if self.viewer is not None:
            raise PositionError("viewer", "the position editor shows hidden information; switch to everyone's view")
        if self.game.can("position_text"):
            return self.state.notation()
        return json.dumps(self.state.to_dict(), indent=1, ensure_ascii=False)

    def load_position_text(self, text: str) -> None:
        """Explore from a position in the game's notation, or JSON when it starts with ``{``; a
        mistake raises `PositionError` (the notation's field is the bad line's key), nothing changes.
        Text starting with ``[`` is read as JSON too, to say it is not an object."""
        if not looks_like_json(text):
            if not self.game.can("position_text"):
                raise PositionError("(notation)", f"{self.game.title} has no short notation yet: "
                                    "paste the position as JSON (it starts with '{')")
            state = self.game.position(text)
            return self._replace_tree(PositionTree(state), "load position")
        self.load_position(read_json(text, limit=MAX_POSITION_TEXT))

    # -- keeping an analysis ----------------------------------------------------------------------
    def analysis_text(self) -> str:
        """The whole tree (moves, chance branches, comments) as the JSON of `PositionTree.to_json`."""
        return self.tree.to_json(indent=1, ensure_ascii=False)

    def save(self) -> None:
        """Hand the tree's JSON to the views, which offer it as a file to download."""
        if self.viewer is not None:
            raise PositionError("viewer", "a saved analysis holds every hidden card and draw; "
                                "switch to everyone's view to save it")
        name = f"{self.game.name}-analysis.json"
        self._changed(change=Change("save", download=(name, self.analysis_text())))

    def load_analysis(self, text: str) -> None:
        """Replace the tree by a saved one of this game (undoable); a bad file changes nothing."""
        tree = PositionTree.from_json(text)
        if tree.root.state.game != self.game:
            mine, theirs = self.game, tree.root.state.game
            raise PositionError("root.game", f"the file is an analysis of {theirs.title} ({theirs.players} players"
                                f"{', other options' if theirs.name == mine.name else ''}); this explorer shows "
                                f"{mine.title} ({mine.players} players)")
        node = tree.root
        while node.children:                       # open it at the end of its main line
            node = node.children[0]
        self._replace_tree(tree, "load analysis", node)

    def play_line(self, moves: list[str]) -> None:
        """Follow (or grow) `moves` from the root; a bad move names its place in the line."""
        node = self.tree.root
        for i, move in enumerate(moves):
            try:
                node = self.tree.play_at(node, move)
            except ExplorerError as err:
                self._reset(node)           # stay at the last good move
                raise PositionError(f"line.{i}", f"move {i + 1} {move!r}: {err}") from None
        self._reset(node)

    # -- requests from the front-ends --------------------------------------------------------
    def handle(self, request: Mapping[str, Any]) -> None:
        """Carry out one request from a view; a mistake is shown in `error`, not raised."""
        if not request:
            return
        _, err, unexpected = attempt(f"the {str(request.get('op'))[:30]!r} request", lambda: self._dispatch(request))
        if err is not None or unexpected:
            self.change = Change("status")
            self.error = str(err) if err is not None else unexpected
            self.revision += 1

    def _dispatch(self, request: Mapping[str, Any]) -> None:
        op = request.get("op")
        if op in CHANCE_OPS:
            return self._chance_request(request)
        simple: dict[str, Callable[[], Any]] = {
            "roll": self.roll, "first": self.first, "back": self.back, "forward": self.forward,
            "last": self.last, "promote": self.promote, "main_line": self.make_main_line,
            "delete": self.delete, "step": self.step_request, "play_on": self.start_play_on,
            "stop": self.stop, "undo": self.undo, "save": self.save,
        }
        if op in simple:
            simple[op]()
        elif op == "play":
            self.play(str(request.get("move", "")))
        elif op == "choose":
            self.choose(str(request.get("move", "")))
        elif op == "goto":
            if "id" in request:
                return self.goto_id(request.get("id"))
            self.goto_index(list(request.get("at", [])))
        elif op == "variation":
            self.variation(-1 if request.get("step") == -1 else 1)
        elif op == "comment":
            self.comment(str(request.get("text", "")))
        elif op == "load_analysis":
            self.load_analysis(str(request.get("text", "")))
        elif op == "viewer":
            value = request.get("player")
            if value in (None, "", "all"):
                return self.set_viewer(None)
            if not is_number(str(value)):
                raise PositionError("viewer", f"{value!r} is not a seat number or 'all'")
            self.set_viewer(int(value))
        else:
            raise PositionError("request.op", f"unknown request {op!r}")

    # -- chance panel: open a group of outcomes, deal the set-up in one click ------------------
    # (node, viewer, drill steps, revision): what the chance panel has open, until the next change
    chance_focus: tuple = (None, None, (), -1)

    def drill(self, steps: list[str]) -> None:
        """Open a group of the chance panel here (`steps`: group keys from the top; [] closes all).
        A step that names no group raises `PositionError` (field ``group``); nothing changes."""
        from widgets.present_chance import chance_items, open_level

        if not self.state.is_chance:
            raise PositionError("path", "not a chance node: no outcomes to open")
        steps = [str(step) for step in steps]
        items = chance_items(self.state, self.viewer)
        if items is None:
            raise PositionError("group", "this player's odds are not known here: nothing to open")
        open_level(items, steps)
        self.chance_focus = (self.node, self.viewer, tuple(steps), self.revision + 1)   # before views redraw
        self._changed()

    def deal(self, max_steps: int = 500) -> Path:
        """Resolve chance nodes with the seeded generator until a decision (the whole set-up in
        one click); every draw stays a node of the tree, so each can still be chosen by hand."""
        if not self.state.is_chance:
            raise PositionError("path", "not a chance node: nothing to deal")
        node = self._node
        for _ in range(max_steps):
            if not node.state.is_chance:
                break
            node = self.tree.play_at(node, node.state.sample_chance(self.rng))
        self._reset(node)   # one update for the whole deal: the views take the tree afresh
        return node.path

    def _chance_request(self, request: Mapping[str, Any]) -> None:
        if request.get("op") == "deal":
            self.deal()
            return
        steps = request.get("steps", [])
        if not isinstance(steps, list):
            raise PositionError("group", f"{steps!r} is not a list of group names")
        self.drill(steps)
