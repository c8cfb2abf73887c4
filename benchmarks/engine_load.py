"""A click in one session of the served app while the engine is on in 12 others.

Starts `panel serve apps/explorer_app.py` (as tests/browser/conftest.py does), opens the
measuring page and times its clicks idle; then opens `sessions` more pages in headless
Chromium, switches the engine on in each (a mix of games, so the pool has real analyses to
share), and times the same clicks again. A click is a move on the legal-actions list and then
Back in the tree, each timed from the click to the next animation frame after the board's SVG
was replaced. It also prints the CPU seconds the server's own process and the engine's worker
processes spent while loaded: the searches must be in the workers, not in the server.

Target (issue #25): with the engine on in 12 sessions, median <= 200 ms and worst <= 1 s.
Usage: python benchmarks/engine_load.py [sessions=12] [clicks=30] [pool|cooperative]
(`cooperative` runs the server with EXPLORER_ENGINE=cooperative: the engine on the server's
event loop, the mode meant for Pyodide; for comparison only.)
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DEEP_QUERY,
    free_port,
    start_server,
    stop,
    wait_http,
)

ENGINE_GAMES = ["sjoroveroya", "last_bottle_of_rum", "dead_mans_dice", "pirate_rush", "jolly_and_roger"]

CLICKS = """async ({clicks}) => {
  """ + DEEP_QUERY + """
  const board = deep(document, '.pre-board');
  const box = board.querySelector('.pre-svg');
  const picker = deep(document, '.pre-picker');
  const tree = deep(document, '.pre-tree');
  const timed = async (click) => {
    const rev = box.dataset.revision, t0 = performance.now();
    const drawn = new Promise(done => {
      const watch = new MutationObserver(() => {
        if (box.dataset.revision !== rev) { watch.disconnect(); requestAnimationFrame(() => done(true)); }
      });
      watch.observe(box, {attributes: true});
      setTimeout(() => { watch.disconnect(); done(false); }, 60000);
    });
    click();
    const ok = await drawn;
    return ok ? performance.now() - t0 : 60000;       // a click never redrawn counts as a minute
  };
  const times = {move: [], back: []};
  for (let i = 0; i < clicks; i++) {
    times.move.push(await timed(() => picker.querySelector('.pre-action').click()));
    await new Promise(r => setTimeout(r, 100));        // a person's pace, and the tree's own update
    times.back.push(await timed(() => tree.querySelector('.pre-back').click()));
    await new Promise(r => setTimeout(r, 100));
  }
  return times;
}"""


def figures(times: dict[str, list[float]]) -> dict:
    every = sorted(t for ts in times.values() for t in ts)
    p95 = every[min(len(every) - 1, round(0.95 * (len(every) - 1)))]
    return {"clicks": len(every), "median_ms": round(statistics.median(every), 1), "p95_ms": round(p95, 1),
            "worst_ms": round(every[-1], 1),
            **{f"{name} median_ms": round(statistics.median(ts), 1) for name, ts in times.items()}}


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(the process's own CPU seconds, its descendants' now alive: the pool's workers and forkserver)."""
    import psutil

    me = psutil.Process(pid)
    own = sum(me.cpu_times()[:2])
    children = 0.0
    for child in me.children(recursive=True):
        try:
            children += sum(child.cpu_times()[:2])
        except psutil.NoSuchProcess:
            pass
    return own, children


def open_page(browser, url: str):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(url)
    page.wait_for_selector(".pre-board svg [data-place]", timeout=120_000)
    return page


def engine_on(page) -> None:
    page.locator(".pre-engine-switch button").click()
    page.locator(".pre-engine-output").get_by_text("Thinking").or_(
        page.locator(".pre-engine-output .pre-engine-verdict")).first.wait_for(timeout=60_000)


def main() -> None:
    sessions = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    clicks = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    mode = sys.argv[3] if len(sys.argv) > 3 else "pool"
    from playwright.sync_api import sync_playwright

    env = {"PYTHONPATH": str(ROOT)} | ({"EXPLORER_ENGINE": "cooperative"} if mode == "cooperative" else {})
    results: dict = {"sessions with the engine on": sessions, "mode": mode, "cores": os.cpu_count()}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        port = free_port()
        proc = start_server([sys.executable, "-m", "panel", "serve", str(ROOT / "apps" / "explorer_app.py"),
                             "--port", str(port), "--address", "127.0.0.1", "--num-procs", "1",
                             "--allow-websocket-origin", f"127.0.0.1:{port}"], Path(folder) / "panel.log",
                            env=env, cwd=folder)
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            base = f"http://127.0.0.1:{port}/explorer_app"
            wait_http(base, proc, timeout=120)
            clicker = open_page(browser, f"{base}?game=dead_mans_dice")
            clicker.evaluate(CLICKS, {"clicks": 3})                      # warm-up, not counted
            results["idle"] = figures(clicker.evaluate(CLICKS, {"clicks": clicks}))
            results["load average (1 min) idle"] = os.getloadavg()[0]

            busy = []
            for i in range(sessions):
                page = open_page(browser, f"{base}?game={ENGINE_GAMES[i % len(ENGINE_GAMES)]}")
                engine_on(page)
                busy.append(page)
            time.sleep(5)                                                 # every analysis under way
            before, start = cpu_seconds(proc.pid), time.monotonic()
            results["loaded"] = figures(clicker.evaluate(CLICKS, {"clicks": clicks}))
            after, spent = cpu_seconds(proc.pid), time.monotonic() - start
            results["load average (1 min) loaded"] = os.getloadavg()[0]
            results["while loaded, wall s"] = round(spent, 1)
            results["server process CPU s"] = round(after[0] - before[0], 1)
            results["engine workers CPU s"] = round(after[1] - before[1], 1)
            verdicts = sum(1 for page in busy if page.locator(".pre-engine-output .pre-engine-verdict").count())
            results["busy sessions showing a verdict"] = verdicts
            shots = ROOT / "test-artifacts"
            shots.mkdir(exist_ok=True)
            busy[0].locator(".pre-engine").screenshot(path=str(shots / "engine-load-busy-session.png"))
            clicker.screenshot(path=str(shots / "engine-load-clicking-session.png"))
        finally:
            browser.close()
            stop(proc)
    results["target"] = "loaded: median <= 200 ms, worst <= 1000 ms"
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
