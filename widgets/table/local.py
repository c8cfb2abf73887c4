"""A table server inside this process, on a thread of its own: for a notebook ("now play it") and tests.

>>> from widgets.table.local import LocalTables                      # doctest: +SKIP
>>> server = LocalTables()                                          # doctest: +SKIP
>>> links = server.open(explorer.load("sjoroveroya", 3), ["person", "person", "rule_of_thumb"])  # doctest: +SKIP
>>> server.teacher(links)      # the teacher's page in the notebook   # doctest: +SKIP

The server answers on its own event loop, so the notebook's kernel stays free, and the pages
(on this machine, or on phones that reach it when `address` is "0.0.0.0") work while the notebook
does other things. The served app's tables (`panel serve ... --plugins widgets.table.routes`) use
the same hub, routes and pages.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any

from explorer.core.game import Game
from explorer.table.store import Store
from widgets.table.hub import Hub
from widgets.table.routes import table_routes


class LocalTables:
    """Tables served from a thread: `open` a table, show its `teacher` page, branch a `whatif`."""

    def __init__(self, db: str | os.PathLike[str] | None = None, *, port: int = 0, address: str = "127.0.0.1",
                 bot_delay: float = 0.8) -> None:
        self.address = address
        self.hub: Hub | None = None
        self.port = 0
        self._error: BaseException | None = None
        self._ready = threading.Event()
        self._stopped = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, args=(db, port, bot_delay), daemon=True,
                                       name="table-server")
        self.thread.start()
        if not self._ready.wait(60):
            raise RuntimeError("the table server did not start within a minute")
        if self._error is not None:
            raise self._error

    def _run(self, db: Any, port: int, bot_delay: float) -> None:
        from tornado import httpserver, netutil, web

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self.loop = loop
        try:
            hub = Hub(Store(db), bot_delay=bot_delay)
            sockets = netutil.bind_sockets(port, self.address)
            server = httpserver.HTTPServer(web.Application(table_routes(lambda: hub)))
            server.add_sockets(sockets)
            self.port = sockets[0].getsockname()[1]
            self.hub = hub
            hub.start()
        except BaseException as err:      # reported to the caller of __init__
            self._error = err
            self._ready.set()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            server.stop()
            hub.executor.shutdown(wait=False, cancel_futures=True)
            if hub.store is not None:
                hub.store.close()
            loop.close()
            self._stopped.set()

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.address in ("", "0.0.0.0") else self.address
        return f"http://{host}:{self.port}"

    def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run `fn` on the server's loop (where the hub lives) and return what it returns."""
        if self.loop is None or self._stopped.is_set():
            raise RuntimeError("the table server is stopped")

        async def run() -> Any:
            return fn(*args, **kwargs)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(60)

    def open(self, game: Game, players: Sequence[str] | None = None, *, title: str = "",
             names: Sequence[str] = (), seed: int | None = None) -> dict:
        """Open a table (every seat a person unless `players` says otherwise); its links."""
        seats = list(players) if players is not None else ["person"] * game.players
        hub = self.hub
        assert hub is not None
        table = self.call(hub.open, game, seats, title=title, names=names, seed=seed)
        return self.call(hub.links, table, self.url)

    def table(self, links: dict) -> Any:
        """The table's current value (`explorer.table.Table`)."""
        assert self.hub is not None
        return self.call(lambda: self.hub.tables[links["table"]])

    def teacher(self, links: dict, height: int = 900) -> Any:
        """The teacher's page, framed in the notebook's output."""
        from IPython.display import IFrame

        return IFrame(links["teacher"], width="100%", height=height)

    def whatif(self, links: dict, seed: int | None = 0) -> Any:
        """A what-if board of the game so far, at the live position: the teacher's own analysis
        in this notebook (`widgets.Explorer`); the table is not touched."""
        from widgets.controller import Controller
        from widgets.explorer import Explorer

        assert self.hub is not None
        token = links["teacher"].rsplit("/", 1)[-1]
        tree = self.call(self.hub.tree, token)
        controller = Controller(tree.root.state, seed)
        controller.load_analysis(tree.to_json())
        return Explorer(controller)

    def stop(self) -> None:
        """Stop serving (the tables stay in their SQLite file)."""
        if self.loop is not None and not self._stopped.is_set():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._stopped.wait(30)

    def __enter__(self) -> LocalTables:
        return self

    def __exit__(self, *_: Any) -> None:
        self.stop()
