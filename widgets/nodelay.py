"""Send every websocket frame at once (TCP_NODELAY) in the served app and in Jupyter's server.

A redraw reaches the page as several small frames in a row: Bokeh writes a message as a header,
its metadata and its content, and a kernel answers a click with a burst of comm messages. Tornado
leaves Nagle's algorithm on, so the second small write waits for the browser's acknowledgement
of the first, which Linux delays by up to 40 ms: measured, a click's first patch left the served
app about 40 ms after its acknowledgement. Tornado's documented remedy is ``set_nodelay(True)``
once the connection is open; Bokeh and jupyter_server do not call it, so this does, for each
connection they open from now on.
"""

from __future__ import annotations

from typing import Any

_DONE: set[type] = set()


def _no_delay_on_open(handler: type) -> None:
    """Wrap `handler.open` (a tornado WebSocketHandler) so each new connection sets TCP_NODELAY."""
    if handler in _DONE:
        return
    opened = handler.open

    def open_(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            self.set_nodelay(True)
        except Exception:       # an already closed stream: the handler's own open reports it
            pass
        return opened(self, *args, **kwargs)

    open_.__wrapped__ = opened  # type: ignore[attr-defined]
    handler.open = open_        # type: ignore[method-assign]
    _DONE.add(handler)


def served_app() -> None:
    """Bokeh's websocket (the served app, `panel serve`)."""
    from bokeh.server.views.ws import WSHandler

    _no_delay_on_open(WSHandler)


def jupyter_server() -> None:
    """jupyter_server's kernel websocket (JupyterLab, Binder)."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    _no_delay_on_open(KernelWebsocketHandler)
