"""Websocket clients of the table protocol, for tests and the load benchmark (tornado's own client)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

from tornado.websocket import websocket_connect

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end on a loop of its own, in a thread of its own: the browser tests'
    Playwright keeps a loop running in the main thread, where `asyncio.run` refuses to start."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coro)
        except BaseException as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=target, name="table-test-loop")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def socket_url(link: str) -> str:
    """The websocket of a seat's or the teacher's page link."""
    head, token = link.rsplit("/", 1)
    base = head.rsplit("/", 1)[0]
    return base.replace("http://", "ws://").replace("https://", "wss://") + f"/ws/{token}"


class Client:
    """One page's socket: every message it was sent, in order, and when."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.messages: list[dict] = []
        self.times: list[float] = []
        self.last: dict = {}
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self._arrived = asyncio.Event()

    @classmethod
    async def open(cls, link: str) -> Client:
        return cls(await websocket_connect(socket_url(link)))

    async def _read(self) -> None:
        while True:
            text = await self.conn.read_message()
            if text is None:
                return
            data = json.loads(text)
            self.messages.append(data)
            self.times.append(time.time())
            if data.get("type") == "table":
                self.last = data
            self._arrived.set()

    async def wait(self, test: Any, timeout: float = 10.0, start: int = 0) -> dict:
        """The first message from index `start` on for which `test(message)` holds."""
        deadline = time.monotonic() + timeout
        index = start
        while True:
            while index < len(self.messages):
                if test(self.messages[index]):
                    return self.messages[index]
                index += 1
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such message; last: {str(self.messages[-1:])[:400]}")
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), left)
            except TimeoutError:
                pass

    async def table(self, timeout: float = 10.0) -> dict:
        return await self.wait(lambda m: m.get("type") == "table", timeout)

    async def version(self, version: int, timeout: float = 10.0) -> dict:
        return await self.wait(lambda m: m.get("type") == "table" and m["version"] >= version, timeout)

    def send(self, **request: Any) -> None:
        self.conn.write_message(json.dumps(request))

    def close(self) -> None:
        self.conn.close()
        self._reader.cancel()
