"""Steps for the analysis-board browser tests: long games opened by link, the tree's own marks."""

import random
from urllib.parse import quote

from playwright.sync_api import expect

import explorer
from widgets.served_link import SEPARATOR

WIDTH = 1100          # the page must read well at this width


def random_line(name, players, moves, seed=0):
    """A seeded random game's first `moves` steps from the app's start (seed 0)."""
    state = explorer.load(name, players=players).start(seed=0)
    rng, line = random.Random(seed), []
    while len(line) < moves and not state.is_over:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        line.append(str(action))
        state = state.apply(action)
    return line


def link(url, name, players, line):
    return f"{url}?game={name}&players={players}&line=" + quote(SEPARATOR.join(line), safe="@," + SEPARATOR)


def tree_marks(root):
    """(seq, current node id, node count) as the tree view last drew them."""
    tree = root.locator(".pre-tree")
    return tuple(tree.get_attribute(a) for a in ("data-seq", "data-current", "data-nodes"))


def wait_current(root, node_id, timeout=15_000):
    expect(root.locator(".pre-tree")).to_have_attribute("data-current", str(node_id), timeout=timeout)


def wait_nodes(root, count, timeout=15_000):
    expect(root.locator(".pre-tree")).to_have_attribute("data-nodes", str(count), timeout=timeout)


def current_move(root):
    return root.locator(".pre-tree .pre-node.pre-current").text_content()


def main_line_labels(root):
    """The tree's move labels in document order (main line with variations in brackets)."""
    return root.locator(".pre-tree .pre-node").all_text_contents()


def expect_current(root, move, timeout=15_000):
    """The tree marks `move` as current (its own update may land after the board's)."""
    expect(root.locator(".pre-tree .pre-node.pre-current")).to_have_text(move, timeout=timeout)
