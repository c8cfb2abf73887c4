"""Websockets opened after `widgets.nodelay` send each frame at once (TCP_NODELAY, issue #30):
a real tornado server and client on loopback, the option read back from the server's socket."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import pytest
from tornado import web, websocket
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from widgets import jupyter_server_nodelay, nodelay

ROOT = Path(__file__).resolve().parents[2]


def _server_socket_option(handler_class: type) -> int:
    """Open one connection to `handler_class` and read TCP_NODELAY on the server's side."""
    seen: list[int] = []

    class Probe(handler_class):  # type: ignore[misc, valid-type]
        def open(self, *args, **kwargs):
            super().open(*args, **kwargs)
            sock = self.ws_connection.stream.socket
            seen.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    async def run() -> None:
        sock, port = bind_unused_port()
        server = HTTPServer(web.Application([(r"/ws", Probe)]))
        server.add_sockets([sock])
        client = await websocket.websocket_connect(f"ws://127.0.0.1:{port}/ws")
        for _ in range(100):
            if seen:
                break
            await asyncio.sleep(0.01)
        client.close()
        server.stop()

    asyncio.run(run())
    return seen[0]


def test_a_plain_tornado_websocket_leaves_nagle_on():
    class Plain(websocket.WebSocketHandler):
        def open(self):
            pass

    assert _server_socket_option(Plain) == 0


def test_a_wrapped_handler_opens_every_connection_with_no_delay():
    class Handler(websocket.WebSocketHandler):
        def open(self):
            self.opened = True

    nodelay._no_delay_on_open(Handler)
    nodelay._no_delay_on_open(Handler)          # twice is once
    assert Handler.open.__wrapped__.__name__ == "open"
    assert _server_socket_option(Handler) != 0


@pytest.mark.parametrize("patch, handler", [
    ("served_app", "bokeh.server.views.ws:WSHandler"),
    ("jupyter_server", "jupyter_server.services.kernels.websocket:KernelWebsocketHandler"),
])
def test_the_served_app_and_jupyter_server_handlers_are_wrapped(patch, handler):
    import importlib

    module, _, name = handler.partition(":")
    cls = getattr(importlib.import_module(module), name)
    getattr(nodelay, patch)()
    assert cls in nodelay._DONE and hasattr(cls.open, "__wrapped__")


def test_the_jupyter_config_enables_the_extension_that_loads():
    config = json.loads((ROOT / "jupyter-config" / "pirate_rules_explorer.json").read_text())
    enabled = config["ServerApp"]["jpserver_extensions"]
    assert enabled == {"widgets.jupyter_server_nodelay": True}
    points = jupyter_server_nodelay._jupyter_server_extension_points()
    assert points == [{"module": "widgets.jupyter_server_nodelay"}]
