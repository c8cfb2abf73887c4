"""Issue #25's findings, one test each: every public reader raises only the project's errors,
naming the field and why; sizes are bounded in words (`explorer.core.bounds`)."""

import pytest

import explorer
from explorer.analysis.tree import PositionTree
from explorer.core import bounds
from explorer.core.errors import ExplorerError, IllegalAction, PositionError
from explorer.lessons.loader import LessonError, lesson_path, load_lesson, parse_lesson
from widgets.controller import Controller
from widgets.served_link import parse

GAMES = list(explorer.games())
DIGITS = "9" * 5000


def link(**args):
    return parse({key: [value.encode()] for key, value in args.items()}, GAMES)


def test_dead_mans_dice_unknown_word_before_a_seat_is_T1_not_a_key_error():
    with pytest.raises(IllegalAction) as caught:
        explorer.load("dead_mans_dice").parse_action("foo P1")
    assert caught.value.rule == "T1" and "'foo P1' is not Dead Man's Dice notation" in str(caught.value)


@pytest.mark.parametrize(("game", "text", "field"), [
    ("jolly_and_roger", "round: ²", "round"), ("pirate_rush", "round: ²", "round"),
    ("last_bottle_of_rum", "turn: P²", "turn"), ("dead_mans_dice", "turn: P²", "turn"),
    ("sjoroveroya", "turns played: ²", "turns played"), ("sjoroveroya", "moves used: ²", "moves used"),
], ids=lambda v: v if isinstance(v, str) and " " not in v else None)
def test_a_digit_python_cannot_convert_names_its_line(game, text, field):
    with pytest.raises(PositionError) as caught:
        explorer.load(game).position(text)
    assert caught.value.field == field and "²" in caught.value.reason


@pytest.mark.parametrize("game", GAMES)
def test_a_number_of_5000_digits_is_refused_by_its_digits(game):
    text = f"round: {DIGITS}\nturn: P1"
    with pytest.raises(PositionError) as caught:
        explorer.load(game).position(text)
    assert caught.value.field == "round"
    assert caught.value.reason == f"line 1: a number of 5,000 digits; at most {bounds.MAX_DIGITS}"
    with pytest.raises(PositionError, match="action: a number of 40 digits; at most 30"):
        explorer.load(game).parse_action(f"P{'9' * 40}")


@pytest.mark.parametrize("game", GAMES)
def test_position_text_and_move_notation_are_bounded_in_length(game):
    with pytest.raises(PositionError, match="a position of 100,001 characters; at most 100,000"):
        explorer.load(game).position("x" * (bounds.MAX_POSITION_TEXT + 1))
    with pytest.raises(PositionError, match="a move's notation of 501 characters; at most 500"):
        explorer.load(game).parse_action("x" * 501)


def test_a_saved_tree_with_a_5000_digit_format_or_deep_nesting_is_a_position_error():
    with pytest.raises(PositionError, match="a number of 5,000 digits; at most 30"):
        PositionTree.from_json('{"format": ' + DIGITS + "}")
    with pytest.raises(PositionError, match="nested 100,000 levels deep; at most 200"):
        PositionTree.from_json("[" * 100_000)
    with pytest.raises(PositionError, match="NaN is not a JSON number"):
        PositionTree.from_json('{"format": NaN}')


def test_an_analysis_file_is_bounded_in_size():
    with pytest.raises(PositionError, match="JSON text of 20,000,001 characters; at most 20,000,000"):
        PositionTree.from_json(" " * (bounds.MAX_FILE + 1))


def test_the_editor_json_path_refuses_deep_nesting_and_leaves_the_tree():
    ctl = Controller(explorer.load("sjoroveroya"))
    before = ctl.tree
    for text in ("[" * 1000, "{" * 1000, '{"a":' * 1000):
        with pytest.raises(PositionError) as caught:
            ctl.load_position_text(text)
        assert caught.value.field == "(json)" and "nested 1,000 levels deep" in caught.value.reason
    assert ctl.tree is before


def _lesson_with_rules(rules: str) -> str:
    """A shipped lesson with its first step's rules replaced."""
    raw = lesson_path("sjoroveroya_odds").read_text(encoding="utf-8")
    head, _, rest = raw.partition("\nrules = ")
    return head + f"\nrules = {rules}\n" + rest.partition("\n")[2]


