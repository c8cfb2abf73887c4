"""The verdict engine (explorer/analysis/verdict.py): exact where small, paired rollouts in
rounds otherwise, cancellable, and blind to what a player's view hides."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction as F

import pytest
from toy_games import DiceGame, DrawGame

import explorer
from explorer.analysis import action_values
from explorer.analysis.rollouts import resolve_policy
from explorer.analysis.verdict import Cancel, knowledge, outcome_vector, refine
from explorer.core.play import advance

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

GAMES = ["jolly_and_roger", "dead_mans_dice", "sjoroveroya", "last_bottle_of_rum", "pirate_rush"]


def ticking(step: float = 1.0):
    """A fake clock that moves `step` per reading: rounds become a fixed number of games."""
    counter = itertools.count()
    return lambda: next(counter) * step


def toy_dice_second_player(first_total: int = 7):
    return DiceGame(players=2).state_from_dict({"totals": [first_total, 0], "to_move": 1, "dice_left": 0})


def last_decisions(game, seed: int = 5):
    """Every decision node of one game played to its end by the evaluator."""
    policy = resolve_policy(game, game.evaluator())
    seats = dict.fromkeys(range(game.players), policy)
    state, rng, decisions = game.start(seed=seed), random.Random(seed), []
    while not state.is_over:
        if not state.is_chance:
            decisions.append(state)
        state = advance(state, rng, seats)
    return decisions


# -- exact -----------------------------------------------------------------------------------
class TestExact:
    def test_hand_worked_dice(self):
        """P2 must beat 7: one die never does; two dice win 15/36 and tie 6/36 (half a win each)."""
        v = next(refine(toy_dice_second_player(7), None, exact_seconds=30))
        assert v.kind == "decision" and v.exact and v.done and v.focus == 1
        rows = {r.notation: r for r in v.rows}
        assert rows["one"].wins[1] == (0.0, 0.0, 0.0)
        assert rows["two"].wins[1][0] == pytest.approx(float(F(15, 36) + F(6, 36) / 2))
        assert rows["one"].scores[1][0] == pytest.approx(3.5)
        assert rows["two"].scores[1][0] == pytest.approx(7.0)
        assert rows["two"].best and not rows["one"].best
        assert v.method.startswith("exact")

    def test_matches_action_values_on_toy(self):
        state = DiceGame(players=2).new_state()
        v = next(refine(state, None, exact_seconds=30))
        expected = action_values(state, depth=100, value=outcome_vector)
        assert v.exact
        for row in v.rows:
            for p in range(2):
                assert row.wins[p][0] == pytest.approx(float(expected[row.notation][p]))
                assert row.scores[p][0] == pytest.approx(float(expected[row.notation][2 + p]))

    @pytest.mark.parametrize("name", ["jolly_and_roger", "sjoroveroya", "pirate_rush"])
    def test_matches_action_values_near_the_end(self, name):
        """A real game played to the end by its evaluator; the last decision whose subtree fits
        the budget is solved exactly, and agrees with `action_values` to the end."""
        game = explorer.load(name)
        decisions = last_decisions(game)
        for node in reversed(decisions[-6:]):
            v = next(refine(node, None, exact_limit=5000, exact_seconds=30))
            if v.exact and len(v.rows) > 1:
                break
        else:
            pytest.fail(f"no exact verdict with a choice in the last 6 decisions of a {name} game")
        expected = action_values(node, depth=10_000, value=outcome_vector)
        players = game.players
        assert {r.notation for r in v.rows} == set(expected)
        for row in v.rows:
            assert [w[0] for w in row.wins] == pytest.approx([float(x) for x in expected[row.notation][:players]])
            assert [s[0] for s in row.scores] == pytest.approx([float(x) for x in expected[row.notation][players:]])
        assert sum(r.best for r in v.rows) == 1

    @pytest.mark.parametrize("name", ["dead_mans_dice", "last_bottle_of_rum"])
    def test_long_tails_fall_back_to_sampling(self, name):
        """Where a move that does not end the game leaves a long game (a broadside that sinks
        nobody, a turn that does not reach 10 Loot), even the last decision is sampled, and
        says so, rather than solved past the depth budget."""
        node = last_decisions(explorer.load(name))[-1]
        v = next(refine(node, None, exact_limit=5000, exact_seconds=5, first_seconds=0.0))
        assert not v.exact and v.method.startswith("sampled")
        assert {r.notation for r in v.rows} == {str(a) for a in node.legal_actions()}

    def test_chance_node_groups_exact(self):
        """At a roll, each face is worth what P1 then wins (P2 still to play, by max-n)."""
        state = DiceGame(players=2).new_state().apply("one")
        v = next(refine(state, 0, exact_seconds=30))
        assert v.kind == "chance" and v.exact and v.focus == 0
        assert [r.label for r in v.rows] == [f"die {k}" for k in range(1, 7)]
        wins = [r.wins[0][0] for r in v.rows]
        assert wins == sorted(wins) and wins[-1] > wins[0]


# -- sampled ---------------------------------------------------------------------------------
class TestSampled:
    def test_intervals_shrink_with_rounds(self):
        state = DiceGame(players=2).new_state()
        it = refine(state, None, exact_limit=0, first_seconds=20, round_seconds=40, clock=ticking())
        snaps = [next(it) for _ in range(4)]
        assert [s.round for s in snaps] == [1, 2, 3, 4]
        assert all(not s.exact and s.method.startswith("sampled") for s in snaps)
        games = [s.rows[0].games for s in snaps]
        assert games == sorted(games) and games[0] < games[-1]
        width = [s.rows[0].wins[0][2] - s.rows[0].wins[0][1] for s in snaps]
        assert width[-1] < width[0]
        score_width = [s.rows[1].scores[0][2] - s.rows[1].scores[0][1] for s in snaps]
        assert score_width[-1] < score_width[0]

    def test_common_random_numbers_every_move_same_games(self):
        """Every move is played on the same seeds: same indices, so the gap to the best is paired."""
        state = DiceGame(players=2).new_state()
        v = next(refine(state, None, exact_limit=0, first_seconds=50, clock=ticking()))
        assert len({r.games for r in v.rows}) == 1
        best = v.best()
        other = next(r for r in v.rows if not r.best)
        assert best.behind == (0.0, 0.0, 0.0)
        assert other.behind[0] == pytest.approx(other.wins[0][0] - best.wins[0][0])
        assert other.behind[1] <= other.behind[0] <= other.behind[2]

    def test_sampled_converges_to_exact(self):
        state = toy_dice_second_player(7)
        exact = {r.notation: r for r in next(refine(state, None, exact_seconds=30)).rows}
        it = refine(state, None, exact_limit=0, first_seconds=400, max_games=400, clock=ticking())
        last = list(it)[-1]
        assert last.done and last.rows[0].games == 400
        for row in last.rows:
            _, low, high = row.wins[1]
            assert low <= exact[row.notation].wins[1][0] <= high
            _, s_low, s_high = row.scores[1]
            assert s_low <= exact[row.notation].scores[1][0] <= s_high

    def test_cancel_stops_between_rollouts(self):
        cancel = Cancel()
        calls = itertools.count()

        def clock():
            n = next(calls)
            if n == 30:
                cancel.cancel()      # as a click would, from another thread, mid-round
            return float(n)

        it = refine(DiceGame(players=2).new_state(), None, exact_limit=0, first_seconds=10,
                    round_seconds=1000, cancel=cancel, clock=clock)
        first = next(it)
        assert first.round == 1
        assert list(it) == []                # cancelled: no more snapshots, the generator ends
        assert next(calls) < 40              # and it stopped within a game of the cancel

    def test_cancel_before_start_yields_nothing_sampled(self):
        cancel = Cancel()
        cancel.cancel()
        assert list(refine(DiceGame(players=2).new_state(), None, exact_limit=0, cancel=cancel)) == []

    @pytest.mark.parametrize("viewer", [None, 1])
    def test_processes_play_the_same_games(self, viewer):
        """On 2 processes the rollouts are the same games (same seeds, same worlds) as here."""
        state = last_decisions(explorer.load("jolly_and_roger"))[-8]
        here = list(refine(state, viewer, exact_limit=0, max_games=6, first_seconds=1e9, clock=ticking()))
        pool = list(refine(state, viewer, exact_limit=0, max_games=6, first_seconds=1e9, workers=2, clock=ticking()))
        assert here[-1].done and pool[-1].done
        assert here[-1].rows == pool[-1].rows and len(here[-1].rows) > 1
        assert pool[-1].method.endswith("(2 processes)")

    def test_cancel_stops_the_processes_batch(self):
        cancel = Cancel()
        state = explorer.load("dead_mans_dice").start(seed=1)
        it = refine(state, None, exact_limit=0, first_seconds=0.0, workers=2, cancel=cancel)
        next(it)
        cancel.cancel()
        assert list(it) == []

    def test_bad_workers_is_one_clear_error(self):
        with pytest.raises(explorer.PositionError) as err:
            next(refine(DiceGame(players=2).new_state(), None, workers=-1))
        assert err.value.field == "workers"

    def test_rollouts_past_the_step_cap_are_counted_not_averaged(self):
        """A game that has not ended after `max_steps` is left out of the figures and counted."""
        v = next(refine(DiceGame(players=2).new_state(), None, exact_limit=0, first_seconds=5, max_steps=2,
                        clock=ticking()))
        assert all(r.games == 0 and r.unfinished >= 1 for r in v.rows)
        assert sum(r.best for r in v.rows) == 1

    def test_first_snapshot_is_not_late_when_games_are_long(self):
        """A batch (one game a move) takes 0.3 s on this clock: after two, at 0.9 s, a third
        would end past the 1 s deadline, so the snapshot comes then, not at 1.2 s."""
        readings = []

        def clock():
            readings.append(0.3 * len(readings))
            return readings[-1]

        v = next(refine(DiceGame(players=2).new_state(), None, exact_limit=0, first_seconds=1.0, clock=clock))
        assert v.round == 1 and all(r.games == 2 for r in v.rows)
        assert readings[-1] <= 1.0

    @pytest.mark.parametrize("name", GAMES)
    def test_every_game_first_snapshot_lists_every_move(self, name):
        game = explorer.load(name)
        state = game.start(seed=2)
        v = next(refine(state, None, exact_limit=0, first_seconds=0.0))
        assert v.kind == "decision" and v.round == 1
        assert {r.notation for r in v.rows} == {str(a) for a in state.legal_actions()}
        assert all(r.games >= 1 for r in v.rows)
        assert sum(r.best for r in v.rows) == 1
        assert v.basis == "teacher's view: the truth"


def hidden_pair(game):
    """Two different full states one player sees alike: play on until sampling from that
    player's view fills the hidden parts in differently (a shuffled deck alone is no secret)."""
    policy = resolve_policy(game, game.evaluator())
    seats = dict.fromkeys(range(game.players), policy)
    state, rng = game.start(seed=3), random.Random(3)
    for _ in range(200):
        if not state.is_chance and not state.is_over:
            viewer = (state.player + 1) % game.players
            worlds = [game.sample_state(state.view(viewer), random.Random(k)) for k in range(12)]
            other = next((w for w in worlds if w != worlds[0]), None)
            if other is not None:
                return worlds[0], other, viewer
        state = advance(state, rng, seats)
    pytest.fail(f"no position with hidden parts in 200 steps of {game.name}")


