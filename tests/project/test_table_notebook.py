"""notebooks/live_table.ipynb opens a table on a local server and shows the teacher's page (issue #29)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_notebooks import _execute

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow      # a server or a kernel of its own

CHECK = """
import urllib.request
pages = [urllib.request.urlopen(url).status for url in [links["teacher"], *(s["link"] for s in links["seats"])]]
before = server.table(links)
ctl = whatif.controller
for _ in range(3):
    ctl.roll() if ctl.state.is_chance else ctl.play(ctl.state.legal_actions()[0])
print(pages, ctl.state != before.state, server.table(links) is before, ctl.game == before.game)
server.stop()
"""


def test_the_notebook_serves_the_teacher_page_and_a_what_if_that_leaves_the_table(monkeypatch):
    nb, _ = _execute(ROOT / "notebooks" / "live_table.ipynb", monkeypatch, extra=CHECK)
    shown = nb.cells[5].outputs[0]["data"]["text/html"]
    assert "<iframe" in shown and "/table/teacher/" in shown
    assert nb.cells[-1].outputs[0].text.strip() == "[200, 200, 200, 200] True True True"
