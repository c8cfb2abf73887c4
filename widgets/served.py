"""The served app: the same ESM views and controller in Panel (`panel serve apps/explorer_app.py`).

Panel's AnyWidgetComponent runs the anywidget ESM files unchanged, in the notebook's one-screen
layout (`widgets.layout`), and the position editor answers through `widgets.editing`, like the
notebook's, so nothing here repeats the logic of the notebook components.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from explorer.core.extras import missing

try:
    import panel as pn
    import param
except ImportError as err:  # the app extra
    raise missing(err, "app") from err

from explorer.core.game import Game, State
from explorer.core.markup import escape
from widgets import editing, layout, present, served_link
from widgets.components import VIEWS, Source
from widgets.controller import Controller, policy_factories
from widgets.engine import engine_pane
from widgets.guard import attempt, guarded, message_html
from widgets.playing import seats_message
from widgets.served_keep import Shelf, put_aside_words


def _component_class(name: str) -> type:
    esm, _ = VIEWS[name]
    attrs = {"_esm": esm, "data": param.Dict(default={}), "request": param.Dict(default={}),
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
    switch = pn.widgets.RadioButtonGroup(options=options, value="all", css_classes=["pre-view-switch"])
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
    return pn.Column("### Seats", pn.Row(*choices), pn.Row(step, play_on, stop), message, note,
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
    board = bound_pane("board", ctl, sizing_mode="stretch_width", stylesheets=[layout.board_css("app")])
    engine = engine_pane(ctl, board=board)
    picker = bound_pane("picker", ctl, sizing_mode="stretch_width", stylesheets=[layout.SIDE_CSS])
    tree = bound_pane("tree", ctl, sizing_mode="stretch_width", stylesheets=[layout.tree_css("app")])
    chance = bound_pane("chance", ctl, sizing_mode="stretch_width", stylesheets=[layout.SIDE_CSS])
    left = pn.Column(board, picker, css_classes=["pre-main-left"], sizing_mode="stretch_width",
                     styles={"flex": f"{layout.LEFT_GROW} 1 {layout.LEFT_BASIS}px", "min-width": "0"})
    right = pn.Column(section("What-if tree"), tree, section("Chance"), chance, section("Engine"), engine,
                      css_classes=["pre-main-right"], sizing_mode="stretch_width",
                      styles={"flex": f"{layout.RIGHT_GROW} 1 {layout.RIGHT_BASIS}px", "min-width": "0"})
    main = pn.FlexBox(left, right, flex_wrap="wrap", align_items="flex-start", gap=f"{layout.GAP}px",
                      sizing_mode="stretch_width", css_classes=["pre-main"])
    below = pn.Column(section("Event log"), bound_pane("log", ctl, sizing_mode="stretch_width"), seats(ctl),
                      position_editor(ctl), sizing_mode="stretch_width")
    page = pn.Column(view_switch(ctl), main, below, sizing_mode="stretch_width", css_classes=["pre-explorer"],
                     styles={"padding": "0 8px", "box-sizing": "border-box", "max-width": "100%"})
    page.controller = ctl
    page.engine = engine.runner
    return page


def section(title: str) -> Any:
    """A column's heading, small, so the position's views keep the screen."""
    return pn.pane.HTML(f"<div class='pre-section-title'>{title}</div>", margin=(6, 5, 0, 5),
                        stylesheets=[".pre-section-title { font-weight: bold; font-size: 14px; }"])


def close_layout(layout: Any) -> None:
    """A layout the page no longer shows: its engine stops thinking, its Play on stops playing."""
    runner = getattr(layout, "engine", None)
    if runner is not None:
        runner.set_enabled(False)
    controller = getattr(layout, "controller", None)
    if controller is not None and controller.playing:
        controller.stop()


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


def keep_address(controller: Controller, location: Any = None, delay_ms: int = 300, start: State | None = None,
                 note: Callable[[str], None] | None = None,
                 shown: Callable[[], bool] | None = None) -> Callable[[], None]:
    """Keep the page's address on the analysis and the node shown (`widgets.served_link`), so a
    reload or a sent link brings back what was on screen: after every change of the tree or the
    node (Explore from here too), never while Play on runs. `start` is the game's own start (a
    root equal to it is left out of the link); `note` hears why an analysis did not fit a link
    ("" once it fits again); `shown` says whether this explorer is the one on the page.

    In a served page the address is written `delay_ms` after a change, once for a burst of
    clicks, so a long line's address is not on the click's own path to the redrawn board.
    Returns the function that writes it now (a page that shows this explorer again calls it).
    """
    location = location or pn.state.location
    if location is None:
        return lambda: None
    doc = pn.state.curdoc if pn.state.curdoc and pn.state.curdoc.session_context else None
    pending = False
    known: list[Any] = [None, False]       # the root last compared with `start`, and the answer

    def standard() -> bool:
        root = controller.tree.root.state
        if known[0] is not root:
            known[:] = [root, start is not None and (root is start or root == start)]
        return known[1]

    def write() -> None:
        nonlocal pending
        pending = False
        if controller.playing or (shown is not None and not shown()):
            return
        kept = served_link.address(controller.tree, controller.node, standard())
        if note is not None:
            note(kept.note)
        if location.search != kept.query:
            location.search = kept.query

    def update(_change: Any = None) -> None:
        nonlocal pending
        if doc is None:
            return write()
        if not pending:
            pending = True
            doc.add_timeout_callback(write, delay_ms)

    controller.observe(update, "revision")
    controller.observe(update, "playing")
    write()
    return write


LINK_NOTE = "pre-link-note"


def unreadable_argument(args: Mapping[str, Any]) -> str | None:
    """The first argument of the page's address that Panel's own `Location` cannot read, or None.

    Panel reads every query value that `str.isdigit` calls a number with `int()`: '²' or 5,000
    digits raise inside Panel, in the page's set-up, and leave a blank page. Such a page is served
    without a synced address (the link is still read, and refused in words, by `served_link`)."""
    from urllib.parse import urlencode

    from panel.util import parse_query

    for key, values in args.items():
        for value in values if isinstance(values, list | tuple) else [values]:
            text = value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
            try:
                parse_query("?" + urlencode({key: text}))
            except Exception:
                return key
    return None


def _link(names: list[str]) -> tuple[served_link.Link | None, str]:
    """The game and line the page's address asks for, or a message (HTML) saying what is wrong with it."""
    link, err, unexpected = attempt("the link", lambda: served_link.parse(pn.state.session_args or {}, names))
    if err is not None:
        return None, message_html(f"link: {err}")
    return link, message_html(unexpected) if unexpected else ""


