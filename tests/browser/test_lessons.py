"""Lessons in a real browser: one odds lesson per game completed in JupyterLab and one in the
served app (the game picked by its title), and a whole teaching lesson completed in the app;
each with a wrong answer, a hint and a right answer. Answers come from the lesson model,
never typed by hand here."""

import re
from fractions import Fraction

import nbformat
import pytest
from playwright.sync_api import expect

import explorer
from explorer.lessons import load_lesson

from .explorer_steps import SHOTS
from .labhelpers import NB, open_notebook, run_all


def answer_of(step):
    """What a learner who knows would type: the exact fraction, or the expected notation."""
    return str(step.exact()) if step.task == "answer" else step.expect[0]


def wrong_of(step):
    """A probability outside the step's tolerance."""
    return "99%" if step.exact() < Fraction(1, 2) else "1%"


def write_notebook(root, name):
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                            "language": "python"}})
    nb.cells = [nbformat.v4.new_code_cell("import widgets, widgets.lesson\nwidgets.setup_notebook()"),
                nbformat.v4.new_code_cell(f"widgets.lesson.Lesson({name!r})")]
    path = root / f"lesson_{name}.ipynb"
    nbformat.write(nb, path)
    return path.name


def verdict(root, kind):
    expect(root.locator(f".pre-feedback[data-verdict='{kind}']")).to_be_visible(timeout=15_000)


@pytest.mark.browser
@pytest.mark.parametrize("game", explorer.games())
def test_odds_lesson_in_jupyterlab(jupyterlab, page, game):
    name = f"{game}_odds"
    lesson = load_lesson(name)
    page.set_viewport_size({"width": 1280, "height": 2400})   # the whole lesson in one screenshot
    open_notebook(page, jupyterlab, write_notebook(jupyterlab["root"], name))
    run_all(page)
    box = page.locator(f"{NB} .pre-lesson-box").first
    expect(box.locator(".pre-progress")).to_contain_text(f"Step 1 of {len(lesson)}", timeout=30_000)
    answer = box.locator(".pre-lesson-answer input")
    check = box.locator("button.pre-lesson-check")
    for index, step in enumerate(lesson.steps):
        expect(box.locator(".pre-progress")).to_have_attribute("data-step", str(index + 1))
        expect(box.locator("h3")).to_have_text(step.title)
        if index == 0:                               # a wrong answer, then a hint
            answer.fill(wrong_of(step))
            check.click()
            verdict(box, "wrong")
            box.locator("button.pre-lesson-hint").click()
            verdict(box, "hint")
            expect(box.locator(".pre-feedback .pre-rule-id").first).to_have_text(step.rules[0])
        answer.fill(answer_of(step))
        check.click()
        verdict(box, "right")
        expect(box.locator(".pre-feedback .pre-exact")).to_contain_text(str(step.exact()))
        chart = box.locator(".bk-Figure").first
        expect(chart).to_be_visible()
        if index == 0:
            box.scroll_into_view_if_needed()
            SHOTS.mkdir(parents=True, exist_ok=True)
            box.screenshot(path=str(SHOTS / f"lesson_lab_{game}_right.png"))
        if index < len(lesson) - 1:
            box.locator("button.pre-lesson-next").click()
    expect(box.locator(".pre-progress")).to_contain_text(f"Step {len(lesson)} of {len(lesson)} · done")
    expect(box.locator("button.pre-lesson-next")).to_be_disabled()
    assert not page.errors


def start_in_app(page, url, lesson):
    """Open the app, pick the lesson's game by its title, switch to Learn and start the lesson."""
    page.goto(url)
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=30_000)
    page.locator(".pre-game select").select_option(label=lesson.game.title)
    page.locator(".pre-mode").get_by_role("button", name="Learn").click()
    page.locator(".pre-lesson-choice select").select_option(label=lesson.title)
    page.locator(".pre-lesson-start").get_by_role("button").click()
    expect(page.locator(".pre-lesson-header .pre-progress")).to_contain_text(f"Step 1 of {len(lesson)}",
                                                                          timeout=30_000)


