"""The table's web pages and websocket, as Tornado handlers beside the Panel apps.

`panel serve apps/explorer_app.py apps/table_app.py --plugins widgets.table.routes` adds them to
the same server (Panel reads this module's `ROUTES`); `widgets.table.local` serves them alone for a
notebook. Pages are static files with no table data in them: a page learns everything over its
websocket, from the server's messages for its own seat (`widgets.table.messages`).

- ``/table/seat/<token>``, ``/table/teacher/<token>``: the pages; ``/table/ws/<token>``: their socket
- ``/table/qr/<token>.svg``: the page's link as a QR code, for a phone
- ``/table/export/<teacher token>.json``: the game so far as an analysis file
- ``POST /table/api/open``: open a table (JSON in, the links out)
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from explorer.core.extras import missing

try:
    from tornado import web, websocket
except ImportError as err:  # the app extra
    raise missing(err, "app") from err

from explorer.core.errors import ExplorerError, OptionError, PositionError
from widgets.table.hub import MAX_REQUEST, PREFIX, Hub, Page

HERE = Path(__file__).parent
STATIC = HERE / "static"
SHARED = {"board.js": HERE.parent / "board.js", "picker.js": HERE.parent / "picker.js"}  # the notebook's own views
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".html": "text/html; charset=utf-8"}
_hub: Hub | None = None


def default_hub() -> Hub:
    """This process's tables, kept in `explorer.table.store.default_path()` (``$PIRATE_TABLES_DB``);
    a bot waits ``$PIRATE_TABLE_BOT_DELAY`` seconds (0.8) before it moves, so people see each move."""
    global _hub
    if _hub is None:
        from explorer.table.store import Store

        delay = float(os.environ.get("PIRATE_TABLE_BOT_DELAY", "0.8"))
        _hub = Hub(Store(), bot_delay=delay, whatif_path="/table_app")
    return _hub


class _Base(web.RequestHandler):
    def initialize(self, hub: Callable[[], Hub]) -> None:
        self.hub = hub()

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")     # a seat's link never leaves in a Referer
        self.set_header("Cache-Control", "no-store")

    def base(self) -> str:
        return f"{self.request.protocol}://{self.request.host}"

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(self._reason if status_code < 500 else "The table server met an error.")


class PageHandler(_Base):
    """A seat's or the teacher's page: the same static file for every table."""

    def get(self, role: str, token: str) -> None:
        found = self.hub.find(token)
        if found is None or (found[1] is None) != (role == "teacher"):
            raise web.HTTPError(404, reason="No table has this link: check it was copied whole.")
        self.set_header("Content-Type", TYPES[".html"])
        self.finish((STATIC / f"{role}.html").read_bytes())


class StaticHandler(_Base):
    """The pages' scripts and style, and the notebook board's own ESM files (board.js, picker.js)."""

    def get(self, name: str) -> None:
        path = SHARED.get(name) or (STATIC / name)
        if name not in SHARED and (path.parent != STATIC or not path.is_file() or path.suffix not in TYPES):
            raise web.HTTPError(404, reason="No such file.")
        self.set_header("Content-Type", TYPES[path.suffix])
        self.finish(path.read_bytes())


class QRHandler(_Base):
    """The page a token opens, as a QR code (SVG) for a phone's camera."""

    def get(self, token: str) -> None:
        import segno

        found = self.hub.find(token)
        if found is None:
            raise web.HTTPError(404, reason="No table has this link.")
        role = "teacher" if found[1] is None else "seat"
        out = io.BytesIO()
        segno.make(f"{self.base()}{PREFIX}/{role}/{token}", error="m").save(
            out, kind="svg", scale=5, border=2, xmldecl=False, title="Scan to open the page")
        self.set_header("Content-Type", "image/svg+xml")
        self.finish(out.getvalue())


