"""`Game.playout(..., until="round")`: fast play up to the scored round (Dead Man's Dice, T6), the horizon
the search bot judges by the outlook (`ISMCTS(horizon="round")`).

Like every kernel it is a speed-up, never a second rulebook: from the same position with
the same generator it reaches the state the model reaches when stepped with the same
policy until the round has been scored (E2-E8) or the game is over, in as many steps,
leaving the generator in the same state."""

from __future__ import annotations

import random

import pytest
from test_policy_playout import SETUPS, positions, setup_id

import explorer
from explorer.core.play import choose

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

ROUND_SETUPS = [s for s in SETUPS if s[0] == "dead_mans_dice"]


def model_round(start: explorer.State, rng: random.Random, policy: str) -> explorer.State:
    """Step the model as `explorer.core.play.advance` does, until the round is scored."""
    game = start.game
    seats = [game.policies()[policy](game)] * game.players
    state = start
    while not state.is_over and state.step != "scored":
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            state = state._step(choose(state, seats[state.player], rng))
    return state


@pytest.mark.parametrize("setup", ROUND_SETUPS, ids=[setup_id(s) for s in ROUND_SETUPS])
@pytest.mark.parametrize("policy", ["rule_of_thumb", "cautious"])
def test_T6_round_playout_stops_where_the_model_scores_the_round(setup: tuple, policy: str) -> None:
    name, players, options = setup
    game = explorer.load(name, players=players, **options)
    scored = 0
    for start in positions(game, policy, 3):
        for seed in range(3):
            fast, slow = random.Random(seed), random.Random(seed)
            end = game.playout(start, fast, 1_000_000, policy, until="round")
            final = model_round(start, slow, policy)
            assert end is not None and end.state is not None
            assert end.state == final
            assert end.state.to_dict() == final.to_dict()
            assert end.steps == len(final.history) - len(start.history)
            assert end.scores == final.totals
            assert fast.getstate() == slow.getstate()
            scored += final.step == "scored"
    assert scored >= 6, "too few rounds ended short of the game's end to test the horizon"


def test_T6_a_scored_round_is_its_own_horizon() -> None:
    """At a scored round (T6) nothing is played: the state comes back as it is."""
    game = explorer.load("dead_mans_dice", players=3)
    state = model_round(game.start(3), random.Random(1), "rule_of_thumb")
    assert state.step == "scored"
    end = game.playout(state, random.Random(2), 10, "rule_of_thumb", until="round")
    assert end is not None and end.steps == 0 and end.state == state


def test_round_playout_is_none_without_rounds_or_kernel() -> None:
    """Games whose rounds pass on more than totals (or that have no rounds) offer none, and
    Dead Man's Dice none for a policy its kernel does not play."""
    for name in ("jolly_and_roger", "pirate_rush", "sjoroveroya", "last_bottle_of_rum"):
        game = explorer.load(name)
        assert game.playout(game.start(1), random.Random(1), 10_000, game.evaluator(), until="round") is None
    dice = explorer.load("dead_mans_dice", players=3)
    assert dice.playout(dice.start(1), random.Random(1), 10_000, "ismcts", until="round") is None


def test_round_playout_max_steps_is_a_guard() -> None:
    game = explorer.load("dead_mans_dice", players=3)
    with pytest.raises(RuntimeError, match="no end"):
        game.playout(game.start(1), random.Random(1), 2, "rule_of_thumb", until="round")
