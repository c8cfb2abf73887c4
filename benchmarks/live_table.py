"""Load on the live table (issue #29): how fast a move reaches every other page of its table.

`panel serve` of the served app with the table pages, tables in a temporary SQLite file. It opens
N tables of 4 seats (Sjørøverøya, The Last Bottle of Rum, Pirate Rush and Dead Man's Dice in turn):
Player 1 is a person at a page in headless Chromium, Players 2 and 3 people simulated over the same
websocket protocol (random legal moves after a short think), Player 4 a bot (the rule of thumb)
whose seat a simulated page watches. Every page notes when each version of its table arrives
(Chromium's in the page itself: `Date.now()` as the message event fires, and after the page has
drawn it); a move's time is from its sender's send (the click, the simulated send, or the bot's
move as the server stamps it) to its arrival at each OTHER page of the table. All on one machine,
one clock. It prints the figures (p50, p95, max, per table) and the server's memory per table;
it asserts nothing.

Run: ``python benchmarks/live_table.py [--tables 10] [--seconds 60] [--bot-delay 0.5]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from table_clients import Client  # noqa: E402

GAMES = ["sjoroveroya", "last_bottle_of_rum", "pirate_rush", "dead_mans_dice"]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync",
        # ten windows of one headless browser overlap: none may be put in the background for it
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows"]
# Every message a Chromium page receives, and every move it sends, noted in the page itself.
WATCH = """
(() => {
  const Native = window.WebSocket;
  window.__arrived = []; window.__sent = [];
  window.WebSocket = function (url, protocols) {
    const socket = new Native(url, protocols);
    socket.addEventListener("message", (event) => {
      const at = Date.now();
      const data = JSON.parse(event.data);
      if (data.type !== "table") return;
      setTimeout(() => window.__arrived.push([data.version, at, Date.now()]), 0);   // after the page drew it
    });
    const send = socket.send.bind(socket);
    socket.send = (text) => {
      const r = JSON.parse(text);
      if (r.op === "play") window.__sent.push([r.version, Date.now()]);
      send(text);
    };
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, { OPEN: 1, CLOSED: 3, CONNECTING: 0, CLOSING: 2 });
})();
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, bot_delay: float, log: Path) -> subprocess.Popen:
    env = {**os.environ, "PIRATE_TABLES_DB": str(db), "PIRATE_TABLE_BOT_DELAY": str(bot_delay),
           "BOKEH_RESOURCES": "inline", "PANEL_INLINE": "true",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen([sys.executable, "-m", "panel", "serve", "apps/explorer_app.py", "apps/table_app.py",
                             "--plugins", "widgets.table.routes", "--port", str(port), "--address", "127.0.0.1",
                             "--allow-websocket-origin", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                            stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(log.read_text())
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/table_app", timeout=5):
                return proc
        except OSError:
            time.sleep(0.3)
    raise TimeoutError("the server did not start")


def open_table(base: str, game: str) -> dict:
    body = {"game": game, "players": 4, "seats": ["person", "person", "person", "rule_of_thumb"],
            "title": f"load {game}"}
    request = urllib.request.Request(f"{base}/table/api/open", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def rss_mb(proc: subprocess.Popen) -> float:
    return psutil.Process(proc.pid).memory_info().rss / 2**20


async def simulated_player(client: Client, sends: list, stop: float, rng: random.Random) -> None:
    """A person at a simulated page: on its turn, after 0.2-0.6 s, a random legal move."""
    seen = -1
    while time.time() < stop:
        now = client.last
        if now and now["version"] != seen and now["board"]["actions"] and not now["paused"]:
            seen = now["version"]
            await asyncio.sleep(rng.uniform(0.2, 0.6))
            if client.last.get("version") != seen:
                continue
            sends.append((seen, time.time()))
            client.send(op="play", move=rng.choice(now["board"]["actions"])["id"], version=seen)
        await asyncio.sleep(0.02)


async def chromium_player(page, stop: float, rng: random.Random) -> None:
    """The person at the Chromium page: on its turn, a click on one of the moves it lists."""
    while time.time() < stop:
        try:
            await page.wait_for_selector('body[data-turn="yours"]', timeout=2000)
        except Exception:
            continue
        await asyncio.sleep(rng.uniform(0.2, 0.6))
        buttons = page.locator(".pre-picker-box button.pre-action")
        count = await buttons.count()
        if count:
            try:
                await buttons.nth(rng.randrange(count)).click(timeout=2000)
            except Exception:
                pass
        await asyncio.sleep(0.1)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def first_arrivals(pairs: list[tuple[int, float]]) -> dict[int, float]:
    """version -> when a page first had that version (or a later one)."""
    found: dict[int, float] = {}
    for version, at in sorted(pairs, key=lambda p: p[1]):
        for v in range(max(found, default=-1) + 1, version + 1):
            found.setdefault(v, at)
    return found


async def run(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    tmp = Path(tempfile.mkdtemp(prefix="live-table-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(tmp / "tables.sqlite3", port, args.bot_delay, tmp / "server.log")
    try:
        open_table(base, "sjoroveroya")                       # imports warmed: the hub, the games
        warm = rss_mb(proc)
        tables = [open_table(base, GAMES[i % len(GAMES)]) for i in range(args.tables)]
        rng = random.Random(args.seed)
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            pages, clients, sends = [], [], []
            for links in tables:
                ctx = await browser.new_context(viewport={"width": 1100, "height": 800})
                await ctx.add_init_script(WATCH)
                page = await ctx.new_page()
                await page.goto(links["seats"][0]["link"])
                pages.append(page)
                table_clients = [await Client.open(links["seats"][i]["link"]) for i in (1, 2, 3)]
                clients.append(table_clients)
                sends.append({1: [], 2: []})
            stop = time.time() + args.seconds
            work = [chromium_player(page, stop, random.Random(rng.random())) for page in pages]
            for i, table_clients in enumerate(clients):
                for seat in (1, 2):
                    work.append(simulated_player(table_clients[seat - 1], sends[i][seat], stop,
                                                 random.Random(rng.random())))
            await asyncio.gather(*work)
            await asyncio.sleep(1.0)
            loaded = rss_mb(proc)
            browser_arrived = [await page.evaluate("window.__arrived") for page in pages]
            browser_sent = [await page.evaluate("window.__sent") for page in pages]
            await browser.close()
        per_table, drawn_all, all_latencies, counts, inbound = [], [], [], {"person": 0, "bot": 0}, []
        by_page: dict[str, list[float]] = {"Chromium": [], "simulated": []}
        with sqlite3.connect(tmp / "tables.sqlite3") as db:
            records = {t["table"]: db.execute("SELECT version, seat, by, at FROM moves WHERE table_id = ? AND "
                                              "seat IS NOT NULL ORDER BY n", (t["table"],)).fetchall()
                       for t in tables}
        for i in range(args.tables):
            received = {0: first_arrivals([(v, at / 1000) for v, at, _ in browser_arrived[i]])}
            drawn = first_arrivals([(v, d / 1000) for v, _, d in browser_arrived[i]])
            for seat, client in zip((1, 2, 3), clients[i], strict=True):
                received[seat] = first_arrivals([(m["version"], t) for m, t in zip(client.messages, client.times,
                                                                                 strict=True)
                                                 if m.get("type") == "table"])
            sent = {0: [(v, at / 1000) for v, at in browser_sent[i]], 1: sends[i][1], 2: sends[i][2]}
            latencies = []
            for version, seat, by, applied in records[tables[i]["table"]]:
                if by == "person":        # from the mover's own send of this move (its page saw version - 1)
                    mine = [t for v, t in sent[seat] if v == version - 1 and t <= applied + 0.05]
                    if not mine:
                        continue
                    start = mine[-1]
                    inbound.append((applied - start) * 1000)
                    counts["person"] += 1
                else:                     # a bot's move: from the server's own stamp of it
                    start = applied
                    counts["bot"] += 1
                for page, arrivals in received.items():
                    if page != seat and version in arrivals:
                        latencies.append((arrivals[version] - start) * 1000)
                        by_page["Chromium" if page == 0 else "simulated"].append(latencies[-1])
                        if page == 0 and version in drawn:
                            drawn_all.append((drawn[version] - start) * 1000)
            all_latencies += latencies
            per_table.append((tables[i]["game"], len(latencies), percentile(latencies, 0.5),
                              percentile(latencies, 0.95), max(latencies, default=float("nan"))))
        for table_clients in clients:
            for client in table_clients:
                client.close()
        idle = [open_table(base, GAMES[i % len(GAMES)]) for i in range(args.idle_tables)]
        await asyncio.sleep(0.5)
        after_idle = rss_mb(proc)
        print(f"{args.tables} tables x 4 seats, {args.seconds:.0f} s, bot delay {args.bot_delay} s, "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"moves made: {counts['person']} by people, {counts['bot']} by bots; "
              f"arrivals measured: {len(all_latencies)}")
        print(f"move -> every other page (ms): p50 {percentile(all_latencies, 0.5):.1f}, "
              f"p95 {percentile(all_latencies, 0.95):.1f}, max {max(all_latencies):.1f}")
        for kind, values in by_page.items():
            print(f"  at the {kind} pages: p50 {percentile(values, 0.5):.1f}, p95 {percentile(values, 0.95):.1f} "
                  f"({len(values)} arrivals)")
        print(f"of which the way in, send -> the server made the move (ms): p50 {percentile(inbound, 0.5):.1f}, "
              f"p95 {percentile(inbound, 0.95):.1f}")
        print(f"move -> Chromium page drew it (ms): p50 {percentile(drawn_all, 0.5):.1f}, "
              f"p95 {percentile(drawn_all, 0.95):.1f}")
        print(f"{'table':22s} {'arrivals':>8s} {'p50 ms':>8s} {'p95 ms':>8s} {'max ms':>8s}")
        for game, n, p50, p95, top in per_table:
            print(f"{game:22s} {n:8d} {p50:8.1f} {p95:8.1f} {top:8.1f}")
        print(f"worst table's p95: {max(p for _, _, _, p, _ in per_table):.1f} ms")
        print(f"server memory: {warm:.0f} MB warm, {loaded:.0f} MB with {args.tables} played tables and their "
              f"{args.tables * 4} pages: {(loaded - warm) / args.tables:.2f} MB a table in play; "
              f"+{len(idle)} idle tables: {(after_idle - loaded) / max(1, len(idle)):.2f} MB each")
        print(f"statistics: {statistics.mean(all_latencies):.1f} ms mean over {len(all_latencies)} arrivals")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(20)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--bot-delay", type=float, default=0.5)
    parser.add_argument("--idle-tables", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
