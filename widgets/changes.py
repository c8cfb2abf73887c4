"""What a controller change did, and how to take a destructive one back.

Views read `Change` to send only what changed; the controller keeps `Undo` entries in a
bounded stack so a misclick (a deleted variation, a lost comment) is one Undo away.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from explorer.analysis.tree import Node


@dataclass(frozen=True)
class Change:
    """What the last revision did. kind: move, comment, status, save or reset (views re-sync)."""

    kind: str
    added: Node | None = None      # a node the move created
    node: Node | None = None       # the node whose comment changed
    download: tuple[str, str] | None = None   # (file name, text) for a save


@dataclass(frozen=True)
class Undo:
    """One destructive change and how to take it back (returns the node to show)."""

    label: str
    restore: Callable[[], Node]


def count_removed(node: Node) -> tuple[int, int]:
    """How many moves and comments deleting `node` removes (it and everything after it)."""
    moves = comments = 0
    stack = [node]
    while stack:
        each = stack.pop()
        moves += 1
        comments += bool(each.comment)
        stack.extend(each.children)
    return moves, comments


def removal_words(moves: int, comments: int) -> str:
    words = f"{moves} move{'s' * (moves != 1)}"
    return words + (f" and {comments} comment{'s' * (comments != 1)}" if comments else "")


def orders(node: Node) -> list[tuple[Node, list[Node]]]:
    """The order of children at every fork above `node`, to put back after a promotion."""
    saved = []
    while node.parent is not None:
        saved.append((node.parent, list(node.parent.children)))
        node = node.parent
    return saved
