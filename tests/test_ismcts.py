"""The ISMCTS bot: plays from its view only, finds the right move, refuses bad budgets."""

from __future__ import annotations

import random

import pytest
from toy_games import DiceGame

import explorer
from explorer.analysis import ISMCTS
from explorer.analysis.ismcts import rank_rewards
from explorer.core.errors import PositionError
from explorer.core.play import advance, choose


def test_it_rolls_two_dice_when_one_cannot_win():
    game = DiceGame(2)
    state = game.state_from_dict({"totals": [6, 0], "to_move": 1, "dice_left": 0})
    bot = ISMCTS(game, iterations=300)
    assert choose(state, bot, random.Random(1)) == "two"    # P(win) 21/36 against at best a tie


def test_a_time_budget_also_works():
    game = DiceGame(2)
    state = game.state_from_dict({"totals": [6, 0], "to_move": 1, "dice_left": 0})
    assert ISMCTS(game, iterations=None, seconds=0.05).choose(state.view(1), state.legal_actions(),
                                                              random.Random(0)) in ("one", "two")


def test_it_sees_only_its_view():
    game = explorer.load("sjoroveroya", players=3)
    state = advance(game.start(4), 4, steps=30)
    while state.is_chance:
        state = advance(state, 1)
    me = state.player
    twin = game.sample_state(state.view(me), random.Random(99))   # other hidden cards, same view
    assert twin != state and twin.view(me)["hands"] == state.view(me)["hands"]
    bot = ISMCTS(game, iterations=40, rollout_steps=8)
    assert choose(state, bot, random.Random(5)) == choose(twin, bot, random.Random(5))


def test_rank_rewards_follow_the_ranking_and_the_lead():
    game = DiceGame(3)
    over = game.state_from_dict({"totals": [5, 9, 5], "to_move": 3, "dice_left": 0})
    assert rank_rewards(over) == [0.25, 1.0, 0.25]
    early = game.state_from_dict({"totals": [2, 0, 4], "to_move": 1, "dice_left": 0})
    rewards = rank_rewards(early)
    assert rewards[2] > rewards[0] > rewards[1] and all(0 < r < 1 for r in rewards)


@pytest.mark.parametrize("kwargs, field", [
    ({"iterations": 0}, "iterations"), ({"iterations": None}, "iterations"), ({"seconds": -1.0}, "seconds"),
    ({"rollout": "grandmaster"}, "rollout"), ({"rollout_steps": -2}, "rollout_steps"),
])
def test_bad_budgets_name_the_argument(kwargs, field):
    with pytest.raises(PositionError) as err:
        ISMCTS(DiceGame(2), **kwargs)
    assert err.value.field == field


def test_it_needs_the_game():
    with pytest.raises(PositionError, match="Game"):
        ISMCTS("sjoroveroya")


def test_a_full_share_prior_plays_the_prior_move():
    game = explorer.load("sjoroveroya", players=2)
    rule = game.policies()["rule_of_thumb"](game)
    bot = ISMCTS(game, iterations=6, rollout_steps=4, prior="rule_of_thumb", prior_share=1.0)
    state, rng, checked = game.start(11), random.Random(11), 0
    while checked < 8:
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
            continue
        view, legal = state.view(state.player), state.legal_actions()
        if len(legal) > 1:
            assert bot.choose(view, legal, random.Random(checked)) == rule.choose(view, legal, random.Random(checked))
            checked += 1
        state = state._step(rule.choose(view, legal, rng))


def test_the_search_overrules_a_poor_prior():
    game = DiceGame(2)
    state = game.state_from_dict({"totals": [6, 0], "to_move": 1, "dice_left": 0})
    seeds = [seed for seed in range(40) if random.Random(seed).randrange(2) == 0][:3]   # random prior says "one"
    bot = ISMCTS(game, iterations=300, prior="random", prior_share=0.25)
    assert [bot.choose(state.view(1), state.legal_actions(), random.Random(seed)) for seed in seeds] == ["two"] * 3


@pytest.mark.parametrize("kwargs, field", [
    ({"prior": "grandmaster"}, "prior"), ({"prior": "random", "prior_share": 1.5}, "prior_share"),
    ({"prior": "random", "prior_share": True}, "prior_share"),
])
def test_bad_priors_name_the_argument(kwargs, field):
    with pytest.raises(PositionError) as err:
        ISMCTS(DiceGame(2), **kwargs)
    assert err.value.field == field


@pytest.mark.parametrize("name", explorer.games())
def test_each_games_search_settings_make_a_bot_that_plays_a_legal_move(name):
    game = explorer.load(name)
    bot = ISMCTS(game, **game.search_settings())
    state, rng = game.start(3), random.Random(3)
    while state.is_chance or len(state.legal_actions()) < 2:
        state = advance(state, rng)
    assert choose(state, bot, random.Random(1)) in state.legal_actions()
