"""The JupyterLite site as a person would use it (issue #28): built once per session by
lite/build.py, served on 127.0.0.1 like any static host, opened in Chromium with every other
host blocked. Each notebook opens on the Pyodide kernel, Run All runs every cell without an
error, the widgets render, and a click on a board plays a move.

Run: start_here and the teaching notebook of every game except Jolly & Roger, whose solver
cells need numpy (no browser build is shipped; see README, "Launch in the browser")."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from .conftest import ROOT, SHOTS, offline_context
from .explorer_steps import click_board, revision

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"
GAME_NOTEBOOKS = ["sjoroveroya.ipynb", "dead_mans_dice.ipynb", "last_bottle_of_rum.ipynb", "pirate_rush.ipynb"]


def load(name: str):
    """A module of lite/ by its path (lite/ is scripts, not an installed package)."""
    spec = importlib.util.spec_from_file_location(f"lite_{name}", ROOT / "lite" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def lite_url():
    """Build the site (as `make lite` does, into build/lite-test) and serve it on loopback."""
    out = ROOT / "build" / "lite-test"
    subprocess.run([sys.executable, str(ROOT / "lite" / "build.py"), "--out", str(out)], check=True,
                   timeout=600, stdout=subprocess.DEVNULL)
    server, url = load("serve").start(out / "site")
    yield url
    server.shutdown()


@pytest.fixture
def lite_page(browser, lite_url, request):
    """A page on which every request but the site's own (and the page's data/blob URLs) is refused."""
    ctx, refused = offline_context(browser, lite_url)
    page = ctx.new_page()
    page.errors = []
    page.refused = refused
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{request.node.name}.png"))
    ctx.close()


def open_and_run(page, url, name, timeout=240_000):
    """Open `name` in the site, wait for the Pyodide kernel, Run All, wait for every prompt."""
    page.goto(f"{url}/lab/index.html?path={name}")
    page.wait_for_selector(f"{NB} .jp-Cell", timeout=60_000)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"Pyodide\) \| Idle$"))
           ).to_be_visible(timeout=120_000)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    page.wait_for_function(
        """sel => { const ps = [...document.querySelectorAll(sel)];
                    return ps.length > 0 && ps.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim())); }""",
        arg=f"{NB} .jp-CodeCell .jp-InputPrompt", timeout=timeout)


def assert_no_error(page):
    outputs = page.locator(f"{NB} .jp-OutputArea-output")
    assert page.locator(f"{NB} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    texts = " ".join(outputs.all_text_contents())
    assert "Traceback" not in texts and "Error" not in texts.replace("IllegalAction", "").replace("PositionError", "")
    assert page.errors == []
    assert page.refused == []


def test_start_here_runs_offline_and_a_board_click_plays(lite_page, lite_url):
    open_and_run(lite_page, lite_url, "start_here.ipynb")
    assert_no_error(lite_page)
    boards = lite_page.locator(f"{NB} .pre-board")
    assert boards.count() >= 5                                   # one explorer per game
    assert lite_page.locator(f"{NB} .pre-chance").count() >= 5    # every explorer's chance list loaded
    odds = lite_page.locator(f"{NB} .pre-board", has_text="Next card from the pile").first
    assert re.search(r"\d+/\d+", odds.text_content())                 # exact odds as fractions, no Bokeh
    app = lite_page.locator(f"{NB} .jp-OutputArea-output", has=lite_page.locator(".pre-board")).first
    app.scroll_into_view_if_needed()
    before_svg, before = app.locator(".pre-board .pre-svg").inner_html(), revision(app)
    click_board(app)
    assert revision(app) != before and app.locator(".pre-board .pre-svg").inner_html() != before_svg
    app.screenshot(path=str(SHOTS / "lite-start-here-explorer.png"))
    assert lite_page.errors == [] and lite_page.refused == []


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_a_game_notebook_runs_offline(lite_page, lite_url, name):
    open_and_run(lite_page, lite_url, name)
    assert_no_error(lite_page)
    assert lite_page.locator(f"{NB} .pre-board").count() >= 1
    assert lite_page.locator(f"{NB} .jp-RenderedSVG").count() >= 1


@pytest.mark.parametrize("name, figures",
                         [("probabilities.ipynb", 5), ("what_if.ipynb", 1), ("jolly_and_roger.ipynb", 0)])
def test_a_tour_notebook_runs_offline_with_its_figures_as_bar_lists(lite_page, lite_url, name, figures):
    """The tours draw Bokeh charts where Bokeh is; here the same numbers are bar lists, and
    Jolly & Roger's solver section says the solver needs numpy and plays on without it."""
    open_and_run(lite_page, lite_url, name)
    assert_no_error(lite_page)
    assert lite_page.locator(f"{NB} .pre-figure").count() >= figures
    if name == "jolly_and_roger.ipynb":
        expect(lite_page.locator(f"{NB} .jp-OutputArea-output", has_text="pirate-rules-explorer[solver]")
               ).to_have_count(1)
        assert lite_page.locator(f"{NB} .pre-board").count() >= 1


def test_the_engine_runs_in_the_browser_kernel_without_threads(lite_page, lite_url):
    """Pyodide starts no thread: the engine panel fills in and refines on the kernel's event loop."""
    open_and_run(lite_page, lite_url, "start_here.ipynb")
    app = lite_page.locator(f"{NB} .pre-explorer").first
    out, verdict = app.locator(".pre-engine-output"), app.locator(".pre-engine-output .pre-engine-verdict")
    expect(out).to_contain_text("The engine is off")
    app.locator(".pre-engine-switch").click()
    expect(verdict).to_be_attached(timeout=30_000)
    first = int(verdict.get_attribute("data-round"))
    expect(verdict).not_to_have_attribute("data-round", str(first), timeout=30_000)   # refines
    app.locator(".pre-engine").scroll_into_view_if_needed()
    app.locator(".pre-engine").screenshot(path=str(SHOTS / "lite-engine-refined.png"))
    assert "can't start new thread" not in out.text_content()
    assert lite_page.errors == [] and lite_page.refused == []
