"""The served app's table pages in Panel: the host's form that opens a table, and the teacher's what-if.

The form picks the game, its options and who sits where (a person, with a name if wished, or a
bot), opens the table in this server's hub and shows a link and a QR code per seat and for the
teacher. Every name and title is escaped before it reaches HTML. The what-if board is the
explorer itself (`widgets.served.explorer_layout`) on the game so far, opened at the live
position: the teacher's own analysis, the table untouched.
"""

from __future__ import annotations

import io
import json
from typing import Any

from explorer.core.extras import missing

try:
    import panel as pn
except ImportError as err:  # the app extra
    raise missing(err, "app") from err

from explorer.core.errors import ExplorerError, PositionError
from explorer.core.game import Game, OptionSpec
from explorer.core.markup import escape
from explorer.table.table import PERSON, bot_names
from widgets.served_explorer import explorer_layout, game_choices, serve_own_assets
from widgets.table import routes
from widgets.table.hub import Hub

START_COMMAND = "panel serve apps/explorer_app.py apps/table_app.py --plugins widgets.table.routes"


def qr_svg(url: str, scale: int = 4) -> str:
    """A link as a QR code, inline SVG markup (segno: pure Python, no image files)."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=scale, border=2, xmldecl=False, svgns=True,
                                    title="Scan to open the page")
    return out.getvalue().decode()


def page_base() -> str:
    """The address the host's browser reached this server by (phones must reach the same one)."""
    location = pn.state.location
    if location is None or not location.hostname:
        return ""
    port = f":{location.port}" if location.port else ""
    return f"{location.protocol or 'http:'}//{location.hostname}{port}"


def links_html(links: dict, base: str) -> str:
    """Every page of a new table as HTML: a link and a QR code each; the host's words escaped."""
    def card(label: str, url: str, css: str) -> str:
        full = url if url.startswith("http") else f"{base}{url}"
        code = qr_svg(full) if full.startswith("http") else ""
        return (f'<div class="pre-link-card {css}" style="display:inline-block;margin:6px;vertical-align:top;'
                f'text-align:center;max-width:240px"><div><b>{escape(label)}</b></div>{code}'
                f'<div style="word-break:break-all;font-size:12px"><a href="{escape(full)}" '
                f'target="_blank" rel="noopener">{escape(full)}</a></div></div>')

    title = links["title"] or links["game"]
    parts = [f"<h3>{escape(title)}: the table is open</h3>",
             "<p>Give each person their seat's link (or let them scan its code). Keep the teacher's link to "
             "yourself: it shows every hand.</p>"]
    parts += [card(f"{s['label']} ({'bot: ' + s['player'].replace('_', ' ') if s['player'] != PERSON else 'a person'})",
                   s["link"], "pre-seat-card") for s in links["seats"]]
    parts.append(card("Teacher", links["teacher"], "pre-teacher-card"))
    if base and any(host in base for host in ("//localhost", "//127.0.0.1")):
        parts.append("<p><i>These links name this computer as 'localhost': a phone needs the computer's address "
                     "on the network instead (open this page by it, and start the server with "
                     "--address 0.0.0.0 --allow-websocket-origin=*).</i></p>")
    return "".join(parts)


def option_widget(spec: OptionSpec) -> Any:
    """One option of the game as a form field: a choice, a switch, or JSON text (a number, null)."""
    label = f"{spec.name.replace('_', ' ')}" + (f" ({spec.rule})" if spec.rule else "")
    if spec.choices:
        return pn.widgets.Select(label=label, options=list(spec.choices), value=spec.default, description=spec.doc)
    if isinstance(spec.default, bool):
        return pn.widgets.Checkbox(label=label, value=spec.default)
    return pn.widgets.TextInput(label=label, value=json.dumps(spec.default), description=spec.doc)


def option_value(spec: OptionSpec, widget: Any) -> Any:
    if spec.choices or isinstance(spec.default, bool):
        return widget.value
    try:
        return json.loads(widget.value)      # JSON only: never eval
    except json.JSONDecodeError:
        return widget.value


