"""The lesson model: every shipped lesson loads and is walked step by step by the model;
answers are read exactly and judged within the tolerance; the learner's flow (right, wrong,
illegal, hint, show me, next, back) gives feedback with the rules behind it."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from explorer.core.errors import PositionError
from explorer.lessons import (
    Lesson,
    attempt,
    back,
    begin,
    hint,
    lesson_names,
    load_lesson,
    next_step,
    parse_probability,
    show_me,
    within,
)
from explorer.lessons.session import odds_of

GAMES = tuple(explorer.games())
LESSONS = lesson_names()


def _steps() -> list:
    cases = []
    for name in LESSONS:
        lesson = load_lesson(name)
        for step in lesson.steps:
            cases.append(pytest.param(name, step.number - 1, id=f"{name}-step{step.number}-{'+'.join(step.rules)}"))
    return cases


def test_every_game_has_a_teaching_lesson_and_an_odds_lesson():
    for game in GAMES:
        assert game in LESSONS, game
        assert f"{game}_odds" in LESSONS, game


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_loads_with_its_game_and_cited_rules(name):
    lesson = load_lesson(name)
    assert isinstance(lesson, Lesson)
    assert lesson.game.name == name.removesuffix("_odds").removesuffix("_options")
    assert lesson.source == f"{name}.toml"
    for step in lesson.steps:
        for rule, statement in step.rule_statements():
            assert statement == step.game.rules[rule]


@pytest.mark.parametrize("name", [n for n in LESSONS if n.endswith("_odds")])
def test_odds_lessons_ask_only_computed_chance_questions(name):
    lesson = load_lesson(name)
    assert len(lesson.steps) >= 3
    for step in lesson.steps:
        assert step.task == "answer"
        exact = step.exact()
        assert isinstance(exact, Fraction) and 0 < exact < 1


@pytest.mark.parametrize(("name", "index"), _steps())
def test_walk_step_with_the_model(name, index):
    """Each expected move or outcome is played (and each one is judged right); each answer
    is the exact chance at the step's chance node, recomputed here from the position."""
    lesson = load_lesson(name)
    step = lesson.steps[index]
    progress = begin(lesson, index)
    assert progress.state == step.state
    if step.task == "answer":
        wanted = {step.game.parse_action(t) for t in step.question.outcomes}
        exact = sum((Fraction(p) for o, p in step.state.chance_outcomes() if o in wanted), Fraction(0))
        assert step.exact() == exact
        done = attempt(progress, str(exact))
        assert done.feedback.verdict == "right" and done.done
        assert done.feedback.odds.exact == exact
        assert sum(row[2] for row in done.feedback.odds.rows) == 1
        assert {row[0] for row in done.feedback.odds.rows if row[3]} == set(step.question.outcomes)
    else:
        assert step.state.is_chance == (step.task == "outcome")
        for move in step.expect:
            done = attempt(progress, move)
            assert done.feedback.verdict == "right", (move, done.feedback.text)
            assert done.state == step.state.apply(move)
        assert show_me(progress).state == step.after()


@pytest.mark.parametrize("name", LESSONS)
def test_whole_lesson_walked_through_in_order(name):
    """Next after each solved step reaches the last one, which then counts as finished."""
    progress = begin(load_lesson(name))
    while True:
        step = progress.step
        answer = str(step.exact()) if step.task == "answer" else step.expect[0]
        progress = attempt(progress, answer)
        assert progress.done
        if progress.index == len(progress.lesson.steps) - 1:
            break
        progress = next_step(progress)
    assert progress.finished


# -- reading answers ----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "value"), [
    ("5/36", Fraction(5, 36)), (" 1 / 6 ", Fraction(1, 6)), ("13.9%", Fraction(139, 1000)),
    ("0.139", Fraction(139, 1000)), ("1", Fraction(1)), ("0", Fraction(0)), ("100%", Fraction(1)),
    (".5", Fraction(1, 2)), ("2.5/10", Fraction(1, 4)),
])
def test_parse_probability(text, value):
    assert parse_probability(text) == value


@pytest.mark.parametrize("text", ["abc", "1/0", "120%", "-1/6", "7/6", "", "1/6/2", "5 36"])
def test_parse_probability_refuses_with_one_clear_error(text):
    with pytest.raises(PositionError) as err:
        parse_probability(text, "steps.2.tolerance")
    assert err.value.field == "steps.2.tolerance"


def test_tolerance_is_an_absolute_distance_in_probability():
    assert within(Fraction(139, 1000), Fraction(5, 36), Fraction(5, 1000))
    assert not within(Fraction(15, 100), Fraction(5, 36), Fraction(5, 1000))
    assert within(Fraction(5, 36), Fraction(5, 36), Fraction(0))


# -- the learner's flow ---------------------------------------------------------------------------
def test_answer_step_wrong_then_hint_then_right_C2():
    lesson = load_lesson("dead_mans_dice_odds")   # step 1: P(S) on the Jolly Roger die
    progress = begin(lesson)
    wrong = attempt(progress, "50%")
    assert wrong.feedback.verdict == "wrong" and "too high" in wrong.feedback.text and not wrong.done
    assert wrong.feedback.odds is None          # the exact answer is not given away
    hinted = hint(wrong)
    assert hinted.feedback.verdict == "hint" and hinted.feedback.text == lesson.steps[0].hint
    assert [r for r, _ in hinted.feedback.rules] == ["R3", "C2"]
    right = attempt(hinted, "16.7%")               # within the lesson's 1% tolerance
    assert right.feedback.verdict == "right" and right.done and right.tries == 2
    assert right.feedback.odds.exact == Fraction(1, 6) and "1/6" in right.feedback.text
    assert attempt(right, "90%") == right          # a solved step stays solved


