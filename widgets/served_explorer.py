"""The served explorer (one screen, `widgets.layout`, as in the notebook): the same ESM views and
controller as Panel components, with the seats, the view switch and the position editor.

Panel's AnyWidgetComponent runs the anywidget ESM files unchanged; the position editor answers
through `widgets.editing`, like the notebook's. `widgets.served` puts it on the page.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param
from bokeh.settings import settings
from panel.io.document import hold

import explorer
from explorer.core.game import Game, State
from explorer.core.markup import escape
from widgets import editing, layout, present
from widgets.components import VIEWS, Source
from widgets.controller import Controller, policy_factories
from widgets.engine import engine_pane
from widgets.guard import guarded
from widgets.playing import seats_message


def game_choices() -> dict[str, str]:
    """The game list as people read it: title -> module name (the option's value)."""
    return {explorer.load(name).title: name for name in explorer.games()}


def seat_range(name: str) -> tuple[int, int, int]:
    """(fewest, most, default) players the game allows, from the game itself."""
    game = explorer.load(name)
    return type(game).min_players, type(game).max_players, game.players


def serve_own_assets() -> None:
    """Under `panel serve`, every asset comes from the app's own server. Panel takes any
    resource mode but 'server' (BOKEH_RESOURCES=inline, as the offline set-up has it) as
    'use the CDN' for its components' stylesheets, and asks cdn.holoviz.org for them on
    every new layout; the served page has a server of its own, so say so."""
    served = pn.state.curdoc is not None and pn.state.curdoc.session_context is not None
    if served and settings.resources(default="server") != "server":
        settings.resources.set_value("server")


def _component_class(name: str) -> type:
    esm, _ = VIEWS[name]
    # A click's request is handled on the server's next tick: Panel otherwise holds a change from
    # the page for 50 ms (`_debounce`, meant for typing), measured as 50 ms of every click's latency.
    attrs = {"_esm": esm, "data": param.Dict(default={}), "request": param.Dict(default={}),
             "_priority_changes": ["request"],
             "__doc__": f"The {name} view (ESM {esm.name}) as a Panel component."}
    return type(f"{name.capitalize()}Pane", (pn.custom.AnyWidgetComponent,), attrs)


PANES = {name: _component_class(name) for name in VIEWS}


def bound_pane(name: str, controller: Controller, **kwargs: Any) -> Any:
    """A Panel component of view `name`, updated (whole or by deltas) on every change of `controller`."""
    source = Source(name, controller)
    pane = PANES[name](data=source.full(), css_classes=[f"pre-{name}-pane"], **kwargs)

    def refresh(_change: Any = None) -> None:
        pane.data = source.update()

    def on_request(event: Any) -> None:
        with hold():     # every view's update of this click in one message, not one per tick
            reply = source.handle(event.new)
            if reply is not None:
                pane.data = reply

    controller.observe(refresh, "revision")
    pane.param.watch(on_request, "request")
    return pane


def panel_scheduler(tick: Any, delay: float) -> Any:
    """Play on in the served app: one step per periodic callback, so every step reaches the page."""
    callback = None

    def run() -> None:
        if not tick() and callback is not None:
            callback.stop()

    # At least 100 ms: the step and its view updates take tens of ms, and a busier period
    # starves the clicks (Stop among them) waiting on the same document lock.
    callback = pn.state.add_periodic_callback(run, period=max(100, int(delay * 1000)))
    return callback.stop


def view_switch(controller: Controller) -> Any:
    options = {label: "all" if player is None else str(player)
               for label, player in present.viewer_options(controller)}
    # the buttons wrap on a narrow page (a 5-player game's view switch is wider than 600 px)
    switch = pn.widgets.RadioButtonGroup(options=options, value="all", css_classes=["pre-view-switch"],
                                         stylesheets=[".bk-btn-group { flex-wrap: wrap; }"])
    switch.param.watch(lambda event: controller.handle({"op": "viewer", "player": event.new}), "value")
    return switch


def seats(controller: Controller) -> Any:
    """A policy (or a person) per seat; Step, Play on (in the background) and Stop."""
    factories, note = policy_factories(controller.game)
    options = {"person": "person", **{name.replace("_", " "): name for name in factories}}
    choices = []
    message = pn.pane.HTML("", css_classes=["pre-seats-message"])

    @guarded("the seats", lambda html: setattr(message, "object", html))
    def choose(player: int, value: str) -> None:
        controller.set_seat(player, None if value == "person" else value)

    for player in range(controller.game.players):
        choice = pn.widgets.Select(label=present.player_name(controller.game, player), options=options,
                                   value="person", width=140)
        choice.param.watch(lambda event, p=player: choose(p, event.new), "value")
        choices.append(choice)
    controller.scheduler = panel_scheduler
    step = pn.widgets.Button(label="Step", css_classes=["pre-step"])
    play_on = pn.widgets.Button(label="Play on", css_classes=["pre-play-on"])
    stop = pn.widgets.Button(label="Stop", css_classes=["pre-stop"], disabled=True)
    step.on_click(lambda _: controller.handle({"op": "step"}))
    play_on.on_click(lambda _: controller.handle({"op": "play_on"}))
    stop.on_click(lambda _: controller.handle({"op": "stop"}))

    def show(_change: Any = None) -> None:
        stop.disabled, play_on.disabled = not controller.playing, controller.playing
        message.object = seats_message(controller)

    controller.observe(show, "revision")
    controller.observe(show, "playing")
    return pn.Column("### Seats", pn.FlexBox(*choices, flex_wrap="wrap"), pn.Row(step, play_on, stop), message, note,
                     css_classes=["pre-seats"])


def position_editor(controller: Controller) -> Any:
    """Edit the position in the game's notation (or JSON), a mistake named and marked at its line,
    then explore from it (`widgets.editing`); the clipboard button works where the browser allows."""
    text = pn.widgets.TextAreaInput(height=260, sizing_mode="stretch_width", css_classes=["pre-editor-text"],
                                    placeholder=editing.placeholder(controller),
                                    stylesheets=["textarea { font-family: monospace; }"])   # lines align
    message = pn.pane.HTML("", css_classes=["pre-editor-message"])
    take = pn.widgets.Button(label="Copy current position", css_classes=["pre-editor-copy"])
    apply = pn.widgets.Button(label="Explore from here", color="primary", css_classes=["pre-editor-apply"])
    clip = pn.widgets.Button(label="Copy to clipboard", css_classes=["pre-editor-clipboard"])
    # in the browser alone; navigator.clipboard exists only on secure pages (https, localhost)
    clip.js_on_click(args={"text": text}, code="if (navigator.clipboard) navigator.clipboard.writeText(text.value)")

    def show(reply: editing.EditorReply | None) -> None:
        if reply is None:
            return
        if reply.text is not None:
            text.value = reply.text
        message.object = reply.message

    show = guarded("the position editor", lambda html: setattr(message, "object", html))(show)
    take.on_click(lambda _: show(editing.copy_current(controller)))
    apply.on_click(lambda _: show(editing.explore(controller, text.value)))
    controller.observe(lambda _: show(editing.viewer_changed(controller)), "viewer")
    show(editing.copy_current(controller))
    return pn.Card(text, pn.Row(take, apply, clip), message, title="Position editor", collapsed=False,
                   sizing_mode="stretch_width", css_classes=["pre-editor"])


def explorer_layout(game_or_state: Controller | Game | State, seed: int | None = 0) -> Any:
    """One screen (`widgets.layout`, as in the notebook): the board and its moves on the left; the
    tree, the chance panel and the engine on the right; the log, seats and editor below."""
    ctl = game_or_state if isinstance(game_or_state, Controller) else Controller(game_or_state, seed)
    # The board is made last: views refresh in the order they were made, so once the board shows a
    # new revision every other view (tree, log, chance, moves) already does (the tests wait on it).
    picker = bound_pane("picker", ctl, sizing_mode="stretch_width",
                        stylesheets=[layout.SIDE_CSS + layout.moves_css("app")])
    tree = bound_pane("tree", ctl, sizing_mode="stretch_width", stylesheets=[layout.tree_css("app")])
    chance = bound_pane("chance", ctl, sizing_mode="stretch_width", stylesheets=[layout.SIDE_CSS])
    log = bound_pane("log", ctl, sizing_mode="stretch_width")
    views = [picker]
    engine = engine_pane(ctl, views=views)
    board = bound_pane("board", ctl, sizing_mode="stretch_width", stylesheets=[layout.board_css("app")])
    views.append(board)
    left = pn.Column(view_switch(ctl), board, picker, css_classes=["pre-main-left"], sizing_mode="stretch_width",
                     styles={"flex": f"{layout.LEFT_GROW} 1 {layout.LEFT_BASIS}px", "min-width": "0"})
    right = pn.Column(section("What-if tree"), tree, section("Chance"), chance, section("Engine"), engine,
                      css_classes=["pre-main-right"], sizing_mode="stretch_width",
                      styles={"flex": f"{layout.RIGHT_GROW} 1 {layout.RIGHT_BASIS}px", "min-width": "0"})
    main = pn.FlexBox(left, right, flex_wrap="wrap", align_items="flex-start", gap=f"{layout.GAP}px",
                      sizing_mode="stretch_width", css_classes=["pre-main"])
    below = pn.Column(section("Event log"), log, seats(ctl),
                      position_editor(ctl), sizing_mode="stretch_width")
    page = pn.Column(main, below, sizing_mode="stretch_width", css_classes=["pre-explorer"],
                     styles={"padding": "0 8px", "box-sizing": "border-box", "max-width": "100%"})
    page.controller = ctl
    page.engine = engine.runner
    page.engine_switch = engine.switch
    return page


def section(title: str) -> Any:
    """A column's heading, small, so the position's views keep the screen."""
    return pn.pane.HTML(f"<div class='pre-section-title'>{escape(title)}</div>", margin=(6, 5, 0, 5),
                        stylesheets=[".pre-section-title { font-weight: bold; font-size: 14px; }"])


def close_layout(layout: Any) -> None:
    """A layout the page no longer shows: its engine stops thinking, its Play on stops playing."""
    switch = getattr(layout, "engine_switch", None)
    if switch is not None:
        switch.value = False          # shown again later, the switch says what the engine does: off
    runner = getattr(layout, "engine", None)
    if runner is not None:
        runner.set_enabled(False)
    controller = getattr(layout, "controller", None)
    if controller is not None and controller.playing:
        controller.stop()
