"""Serve a built JupyterLite site on 127.0.0.1, as any static host would (for the browser test,
the start-up benchmark, and a look before publishing): ``python lite/serve.py [site] [port]``.

Only the types a static host must get right are set here (WebAssembly, ES modules, JSON);
caching is off so that every cold start in a test really loads the files.
"""

from __future__ import annotations

import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[1]
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".ipynb": "application/json", ".whl": "application/zip"}


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:   # quiet: the tests read the page, not the log
        pass


def start(site: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """A server of `site` on a thread of its own; (server, base URL). `server.shutdown()` stops it."""
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else ROOT / "build" / "lite" / "site"
    server, url = start(site, int(argv[1]) if len(argv) > 1 else 8000)
    print(f"serving {site} at {url}/lab/index.html (Ctrl-C stops)")
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
