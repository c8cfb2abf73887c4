"""A lesson file with a mistake is refused with ONE error naming the file, the step and the
field; the example of docs/lessons.md loads and plays."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from explorer.lessons import LessonError, attempt, begin, load_lesson, parse_lesson

DOC = Path(__file__).resolve().parents[2] / "docs" / "lessons.md"


def example() -> str:
    """The first TOML block of docs/lessons.md."""
    return re.search(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[1]


def test_docs_example_loads_and_plays():
    lesson = parse_lesson(example(), "stacking.toml")
    assert [s.task for s in lesson.steps] == ["answer", "move"]
    assert lesson.steps[0].exact() == Fraction(1, 3)
    assert attempt(begin(lesson), "33%").feedback.verdict == "right"
    assert attempt(begin(lesson, 1), "roll P1-J").feedback.verdict == "right"


def test_load_lesson_reads_a_file_by_path(tmp_path):
    path = tmp_path / "stacking.toml"
    path.write_text(example(), encoding="utf-8")
    assert load_lesson(path).source == "stacking.toml"
    assert load_lesson(str(path)).title == "Stacking in Dead Man's Dice"


def test_unknown_lesson_name_is_one_error():
    with pytest.raises(ValueError) as err:
        load_lesson("no_such_lesson")
    assert "no lesson named 'no_such_lesson'" in str(err.value)


MISTAKES = [
    # (id, text replaced, replacement, field, words in the message)
    ("expect-illegal-R11", 'expect = ["roll P1-2", "roll P1-J"]', 'expect = ["roll P1-2", "roll P2-1"]',
     "steps.2.expect", "'roll P2-1' is not legal here"),
    ("expect-empty", 'expect = ["roll P1-2", "roll P1-J"]', "expect = []", "steps.2.expect", "list the expected moves"),
    ("expect-on-answer", 'outcomes = ["face 3", "face 4"]', 'outcomes = ["face 3", "face 4"]\nexpect = ["face 3"]',
     "steps.1.expect", "computes its answer"),
    ("unknown-rule", 'rules = ["R14", "C4"]', 'rules = ["R14", "R99"]', "steps.1.rules",
     "'R99' is not a rule ID of Dead Man's Dice"),
    ("no-rules", 'rules = ["R11", "R12"]', "rules = []", "steps.2.rules", "cite the digest rule IDs"),
    ("bad-position-R4", "P1 pile: 1=3\n", "P1 pile: 1=3\nP1 hand: 2\n", "steps.1.position.P1 hand",
     "P1's hand is every P1 die in no pile (R4)"),
    ("bad-position-R14", "P2 pile: 1=5\n", "P2 pile: 1=5 P1-2=4\n", "steps.1.position.P2 pile",
     "P1-2=4 cannot sit on 5"),
    ("bad-data-R14", 'position = """\nstep: die rolling\nturn: P1\nrolling: P1-2\nP1 pile: 1=3\nP2 pile: 1=5\n'
     'P3 pile: 1=2\n"""', 'data = { piles = [["A1=3"], ["B1=5", "A2=4"], ["C1=2"]], to_move = 0 }',
     "steps.1.data.piles.1.1", "P1-2=4 cannot sit on 5"),
    ("bad-start-move", '"open P3-1", "face 5"]', '"open C1", "face 9"]', "steps.2.start.moves.6", "face 9"),
    ("start-and-data", "start = { seed = 1,", "data = {}\nstart = { seed = 1,", "steps.2.start",
     "exactly one of position, data or start"),
    ("no-position", 'start = { seed = 1, moves = ["open P1-1", "face 2", "open P2-1", "face 4", "open P3-1", '
     '"face 5"] }\n',
     "", "steps.2.start", "found none"),
    ("after-this-step", "start = { seed = 1,", "start = { after = 2,", "steps.2.start.after", "not an earlier step"),
    ("seed-and-after", "start = { seed = 1,", "start = { after = 1, seed = 1,", "steps.2.start", "exactly one of seed"),
    ("after-out-of-range", 'start = { seed = 1, moves = ["open P1-1", "face 2", "open P2-1", "face 4", "open P3-1", '
     '"face 5"] }', "start = { after = 5 }", "steps.2.start.after", "not an earlier step"),
    ("chance-unknown", 'chance = "outcomes"', 'chance = "mean"', "steps.1.chance", "not a chance question"),
    ("outcome-not-listed", 'outcomes = ["face 3", "face 4"]', 'outcomes = ["face 3", "face S"]', "steps.1.outcomes",
     "'face S' is not an outcome of this chance node"),
    ("outcome-twice", 'outcomes = ["face 3", "face 4"]', 'outcomes = ["face 3", "face 3"]', "steps.1.outcomes",
     "listed twice"),
    ("outcome-vs-outcomes", 'chance = "outcomes"', 'chance = "outcome"', "steps.1.outcomes", "asks about one"),
    ("tolerance-bad", 'tolerance = "1%"', 'tolerance = "wide"', "steps.1.tolerance", "not a probability"),
    ("answer-not-chance", "step: die rolling\nturn: P1\nrolling: P1-2\n", "turn: P1\n", "steps.1.chance",
     "not a chance node"),
    ("do-unknown", 'do = "move"', 'do = "play"', "steps.2.do", "not one of"),
    ("move-at-chance", 'do = "answer"\nchance = "outcomes"\noutcomes = ["face 3", "face 4"]\ntolerance = "1%"',
     'do = "move"\nexpect = ["face 3"]', "steps.1.do", 'use do = "outcome"'),
    ("outcome-at-decision", 'do = "move"', 'do = "outcome"', "steps.2.do", 'use do = "move"'),
    ("question-on-move", 'do = "move"', 'do = "move"\ntolerance = "1%"', "steps.2.tolerance",
     "only an answer step"),
    ("missing-prompt", 'prompt = """Player 1 opened lowest and plays first. Roll a die."""\n', "", "steps.2.prompt",
     "missing"),
    ("title-twice", 'title = "Your turn"', 'title = "What fits on a 3"', "steps.2.title",
     "already the title of step 1"),
    ("misspelt-key", 'hint = "A turn is one roll', 'hnit = "x"\nhint = "A turn is one roll', "steps.2.hnit",
     "unknown key"),
    ("bad-game", 'name = "dead_mans_dice"', 'name = "dead_mens_dice"', "game.name", "dead_mens_dice"),
    ("bad-players", "players = 3", "players = 9", "game.players", "2-6 players"),
    ("bad-option", "players = 3\n", "players = 3\noptions = { wobbly = true }\n", "game.options.wobbly",
     "unknown option"),
    ("step-option", 'rules = ["R11", "R12"]', 'rules = ["R11", "R12"]\noptions = { wobble = "yes" }',
     "steps.2.options.wobble", "not of type bool"),
]


