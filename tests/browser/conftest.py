"""Browser-test fixtures: Debian's Chromium driven by Playwright, servers on loopback."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("SCREENSHOT_DIR", ROOT / "test-artifacts"))
# JS assets must come from the local server or be inlined in outputs: no CDN is reachable.
OFFLINE_ENV = {"BOKEH_RESOURCES": "inline", "PANEL_INLINE": "true"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url, proc, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}; see its log")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.25)
    raise TimeoutError(url)


def start_server(cmd, log_path, env=None, cwd=None):
    log = open(log_path, "w")  # closed in stop()
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=cwd,
                            env={**os.environ, **OFFLINE_ENV, **(env or {})},
                            start_new_session=True)  # own process group: kernels die with it
    proc.log = log
    return proc


def stop(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    proc.log.close()


def offline_context(browser, origin: str, **options):
    """A browser context that lets through only `origin` (and the page's data/blob URLs) and lists
    every other request it refused: a page that works offline asks nothing of the outside."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    refused: list[str] = []

    def route(r):
        if r.request.url.startswith((origin, "data:", "blob:")):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    return ctx, refused


# JavaScript: `deep(scope, selector)`, querySelector that also looks inside shadow roots (Panel's pages).
DEEP_QUERY = """const deep = (scope, selector) => {
    const hit = scope.querySelector(selector);
    if (hit) return hit;
    for (const el of scope.querySelectorAll('*')) {
      if (el.shadowRoot) { const inner = deep(el.shadowRoot, selector); if (inner) return inner; }
    }
    return null;
  };"""


@pytest.fixture(scope="package")
def browser():
    """One Chromium for the browser tests, closed when they end: Playwright's sync API keeps an event
    loop marked running in the main thread while it is open, which the unit tests after it must not see."""
    if not os.path.exists(CHROMIUM):
        if os.environ.get("REQUIRE_BROWSER"):      # set in CI so a missing browser fails
            pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium")
        pytest.skip(f"{CHROMIUM} missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, request):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{request.node.name}.png"))  # last state, pass or fail
    ctx.close()


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    """JupyterLab on 127.0.0.1 with a fixed token; config, settings, runtime in a temp dir."""
    tmp = tmp_path_factory.mktemp("jlab")
    root = tmp / "root"
    shutil.copytree(ROOT / "notebooks", root)  # Lab autosaves: never serve the repo's own copy
    s = tmp / "settings" / "@jupyterlab"
    (s / "apputils-extension").mkdir(parents=True)
    (s / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}')
    (s / "notebook-extension").mkdir(parents=True)
    (s / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        '{"windowingMode": "none"}')  # every cell attached to the DOM
    port, token = free_port(), "test-token"
    proc = start_server(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         "--LabApp.news_url=None", "--LabApp.extension_manager=readonly",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        tmp / "jupyterlab.log",
        env={"JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_RUNTIME_DIR": str(tmp / "rt"),
             "JUPYTERLAB_SETTINGS_DIR": str(tmp / "settings"),
             "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "workspaces"),
             "IPYTHONDIR": str(tmp / "ipython"), "PYTHONPATH": _pythonpath()})
    try:
        wait_http(f"http://127.0.0.1:{port}/api/status?token={token}", proc)
        yield {"url": f"http://127.0.0.1:{port}", "token": token, "root": root}
    finally:
        stop(proc)


def _pythonpath():
    """The checkout first, so kernels and servers import this tree even when not installed."""
    return os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)


@pytest.fixture
def panel_app(tmp_path):
    """panel_app('apps/x.py') -> URL; stopped after the test."""
    procs = []

    def start(relpath):
        port, target = free_port(), ROOT / relpath
        proc = start_server(
            [sys.executable, "-m", "panel", "serve", str(target), "--port", str(port),
             "--address", "127.0.0.1", "--allow-websocket-origin", f"127.0.0.1:{port}"],
            tmp_path / f"panel-{port}.log", cwd=tmp_path, env={"PYTHONPATH": _pythonpath()})
        procs.append(proc)
        url = f"http://127.0.0.1:{port}/{target.stem}"
        wait_http(url, proc)
        return url

    yield start
    for proc in procs:
        stop(proc)
