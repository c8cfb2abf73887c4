"""What the served app keeps for the session, so nothing is lost without asking (issue #30, 7).

Each game's free-play explorer stays as it was left (tree, comments, node, seats, the captains
chosen in its set-up) while another game or mode is on screen; each game's Learn view keeps its
lesson. A New game over an analysis puts the old explorer aside, and one click brings it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from widgets.changes import removal_words


def work_of(layout: Any) -> tuple[int, int]:
    """(moves, comments) of the analysis an explorer layout holds; (0, 0) for any other view."""
    controller = getattr(layout, "controller", None)
    if controller is None:
        return 0, 0
    nodes = list(controller.tree.nodes())
    return len(nodes) - 1, sum(bool(node.comment) for node in nodes)


def put_aside_words(title: str, layout: Any) -> str:
    """The undo bar's sentence for an analysis a New game put aside."""
    return f"New game: the earlier {title} analysis ({removal_words(*work_of(layout))}) was put aside."


@dataclass
class Shelf:
    """Views kept for the session: free-play explorers and Learn views by game, and the explorer
    a New game replaced (with its game), until it is brought back or another New game comes."""

    free: dict[str, Any] = field(default_factory=dict)
    learn: dict[str, Any] = field(default_factory=dict)
    aside: tuple[str, Any] | None = None

    def replace(self, game: str, layout: Any) -> Any | None:
        """Keep `layout` as `game`'s explorer; the one it replaces goes aside when it held any work
        (returned), else is dropped."""
        old = self.free.get(game)
        self.free[game] = layout
        if old is not None and old is not layout and any(work_of(old)):
            self.aside = (game, old)
            return old
        return None

    def bring_back(self) -> tuple[str, Any] | None:
        """The explorer put aside, back as its game's own (None if there is none)."""
        if self.aside is None:
            return None
        game, layout = self.aside
        self.aside = None
        self.free[game] = layout
        return game, layout
