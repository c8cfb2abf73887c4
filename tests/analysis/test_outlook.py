"""The outlooks (`Game.win_chances`): each seat's estimated chance of winning, fitted on
rule-of-thumb games, which a search judges its cut-off rollouts by."""

from __future__ import annotations

import math
import random

import pytest

import explorer
from explorer.analysis import ISMCTS
from explorer.core.play import advance, choose


def thumb_positions(name: str, seed: int, every: int = 9) -> tuple[list, object]:
    """Decision positions along one rule-of-thumb game, and its end."""
    game = explorer.load(name)
    policy = game.policies()["rule_of_thumb"](game)
    rng, state, seen, k = random.Random(seed), game.new_state(), [], 0
    while not state.is_over and k < 5000:
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
            continue
        if k % every == 0:
            seen.append(state)
        state = state._step(choose(state, policy, rng))
        k += 1
    return seen, state


@pytest.mark.parametrize("name", explorer.games())
def test_win_chances_are_none_or_a_distribution_over_the_seats(name):
    game = explorer.load(name)
    seen, end = thumb_positions(name, 1)
    for state in [*seen, end]:
        chances = game.win_chances(state)
        if chances is None:
            continue
        assert len(chances) == game.players and all(0 <= c <= 1 for c in chances)
        assert math.isclose(sum(chances), 1.0)
    chances = game.win_chances(end)
    if chances is not None and end.is_over:
        first = end.winners()[0]
        assert [chances[p] for p in first] == [1 / len(first)] * len(first)


@pytest.mark.parametrize("name", ["dead_mans_dice", "last_bottle_of_rum"])
def test_the_outlook_predicts_fresh_rule_of_thumb_games_better_than_a_coin(name):
    """Held-out games (seeds far from the fit's): the mean log-likelihood of who won, from
    positions along the way, beats giving every seat the same chance."""
    game = explorer.load(name)
    total, count = 0.0, 0
    for seed in range(500, 540):
        seen, end = thumb_positions(name, seed)
        if not end.is_over or len(end.winners()[0]) != 1:
            continue
        winner = end.winners()[0][0]
        for state in seen:
            total += math.log(max(1e-12, game.win_chances(state)[winner]))
            count += 1
    assert count > 200
    assert total / count > math.log(1 / game.players) + 0.05


def test_dead_mans_dice_outlook_grows_sharper_as_the_race_nears_the_target():
    from explorer.games.dead_mans_dice.outlook import sharpness

    game = explorer.load("dead_mans_dice")
    assert sharpness(0.05) < sharpness(0.5) < sharpness(0.95) < sharpness(1.2)
    seen, _ = thumb_positions("dead_mans_dice", 3, every=3)
    for state in seen:
        chances, scores = game.win_chances(state), state.scores()
        leader = max(range(game.players), key=lambda p: scores[p])
        assert chances[leader] == max(chances)


def test_rum_outlook_favours_loot_and_cargo():
    from explorer.games.last_bottle_of_rum.outlook import WEIGHTS

    assert WEIGHTS["loot"] > 0 and WEIGHTS["cargo"] > 0 and WEIGHTS["held"] > 0
    assert WEIGHTS["damage"] < 0 and WEIGHTS["curse"] < 0 and WEIGHTS["home_distance_laden"] < 0
    game = explorer.load("last_bottle_of_rum")
    seen, _ = thumb_positions("last_bottle_of_rum", 4)
    state = seen[len(seen) // 2]
    data = state.to_dict()
    data["ships"][0]["loot"] += 2
    ahead = game.state_from_dict(data)
    assert game.win_chances(ahead)[0] > game.win_chances(state)[0]
    data["ships"][0]["curse"] = min(5, data["ships"][0]["curse"] + 2)
    assert game.win_chances(game.state_from_dict(data))[0] < game.win_chances(ahead)[0]


@pytest.mark.parametrize("name", ["dead_mans_dice", "last_bottle_of_rum"])
def test_a_cut_off_rollout_is_judged_by_the_outlook(name):
    game = explorer.load(name)
    bot = ISMCTS(game, iterations=1, rollout_steps=0)
    state = advance(game.new_state(), 5, None, 40)
    assert not state.is_over
    assert bot._rollout(state, random.Random(0)) == list(game.win_chances(state))
