"""The position editor in the browser speaks the game's notation: in the served app and in the
notebook widget in JupyterLab, a pasted position is explored (the board shows it) and a bad
line is named (line and key) and marked under the box, with nothing changed."""

import json
import re

from playwright.sync_api import expect

import explorer
from widgets import editing

from .explorer_steps import SHOTS, click_picker, current_label, revision, wait_rerender
from .labhelpers import NB, open_notebook, run_all


def replaced(text, key, value):
    """`text` with the line of `key` set to `value`, and that line's number (from 1)."""
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.partition(":")[0] == key)
    lines[number - 1] = f"{key}: {value}"
    return "\n".join(lines), number


def check_bad_line(root, text_box, apply, key, number, shown):
    """The message names line and key; the list under the box marks that line, and only it."""
    message = root.locator(".pre-invalid")
    expect(message).to_contain_text(f'Line {number}, "{key}": ')
    bad = root.locator(".pre-editor-bad-line")
    expect(bad).to_have_count(1)
    expect(bad).to_have_attribute("data-line", str(number))
    expect(bad).to_contain_text(shown)
    expect(bad).to_be_visible()
    # marked at once: the bad line has its own background, the others none
    colours = root.locator(".pre-editor-line").evaluate_all("ls => ls.map(l => getComputedStyle(l).backgroundColor)")
    marked = bad.evaluate("l => getComputedStyle(l).backgroundColor")
    assert len(set(colours)) == 2 and colours.count(marked) == 1
    assert len(colours) <= 5          # the lines around the bad one, not the whole text again


def test_served_editor_explores_a_pasted_notation_and_marks_a_bad_line(panel_app, page):
    page.goto(panel_app("apps/explorer_app.py"))
    app = page.locator("body")
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=30_000)
    expect(page.locator(".pre-game select")).to_have_value("Dead Man's Dice")
    click_picker(app)
    played = current_label(app)
    node = explorer.load("dead_mans_dice", players=3).start(seed=0).apply(played)

    page.locator(".pre-editor .card-header").click()
    editor = page.locator(".pre-editor")
    text = page.locator(".pre-editor-text textarea")
    page.get_by_role("button", name="Copy current position").click()
    expect(text).to_have_value(node.notation())          # the current node, in the notation
    page.get_by_role("button", name="Copy to clipboard").click()   # may do nothing headless; no error
    apply = page.get_by_role("button", name="Explore from here")
    before = revision(app)

    bad, number = replaced(node.notation(), "P2 total", "lots")
    text.fill(bad)
    apply.click()
    check_bad_line(editor, text, apply, "P2 total", number, "P2 total: lots")
    assert revision(app) == before and current_label(app) == played     # nothing changed
    editor.scroll_into_view_if_needed()
    editor.screenshot(path=str(SHOTS / "editor-app-bad-line.png"))

    score_42 = page.locator(".pre-board svg text", has_text=re.compile(r"^42$"))
    expect(score_42).to_have_count(0)
    good, _ = replaced(node.notation(), "P2 total", "42")
    text.fill(good)
    apply.click()
    wait_rerender(app, before)
    expect(editor.locator(".pre-ok")).to_have_text("Exploring from the edited position.")
    expect(editor.locator(".pre-editor-bad-line")).to_have_count(0)
    expect(score_42).to_have_count(1)                     # the board shows the pasted position
    expect(page.locator(".pre-tree .pre-node")).to_have_count(1)
    page.screenshot(path=str(SHOTS / "editor-app-explored.png"), full_page=True)

    data = node.to_dict()                                 # JSON is still read
    data["totals"][2] = 17
    text.fill(json.dumps(data, indent=1))
    before = revision(app)
    apply.click()
    wait_rerender(app, before)
    expect(page.locator(".pre-board svg text", has_text=re.compile(r"^17$"))).to_have_count(1)
    assert page.errors == []


NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "setup", "metadata": {}, "outputs": [],
               "source": ["import explorer, widgets\n", "widgets.setup_notebook()  # the chart library, offline"]},
              {"cell_type": "code", "execution_count": None, "id": "editor", "metadata": {}, "outputs": [],
               "source": ["app = widgets.Explorer(explorer.load('sjoroveroya', players=2), seed=3)\n", "app"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def test_notebook_editor_explores_a_pasted_notation_and_marks_a_bad_line(jupyterlab, page):
    (jupyterlab["root"] / "editor_check.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    open_notebook(page, jupyterlab, "editor_check.ipynb")
    run_all(page)
    app = page.locator(f"{NB} .pre-explorer").first
    expect(app.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=30_000)
    game = explorer.load("sjoroveroya", players=2)
    start = game.start(seed=3)

    app.get_by_text("Position editor", exact=True).click()   # the accordion's title
    editor = app.locator(".pre-editor")
    text = editor.locator("textarea")
    expect(text).to_be_visible()
    expect(text).to_have_value(start.notation())            # the box holds the notation
    apply = editor.get_by_role("button", name="Explore from here")
    before = revision(app)

    bad, number = replaced(start.notation(), "P1 pieces", "start×5 lagoon")
    text.fill(bad)
    apply.click()
    check_bad_line(editor, text, apply, "P1 pieces", number, "P1 pieces: start×5 lagoon")
    expect(editor.locator(".pre-invalid")).to_contain_text("'lagoon' is not a place")
    assert revision(app) == before
    editor.scroll_into_view_if_needed()
    editor.screenshot(path=str(SHOTS / "editor-lab-bad-line.png"))

    good, _ = replaced(start.notation(), "P1 pieces", "start×4 goal×2")
    assert "2/6 home" in game.position(good).view(None)._repr_svg_()
    home = app.locator(".pre-board svg text", has_text="2/6 home")
    expect(home).to_have_count(0)
    text.fill(good)
    apply.click()
    wait_rerender(app, before)
    expect(editor.locator(".pre-ok")).to_have_text("Exploring from the edited position.")
    expect(home).to_have_count(1)                            # the board shows the pasted position
    app.locator(".pre-board").screenshot(path=str(SHOTS / "editor-lab-explored-board.png"))
    editor.screenshot(path=str(SHOTS / "editor-lab-explored.png"))

    # Player 1's view: the box holds only what Player 1 knows (Player 2's hand left out)
    known, left_out = editing.known_lines(game.position(good), 0)
    assert left_out == ["P2 hand"]
    app.locator(".pre-view-switch").get_by_role("button", name="Player 1's view").click()
    expect(text).to_have_value("\n".join(known))
    expect(editor.locator(".pre-editor-note")).to_have_text(
        "Player 1's view: only what Player 1 knows; left out, unseen: P2 hand.")
    assert "♠♠♣♣" not in text.input_value()
    editor.screenshot(path=str(SHOTS / "editor-lab-player-view.png"))
    assert page.errors == []
