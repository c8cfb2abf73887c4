"""The JupyterLite site (issue #28): its size, a cold start to a usable notebook, a board click.

- size: every file of the built site (target: at most 40 MB), the source maps left (none wanted)
  and the largest files;
- cold start, in a fresh headless Chromium context (no cache, no service worker yet) with every
  non-loopback request refused: from navigation to start_here.ipynb to its cells shown, to the
  Pyodide kernel idle, and (Run All pressed at once) to the first explorer's board drawn, which
  is "usable" (target: at most 20 s); then to every cell run;
- a board click answered: from the click on an offered action to the next animation frame after
  the board's SVG was replaced (the same in-page measure as widget_latency.py), and back/forward
  in the tree (target: at most 150 ms).

Usage: python benchmarks/lite_startup.py [--site build/lite/site] [--runs 2] [--clicks 10]
(build the site first: make lite)
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser.conftest import offline_context  # noqa: E402
from widget_latency import CHROMIUM, CHROMIUM_ARGS, summary  # noqa: E402

# widget_latency's measure, from the first position: a move offered on the board, then back.
CLICKS = """async ({root, clicks}) => {
  const scope = document.querySelector(root);
  const board = scope.querySelector('.pre-board'), box = board.querySelector('.pre-svg');
  const back = scope.querySelector('.pre-tree .pre-back');
  const changed = () => { const rev = box.dataset.revision; return new Promise(done => {
    const watch = new MutationObserver(() => {
      if (box.dataset.revision !== rev) { watch.disconnect(); requestAnimationFrame(() => done(true)); }
    });
    watch.observe(box, {attributes: true});
    setTimeout(() => { watch.disconnect(); done(false); }, 10000);
  }); };
  const lost = [], times = {move: [], back: []};
  const timed = async (click, what, into) => {
    const t0 = performance.now(), drawn = changed();
    click();
    const ok = await drawn;
    if (!ok) lost.push(what);
    into.push(ok ? performance.now() - t0 : 10000);
    await new Promise(r => setTimeout(r, 150));     // the other views' updates land before the next click
  };
  for (let i = 0; i < clicks; i++) {
    box.querySelector('[data-place].pre-actionable').dispatchEvent(new MouseEvent('click', {bubbles: true}));
    const offers = board.querySelectorAll('.pre-offer');
    await timed(() => offers[i % offers.length].click(), "move", times.move);
    await timed(() => back.click(), "back", times.back);
  }
  return {...times, lost};
}"""

NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def site_size(site: Path) -> dict:
    files = [p for p in site.rglob("*") if p.is_file()]
    largest = sorted(files, key=lambda p: p.stat().st_size, reverse=True)[:6]
    return {"MB": round(sum(p.stat().st_size for p in files) / 1e6, 1), "files": len(files),
            "source maps": sum(p.suffix == ".map" for p in files),
            "largest": {str(p.relative_to(site)): f"{p.stat().st_size / 1e6:.1f} MB" for p in largest}}


def serve(site: Path):
    spec = importlib.util.spec_from_file_location("lite_serve", ROOT / "lite" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.start(site)


def offline_page(browser, url: str):
    ctx, refused = offline_context(browser, url)
    return ctx, ctx.new_page(), refused


def cold_start(browser, url: str, clicks: int) -> dict:
    from playwright.sync_api import expect

    ctx, page, refused = offline_page(browser, url)
    try:
        t0 = time.monotonic()
        page.goto(f"{url}/lab/index.html?path=start_here.ipynb")
        page.wait_for_selector(f"{NB} .jp-Cell", timeout=60_000)
        shown = time.monotonic() - t0
        expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"Pyodide\) \| Idle$"))
               ).to_be_visible(timeout=120_000)
        kernel = time.monotonic() - t0
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
        page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
        page.wait_for_selector(f"{NB} .pre-explorer .pre-board [data-place].pre-actionable", timeout=120_000)
        usable = time.monotonic() - t0
        page.wait_for_function(
            """sel => { const ps = [...document.querySelectorAll(sel)];
                        return ps.length > 0 && ps.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim())); }""",
            arg=f"{NB} .jp-CodeCell .jp-InputPrompt", timeout=240_000)
        ran = time.monotonic() - t0
        app = page.locator(f"{NB} .pre-explorer").first     # one move first: the tree's node 1 to measure from
        before = app.locator(".pre-board .pre-svg").get_attribute("data-revision")
        app.locator(".pre-board [data-place].pre-actionable").first.click()
        app.locator(".pre-board .pre-offer").first.click()
        expect(app.locator(".pre-board .pre-svg")).not_to_have_attribute("data-revision", before, timeout=15_000)
        page.wait_for_timeout(500)
        click = summary(page.evaluate(CLICKS, {"root": f"{NB} .pre-explorer", "clicks": clicks}))
        return {"cells shown s": round(shown, 1), "kernel idle s": round(kernel, 1),
                "first board usable s": round(usable, 1), "every cell run s": round(ran, 1),
                "click": click, "refused requests": refused}
    finally:
        ctx.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="JupyterLite site: size, cold start, click")
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite" / "site")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--clicks", type=int, default=10)
    args = parser.parse_args(argv)
    if not (args.site / "lab" / "index.html").exists():
        print(f"no site at {args.site}: run make lite first")
        return 1
    print("site:", site_size(args.site))
    from playwright.sync_api import sync_playwright

    server, url = serve(args.site)
    runs = []
    try:
        with sync_playwright() as p:
            for i in range(args.runs):
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
                try:
                    runs.append(cold_start(browser, url, args.clicks))
                finally:
                    browser.close()
                print(f"run {i + 1}:", runs[-1], flush=True)
    finally:
        server.shutdown()
    for key in ("kernel idle s", "first board usable s"):
        values = [r[key] for r in runs]
        print(f"{key}: median {statistics.median(values):.1f}, max {max(values):.1f} over {len(values)} cold starts")
    moves = [r["click"]["move"]["median_ms"] for r in runs]
    print(f"board click answered: median {statistics.median(moves):.0f} ms over the runs' medians")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
