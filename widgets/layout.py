"""One screen for the explorer, the same in the notebook and the served app (#30 point 2).

The board on the left with its moves under it; the move tree, the chance panel and the engine on
the right. Two flex columns that wrap: below about 900 px of width (a 520 px board column, a
360 px side column and the gap) they become one column, and nothing in them is wider than the
page, so at 600 px nothing scrolls sideways. The board's picture is held to a height, so the
board and its moves fit a 1366x768 screen (the app) or a 900 px notebook output together.

Only CSS and sizes live here; `widgets.explorer` (ipywidgets) and `widgets.served` (Panel) place
the same components in the same two columns with them.
"""

from __future__ import annotations

LEFT_BASIS, RIGHT_BASIS, GAP = 520, 360, 12     # px: the columns wrap below about 900 px
LEFT_GROW, RIGHT_GROW = 2, 1                      # room beyond that goes mostly to the board
BOARD_HEIGHT = {"notebook": "430px", "app": "calc(100vh - 360px)"}   # the board's picture at most
MOVES_HEIGHT = {"notebook": "150px", "app": "120px"}   # a long list of moves scrolls within this
TREE_HEIGHT = {"notebook": "180px", "app": "calc(30vh - 50px)"}      # the tree scrolls within this
MIN_BOARD = "260px"


def board_css(where: str) -> str:
    """The board's picture fits its column and the height left for it; its status line has room."""
    # !important: a renderer's own inline min-width (kept for a page of its own) must not push the
    # board out of its column or the page sideways
    return (f".pre-board .pre-svg svg {{ max-width: 100% !important; min-width: 0 !important;"
            f" max-height: max({MIN_BOARD}, {BOARD_HEIGHT[where]}); height: auto; width: auto; display: block;"
            " margin: 0 auto; }\n"
            ".pre-board .pre-status { padding: 2px 6px; }\n"
            ".pre-board .pre-error { padding: 0 6px; }\n")


def tree_css(where: str) -> str:
    """The tree keeps to its share of the side column and scrolls within it."""
    return (f".pre-tree {{ max-height: {TREE_HEIGHT[where]}; overflow: auto; }}\n"
            ".pre-tree .pre-status, .pre-tree .pre-note { padding: 0 6px; }\n")


def moves_css(where: str) -> str:
    """The moves under the board keep to their share; a long list (28 tiles to look at) scrolls."""
    return f".pre-picker {{ max-height: {MOVES_HEIGHT[where]}; overflow-y: auto; }}\n"


SIDE_CSS = (".pre-picker .pre-status { padding: 2px 6px; }\n"
            ".pre-engine-output { overflow-x: auto; max-width: 100%; }\n"
            ".pre-chance { padding: 0 4px; }\n")


def notebook_css() -> str:
    """The whole sheet for a notebook page (the notebook's views are in the page's own DOM)."""
    scoped = "\n".join(f".pre-explorer {line}" if line.startswith(".") else line
                       for line in (board_css("notebook") + tree_css("notebook") + moves_css("notebook")
                                     + SIDE_CSS).splitlines())
    return (scoped + "\n.pre-explorer { max-width: 100%; overflow-x: hidden; }\n"
            ".pre-explorer .pre-section-title { margin: 6px 0 2px 0; font-weight: bold; }\n"
            ".pre-explorer .pre-view-switch .widget-toggle-button { width: auto; min-width: 8em; }\n")
