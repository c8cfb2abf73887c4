"""The lesson component and the served Learn view, driven through their Python side: a move
played on the explorer's own views is judged and the board follows; buttons, feedback, chart."""

from __future__ import annotations

import pytest

from explorer.lessons import load_lesson
from widgets.lesson import Lesson, LessonPlayer, feedback_html, header_html


def index_of(name: str, title: str) -> int:
    """A step's index (from 0) found by its title, so added steps do not break the tests."""
    return next(s.number - 1 for s in load_lesson(name).steps if s.title == title)


def test_board_move_is_judged_and_the_board_follows_R9_R11():
    player = LessonPlayer("sjoroveroya", step=index_of("sjoroveroya", "Opponents are skipped"))
    step = player.progress.step
    player.controller.handle({"op": "play", "move": "D@0"})          # legal, not the lesson's
    assert player.progress.feedback.verdict == "wrong"
    assert player.controller.state == step.state and player.controller.path == ()
    player.controller.handle({"op": "play", "move": "S@0"})
    assert player.progress.feedback.verdict == "right"
    assert player.controller.state == step.after()
    assert "R11" in feedback_html(player.progress)


def test_chance_controls_choice_is_judged_R19():
    player = LessonPlayer("dead_mans_dice", step=index_of("dead_mans_dice", "Marooned"))
    player.controller.handle({"op": "choose", "move": "face 4"})
    assert player.progress.feedback.verdict == "wrong"
    player.controller.handle({"op": "choose", "move": "face 6"})
    assert player.progress.feedback.verdict == "right" and player.progress.done


def test_typed_illegal_move_names_the_rule_R10():
    player = LessonPlayer("jolly_and_roger", step=index_of("jolly_and_roger", "Crew: pirate side on its own colour"))
    player.handle({"op": "check", "text": "crew R5 B"})
    html = feedback_html(player.progress)
    assert "data-verdict='illegal'" in html and "R10" in html


def test_notebook_component_wrong_hint_right_and_chart_C2():
    widget = Lesson("dead_mans_dice_odds")
    assert "Step 1 of 4" in widget.header.value
    assert widget.chart.layout.display == "none" and widget.buttons["back"].disabled
    widget.answer.value = "50%"
    widget.buttons["check"].click()
    assert "data-verdict='wrong'" in widget.feedback.value and widget.chart.layout.display == "none"
    widget.buttons["hint"].click()
    assert "data-verdict='hint'" in widget.feedback.value and "R3" in widget.feedback.value
    widget.answer.value = "1/6"
    widget.buttons["check"].click()
    assert "data-verdict='right'" in widget.feedback.value and "1/6" in widget.feedback.value
    assert widget.chart.layout.display is None and widget.buttons["check"].disabled
    source = widget.figure.select_one({"name": "chance_source"})
    assert source.data["fraction"] == ["1/6"] * 6
    assert [o for o in source.data["outcome"] if o.endswith("★")] == ["Skull ★"]   # the face's one name (K2, R3)
    widget.buttons["next"].click()
    assert "Step 2 of 4" in widget.header.value and widget.feedback.value == "" and widget.answer.value == ""


def test_notebook_component_show_me_plays_the_move_and_shows_the_views():
    widget = Lesson("sjoroveroya", step=index_of("sjoroveroya", "Forward: the next card of your suit"))
    assert widget.picker.layout.display is None and widget.chance.layout.display == "none"
    widget.buttons["show"].click()
    assert widget.progress.done and widget.player.controller.state == widget.progress.step.after()
    assert "data-verdict='shown'" in widget.feedback.value


def test_header_names_the_step_and_what_to_do():
    player = LessonPlayer("pirate_rush")
    text = header_html(player.progress)
    assert "Step 1 of" in text and "Type the probability" in text


@pytest.fixture
def panel_app():
    from widgets.served import app

    return app()


