"""A Jupyter server extension that sends kernel messages to the page at once (`widgets.nodelay`).

A click in a notebook explorer comes back as a burst of comm messages (one per view); with
Nagle's algorithm on, all but the first wait for the browser's delayed acknowledgement, about
40 ms on Linux. Installed with the package and enabled by
``etc/jupyter/jupyter_server_config.d/pirate_rules_explorer.json``; ``jupyter server extension
list`` shows it.
"""

from __future__ import annotations

from typing import Any

from widgets import nodelay


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "widgets.jupyter_server_nodelay"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    nodelay.jupyter_server()
    serverapp.log.info("Pirate Rules Explorer: kernel websockets send without delay (TCP_NODELAY)")
