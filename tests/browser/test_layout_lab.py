"""One screen in a notebook (#30 point 2): in JupyterLab, each game's explorer puts everything
about the current position (board, moves, tree, chance panel, engine) within 900 px of its
output's top, the same component as the served app's (`widgets.layout`); and nothing in it is
wider than the notebook."""

import json

import explorer

from .explorer_steps import SHOTS
from .labhelpers import NB, open_notebook, run_all

LIMIT = 900      # px: a notebook output that tall shows the whole position
PARTS = {"board": ".pre-board svg", "moves": ".pre-picker", "tree": ".pre-tree", "chance panel": ".pre-chance",
         "engine": ".pre-engine"}


def layout_notebook(root):
    """A notebook of one explorer per game (written to the served copy, never the repo's folder)."""
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
              "source": f"import explorer, widgets\nwidgets.Explorer(explorer.load({name!r}))"}
             for name in explorer.games()]
    notebook = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (root / "layout_check.ipynb").write_text(json.dumps(notebook))
    return "layout_check.ipynb"


def test_every_games_position_fits_900px_of_notebook_output(jupyterlab, page):
    page.set_viewport_size({"width": 1400, "height": 950})
    open_notebook(page, jupyterlab, layout_notebook(jupyterlab["root"]))
    run_all(page)
    apps = page.locator(f"{NB} .pre-explorer")
    assert apps.count() == len(explorer.games())
    SHOTS.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(explorer.games()):
        app = apps.nth(i)
        app.locator(".pre-board svg [data-place]").first.wait_for(state="attached", timeout=60_000)
        app.scroll_into_view_if_needed()
        top = app.bounding_box()["y"]
        low = {}
        for part, selector in PARTS.items():
            box = app.locator(selector).first.bounding_box()
            low[part] = round(box["y"] + box["height"] - top)
        assert max(low.values()) <= LIMIT, (name, low)
        wide = app.evaluate("el => el.scrollWidth - el.clientWidth")
        assert wide <= 0, (name, wide)
        app.screenshot(path=str(SHOTS / "gallery" / f"{name}-notebook.png"))
