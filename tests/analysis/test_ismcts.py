"""The ISMCTS bot: plays from its view only, finds the right move, refuses bad budgets."""

from __future__ import annotations

import random

import pytest
from toy_games import DiceGame

import explorer
from explorer.analysis import ISMCTS
from explorer.analysis.ismcts import END_STEPS, rank_rewards, ranking_rewards
from explorer.analysis.paired import _pick
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


# -- rollouts to the end on the game's kernel, and the paired root search -----------------

def test_paired_root_search_rolls_two_dice_when_one_cannot_win():
    game = DiceGame(2)
    state = game.state_from_dict({"totals": [6, 0], "to_move": 1, "dice_left": 0})
    seeds = [seed for seed in range(40) if random.Random(seed).randrange(2) == 0][:3]   # random prior says "one"
    bot = ISMCTS(game, iterations=200, rollout_steps=None, root="paired", prior="random", reward="win")
    assert [bot.choose(state.view(1), state.legal_actions(), random.Random(seed)) for seed in seeds] == ["two"] * 3


def test_paired_pick_keeps_the_favourite_unless_another_move_is_clearly_better():
    # worlds 0..3; "b" beats the favourite "a" by 0.25 a world with no spread: clearly better
    a = [(i, 0.5) for i in range(4)]
    b = [(i, 0.75) for i in range(4)]
    assert _pick(["a", "b"], [a, b], "a", 1.0) == 1
    # "c" is better on average but its edge (1, -1, 1, -1 plus 0.5) is within one standard error
    c = [(0, 1.0), (1, 0.0), (2, 1.0), (3, 0.0)]
    assert _pick(["a", "c"], [a, c], "a", 1.0) == 0
    assert _pick(["a", "c"], [a, c], None, 1.0) == 0        # no favourite: the best mean (a tie: the first)
    assert _pick(["a", "b", "c"], [a, b, c], None, 1.0) == 1
    # with z = 0 any positive paired edge is enough; only worlds both moves met are paired
    d = [(0, 1.0), (2, 0.5), (3, 0.75)]
    assert _pick(["a", "d"], [a, d], "a", 0.0) == 1


@pytest.mark.parametrize("name", explorer.games())
def test_a_rollout_to_the_end_on_the_kernel_is_worth_what_stepping_the_model_gives(name):
    """The kernel plays the same games as the model (same generator calls), so a rollout's
    rewards are the same either way: checked from ten positions of a rule-of-thumb game."""
    game = explorer.load(name)
    bot = ISMCTS(game, iterations=1, rollout_steps=None, rollout="rule_of_thumb", reward="win")
    seats = {p: game.policies()["rule_of_thumb"](game) for p in range(game.players)}
    state, rng, checked = game.start(7), random.Random(7), 0
    while checked < 10:
        if state.is_over:   # a short game: the next one, until ten positions were checked
            state = game.start(8 + checked)
        if not state.is_chance:
            end = advance(state, random.Random(checked), seats, END_STEPS)
            assert bot._rollout(state, random.Random(checked)) == ranking_rewards(end.winners(), game.players, "win")
            checked += 1
        state = advance(state, rng, seats, 3)
    assert checked == 10


def test_ranking_rewards_share_a_win_or_count_opponents_beaten():
    assert ranking_rewards(((1,), (0, 2)), 3, "win") == [0.0, 1.0, 0.0]
    assert ranking_rewards(((0, 2), (1,)), 3, "win") == [0.5, 0.0, 0.5]
    assert ranking_rewards(((1,), (0, 2)), 3, "rank") == [0.25, 1.0, 0.25]


@pytest.mark.parametrize("kwargs, field", [
    ({"root": "forest"}, "root"), ({"prior_z": -1}, "prior_z"), ({"prior_z": True}, "prior_z"),
    ({"reward": "glory"}, "reward"), ({"rollout_steps": True}, "rollout_steps"),
    ({"rollout_steps": 2.5}, "rollout_steps"), ({"horizon": "tide"}, "horizon"),
])
def test_bad_search_choices_name_the_argument(kwargs, field):
    with pytest.raises(PositionError) as err:
        ISMCTS(DiceGame(2), **kwargs)
    assert err.value.field == field


