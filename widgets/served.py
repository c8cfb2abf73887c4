"""The served app: the same ESM views and controller in Panel (`panel serve apps/explorer_app.py`).

The explorer itself (Panel components around one controller, in the notebook's one-screen layout)
is `widgets.served_explorer`; this module is the page around it: the game picker, the modes, the
address and the analyses kept for the session.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from explorer.core.extras import missing

try:
    import panel as pn
except ImportError as err:  # the app extra
    raise missing(err, "app") from err

from explorer.core.game import State
from explorer.core.markup import escape
from widgets import nodelay, served_link
from widgets.controller import Controller
from widgets.guard import attempt, guarded, message_html
from widgets.served_explorer import (  # noqa: F401  (read from here by the tests, the lessons and the table)
    PANES,
    bound_pane,
    close_layout,
    explorer_layout,
    game_choices,
    panel_scheduler,
    position_editor,
    seat_range,
    seats,
    serve_own_assets,
    view_switch,
)
from widgets.served_keep import Shelf, put_aside_words
from widgets.served_lesson import learn_view
from widgets.table.host import host_view


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
    nodelay.served_app()
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
                runner = getattr(old, "engine", None)
                old.engine_was_on = bool(runner is not None and runner.enabled)
                close_layout(old)
        holder.objects = [view]
        if getattr(view, "engine_was_on", False):
            view.engine.set_enabled(True)     # its switch still reads on: it thinks again, as it was left
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
            say("")
            return show(host_view(first=game.value, players=players.value))
        if mode.value == "Learn":   # guided lessons of the chosen game (widgets.served_lesson)
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
