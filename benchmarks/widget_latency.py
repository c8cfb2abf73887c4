"""Click-to-rerender latency of the board, measured in headless Chromium.

From the click on an offered action to the next animation frame after the board's SVG
was replaced (Python applied the move, the tree grew, the new view came back). Runs the
served app (`panel serve apps/explorer_app.py`) and the start notebook in JupyterLab.
Target: under 150 ms. Usage: python benchmarks/widget_latency.py [clicks]
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port, start_server, stop, wait_http  # noqa: E402

MEASURE = """async ({root, clicks}) => {
  const deep = (node, selector) => {       // querySelector that also looks inside shadow roots
    const hit = node.querySelector(selector);
    if (hit) return hit;
    for (const el of node.querySelectorAll('*')) {
      if (el.shadowRoot) { const inner = deep(el.shadowRoot, selector); if (inner) return inner; }
    }
    return null;
  };
  const scope = document.querySelector(root);
  const board = deep(scope, '.pre-board');
  const box = board.querySelector('.pre-svg');
  const tree = deep(scope, '.pre-tree');
  const changed = (rev) => new Promise(done => {
    const watch = new MutationObserver(() => {
      if (box.dataset.revision !== rev) { watch.disconnect(); requestAnimationFrame(() => done()); }
    });
    watch.observe(box, {attributes: true});
  });
  const times = [];
  for (let i = 0; i < clicks; i++) {
    box.querySelector('[data-place].pre-actionable').dispatchEvent(new MouseEvent('click', {bubbles: true}));
    const offer = board.querySelector('.pre-offer');
    let rev = box.dataset.revision;
    const t0 = performance.now();
    let rendered = changed(rev);
    offer.click();
    await rendered;
    times.push(performance.now() - t0);
    rev = box.dataset.revision;             // step back (not timed) so every click plays
    rendered = changed(rev);
    tree.querySelector('.pre-back').click();
    await rendered;
  }
  return times;
}"""


def summary(times: list[float]) -> dict:
    ordered = sorted(times)
    return {"clicks": len(times), "median_ms": round(statistics.median(times), 1),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 1), "max_ms": round(max(times), 1)}


def served_app(browser, tmp: Path, clicks: int) -> dict:
    port = free_port()
    proc = start_server([sys.executable, "-m", "panel", "serve", str(ROOT / "apps" / "explorer_app.py"),
                         "--port", str(port), "--address", "127.0.0.1",
                         "--allow-websocket-origin", f"127.0.0.1:{port}"], tmp / "panel.log",
                        env={"PYTHONPATH": str(ROOT)}, cwd=tmp)
    try:
        url = f"http://127.0.0.1:{port}/explorer_app"
        wait_http(url, proc)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector(".pre-board [data-place].pre-actionable", timeout=30_000)
        return summary(page.evaluate(MEASURE, {"root": "body", "clicks": clicks}))
    finally:
        stop(proc)


def jupyterlab(browser, tmp: Path, clicks: int) -> dict:
    from browser.labhelpers import NB, open_notebook, run_all

    root = tmp / "root"
    shutil.copytree(ROOT / "notebooks", root)
    port, token = free_port(), "bench"
    proc = start_server([sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
                         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", f"--IdentityProvider.token={token}",
                         f"--ServerApp.root_dir={root}", "--LabApp.news_url=None"], tmp / "lab.log",
                        env={"JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_RUNTIME_DIR": str(tmp / "rt"),
                             "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "ws"), "PYTHONPATH": str(ROOT)})
    try:
        lab = {"url": f"http://127.0.0.1:{port}", "token": token}
        wait_http(f"{lab['url']}/api/status?token={token}", proc)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        open_notebook(page, lab, "start_here.ipynb")
        run_all(page)
        page.wait_for_selector(f"{NB} .pre-explorer .pre-board [data-place].pre-actionable", timeout=30_000)
        return summary(page.evaluate(MEASURE, {"root": f"{NB} .pre-explorer", "clicks": clicks}))
    finally:
        stop(proc)


def main() -> None:
    from playwright.sync_api import sync_playwright

    clicks = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        results = {"panel serve": served_app(browser, Path(folder), clicks),
                   "JupyterLab": jupyterlab(browser, Path(folder), clicks)}
        browser.close()
    print(json.dumps({"click_to_rerender": results, "target_ms": 150}, indent=1))


if __name__ == "__main__":
    main()
