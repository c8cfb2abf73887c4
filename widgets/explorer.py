"""`Explorer(game_or_state)`: every component around one controller."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from explorer.core.game import Game, State
from explorer.core.markup import escape
from widgets import layout
from widgets.components import ActionPicker, BoardView, EventLog, TreeNavigator, controller_of
from widgets.controller import Controller
from widgets.engine import EnginePanel
from widgets.panels import ChancePanel, PositionEditor, ViewSwitch
from widgets.seats import Seats


def _titled(title: str, widget: W.Widget) -> W.VBox:
    return W.VBox([W.HTML(f"<div class='pre-section-title'>{escape(title)}</div>"), widget])


def _column(children: list[W.Widget], grow: int, basis: int, css: str) -> W.VBox:
    box = W.VBox(children, layout=W.Layout(flex=f"{grow} 1 {basis}px", min_width="0", max_width="100%"))
    box.add_class(css)
    return box


class Explorer(W.VBox):
    """One screen (`widgets.layout`): the board and its moves on the left; the tree, the chance
    panel and the engine on the right; the log, seats and editor below."""

    def __init__(self, game_or_state: Controller | Game | State, seed: int | None = 0, **kwargs: Any) -> None:
        source = game_or_state if isinstance(game_or_state, Controller) else Controller(game_or_state, seed)
        self.controller = controller_of(source)
        ctl = self.controller
        self.view_switch = ViewSwitch(ctl)
        self.board = BoardView(ctl)
        self.picker = ActionPicker(ctl)
        self.tree = TreeNavigator(ctl)
        self.chance = ChancePanel(ctl)
        self.engine = EnginePanel(ctl, views=[self.board, self.picker])
        self.event_log = EventLog(ctl)
        self.editor = PositionEditor(ctl)
        self.seats = Seats(ctl)
        more = W.Accordion([self.seats, self.editor], titles=("Seats", "Position editor"))
        title = W.HTML(f"<style>{layout.notebook_css()}</style>"
                       f"<h3 style='margin:4px 0'>{escape(ctl.game.title)}: {ctl.game.players} players</h3>")
        left = _column([self.view_switch, self.board, self.picker], layout.LEFT_GROW, layout.LEFT_BASIS,
                       "pre-main-left")
        right = _column([_titled("What-if tree", self.tree), _titled("Chance", self.chance),
                         _titled("Engine", self.engine)], layout.RIGHT_GROW, layout.RIGHT_BASIS, "pre-main-right")
        main = W.HBox([left, right], layout=W.Layout(flex_flow="row wrap", align_items="flex-start",
                                                     grid_gap=f"{layout.GAP}px", width="100%"))
        main.add_class("pre-main")
        super().__init__([title, main, _titled("Event log", self.event_log), more], **kwargs)
        self.add_class("pre-explorer")

    @property
    def state(self) -> State:
        return self.controller.state
