"""The notebook explorer as an analysis board in JupyterLab: a 500-move game by keys and clicks,
and Play on running on the kernel's event loop (the kernel stays free) until Stop."""

import nbformat
from playwright.sync_api import expect

import explorer

from .board_steps import WIDTH, expect_current, random_line, wait_nodes
from .explorer_steps import SHOTS, revision, wait_rerender
from .labhelpers import NB, open_notebook, run_all


def write_notebook(root, line):
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                           "language": "python"}})
    nb.cells = [nbformat.v4.new_code_cell(
        "import explorer, widgets\nwidgets.setup_notebook()\n"
        "app = widgets.Explorer(explorer.load('sjoroveroya', players=3), seed=0)\n"
        f"app.controller.play_line({line!r})\napp"),
        nbformat.v4.new_code_cell("len(app.controller.tree)")]
    nbformat.write(nb, root / "analysis_board.ipynb")


def test_keys_clicks_and_play_on_with_stop_in_lab(jupyterlab, page):
    line = random_line("sjoroveroya", 3, 500)
    write_notebook(jupyterlab["root"], line)
    page.set_viewport_size({"width": WIDTH, "height": 900})
    open_notebook(page, jupyterlab, "analysis_board.ipynb")
    run_all(page)
    app = page.locator(f"{NB} .pre-explorer").first
    wait_nodes(app, 501, timeout=60_000)
    tree = app.locator(".pre-tree")
    expect_current(app, line[-1])
    tree.focus()
    for back in range(1, 6):
        before = revision(app)
        page.keyboard.press("ArrowLeft")
        wait_rerender(app, before)
        expect_current(app, line[-1 - back])
    before = revision(app)
    tree.locator(".pre-node[data-id='100']").click()
    wait_rerender(app, before)
    expect_current(app, line[99])
    expect(app.locator(".pre-log .pre-entry").last).to_have_attribute("data-step", "100")
    tree.focus()
    before = revision(app)
    page.keyboard.press("End")
    wait_rerender(app, before)
    expect_current(app, line[-1])

    app.get_by_text("Seats", exact=True).first.click()        # the accordion's header
    seats = app.locator(".pre-seats")
    expect(seats).to_be_visible()
    end = explorer.load("sjoroveroya", players=3).start(seed=0)
    for move in line:
        end = end.apply(move)
    seats.get_by_role("button", name="Step").click()    # at a chance node Step rolls; then a person acts
    if end.is_chance:
        wait_nodes(app, 502)
        seats.get_by_role("button", name="Step").click()
    expect(seats).to_contain_text("every seat is a person: choose a policy in Seats")
    for select in seats.locator("select").all():
        select.select_option(label="random")
    seats.get_by_role("button", name="Play on").click()
    expect(seats.get_by_role("button", name="Stop")).to_be_enabled()
    for _ in range(600):                        # the views update while it plays
        if int(tree.get_attribute("data-nodes")) > 510:
            break
        page.wait_for_timeout(100)
    # By the keyboard: the views below and above the seats change height with every move, so a
    # pointer aimed at Stop can land beside it, and a random game can end a second later.
    stop = seats.get_by_role("button", name="Stop")
    stop.focus()
    page.keyboard.press("Enter")
    expect(seats.get_by_role("button", name="Stop")).to_be_disabled(timeout=20_000)   # behind the views' updates
    count = int(tree.get_attribute("data-nodes"))
    page.wait_for_timeout(1500)
    assert int(tree.get_attribute("data-nodes")) == count > 510
    seats.get_by_role("button", name="Step").click()     # stopped mid-game, not at its end: a step still plays
    wait_nodes(app, count + 1)
    tree.scroll_into_view_if_needed()
    app.screenshot(path=str(SHOTS / "lab-analysis-board.png"))
    assert page.errors == []
