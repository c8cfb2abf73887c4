"""Every notebook of the project, opened alone in a fresh tab of JupyterLab (no other notebook run
first, a workspace of its own), Run All: every cell runs, and nothing shows an error or a warning."""

import pytest

from .conftest import ROOT
from .labhelpers import NB, open_notebook, run_all

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_a_notebook_runs_alone_in_a_fresh_tab(jupyterlab, page, name):
    open_notebook(page, jupyterlab, name, workspace=f"fresh-{name.removesuffix('.ipynb')}")
    run_all(page, timeout=300_000)
    outputs = page.locator(f"{NB} .jp-OutputArea-output")
    assert outputs.count() > 0
    assert page.locator(f"{NB} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    texts = " ".join(outputs.all_text_contents())
    assert "Traceback" not in texts
    assert page.errors == []
