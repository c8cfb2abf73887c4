"""The served app's chance panel, game picker and assets, in a real Chromium.

The chance panel must stay readable for each game's largest outcome set (no two pieces of
text overlap, at most about a dozen bars), deal a set-up in one click, never leave another
view's or node's odds on screen; the picker must never keep an impossible player count;
and no request may leave the app's own server, with or without PANEL_INLINE=true.
"""

import random
import re
import sys
from fractions import Fraction
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

import explorer
from explorer.analysis.odds import next_outcomes

from .conftest import ROOT, _pythonpath, free_port, start_server, stop, wait_http
from .explorer_steps import SHOTS, revision, wait_rerender

# The largest chance node of each game met from its set-up (outcomes listed there); a game not
# listed (one added with new-game) is checked at its first chance node (`first_chance`).
LARGEST = {"dead_mans_dice": 6, "jolly_and_roger": 20, "last_bottle_of_rum": 76, "pirate_rush": 495,
           "sjoroveroya": 24, "liars_dice": 6}


def first_chance(name: str, limit: int = 40) -> int:
    """How many outcomes the first chance node has that the first legal moves reach from the set-up."""
    state = explorer.load(name).new_state()
    for _ in range(limit):
        if state.is_chance:
            return len(state.chance_outcomes())
        state = state.apply(state.legal_actions()[0])
    raise AssertionError(f"{name}: no chance node within {limit} moves")
TEXT = ".pre-chance .pre-label, .pre-chance .pre-fraction, .pre-chance .pre-percent, .pre-chance .pre-bars button"


@pytest.fixture
def served(tmp_path):
    """served(inline: bool) -> URL of `panel serve apps/explorer_app.py` with PANEL_INLINE set
    (BOKEH_RESOURCES=inline as in every browser test); stopped after the test."""
    procs = []

    def start(inline=True):
        port, target = free_port(), ROOT / "apps/explorer_app.py"
        proc = start_server(
            [sys.executable, "-m", "panel", "serve", str(target), "--port", str(port),
             "--address", "127.0.0.1", "--allow-websocket-origin", f"127.0.0.1:{port}"],
            tmp_path / f"panel-{port}.log", cwd=tmp_path,
            env={"PYTHONPATH": _pythonpath(), "PANEL_INLINE": "true" if inline else "false"})
        procs.append(proc)
        url = f"http://127.0.0.1:{port}/{target.stem}"
        wait_http(url, proc)
        return url

    yield start
    for proc in procs:
        stop(proc)


def open_app(page, url, width=1100):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(url)
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=30_000)


def pick(page, name, setup=False):
    """Choose a game by its title; with `setup`, start at its first set-up deal."""
    app = page.locator("body")
    box = page.locator(".pre-setup input")
    if box.is_checked() != setup:
        box.click()
    old = page.locator(".pre-board .pre-svg").element_handle()   # a new game draws a new board
    title = explorer.load(name).title
    if page.locator(".pre-game select").input_value() == title:
        page.locator(".pre-new-game").click()
    else:
        page.locator(".pre-game select").select_option(label=title)
    old.wait_for_element_state("hidden", timeout=15_000)
    expect(app.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=15_000)


def status(page):
    return page.locator(".pre-board .pre-status").text_content()


def step(page):
    """One step at the teacher's view: roll at chance, else the first legal action."""
    app = page.locator("body")
    before = revision(app)
    if status(page).startswith("Chance"):
        page.locator(".pre-chance .pre-roll").click()
    else:
        page.locator(".pre-picker .pre-action").first.click()
    wait_rerender(app, before)


def reach_outcomes(page, count, limit=40):
    """Step until the chance panel lists `count` outcomes."""
    note = page.locator(".pre-chance .pre-note")
    for _ in range(limit):
        if status(page).startswith("Chance") and note.text_content().startswith(f"{count} outcomes"):
            return
        step(page)
    raise AssertionError(f"no chance node with {count} outcomes within {limit} steps")


def boxes(page):
    return page.locator(TEXT).evaluate_all(
        """es => es.filter(e => e.offsetParent !== null).map(e => {
             const r = e.getBoundingClientRect();
             return {text: e.textContent, x: r.left, y: r.top, w: r.width, h: r.height}; })""")


def overlaps(found):
    """Pairs of text boxes that overlap by more than half a pixel either way."""
    bad = []
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 0.5 and dy > 0.5:
                bad.append((a["text"], b["text"]))
    return bad


