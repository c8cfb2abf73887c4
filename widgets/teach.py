"""What the teaching notebooks import, so their first cell is one short line, not a helper cell.

A notebook draws a board with `board`, tells what happened with `story`, and asks the reader
with `Ask`: an answer box that starts empty and checks what was typed (a probability, a whole
number, or a few words), never an answer filled in for the reader.

>>> ask = Ask("How many rounds does a game last?", 5)
>>> ask.check("5"), ask.check("six"), ask.check("4")
('right', 'unreadable', 'wrong')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as W
from IPython.display import SVG

import explorer
from explorer.core.errors import PositionError
from explorer.core.markup import escape
from explorer.core.play import replay
from explorer.lessons.answers import parse_probability, within
from widgets.explorer import Explorer
from widgets.lesson import Lesson
from widgets.show import chance, table, value
from widgets.show import odds_table as _odds_table

__all__ = ["Ask", "Explorer", "Lesson", "board", "chance", "explorer", "odds_table", "play", "refused", "story",
           "table", "value"]

Answer = Fraction | int | str
TOLERANCE = Fraction(1, 200)   # half a percentage point, as the lessons judge a typed probability


def board(state: explorer.core.game.State, player: int | None = None) -> SVG:
    """The table drawn as `player` sees it (None: everything, the teacher's view)."""
    shown = state if player is None else state.view(player)
    return SVG(shown._repr_svg_())


def play(state: explorer.core.game.State, *moves: str) -> explorer.core.game.State:
    """`state` after `moves`, each written as the game writes its moves."""
    return replay(state.game, moves, start=state)


def story(state: explorer.core.game.State, last: int | None = None) -> None:
    """Print what happened, in the game's words (the last `last` events, or all)."""
    events = list(state.events)
    for event in events[-last:] if last else events:
        print(event)


def odds_table(rows: Any, **kwargs: Any) -> Any:
    """`widgets.show.odds_table`, also for a player's view, whose odds are texts such as "9/40"."""
    if isinstance(rows, dict):
        rows = {k: Fraction(v) if isinstance(v, str) else v for k, v in rows.items()}
    return _odds_table(rows, **kwargs)


def refused(state: explorer.core.game.State, move: object) -> str:
    """Why the rules refuse `move` here, in the game's words with the rule's number; or that
    they allow it (so a cell meant to show a refusal never hides a legal move)."""
    try:
        state.apply(move)
    except explorer.IllegalAction as err:
        return f"Refused ({err.rule}): {err.reason}"
    return f"Allowed: {move}"


def _words(text: str) -> str:
    return " ".join(str(text).lower().replace(",", " ").split())


class Ask(W.VBox):
    """A question with an empty answer box, a Check button and a Show answer button.

    `answer` is a `Fraction` (read as a fraction, percentage or decimal, within half a
    percentage point), an `int`, or a short text compared word by word, case aside. `why`
    is said once the reader is right or asks for the answer."""

    def __init__(self, question: str, answer: Answer, why: str = "", **kwargs: Any) -> None:
        self.answer, self.why = answer, why
        self.box = W.Text(placeholder="your answer", layout=W.Layout(width="220px"))
        check, reveal = W.Button(description="Check"), W.Button(description="Show answer")
        self.said = W.HTML()
        check.on_click(lambda _b: self._say(self.check(self.box.value)))
        reveal.on_click(lambda _b: self._say("shown"))
        super().__init__([W.HTML(f"<b>Your turn.</b> {escape(question)}"),
                          W.HBox([self.box, check, reveal]), self.said], **kwargs)

    def check(self, typed: str) -> str:
        """'right', 'wrong', or 'unreadable' for what the reader typed."""
        text = typed.strip()
        if not text:
            return "unreadable"
        if isinstance(self.answer, bool) or not isinstance(self.answer, int | Fraction):
            return "right" if _words(text) == _words(str(self.answer)) else "wrong"
        if isinstance(self.answer, int):
            return ("right" if int(text) == self.answer else "wrong") if text.lstrip("-").isdigit() else "unreadable"
        try:
            guess = parse_probability(text)
        except PositionError:
            return "unreadable"
        return "right" if within(guess, self.answer, TOLERANCE) else "wrong"

    def shown_answer(self) -> str:
        """The answer as the reader would write it."""
        return chance(self.answer) if isinstance(self.answer, Fraction) else str(self.answer)

    def _say(self, verdict: str) -> None:
        if verdict == "right":
            text = f"Right: {self.shown_answer()}. {self.why}"
        elif verdict == "shown":
            text = f"The answer: {self.shown_answer()}. {self.why}"
        elif verdict == "wrong":
            text = "Not quite: have another go, or press Show answer."
        else:
            text = "Write a number: a fraction like 1/6, a percentage like 16.7% or a whole number."
            if not isinstance(self.answer, int | Fraction):
                text = "Write your answer in a few words."
        self.said.value = escape(text.strip())