def test_served_app_learn_mode_lists_the_games_lessons(panel_app):
    row = panel_app.objects[1].objects     # game, players, start, "Show the set-up", mode
    mode = next(w for w in row if "pre-mode" in w.css_classes)
    assert mode is row[-1] and "pre-setup" in row[-2].css_classes
    assert mode.options == ["Free play", "Learn", "Live table"]
    mode.value = "Learn"
    view = panel_app.objects[3].objects[0]
    game = panel_app.objects[1].objects[0].value
    from explorer.lessons import lesson_names
    assert sorted(view.choice.options.values()) == list(lesson_names(game))   # teaching, odds, options
    mode.value = "Free play"
    assert hasattr(panel_app.objects[3].objects[0], "controller")


def test_served_lesson_flow_wrong_hint_right():
    from widgets.served_lesson import lesson_layout

    layout = lesson_layout("jolly_and_roger_odds")
    player = layout.player
    header, feedback, chart = layout.objects[0], layout.objects[6], layout.objects[7]
    assert "Step 1 of 3" in header.object and not chart.visible
    player.handle({"op": "check", "text": "1%"})
    assert "data-verdict='wrong'" in feedback.object
    player.handle({"op": "hint"})
    assert "data-verdict='hint'" in feedback.object
    player.handle({"op": "check", "text": "8/43"})
    assert "data-verdict='right'" in feedback.object and chart.visible
    player.handle({"op": "next"})
    assert not chart.visible


def test_long_distributions_show_the_asked_rows_and_one_line_for_the_rest():
    player = LessonPlayer("last_bottle_of_rum_odds")      # a reef among 30 face-down tiles
    player.handle({"op": "show"})
    html = feedback_html(player.progress)
    assert html.count("<tr class='pre-asked'>") == 5
    assert "<tr><td>25 other outcomes</td><td>5/6</td><td>83.3%</td></tr>" in html


def test_solved_move_step_hides_the_picker():
    widget = Lesson("sjoroveroya", step=index_of("sjoroveroya", "Forward: the next card of your suit"))
    widget.buttons["show"].click()
    assert widget.picker.layout.display == "none"


def test_chart_of_a_long_distribution_keeps_the_asked_bars_and_one_for_the_rest():
    from widgets.lesson import chart_rows

    player = LessonPlayer("last_bottle_of_rum_odds")
    player.handle({"op": "show"})
    bars = chart_rows(player.progress)
    assert [b["fraction"] for b in bars] == ["1/30"] * 5 + ["5/6"]
    assert bars[-1]["label"] == "25 other outcomes" and all(b["label"].endswith("★") for b in bars[:5])


def test_every_lesson_played_through_the_controller_keeps_the_board_on_the_lesson():
    """Moves and outcomes as the board, picker and chance controls send them; answers as typed.
    After each step the controller shows the lesson's position, on the step's own game set-up."""
    from explorer.lessons import lesson_names

    for name in lesson_names():
        player = LessonPlayer(name)
        for step in player.lesson.steps:
            assert player.controller.state == step.state and player.controller.game == step.game
            if step.task == "move":
                player.controller.handle({"op": "play", "move": step.expect[0]})
            elif step.task == "outcome":
                player.controller.handle({"op": "choose", "move": step.expect[0]})
            else:
                player.handle({"op": "check", "text": str(step.exact())})
            assert player.progress.feedback.verdict == "right", (name, step.number)
            assert player.controller.state == player.progress.state == step.after()
            player.handle({"op": "next"})


def _first_draw() -> int:
    return index_of("sjoroveroya_odds", "Chance lab: the first draw")


def test_open_question_board_does_not_print_the_asked_odds_C3():
    """Sjørøverøya's board prints the next card's odds (C3); while a lesson asks for them the
    board is shown without that line, and the full board comes back once answered."""
    from widgets.lesson import question_board_svg

    widget = Lesson("sjoroveroya_odds", step=_first_draw())
    state = widget.progress.state
    assert "Next card from the pile" in state.view(None)._repr_svg_()       # what the game's board prints
    assert widget.board.layout.display == "none" and widget.question_board.layout.display is None
    assert "Next card from the pile" not in widget.question_board.value
    assert "9/40" not in widget.question_board.value and "Draw pile: 80 cards" in widget.question_board.value
    assert question_board_svg(state) == widget.question_board.value
    widget.buttons["show"].click()
    assert widget.board.layout.display is None and widget.question_board.layout.display == "none"


