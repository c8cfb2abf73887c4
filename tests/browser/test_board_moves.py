"""Moves on the board (issue #30, point 1), in a real Chromium.

In the served app, every game plays 20 moves by clicking board elements only: a seeded choice
of the elements that carry a move, clicked with the mouse at a point where that element is
the one hit; where the element has several moves, the menu at it, level by level. Each click
is checked to have played the intended move: the tree's current node then reads its notation.
Chance steps between moves are rolled in the chance panel (they are no one's move).

A widget page (board.js alone, with a model made by hand) checks what needs no server: the
pressed style set on pointerdown, the menu at the element, and engine verdicts on the board
(badge at the element, ★ and ring at the best move, the verdict in the menu entry).
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

import explorer

from .conftest import ROOT
from .explorer_steps import SHOTS, revision, wait_rerender
from .test_chance_app import open_app, pick, served  # noqa: F401  (served: the app fixture)

pytestmark = pytest.mark.browser
GAMES = ("sjoroveroya", "dead_mans_dice", "pirate_rush", "last_bottle_of_rum", "jolly_and_roger")
MOVES = 20

# A point inside the element for `place` where the page's hit test lands on that very place
# (a ship drawn on a hex, a die on a pile: click where nothing else is on top), or null.
POINT = """([place, index]) => {
  const all = (root) => [...root.querySelectorAll('*')].flatMap(e => e.shadowRoot ? [e, ...all(e.shadowRoot)] : [e]);
  const nodes = all(document).filter(n => n.dataset && n.dataset.place === place && n.closest('.pre-board'));
  for (const node of nodes) {
    node.scrollIntoView({block: 'center', inline: 'center'});
    const r = node.getBoundingClientRect();
    const root = node.getRootNode();
    for (let k = 0; k < 25; k++) {
      const fx = [0.5, 0.3, 0.7, 0.15, 0.85][k % 5], fy = [0.5, 0.3, 0.7, 0.15, 0.85][Math.floor(k / 5)];
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      const hit = root.elementFromPoint(x, y);
      const owner = hit && hit.closest('[data-place]');
      if (owner && owner.dataset.place === place) return [x, y];
    }
  }
  return null;
}"""


def current(page):
    return page.locator(".pre-tree .pre-node.pre-current")


def targets(page):
    """The distinct places that carry a move now, in document order."""
    places = page.locator(".pre-board [data-place].pre-target").evaluate_all("es => es.map(e => e.dataset.place)")
    return list(dict.fromkeys(places))


def click_place(page, place):
    point = page.evaluate(POINT, [place, 0])
    assert point, f"no point of {place!r} is clickable"
    page.mouse.click(*point)


def play_on_board(page, rng, shots_left):
    """Click a seeded choice of element (and menu entries); return the notation of the move meant."""
    places = targets(page)
    assert places, "no element of the board carries a move"
    place = rng.choice(places)
    node = page.locator(f'.pre-board [data-place="{place}"].pre-target').first
    single = node.get_attribute("data-move")
    click_place(page, place)
    if single:
        return single
    menu = page.locator(".pre-board .pre-menu")
    expect(menu).to_be_visible()
    assert menu.get_attribute("data-place") == place
    for _ in range(4):
        offers = menu.locator("button.pre-offer")
        expect(offers.first).to_be_visible()
        if shots_left:
            page.locator(".pre-board").screenshot(path=str(SHOTS / shots_left.pop()))
        button = offers.nth(rng.randrange(offers.count()))
        move = button.get_attribute("data-move")
        # the menu sits at the element: just below one of the nodes drawn for it, overlapping it sideways
        box = menu.bounding_box()
        nodes = [b for b in (n.bounding_box() for n in page.locator(f'.pre-board svg [data-place="{place}"]').all())
                 if b and b["width"]]
        assert any(abs(box["y"] - (b["y"] + b["height"])) < 8 and box["x"] < b["x"] + b["width"]
                   and box["x"] + box["width"] > b["x"] for b in nodes), (box, nodes)
        button.click()
        if move:
            return move
    raise AssertionError(f"the menu at {place!r} never came to a move")


@pytest.mark.parametrize("name", GAMES)
def test_twenty_moves_by_clicking_the_board(served, page, name):  # noqa: F811  (the app fixture)
    open_app(page, served(), width=1366)
    pick(page, name)
    app = page.locator("body")
    rng = random.Random(30)
    shots = [f"board-moves-{name}-menu-{k}.png" for k in range(2)]
    page.locator(".pre-board").screenshot(path=str(SHOTS / f"board-moves-{name}.png"))
    played, steps = [], 0
    while len(played) < MOVES:
        steps += 1
        assert steps < 6 * MOVES, f"only {len(played)} moves in {steps} steps"
        before = revision(app)
        if page.locator(".pre-board .pre-status").text_content().startswith("Chance"):
            page.locator(".pre-chance .pre-roll").click()
            wait_rerender(app, before)
            continue
        if page.locator(".pre-board .pre-status").text_content().startswith("Game over"):
            break
        move = play_on_board(page, rng, shots)
        wait_rerender(app, before)
        expect(current(page)).to_have_text(move)          # the move meant is the move played
        assert page.locator(".pre-board .pre-error").text_content() == ""
        played.append(move)
    assert len(played) == MOVES, played
    page.locator(".pre-board").screenshot(path=str(SHOTS / f"board-moves-{name}-after.png"))
    assert page.errors == []


# -- board.js alone, with a hand-made model -------------------------------------------------------
WIDGET_PAGE = """<html><body style="margin:0;width:1100px"><div id="out"></div>
<script type="module">
import board from "/board.js";
const listeners = {};
const model = {
  data: DATA, sent: [],
  get(key) { return key === "data" ? this.data : null; },
  set(key, value) { if (key === "request") this.sent.push(value); },
  save_changes() {},
  on(event, f) { listeners[event] = f; }, off() {},
};
window.model = model;
window.redraw = (data) => { model.data = data; listeners["change:data"](); };
board.render({ model, el: document.getElementById("out") });
window.ready = true;
</script></body></html>"""


def widget_page(page, data):
    js = (ROOT / "widgets" / "board.js").read_text()
    page.route("http://widget.test/board.js", lambda r: r.fulfill(body=js, content_type="text/javascript"))
    page.route("http://widget.test/", lambda r: r.fulfill(
        body=WIDGET_PAGE.replace("DATA", json.dumps(data)), content_type="text/html"))
    page.goto("http://widget.test/")
    page.wait_for_function("window.ready === true")


def board_data(name, seed=3, moves=12, **options):
    """The board data the explorer sends for a seeded position (widgets.present.board_data)."""
    from widgets.controller import Controller
    from widgets.present import board_data as data

    game = explorer.load(name, **options)
    ctl = Controller(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = ctl.state
        if state.is_over:
            break
        ctl.play(str(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())))
    while ctl.state.is_chance:
        ctl.play(str(ctl.state.sample_chance(rng)))
    return data(ctl)


def test_pressed_style_menu_and_verdicts_on_the_board(page):
    data = board_data("last_bottle_of_rum", players=2)
    by_place: dict[str, list[dict]] = {}
    for action in data["actions"]:
        by_place.setdefault(action["at"], []).append(action)
    many = next(p for p, acts in by_place.items() if len(acts) > 1)
    one = next(p for p, acts in by_place.items() if len(acts) == 1)
    best = by_place[one][0]["id"]
    other = by_place[many][0]["id"]
    data["verdicts"] = {best: {"text": "61%", "title": "win chance 61% (55-67%)", "best": True},
                        other: {"text": "48%", "title": "win chance 48% (42-54%)", "best": False}}
    widget_page(page, data)

    # pointerdown alone: the element is pressed in this very task, before any answer
    pressed = page.evaluate("""(place) => {
      const node = [...document.querySelectorAll('[data-place]')].find(n => n.dataset.place === place);
      node.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
      return node.classList.contains('pre-pressed');
    }""", one)
    assert pressed
    page.evaluate("redraw(model.data)")

    # the verdict badges: at the element, the best one starred, its ring round the element
    badge = page.locator(f'.pre-badge[data-place="{one}"]')
    expect(badge).to_have_text("★ 61%")
    assert "win chance 61%" in badge.get_attribute("title")
    ring = page.locator(f'.pre-ring[data-move="{best}"]')
    expect(ring).to_have_count(1)
    r = ring.bounding_box()
    nodes = [n.bounding_box() for n in page.locator(f'#out svg [data-place="{one}"]').all()]
    assert any(b["width"] and r["x"] <= b["x"] and r["y"] <= b["y"] and r["x"] + r["width"] >= b["x"] + b["width"] - 1
               and r["y"] + r["height"] >= b["y"] + b["height"] - 1 for b in nodes), (r, nodes)   # round the element
    expect(page.locator(f'.pre-badge[data-place="{many}"]')).to_contain_text("48%")

    # a click on an element with several moves opens the menu at it, with the verdict in its entry
    page.mouse.click(*page.evaluate(POINT, [many, 0]))
    menu = page.locator(".pre-menu")
    expect(menu).to_be_visible()
    assert menu.get_attribute("data-place") == many
    assert page.evaluate("model.sent.length") == 0
    page.screenshot(path=str(SHOTS / "board-moves-verdicts.png"))
    entry = menu.locator("button.pre-offer").first
    if entry.get_attribute("data-move") == other:
        expect(entry.locator(".pre-verdict")).to_have_text("48%")
    # Escape closes it; a click on the one-move element sends that move at once
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    page.mouse.click(*page.evaluate(POINT, [one, 0]))
    assert page.evaluate("model.sent.map(r => r.move)") == [best]
    assert page.errors == []


def test_rum_exchange_is_one_control_giving_three_then_getting_one(page):
    """R12: the "Trade 3 for 1" button asks the three unused actions to give, then the one to get;
    a trade that gives back a type it takes is never offered."""
    for seed in range(40):
        data = board_data("last_bottle_of_rum", seed=seed, moves=30, players=2)
        trades = [a for a in data["actions"] if a["at"] == "exchange"]
        if len({a["menu"][0] for a in trades}) > 1:
            break
    else:
        raise AssertionError("no position with a choice of exchanges")
    widget_page(page, data)
    page.mouse.click(*page.evaluate(POINT, ["exchange", 0]))
    menu = page.locator(".pre-menu")
    gives = menu.locator("button.pre-offer").all_text_contents()
    assert gives and all(g.startswith("Give ") for g in gives), gives
    page.screenshot(path=str(SHOTS / "board-moves-rum-exchange-give.png"))
    menu.locator("button.pre-offer").first.click()
    gets = menu.locator("button.pre-offer").all_text_contents()
    given = gives[0].removeprefix("Give ").removesuffix(" …").split(", ")
    assert gets and all(g.startswith("Get ") and g.removeprefix("Get ") not in given for g in gets), (given, gets)
    page.screenshot(path=str(SHOTS / "board-moves-rum-exchange-get.png"))
    menu.locator("button.pre-offer").first.click()
    sent = page.evaluate("model.sent.map(r => r.move)")
    assert len(sent) == 1 and sent[0].startswith("exchange ")
    assert page.errors == []


def test_rum_hexes_carry_the_coordinates_moves_name(page):
    for seed in range(40):
        data = board_data("last_bottle_of_rum", seed=seed, moves=20, players=2)
        sails = [a for a in data["actions"] if a["id"].startswith(("sail ", "peek "))]
        if len(sails) > 2:
            break
    else:
        raise AssertionError("no position with sails")
    widget_page(page, data)
    shown = set(page.locator("#out svg text").evaluate_all(   # the words drawn, not the tooltips inside
        "ts => ts.map(t => [...t.childNodes].filter(n => n.nodeName !== 'title').map(n => n.textContent).join(''))"))
    for action in sails:
        cell = action["id"].split()[1]
        assert cell in shown, (action["label"], cell)
    page.locator("#out").screenshot(path=str(SHOTS / "board-moves-rum-hexes.png"))

