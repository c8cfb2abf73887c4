"""Notebook components built from core ipywidgets: chance panel, view switch, position
editor. Each takes a controller (or a game or state) and only observes it."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from explorer.core.game import Game, State
from widgets import editing, present
from widgets.components import ChanceControls, controller_of
from widgets.controller import Controller
from widgets.guard import guarded


class ChancePanel(W.VBox):
    """At a chance node: one list of the odds the viewer may know (grouped, at most about a dozen
    bars, each with its exact fraction and percentage, each row choosable or opening its group),
    with Roll and Deal; no second chart of the same numbers (#30 point 4)."""

    def __init__(self, source: Controller | Game | State, **kwargs: Any) -> None:
        self.controller = controller_of(source)
        self.controls = ChanceControls(self.controller)
        super().__init__([self.controls], **kwargs)
        self.add_class("pre-chance-panel")


class ViewSwitch(W.ToggleButtons):
    """Everything (teacher) or one player's view, where hidden information stays hidden."""

    def __init__(self, source: Controller | Game | State, **kwargs: Any) -> None:
        self.controller = controller_of(source)
        super().__init__(options=present.viewer_options(self.controller), value=self.controller.viewer,
                         description="View:", **kwargs)
        self.style.button_width = "auto"      # "Everything (teacher)" whole, never cut off
        self.add_class("pre-view-switch")
        self.observe(lambda change: self.controller.set_viewer(change["new"]), "value")
        self.controller.observe(lambda change: setattr(self, "value", change["new"]), "viewer")


class PositionEditor(W.VBox):
    """Edit the position in the game's notation (or JSON); a mistake is named at its line, which
    is marked under the box; explore from the result."""

    def __init__(self, source: Controller | Game | State, **kwargs: Any) -> None:
        self.controller = controller_of(source)
        self.text = W.Textarea(placeholder=editing.placeholder(self.controller),
                               layout=W.Layout(width="100%", height="220px"))
        self.message = W.HTML()
        self.take = W.Button(description="Copy current position", layout=W.Layout(width="auto"))
        self.apply = W.Button(description="Explore from here", button_style="primary", layout=W.Layout(width="auto"))
        self.take.on_click(lambda _: self.copy_current())
        self.apply.on_click(lambda _: self.explore())
        super().__init__([self.text, W.HBox([self.take, self.apply]), self.message], **kwargs)
        self.add_class("pre-editor")
        self.controller.observe(lambda _: self._show(editing.viewer_changed(self.controller)), "viewer")
        self.copy_current()

    def copy_current(self) -> None:
        """Copy the whole position in the notation (hidden information too), so only in everyone's view."""
        self._show(editing.copy_current(self.controller))

    def explore(self) -> bool:
        """Read the edited notation (or JSON); on success the explorer restarts from it."""
        return self._show(editing.explore(self.controller, self.text.value))

    def _show(self, reply: editing.EditorReply | None) -> bool:
        return bool(guarded("the position editor", lambda html: setattr(self.message, "value", html))(self._put)(reply))

    def _put(self, reply: editing.EditorReply | None) -> bool:
        if reply is None:
            return True
        if reply.text is not None:
            self.text.value = reply.text
        self.message.value = reply.message
        return reply.ok
