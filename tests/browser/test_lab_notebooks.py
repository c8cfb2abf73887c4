"""Every notebook of the project, opened alone in a fresh tab of JupyterLab (no other notebook run
first, a workspace of its own), Run All: every cell runs, and nothing shows an error or a warning:
no error output, no widget error box ("Click to show javascript error"), no error message in the
browser's console and no uncaught page error."""

import json
import re
import urllib.request

import pytest

from .conftest import ROOT
from .labhelpers import NB, open_notebook, run_all

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
# The one console error that is not a notebook's: `make setup` installs JupyterLite's build tools
# (the `lite` extra) and their kernel extension logs this as JupyterLab loads, on any page, with no
# notebook open (disabling the extension does not stop its module loading). A reader's JupyterLab
# (the `lab` extra, Binder) has no such extension.
NOT_THE_NOTEBOOKS = re.compile(r"^Error: Shared module @jupyterlite/services doesn't exist in shared scope default")


def shut_down(lab: dict, name: str) -> None:
    """End the notebook's kernel, so the tests after this one share the server with no idle kernels."""
    def call(method: str, path: str) -> bytes:
        request = urllib.request.Request(f"{lab['url']}{path}?token={lab['token']}", method=method)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.read()

    for session in json.loads(call("GET", "/api/sessions")):
        if session["path"].endswith(name):
            call("DELETE", f"/api/sessions/{session['id']}")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_a_notebook_runs_alone_in_a_fresh_tab(jupyterlab, page, name):
    shut_down(jupyterlab, name)        # on its own: a kernel of its own, not one an earlier test left
    console: list[str] = []            # every console error from the moment the tab opens
    page.on("console", lambda message: console.append(f"{message.text} ({message.location.get('url', '')})")
            if message.type == "error" and not NOT_THE_NOTEBOOKS.match(message.text) else None)
    open_notebook(page, jupyterlab, name, workspace=f"fresh-{name.removesuffix('.ipynb')}")
    try:
        run_all(page, timeout=300_000)
        page.wait_for_timeout(1_000)   # views render after the cell reports done: let their errors land
        check_outputs(page)
        assert console == [], console
    finally:
        shut_down(jupyterlab, name)


def check_outputs(page) -> None:
    outputs = page.locator(f"{NB} .jp-OutputArea-output")
    assert outputs.count() > 0
    assert page.locator(f"{NB} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    texts = " ".join(outputs.all_text_contents())
    assert "Traceback" not in texts
    assert page.locator(f"{NB} .jupyter-widgets-error-widget").count() == 0    # every widget's view was made
    assert page.locator(f"{NB} .jp-RenderedJavaScript .jp-RenderedText, {NB} .bk-root .bk-error").count() == 0
    assert page.errors == []
