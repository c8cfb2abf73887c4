"""The one controller: a position tree, the current node, the viewer and the seats.

Every component observes `revision` and re-renders from the controller; none keeps
game state of its own. Front-ends (anywidget, Panel) send plain request dicts to
`handle`, so the notebook and the served app share every line of logic.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import traitlets

from explorer.analysis.tree import Node, Path, PositionTree
from explorer.core.errors import ExplorerError, PositionError
from explorer.core.game import Game, State


def as_state(game_or_state: Game | State, seed: int | None = 0) -> State:
    """A state to explore: a `State` as given, a `Game` started with `seed`."""
    if isinstance(game_or_state, State):
        return game_or_state
    if isinstance(game_or_state, Game):
        return game_or_state.start(seed=seed)
    raise PositionError("game_or_state", f"expected a Game or a State, not {type(game_or_state).__name__}")


def policy_factories(game: Game) -> tuple[dict[str, Any], str]:
    """The game's named policies plus the generic search bot, and a note for the seats panel."""
    from explorer.analysis.ismcts import ISMCTS

    def search(g: Game) -> Any:
        return ISMCTS(g, **g.search_settings())   # each game's budget: well under a second a move

    return {**game.policies(), "search (ISMCTS)": search}, ""


CHANCE_OPS = frozenset({"drill", "deal"})


