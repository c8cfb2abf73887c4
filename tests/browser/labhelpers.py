"""Driving a notebook in JupyterLab 4 from Playwright."""

import re

from playwright.sync_api import expect

NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook in the visible tab


def open_notebook(page, lab, name, workspace=None):
    """Open `name` in a fresh workspace of its own, then wait for its kernel."""
    ws = workspace or re.sub(r"\W", "-", name)
    page.goto(f"{lab['url']}/lab/workspaces/{ws}/tree/{name}?reset&token={lab['token']}")
    page.wait_for_selector(f"{NB} .jp-Cell", timeout=60_000)
    # NOT .jp-Notebook-ExecutionIndicator[data-status=idle]: it reads 'idle' before a kernel exists
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
           ).to_be_visible(timeout=60_000)


def menu(page, top, command):
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{top}$")).click()
    page.locator(f".lm-Menu-item[data-command='{command}']").click()


def run_all(page, timeout=120_000):
    """Clear outputs, Run All, wait until every code cell shows [n]: (not [ ]: or [*]:)."""
    menu(page, "Edit", "editmenu:clear-all")
    menu(page, "Run", "runmenu:run-all")
    page.wait_for_function(
        """sel => { const ps = [...document.querySelectorAll(sel)];
                    return ps.length > 0 && ps.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim())); }""",
        arg=f"{NB} .jp-CodeCell .jp-InputPrompt", timeout=timeout)
