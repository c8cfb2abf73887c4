"""`Explorer(game_or_state)`: every component around one controller."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from explorer.core.game import Game, State
from explorer.core.markup import escape
from widgets.components import ActionPicker, BoardView, EventLog, TreeNavigator, controller_of
from widgets.controller import Controller
from widgets.engine import EnginePanel
from widgets.panels import ChancePanel, PositionEditor, ViewSwitch
from widgets.seats import Seats


def _titled(title: str, widget: W.Widget) -> W.VBox:
    return W.VBox([W.HTML(f"<b>{escape(title)}</b>"), widget])


class Explorer(W.VBox):
    """Board, action picker, tree, chance panel, log, view switch, editor and seats."""

    def __init__(self, game_or_state: Controller | Game | State, seed: int | None = 0, **kwargs: Any) -> None:
        source = game_or_state if isinstance(game_or_state, Controller) else Controller(game_or_state, seed)
        self.controller = controller_of(source)
        ctl = self.controller
        self.view_switch = ViewSwitch(ctl)
        self.board = BoardView(ctl)
        self.picker = ActionPicker(ctl)
        self.tree = TreeNavigator(ctl)
        self.chance = ChancePanel(ctl)
        self.engine = EnginePanel(ctl)
        self.event_log = EventLog(ctl)
        self.editor = PositionEditor(ctl)
        self.seats = Seats(ctl)
        more = W.Accordion([self.seats, self.editor], titles=("Seats", "Position editor"))
        title = W.HTML(f"<h3 style='margin:4px 0'>{escape(ctl.game.title)}: {ctl.game.players} players</h3>")
        left = W.VBox([_titled("Legal actions", self.picker), _titled("Chance", self.chance),
                      _titled("Engine", self.engine)],
                      layout=W.Layout(flex="1 1 0", min_width="0"))
        right = W.VBox([_titled("What-if tree", self.tree), _titled("Event log", self.event_log)],
                       layout=W.Layout(flex="1 1 0", min_width="0"))
        super().__init__([title, self.view_switch, self.board, W.HBox([left, right]), more], **kwargs)
        self.add_class("pre-explorer")

    @property
    def state(self) -> State:
        return self.controller.state
