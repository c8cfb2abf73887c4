"""The sampled answer where the exact solver does not reach (`solver.estimate`): one row per
candidate with a 95% interval, paired samples across candidates, a row for a draw (C3), and
agreement with the exact solver where both answer."""

from __future__ import annotations

import random

import pytest
from games.jolly_and_roger.support import GAME, SPECIAL

from explorer.core.play import advance
from explorer.games.jolly_and_roger.policies import Greedy, SolverPolicy
from explorer.games.jolly_and_roger.solver import Solver, estimate

pytestmark = pytest.mark.slow


def at(game, round_: int, phase: str, seed: int):
    rng = random.Random(seed)
    s = game.start(seed=seed)
    while not (s.round == round_ and s.phase == phase):
        s = advance(s, rng, steps=1)
    return s


class Recording:
    """Greedy play that notes the generator's state whenever it chooses an offer in `round_` (T3)."""

    needs_view = True

    def __init__(self, game, round_: int) -> None:
        self.inner = Greedy(game)
        self.round = round_
        self.seen: list = []

    def choose(self, view, legal, rng):
        if view["phase"] == "choose" and view["round"] == self.round:
            self.seen.append(rng.getstate())
        return self.inner.choose(view, legal, rng)


def test_T2_every_split_gets_a_row_with_its_interval_reproducible_from_the_seed():
    s = at(GAME, 5, "split", seed=2)
    rows = estimate(s, samples=30, seed=4)
    assert [r["action"] for r in rows] == list(s.legal_actions())
    assert all(r["n"] == 30 and r["low"] <= r["mean"] <= r["high"] and r["low"] < r["high"] for r in rows)
    assert estimate(s, samples=30, seed=4) == rows
    assert estimate(s, samples=30, seed=5) != rows


def test_T3_samples_are_paired_across_candidates():
    """Sample i of every split starts from the same hidden cards and random numbers: after each
    split the chooser is asked with the same generator state (common random numbers)."""
    s = at(GAME, 3, "split", seed=6)
    splits = len(s.legal_actions())
    policy = Recording(GAME, 3)
    estimate(s, samples=12, seed=1, policy=policy)
    assert len(policy.seen) == 12 * splits
    per_split = [policy.seen[12 * k:12 * (k + 1)] for k in range(splits)]
    assert all(states == per_split[0] for states in per_split)
    assert len({repr(state) for state in per_split[0]}) == 12


def test_T3_with_perfect_play_every_split_samples_its_exact_value():
    """After round 8's split nothing is hidden or left to chance: with the solver-backed policy
    every sample is the exact value of that split, so each row is exact with a zero-width interval."""
    s = at(GAME, 8, "split", seed=3)
    exact = dict(Solver().candidates(s))
    rows = estimate(s, samples=3, policy=SolverPolicy(GAME))
    for row in rows:
        assert row["mean"] == row["low"] == row["high"] == exact[row["action"]]


def test_C3_at_a_draw_one_row_for_the_position_whose_interval_holds_the_exact_value():
    s = at(GAME, 8, "draw", seed=8)
    assert s.is_chance and not s.table
    (row,) = estimate(s, samples=60, policy=SolverPolicy(GAME))
    assert row["action"] is None and row["n"] == 60
    assert row["low"] < float(Solver().value(s)) < row["high"]


def test_C3_special_cards_round_7_draw_is_answered_by_sampling():
    """Where the exact solver refuses (two special rounds from round 7's draw), estimate answers."""
    s = at(SPECIAL, 7, "draw", seed=3)
    with pytest.raises(ValueError, match="estimate"):
        Solver().value(s)
    (row,) = estimate(s, samples=20)
    assert row["action"] is None and row["low"] < row["mean"] < row["high"]


def test_estimate_rejects_no_samples_and_a_finished_game():
    s = at(GAME, 8, "split", seed=3)
    with pytest.raises(ValueError, match="samples"):
        estimate(s, samples=0)
    end = advance(s, random.Random(0), steps=100)
    assert end.is_over
    with pytest.raises(ValueError, match="over"):
        estimate(end)