def test_a_step_budget_gives_short_endings_more_worlds():
    """`budget_steps` stops the paired search once its rollouts have played that many steps:
    a race near its end (short rollouts) gets more worlds than one far from it."""
    worlds = {}
    for label, target in (("far", 100), ("near", 12)):
        game = explorer.load("dead_mans_dice", target_score=target)
        bot = ISMCTS(game, iterations=10_000, budget_steps=3_000, rollout_steps=None, rollout="rule_of_thumb",
                     root="paired", reward="win")
        state, rng = game.start(5), random.Random(5)
        while state.is_chance or len(state.legal_actions()) < 2:
            state = advance(state, rng)
        bot.choose(state.view(state.player), state.legal_actions(), random.Random(1))
        assert bot.played >= 3_000 and bot.worlds < 10_000
        worlds[label] = bot.worlds
    assert worlds["near"] > 2 * worlds["far"]


@pytest.mark.parametrize("value", [0, -5, True, 2.5])
def test_a_bad_step_budget_names_the_argument(value):
    with pytest.raises(PositionError) as err:
        ISMCTS(DiceGame(2), budget_steps=value)
    assert err.value.field == "budget_steps"


# -- the round horizon: rollouts to the scored round, judged by the outlook -------------------

def test_T6_a_round_horizon_rollout_is_judged_by_the_outlook_where_the_round_is_scored():
    """With `horizon="round"` a Dead Man's Dice rollout stops once the round is scored (T6,
    `Game.playout(..., until="round")`) and is worth the outlook there (`Game.win_chances`), or the ranking
    when that round ended the game (E7)."""
    game = explorer.load("dead_mans_dice", players=3, target_score=40)
    bot = ISMCTS(game, iterations=1, rollout_steps=None, rollout="rule_of_thumb", reward="win", horizon="round")
    seats = {p: game.policies()["rule_of_thumb"](game) for p in range(game.players)}
    state, rng, checked, ends = game.start(3), random.Random(3), 0, 0
    while not state.is_over:
        if not state.is_chance:
            end = game.playout(state, random.Random(checked), END_STEPS, "rule_of_thumb", until="round")
            assert end is not None and end.state is not None
            want = ranking_rewards(end.winners, 3, "win") if end.state.is_over else list(game.win_chances(end.state))
            bot.played = 0
            assert bot._rollout(state, random.Random(checked)) == want
            assert bot.played == end.steps
            checked += 1
            ends += end.state.is_over
        state = advance(state, rng, seats, 2)
    assert checked >= 10 and 0 < ends < checked


@pytest.mark.parametrize("name", ["jolly_and_roger", "sjoroveroya"])
def test_without_rounds_to_stop_at_the_round_horizon_plays_to_the_end(name):
    game = explorer.load(name)
    end_bot, round_bot = (ISMCTS(game, iterations=1, rollout_steps=None, rollout="rule_of_thumb", horizon=h)
                          for h in ("end", "round"))
    state = advance(game.start(2), random.Random(2), steps=12)
    while state.is_chance:
        state = advance(state, random.Random(3))
    assert round_bot._rollout(state, random.Random(4)) == end_bot._rollout(state, random.Random(4))


class _OpenDice(DiceGame):
    """The toy dice race, saying what is true of it: nothing is hidden."""

    drawn = 0

    def perfect_information(self) -> bool:
        return True

    def sample_state(self, view, rng):
        type(self).drawn += 1
        return super().sample_state(view, rng)


def test_paired_search_draws_a_perfect_information_world_once():
    """Where every view is the whole position the paired search draws its one world once and
    makes each move once, and chooses as it does world by world."""
    state = DiceGame(2).state_from_dict({"totals": [6, 0], "to_move": 1, "dice_left": 0})
    picks = []
    for game in (DiceGame(2), _OpenDice(2)):
        bot = ISMCTS(game, iterations=60, rollout_steps=None, root="paired", prior="random", reward="win")
        _OpenDice.drawn = 0
        picks.append([bot.choose(state.view(1), state.legal_actions(), random.Random(seed)) for seed in range(4)])
        assert bot.worlds == 60
    assert _OpenDice.drawn == 4
    assert picks[0] == picks[1]