def app(seed: int | None = 0) -> Any:
    """The whole page: pick a game and player count, then explore it; the address keeps the line."""
    import explorer

    serve_own_assets()
    choices = game_choices()
    titles = {name: title for title, name in choices.items()}
    link, problem = _link(list(choices.values()))
    first = link.game if link else next(iter(choices.values()))
    low, high, default = seat_range(first)
    game = pn.widgets.Select(label="Game", options=choices, value=first, css_classes=["pre-game"])
    players = pn.widgets.IntInput(label="Players", value=link.players if link and link.players else default, start=low,
                                  end=high if high > low else None, disabled=high == low, width=100,
                                  css_classes=["pre-players"])
    setup = pn.widgets.Checkbox(label="Show the set-up (deal it here)", value=False, css_classes=["pre-setup"])
    start = pn.widgets.Button(label="New game", color="primary", css_classes=["pre-new-game"])
    mode = pn.widgets.RadioButtonGroup(options=["Free play", "Learn", "Live table"], value="Free play",
                                       css_classes=["pre-mode"])
    message = pn.pane.HTML(problem, css_classes=["pre-app-message"])
    unreadable = unreadable_argument(pn.state.session_args or {})
    if unreadable is not None and not problem:
        problem = message_html(f"link: {unreadable[:40]}: a value this server cannot keep in the page's address; "
                               "the address will not follow the line")

    def say(html: str) -> None:
        message.object = html

    holder = pn.Column(sizing_mode="stretch_width")
    shelf = Shelf()
    # An undo bar that stays in view (bottom left) while an analysis put aside can come back.
    aside_text = pn.pane.HTML("", css_classes=["pre-app-undo-text"])
    bring_back = pn.widgets.Button(label="Bring it back", css_classes=["pre-app-undo-button"])
    undo_bar = pn.Row(aside_text, bring_back, visible=False, css_classes=["pre-app-undo"],
                      styles={"position": "fixed", "left": "16px", "bottom": "16px", "z-index": "1000",
                              "background": "#fff4e5", "border": "1px solid #e0a040", "padding": "4px 8px"})

    def show(view: Any) -> None:
        """Put `view` on the page; a view taken off stops thinking and playing but is kept."""
        for old in holder.objects:
            if old is not view:
                close_layout(old)
        holder.objects = [view]
        write = getattr(view, "write_address", None)
        if write is not None:
            write()          # the address is this explorer's again

    def build(opened: served_link.Link | None = None) -> Any:
        """A fresh explorer of the chosen game (and the link's analysis), or None with a message."""
        loaded, err, unexpected = attempt("the game's set-up", lambda: explorer.load(
            game.value, players.value, **(opened.options if opened else {})))
        if loaded is None:
            problem = message_html(f"link: {err}" if opened and err else str(err) if err else unexpected)
            layout = build() if opened else None   # a refused link's set-up: the game's own, never a blank page
            say(problem)
            return layout
        say("")
        layout = explorer_layout(loaded.new_state() if setup.value else loaded, seed)
        standard = loaded.start(seed=seed) if seed is not None else None
        if opened is not None:
            _, err, unexpected = attempt("the link's analysis",
                                         lambda: served_link.open_link(layout.controller, opened, standard))
            if err is not None or unexpected:
                say(message_html(f"link: {err}" if err is not None else unexpected))
        if unreadable is None:
            layout.write_address = keep_address(layout.controller, start=standard, note=link_note,
                                                shown=lambda: bool(holder.objects) and holder.objects[0] is layout)
        return layout

    def link_note(text: str) -> None:
        if text or message.object.startswith(f'<span class="{LINK_NOTE}"'):
            say(message_html(text, LINK_NOTE) if text else "")

    def free_play(fresh: bool = False, opened: served_link.Link | None = None) -> None:
        name = game.value
        kept = None if fresh or opened is not None else shelf.free.get(name)
        layout = kept or build(opened)
        if layout is None:
            return
        if kept is None:
            old = shelf.replace(name, layout)
            if old is not None:
                words = escape(put_aside_words(titles[name], old))
                aside_text.object = f'<span class="pre-app-undo-words">{words}</span>'
                undo_bar.visible = True
        show(layout)

    def open_mode(fresh: bool = False, opened: served_link.Link | None = None) -> None:
        """Show the chosen game in the chosen mode: its kept view, or a new one (`fresh`: New game)."""
        if mode.value == "Live table":   # a table for people at their own seats (widgets.table.host)
            from widgets.table.host import host_view

            say("")
            return show(host_view(first=game.value, players=players.value))
        if mode.value == "Learn":   # guided lessons of the chosen game (widgets.served_lesson)
            from widgets.served_lesson import learn_view

            say("")
            if fresh or game.value not in shelf.learn:
                shelf.learn[game.value] = learn_view(game.value)
            return show(shelf.learn[game.value])
        free_play(fresh, opened)

    def new_game(_event: Any = None) -> None:
        open_mode(fresh=True)

    def switch_game(_event: Any = None) -> None:
        """A game shows as it was left; a new one keeps no impossible player count: its own range and default."""
        low, high, default = seat_range(game.value)
        kept = shelf.free.get(game.value)
        count = kept.controller.game.players if kept is not None else default
        # one allowed count: fixed (the spinner rejects equal bounds)
        players.param.update(start=low, end=high if high > low else None, value=count, disabled=high == low)
        open_mode()

    def undo_new_game(_event: Any = None) -> None:
        back = shelf.bring_back()
        undo_bar.visible = False
        if back is None:
            return
        name, layout = back
        if mode.value != "Free play":
            mode.value = "Free play"      # shows the kept explorer of the chosen game ...
        if game.value != name:
            game.value = name             # ... and of the game it belongs to
        show(layout)

    new_game = guarded("the new game", say)(new_game)
    switch_game = guarded("the game switch", say)(switch_game)
    mode_changed = guarded("the mode switch", say)(lambda _event=None: open_mode())
    start.on_click(new_game)
    bring_back.on_click(guarded("bringing back the analysis", say)(undo_new_game))
    game.param.watch(switch_game, "value")
    mode.param.watch(mode_changed, "value")
    guarded("the link", say)(free_play)(opened=link)
    if problem:
        message.object = problem
    # A small heading and one wrapping row of controls: the position's views keep the screen
    # (`widgets.layout`), and a narrow window wraps the controls instead of scrolling sideways.
    heading = pn.pane.HTML("<h1 style='font-size:22px;margin:4px 0'>Pirate Rules Explorer</h1>", margin=(0, 10))
    controls = pn.FlexBox(game, players, start, setup, mode, flex_wrap="wrap", align_items="flex-end",
                          sizing_mode="stretch_width", css_classes=["pre-app-controls"])
    page = pn.Column(heading, controls, message, holder, undo_bar, sizing_mode="stretch_width")
    page.keeps_address = unreadable is None   # `servable(location=...)`: Panel reads the address only then
    return page