def test_unreadable_answer_is_feedback_not_an_exception():
    progress = attempt(begin(load_lesson("dead_mans_dice_odds")), "one in six")
    assert progress.feedback.verdict == "unreadable" and "fraction like 5/36" in progress.feedback.text


def test_show_me_reveals_the_exact_answer_C4():
    progress = show_me(begin(load_lesson("dead_mans_dice_odds"), 1))
    assert progress.done and progress.feedback.verdict == "shown"
    assert progress.feedback.odds.exact == Fraction(2, 3) and "2/3" in progress.feedback.text


def test_move_step_wrong_legal_move_says_what_it_did_R11():
    lesson = load_lesson("sjoroveroya")
    index = next(s.number - 1 for s in lesson.steps if s.title == "Opponents are skipped")
    progress = begin(lesson, index)
    wrong = attempt(progress, "D@0")
    assert wrong.feedback.verdict == "wrong" and not wrong.done
    assert "card 3" in wrong.feedback.text          # the move's own event text
    assert wrong.state == progress.state            # the board stays at the step's position
    right = attempt(wrong, "S@0")
    assert right.feedback.verdict == "right" and right.state == lesson.steps[index].after()
    assert any("R11" in rules for _, rules in right.feedback.events)


def test_move_step_illegal_move_names_the_rule_R22():
    lesson = load_lesson("sjoroveroya")
    index = next(s.number - 1 for s in lesson.steps if s.title == "Never back to Start")
    illegal = attempt(begin(lesson, index), "back@5")
    assert illegal.feedback.verdict == "illegal" and "R22" not in illegal.feedback.text   # small print only
    assert illegal.feedback.rules == (("R22", lesson.game.rules["R22"]),)
    assert not illegal.done


def test_move_step_refuses_a_red_pirate_on_blue_R10():
    lesson = load_lesson("jolly_and_roger")
    index = next(s.number - 1 for s in lesson.steps if s.expect == ("crew R5",))
    illegal = attempt(begin(lesson, index), "crew R5 B")
    assert illegal.feedback.verdict == "illegal" and illegal.feedback.rules[0][0] == "R10"


def test_outcome_step_right_and_wrong_R19():
    lesson = load_lesson("dead_mans_dice")
    index = next(s.number - 1 for s in lesson.steps if s.title == "Marooned")
    progress = begin(lesson, index)
    assert attempt(progress, "face 3").feedback.verdict == "wrong"
    right = attempt(progress, "face 5")
    assert right.feedback.verdict == "right"
    assert any("R19" in rules for _, rules in right.feedback.events)


def test_next_and_back_start_steps_fresh():
    lesson = load_lesson("dead_mans_dice_odds")
    progress = attempt(begin(lesson), "1/6")
    second = next_step(progress)
    assert (second.index, second.done, second.feedback) == (1, False, None)
    assert second.label == "step 2 of 4"
    assert back(second).index == 0 and not back(second).done
    assert back(begin(lesson)).index == 0
    last = begin(lesson, 3)
    assert next_step(last).index == 3


def test_begin_refuses_a_step_outside_the_lesson():
    with pytest.raises(PositionError) as err:
        begin(load_lesson("dead_mans_dice_odds"), 4)
    assert err.value.field == "step"


def test_odds_rows_are_the_chance_node_with_the_asked_outcomes_marked_C1():
    lesson = load_lesson("dead_mans_dice_odds")
    odds = odds_of(lesson.steps[1])
    asked = [row[0] for row in odds.rows if row[3]]
    assert asked == ["face 1", "face 2", "face 5", "face 6"]
    assert all(row[2] == Fraction(1, 6) for row in odds.rows)
    assert odds.percent == "66.67%"


@pytest.mark.parametrize(("name", "title", "typed", "said"), [
    ("last_bottle_of_rum", "Sailing and exploring", "sail 5,5", "cannot be read as a 'sail' move here"),
    ("sjoroveroya", "Forward: the next card of your suit", "X@0", "is not a move of Sjørøverøya"),
    ("dead_mans_dice", "Plunder: take a die", "plunder P9", "write it like 'plunder P3'"),
])
def test_mistyped_move_is_told_what_was_wrong_with_a_right_form_and_no_rule_T4(name, title, typed, said):
    """#30 point 9: not "is not ... notation (see the module docstring)" citing an unrelated
    rule (T4); the example never is a move the step expects when another shows the form."""
    lesson = load_lesson(name)
    index = next(s.number - 1 for s in lesson.steps if s.title == title)
    feedback = attempt(begin(lesson, index), typed).feedback
    assert feedback.verdict == "unreadable" and said in feedback.text
    assert feedback.rules == ()
    assert "docstring" not in feedback.text and "notation" not in feedback.text
    for move in lesson.steps[index].expect:
        assert f"'{move}'" not in feedback.text