def check_readable(page):
    rows = page.locator(".pre-chance .pre-fraction")
    expect(rows.first).to_be_visible()
    assert 1 <= rows.count() <= 12
    found = boxes(page)
    assert len(found) >= 4 * rows.count() and overlaps(found) == []
    fractions = [Fraction(t) for t in rows.all_text_contents()]
    percents = page.locator(".pre-chance .pre-percent").all_text_contents()
    for fraction, shown in zip(fractions, percents, strict=True):
        assert abs(float(shown.rstrip("%")) - float(fraction) * 100) <= 0.5
    return fractions


@pytest.mark.parametrize("name", explorer.games())
def test_largest_outcome_set_is_readable_and_opens(served, page, name):
    open_app(page, served())
    pick(page, name, setup=True)
    reach_outcomes(page, LARGEST.get(name) or first_chance(name))
    top = check_readable(page)
    assert sum(top) == 1
    labels = page.locator(".pre-chance .pre-label")
    assert not any(re.search(r"\b(AC|TR|M)\d\d\b", t) for t in labels.all_text_contents())   # names, not IDs
    full = labels.evaluate_all("es => es.map(e => e.title)")
    assert all(full)                                           # the whole text, as a tooltip
    page.locator(".pre-chance-pane").scroll_into_view_if_needed()
    expect(page.locator(".pre-chance-chart, .bk-Figure")).to_have_count(0)   # one list, no second chart
    page.locator(".pre-chance-pane").screenshot(path=str(SHOTS / f"chance-panel-{name}.png"))
    page.locator(".pre-board").screenshot(path=str(SHOTS / f"board-{name}.png"))
    opened = page.locator(".pre-chance .pre-open")
    if opened.count():                                         # drill into the likeliest group
        group = Fraction(opened.first.locator("xpath=preceding-sibling::span[2]").text_content())   # its fraction
        before = page.locator(".pre-chance .pre-crumbs").text_content()
        opened.first.click()
        expect(page.locator(".pre-chance .pre-crumbs")).not_to_have_text(before)
        inner = check_readable(page)
        assert sum(inner) == group
        page.locator(".pre-chance-pane").screenshot(path=str(SHOTS / f"chance-panel-{name}-opened.png"))
        page.locator(".pre-chance .pre-crumb", has_text="All outcomes").click()
        expect(page.locator(".pre-chance .pre-crumbs")).to_have_text("")
    assert page.errors == []


def test_game_switch_resets_a_bad_player_count(served, page):
    open_app(page, served())
    players = page.locator(".pre-players input")
    players.fill("5")
    players.press("Enter")
    pick(page, "jolly_and_roger")
    expect(players).to_have_value("2")
    expect(players).to_be_disabled()                         # Jolly & Roger is for 2 players only
    expect(page.locator(".pre-app-message")).not_to_contain_text("players")
    expect(page.locator(".pre-board svg")).to_contain_text("Jolly & Roger")
    page.locator(".pre-new-game").click()
    expect(page.locator(".pre-app-message")).not_to_contain_text("players")
    pick(page, "pirate_rush")
    expect(players).to_have_value("4")
    expect(players).to_be_enabled()
    expect(page.locator(".pre-view-switch button")).to_have_text(
        ["Everything (teacher)", *(f"Player {p}'s view" for p in range(1, 5))])
    options = page.locator(".pre-game select option").all_text_contents()
    assert options == [explorer.load(n).title for n in explorer.games()]
    assert page.errors == []


@pytest.mark.parametrize("inline", [True, False], ids=["PANEL_INLINE=true", "PANEL_INLINE=false"])
def test_no_request_leaves_the_app(served, page, inline):
    url = served(inline)
    own = urlparse(url).netloc
    requests, failed = [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: failed.append(r.url))
    open_app(page, url)
    for name in ("jolly_and_roger", "last_bottle_of_rum"):
        pick(page, name, setup=True)
    step(page)
    elsewhere = [u for u in requests if urlparse(u).scheme not in ("data", "about")
                 and urlparse(u).netloc != own and not u.startswith(f"blob:http://{own}/")]
    assert len(requests) > 10 and elsewhere == [] and failed == []
    assert page.errors == []


