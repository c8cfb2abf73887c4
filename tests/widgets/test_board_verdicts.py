"""The engine's verdicts where the eye is (#30 point 3): each move's win chance for the board's
data, the eval bar, the units named, and a move level in win chance but worse in mean score said so."""

from __future__ import annotations

from toy_games import DiceGame

from explorer.analysis.verdict import Row, Verdict, refine
from widgets import present
from widgets.controller import Controller
from widgets.engine import board_verdicts, eval_bar_html, even_but_worse, verdict_html, with_verdicts


def second_player_state(total: int = 7):
    return DiceGame(players=2).state_from_dict({"totals": [total, 0], "to_move": 1, "dice_left": 0})


def row(label, win, score, best=False, behind=0.0, exact=False):
    wins = ((1 - win,) * 3, (win, win - 0.03, win + 0.03))
    scores = ((0.0,) * 3, (score, score - 1, score + 1))
    return Row(label, label, wins, scores, 400, exact, best, (behind, behind - 0.004, behind + 0.004))


TIE = Verdict("decision", 1, "teacher's view: the truth", "sampled", (
    row("steady", 0.5, 20.0, best=True), row("reckless", 0.5, 9.0, behind=-0.001)), 2, False, 1)


def test_every_move_of_the_board_gets_its_verdict_keyed_by_the_boards_action_id():
    state = second_player_state()
    marks = board_verdicts(next(refine(state, None, exact_seconds=30)), state.game)
    ids = {a["id"] for a in present.board_data(Controller(state))["actions"]}
    assert set(marks) == ids
    assert [m["best"] for m in marks.values()].count(True) == 1
    best = next(m for m in marks.values() if m["best"])
    assert best["text"] == "★ 50.0%" and "Player 2's win chance 50.0% exact; the best move" in best["title"]


def test_a_sampled_verdict_shows_its_interval_on_the_move():
    marks = board_verdicts(TIE, DiceGame(players=2))
    assert marks["steady"]["text"] == "★ 50% (47%–53%)"
    assert marks["reckless"]["text"] == "50% (47%–53%)" and not marks["reckless"]["best"]


def test_a_move_level_in_win_chance_but_worse_in_mean_score_says_so():
    """Once read "+0 (+0 to +0)" for a move 11 points worse in mean score."""
    best, other = TIE.rows
    assert even_but_worse(other, best, 1) == "level in win chance, but 11.0 game points lower in mean score"
    assert even_but_worse(best, best, 1) == ""
    text = verdict_html(TIE, DiceGame(players=2))
    assert "level in win chance, but 11.0 game points lower in mean score" in text
    assert "behind the best: percentage points of win chance" in text and "vs best, points" not in text
    assert "Win chance in %, with its 95% interval" in text and "mean score in game points" in text
    assert "11.0 game points lower" in board_verdicts(TIE, DiceGame(players=2))["reckless"]["title"]


def test_a_move_clearly_behind_in_win_chance_gets_no_level_note():
    v = Verdict("decision", 1, "b", "sampled", (row("a", 0.6, 20.0, best=True), row("b", 0.4, 9.0, behind=-0.2)),
                1, False, 1)
    assert even_but_worse(v.rows[1], v.rows[0], 1) == ""


def test_the_eval_bar_splits_among_the_seats_by_the_best_moves_chances():
    bar = eval_bar_html(TIE, DiceGame(players=2))
    assert bar.count("class='pre-eval-part'") == 2
    assert "Player 1 50%" in bar and "Player 2 50%" in bar and "width:50.0%" in bar
    assert eval_bar_html(Verdict("over", None, "b", "the game is over", (), 0, True), DiceGame(players=2)) == ""


def test_late_verdicts_never_land_on_another_revision():
    class View:
        def __init__(self):
            self.data = {"verdicts": {}}

    ctl = Controller(second_player_state())
    board, moves = View(), View()
    mark = {"x": {"text": "1%", "title": "", "best": True}}
    with_verdicts([board, moves], mark, ctl.revision - 1, ctl)
    assert board.data["verdicts"] == {} and moves.data["verdicts"] == {}
    with_verdicts([board, moves], mark, ctl.revision, ctl)
    assert board.data["verdicts"] == mark and moves.data["verdicts"] == mark


def test_the_board_data_carries_an_empty_verdicts_dict_until_the_engine_fills_it():
    assert present.board_data(Controller(second_player_state()))["verdicts"] == {}


def test_the_notebook_engine_fills_its_boards_verdicts_and_a_move_clears_them():
    from pool_jobs import wait_for

    from widgets.components import ActionPicker, BoardView
    from widgets.engine import EnginePanel

    ctl = Controller(second_player_state())
    board, moves = BoardView(ctl), ActionPicker(ctl)
    panel = EnginePanel(ctl, views=[board, moves])
    panel.switch.value = True
    wait_for(lambda: board.data.get("verdicts") and moves.data.get("verdicts"))
    assert set(board.data["verdicts"]) == {a["id"] for a in board.data["actions"]}
    assert moves.data["verdicts"] == board.data["verdicts"]          # the list of moves shows them too
    assert "pre-eval-bar" in panel.output.value
    ctl.play(ctl.state.legal_actions()[0])
    assert not board.data.get("verdicts") and not moves.data.get("verdicts")
    panel.switch.value = False
