"""Every game's board in a 1,100 px page (issue #16): no text overlaps another, no text, card or tile is clipped.

Each board (a mid-game position, all-seeing and one player's view) is put in a plain HTML
page 1,100 px wide; the text boxes come from the browser's layout, and a screenshot of each
goes to test-artifacts/board-<game>.png (and board-<game>-view.png) for a person to read.
"""

import pytest
from board_checks import CASES, MID, mid_state

from .conftest import SHOTS

pytestmark = pytest.mark.browser
PAGE = ('<html><body style="margin:0;background:#fff"><div id="out" style="width:1100px;padding:0">{svg}</div>'
        "</body></html>")
BOXES = """() => {
  const svg = document.querySelector('#out svg').getBoundingClientRect();
  const texts = [...document.querySelectorAll('#out svg text')].map(t => {
    const r = t.getBoundingClientRect();
    const words = [...t.childNodes].filter(n => n.nodeName !== 'title').map(n => n.textContent).join('');
    return {words: words.trim(), x0: r.left, y0: r.top, x1: r.right, y1: r.bottom};
  }).filter(t => t.words && t.x1 > t.x0);
  const places = [...document.querySelectorAll('#out svg [data-place]')].map(e => {
    const r = e.getBoundingClientRect();
    return {words: e.dataset.place, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom};
  });
  return {svg: {x0: svg.left, y0: svg.top, x1: svg.right, y1: svg.bottom}, texts, places};
}"""
SLACK = 1.5   # px: glyph boxes include line spacing, so touching boxes are not an overlap


def overlaps(texts):
    """Pairs of text boxes that cover each other by more than the slack in both directions."""
    found = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            dx = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
            dy = min(a["y1"], b["y1"]) - max(a["y0"], b["y0"])
            if dx > SLACK and dy > SLACK:
                found.append((a["words"], b["words"]))
    return found


def clipped(svg, texts):
    return [t["words"] for t in texts if t["x0"] < svg["x0"] - 0.5 or t["x1"] > svg["x1"] + 0.5
            or t["y0"] < svg["y0"] - 0.5 or t["y1"] > svg["y1"] + 0.5]


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("seat", [None, 0], ids=["all-seeing", "P1-view"])
def test_board_text_neither_overlaps_nor_is_clipped(page, name, seat):
    assert set(MID) <= set(CASES)
    state = mid_state(name)
    svg = state._repr_svg_() if seat is None else state.view(seat)._repr_svg_()
    page.set_content(PAGE.format(svg=svg))
    found = page.evaluate(BOXES)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#out svg").screenshot(path=str(SHOTS / f"board-{name}{'' if seat is None else '-view'}.png"))
    assert found["svg"]["x1"] - found["svg"]["x0"] > 700, "the board widens to its container"
    assert len(found["texts"]) > 5
    assert not overlaps(found["texts"]), overlaps(found["texts"])[:6]
    assert not clipped(found["svg"], found["texts"]), clipped(found["svg"], found["texts"])[:6]
    assert not clipped(found["svg"], found["places"]), ("cards or tiles cut by the edge",
                                                       clipped(found["svg"], found["places"])[:6])


def test_boards_fill_the_served_app_and_stay_readable(panel_app, page):
    """In the served app each game's board widens to the app's board column; no text overlaps or is clipped."""
    from playwright.sync_api import expect

    import explorer

    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(panel_app("apps/explorer_app.py"))
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=30_000)
    for name in explorer.games():     # every board's heading names its game (a new game's too)
        title = explorer.load(name).title
        page.locator(".pre-game select").select_option(label=title)
        expect(page.locator(".pre-board svg text").first).to_contain_text(title, timeout=30_000)
        board = page.locator(".pre-board svg").first
        found = board.evaluate("""svg => {
          const box = svg.getBoundingClientRect();
          const column = svg.parentElement.getBoundingClientRect();
          const texts = [...svg.querySelectorAll('text')].map(t => {
            const r = t.getBoundingClientRect();
            const words = [...t.childNodes].filter(n => n.nodeName !== 'title').map(n => n.textContent).join('');
            return {words: words.trim(), x0: r.left, y0: r.top, x1: r.right, y1: r.bottom};
          }).filter(t => t.words && t.x1 > t.x0);
          return {svg: {x0: box.left, y0: box.top, x1: box.right, y1: box.bottom}, column: column.width, texts};
        }""")
        board.screenshot(path=str(SHOTS / f"board-app-{name}.png"))
        width = found["svg"]["x1"] - found["svg"]["x0"]
        assert width >= min(found["column"], 600) - 1, (name, width, found["column"])
        assert not overlaps(found["texts"]), (name, overlaps(found["texts"])[:6])
        assert not clipped(found["svg"], found["texts"]), (name, clipped(found["svg"], found["texts"])[:6])
