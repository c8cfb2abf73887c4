"""The Last Bottle of Rum's random-playout kernel (kernel.py) beyond the generic checks of
test_random_playout.py: the chance fast paths draw as `sample` does, and the positions the
kernel declines."""

from __future__ import annotations

import random

import explorer
from explorer.core.chance import sample
from explorer.games.last_bottle_of_rum.chance import outcomes, sample_outcome


def _with_pending(state, task: list):
    data = state.to_dict()
    data["pending"] = [task, *data["pending"]]
    return state.game.state_from_dict(data)


def test_fast_chance_draws_match_sample_over_the_exact_outcomes():
    """C1, C12 (dice), S10 (first player), C9 (maps): the fast path and `sample` over the
    listed outcomes pick the same outcome and leave the generator in the same state."""
    game = explorer.load("last_bottle_of_rum", players=3, turn_limit=5)
    start = game.start(4)
    nodes = [_with_pending(start, ["roll", 0, 1, 1]),
             _with_pending(start, ["kraken_roll", 2]),
             _with_pending(start, ["first"]),
             _with_pending(start, ["map"])]
    for node in nodes:
        assert node.is_chance
        for seed in range(40):
            fast, slow = random.Random(seed), random.Random(seed)
            assert sample_outcome(node, fast) == sample(outcomes(node), slow)
            assert fast.getstate() == slow.getstate()


def test_kernel_declines_a_position_waiting_on_an_automatic_task():
    """An edited position whose first task is automatic (a refill, T2) is neither a decision
    nor a chance node: the kernel returns None and leaves it to the model."""
    game = explorer.load("last_bottle_of_rum", players=2, turn_limit=5)
    start = game.start(1)
    odd = _with_pending(start, ["draw", 0, -1, 0])
    assert not odd.is_chance and odd.player is None and not odd.is_over
    assert game.random_playout(odd, random.Random(1), 1000) is None
    assert game.random_playout(start, random.Random(1), 10_000) is not None
