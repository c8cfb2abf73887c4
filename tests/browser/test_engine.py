"""The engine panel in a real Chromium: the served app's panel fills in, refines while you
look, stops and starts over when you move, and in a player's view shows nothing hidden."""

import re
import sys

import pytest
from playwright.sync_api import expect

import explorer

from .conftest import ROOT, _pythonpath, free_port, start_server, stop, wait_http
from .explorer_steps import SHOTS, revision, wait_rerender
from .test_chance_app import open_app, pick, served  # noqa: F401  (the served-app fixture)

OUT = ".pre-engine-output"
VERDICT = f"{OUT} .pre-engine-verdict"


def switch_on(page):
    button = page.locator(".pre-engine-switch button")
    expect(button).to_have_text(re.compile("Engine"))
    expect(page.locator(OUT)).to_contain_text("The engine is off")
    button.click()


def round_of(page):
    return int(page.locator(VERDICT).get_attribute("data-round"))


def shown_moves(page):
    return page.locator(f"{VERDICT} tr[data-move]").evaluate_all("rs => rs.map(r => r.dataset.move)")


def test_fills_in_refines_and_restarts_on_a_move(served, page):  # noqa: F811
    open_app(page, served())
    pick(page, "dead_mans_dice")
    state = explorer.load("dead_mans_dice").start(seed=0)
    switch_on(page)
    expect(page.locator(VERDICT)).to_be_attached(timeout=10_000)
    expect(page.locator(f"{OUT} .pre-engine-basis")).to_have_text("teacher's view: the truth")
    assert sorted(shown_moves(page)) == sorted(str(a) for a in state.legal_actions())
    expect(page.locator(f"{VERDICT} .pre-engine-best")).to_have_count(1)
    first = round_of(page)
    page.locator(VERDICT).scroll_into_view_if_needed()
    page.locator(".pre-engine").screenshot(path=str(SHOTS / "engine-first-verdict.png"))
    # refines: a later round, more games, while nobody clicks
    expect(page.locator(VERDICT)).not_to_have_attribute("data-round", str(first), timeout=15_000)
    assert round_of(page) > first
    page.locator(".pre-engine").screenshot(path=str(SHOTS / "engine-refined.png"))

    before = revision(page.locator("body"))
    page.locator(".pre-picker .pre-action").first.click()     # a move: the old run stops
    wait_rerender(page.locator("body"), before)
    after = state.apply(state.legal_actions()[0])
    # the panel starts over at the new node: thinking, then round 1 of the new node
    expect(page.locator(OUT)).to_contain_text(re.compile("Thinking|What each outcome is worth|to move"))
    if after.is_chance:
        expect(page.locator(OUT)).to_contain_text("What each outcome is worth", timeout=10_000)
    else:
        expect(page.locator(VERDICT)).to_have_attribute("data-round", "1", timeout=10_000)
    assert round_of(page) <= 2                                  # a fresh run, not the old one's rounds
    page.locator(".pre-engine").screenshot(path=str(SHOTS / "engine-after-move.png"))
    assert page.errors == []


def test_players_view_hides_the_movers_options(served, page):  # noqa: F811
    """Sjørøverøya: Player 1's playable cards are their hidden hand. The teacher sees every
    move's chances; Player 2's view lists none of Player 1's moves, only Player 2's chances."""
    state = explorer.load("sjoroveroya").start(seed=0)
    moves = [str(a) for a in state.legal_actions()]
    labels = [state.describe(a) for a in state.legal_actions()]
    open_app(page, served())
    pick(page, "sjoroveroya")
    switch_on(page)
    expect(page.locator(VERDICT)).to_be_attached(timeout=10_000)
    assert sorted(shown_moves(page)) == sorted(moves)
    app = page.locator("body")
    before = revision(app)
    page.locator(".pre-view-switch button", has_text="Player 2's view").click()
    wait_rerender(app, before)
    expect(page.locator(f"{OUT} .pre-engine-basis")).to_have_text("from Player 2's view: hidden cards sampled",
                                                                    timeout=10_000)
    expect(page.locator(VERDICT)).to_contain_text("Player 2's chances while Player 1 chooses "
                                                  "(Player 1's options are hidden from you)")
    assert shown_moves(page) == []
    text = page.locator(OUT).inner_text()
    for label in labels:
        assert label not in text
    page.locator(".pre-engine").screenshot(path=str(SHOTS / "engine-player-view.png"))
    # back to the teacher: the moves come back (the switch is live, not stale)
    before = revision(app)
    page.locator(".pre-view-switch button", has_text="Everything (teacher)").click()
    wait_rerender(app, before)
    expect(page.locator(f"{OUT} .pre-engine-basis")).to_have_text("teacher's view: the truth", timeout=10_000)
    expect(page.locator(f"{VERDICT} tr[data-move]")).to_have_count(len(moves))
    # off in one click
    page.locator(".pre-engine-switch button").click()
    expect(page.locator(OUT)).to_contain_text("The engine is off")
    assert page.errors == []


