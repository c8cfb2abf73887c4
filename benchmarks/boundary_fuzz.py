"""Boundary fuzzing at scale (issue #25): seeded hostile inputs to every public reader, and links
through the served app. Prints the outcome classes per boundary (accepted, each project error
kind, and anything else, which is a bug) and, for the links, what each page showed. Asserts nothing.

Run: ``python benchmarks/boundary_fuzz.py [--count 10000] [--links 1000] [--seed 0]``.

The readers run in-process, `--count` inputs each (tests/boundary_inputs.py, as in
tests/test_boundary_fuzz.py). The links go through a real ``panel serve apps/explorer_app.py`` over
Bokeh's HTTP and websocket protocol (`bokeh.client.pull_session`, no browser): each page's
document is pulled and classed as ``message`` (the app's message line says why the link is
refused), ``board`` (no message, the explorer drawn) or ``blank`` (neither: the bug of the issue).
Chromium loads cost about 1 s each, so the link fuzz is smaller; the injection corpus goes
through Chromium in tests/browser/test_injections.py.
"""

from __future__ import annotations

import argparse
import collections
import html
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"   # the generators live beside the test that runs them


def readers(count: int, seed: int) -> None:
    from boundary_inputs import boundaries, run

    table = boundaries(seed)
    print(f"readers: {count:,} inputs per boundary, seed {seed}")
    total_bugs = 0
    for name in table:
        started = time.perf_counter()
        classes: collections.Counter[str] = collections.Counter()
        bugs: dict[str, str] = {}
        for result, value in run(name, count, seed, table):
            kind = result.split(":")[0] if not result.startswith("other:") else "other"
            classes[kind] += 1
            if kind == "other":
                bugs.setdefault(result, repr(value)[:160])
        seconds = time.perf_counter() - started
        total_bugs += classes["other"]
        shown = ", ".join(f"{k} {v:,}" for k, v in sorted(classes.items(), key=lambda kv: -kv[1]))
        print(f"  {name:32} {shown}  ({seconds:.1f} s)")
        for result, value in bugs.items():
            print(f"      {result}  <- {value}")
    print(f"  anything else (not a project error): {total_bugs:,}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(log: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {**os.environ, "BOKEH_RESOURCES": "inline", "PANEL_INLINE": "true",
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}
    proc = subprocess.Popen([sys.executable, "-m", "panel", "serve", str(ROOT / "apps" / "explorer_app.py"),
                             "--port", str(port), "--address", "127.0.0.1", "--allow-websocket-origin",
                             f"127.0.0.1:{port}", "--unused-session-lifetime", "2000", "--check-unused-sessions",
                             "1000"], stdout=log.open("w"), stderr=subprocess.STDOUT, env=env, cwd=log.parent)
    url = f"http://127.0.0.1:{port}/explorer_app"
    for _ in range(240):
        try:
            with urllib.request.urlopen(url, timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.25)
    proc.terminate()
    raise RuntimeError(f"the app did not start; see {log}")


def _page(url: str, args: dict[str, str]) -> tuple[str, str]:
    """(class, message text) of the page `args` open."""
    from bokeh.client import pull_session

    with pull_session(url=url, arguments=args) as session:
        models = list(session.document.models)

    def classes(model: object) -> list[str]:
        return list(getattr(model, "css_classes", None) or [])

    message = next((m for m in models if "pre-app-message" in classes(m)), None)
    markup = html.unescape(getattr(message, "text", "") or "")   # Panel sends an HTML pane's markup escaped
    text = html.unescape(re.sub(r"<[^>]+>", "", markup)).strip()    # then the words the page shows
    if text:
        return "message", text
    if any(c.startswith("pre-board") for m in models for c in classes(m)):
        return "board", ""
    return "blank", ""


def links(count: int, seed: int) -> None:
    import panel  # noqa: F401  (registers Panel's models for the pulled documents)
    from boundary_inputs import INJECTIONS, _links, mutate_link

    import widgets.served  # noqa: F401  (and the explorer's own view components)

    rng = random.Random(f"{seed}:links")
    payload_texts = {item["payload"] for item in INJECTIONS}
    valid = _links(seed)
    inputs = [{"game": "dead_mans_dice", "players": item["payload"]} if i % 2 else {"game": item["payload"]}
              for i, item in enumerate(INJECTIONS)][: max(1, count // 4)]   # a quarter: the corpus, as far as it goes
    inputs += [mutate_link(rng.choice(valid), rng) for _ in range(max(0, count - len(inputs)))]
    rng.shuffle(inputs)
    inputs = inputs[:count]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "panel.log"
        proc, url = _serve(log)
        started = time.perf_counter()
        classes: collections.Counter[str] = collections.Counter()
        examples: dict[str, str] = {}
        try:
            for args in inputs:
                try:
                    kind, text = _page(url, args)
                except Exception as err:   # the client could not pull the page at all
                    kind, text = f"no page ({type(err).__name__})", str(err)[:120]
                classes[kind] += 1
                examples.setdefault(kind, f"{str(args)[:100]} -> {text[:100]}")
        finally:
            proc.terminate()
            proc.wait(10)
        seconds = time.perf_counter() - started
        server = log.read_text(encoding="utf-8", errors="replace")
    payloads = sum(1 for args in inputs if any(v in payload_texts for v in args.values()))
    print(f"links through the served app: {len(inputs):,} pages ({payloads} with an injection payload, the rest "
          f"mutated links), {seconds:.0f} s, {1000 * seconds / max(1, len(inputs)):.0f} ms a page")
    for kind, n in classes.most_common():
        print(f"  {kind:24} {n:,}   e.g. {examples[kind]}")
    print(f"  server log: {server.count('Error running application handler')} 'Error running application handler', "
          f"{server.count('unexpected error in')} unexpected errors (shown with a reference)")


def main() -> None:
    sys.path.insert(0, str(TESTS))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000, help="inputs per reader")
    parser.add_argument("--links", type=int, default=1_000, help="links through the served app")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    if options.count:
        readers(options.count, options.seed)
    if options.links:
        links(options.links, options.seed)


if __name__ == "__main__":
    main()