@pytest.mark.parametrize("rules", ["[[1]]", "[{a = 1}]", "[1]"])
def test_lesson_rules_that_are_not_text_name_the_field(rules):
    with pytest.raises(LessonError) as caught:
        parse_lesson(_lesson_with_rules(rules))
    assert caught.value.field == "steps.1.rules" and "is not a rule ID: write it as text" in caught.value.reason


def test_lesson_toml_nested_5000_deep_or_with_5000_digits_is_a_lesson_error():
    with pytest.raises(LessonError) as caught:
        parse_lesson("a = " + "[" * 5000 + "]" * 5000)
    assert caught.value.field == "(toml)" and "nested 5,000 levels deep" in caught.value.reason
    with pytest.raises(LessonError, match="a value TOML cannot read"):
        parse_lesson(f"a = {DIGITS}")


def test_a_lesson_file_that_is_not_utf8_is_a_lesson_error(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_bytes(b"title = '\xff'")
    with pytest.raises(LessonError, match="is not UTF-8 text"):
        load_lesson(path)


@pytest.mark.parametrize(("args", "field", "reason"), [
    ({"players": "²"}, "players", "'²' is not a number of players (digits 0-9)"),
    ({"players": DIGITS}, "players", "a link argument of 5,000 characters; at most 2,000"),
    ({"players": "9" * 40}, "players", "has 40 digits; a number of players has at most 30"),
    ({"players": "0"}, "players", "Dead Man's Dice is for 2-6 players, not 0"),
    ({"players": "9"}, "players", "Dead Man's Dice is for 2-6 players, not 9"),
    ({"players": ""}, "players", "is not a number of players"),
    ({"opt.weather": DIGITS}, "opt.weather", "a link argument of 5,000 characters; at most 2,000"),
    ({"opt.weather": "9" * 40}, "opt.weather", "a number of 40 digits; at most 30"),
    ({"opt.weather": "[" * 1500}, "opt.weather", "nested 1,500 levels deep; at most 200"),
    ({"opt.": "1"}, "opt.", "an option argument names its option"),
    ({"line": "x" * 600}, "line.0", "move 1 is 600 characters; at most 500"),
], ids=["players-superscript", "players-5000-digits", "players-40-digits", "players-0", "players-9", "players-empty",
        "option-5000-digits", "option-40-digits", "option-nested", "option-unnamed", "line-long-move"])
def test_a_bad_link_argument_is_named(args, field, reason):
    with pytest.raises(PositionError) as caught:
        link(game="dead_mans_dice", **args)
    assert caught.value.field == field and reason in caught.value.reason


def test_a_link_line_is_bounded_in_moves_and_a_bad_move_is_named():
    with pytest.raises(PositionError, match="20,001 moves; a link's line has at most 20,000"):
        link(game="dead_mans_dice", line="~".join(["pass"] * 20_001))
    opened = link(game="dead_mans_dice", line="foo P1")
    ctl = Controller(explorer.load(opened.game))
    with pytest.raises(PositionError) as caught:
        ctl.play_line(list(opened.line))
    assert caught.value.field == "line.0" and "not Dead Man's Dice notation" in caught.value.reason


def test_a_game_name_in_a_link_is_not_echoed_whole():
    with pytest.raises(PositionError) as caught:
        link(game="x" * 1000)
    assert "… (1,000 characters)" in caught.value.reason and len(str(caught.value)) < 300


@pytest.mark.parametrize("game", GAMES)
def test_state_from_dict_refuses_deep_data_in_words(game):
    data = explorer.load(game).new_state().to_dict()
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    data["extra"] = deep
    with pytest.raises(ExplorerError):
        explorer.state_from_dict(data)


def test_pirate_rush_a_ship_line_left_out_is_named_by_its_key_T0():
    """Found by the fuzz: the reader named the missing line's number (KeyError) for T0."""
    with pytest.raises(PositionError) as caught:
        explorer.load("pirate_rush").position("round: 3")
    assert caught.value.field == "ship" and caught.value.reason.startswith("(not written) ")
    assert caught.value.reason.endswith("(T0)")


@pytest.mark.parametrize("text", ["1/" + DIGITS, DIGITS + "%", "0." + "1" * 40, "٣/6", "x" * 201])
def test_a_typed_probability_is_bounded_in_digits_and_length(text):
    """Found by the fuzz: a lesson's tolerance (and a learner's answer) of 5,000 digits was Python's ValueError."""
    from explorer.lessons.answers import parse_probability

    with pytest.raises(PositionError) as caught:
        parse_probability(text, "steps.1.tolerance")
    assert caught.value.field == "steps.1.tolerance"
