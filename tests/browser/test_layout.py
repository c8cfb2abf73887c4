"""One screen (#30 point 2) in a real Chromium, checked by bounding boxes, and the gallery (#30
point 11): each game's board, tree, chance panel, engine and lesson at 1366x768 and 600 px wide,
written to test-artifacts/gallery/ to be looked at.

At 1366x768 the board, its moves, the tree and the chance panel are all inside the viewport
for every game, before any scrolling; at 600 px nothing scrolls sideways (the columns wrap).
"""

import re
import sys

import pytest
from playwright.sync_api import expect

import explorer
from widgets.controller import Controller
from widgets.served_link import query_of

from .conftest import ROOT, SHOTS, _pythonpath, free_port, start_server, stop, wait_http

GALLERY = SHOTS / "gallery"
WIDE, NARROW = {"width": 1366, "height": 768}, {"width": 600, "height": 768}
# what "everything about the current position" is, by its views
PARTS = {"board": ".pre-board svg", "moves": ".pre-picker", "tree": ".pre-tree",
         "chance panel": ".pre-chance", "engine": ".pre-engine-switch"}


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("layout")
    port, target = free_port(), ROOT / "apps/explorer_app.py"
    proc = start_server([sys.executable, "-m", "panel", "serve", str(target), "--port", str(port),
                         "--address", "127.0.0.1", "--allow-websocket-origin", f"127.0.0.1:{port}"],
                        tmp / "panel.log", cwd=tmp, env={"PYTHONPATH": _pythonpath()})
    url = f"http://127.0.0.1:{port}/{target.stem}"
    try:
        wait_http(url, proc)
        yield url
    finally:
        stop(proc)


def open_game(page, url, name, size, query=None):
    page.set_viewport_size(size)
    page.goto(f"{url}{query or f'?game={name}'}")
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=60_000)


def outside(page, size):
    """The parts not wholly inside the viewport, with their boxes."""
    found = {}
    for part, selector in PARTS.items():
        box = page.locator(selector).first.bounding_box()
        if box is None or box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > size["width"] + 0.5 \
                or box["y"] + box["height"] > size["height"] + 0.5:
            found[part] = box
    return found


def sideways(page):
    """How many px the page scrolls sideways (0: none)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def into_the_game(name, steps=6):
    """The address of the app `steps` steps into game `name` from the app's own start (seed 0):
    rolls at chance, else the first legal move, then rolls on to a decision (so the engine rates
    moves on the board); opened by its link, so every run is the same."""
    ctl = Controller(explorer.load(name), 0)
    for _ in range(steps):
        ctl.roll() if ctl.state.is_chance else ctl.play(ctl.state.legal_actions()[0])
    while ctl.state.is_chance:
        ctl.roll()
    return query_of(ctl.game, ctl.path)


COVERED = """() => {
  const all = (root) => [...root.querySelectorAll('*')].flatMap(e => e.shadowRoot ? [e, ...all(e.shadowRoot)] : [e]);
  const everything = all(document);
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5
    && b.top < a.bottom - 0.5;
  const holds = (a, b) => a.left <= b.left + 0.5 && a.right >= b.right - 0.5 && a.top <= b.top + 0.5
    && a.bottom >= b.bottom - 0.5;
  const badges = everything.filter(e => e.matches('.pre-board .pre-badge') && !e.hidden)
    .map(b => ({place: b.dataset.place, text: b.textContent, r: b.getBoundingClientRect()}));
  const places = everything.filter(e => e.matches('.pre-board svg .pre-target'))
    .map(n => ({place: n.dataset.place, r: n.getBoundingClientRect()})).filter(e => e.r.width);
  const found = [];
  badges.forEach((b, i) => {
    badges.slice(i + 1).forEach(o => { if (meets(b.r, o.r)) found.push(`${b.text} on ${o.text}`); });
    const own = places.filter(e => e.place === b.place).map(e => e.r);
    for (const e of places) {
      if (e.place !== b.place && !own.some(r => holds(e.r, r)) && meets(b.r, e.r)) {
        found.push(`${b.text} on ${e.place}`);
      }
    }
  });
  return {found, shown: badges.length};
}"""


def badges_clear(page) -> dict:
    """The engine's badges on the board, once they are drawn: how many are shown, and each one
    that covers another badge or another move's element (one that does not hold its own)."""
    expect(page.locator(".pre-board .pre-badge").first).to_be_attached(timeout=30_000)
    return page.evaluate(COVERED)


