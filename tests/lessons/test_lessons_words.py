"""Lessons in people's words (issue #31, #30 point 9): no option names, component codes or API
names in what a learner reads; hints give a reason, not just the move; rule IDs are the game's
rules, never its components; each teaching lesson opens with how you win and the setup."""

from __future__ import annotations

import re

import pytest

from explorer.core.errors import ExplorerError
from explorer.lessons import attempt, begin, lesson_names, load_lesson

LESSONS = lesson_names()
TEACHING = tuple(name for name in LESSONS if "_" not in name.removeprefix("dead_mans_").removeprefix("jolly_and_")
                 .removeprefix("last_bottle_of_").removeprefix("pirate_"))
CODES = re.compile(r"\b(?:AC\d{2}|TR\d{2}|B\d{2}|T\d{2}|M\d{2}|P\d-[12J])\b")   # AC53, TR19, B08, T06, P1-J
API = ("hidden_worlds", "view_probability", "chance node", "rules digest", "docstring", "state_from_dict",
       "by hand")


def _texts(name: str):
    lesson = load_lesson(name)
    yield "summary", lesson.summary
    for step in lesson.steps:
        for field in ("title", "prompt", "hint", "right", "wrong"):
            yield f"step {step.number} {field}", getattr(step, field)


def _option_names(name: str) -> set[str]:
    game = load_lesson(name).game
    return {spec.name for spec in game.option_specs() if "_" in spec.name}


@pytest.mark.parametrize("name", LESSONS)
def test_no_option_names_codes_or_api_names_in_what_the_learner_reads(name):
    options = _option_names(name)
    found = []
    for where, text in _texts(name):
        found += [f"{where}: option {o}" for o in options if o in text]
        found += [f"{where}: code {c}" for c in CODES.findall(text)]
        found += [f"{where}: {a!r}" for a in API if a in text]
    assert not found, found


@pytest.mark.parametrize("name", LESSONS)
def test_a_hint_gives_a_reason_not_only_the_move(name):
    """A hint is never just a move in notation ("take Y2 R5", "D@0"), and never starts with one."""
    lesson = load_lesson(name)
    for step in lesson.steps:
        hint = step.hint.strip().rstrip(".")
        try:
            step.game.parse_action(hint)
        except ExplorerError:
            pass
        else:
            raise AssertionError(f"step {step.number} ({step.title}): the hint is the move {hint!r}")
        for move in step.expect:
            assert not re.match(re.escape(move) + r"\b", hint, re.IGNORECASE), (step.number, step.hint)


@pytest.mark.parametrize("name", LESSONS)
def test_cited_ids_are_rules_not_components(name):
    """Rum's reef question cited the tiles T10-T27 as rules, and its feedback then listed every
    reef tile by name: the answer, before the learner gave it."""
    lesson = load_lesson(name)
    for step in lesson.steps:
        for rule, statement in step.rule_statements():
            assert not statement.startswith(("Tile ", "Bounty card")), (step.number, rule, statement)


def test_wrong_answer_feedback_does_not_name_the_reef_tiles():
    lesson = load_lesson("last_bottle_of_rum")
    index = next(s.number - 1 for s in lesson.steps if s.title == "Exploring: what lies there?")
    feedback = attempt(begin(lesson, index), "1/2").feedback
    shown = feedback.text + " ".join(statement for _, statement in feedback.rules)
    for reef in ("Shipwreck Shoal", "Whale Bones", "Siren's Reef"):
        assert reef not in shown


@pytest.mark.parametrize(("name", "title", "cited", "not_cited"), [
    ("jolly_and_roger", "No captain, no boarding", {"R18", "R20"}, {"R21"}),
    ("pirate_rush", "Powers: the Rogue", {"R43"}, {"R42"}),
    ("pirate_rush", "Powers: the Rogue's odds", {"R43"}, {"R42"}),
])
def test_steps_cite_the_rule_they_teach(name, title, cited, not_cited):
    step = next(s for s in load_lesson(name).steps if s.title == title)
    assert cited <= set(step.rules) and not not_cited & set(step.rules)


def test_pirate_rush_draft_says_only_characters_without_a_marker_gain_one_R6():
    step = next(s for s in load_lesson("pirate_rush").steps if s.title == "The draft")
    assert "unchosen characters gain one" not in step.prompt
    assert "if it has none" in step.prompt and "R6" in step.rules


@pytest.mark.parametrize("name", TEACHING)
def test_a_teaching_lesson_opens_with_how_you_win_and_the_setup(name):
    first = load_lesson(name).steps[0]
    assert re.search(r"\bwins?\b", first.prompt.split(".")[0] + first.prompt.split(".")[1]), first.prompt
    assert any(rule.startswith("S") for rule in first.rules), first.rules


@pytest.mark.parametrize("name", [n for n in LESSONS if n.startswith("last_bottle_of_rum")])
def test_rum_lessons_name_tiles_not_coordinates(name):
    """No hex on Rum's board is labelled with its coordinates (#30): prose names the tile."""
    found = [f"{where}: {m}" for where, text in _texts(name) for m in re.findall(r"-?\d,-?\d", text)]
    assert not found, found


@pytest.mark.parametrize("name", LESSONS)
def test_every_move_a_learner_can_try_is_answered_in_the_games_words(name):
    """Play every legal move (or chance outcome) at every step and read what comes back: the
    feedback and the events name dice, cards, treasures and tiles as the board does (#31), never
    by a component code (AC53, P1-J) or an option name (turn_cap)."""
    lesson = load_lesson(name)
    options = _option_names(name)
    found = []
    for index, step in enumerate(lesson.steps):
        if step.task == "answer":
            continue
        state = step.state
        moves = [o for o, _ in state.chance_outcomes()] if state.is_chance else list(state.legal_actions())
        for move in moves:
            feedback = attempt(begin(lesson, index), str(move)).feedback
            for text in (feedback.text, *(event for event, _ in feedback.events)):
                bad = CODES.findall(text) + [o for o in options if o in text]
                found += [f"step {step.number}, {move}: {b} in {text[:120]!r}" for b in bad]
    assert not found, found[:10]
