"""The served app: the same ESM views and controller in Panel (`panel serve apps/explorer_app.py`).

Panel's AnyWidgetComponent runs the anywidget ESM files unchanged, and Bokeh draws the
chance chart, so nothing here repeats the logic of the notebook components.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from explorer.core.game import Game, State
from widgets import present
from widgets.chart import chance_figure, update_chance_figure
from widgets.components import VIEWS
from widgets.controller import Controller


def _component_class(name: str) -> type:
    esm, _ = VIEWS[name]
    attrs = {"_esm": esm, "data": param.Dict(default={}), "request": param.Dict(default={}),
             "__doc__": f"The {name} view (ESM {esm.name}) as a Panel component."}
    return type(f"{name.capitalize()}Pane", (pn.custom.AnyWidgetComponent,), attrs)


PANES = {name: _component_class(name) for name in VIEWS}


def bound_pane(name: str, controller: Controller, **kwargs: Any) -> Any:
    """A Panel component of view `name`, re-drawn on every change of `controller`."""
    present_data = VIEWS[name][1]
    pane = PANES[name](data=present_data(controller), css_classes=[f"pre-{name}-pane"], **kwargs)

    def refresh(_change: Any = None) -> None:
        pane.data = present_data(controller)

    controller.observe(refresh, "revision")
    pane.param.watch(lambda event: controller.handle(event.new), "request")
    return pane


def chance_chart(controller: Controller) -> Any:
    fig = chance_figure()
    pane = pn.pane.Bokeh(fig, css_classes=["pre-chance-chart"])

    def refresh(_change: Any = None) -> None:
        rows = present.chance_data(controller)["rows"]
        if rows:
            update_chance_figure(fig, rows)
        pane.visible = bool(rows)

    controller.observe(refresh, "revision")
    refresh()
    return pane


def view_switch(controller: Controller) -> Any:
    options = {label: "all" if player is None else str(player)
               for label, player in present.viewer_options(controller)}
    switch = pn.widgets.RadioButtonGroup(options=options, value="all", css_classes=["pre-view-switch"])
    switch.param.watch(lambda event: controller.handle({"op": "viewer", "player": event.new}), "value")
    return switch


def explorer_layout(game_or_state: Controller | Game | State, seed: int | None = 0) -> Any:
    """Board, picker, chance, tree and log around one controller."""
    ctl = game_or_state if isinstance(game_or_state, Controller) else Controller(game_or_state, seed)
    left = pn.Column(bound_pane("board", ctl, sizing_mode="stretch_width"), "### Legal actions",
                     bound_pane("picker", ctl, sizing_mode="stretch_width"), "### Chance",
                     chance_chart(ctl), bound_pane("chance", ctl, sizing_mode="stretch_width"),
                     sizing_mode="stretch_width")
    right = pn.Column("### What-if tree", bound_pane("tree", ctl, sizing_mode="stretch_width"),
                      "### Event log", bound_pane("log", ctl, sizing_mode="stretch_width"), width=420)
    layout = pn.Column(view_switch(ctl), pn.Row(left, right, sizing_mode="stretch_width"),
                       sizing_mode="stretch_width")
    layout.controller = ctl
    return layout


def app(seed: int | None = 0) -> Any:
    """The whole page: pick a game and player count, then explore it."""
    import explorer

    names = list(explorer.games())
    game = pn.widgets.Select(name="Game", options=names, value=names[0], css_classes=["pre-game"])
    players = pn.widgets.IntInput(name="Players", value=3, start=1, end=9, width=100)
    start = pn.widgets.Button(name="New game", button_type="primary")
    message = pn.pane.Markdown("", css_classes=["pre-app-message"])
    holder = pn.Column(sizing_mode="stretch_width")

    def new_game(_event: Any = None) -> None:
        try:
            loaded = explorer.load(game.value, players.value)
        except explorer.OptionError as err:
            message.object = f"**{err}**"
            return
        message.object = ""
        holder.objects = [explorer_layout(loaded, seed)]

    start.on_click(new_game)
    game.param.watch(new_game, "value")
    new_game()
    return pn.Column(pn.pane.HTML("<h1>Pirate Rules Explorer</h1>"), pn.Row(game, players, start), message, holder,
                     sizing_mode="stretch_width")