def engine_on(page):
    page.locator(".pre-engine-switch button").click()
    expect(page.locator(".pre-engine-output .pre-engine-verdict, .pre-engine-output .pre-engine-error")
           ).to_be_attached(timeout=30_000)


@pytest.mark.parametrize("name", explorer.games())
def test_the_position_fits_one_screen_at_1366x768(app_url, page, name):
    open_game(page, app_url, name, WIDE)
    assert outside(page, WIDE) == {}, "at the start"
    GALLERY.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(GALLERY / f"{name}-1366-start.png"))
    open_game(page, app_url, name, WIDE, into_the_game(name))    # a few rolls and moves in
    assert outside(page, WIDE) == {}, "after six steps"
    assert sideways(page) == 0
    engine_on(page)
    page.wait_for_timeout(1500)   # a first snapshot or two
    assert outside(page, WIDE) == {}, "with the engine on"
    clear = badges_clear(page)
    assert clear["shown"] and clear["found"] == [], clear
    page.screenshot(path=str(GALLERY / f"{name}-1366-engine.png"))


@pytest.mark.parametrize("name", explorer.games())
def test_one_column_at_600px_without_sideways_scrolling(app_url, page, name):
    open_game(page, app_url, name, NARROW)
    left = page.locator(".pre-main-left").bounding_box()
    right = page.locator(".pre-main-right").bounding_box()
    assert right["y"] >= left["y"] + left["height"] - 1        # one column: the side views under the board
    assert sideways(page) == 0
    open_game(page, app_url, name, NARROW, into_the_game(name))
    engine_on(page)
    page.wait_for_timeout(1500)
    assert sideways(page) == 0
    clear = badges_clear(page)
    assert clear["shown"] and clear["found"] == [], clear   # no verdict covers another or a move
    GALLERY.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(GALLERY / f"{name}-600.png"), full_page=True)


@pytest.mark.parametrize("width", [1366, 600])
def test_lessons_in_the_gallery(app_url, page, width):
    """Each game's lesson list (Learn) at both widths, none scrolling sideways."""
    size = {"width": width, "height": 768}
    GALLERY.mkdir(parents=True, exist_ok=True)
    for name in explorer.games():
        open_game(page, app_url, name, size)
        page.locator(".pre-mode").get_by_role("button", name="Learn").click()
        start = page.get_by_role("button", name="Start lesson")
        if start.count():                     # a lesson list first: open its first lesson
            start.click()
        expect(page.locator(".pre-board svg").first).to_be_attached(timeout=30_000)
        page.wait_for_timeout(500)
        assert sideways(page) == 0, name
        page.screenshot(path=str(GALLERY / f"{name}-lesson-{width}.png"), full_page=True)


def test_the_view_switch_shows_every_label_whole(app_url, page):
    """Once cut off ("Everything (teac..."): every button's text fits it."""
    open_game(page, app_url, "sjoroveroya", WIDE)
    cut = page.locator(".pre-view-switch button").evaluate_all(
        "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)")
    assert cut == []
    assert "Everything (teacher)" in page.locator(".pre-view-switch button").all_text_contents()


def test_the_engines_verdicts_reach_the_board_and_the_eval_bar(app_url, page):
    """#30 point 3 in the app: with the engine on, every move's win chance is on the board (the
    board view draws the `verdicts` the engine puts in its data), one best move, and the eval bar
    splits among the seats; a move clears the old node's verdicts."""
    open_game(page, app_url, "dead_mans_dice", WIDE, into_the_game("dead_mans_dice"))
    engine_on(page)
    badges = page.locator(".pre-board .pre-badge")
    expect(badges.first).to_be_attached(timeout=30_000)
    expect(page.locator(".pre-board .pre-best-badge")).to_have_count(1)
    assert all(re.match(r"★? ?\d+(\.\d)?%", t) for t in badges.all_text_contents())
    bar = page.locator(".pre-engine-output .pre-eval-part")
    expect(bar).to_have_count(3)                              # one part per seat of 3
    expect(page.locator(".pre-engine-units")).to_contain_text("percentage points of win chance")
    GALLERY.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(GALLERY / "dead_mans_dice-1366-verdicts.png"))
    revision = page.locator(".pre-board .pre-svg").get_attribute("data-revision")
    page.locator(".pre-picker .pre-action").first.click()
    expect(page.locator(".pre-board .pre-svg")).not_to_have_attribute("data-revision", revision, timeout=15_000)
    expect(badges).to_have_count(0)        # a die in the air: a chance node, no move verdicts on it
    assert page.errors == []
