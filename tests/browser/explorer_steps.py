"""Steps shared by the JupyterLab and served-app tests: they drive the explorer's own DOM."""

import json
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
    """Click the first element of the board that carries a move; where it carries several, the menu's
    first entry, level by level. Returns the move played (its notation)."""
    before = revision(root)
    node = root.locator(".pre-board svg [data-place].pre-target").first
    move = node.get_attribute("data-move")
    node.dispatch_event("click")          # on the element itself, whatever is drawn over its centre
    while not move:
        entry = root.locator(".pre-board .pre-menu button.pre-offer").first
        expect(entry).to_be_visible()
        move = entry.get_attribute("data-move")
        entry.click()
    wait_rerender(root, before)
    return move


def play_on_board(scope, move, target):
    """Play `move` on the board: click its element `target` (``State.action_target``), then the menu
    entries that lead to it."""
    scope.locator(f'.pre-board [data-place="{target}"]').first.dispatch_event("click")
    menu = scope.locator(".pre-menu")
    for _ in range(4):
        if menu.count() == 0 or menu.first.is_hidden():
            return
        for entry in menu.first.locator("button.pre-offer").all():
            if entry.get_attribute("data-move") == move:
                entry.click()
                return
            if move in json.loads(entry.get_attribute("data-moves") or "[]"):
                entry.click()
                break
        else:
            raise AssertionError(f"no entry of the menu at {target!r} leads to {move!r}")


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