def test_notebook_panel_in_jupyterlab(jupyterlab, page):
    """The notebook widget: its kernel thread fills the panel in and refines it, a move starts
    it over, and Player 2's view of Player 1's hidden choice lists no move."""
    from .labhelpers import NB, open_notebook, run_all

    open_notebook(page, jupyterlab, "start_here.ipynb", workspace="engine-panel")
    run_all(page)
    app = page.locator(f"{NB} .pre-explorer").first             # Sjørøverøya, 3 players
    expect(app.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=30_000)
    out, verdict = app.locator(OUT), app.locator(VERDICT)
    expect(out).to_contain_text("The engine is off")
    app.locator(".pre-engine-switch").click()
    expect(verdict).to_be_attached(timeout=15_000)
    expect(app.locator(f"{OUT} .pre-engine-basis")).to_have_text("teacher's view: the truth")
    first = int(verdict.get_attribute("data-round"))
    expect(verdict).not_to_have_attribute("data-round", str(first), timeout=15_000)   # refines
    app.locator(".pre-engine").scroll_into_view_if_needed()
    app.locator(".pre-engine").screenshot(path=str(SHOTS / "lab-engine-refined.png"))

    mover = int(re.match(r"Player (\d) to act", app.locator(".pre-board .pre-status").text_content()).group(1))
    viewer = 1 if mover != 1 else 2
    before = revision(app)
    app.locator(".pre-view-switch button", has_text=f"Player {viewer}'s view").click()
    wait_rerender(app, before)
    expect(app.locator(f"{OUT} .pre-engine-basis")).to_have_text(f"from Player {viewer}'s view: hidden cards sampled",
                                                                 timeout=15_000)
    expect(verdict).to_contain_text(f"Player {viewer}'s chances while Player {mover} chooses "
                                    f"(Player {mover}'s options are hidden from you)")
    expect(app.locator(f"{VERDICT} tr[data-move]")).to_have_count(0)
    app.locator(".pre-engine").screenshot(path=str(SHOTS / "lab-engine-player-view.png"))

    before = revision(app)
    app.locator(".pre-view-switch button", has_text="Everything (teacher)").click()
    wait_rerender(app, before)
    before = revision(app)
    app.locator(".pre-picker .pre-action").first.click()          # a move: the run starts over
    wait_rerender(app, before)
    expect(verdict).to_have_attribute("data-round", "1", timeout=15_000)
    app.locator(".pre-engine-switch").click()                     # off in one click
    expect(out).to_contain_text("The engine is off")
    assert page.errors == []


def test_two_pages_share_the_pool_and_both_refine(served, browser):  # noqa: F811
    """Two tabs with the engine on: both fill in and both refine (the pool's turns go round)."""
    url = served()
    pages = [browser.new_page(viewport={"width": 1100, "height": 900}) for _ in range(2)]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for page, name in zip(pages, ("dead_mans_dice", "sjoroveroya"), strict=True):
            open_app(page, f"{url}?game={name}")
            switch_on(page)
        for page in pages:
            expect(page.locator(VERDICT)).to_be_attached(timeout=20_000)
        firsts = [round_of(page) for page in pages]
        for page, first in zip(pages, firsts, strict=True):
            expect(page.locator(VERDICT)).not_to_have_attribute("data-round", str(first), timeout=30_000)
        pages[1].locator(".pre-engine").screenshot(path=str(SHOTS / "engine-second-page.png"))
        assert errors == []
    finally:
        for page in pages:
            page.close()


@pytest.fixture
def cooperative_app(tmp_path):
    """The served app with EXPLORER_ENGINE=cooperative: the engine on the server's event loop."""
    port, target = free_port(), ROOT / "apps/explorer_app.py"
    proc = start_server([sys.executable, "-m", "panel", "serve", str(target), "--port", str(port),
                         "--address", "127.0.0.1", "--allow-websocket-origin", f"127.0.0.1:{port}"],
                        tmp_path / f"panel-{port}.log", cwd=tmp_path,
                        env={"PYTHONPATH": _pythonpath(), "EXPLORER_ENGINE": "cooperative"})
    try:
        url = f"http://127.0.0.1:{port}/{target.stem}"
        wait_http(url, proc)
        yield url
    finally:
        stop(proc)


def test_cooperative_mode_fills_in_refines_and_a_move_still_plays(cooperative_app, page):
    """Forced cooperative mode (as on Pyodide): the panel fills in and refines from slices on the
    server's loop, and a move made meanwhile is drawn and starts the analysis over."""
    open_app(page, f"{cooperative_app}?game=dead_mans_dice")
    switch_on(page)
    expect(page.locator(VERDICT)).to_be_attached(timeout=20_000)
    first = round_of(page)
    expect(page.locator(VERDICT)).not_to_have_attribute("data-round", str(first), timeout=30_000)
    before = revision(page.locator("body"))
    page.locator(".pre-picker .pre-action").first.click()
    wait_rerender(page.locator("body"), before)
    expect(page.locator(OUT)).to_contain_text(re.compile("What each outcome is worth|to move"), timeout=20_000)
    page.locator(".pre-engine").screenshot(path=str(SHOTS / "engine-cooperative.png"))
    assert page.errors == []