def host_view(hub: Hub | None = None, first: str | None = None, players: int | None = None,
              base: str | None = None) -> Any:
    """The form that opens a table (of game `first` for `players`, to begin with), and its links;
    `base` is the address people reach this server by (default: the one the host's browser used)."""
    import explorer

    hub = hub or routes.default_hub()
    hub.start()
    choices = game_choices()
    first = first if first in choices.values() else next(iter(choices.values()))
    game = pn.widgets.Select(label="Game", options=choices, value=first, css_classes=["pre-host-game"])
    count = pn.widgets.IntInput(label="Players", value=players or explorer.load(first).players, width=100,
                                css_classes=["pre-host-players"])
    title = pn.widgets.TextInput(label="Table title (optional)", placeholder="Class 4b, Friday", max_length=120,
                                 css_classes=["pre-host-title"])
    seats_box = pn.Column()
    options_box = pn.Card(title="Options", collapsed=True, sizing_mode="stretch_width")
    open_button = pn.widgets.Button(label="Open the table", color="primary", css_classes=["pre-host-open"])
    message = pn.pane.HTML("", css_classes=["pre-host-message"])
    opened = pn.pane.HTML("", css_classes=["pre-host-links"], sizing_mode="stretch_width")
    state: dict[str, Any] = {}
    if not routes.SERVED:
        message.object = ("<b>This server does not serve the table pages.</b> Start it with "
                          f"<code>{escape(START_COMMAND)}</code>.")

    def layout_seats(_event: Any = None) -> None:
        loaded = explorer.load(game.value)
        kind = type(loaded)
        count.param.update(start=kind.min_players, end=kind.max_players, disabled=kind.min_players == kind.max_players)
        if not kind.min_players <= count.value <= kind.max_players:
            count.value = loaded.players
            return
        who = {"a person": PERSON, **{f"bot: {name.replace('_', ' ')}": name for name in bot_names(loaded)}}
        rows, state["seats"] = [], []
        for i in range(count.value):
            choice = pn.widgets.Select(label=f"Player {i + 1}", options=who, value=PERSON, width=180,
                                       css_classes=[f"pre-host-seat-{i}"])
            name = pn.widgets.TextInput(label="Name (optional)", max_length=40, width=180,
                                        css_classes=[f"pre-host-name-{i}"])
            state["seats"].append((choice, name))
            rows.append(pn.Row(choice, name))
        seats_box.objects = rows
        specs = type(loaded).option_specs()
        state["options"] = [(spec, option_widget(spec)) for spec in specs]
        options_box.objects = [w for _, w in state["options"]]

    def open_table(_event: Any = None) -> None:
        try:
            options = {spec.name: option_value(spec, w) for spec, w in state["options"]
                       if option_value(spec, w) != spec.default}
            chosen: Game = explorer.load(game.value, count.value, **options)
            table = hub.open(chosen, [c.value for c, _ in state["seats"]], title=title.value,
                             names=[n.value for _, n in state["seats"]])
        except ExplorerError as err:
            message.object = f"<b>Not opened:</b> {escape(str(err))}"
            return
        where = page_base() if base is None else base
        message.object = ""
        opened.object = links_html(hub.links(table, where), where)

    game.param.watch(layout_seats, "value")
    count.param.watch(layout_seats, "value")
    open_button.on_click(open_table)
    layout_seats()
    return pn.Column("## Open a live table",
                     "Each person plays at their own seat in their own browser and sees only their own view; "
                     "the teacher sees everything, pauses, branches a what-if and shows everyone the odds.",
                     pn.Row(game, count, title), seats_box, options_box, open_button, message, opened,
                     sizing_mode="stretch_width", css_classes=["pre-host"])


def whatif_view(token: str, hub: Hub | None = None) -> Any:
    """The explorer on the table's game so far, at the live position, for the teacher's own analysis."""
    from widgets.controller import Controller

    hub = hub or routes.default_hub()
    try:
        tree = hub.tree(token)
    except PositionError as err:
        return pn.pane.HTML(f"<b>{escape(err.reason)}</b>", css_classes=["pre-app-message"])
    controller = Controller(tree.root.state)
    controller.load_analysis(tree.to_json())
    table, _ = hub.find(token) or (None, None)
    head = escape(table.title or table.game.title) if table else ""
    return pn.Column(pn.pane.HTML(f"<h2>What if? {head}</h2><p>Your own analysis from the live position: "
                                  "the table is not touched.</p>"), explorer_layout(controller),
                     sizing_mode="stretch_width")


def table_app() -> Any:
    """`apps/table_app.py`: the host's form, or with ``?whatif=<teacher's token>`` the what-if board."""

    serve_own_assets()
    args = pn.state.session_args or {}
    if "whatif" in args:
        raw = args["whatif"][-1]
        token = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
        return whatif_view(token)
    return pn.Column(pn.pane.HTML("<h1>Pirate Rules Explorer: live table</h1>"), host_view(),
                     sizing_mode="stretch_width")
