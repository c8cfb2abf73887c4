"""The position editor's logic, shared by the notebook editor and the served app's.

Each front-end has a text box, a message line and two buttons; these functions say what
to show after each step, so copying, validating and loading a position is written once
(the work itself is the controller's `position_text` and `load_position_text`).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from explorer.core.errors import ExplorerError
from widgets.controller import Controller

EXPLORING = '<span class="pre-ok">Exploring from the edited position.</span>'


@dataclass(frozen=True)
class EditorReply:
    """What the editor shows: `message` as HTML, and `text` for the box (None: keep what was typed)."""

    ok: bool
    message: str
    text: str | None = None


def invalid(err: ExplorerError) -> str:
    """An error as the inline message: it starts with the offending field."""
    return f'<span class="pre-invalid" style="color:#b00020">{escape(str(err))}</span>'


def copy_current(ctl: Controller) -> EditorReply:
    """The current position as text; in a player's view an empty box and the reason."""
    try:
        return EditorReply(True, "", ctl.position_text())
    except ExplorerError as err:
        return EditorReply(False, invalid(err), "")


def explore(ctl: Controller, text: str) -> EditorReply:
    """Explore from `text`; a bad edit is named inline and leaves the explorer as it was."""
    try:
        ctl.load_position_text(text)
    except ExplorerError as err:
        return EditorReply(False, invalid(err))
    return EditorReply(True, EXPLORING)


def viewer_changed(ctl: Controller) -> EditorReply | None:
    """Switching to a player's view empties the box so no hidden information stays on screen."""
    return None if ctl.viewer is None else copy_current(ctl)