# -- knowledge ----------------------------------------------------------------------------------
class TestKnowledge:
    def test_toy_hidden_hand_identical_inputs_and_verdicts(self):
        """Two positions differing only in P2's face-down card (and so the pile) give P1 equal
        knowledge and equal verdicts; the teacher's view tells them apart."""
        game = DrawGame(players=2, reds=2, blacks=2)
        a = game.state_from_dict({"hands": ["R", "R"], "pile": "BB", "to_move": 0, "stage": "choose"})
        b = game.state_from_dict({"hands": ["R", "B"], "pile": "RB", "to_move": 0, "stage": "choose"})
        assert a != b and knowledge(a, 0) == knowledge(b, 0)
        assert knowledge(a, None) != knowledge(b, None)
        for limit in (0, 20_000):    # sampled and exact
            options = {"exact_limit": limit, "exact_seconds": 1e9, "first_seconds": 30, "max_games": 60}
            va = list(refine(a, 0, clock=ticking(), **options))
            vb = list(refine(b, 0, clock=ticking(), **options))
            assert va == vb
            assert va[0].basis == "from Player 1's view: hidden cards sampled"
        ta = next(refine(a, None, exact_seconds=30))
        tb = next(refine(b, None, exact_seconds=30))
        assert ta.rows != tb.rows and ta.basis == "teacher's view: the truth"

    @pytest.mark.parametrize("name", ["jolly_and_roger", "sjoroveroya", "last_bottle_of_rum", "pirate_rush"])
    def test_real_game_hidden_truth_never_read(self, name):
        """Two full states consistent with one view (hidden parts filled in differently) give
        the same engine input and the same verdicts in that player's view."""
        game = explorer.load(name)
        a, b, viewer = hidden_pair(game)
        assert knowledge(a, viewer) == knowledge(b, viewer)
        va = list(itertools.islice(refine(a, viewer, exact_limit=0, first_seconds=6, round_seconds=6,
                                          max_games=6, clock=ticking()), 2))
        vb = list(itertools.islice(refine(b, viewer, exact_limit=0, first_seconds=6, round_seconds=6,
                                          max_games=6, clock=ticking()), 2))
        assert va == vb
        assert va[0].basis == f"from Player {viewer + 1}'s view: hidden cards sampled"

    def test_hidden_options_of_another_player(self):
        """P2 watching P1 at a hidden choice: whether P1 may draw is public here, so moves show."""
        game = DrawGame(players=2, reds=2, blacks=2)
        a = game.state_from_dict({"hands": ["R", "R"], "pile": "BB", "to_move": 0, "stage": "choose"})
        v = next(refine(a, 1, exact_limit=0, first_seconds=5, clock=ticking()))
        assert v.kind == "decision" and v.focus == 0
        assert {r.notation for r in v.rows} == {"draw", "stop"}

    def test_bad_viewer_is_one_clear_error(self):
        with pytest.raises(explorer.PositionError) as err:
            next(refine(DiceGame(players=2).new_state(), 5))
        assert err.value.field == "viewer"

    def test_over(self):
        state = toy_dice_second_player(7).apply("one").apply("die 3")
        v = next(refine(state, None))
        assert v.kind == "over" and v.rows == () and v.done


