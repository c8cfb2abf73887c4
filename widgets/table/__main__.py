"""Serve the table pages alone: ``python -m widgets.table [--port 5007] [--address 127.0.0.1] [--db PATH]``.

Tables are opened by POSTing to ``/table/api/open`` (docs/live_table.md); the served app opens them
from its form instead (``panel serve apps/explorer_app.py apps/table_app.py --plugins widgets.table.routes``).
"""

from __future__ import annotations

import argparse
import signal
import threading

from widgets.table.local import LocalTables


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m widgets.table", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=5007)
    parser.add_argument("--address", default="127.0.0.1", help="0.0.0.0 lets phones on the network in")
    parser.add_argument("--db", default=None, help="the SQLite file (default: $PIRATE_TABLES_DB or the data folder)")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="seconds a bot waits before it moves")
    args = parser.parse_args()
    server = LocalTables(args.db, port=args.port, address=args.address, bot_delay=args.bot_delay)
    print(f"tables at {server.url}/table/ (kept in {server.hub.store.path})", flush=True)
    done = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: done.set())
    done.wait()
    server.stop()


if __name__ == "__main__":
    main()
