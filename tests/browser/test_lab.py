"""The explorer in JupyterLab: run the start notebook, play, probe odds, branch."""

import json

from playwright.sync_api import expect

from .conftest import ROOT
from .explorer_steps import (
    SHOTS,
    click_board,
    click_picker,
    current_label,
    fractions,
    reach_chance,
    revision,
    wait_rerender,
)
from .labhelpers import NB, open_notebook, run_all


def test_start_here_play_probe_branch(jupyterlab, page):
    open_notebook(page, jupyterlab, "start_here.ipynb")
    run_all(page)
    app = page.locator(f"{NB} .pre-explorer").first
    board = app.locator(".pre-board")
    expect(board.locator("svg [data-place]").first).to_be_attached(timeout=30_000)
    entries = app.locator(".pre-log .pre-entry")
    before = entries.count()
    svg_before = board.locator(".pre-svg").inner_html()

    click_board(app)                       # 1: the board
    click_picker(app, prefer="Forward")    # 2: the action picker
    click_board(app)                       # 3: the board again
    expect(entries.nth(before + 2)).to_be_attached()
    assert board.locator(".pre-svg").inner_html() != svg_before

    rule = app.locator(".pre-log .pre-rule").first
    rule_id = rule.text_content()
    rule.click()
    expect(app.locator(f".pre-log .pre-statement[data-rule='{rule_id}']")).to_contain_text(f"{rule_id}: ")

    reach_chance(app)
    odds = fractions(app)
    assert odds and sum(odds) == 1 and all(p > 0 for p in odds)
    panel = app.locator(".pre-chance-panel")
    panel.scroll_into_view_if_needed()
    expect(panel.locator(".pre-chance-row").first).to_be_visible()
    expect(panel.locator(".bk-Figure")).to_have_count(0)        # one list of the odds, no second chart
    panel.screenshot(path=str(SHOTS / "lab-chance-panel.png"))

    rolled = revision(app)
    app.locator(".pre-chance .pre-roll").click()
    wait_rerender(app, rolled)
    tree = app.locator(".pre-tree")
    expect(tree.locator(".pre-node.pre-current.pre-chance-edge")).to_have_count(1)
    first_outcome = current_label(app)
    before = revision(app)
    tree.locator(".pre-back").click()      # step back to the chance node
    wait_rerender(app, before)
    expect(app.locator(".pre-chance .pre-choose").first).to_be_visible()
    moves = app.locator(".pre-chance .pre-choose").evaluate_all("bs => bs.map(b => b.dataset.move)")
    other = next(m for m in moves if m != first_outcome)
    before = revision(app)
    app.locator(f".pre-chance .pre-choose[data-move='{other}']").click()   # branch: another outcome
    wait_rerender(app, before)
    expect(tree.locator(".pre-variation .pre-node.pre-current")).to_have_text(other)

    tree.focus()                           # keyboard: left goes back, right forward
    before = revision(app)
    page.keyboard.press("ArrowLeft")
    wait_rerender(app, before)
    expect(app.locator(".pre-chance .pre-roll")).to_be_visible()
    app.screenshot(path=str(SHOTS / "lab-explorer.png"))
    assert page.errors == []


def test_a_teaching_notebook_runs_in_lab_with_its_boards(jupyterlab, page):
    """A game's teaching notebook: Run All in JupyterLab, boards drawn, no error or warning output."""
    open_notebook(page, jupyterlab, "sjoroveroya.ipynb")
    run_all(page, timeout=240_000)
    outputs = page.locator(f"{NB} .jp-OutputArea-output")
    expect(page.locator(f"{NB} .jp-RenderedSVG").first).to_be_attached()
    drawn = sum("".join(cell["source"]).count("board(") for cell in json.loads(
        (ROOT / "notebooks" / "sjoroveroya.ipynb").read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code")
    assert drawn >= 4 and page.locator(f"{NB} .jp-RenderedSVG").count() >= drawn   # every board the notebook draws
    assert outputs.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert page.locator(f"{NB} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    texts = " ".join(outputs.all_text_contents())
    assert "Traceback" not in texts and "Error" not in texts.replace("IllegalAction", "")
    assert "Refused (R22)" in texts            # the R22 example prints why the step back is refused
    svg = page.locator(f"{NB} .jp-RenderedSVG").nth(3)
    svg.scroll_into_view_if_needed()
    svg.screenshot(path=str(SHOTS / "lab-sjoroveroya-board.png"))
    assert page.errors == []


def test_an_exercise_starts_empty_and_judges_the_answer_typed(jupyterlab, page):
    """A "your turn" in a teaching notebook is an answer box (widgets.teach.Ask): empty at first, a
    wrong answer is told so without the answer, the right one (the model's, R16) is confirmed."""
    from explorer.games.dead_mans_dice.data import die_code
    from explorer.games.dead_mans_dice.odds import stack_chance

    open_notebook(page, jupyterlab, "dead_mans_dice.ipynb", workspace="exercise")
    run_all(page, timeout=240_000)
    ask = page.locator(f"{NB} .jp-OutputArea-output", has_text="Your turn.").first
    ask.scroll_into_view_if_needed()
    box = ask.locator("input[type='text']")
    expect(box).to_have_value("")
    exact = stack_chance(die_code("P1-1"), 0)
    box.fill("1/7" if exact != 0 else "1/2")
    ask.locator("button", has_text="Check").click()
    expect(ask).to_contain_text("Not quite")
    assert f"{exact.numerator}/{exact.denominator}" not in ask.text_content()
    box.fill(f"{exact.numerator}/{exact.denominator}")
    ask.locator("button", has_text="Check").click()
    expect(ask).to_contain_text(f"Right: {exact.numerator}/{exact.denominator}")
    ask.screenshot(path=str(SHOTS / "lab-exercise-answer-box.png"))
    assert page.errors == []
