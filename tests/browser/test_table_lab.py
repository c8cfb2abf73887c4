"""notebooks/live_table.ipynb in JupyterLab: the notebook opens a table on its own server and the
teacher's page shows in the output, live (issue #29: "now play it" at the end of a lesson)."""

from playwright.sync_api import expect

from .explorer_steps import SHOTS
from .labhelpers import NB, open_notebook, run_all


def test_the_notebook_shows_the_teachers_page_of_its_table(jupyterlab, page):
    open_notebook(page, jupyterlab, "live_table.ipynb")
    run_all(page)
    frame = page.locator(f"{NB} iframe").first
    frame.scroll_into_view_if_needed()
    teacher = page.frame_locator(f"{NB} iframe").first
    expect(teacher.locator(".pre-title")).to_have_text("After the lesson (Sjørøverøya)", timeout=30_000)
    expect(teacher.locator(".pre-connection")).to_have_text("Connected")
    expect(teacher.locator(".pre-seat-table tbody tr")).to_have_count(3)
    expect(teacher.locator(".pre-board-box svg")).to_be_visible()
    expect(page.locator(f"{NB} .pre-explorer")).to_have_count(1)       # the what-if board beside it
    frame.screenshot(path=str(SHOTS / "table-in-lab.png"))