@pytest.mark.browser
@pytest.mark.parametrize("game", explorer.games())
def test_odds_lesson_in_the_served_app(panel_app, page, game):
    lesson = load_lesson(f"{game}_odds")
    page.set_viewport_size({"width": 1280, "height": 2400})
    start_in_app(page, panel_app("apps/explorer_app.py"), lesson)
    answer = page.locator(".pre-lesson-answer input")
    check = page.locator(".pre-lesson-check").get_by_role("button")
    feedback = page.locator(".pre-lesson-feedback")
    first = lesson.steps[0]
    asked = page.locator(".pre-lesson-question-board")   # the board without the odds asked for (C3)
    expect(asked.locator("svg")).to_be_visible()
    expect(asked).not_to_contain_text("Next card from the pile")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".pre-lesson-view").screenshot(path=str(SHOTS / f"lesson_app_{game}_asked.png"))
    answer.fill(wrong_of(first))
    check.click()
    verdict(feedback, "wrong")
    page.locator(".pre-lesson-hint").get_by_role("button").click()
    verdict(feedback, "hint")
    expect(feedback.locator(".pre-rule-id").first).to_have_text(first.rules[0])
    answer.fill(answer_of(first))
    check.click()
    verdict(feedback, "right")
    expect(feedback.locator(".pre-exact")).to_contain_text(str(first.exact()))
    expect(page.locator(".pre-lesson-chart .bk-Figure")).to_be_visible()
    expect(asked).to_be_hidden()                          # answered: the game's full board again
    page.locator(".pre-lesson-view").screenshot(path=str(SHOTS / f"lesson_app_{game}_right.png"))
    assert not page.errors


@pytest.mark.browser
def test_teaching_lesson_in_the_served_app(panel_app, page):
    lesson = load_lesson("sjoroveroya")
    start_in_app(page, panel_app("apps/explorer_app.py"), lesson)
    header = page.locator(".pre-lesson-header")
    answer = page.locator(".pre-lesson-answer input")
    check = page.locator(".pre-lesson-check").get_by_role("button")
    feedback = page.locator(".pre-lesson-feedback")

    # Step 1 (an answer): wrong, hint, right; the chart of the chance node appears.
    first = lesson.steps[0]
    answer.fill(wrong_of(first))
    check.click()
    verdict(feedback, "wrong")
    page.locator(".pre-lesson-hint").get_by_role("button").click()
    verdict(feedback, "hint")
    answer.fill(answer_of(first))
    check.click()
    verdict(feedback, "right")
    expect(page.locator(".pre-lesson-chart .bk-Figure")).to_be_visible()
    page.locator(".pre-lesson-view").screenshot(path=str(SHOTS / "lesson_app_answer_right.png"))
    page.locator(".pre-lesson-next").get_by_role("button").click()

    # The rest in order: the first move step through the explorer's own picker (a legal wrong
    # move, then the right one), every other step typed in; each judged by the server.
    picked = False
    for step in lesson.steps[1:]:
        expect(header.locator(".pre-progress")).to_have_attribute("data-step", str(step.number))
        if step.task == "move" and not picked:
            wrong = next(str(a) for a in step.state.legal_actions() if str(a) not in step.expect)
            page.locator(f".pre-picker .pre-action[data-move='{wrong}']").click()
            verdict(feedback, "wrong")
            page.locator(f".pre-picker .pre-action[data-move='{step.expect[0]}']").click()
            verdict(feedback, "right")
            expect(page.locator(".pre-board .pre-status")).to_contain_text("to act")
            expect(page.locator(".pre-lesson-chart .bk-Figure")).to_be_hidden()   # no chart left from an answer
            page.locator(".pre-lesson-view").screenshot(path=str(SHOTS / "lesson_app_move_right.png"))
            picked = True
        else:
            answer.fill(answer_of(step))
            check.click()
            verdict(feedback, "right")
        if step.number < len(lesson):
            page.locator(".pre-lesson-next").get_by_role("button").click()
    assert picked
    expect(header.locator(".pre-progress")).to_contain_text(re.compile(rf"Step {len(lesson)} of {len(lesson)} · done"))
    assert not page.errors
