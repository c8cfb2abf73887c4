"""Latency of a click in the explorer, early in a game and deep in it.

`server`: the Python cost of a click (move, roll, back, forward) in a whole notebook
explorer (every view observing one controller), at move 20 and at move 500 (Sjørøverøya,
3 players) or 400 (Rum, 2 players; Dead Man's Dice, 3 players) of a seeded random game,
with the bytes the views would send. Target: at most 3x move 20 and under 50 ms.

`browser`: a click on a board element (an element with one move, else an entry of the menu at
an element), in headless Chromium, in the served app and in JupyterLab, at move 20 and move 500
of 3-player Sjørøverøya, 2-player Rum and 3-player Dead Man's Dice. Each click starts from a page at
rest, as a person's does: no view in the explorer changed for 50 ms (the previous click's last view
updates have landed). `visible`, from pointerdown
to the next animation frame (the clicked element's pressed style is set in that handler), and
`move`, from the click to the next frame after the board's SVG was replaced (median, p95, max).
Targets (issue #30): visible <= 16 ms, move median <= 60 ms and p95 <= 120 ms.
Usage: python benchmarks/widget_latency.py server|browser [clicks] [app] [lab] [game ...]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
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

MEASURE = """async ({root, node, clicks}) => {
  """ + DEEP_QUERY + """
  const scope = document.querySelector(root);
  const board = deep(scope, '.pre-board');
  const box = board.querySelector('.pre-svg');
  const tree = deep(scope, '.pre-tree');
  const frame = () => new Promise(r => requestAnimationFrame(() => r(performance.now())));
  const changed = () => { const rev = box.dataset.revision; return new Promise(done => {
    const watch = new MutationObserver(() => {
      if (box.dataset.revision !== rev) { watch.disconnect(); requestAnimationFrame(() => done(true)); }
    });
    watch.observe(box, {attributes: true});
    setTimeout(() => { watch.disconnect(); done(false); }, 10000);    // never hang: count it as lost
  }); };
  const lost = [];
  const rest = () => new Promise(done => {   // a person clicks on a page at rest: no view changed for 50 ms
    let quiet = setTimeout(finish, 50);
    const watch = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(finish, 50); });
    const cap = setTimeout(finish, 3000);
    function finish() { watch.disconnect(); clearTimeout(cap); clearTimeout(quiet); done(); }
    watch.observe(scope, {attributes: true, childList: true, subtree: true, characterData: true});
  });
  const settled = async (seq) => {            // the tree's own update (not timed) before the next click
    for (let i = 0; i < 200 && tree.dataset.seq === seq; i++) await new Promise(r => setTimeout(r, 10));
  };
  const timed = async (click, what) => {
    const seq = tree.dataset.seq, t0 = performance.now(), drawn = changed();
    click();
    const ok = await drawn, elapsed = performance.now() - t0;
    await settled(seq);
    if (!ok) { lost.push(what); return 10000; }
    return elapsed;
  };
  await timed(() => tree.querySelector(`.pre-node[data-id="${node}"]`).click(), "goto");   // not counted
  while (tree.dataset.current !== String(node)) await new Promise(r => setTimeout(r, 50));
  await new Promise(r => setTimeout(r, 300));    // let any update still on its way land
  const times = {visible: [], move: [], back: []};
  const kinds = {one_click: 0, menu: 0};
  for (let i = 0; i < clicks; i++) {
    // a board element that carries a move: one with one move when there is one (one click), else
    // the menu at an element and one of its entries (the entry's click is the one timed)
    const all = [...box.querySelectorAll('svg [data-place].pre-target')];
    if (!all.length) throw new Error(`no move on the board at node ${tree.dataset.current} (wanted ${node}), ` +
                                     `lost: ${lost}, status: ${board.querySelector('.pre-status').textContent}`);
    const single = all.filter(n => n.dataset.move);
    let target = (single.length ? single : all)[i % (single.length || all.length)];
    if (!single.length) {
      target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
      for (let depth = 0; depth < 4; depth++) {
        const entry = [...board.querySelectorAll('.pre-menu button.pre-offer')][0];
        if (entry.dataset.move) { target = entry; break; }
        entry.click();
      }
      kinds.menu++;
    } else kinds.one_click++;
    // visible answer: from pointerdown to the next frame, which paints the pressed style set in it
    await rest();
    const t0 = performance.now();
    target.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
    const pressed = target.classList.contains('pre-pressed') || target.closest('.pre-pressed') !== null;
    times.visible.push(pressed ? (await frame()) - t0 : 10000);
    times.move.push(await timed(() => target.dispatchEvent(new MouseEvent('click', {bubbles: true})), "move"));
    await rest();
    times.back.push(await timed(() => tree.querySelector('.pre-back').click(), "back"));
  }
  return {...times, lost, kinds};
}"""


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank) of a short list of click times."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def summary(times: dict[str, list]) -> dict:
    lost, kinds = times.pop("lost"), times.pop("kinds")
    return {name: {"median_ms": round(statistics.median(ts), 1), "p95_ms": round(p95(ts), 1),
                   "max_ms": round(max(ts), 1)} for name, ts in times.items()} | {
        "clicks_each": len(times["move"]), "clicks": kinds, "lost (no redraw in 10 s)": lost}


def deep_line(name: str, players: int, depth: int) -> tuple[list[str], list[int]]:
    """A random line a little past `depth`, and the depths (near 20 and near `depth`) to measure at:
    decision nodes where the board offers an action, so a board click plays."""
    import explorer

    state = explorer.load(name, players=players).start(seed=0)
    line = random_line(state, depth + 40)
    states = [state]
    for move in line:
        states.append(states[-1].apply(move))
    clickable = [d for d, s in enumerate(states) if not s.is_chance and not s.is_over
                 and any(s.action_target(a) for a in s.legal_actions())]
    return line, [next(d for d in clickable if d >= 20), next(d for d in clickable if d >= depth)]


def measure(page, root: str, depths: list[int], clicks: int) -> dict:
    return {f"move {d}": summary(page.evaluate(MEASURE, {"root": root, "node": d, "clicks": clicks}))
            for d in depths}


def served_app(browser, tmp: Path, clicks: int, name: str, players: int, depth: int) -> dict:
    from urllib.parse import quote

    from widgets.served_link import SEPARATOR

    line, depths = deep_line(name, players, depth)
    port = free_port()
    proc = start_server([sys.executable, "-m", "panel", "serve", str(ROOT / "apps" / "explorer_app.py"),
                         "--port", str(port), "--address", "127.0.0.1",
                         "--allow-websocket-origin", f"127.0.0.1:{port}"], tmp / "panel.log",
                        env={"PYTHONPATH": str(ROOT)}, cwd=tmp)
    try:
        url = f"http://127.0.0.1:{port}/explorer_app?game={name}&players={players}&line=" + quote(
            SEPARATOR.join(line), safe="@," + SEPARATOR)
        wait_http(url, proc, timeout=120)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.goto(url)
        page.wait_for_selector(f".pre-tree[data-nodes='{len(line) + 1}']", timeout=60_000)
        return measure(page, "body", depths, clicks)
    finally:
        stop(proc)


def jupyterlab(browser, tmp: Path, clicks: int, name: str, players: int, depth: int) -> dict:
    import nbformat
    from browser.labhelpers import NB, open_notebook, run_all

    line, depths = deep_line(name, players, depth)
    root = tmp / "root"
    root.mkdir()
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                           "language": "python"}})
    nb.cells = [nbformat.v4.new_code_cell(
        "import explorer, widgets\nwidgets.setup_notebook()\n"
        f"app = widgets.Explorer(explorer.load({name!r}, players={players}), seed=0)\n"
        f"app.controller.play_line({line!r})\napp")]
    nbformat.write(nb, root / "deep.ipynb")
    port, token = free_port(), "bench"
    proc = start_server([sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
                         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", f"--IdentityProvider.token={token}",
                         f"--ServerApp.root_dir={root}", "--LabApp.news_url=None"], tmp / "lab.log",
                        env={"JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_RUNTIME_DIR": str(tmp / "rt"),
                             "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "ws"), "PYTHONPATH": str(ROOT)})
    try:
        lab = {"url": f"http://127.0.0.1:{port}", "token": token}
        wait_http(f"{lab['url']}/api/status?token={token}", proc)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        open_notebook(page, lab, "deep.ipynb")
        run_all(page)
        page.wait_for_selector(f"{NB} .pre-explorer .pre-tree[data-nodes='{len(line) + 1}']", timeout=60_000)
        return measure(page, f"{NB} .pre-explorer", depths, clicks)
    finally:
        stop(proc)


GAMES = [("sjoroveroya", 3, 500), ("last_bottle_of_rum", 2, 400), ("dead_mans_dice", 3, 400)]
BROWSER_GAMES = [("sjoroveroya", 3, 500), ("last_bottle_of_rum", 2, 500), ("dead_mans_dice", 3, 500)]


def random_line(state, moves: int, seed: int = 0) -> list[str]:
    """A seeded random game's first `moves` steps (chance resolved by sampling)."""
    import random

    rng, line = random.Random(seed), []
    while len(line) < moves and not state.is_over:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        line.append(str(action))
        state = state.apply(action)
    return line


