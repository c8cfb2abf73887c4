"""Rollouts: reproducible from the seed whatever the workers, paired branches, intervals,
interruption, the same results on Dask as on the process pool, and unnamed seats on the
game's evaluator (issue #18).

Sjørøverøya games are long (random two-player ones: ~26k steps), so these use three
players and the V12 `turn_cap` option to keep each game to a few dozen steps, whoever plays.
"""

from __future__ import annotations

import importlib
import math

import pytest

import explorer
from explorer.analysis import compare, derive_seed, option_effect, paired_difference, rollouts, seat_advantage
from explorer.analysis.stats import mean_interval, t_quantile, wilson
from explorer.core.errors import IllegalAction, PositionError
from explorer.core.play import advance

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

rollouts_module = importlib.import_module("explorer.analysis.rollouts")


@pytest.fixture(scope="module")
def start():
    game = explorer.load("sjoroveroya", players=3, turn_cap=4)
    return advance(game.start(11), 3, steps=12)


def test_results_depend_only_on_the_seed_not_the_workers(start):
    one = rollouts(start, 40, seed=9, workers=1, progress=False)
    two = rollouts(start, 40, seed=9, workers=2, progress=False, chunk=3)
    assert one.outcomes == two.outcomes and one.games == 40
    other = rollouts(start, 40, seed=10, workers=1, progress=False)
    assert other.outcomes != one.outcomes


def test_rollout_i_uses_the_derived_seed(start):
    from explorer.analysis.rollouts import play_one, resolve_policy

    result = rollouts(start, 5, seed=3, workers=1, progress=False)
    again = explorer.state_from_dict(start.to_dict())
    seats = {p: resolve_policy(start.game, "rule_of_thumb") for p in range(3)}   # the evaluator
    assert result.outcomes[4] == play_one(again, seats, 4, derive_seed(3, 4), 10_000)
    assert derive_seed(3, 4) != derive_seed(4, 3)


def test_summaries_agree_with_the_outcomes(start):
    result = rollouts(start, 60, seed=1, workers=1, progress=False)
    assert math.isclose(sum(result.win_rate(p) for p in range(3)), 1.0)
    for p in range(3):
        low, high = result.win_interval(p)
        assert low <= result.win_rate(p) <= high
        assert (low, high) == wilson(result.wins(p), 60)
        mean, s_low, s_high = result.mean_score(p)
        assert s_low < mean < s_high and mean == pytest.approx(sum(o.scores[p] for o in result.outcomes) / 60)
    assert [r["player"] for r in result.table()] == [0, 1, 2]
    assert [r["seat"] for r in result.table()] == ["Player 1", "Player 2", "Player 3"]
    assert "60 of 60 games" in str(result) and "Player 3" in str(result)


def test_common_random_numbers_pair_the_branches(start):
    branches = {"same": start, "again": explorer.state_from_dict(start.to_dict())}
    runs = compare(branches, 30, seed=5, workers=1, progress=False)
    assert runs["same"].outcomes == runs["again"].outcomes      # same seeds: same luck
    assert paired_difference(runs["same"], runs["again"], 0) == (0.0, 0.0, 0.0)
    other = rollouts(start, 30, seed=6, workers=1, progress=False)
    with pytest.raises(PositionError, match="seed"):
        paired_difference(runs["same"], other, 0)
    with pytest.raises(PositionError, match="measure"):
        paired_difference(runs["same"], runs["again"], 0, measure="rank")


def test_named_policies_per_seat(start):
    mixed = rollouts(start, 10, seed=2, policies={1: ("ismcts", {"iterations": 5, "rollout_steps": 4})},
                     workers=1, progress=False)
    plain = rollouts(start, 10, seed=2, workers=1, progress=False)
    assert mixed.games == 10 and mixed.outcomes != plain.outcomes


def test_unnamed_seats_play_the_evaluator_and_random_stays_available_by_name(start):
    assert start.game.evaluator() == "rule_of_thumb"
    plain = rollouts(start, 12, seed=2, workers=1, progress=False)
    assert rollouts(start, 12, seed=2, policies="rule_of_thumb", workers=1, progress=False).outcomes == plain.outcomes
    random_seats = rollouts(start, 12, seed=2, policies="random", workers=1, progress=False)
    assert random_seats.outcomes != plain.outcomes
    one_random = rollouts(start, 12, seed=2, policies={0: "random"}, workers=1, progress=False)
    spelled = rollouts(start, 12, seed=2, policies=["random", "rule_of_thumb", "rule_of_thumb"], workers=1,
                       progress=False)
    assert one_random.outcomes == spelled.outcomes
    assert rollouts(start, 12, seed=2, policies=["random"], workers=1, progress=False).outcomes == \
        one_random.outcomes                               # a short list names the first seats only


