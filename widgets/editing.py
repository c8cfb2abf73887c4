"""The position editor's logic, shared by the notebook editor and the served app's.

Each front-end has a text box, a message line and two buttons; these functions say what
to show after each step, so copying, validating and loading a position is written once
(the work itself is the controller's `position_text` and `load_position_text`).

The box holds the game's short notation (JSON still works when the text starts with ``{``).
A mistake is shown at its line: the message names the line and its key (the notation's
`PositionError.field`), and the box's lines are listed under it with the bad one marked.
In a player's view the box holds only the lines that player knows (`known_lines`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from explorer.core.errors import ExplorerError, PositionError, TooManyWorlds
from explorer.core.game import State
from explorer.core.markup import escape
from widgets.controller import Controller, looks_like_json

EXPLORING = '<span class="pre-ok">Exploring from the edited position.</span>'
ERROR_STYLE = "color:#b00020"
MARK_STYLE = "background:#fde7ea;color:#b00020;font-weight:bold;border-left:4px solid #b00020"
AROUND = 2   # the lines either side of the bad one shown under the box (never the whole text again)
LINE_PREFIX = re.compile(r"^line \d+:\s*")   # how the games' notation errors start
KNOWN_LIMIT = 5000   # possibilities a player's view may leave for the editor to show what they know
LINES_STYLE = "font-family:monospace;font-size:12px;line-height:1.5;margin:4px 0;white-space:pre-wrap"


@dataclass(frozen=True)
class EditorReply:
    """What the editor shows: `message` as HTML, `text` for the box (None: keep what was typed),
    and `line`, the 1-based number of the box's line a mistake is on (None: none or unknown)."""

    ok: bool
    message: str
    text: str | None = None
    line: int | None = None


def error_line(err: ExplorerError, text: str) -> int | None:
    """The line of `text` a mistake is on: the number the reason starts with ("line 7: ..."),
    the one a JSON syntax error names, or else the first line whose key is the error's field."""
    reason = getattr(err, "reason", str(err))
    found = re.match(r"line (\d+)\b", reason) or re.search(r"\bline (\d+) column \d+", reason)
    if found:
        number = int(found.group(1))
        return number if 1 <= number <= len(text.splitlines()) else None
    field = getattr(err, "field", None)
    if field and not looks_like_json(text):
        for number, line in enumerate(text.splitlines(), 1):
            if line.partition(":")[0].strip() == field:
                return number
    return None


def headline(err: ExplorerError, line: int | None) -> str:
    """The error in words that start with where it is: 'Line 7, "P1 pieces": why' for a line of
    the notation; other mistakes read as raised ("(json): not valid JSON: ...")."""
    if not (line and isinstance(err, PositionError) and err.field != "(json)"):
        return str(err)
    reason = LINE_PREFIX.sub("", err.reason)
    return f'Line {line}, "{err.field}": {reason}'


def marked_lines(text: str, line: int) -> str:
    """The bad line, numbered and highlighted, with the AROUND lines either side for context, so it
    is seen at once; the box above already holds the whole text, so it is not repeated (#30 point 11)."""
    lines = text.splitlines()
    low, high = max(1, line - AROUND), min(len(lines), line + AROUND)
    rows = [] if low == 1 else ['<div class="pre-editor-more">…</div>']
    for number in range(low, high + 1):
        bad = number == line
        cls = "pre-editor-line pre-editor-bad-line" if bad else "pre-editor-line"
        style = f' style="{MARK_STYLE}"' if bad else ""
        shown = escape(lines[number - 1]) or " "
        rows.append(f'<div class="{cls}" data-line="{number}"{style}>{number:>3}  {shown}</div>')
    if high < len(lines):
        rows.append('<div class="pre-editor-more">…</div>')
    return f'<div class="pre-editor-lines" style="{LINES_STYLE}">{"".join(rows)}</div>'


