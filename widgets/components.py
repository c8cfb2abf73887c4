"""Notebook components: anywidget views bound to one controller.

Each view is one ESM file (shipped as package data) drawing the JSON that a pure
function of `present` makes; the browser sends plain requests back. The Panel app
reuses the same ESM files and functions (`widgets.served_explorer.bound_pane`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from explorer.core.game import Game, State
from widgets import present, present_chance, present_tree
from widgets.controller import Controller

HERE = Path(__file__).parent

# (ESM file, data function) per view; the Panel app reads the same table.
VIEWS: dict[str, tuple[Path, Callable[[Controller], dict]]] = {
    "board": (HERE / "board.js", present.board_data),
    "picker": (HERE / "picker.js", present.picker_data),
    "log": (HERE / "log.js", present_tree.log_data),
    "tree": (HERE / "tree.js", present_tree.tree_data),
    "chance": (HERE / "chance.js", present_chance.chance_data),
}

# Views that keep their own list in the browser and get deltas (`present_tree`).
FEEDS: dict[str, type[present_tree.Feed]] = {"tree": present_tree.TreeFeed, "log": present_tree.LogFeed}


class Source:
    """What one view sends: the whole data every time, or numbered deltas from a feed."""

    def __init__(self, name: str, controller: Controller) -> None:
        feed = FEEDS.get(name)
        self.feed = feed(controller) if feed else None
        self.present = VIEWS[name][1]
        self.controller = controller

    def full(self) -> dict:
        return self.feed.full() if self.feed else self.present(self.controller)

    def update(self) -> dict:
        return self.feed.update() if self.feed else self.present(self.controller)

    def handle(self, request: dict) -> dict | None:
        """Carry out a view's request; a view that missed a delta asks for the whole data again."""
        if request.get("op") == "sync":
            return self.full()
        self.controller.handle(request)
        return None


def controller_of(source: Controller | Game | State) -> Controller:
    """Share a controller when given one; otherwise make one for a game or state."""
    return source if isinstance(source, Controller) else Controller(source)


class BoundView(anywidget.AnyWidget):
    """An anywidget that draws `present` data of a controller and forwards requests."""

    data = traitlets.Dict().tag(sync=True)
    request = traitlets.Dict().tag(sync=True)
    view_name = ""

    def __init__(self, source: Controller | Game | State, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller_of(source)
        self._source = Source(self.view_name, self.controller)
        self.controller.observe(self._refresh, "revision")
        self.observe(self._on_request, "request")
        self.data = self._source.full()

    def _refresh(self, _change: Any = None) -> None:
        self.data = self._source.update()

    def _on_request(self, change: dict) -> None:
        reply = self._source.handle(change["new"])
        if reply is not None:
            self.data = reply


class BoardView(BoundView):
    """The game's own rendering; click a place for the legal actions that involve it."""

    _esm = VIEWS["board"][0]
    view_name = "board"


class ActionPicker(BoundView):
    """The legal actions in plain words, grouped by kind; one click plays."""

    _esm = VIEWS["picker"][0]
    view_name = "picker"


class EventLog(BoundView):
    """The story so far with rule IDs; clicking an ID shows the rule's statement."""

    _esm = VIEWS["log"][0]
    view_name = "log"


class TreeNavigator(BoundView):
    """The what-if tree as a move list: step, branch, promote, delete, comment; arrow keys."""

    _esm = VIEWS["tree"][0]
    view_name = "tree"


class ChanceControls(BoundView):
    """Roll (seeded) or choose an outcome at a chance node; fractions printed."""

    _esm = VIEWS["chance"][0]
    view_name = "chance"