def sent_bytes(app) -> int:
    """What the synced views would send after a click: their data as JSON."""
    views = (app.board, app.picker, app.tree, app.event_log, app.chance.controls)
    return sum(len(json.dumps(v.data)) for v in views)


def clicks_at(app, line: list[str], depth: int, window: int) -> dict:
    """Median ms of a move (or roll), back and forward at the `window` positions up to move `depth`,
    split by where the click lands (a chance node also redraws the chance chart), and the median
    bytes the views' data holds after a move."""
    import time

    ctl = app.controller
    times: dict[str, list[float]] = {}
    sizes = []
    for i in range(window):
        ctl.goto(tuple(line[:depth - window + 1 + i]))
        state = ctl.state
        legal = [] if state.is_chance else state.legal_actions()
        request = {"op": "roll"} if state.is_chance else {"op": "play", "move": str(legal[i % len(legal)])}
        for name, req in (("move", request), ("back", {"op": "back"}), ("forward", {"op": "forward"}),
                          ("back", {"op": "back"})):
            t0 = time.perf_counter()
            app.tree.request = {**req, "n": [depth, i, name]}
            elapsed = (time.perf_counter() - t0) * 1000
            times.setdefault(f"{name} to {'chance' if ctl.state.is_chance else 'decision'}", []).append(elapsed)
            if name == "move":
                sizes.append(sent_bytes(app))
    result = {key: round(statistics.median(values), 2) for key, values in sorted(times.items())}
    return result | {"all (max)": round(max(t for v in times.values() for t in v), 2),
                     "bytes after a move": int(statistics.median(sizes))}