def test_one_click_deals_the_setup_and_keeps_every_draw(served, page):
    open_app(page, served())
    pick(page, "sjoroveroya", setup=True)
    game, rng = explorer.load("sjoroveroya"), random.Random(0)   # the app's seed
    state, draws = game.new_state(), 0
    while state.is_chance:
        state, draws = state._step(state.sample_chance(rng)), draws + 1
    deal = page.locator(".pre-chance .pre-deal")
    expect(deal).to_have_text("Deal the set-up")
    app = page.locator("body")
    before = revision(app)
    deal.click()
    wait_rerender(app, before)
    assert not status(page).startswith("Chance") and draws > 5
    tree = page.locator(".pre-tree")
    expect(tree.locator(".pre-node.pre-chance-edge")).to_have_count(draws)
    expect(page.locator(".pre-board svg")).to_contain_text(re.compile(r"to move"))
    # Each draw is still choosable by hand: step back one, choose another outcome.
    before = revision(app)
    tree.locator(".pre-back").click()
    wait_rerender(app, before)
    taken = state.history[-1] if state.history else None
    chooser = page.locator(".pre-chance .pre-choose")
    expect(chooser.first).to_be_visible()
    other = next(m for m in chooser.evaluate_all("bs => bs.map(b => b.dataset.move)") if m != str(taken))
    before = revision(app)
    page.locator(f".pre-chance .pre-choose[data-move='{other}']").click()
    wait_rerender(app, before)
    expect(tree.locator(".pre-variation .pre-node.pre-current")).to_have_count(1)
    page.locator(".pre-tree").screenshot(path=str(SHOTS / "deal-setup-tree.png"))
    assert page.errors == []


def test_views_never_keep_another_views_or_nodes_odds(served, page):
    open_app(page, served())
    pick(page, "dead_mans_dice")
    game = explorer.load("dead_mans_dice")
    step(page)                                               # a die goes in the air: a roll
    assert status(page).startswith("Chance")
    chart = page.locator(".pre-chance .pre-chance-row").first    # the one list of the odds
    expect(chart).to_be_visible()
    path = [page.locator(".pre-tree .pre-node").nth(1).text_content()]
    state = game.start(seed=0).apply(path[0])
    try:
        public = next_outcomes(state, 1)
    except NotImplementedError:
        public = None
    app = page.locator("body")
    before = revision(app)
    page.locator(".pre-view-switch button", has_text="Player 2's view").click()
    wait_rerender(app, before)
    if public is None:   # the game cannot list a player's possibilities yet: say so, show none
        expect(page.locator(".pre-chance .pre-note")).to_have_text("The odds depend on what this player cannot see.")
        expect(page.locator(".pre-chance .pre-fraction")).to_have_count(0)
        expect(chart).to_be_hidden()
    else:                # a fair die: its odds are public, in every view
        expect(page.locator(".pre-chance .pre-fraction")).to_have_count(len(public))
        assert sorted(Fraction(t) for t in page.locator(".pre-chance .pre-fraction").all_text_contents()) == \
            sorted(public.values())
    before = revision(app)
    page.locator(".pre-view-switch button", has_text="Everything (teacher)").click()
    wait_rerender(app, before)
    expect(chart).to_be_visible()
    before = revision(app)
    page.locator(".pre-chance .pre-roll").click()
    wait_rerender(app, before)
    expect(chart).to_be_hidden()                             # rolled: no chance node, no chart
    expect(page.locator(".pre-chance .pre-fraction")).to_have_count(0)
    assert "_" not in status(page)                           # the step in words, not open_roll
    assert page.errors == []


def test_hover_lights_only_the_hovered_hand_card_and_its_actions(served, page):
    open_app(page, served())
    pick(page, "sjoroveroya")
    state = explorer.load("sjoroveroya").start(seed=0)
    seat = f"P{state.player + 1}"
    card = page.locator(f".pre-board [data-place^='{seat}:suit:']").first
    place = card.get_attribute("data-place")
    card.hover()
    lit = page.locator(".pre-board .pre-hl")
    expect(lit.first).to_be_attached()
    highlighted = set(lit.evaluate_all("es => es.map(e => e.dataset.place)"))
    involved = {p for a in state.legal_actions() if place in state.action_places(a) for p in state.action_places(a)}
    assert highlighted == involved | {place}
    assert not any(re.match(r"P\d:suit:", p) and not p.startswith(f"{seat}:") for p in highlighted)
    page.locator(".pre-board").screenshot(path=str(SHOTS / "hover-own-hand.png"))
    assert page.errors == []