@pytest.mark.parametrize(("old", "new", "field", "words"), [pytest.param(*m[1:], id=m[0]) for m in MISTAKES])
def test_a_mistake_is_one_error_naming_file_step_and_field(old, new, field, words):
    text = example()
    assert old in text
    with pytest.raises(LessonError) as err:
        parse_lesson(text.replace(old, new, 1), "stacking.toml")
    assert err.value.field == field
    assert err.value.source == "stacking.toml"
    message = str(err.value)
    assert message.startswith(f"lesson stacking.toml: {field}: ")
    assert words in message


def test_after_names_an_earlier_step_by_title():
    text = example().replace('title = "Your turn"', 'title = "Your turn"\nmoves = []', 1)
    text += '\n[[steps]]\ntitle = "Then"\nrules = ["R11"]\nstart = { after = "Your turn" }\ndo = "outcome"\n' \
            'expect = ["face 3"]\nprompt = "Roll."\nhint = "Any face."\n'
    with pytest.raises(LessonError) as err:   # moves without a position of its own: refused
        parse_lesson(text, "stacking.toml")
    assert err.value.field == "steps.2.moves"
    lesson = parse_lesson(text.replace("\nmoves = []", "", 1), "stacking.toml")
    assert lesson.steps[2].state == lesson.steps[1].after()
    with pytest.raises(LessonError) as err:
        parse_lesson(text.replace("\nmoves = []", "", 1).replace('after = "Your turn"', 'after = "Yuor turn"'),
                     "stacking.toml")
    assert err.value.field == "steps.3.start.after" and "no earlier step is titled 'Yuor turn'" in str(err.value)