def server(repeats: int) -> dict:
    import explorer
    import widgets

    results = {}
    for name, players, deep in GAMES:
        game = explorer.load(name, players=players)
        app = widgets.Explorer(game, seed=0)
        line = random_line(app.controller.state, deep)
        app.controller.play_line(line)
        early, late = clicks_at(app, line, 20, min(repeats, 20)), clicks_at(app, line, deep, min(repeats, 20))
        ratio = {k: round(late[k] / early[k], 2) for k in early if k in late and "bytes" not in k}
        results[f"{name} ({players} players)"] = {"move 20": early, f"move {deep}": late, "ratio": ratio,
                                                   "tree nodes": len(app.controller.tree)}
    return results


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "server"
    clicks = int(sys.argv[2]) if len(sys.argv) > 2 else (30 if mode == "server" else 20)
    if mode == "server":
        print(json.dumps({"server_click_ms": server(clicks), "target": "deep <= 3x move 20 and < 50 ms"},
                         indent=1))
        return
    from playwright.sync_api import sync_playwright

    where = [w for w in sys.argv[3:] if w in ("app", "lab")] or ["app", "lab"]
    games = [g for g in BROWSER_GAMES if g[0] in sys.argv[3:]] or BROWSER_GAMES
    results: dict = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for name, players, depth in games:
            found = results[f"{name} ({players} players)"] = {}
            for kind, run in (("panel serve", served_app), ("JupyterLab", jupyterlab)):
                if ("app" if kind == "panel serve" else "lab") in where:
                    with tempfile.TemporaryDirectory() as folder:
                        found[kind] = run(browser, Path(folder), clicks, name, players, depth)
        browser.close()
    print(json.dumps({"board_click": results, "visible": "pointerdown to the next frame (pressed style)",
                      "move": "click to the next frame after the board's SVG was replaced",
                      "target_ms": {"visible": 16, "move median": 60, "move p95": 120}}, indent=1))


if __name__ == "__main__":
    main()
