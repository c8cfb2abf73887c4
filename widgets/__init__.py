"""Notebook widgets for the explorer: one controller, many views, every game alike.

>>> import explorer, widgets
>>> app = widgets.Explorer(explorer.load("sjoroveroya", players=3))
>>> app.controller.state.player in (0, 1, 2)
True
"""

from widgets.components import ActionPicker, BoardView, ChanceControls, EventLog, TreeNavigator
from widgets.controller import Controller
from widgets.explorer import Explorer
from widgets.panels import ChancePanel, PositionEditor, Seats, ViewSwitch

__all__ = ["ActionPicker", "BoardView", "ChanceControls", "ChancePanel", "Controller", "EventLog", "Explorer",
           "PositionEditor", "Seats", "TreeNavigator", "ViewSwitch", "setup_notebook"]


def setup_notebook() -> None:
    """Load BokehJS into the page from the installed package (works offline, no CDN)."""
    from bokeh.io import output_notebook
    from bokeh.resources import INLINE

    output_notebook(INLINE, hide_banner=True)
