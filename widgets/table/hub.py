"""The tables of one server: who is connected where, moves in, messages out, bots and odds.

Everything here runs on the server's event loop, one request at a time, so the moves of a table
are serialised: of two racing clicks the first makes the move and the second, naming a version
that is gone, is refused. A bot thinks (and the odds are weighed) in a worker thread on a
snapshot of the table, and its move is made only if the table is still where it thought.

A move is appended to the SQLite record before any page is told of it. The protocol is a few
JSON messages over one websocket per page (docs/live_table.md):

- page to server: ``{"op": "play", "move": <notation>, "version": <seen>}``, ``{"op": "take_back"}``
  (a person takes their seat back from a bot) and, from the teacher, ``{"op": "pause", "paused": b}``,
  ``{"op": "show_odds", "on": b}``, ``{"op": "roll"}``, ``{"op": "seat", "seat": i, "player": p}``.
- server to page: ``{"type": "table", ...}`` (`widgets.table.messages`, with the log lines since
  the page's last message), ``{"type": "refused", "reason": ..., "rule" or "field": ...}``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from explorer.analysis.tree import PositionTree
from explorer.core.errors import ExplorerError, IllegalAction, PositionError
from explorer.core.game import Game
from explorer.table import table as tables
from explorer.table.store import Broken, Store
from explorer.table.table import PERSON, Step, Table
from widgets.table import messages
from widgets.table.workers import Workers

log = logging.getLogger(__name__)
MAX_REQUEST = 4096          # bytes: a page's request is a short JSON object
PREFIX = "/table"


@dataclass(eq=False)
class Page:
    """One open page (websocket) of a table: a seat's or the teacher's (`seat` None)."""

    send: Callable[[str], None]
    table_id: str
    seat: int | None
    log_sent: int = 0        # steps of the record this page has been sent (never told to the page)
    lines_sent: int = 0      # log lines it has been sent: a message's log says where its lines go
    greeted: bool = False
    open: bool = True


@dataclass
class Runtime:
    """What the server knows of a table beyond its value: the record with events, the pages."""

    record: list[Step] = field(default_factory=list)
    pages: set[Page] = field(default_factory=set)
    bots: dict[tuple[int, str], Any] = field(default_factory=dict)
    thinking: bool = False
    stuck: int | None = None          # the version at which a bot failed (no retry until a change)
    odds: dict[int | None, dict] = field(default_factory=dict)
    odds_version: int = -1
    notice: str = ""
    drawn: tuple[Table | None, dict] = (None, {})   # each page's board for one table value, drawn once
    moved_at: float = 0.0     # when the move (or roll) that made the current version came in


class Hub(Workers):
    """Every table of a server, kept in `store` (None: in memory only, for tests and demos)."""

    def __init__(self, store: Store | None = None, *, bot_delay: float = 0.8, whatif_path: str | None = None,
                 executor: Executor | None = None, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.whatif_path = whatif_path
        self.clock = clock
        self.executor = executor or ThreadPoolExecutor(2, thread_name_prefix="table-worker")
        self.tables: dict[str, Table] = {}
        self.runtime: dict[str, Runtime] = defaultdict(Runtime)
        self.tokens: dict[str, tuple[str, int | None]] = {}
        self.broken: list[Broken] = []
        self.started = False
        self.tasks: set[asyncio.Task] = set()
        if store is not None:
            found, self.broken = store.load_all()
            for stored in found:
                self._register(stored.table, list(stored.steps))
            for bad in self.broken:
                log.warning("table %s not resumed: %s", bad.id, bad.error)

    # -- tables ------------------------------------------------------------------------------
    def _register(self, table: Table, record: list[Step]) -> None:
        self.tables[table.id] = table
        runtime = self.runtime[table.id]
        runtime.record = record
        runtime.moved_at = next((s.at for s in record if s.version == table.version), table.created)
        for seat in table.seats:
            self.tokens[seat.token] = (table.id, seat.index)
        self.tokens[table.teacher_token] = (table.id, None)

    def start(self) -> None:
        """On the running loop, once (after a restart too): make the draws a table was left waiting
        for (a server stopped between a switch and its draws), then let the bots play."""
        if not self.started:
            self.started = True
            for table_id, table in list(self.tables.items()):
                if table.state.is_chance and not table.holding:
                    self._apply(tables.settle(table, self.clock))
                self._schedule(table_id)

    def open(self, game: Game, players: Sequence[str], *, title: str = "", names: Sequence[str] = (),
             seed: int | None = None) -> Table:
        """Open a table (`explorer.table.new_table`), keep it, and let its bots play."""
        table, steps = tables.new_table(game, players, title=title, names=names, seed=seed, clock=self.clock)
        if self.store is not None:
            self.store.create(table, steps)
        self._register(table, list(steps))
        self._schedule(table.id)
        return table

    def find(self, token: str) -> tuple[Table, int | None] | None:
        """The table and seat (None: the teacher) a link's token opens, or None."""
        found = self.tokens.get(token) if isinstance(token, str) else None
        return None if found is None else (self.tables[found[0]], found[1])

    def links(self, table: Table, base: str = "") -> dict:
        """Every page of `table`: a seat's link per seat, the teacher's, the export and the what-if."""
        seats = [{"seat": s.index, "label": messages.seat_label(table, s.index), "player": s.player,
                  "link": f"{base}{PREFIX}/seat/{s.token}", "qr": f"{base}{PREFIX}/qr/{s.token}.svg"}
                 for s in table.seats]
        teacher = table.teacher_token
        return {"table": table.id, "title": table.title, "game": table.game.title, "seats": seats,
                "teacher": f"{base}{PREFIX}/teacher/{teacher}", "teacher_qr": f"{base}{PREFIX}/qr/{teacher}.svg",
                "export": f"{base}{PREFIX}/export/{teacher}.json",
                "whatif": f"{base}{self.whatif_path}?whatif={teacher}" if self.whatif_path else ""}

    def tree(self, teacher_token: str) -> PositionTree:
        """The table's game so far as an analysis file's tree (the record from before the set-up),
        for the analysis board; the teacher's token only, since it holds every hidden card."""
        found = self.find(teacher_token)
        if found is None or found[1] is not None:
            raise PositionError("token", "no table's teacher has this link")
        table = found[0]
        tree = PositionTree(table.game.new_state())
        tree.play_line((), [step.move for step in self.runtime[table.id].record])
        title = table.title or f"a live table of {table.game.title}"
        tree.root.comment = f"{title}: {'finished' if table.state.is_over else 'so far'}, {table.steps} steps"
        return tree

    # -- pages -------------------------------------------------------------------------------
    def join(self, token: str, send: Callable[[str], None]) -> Page | None:
        """A page opened with `token`: it is sent the whole table at once; None for an unknown token."""
        found = self.find(token)
        if found is None:
            return None
        table, seat = found
        page = Page(send, table.id, seat)
        self.runtime[table.id].pages.add(page)
        self.start()
        self._broadcast(table.id)
        return page

    def leave(self, page: Page) -> None:
        page.open = False
        self.runtime[page.table_id].pages.discard(page)
        self._broadcast(page.table_id)

    def here(self, table_id: str) -> list[bool]:
        table = self.tables[table_id]
        seated = {p.seat for p in self.runtime[table_id].pages if p.open}
        return [s.index in seated for s in table.seats]

    def receive(self, page: Page, text: str | bytes) -> None:
        """One request from a page; a refusal goes back to that page only and changes nothing."""
        try:
            request = self._request(text)
            self._dispatch(page, request)
        except IllegalAction as err:
            self._refuse(page, err.reason or str(err), rule=err.rule)
        except ExplorerError as err:
            self._refuse(page, getattr(err, "reason", str(err)), field=getattr(err, "field", ""))

    @staticmethod
    def _request(text: str | bytes) -> dict:
        if isinstance(text, bytes):
            raise PositionError("request", "requests are JSON text, not binary")
        if len(text) > MAX_REQUEST:
            raise PositionError("request", f"a request is at most {MAX_REQUEST} characters")
        try:
            request = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise PositionError("request", "not JSON") from None
        if not isinstance(request, dict) or not isinstance(request.get("op"), str):
            raise PositionError("request", 'a request is a JSON object with an "op"')
        return request

    def _dispatch(self, page: Page, request: dict) -> None:
        op = request["op"]
        table = self.tables[page.table_id]
        if op == "sync":
            page.log_sent, page.lines_sent, page.greeted = 0, 0, False
            return self._deliver(page, self._message(table, page, {}))
        if page.seat is not None:
            if op == "play":
                return self._apply(tables.play(table, page.seat, request.get("move"), request.get("version"),
                                               self.clock))
            if op == "take_back":
                if not table.seats[page.seat].is_bot:
                    raise PositionError("seat", "you already play your own seat")
                return self._switch(tables.set_player(table, page.seat, PERSON),
                                    f"{messages.seat_label(table, page.seat)} took their seat back")
            raise PositionError("op", f"a seat's page cannot ask for {op[:20]!r}")
        if op == "pause":
            paused = request.get("paused")
            return self._switch(tables.set_paused(table, paused), "The teacher paused the table"
                                if paused else "The teacher resumed the table")
        if op == "show_odds":
            on = request.get("on")
            return self._switch(tables.set_show_odds(table, on, self.clock),
                                "Show everyone: each page shows the odds of every draw from its own view, "
                                "and the teacher rolls" if on else "Show everyone is off")
        if op == "roll":
            return self._apply(tables.roll(table, self.clock))
        if op == "seat":
            seat, player = request.get("seat"), request.get("player")
            result = tables.set_player(table, seat, player)
            return self._switch(result, f"{messages.seat_label(table, seat)} is now played by "
                                f"{messages.player_words(player)}")
        raise PositionError("op", f"no request {op[:20]!r} at a table")

    def _refuse(self, page: Page, reason: str, *, rule: str = "", field: str = "") -> None:
        data = {"type": "refused", "reason": reason, "version": self.tables[page.table_id].version}
        if rule:
            data["rule"] = rule
        if field:
            data["field"] = field
        self._send(page, data)

    # -- changes -----------------------------------------------------------------------------
    def _apply(self, result: tables.Result, notice: str = "") -> None:
        """Keep the steps, then show the new table to every page, then let bots and odds follow."""
        table, steps = result
        if steps and self.store is not None:
            self.store.append(table.id, steps)
        runtime = self.runtime[table.id]
        runtime.record.extend(steps)
        if steps:
            runtime.moved_at = steps[0].at
        self.tables[table.id] = table
        runtime.notice = notice
        self._broadcast(table.id)
        self._follow(table.id)

    def _switch(self, result: tables.Result, notice: str) -> None:
        table, _ = result
        if self.store is not None:
            self.store.save_switches(table)
        self._apply(result, notice)

    def _follow(self, table_id: str) -> None:
        self._schedule(table_id)
        self._weigh_odds(table_id)

    def _message(self, table: Table, page: Page, cache: dict) -> dict:
        runtime = self.runtime[table.id]
        key = page.seat
        if key not in cache:
            here = self.here(table.id)
            if page.seat is None:
                odds = runtime.odds.get(None) if runtime.odds_version == table.version else None
                pending = self._pending_odds(table)
                links = self.links(table)
                cache[key] = messages.teacher_message(table, here, odds or (pending and {"truth": pending}),
                                                      links["seats"], self._board)
                cache[key].update(whatif=links["whatif"], export=links["export"])
            else:
                odds = runtime.odds.get(page.seat) if runtime.odds_version == table.version else None
                cache[key] = messages.seat_message(table, page.seat, here, odds or self._pending_odds(table),
                                                   self._board)
            cache[key]["notice"] = runtime.notice
            cache[key]["moved_at"] = runtime.moved_at
        data = dict(cache[key])
        lines_key = (key, page.log_sent)
        if lines_key not in cache:
            cache[lines_key] = messages.log_lines(runtime.record[page.log_sent:], page.seat)
        data["log"] = {"from": page.lines_sent, "lines": cache[lines_key]}
        if not page.greeted:
            data["rules"] = messages.rules_of(table)
        return data

    def _board(self, table: Table, seat: int | None) -> dict:
        """A seat's board (None: the whole table's) for this table value, drawn once: a page that
        comes or goes changes no board."""
        runtime = self.runtime[table.id]
        if runtime.drawn[0] is not table:
            runtime.drawn = (table, {})
        boards = runtime.drawn[1]
        if seat not in boards:
            boards[seat] = messages.board_data(table, seat)
        return boards[seat]

    @staticmethod
    def _pending_odds(table: Table) -> dict | None:
        return {"rows": [], "note": "Weighing the odds…"} if table.holding else None

    def _broadcast(self, table_id: str) -> None:
        table = self.tables[table_id]
        cache: dict = {}
        for page in list(self.runtime[table_id].pages):
            self._deliver(page, self._message(table, page, cache))

    def _deliver(self, page: Page, data: dict) -> None:
        """Send a table message, then note what the page has: the next one carries only new lines."""
        self._send(page, data)
        page.log_sent, page.greeted = len(self.runtime[page.table_id].record), True
        page.lines_sent += len(data["log"]["lines"])

    def _send(self, page: Page, data: dict) -> None:
        if not page.open:
            return
        try:
            page.send(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        except Exception as err:           # a socket that closed under us: forget the page
            log.info("page of table %s gone: %s", page.table_id, err)
            page.open = False
            self.runtime[page.table_id].pages.discard(page)
