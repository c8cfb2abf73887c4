"""Steps shared by the JupyterLab and served-app tests: they drive the explorer's own DOM."""

import os
from fractions import Fraction
from pathlib import Path

from playwright.sync_api import expect

SHOTS = Path(os.environ.get("SCREENSHOT_DIR", Path(__file__).resolve().parents[2] / "test-artifacts"))


def revision(root):
    return root.locator(".pre-board .pre-svg").get_attribute("data-revision")


def wait_rerender(root, before, timeout=15_000):
    expect(root.locator(".pre-board .pre-svg")).not_to_have_attribute("data-revision", before, timeout=timeout)


def click_board(root):
    """Click the first actionable place on the board, then the first action it offers."""
    before = revision(root)
    root.locator(".pre-board [data-place].pre-actionable").first.click()
    offers = root.locator(".pre-board .pre-offer")
    expect(offers.first).to_be_visible()
    offers.first.click()
    wait_rerender(root, before)


def click_picker(root, prefer="Backward"):
    """Click an action of kind `prefer` when there is one, else the first action."""
    before = revision(root)
    preferred = root.locator(".pre-picker .pre-group", has=root.page.locator(".pre-kind", has_text=prefer))
    target = preferred.locator(".pre-action") if preferred.count() else root.locator(".pre-picker .pre-action")
    target.first.click()
    wait_rerender(root, before)


def reach_chance(root, limit=40):
    """Play until the chance panel offers a roll (backward moves draw cards)."""
    status = root.locator(".pre-board .pre-status")
    for _ in range(limit):
        if status.text_content().startswith("Chance"):
            expect(root.locator(".pre-chance .pre-roll")).to_be_visible()
            return
        click_picker(root)
    raise AssertionError("no chance node within the move limit")


def fractions(root):
    expect(root.locator(".pre-chance .pre-fraction").first).to_be_visible()
    texts = root.locator(".pre-chance .pre-fraction").all_text_contents()
    return [Fraction(t) for t in texts]


def current_label(root):
    return root.locator(".pre-tree .pre-node.pre-current").text_content()