def test_served_lesson_hides_the_asked_odds_until_answered_C3():
    from explorer.lessons import load_lesson
    from widgets.served_lesson import lesson_layout

    lesson = load_lesson("sjoroveroya")
    layout = lesson_layout(lesson)
    board, question_board = layout.objects[1], layout.objects[2]
    assert not board.visible and question_board.visible          # step 1 asks a layout chance
    layout.player.handle({"op": "next"})
    layout.player.handle({"op": "next"})
    assert layout.player.progress.step.task == "move"
    assert board.visible and not question_board.visible and question_board.object == ""
    layout = lesson_layout(load_lesson("sjoroveroya_odds"))     # the chance lab lives in the odds lesson
    board, question_board = layout.objects[1], layout.objects[2]
    for _ in range(_first_draw()):
        layout.player.handle({"op": "next"})
    assert layout.player.progress.step.title == "Chance lab: the first draw"
    assert not board.visible and question_board.visible
    assert "Next card from the pile" not in question_board.object and "Draw pile" in question_board.object
    layout.player.handle({"op": "check", "text": "9/40"})
    assert board.visible and not question_board.visible


def test_the_typed_answer_clears_after_each_answer_typed_or_played_R9():
    """A wrong answer typed, a hint (the text stays: nothing answered), then a move played on the
    board's own controller with text still typed: the input is empty after each answer."""
    widget = Lesson("sjoroveroya", step=index_of("sjoroveroya", "Opponents are skipped"))
    widget.answer.value = "H@9"
    widget.buttons["check"].click()
    assert widget.progress.feedback.verdict in ("wrong", "illegal", "unreadable") and widget.answer.value == ""
    widget.answer.value = "D@0"
    widget.buttons["hint"].click()
    assert widget.answer.value == "D@0"
    widget.player.controller.handle({"op": "play", "move": "S@0"})   # answered by click, the text left typed
    assert widget.progress.feedback.verdict == "right" and widget.answer.value == ""


def test_the_served_lesson_input_clears_after_a_typed_and_a_played_answer_R9():
    from widgets.served_lesson import lesson_layout

    layout = lesson_layout("sjoroveroya")
    player = layout.player
    answer = next(w for w in layout.select(lambda o: "pre-lesson-answer" in (getattr(o, "css_classes", []) or [])))
    player.handle({"op": "next"})
    while player.progress.step.task != "move":
        player.handle({"op": "next"})
    answer.value = answer.value_input = "not a move"
    check = next(w for w in layout.select(lambda o: "pre-lesson-check" in (getattr(o, "css_classes", []) or [])))
    check.clicks += 1
    assert player.progress.feedback is not None and (answer.value, answer.value_input) == ("", "")
    answer.value = answer.value_input = "still typed"
    player.controller.handle({"op": "play", "move": str(player.progress.step.expect[0])})
    assert player.progress.feedback.verdict == "right" and (answer.value, answer.value_input) == ("", "")


def test_learn_opens_on_the_list_of_the_games_lessons(panel_app):
    mode = next(w for w in panel_app.objects[1].objects if "pre-mode" in w.css_classes)
    mode.value = "Learn"
    view = panel_app.objects[3].objects[0]
    (listing,) = view.holder.objects
    assert "pre-lesson-list" in listing.css_classes
    items = [o for o in listing.objects if "pre-lesson-list-item" in (o.css_classes or [])]
    assert len(items) == len(view.choice.options) >= 2
    start = items[-1].objects[0]
    start.clicks += 1
    (lesson,) = view.holder.objects
    title, name = list(view.choice.options.items())[-1]
    assert lesson.player.lesson.title == title and view.choice.value == name
