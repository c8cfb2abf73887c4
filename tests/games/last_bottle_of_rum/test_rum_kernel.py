"""The Last Bottle of Rum's random playout (playout.py) beyond the generic checks of
test_random_playout.py: the chance fast paths draw as `sample` does, and the positions the
kernel declines."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.core.chance import sample
from explorer.games.last_bottle_of_rum.rulebook.chance import outcomes, sample_outcome

pytestmark = pytest.mark.slow


def _with_pending(state, task: list):
    data = state.to_dict()
    data["pending"] = [task, *data["pending"]]
    return state.game.state_from_dict(data)


def _map_node(state):
    """A pair just taken (R27): its map and treasure gone to the discard, a new map to turn up."""
    data = state.to_dict()
    (m, t), data["display"] = data["display"][-1], data["display"][:-1]
    data["map_discard"], data["treasure_discard"] = [m], [t]
    del data["map_deck"], data["treasure_deck"]
    data["pending"] = [["map"], *data["pending"]]
    return state.game.state_from_dict(data)


def test_fast_chance_draws_match_sample_over_the_exact_outcomes():
    """C1, C12 (dice), S10 (first player), C9 (maps): the fast path and `sample` over the
    listed outcomes pick the same outcome and leave the generator in the same state."""
    game = explorer.load("last_bottle_of_rum", players=3, turn_limit=5)
    start = game.start(4)
    setup = game.new_state()
    while setup.pending[0][0] != "first":
        setup = setup.apply(setup.chance_outcomes()[0][0] if setup.is_chance else setup.legal_actions()[0])
    rng, main = random.Random(4), start
    while main.phase != "main" or main.pending:
        main = main.apply(main.sample_chance(rng) if main.is_chance else main.legal_actions()[0])
    nodes = [_with_pending(main, ["roll", main.active, (main.active + 1) % 3, 1]),
             _with_pending(main, ["kraken_roll", 2]),
             setup,
             _map_node(start)]
    for node in nodes:
        assert node.is_chance
        for seed in range(40):
            fast, slow = random.Random(seed), random.Random(seed)
            assert sample_outcome(node, fast) == sample(outcomes(node), slow)
            assert fast.getstate() == slow.getstate()


def _model_playout(state, rng, max_steps=100_000):
    """Step the model as the kernel promises to: a uniform legal index, `sample_chance`."""
    steps = 0
    while not state.is_over:
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state._step(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < max_steps
    return state, steps


def test_T2_a_position_waiting_on_an_automatic_step_is_a_one_outcome_chance_node():
    """An edited position whose first step is automatic (a refill, T2) waits on "go on" with
    probability 1; the kernel plays it exactly as the model does."""
    game = explorer.load("last_bottle_of_rum", players=2, turn_limit=5)
    start = game.start(1)
    odd = _with_pending(start, ["draw", 0, -1, 0])
    assert odd.is_chance and odd.player is None and not odd.is_over
    assert [(str(o), p) for o, p in odd.chance_outcomes()] == [("go on", 1)]
    for seed in range(6):
        end = game.playout(odd, random.Random(seed), 100_000, "random", final=True)
        rng = random.Random(seed)
        final, steps = _model_playout(odd, rng)
        assert end.state == final and end.steps == steps