class Controller(traitlets.HasTraits):
    """Holds the what-if tree; every change bumps `revision` so views re-render."""

    revision = traitlets.Int(0)
    path: Path = traitlets.Tuple()  # type: ignore[assignment]
    viewer = traitlets.Int(None, allow_none=True)
    error = traitlets.Unicode("")

    def __init__(self, game_or_state: Game | State, seed: int | None = 0) -> None:
        super().__init__()
        self.tree = PositionTree(as_state(game_or_state, seed))
        self.rng = random.Random(seed)
        self.seats: dict[int, str] = {}
        self._policies: dict[int, Any] = {}

    # -- reading --------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.tree.root.state.game

    @property
    def node(self) -> Node:
        return self.tree.node(self.path)

    @property
    def state(self) -> State:
        return self.node.state

    def _changed(self, path: Path | None = None) -> None:
        if path is not None:
            self.path = tuple(path)
        self.error = ""
        self.revision += 1

    # -- playing ----------------------------------------------------------------------------
    def play(self, move: Any) -> Path:
        """Play `move` (object or notation) here; an existing child is reused."""
        path = self.tree.play(self.path, move)
        self._changed(path)
        return path

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
        self.tree.node(tuple(path))  # PositionError names the path when it is not in the tree
        self._changed(tuple(path))

    def goto_index(self, at: list[int]) -> None:
        """Go to the node reached by taking child number `at[i]` at each step."""
        node = self.tree.root
        for depth, i in enumerate(at):
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(node.children):
                raise PositionError(f"at.{depth}", f"no child {i!r} at depth {depth}")
            node = node.children[i]
        self._changed(node.path)

    def first(self) -> None:
        self._changed(())

    def back(self) -> None:
        self._changed(self.path[:-1])

    def forward(self) -> None:
        children = self.node.children
        self._changed(children[0].path if children else self.path)

    def last(self) -> None:
        self._changed(self.tree.mainline(self.path))

    def variation(self, step: int) -> None:
        """Switch to the next (+1) or previous (-1) sibling at the fork above here."""
        node = self.node
        if node.parent is None:
            return self._changed()
        siblings = node.parent.children
        i = (siblings.index(node) + step) % len(siblings)
        self._changed(siblings[i].path)

    # -- editing ------------------------------------------------------------------------------
    def promote(self) -> None:
        self.tree.promote(self.path)
        self._changed()

    def make_main_line(self) -> None:
        self.tree.make_main_line(self.path)
        self._changed()

    def delete(self) -> None:
        self._changed(self.tree.delete(self.path))

    def comment(self, text: str) -> None:
        self.tree.comment(self.path, text)
        self._changed()

    def set_viewer(self, player: int | None) -> None:
        """`None` shows everything (teacher); a seat number shows only that player's view."""
        if player is not None and (isinstance(player, bool) or not 0 <= int(player) < self.game.players):
            raise PositionError("viewer", f"no player {player!r} in a {self.game.players}-player game")
        self.viewer = None if player is None else int(player)
        self._changed()

    def load_position(self, data: Mapping[str, Any]) -> None:
        """Explore from edited position data; `PositionError` names a bad field."""
        state = self.game.state_from_dict(data)
        self.tree = PositionTree(state)
        self._policies.clear()
        self._changed(())

    def position_text(self) -> str:
        """The current position as editable JSON: hidden information too, so only in everyone's view."""
        if self.viewer is not None:
            raise PositionError("viewer", "the position editor shows hidden information; switch to everyone's view")
        return json.dumps(self.state.to_dict(), indent=1, ensure_ascii=False)

    def load_position_text(self, text: str) -> None:
        """Explore from edited JSON text; a bad field or bad JSON raises `PositionError`, nothing changes."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise PositionError("(json)", f"not valid JSON: {err}") from None
        self.load_position(data)

    # -- seats --------------------------------------------------------------------------------
    def set_seat(self, player: int, policy: str | None) -> None:
        """Let `policy` (a name from `game.policies()`) play for `player`; None: a person."""
        if not 0 <= player < self.game.players:
            raise PositionError("seats", f"no player {player} in a {self.game.players}-player game")
        factories, _ = policy_factories(self.game)
        if policy is not None and policy not in factories:
            raise PositionError("seats", f"unknown policy {policy!r}; allowed: {', '.join(factories)}")
        self._policies.pop(player, None)
        if policy is None:
            self.seats.pop(player, None)
        else:
            self.seats[player] = policy
        self._changed()

    def _policy(self, player: int) -> Any:
        if player not in self._policies:
            factories, _ = policy_factories(self.game)
            self._policies[player] = factories[self.seats[player]](self.game)
        return self._policies[player]

    def step(self) -> bool:
        """One step by the seats: roll at chance, a seated policy's move; False if a person must act."""
        state = self.state
        if state.is_over:
            return False
        if state.is_chance:
            self.roll()
            return True
        if state.player not in self.seats:
            return False
        policy = self._policy(state.player)
        view = state.view(state.player) if policy.needs_view else None
        self.play(policy.choose(view, state.legal_actions(), self.rng))
        return True

    def play_on(self, max_steps: int = 500) -> int:
        """Let the seats play until a person must act, the game ends or `max_steps` pass."""
        steps = 0
        while steps < max_steps and self.step():
            steps += 1
        return steps

    # -- requests from the front-ends --------------------------------------------------------
    def handle(self, request: Mapping[str, Any]) -> None:
        """Carry out one request from a view; a mistake is shown in `error`, not raised."""
        if not request:
            return
        try:
            self._dispatch(request)
        except ExplorerError as err:
            self.error = str(err)
            self.revision += 1

    def _dispatch(self, request: Mapping[str, Any]) -> None:
        op = request.get("op")
        if op in CHANCE_OPS:
            return self._chance_request(request)
        simple: dict[str, Callable[[], Any]] = {
            "roll": self.roll, "first": self.first, "back": self.back, "forward": self.forward,
            "last": self.last, "promote": self.promote, "main_line": self.make_main_line,
            "delete": self.delete, "step": self.step, "play_on": self.play_on,
        }
        if op in simple:
            simple[op]()
        elif op == "play":
            self.play(str(request.get("move", "")))
        elif op == "choose":
            self.choose(str(request.get("move", "")))
        elif op == "goto":
            self.goto_index(list(request.get("at", [])))
        elif op == "variation":
            self.variation(-1 if request.get("step") == -1 else 1)
        elif op == "comment":
            self.comment(str(request.get("text", "")))
        elif op == "viewer":
            value = request.get("player")
            if value in (None, "", "all"):
                return self.set_viewer(None)
            if not str(value).isdigit():
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
        path = self.path
        for _ in range(max_steps):
            state = self.tree.node(path).state
            if not state.is_chance:
                break
            path = self.tree.play(path, state.sample_chance(self.rng))
        self._changed(path)
        return path

    def _chance_request(self, request: Mapping[str, Any]) -> None:
        if request.get("op") == "deal":
            self.deal()
            return
        steps = request.get("steps", [])
        if not isinstance(steps, list):
            raise PositionError("group", f"{steps!r} is not a list of group names")
        self.drill(steps)
