"""`Lesson("sjoroveroya")`: a guided lesson in a notebook, one call.

The lesson model (`explorer.lessons`) judges; this module only shows it. `LessonPlayer`
holds the learner's `Progress` and a `Controller` whose position is the step's, so the
board, the action picker and the chance controls are the explorer's own views, unchanged:
a move played through them is caught here, judged, and the board is set back to the step's
position (wrong) or left on the position after the move (right). The served app
(`widgets.served_lesson`) uses the same player and the same HTML.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as W
import traitlets

from explorer.analysis.tree import PositionTree
from explorer.core.game import State
from explorer.core.markup import escape
from explorer.lessons import Lesson as LessonData
from explorer.lessons import Progress, attempt, back, begin, hint, load_lesson, next_step, show_me
from explorer.lessons.answers import percent
from widgets.components import ActionPicker, BoardView, ChanceControls
from widgets.controller import Controller
from widgets.figures import ChanceChart
from widgets.guard import guarded

VERDICT = {"right": ("Right", "pre-right"), "wrong": ("Not this one", "pre-wrong"),
           "illegal": ("Not allowed", "pre-wrong"), "unreadable": ("Cannot read that", "pre-wrong"),
           "hint": ("Hint", "pre-hint"), "shown": ("Here it is", "pre-shown")}
TASK = {"move": "Play the move on the board (click a piece or space) or in the list, or type it below.",
        "outcome": "Choose the outcome in the chance controls, or type it below.",
        "answer": "Type the probability below (a fraction like 5/36 or a percentage like 13.9%), then Check."}
CSS = """<style>
.pre-lesson { font-family: sans-serif; font-size: 15px; line-height: 1.45; }
.pre-lesson h2 { font-size: 20px; margin: 4px 0; }
.pre-lesson h3 { font-size: 17px; margin: 6px 0 4px; }
.pre-lesson .pre-progress { color: #555; font-size: 14px; }
.pre-lesson .pre-prompt { background: #f4f7fb; border-left: 4px solid #4c72b0; padding: 8px 12px; margin: 6px 0; }
.pre-lesson .pre-task { color: #444; font-size: 14px; }
.pre-feedback { font-family: sans-serif; font-size: 15px; line-height: 1.45; padding: 8px 12px; margin: 6px 0;
                border-radius: 4px; }
.pre-feedback.pre-right { background: #e8f5e9; border-left: 4px solid #2e7d32; }
.pre-feedback.pre-wrong { background: #fdecea; border-left: 4px solid #c62828; }
.pre-feedback.pre-hint, .pre-feedback.pre-shown { background: #fff8e1; border-left: 4px solid #f9a825; }
.pre-feedback .pre-verdict { font-weight: bold; font-size: 16px; }
.pre-feedback .pre-rule-id { font-weight: bold; font-family: monospace; }
.pre-feedback table { border-collapse: collapse; margin-top: 4px; }
.pre-feedback td { padding: 1px 8px; }
.pre-feedback tr.pre-asked { font-weight: bold; background: #dbe7f6; }
</style>"""


# Board fields that print a chance a lesson may ask for: Sjørøverøya's "next card" odds (C3).
GIVEAWAY = {"sjoroveroya": ("next_draw",)}


def asking(progress: Progress) -> bool:
    """True while a chance question is open: the board must not print its answer yet."""
    return progress.step.task == "answer" and not progress.done


def question_board_svg(state: State) -> str:
    """The board of an open chance question, without the odds the game's board prints (they
    would give the answer away); the full board comes back once the question is answered."""
    view = state.view(None)
    for key in GIVEAWAY.get(state.game.name, ()):
        if key in view:
            view[key] = type(view[key])()
    return view._repr_svg_() if hasattr(view, "_repr_svg_") else ""


def resolve(lesson: LessonData | str | Path) -> LessonData:
    """A lesson value as given, or loaded by shipped name or file path."""
    return lesson if isinstance(lesson, LessonData) else load_lesson(lesson)


class LessonPlayer(traitlets.HasTraits):
    """The learner's progress plus a controller showing its position; `revision` bumps on
    every change so views re-render. Requests are plain dicts, as from a front-end."""

    revision = traitlets.Int(0)
    answers = traitlets.Int(0)      # bumps on each answer, typed or played: the views clear their input

    def __init__(self, lesson: LessonData | str | Path, step: int = 0) -> None:
        super().__init__()
        self.progress: Progress = begin(resolve(lesson), step)
        self.controller = Controller(self.progress.state)
        self._showing = False
        self.controller.observe(self._on_path, "path")

    @property
    def lesson(self) -> LessonData:
        return self.progress.lesson

    def _on_path(self, change: dict) -> None:
        """A move or outcome played through the board, picker or chance controls."""
        if self._showing or not change["new"]:
            return
        self._set(attempt(self.progress, change["new"][-1]))
        self.answers += 1

    def _set(self, progress: Progress) -> None:
        self.progress = progress
        self._showing = True
        try:   # the board shows the step's position, or the position after the right move
            self.controller.tree = PositionTree(progress.state)
            self.controller.goto(())
        finally:
            self._showing = False
        self.revision += 1

    def handle(self, request: dict) -> None:
        """``{"op": "check", "text": ...}``, ``hint``, ``show``, ``next``, ``back``, ``restart``."""
        op = request.get("op")
        if op == "check":
            self._set(attempt(self.progress, str(request.get("text", ""))))
            self.answers += 1
        elif op in ("hint", "show", "next", "back", "restart"):
            act = {"hint": hint, "show": show_me, "next": next_step, "back": back,
                   "restart": lambda p: begin(p.lesson)}[op]
            self._set(act(self.progress))


def header_html(progress: Progress) -> str:
    """Lesson title, progress, the step's title, prompt and what to do."""
    step, lesson = progress.step, progress.lesson
    done = " · done" if progress.done else ""
    return (f"{CSS}<div class='pre-lesson'><h2>{escape(lesson.title)}</h2>"
            f"<div class='pre-progress' data-step='{progress.index + 1}'>Step {progress.index + 1} of "
            f"{len(lesson.steps)}{done}</div><h3>{escape(step.title)}</h3>"
            f"<div class='pre-prompt'>{escape(step.prompt)}</div>"
            f"<div class='pre-task'>{TASK[step.task]}</div></div>")


def feedback_html(progress: Progress) -> str:
    """The last feedback: verdict, words, what the move did, the rules with their statements,
    and after an answer the exact chance with every outcome of the chance node."""
    feedback = progress.feedback
    if feedback is None:
        return ""
    title, css = VERDICT[feedback.verdict]
    parts = [f"{CSS}<div class='pre-feedback {css}' data-verdict='{feedback.verdict}'>",
             f"<div class='pre-verdict'>{title}</div><div class='pre-text'>{escape(feedback.text)}</div>"]
    if feedback.events:
        items = "".join(f"<li>{escape(text)} <small>({', '.join(rules)})</small></li>"
                        for text, rules in feedback.events)
        parts.append(f"<div>What happened:</div><ul class='pre-events'>{items}</ul>")
    if feedback.odds is not None:
        odds = feedback.odds
        parts.append(f"<div class='pre-exact'>Exact chance: <b>{odds.exact}</b> = <b>{odds.percent}</b></div>")
        parts.append(odds_table(odds.rows))
    if feedback.rules:
        rules = "".join(f"<li><span class='pre-rule-id'>{escape(rule)}</span> {escape(text)}</li>"
                        for rule, text in feedback.rules)
        parts.append(f"<div>Rules:</div><ul class='pre-rules'>{rules}</ul>")
    return "".join(parts) + "</div>"


def odds_table(rows: tuple, limit: int = 10) -> str:
    """Every outcome with its chance, the asked ones highlighted; past `limit` rows only the
    asked ones and one line for the rest, so a 70-card draw stays readable (the chart has all)."""
    shown = rows if len(rows) <= limit else [row for row in rows if row[3]]
    lines = "".join(f"<tr class='{'pre-asked' if asked else ''}'><td>{escape(label)}</td>"
                    f"<td>{p}</td><td>{percent(p)}</td></tr>" for _, label, p, asked in shown)
    if len(shown) < len(rows):
        rest = sum((row[2] for row in rows if not row[3]), Fraction(0))
        lines += f"<tr><td>{len(rows) - len(shown)} other outcomes</td><td>{rest}</td><td>{percent(rest)}</td></tr>"
    return f"<table class='pre-odds'>{lines}</table><small>Highlighted: the outcomes asked about.</small>"


def chart_rows(progress: Progress, limit: int = 12) -> list[dict]:
    """Rows for the chance chart once an answer is known, asked outcomes starred; past `limit`
    outcomes the ones not asked about share one bar, so every label stays readable."""
    odds = progress.feedback.odds if progress.feedback else None
    if odds is None:
        return []
    rows = odds.rows if len(odds.rows) <= limit else [row for row in odds.rows if row[3]]
    bars = [bar(notation, f"{label} ★" if asked else label, p) for notation, label, p, asked in rows]
    if len(rows) < len(odds.rows):
        rest = sum((row[2] for row in odds.rows if not row[3]), Fraction(0))
        bars.append(bar("rest", f"{len(odds.rows) - len(rows)} other outcomes", rest))
    return bars


def bar(notation: str, label: str, p: Fraction) -> dict:
    """One chart row in the shape the chance chart reads (`widgets.present.chance_rows`)."""
    return {"id": notation, "label": label, "full": label, "fraction": str(p), "percent": percent(p),
            "value": float(p)}


class Lesson(W.VBox):
    """One lesson in a notebook: board, prompt, a way to act, Check, Hint, Show me,
    Back/Next, progress, and the feedback with the rules behind it."""

    def __init__(self, lesson: LessonData | str | Path, step: int = 0, **kwargs: Any) -> None:
        self.player = LessonPlayer(lesson, step)
        ctl = self.player.controller
        self.header = W.HTML()
        self.board = BoardView(ctl)
        self.question_board = W.HTML()      # the board without the asked odds (GIVEAWAY)
        self.picker = ActionPicker(ctl)
        self.chance = ChanceControls(ctl)
        self.answer = W.Text(placeholder="your answer", layout=W.Layout(width="260px"))
        self.answer.add_class("pre-lesson-answer")
        self.buttons = {}
        for op, label, style in (("back", "◀ Back", ""), ("check", "Check", "primary"), ("hint", "Hint", ""),
                                 ("show", "Show me", ""), ("next", "Next ▶", "")):
            button = W.Button(description=label, button_style=style, layout=W.Layout(width="auto"))
            button.add_class(f"pre-lesson-{op}")
            button.on_click(guarded("the lesson", self._say)(lambda _b, op=op: self._press(op)))
            self.buttons[op] = button
        self.feedback = W.HTML()
        self.chance_chart = ChanceChart()
        self.figure = self.chance_chart.figure
        self.chart = self.chance_chart.widget
        act = W.HBox([self.answer, *self.buttons.values()], layout=W.Layout(flex_flow="row wrap"))
        super().__init__([self.header, self.board, self.question_board, self.picker, self.chance, act,
                          self.feedback, self.chart], **kwargs)
        self.add_class("pre-lesson-box")
        self.player.observe(self._refresh, "revision")
        self.player.observe(lambda _change: setattr(self.answer, "value", ""), "answers")
        self._refresh()

    def _say(self, html: str) -> None:
        self.feedback.value = html

    def _press(self, op: str) -> None:
        self.player.handle({"op": op, "text": self.answer.value} if op == "check" else {"op": op})
        if op in ("next", "back"):
            self.answer.value = ""

    def _refresh(self, _change: Any = None) -> None:
        progress = self.player.progress
        task = progress.step.task
        self.header.value = header_html(progress)
        self.feedback.value = feedback_html(progress)
        hide = asking(progress)
        self.board.layout.display = "none" if hide else None
        self.question_board.value = question_board_svg(progress.state) if hide else ""
        self.question_board.layout.display = None if hide else "none"
        self.picker.layout.display = None if task == "move" and not progress.done else "none"
        self.chance.layout.display = None if task == "outcome" and not progress.done else "none"
        self.answer.placeholder = "e.g. 5/36 or 13.9%" if task == "answer" else "or type it, e.g. " + \
            (progress.step.expect[0].split()[0] + " …" if progress.step.expect else "")
        rows = chart_rows(progress)
        if rows:
            self.chance_chart.update(rows)
        self.chart.layout.display = None if rows else "none"
        self.buttons["back"].disabled = progress.index == 0
        self.buttons["next"].disabled = progress.index == len(progress.lesson.steps) - 1
        self.buttons["check"].disabled = progress.done

    @property
    def progress(self) -> Progress:
        return self.player.progress
