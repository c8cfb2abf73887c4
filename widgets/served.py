"""The served app: the same ESM views and controller in Panel (`panel serve apps/explorer_app.py`).

Panel's AnyWidgetComponent runs the anywidget ESM files unchanged, Bokeh draws the chance
chart and the position editor answers through `widgets.editing`, like the notebook's, so
nothing here repeats the logic of the notebook components.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from explorer.core.game import Game, State
from widgets import editing, present, present_chance
from widgets.chart import chance_figure, update_chance_figure
from widgets.components import VIEWS
from widgets.controller import Controller, policy_factories
from widgets.engine import engine_pane


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
    # The class goes on a wrapper: a Bokeh pane shown from the start renders the figure
    # itself, without the pane's css_classes.
    pane = pn.Column(pn.pane.Bokeh(fig), css_classes=["pre-chance-chart"])

    def refresh(_change: Any = None) -> None:
        data = present_chance.chance_data(controller)
        rows = data["rows"]
        if rows:
            # A click that arrives while a widget change is pending (type in the editor, then
            # click) runs without Bokeh's document lock; hold() sends these raw Bokeh model
            # changes itself (without it: "_pending_writes should be non-None").
            with pn.io.hold():
                update_chance_figure(fig, rows, data["title"])
        pane.visible = bool(rows)   # no other view's or node's odds stay on screen

    controller.observe(refresh, "revision")
    refresh()
    return pane


def view_switch(controller: Controller) -> Any:
    options = {label: "all" if player is None else str(player)
               for label, player in present.viewer_options(controller)}
    switch = pn.widgets.RadioButtonGroup(options=options, value="all", css_classes=["pre-view-switch"])
    switch.param.watch(lambda event: controller.handle({"op": "viewer", "player": event.new}), "value")
    return switch


def seats(controller: Controller) -> Any:
    """A policy (or a person) per seat, and buttons to step or play on."""
    factories, note = policy_factories(controller.game)
    options = {"person": "person", **{name.replace("_", " "): name for name in factories}}
    choices = []
    for player in range(controller.game.players):
        choice = pn.widgets.Select(label=present.player_name(controller.game, player), options=options,
                                   value="person", width=140)
        choice.param.watch(lambda event, p=player: controller.set_seat(p, None if event.new == "person" else event.new),
                           "value")
        choices.append(choice)
    step = pn.widgets.Button(label="Step", css_classes=["pre-step"])
    play_on = pn.widgets.Button(label="Play on", css_classes=["pre-play-on"])
    step.on_click(lambda _: controller.handle({"op": "step"}))
    play_on.on_click(lambda _: controller.handle({"op": "play_on"}))
    return pn.Column("### Seats", pn.Row(*choices), pn.Row(step, play_on), note, css_classes=["pre-seats"])


def position_editor(controller: Controller) -> Any:
    """Edit the position as JSON, a bad field named inline, then explore from it (`widgets.editing`)."""
    text = pn.widgets.TextAreaInput(height=220, sizing_mode="stretch_width", css_classes=["pre-editor-text"])
    message = pn.pane.HTML("", css_classes=["pre-editor-message"])
    take = pn.widgets.Button(label="Copy current position", css_classes=["pre-editor-copy"])
    apply = pn.widgets.Button(label="Explore from here", color="primary", css_classes=["pre-editor-apply"])

    def show(reply: editing.EditorReply | None) -> None:
        if reply is None:
            return
        if reply.text is not None:
            text.value = reply.text
        message.object = reply.message

    take.on_click(lambda _: show(editing.copy_current(controller)))
    apply.on_click(lambda _: show(editing.explore(controller, text.value)))
    controller.observe(lambda _: show(editing.viewer_changed(controller)), "viewer")
    show(editing.copy_current(controller))
    return pn.Card(text, pn.Row(take, apply), message, title="Position editor", collapsed=True,
                   sizing_mode="stretch_width", css_classes=["pre-editor"])


def explorer_layout(game_or_state: Controller | Game | State, seed: int | None = 0) -> Any:
    """Board, picker, chance, tree, log, seats and position editor around one controller."""
    ctl = game_or_state if isinstance(game_or_state, Controller) else Controller(game_or_state, seed)
    left = pn.Column("### Legal actions", bound_pane("picker", ctl, sizing_mode="stretch_width"), "### Chance",
                     chance_chart(ctl), bound_pane("chance", ctl, sizing_mode="stretch_width"),
                     "### Engine", engine_pane(ctl), sizing_mode="stretch_width")
    right = pn.Column("### What-if tree", bound_pane("tree", ctl, sizing_mode="stretch_width"),
                      "### Event log", bound_pane("log", ctl, sizing_mode="stretch_width"), width=480)
    layout = pn.Column(view_switch(ctl), bound_pane("board", ctl, sizing_mode="stretch_width", max_width=1100),
                       pn.Row(left, right, sizing_mode="stretch_width"), seats(ctl), position_editor(ctl),
                       sizing_mode="stretch_width")
    layout.controller = ctl
    return layout


def game_choices() -> dict[str, str]:
    """The game list as people read it: title -> module name (the option's value)."""
    import explorer

    return {explorer.load(name).title: name for name in explorer.games()}


def seat_range(name: str) -> tuple[int, int, int]:
    """(fewest, most, default) players the game allows, from the game itself."""
    import explorer

    game = explorer.load(name)
    return type(game).min_players, type(game).max_players, game.players


def serve_own_assets() -> None:
    """Under `panel serve`, every asset comes from the app's own server. Panel takes any
    resource mode but 'server' (BOKEH_RESOURCES=inline, as the offline set-up has it) as
    'use the CDN' for its components' stylesheets, and asks cdn.holoviz.org for them on
    every new layout; the served page has a server of its own, so say so."""
    from bokeh.settings import settings

    served = pn.state.curdoc is not None and pn.state.curdoc.session_context is not None
    if served and settings.resources(default="server") != "server":
        settings.resources.set_value("server")


def app(seed: int | None = 0) -> Any:
    """The whole page: pick a game and player count, then explore it."""
    import explorer

    serve_own_assets()
    choices = game_choices()
    first = next(iter(choices.values()))
    low, high, default = seat_range(first)
    game = pn.widgets.Select(label="Game", options=choices, value=first, css_classes=["pre-game"])
    players = pn.widgets.IntInput(label="Players", value=default, start=low, end=high if high > low else None,
                                  disabled=high == low, width=100, css_classes=["pre-players"])
    setup = pn.widgets.Checkbox(label="Show the set-up (deal it here)", value=False, css_classes=["pre-setup"])
    start = pn.widgets.Button(label="New game", color="primary", css_classes=["pre-new-game"])
    message = pn.pane.Markdown("", css_classes=["pre-app-message"])
    holder = pn.Column(sizing_mode="stretch_width")

    def new_game(_event: Any = None) -> None:
        try:
            loaded = explorer.load(game.value, players.value)
        except explorer.OptionError as err:
            message.object = f"**{err}**"
            return
        message.object = ""
        holder.objects = [explorer_layout(loaded.new_state() if setup.value else loaded, seed)]

    def switch_game(_event: Any = None) -> None:
        """A new game keeps no impossible player count: its own range and default."""
        low, high, default = seat_range(game.value)
        # one allowed count: fixed (the spinner rejects equal bounds)
        players.param.update(start=low, end=high if high > low else None, value=default, disabled=high == low)
        new_game()

    start.on_click(new_game)
    game.param.watch(switch_game, "value")
    new_game()
    return pn.Column(pn.pane.HTML("<h1>Pirate Rules Explorer</h1>"), pn.Row(game, players, start, setup), message,
                     holder, sizing_mode="stretch_width")