def invalid(err: ExplorerError, text: str = "") -> EditorReply:
    """A mistake as the inline message: where it is and why, then the lines with the bad one marked."""
    line = error_line(err, text)
    message = f'<span class="pre-invalid" style="{ERROR_STYLE}">{escape(headline(err, line))}</span>'
    if line:
        message += marked_lines(text, line)
    return EditorReply(False, message, line=line)


def placeholder(ctl: Controller) -> str:
    """What the empty box asks for."""
    return (f"A position of {ctl.game.title} in its notation (key: value lines, see docs/{ctl.game.name}.md), "
            "or JSON position data starting with {")


def copy_current(ctl: Controller) -> EditorReply:
    """The current position in the game's notation (JSON, saying so, for a game without one);
    in a player's view only the lines that player knows (`known_copy`)."""
    if ctl.viewer is not None:
        return known_copy(ctl)
    try:
        text = ctl.position_text()
    except ExplorerError as err:
        return EditorReply(False, invalid(err).message, "")
    note = ""
    if looks_like_json(text):
        note = (f'<span class="pre-editor-note">{escape(ctl.game.title)} has no short notation yet: '
                "the position is shown as JSON.</span>")
    return EditorReply(True, note, text)


def known_lines(state: State, player: int, limit: int = KNOWN_LIMIT) -> tuple[list[str], list[str]]:
    """The notation lines `player` knows, and the keys of those left out.

    A line is known when every position consistent with the player's view (`hidden_worlds`)
    writes it the same way. Everything here comes from `state.view(player)` alone, never
    from the position itself, so nothing hidden can reach the box. `TooManyWorlds` when
    the view leaves more than `limit` possibilities. Needs the ``position_text`` and
    ``hidden_worlds`` capabilities (`known_copy` asks first)."""
    order: list[str] = []
    common: dict[str, list[str]] | None = None
    for world, _weight in state.game.hidden_worlds(state.view(player), limit=limit):
        lines: dict[str, list[str]] = {}
        for line in world.notation().splitlines():
            if line.strip():
                key = line.partition(":")[0].strip()
                lines.setdefault(key, []).append(line)
                if key not in order:
                    order.append(key)
        common = lines if common is None else {k: v for k, v in common.items() if lines.get(k) == v}
    common = common or {}
    return [line for key in order for line in common.get(key, [])], [key for key in order if key not in common]


def known_copy(ctl: Controller) -> EditorReply:
    """In a player's view, what that player knows in the notation, saying which lines are left out;
    when that cannot be told (too many possibilities, no notation) an empty box and the reason."""
    player = ctl.viewer
    name = ctl.game.player_name(player)
    if not (ctl.game.can("position_text") and ctl.game.can("hidden_worlds")):
        return EditorReply(False, invalid(PositionError(
            "viewer", "the position editor shows hidden information; switch to everyone's view")).message, "")
    try:
        known, left_out = known_lines(ctl.state, player)
    except TooManyWorlds as err:
        why = f"{name}'s view leaves {err}, so the editor cannot tell line by line what {name} knows"
        return EditorReply(False, invalid(PositionError("viewer", f"{why}; switch to everyone's view")).message, "")
    note = f"{escape(name)}'s view: only what {escape(name)} knows"
    if left_out:
        note += f"; left out, unseen: {escape(', '.join(left_out))}"
    return EditorReply(True, f'<span class="pre-editor-note">{note}.</span>', "\n".join(known))


def explore(ctl: Controller, text: str) -> EditorReply:
    """Explore from `text`; a bad edit is named at its line and leaves the explorer as it was."""
    try:
        ctl.load_position_text(text)
    except ExplorerError as err:
        return invalid(err, text)
    return EditorReply(True, EXPLORING)


def viewer_changed(ctl: Controller) -> EditorReply | None:
    """Switching to a player's view replaces the box by what that player knows, so no hidden
    information stays on screen; back in everyone's view what was typed stays."""
    return None if ctl.viewer is None else copy_current(ctl)
