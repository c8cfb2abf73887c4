"""Notebook widgets for the explorer: one controller, many views, every game alike.

>>> import explorer, widgets
>>> app = widgets.Explorer(explorer.load("sjoroveroya", players=3))
>>> app.controller.state.player in (0, 1, 2)
True
"""

from widgets.components import ActionPicker, BoardView, ChanceControls, EventLog, TreeNavigator
from widgets.controller import Controller
from widgets.explorer import Explorer
from widgets.panels import ChancePanel, PositionEditor, ViewSwitch
from widgets.seats import Seats

__all__ = ["ActionPicker", "BoardView", "ChanceControls", "ChancePanel", "Controller", "EventLog", "Explorer",
           "PositionEditor", "Seats", "TreeNavigator", "ViewSwitch", "explore", "setup_notebook"]


def setup_notebook() -> None:
    """Load BokehJS into the page from the installed package (works offline, no CDN); where
    Bokeh is absent (a browser kernel) the charts are HTML bar lists and there is nothing to load."""
    from widgets.figures import load_bokehjs

    try:
        import bokeh  # noqa: F401
    except ImportError:
        return
    load_bokehjs(again=True)   # a page opened anew on a running kernel gets it too


def explore(name: str, players: int | None = None, seed: int | None = 0, **options: object) -> object:
    """A live explorer of game `name`, or a short note when this installation lacks it."""
    import explorer as model

    if name not in model.games():
        from ipywidgets import HTML

        from explorer.core.markup import escape

        note = f"This installation has no game named {name!r}; games: {', '.join(model.games())}."
        return HTML(f"<i>{escape(note)}</i>")
    return Explorer(model.load(name, players, **options), seed=seed)