def test_every_game_names_an_evaluator_among_its_policies_and_not_random():
    for name in explorer.games():
        game = explorer.load(name)
        assert game.evaluator() in game.policies() and game.evaluator() != "random", name
        assert "random" in game.policies()


def test_a_game_without_a_rule_of_thumb_evaluates_with_random():
    from toy_games import DiceGame

    from explorer.analysis.rollouts import seat_specs

    game = DiceGame(2)
    assert game.evaluator() == "random"
    assert seat_specs(game, None) == {0: "random", 1: "random"}
    assert seat_specs(game, {1: "ismcts"}) == {0: "random", 1: "ismcts"}


@pytest.mark.parametrize("kwargs, field", [
    ({"n": 0}, "n"), ({"n": True}, "n"), ({"backend": "spark"}, "backend"), ({"workers": 0}, "workers"),
    ({"policies": "grandmaster"}, "policies"), ({"policies": {5: "random"}}, "policies"),
    ({"policies": ("random", {"depth": 2})}, "policies"), ({"policies": 3}, "policies"),
    ({"policies": ("ismcts", {"iterations": 0})}, "iterations"),
])
def test_mistakes_name_the_argument(start, kwargs, field):
    args = {"n": 5, "progress": False, "workers": 1, **kwargs}
    with pytest.raises(PositionError) as err:
        rollouts(start, **args)
    assert err.value.field == field


def test_a_finished_game_cannot_be_rolled_out():
    game = explorer.load("sjoroveroya", players=3, turn_cap=1)
    over = advance(game.start(1), 1, steps=10_000)
    assert over.is_over
    with pytest.raises(PositionError, match="over"):
        rollouts(over, 5, progress=False)


def test_candidate_moves_are_checked(start):
    from explorer.analysis import after_moves

    legal = [str(a) for a in start.legal_actions()][:2]
    assert list(after_moves(start, legal)) == legal
    with pytest.raises(IllegalAction):
        after_moves(start, ["back@0"])


def test_interrupting_keeps_the_finished_games(start, monkeypatch):
    real = rollouts_module.run_chunk
    calls = []

    def flaky(payload):
        calls.append(payload)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(payload)

    monkeypatch.setattr(rollouts_module, "run_chunk", flaky)
    result = rollouts(start, 20, seed=4, workers=1, chunk=5, progress=False)
    assert result.interrupted and result.games == 10 and result.requested == 20
    full = rollouts(start, 10, seed=4, workers=1, progress=False)
    assert result.outcomes == full.outcomes


def test_no_progress_bar_when_disabled(start, capsys):
    rollouts(start, 5, workers=1, progress=False)
    assert capsys.readouterr().err == ""
    rollouts(start, 5, workers=1, progress=True)
    assert "5/5" in capsys.readouterr().err


def test_statistics_by_hand():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert t_quantile(10) == pytest.approx(2.2281, abs=1e-3)
    assert t_quantile(1) == pytest.approx(12.706, abs=1e-3)
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2 and high - mean == pytest.approx(4.3027 / math.sqrt(3), abs=1e-3)


def test_seat_and_option_studies_share_seeds():
    game = explorer.load("sjoroveroya", players=3, turn_cap=3)
    rows = seat_advantage(game, 12, seed=1, workers=1, progress=False)
    assert [r["player"] for r in rows] == [0, 1, 2] and all(r["games"] == 12 for r in rows)
    effect = option_effect("sjoroveroya", 3, "turn_cap", [3, 4], 12, seed=1, workers=1, progress=False)
    assert [(r["value"], r["player"]) for r in effect] == [(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2)]
    assert [r["win_rate"] for r in effect[:3]] == [r["win_rate"] for r in rows]
    with pytest.raises(PositionError, match="values"):
        option_effect("sjoroveroya", 3, "turn_cap", [], 5)


def test_dask_gives_the_process_pool_result(start):
    pool = rollouts(start, 24, seed=8, workers=2, chunk=4, progress=False)
    dask = rollouts(start, 24, seed=8, workers=2, chunk=4, progress=False, backend="dask")
    assert dask.outcomes == pool.outcomes and dask.games == 24
    rows = seat_advantage(start.game, 16, seed=2, workers=2, progress=False, backend="dask")
    assert rows == seat_advantage(start.game, 16, seed=2, workers=2, progress=False)


def test_in_a_browser_kernel_the_games_run_in_process_and_are_the_same(start, monkeypatch):
    """Pyodide starts no process: rollouts with workers=2 run there in the kernel, same games."""
    expected = rollouts(start, n=12, seed=4, workers=1, progress=False)
    module = rollouts_module
    def no_processes(*args, **kwargs):
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(module, "ProcessPoolExecutor", no_processes)
    monkeypatch.setattr(module.sys, "platform", "emscripten")
    assert rollouts(start, n=12, seed=4, workers=2, progress=False).outcomes == expected.outcomes