class ExportHandler(_Base):
    """The game so far as an analysis file (`PositionTree` JSON) for the analysis board: teacher only."""

    def get(self, token: str) -> None:
        try:
            tree = self.hub.tree(token)
        except PositionError as err:
            raise web.HTTPError(404, reason=err.reason) from None
        found = self.hub.find(token)
        assert found is not None
        table = found[0]
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{table.game.name}-table-{table.id}.json"')
        self.finish(tree.to_json(indent=1, ensure_ascii=False))


def open_request(hub: Hub, data: Any) -> Any:
    """Open a table from the host's request: {game, players, options, seats, names, title, seed}."""
    import explorer

    if not isinstance(data, dict):
        raise PositionError("request", "send a JSON object")
    name = data.get("game")
    if name not in explorer.games():
        raise OptionError("game", f"no game named {str(name)[:40]!r}; games: {', '.join(explorer.games())}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise PositionError("options", "options are a JSON object of name: value")
    game = explorer.load(name, data.get("players"), **options)
    seats = data.get("seats") or ["person"] * game.players
    names = data.get("names") or []
    if not isinstance(seats, list) or not isinstance(names, list):
        raise PositionError("seats", "seats and names are lists, one per seat")
    return hub.open(game, seats, title=data.get("title") or "", names=names, seed=data.get("seed"))


class OpenHandler(_Base):
    """POST a JSON request to open a table; the answer is its links (`Hub.links`)."""

    def check_xsrf_cookie(self) -> None:
        """A JSON body: a page of another site cannot send one without CORS, which this never allows."""

    def post(self) -> None:
        if not self.request.headers.get("Content-Type", "").startswith("application/json"):
            raise web.HTTPError(415, reason="Send the request as application/json.")
        if len(self.request.body) > 16_384:
            raise web.HTTPError(413, reason="The request is too long.")
        try:
            table = open_request(self.hub, json.loads(self.request.body))
        except json.JSONDecodeError:
            raise web.HTTPError(400, reason="The request is not JSON.") from None
        except ExplorerError as err:
            self.set_status(400)
            self.set_header("Content-Type", "application/json; charset=utf-8")
            return self.finish({"error": str(err), "field": getattr(err, "field", "")})
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(self.hub.links(table, self.base()))


class SocketHandler(websocket.WebSocketHandler):
    """One page's socket: its token names the seat (or teacher); nothing the page sends can change that."""

    def initialize(self, hub: Callable[[], Hub]) -> None:
        self.hub = hub()
        self.page: Page | None = None

    @property
    def max_message_size(self) -> int:
        return MAX_REQUEST * 4

    def open(self, token: str) -> None:
        self.page = self.hub.join(token, self.write_message)
        if self.page is None:
            self.close(4404, "No table has this link.")

    def on_message(self, message: str | bytes) -> None:
        if self.page is not None:
            self.hub.receive(self.page, message)

    def on_close(self) -> None:
        if self.page is not None:
            self.hub.leave(self.page)
            self.page = None


def table_routes(hub: Callable[[], Hub] = default_hub) -> list[tuple[str, type, dict]]:
    """The Tornado routes of the table pages, all answered by `hub()`."""
    kw = {"hub": hub}
    token = r"([A-Za-z0-9_\-]{8,64})"
    return [(rf"{PREFIX}/(seat|teacher)/{token}", PageHandler, kw),
            (rf"{PREFIX}/static/([a-z_]+\.(?:js|css))", StaticHandler, kw),
            (rf"{PREFIX}/qr/{token}\.svg", QRHandler, kw),
            (rf"{PREFIX}/export/{token}\.json", ExportHandler, kw),
            (rf"{PREFIX}/api/open", OpenHandler, kw),
            (rf"{PREFIX}/ws/{token}", SocketHandler, kw)]


SERVED = False       # set when a server took ROUTES (`panel serve --plugins widgets.table.routes`)


def __getattr__(name: str) -> Any:
    """`ROUTES`, read by `panel serve --plugins`; reading it marks this process as serving the pages."""
    global SERVED
    if name == "ROUTES":
        SERVED = True
        return table_routes()
    raise AttributeError(name)
