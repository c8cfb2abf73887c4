"""The served "Learn" view: the lessons of a game, and one lesson played with the explorer's
own board, picker and chance panes (`widgets.served.bound_pane`) around a `LessonPlayer`,
with the same HTML as the notebook component (`widgets.lesson`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from explorer.core.extras import missing

try:
    import panel as pn
except ImportError as err:  # the app extra
    raise missing(err, "app") from err

from explorer.core.bounds import MAX_FILE
from explorer.core.markup import escape
from explorer.lessons import Lesson, lesson_names, load_lesson
from explorer.lessons.loader import LessonError, parse_lesson
from widgets.chart import chance_figure, update_chance_figure
from widgets.guard import guarded
from widgets.lesson import LessonPlayer, asking, chart_rows, feedback_html, header_html, question_board_svg
from widgets.served_explorer import bound_pane

BUTTONS = (("back", "◀ Back", "default"), ("check", "Check", "primary"), ("hint", "Hint", "default"),
           ("show", "Show me", "default"), ("next", "Next ▶", "default"))


@cache
def shipped(name: str) -> Lesson:
    """A shipped lesson, loaded and validated once per server (lessons are immutable)."""
    return load_lesson(name)


def lesson_layout(lesson: Lesson | str) -> Any:
    """One lesson: prompt and progress, board, a way to act, buttons, feedback and chart."""
    player = LessonPlayer(shipped(lesson) if isinstance(lesson, str) else lesson)
    ctl = player.controller
    header = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["pre-lesson-header"])
    board = bound_pane("board", ctl, sizing_mode="stretch_width", max_width=1100)
    question_board = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["pre-lesson-question-board"])
    picker = bound_pane("picker", ctl, sizing_mode="stretch_width")
    chance = bound_pane("chance", ctl, sizing_mode="stretch_width")
    answer = pn.widgets.TextInput(placeholder="your answer", width=260, css_classes=["pre-lesson-answer"])
    buttons = {op: pn.widgets.Button(label=label, color=kind, css_classes=[f"pre-lesson-{op}"])
               for op, label, kind in BUTTONS}
    feedback = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["pre-lesson-feedback"])
    figure = chance_figure()
    # A Column carries the CSS class to the page (a Bokeh pane's own classes do not reach the figure).
    chart = pn.Column(pn.pane.Bokeh(figure), visible=False, css_classes=["pre-lesson-chart"])

    @guarded("the lesson", lambda html: setattr(feedback, "object", html))
    def press(op: str) -> None:
        player.handle({"op": op, "text": answer.value_input or answer.value} if op == "check" else {"op": op})
        if op in ("next", "back"):
            answer.value = answer.value_input = ""

    for op, button in buttons.items():
        button.on_click(lambda _event, op=op: press(op))
    answer.param.watch(lambda _event: press("check"), "enter_pressed")

    def refresh(_change: Any = None) -> None:
        progress = player.progress
        task = progress.step.task
        with pn.io.hold():
            header.object = header_html(progress)
            hide = asking(progress)    # an open chance question: a board that does not print its odds
            question_board.object = question_board_svg(progress.state) if hide else ""
            feedback.object = feedback_html(progress)
            picker.visible = task == "move" and not progress.done
            chance.visible = task == "outcome" and not progress.done
            answer.placeholder = "e.g. 5/36 or 13.9%" if task == "answer" else "or type the move"
            rows = chart_rows(progress)
            if rows:
                update_chance_figure(figure, rows)
            buttons["back"].disabled = progress.index == 0
            buttons["next"].disabled = progress.index == len(progress.lesson.steps) - 1
            buttons["check"].disabled = progress.done
        chart.visible = bool(rows)   # like widgets.served.chance_chart: visibility outside hold()
        board.visible, question_board.visible = not hide, hide

    player.observe(refresh, "revision")
    player.observe(lambda _change: answer.param.update(value="", value_input=""), "answers")
    refresh()
    layout = pn.Column(header, board, question_board, picker, chance, pn.Row(answer, *buttons.values()),
                       feedback, chart,
                       sizing_mode="stretch_width", css_classes=["pre-lesson-view"])
    layout.player = player
    return layout


def lesson_file(name: str, data: bytes | None) -> Lesson:
    """A lesson file a person opened (TOML, UTF-8), read and validated like a shipped one;
    a mistake is one `LessonError` naming the file and the field."""
    if not data:
        raise LessonError(name or "(file)", "(file)", "is empty: choose a lesson file (.toml)")
    if len(data) > MAX_FILE:
        raise LessonError(name, "(file)", f"is {len(data):,} bytes; a lesson file has at most {MAX_FILE:,}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise LessonError(name, "(file)", f"is not UTF-8 text (byte {err.start})") from None
    return parse_lesson(text, name or "(file)")


def learn_view(game: str) -> Any:
    """The lessons of `game` to choose from (or a lesson file to open), and the chosen one below."""
    options = {shipped(name).title: name for name in lesson_names(game)}
    holder = pn.Column(sizing_mode="stretch_width")
    message = pn.pane.HTML("", css_classes=["pre-lesson-message"], sizing_mode="stretch_width")
    opener = pn.widgets.FileInput(accept=".toml", css_classes=["pre-lesson-file"])

    @guarded("the lesson file", lambda html: setattr(message, "object", html))
    def open_file(_event: Any = None) -> None:
        if opener.value is None:
            return
        lesson = lesson_file(opener.filename or "(file)", opener.value)
        message.object = ""
        holder.objects = [lesson_layout(lesson)]

    opener.param.watch(open_file, "value")
    opened = pn.Row(pn.pane.HTML("Or open a lesson file (TOML):"), opener)
    if not options:
        return pn.Column(pn.pane.Markdown(f"No lessons for {escape(game)} yet."), opened, message, holder,
                         sizing_mode="stretch_width", css_classes=["pre-learn"])
    choice = pn.widgets.Select(label="Lesson", options=options, css_classes=["pre-lesson-choice"], width=420)
    start = pn.widgets.Button(label="Start lesson", color="primary", css_classes=["pre-lesson-start"])
    # the chosen lesson's summary shows once a lesson runs; before that the list below has them all
    summary = pn.pane.Markdown("", css_classes=["pre-lesson-summary"], visible=False)

    def describe(_event: Any = None) -> None:
        lesson = shipped(choice.value)
        summary.object = f"{escape(lesson.summary)} ({len(lesson.steps)} steps)"

    def begin(_event: Any = None) -> None:
        holder.objects = [lesson_layout(choice.value)]
        summary.visible = True

    def listing() -> Any:
        """Every lesson of the game with what it teaches and a Start button: what Learn opens on."""
        rows = []
        for title, name in options.items():
            lesson = shipped(name)
            go = pn.widgets.Button(label="Start", color="primary", width=80, css_classes=["pre-lesson-list-start"])
            go.on_click(lambda _event, name=name: (setattr(choice, "value", name), begin()))
            words = pn.pane.HTML(f"<b>{escape(title)}</b> ({len(lesson.steps)} steps): {escape(lesson.summary)}",
                                 sizing_mode="stretch_width", css_classes=["pre-lesson-list-text"])
            rows.append(pn.Row(go, words, sizing_mode="stretch_width", css_classes=["pre-lesson-list-item"]))
        return pn.Column(pn.pane.HTML("<b>Lessons</b>"), *rows, sizing_mode="stretch_width",
                         css_classes=["pre-lesson-list"])

    choice.param.watch(describe, "value")
    start.on_click(begin)
    describe()
    holder.objects = [listing()]
    view = pn.Column(pn.Row(choice, start), summary, opened, message, holder, sizing_mode="stretch_width",
                     css_classes=["pre-learn"])
    view.holder = holder
    view.choice = choice
    return view