def test_a_worker_error_comes_back_with_its_message_and_the_pool_survives():
    """A position a worker cannot load raises one RuntimeError naming the cause; the pool
    keeps working for the next run."""
    from explorer.analysis.verdict_play import _pool, play_remote

    pool = _pool(1)
    with pytest.raises(RuntimeError, match=r"unknown game 'no_such_game'"):
        pool.submit(play_remote, '{"state": {"game": {"name": "no_such_game"}}, "policy": "random", '
                                 '"index": 0, "seed": 0, "max_steps": 10}').result()
    state = explorer.load("jolly_and_roger").start(seed=0)
    assert pool.submit(play_remote, __import__("json").dumps(
        {"state": state.to_dict(), "policy": "rule_of_thumb", "index": 0, "seed": 1, "max_steps": 5000})).result()


# -- the evaluator's kernel ------------------------------------------------------------------------
def kernel_spy(monkeypatch, game):
    """Count the rollouts the game's kernel finished (a None or a step-cap error is no game)."""
    played = []
    original = type(game).playout

    def spy(self, *args, **kwargs):
        end = original(self, *args, **kwargs)
        played.append(end is not None)
        return end

    monkeypatch.setattr(type(game), "playout", spy)
    return played


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("node", ["start", "middle"])
@pytest.mark.parametrize("view", ["teacher", "mover"])
def test_kernel_rollouts_give_the_model_rollouts_figures(monkeypatch, name, node, view):
    """Rollouts on the evaluator's kernel (Game.playout) are the games stepping the model
    plays: the same seeds give the same figures, so the kernel changes nothing but speed."""
    game = explorer.load(name)
    choices = [s for s in last_decisions(game) if len(s.legal_actions()) > 1]   # a forced move has one row
    state = choices[0] if node == "start" else choices[len(choices) // 2]
    viewer = None if view == "teacher" else state.player
    options = {"exact_limit": 0, "max_games": 3, "first_seconds": 2, "round_seconds": 2, "clock": ticking()}
    model = list(refine(state, viewer, kernel=False, **options))
    played = kernel_spy(monkeypatch, game)
    fast = list(refine(state, viewer, **dict(options, clock=ticking())))
    assert any(played), f"{name}'s kernel played no rollout"
    assert model[-1].done and len(model[-1].rows) > 1
    assert [v.rows for v in fast] == [v.rows for v in model]
    assert all(r.games == 3 for r in fast[-1].rows)


@pytest.mark.parametrize("name", GAMES)
def test_kernel_rollouts_past_the_step_cap_are_counted_as_the_model_counts(name):
    """A kernel game that meets `max_steps` is left out and counted, exactly as a model game."""
    state = last_decisions(explorer.load(name))[0]
    options = {"exact_limit": 0, "max_games": 2, "first_seconds": 1e9, "max_steps": 30}
    model = list(refine(state, None, kernel=False, clock=ticking(), **options))
    fast = list(refine(state, None, clock=ticking(), **options))
    assert repr(fast[-1].rows) == repr(model[-1].rows)      # repr: a row without games has NaN figures
    assert sum(r.unfinished for r in fast[-1].rows) > 0


def test_kernel_rollouts_on_processes_give_the_model_figures():
    state = last_decisions(explorer.load("last_bottle_of_rum"))[0]
    options = {"exact_limit": 0, "max_games": 3, "first_seconds": 1e9}
    model = list(refine(state, 1, kernel=False, clock=ticking(), **options))
    pool = list(refine(state, 1, workers=2, clock=ticking(), **options))
    assert pool[-1].rows == model[-1].rows and len(model[-1].rows) > 1


def test_engine_docs_example_runs():
    """docs/engine.md's `refine` example runs as written (figures fixed by its seed)."""
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8 and result.failed == 0