def test_not_toml_is_one_error():
    with pytest.raises(LessonError) as err:
        parse_lesson("title = 'x'\n[[steps]\n", "broken.toml")
    assert err.value.field == "(toml)" and "broken.toml" in str(err.value)


def test_a_lesson_without_steps_is_refused():
    text = example().split("[[steps]]")[0]
    with pytest.raises(LessonError) as err:
        parse_lesson(text, "empty.toml")
    assert err.value.field == "steps"


def test_position_text_is_read_by_the_games_notation():
    """`position = ...` goes through `game.position`: the same table written with its defaults
    spelt out is the same position, with the same computed answer."""
    lesson = parse_lesson(example(), "stacking.toml")
    spelt = example().replace("P1 pile: 1=3\n", "P1 pile: 1=3\nP1 hand: 2 J\nP1 total: 0\n", 1)
    assert "P1 hand: 2 J" in spelt
    assert parse_lesson(spelt, "stacking.toml").steps[0].state == lesson.steps[0].state
    assert lesson.steps[0].state.notation() == lesson.game.position(lesson.steps[0].state.notation()).notation()
    assert lesson.steps[0].exact() == Fraction(1, 3)



SJO_DEAL = '''title = "Dealing"
[game]
name = "sjoroveroya"
players = 2
[[steps]]
title = "The deal"
rules = ["S7"]
data = { phase = "deal", track = "HSDCCDSHSHCDDCHSHDSC"%s }
do = "outcome"
expect = ["draw H"]
prompt = "Deal a card."
hint = "Any suit."
'''


def test_sjoroveroya_deal_without_a_drawer_is_one_error_S7():
    """Position data in the deal phase that names nobody being dealt to is refused, naming the
    field and the rule, instead of crashing when the deal is settled."""
    with pytest.raises(LessonError) as err:
        parse_lesson(SJO_DEAL % "", "deal.toml")
    assert err.value.field == "steps.1.data.pending.drawer"
    assert str(err.value).startswith("lesson deal.toml: steps.1.data.pending.drawer: missing:")
    assert "(S7)" in str(err.value)
    with pytest.raises(LessonError) as err:
        parse_lesson(SJO_DEAL % ', pending = { draws = 9, drawer = 0 }', "deal.toml")
    assert err.value.field == "steps.1.data.pending.draws" and "(S7)" in str(err.value)
    lesson = parse_lesson(SJO_DEAL % ', pending = { draws = 4, drawer = 0 }', "deal.toml")
    assert lesson.steps[0].state.is_chance and lesson.steps[0].after().hands[0] == (0, 1, 0, 0)


@pytest.mark.parametrize(("goal", "words"), [
    ('goal = { wins = "P7" }', "wins names seats P1..P3"),
    ('goal = { rule = "R99" }', "'R99' is not a rule ID of Dead Man's Dice"),
    ('goal = { rule = "R30" }', "'roll P1-2' does not meet the goal (applies R30)"),
    ('goal = { only = true }', "the prompt names one move: expect one"),
])
def test_a_goal_mistake_is_one_error_naming_the_step(goal, words):
    text = example().replace('goal = { rule = "R11" }', goal)
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "stacking.toml")
    assert "steps.2." in str(caught.value) and words in str(caught.value)
