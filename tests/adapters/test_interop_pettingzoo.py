"""The PettingZoo adapter: PettingZoo's own api_test and seed_test pass on every game, and the
environment adds no rule logic of its own."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from interop_support import CAPS, PLAYER_COUNTS
from pettingzoo.test import api_test, seed_test

import explorer
from explorer.adapters.pettingzoo import ExplorerEnv, decode_observation, env, raw_env
from explorer.core.errors import OptionError

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

GAMES = explorer.games()


def capped(name: str, **extra):
    return env(name, PLAYER_COUNTS.get(name), **CAPS.get(name, {}), **extra)


def play(table, seed: int):
    """Masked random play to the end; returns the unwrapped environment."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
        else:
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return table.unwrapped


class TestPettingZoosOwnChecks:
    @pytest.mark.parametrize("name", GAMES)
    def test_api_test(self, name):
        with warnings.catch_warnings():
            # dict observations with masks warn, as in PettingZoo's own classic games
            warnings.simplefilter("ignore", UserWarning)
            api_test(capped(name), num_cycles=300)

    @pytest.mark.parametrize("name", GAMES)
    def test_seed_test(self, name):
        seed_test(lambda: capped(name), num_cycles=300)


class TestEnvironment:
    @pytest.mark.parametrize("name", GAMES)
    def test_adapter_adds_no_rule_logic(self, name):
        """A random game through PettingZoo ends where the same steps take our model."""
        final = play(capped(name), seed=4).state
        assert final.is_over
        assert explorer.replay(final.game, final.history) == final

    @pytest.mark.parametrize("name", GAMES)
    def test_rewards_are_shares_of_the_victory(self, name):
        table = capped(name)
        table.reset(seed=8)
        rng = np.random.default_rng(8)
        totals = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            totals[agent] += reward
            table.step(None if terminated or truncated else
                       int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        state = table.unwrapped.state
        assert state.is_over
        best = state.winners()[0]
        assert [totals[a] for a in table.possible_agents] == [1 / len(best) if p in best else 0.0
                                                              for p in range(state.game.players)]

    @pytest.mark.parametrize("name", GAMES)
    def test_observation_is_the_players_view_and_mask_the_legal_ids(self, name):
        table = capped(name)
        table.reset(seed=2)
        observation = table.observe(table.agent_selection)
        state = table.unwrapped.state
        player = table.possible_agents.index(table.agent_selection)
        text = decode_observation(observation["observation"])
        assert json.loads(text) == json.loads(state.observation_string(player))
        actions = state.game.action_space()
        assert {actions[i] for i in np.flatnonzero(observation["action_mask"])} == set(state.legal_actions())
        others = [a for a in table.possible_agents if a != table.agent_selection]
        assert not any(table.observe(a)["action_mask"].any() for a in others)

    def test_same_seed_same_game_other_seed_other_game(self):
        first = play(capped("sjoroveroya"), seed=1).state
        assert play(capped("sjoroveroya"), seed=1).state.history == first.history
        assert play(capped("sjoroveroya"), seed=2).state.history != first.history

    def test_decision_limit_truncates_a_game_short(self):
        table = env("dead_mans_dice", 3, decision_limit=4)
        final = play(table, seed=3)
        assert not final.state.is_over and final.decisions == 4
        assert final.agents == []

    @pytest.mark.parametrize("name", GAMES)
    def test_unset_caps_take_their_adapter_values(self, name):
        game = raw_env(name).game
        caps = dict(game.LENGTH_CAPS)
        assert {k: game.options[k] for k in caps} == caps
        assert raw_env(name).limit == game.max_decisions() > 0

    def test_score_difference_rewards_for_two_players(self):
        table = env("jolly_and_roger", returns="score_difference")
        table.reset(seed=6)
        rng = np.random.default_rng(6)
        totals = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            totals[agent] += reward
            table.step(None if terminated or truncated else
                       int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        first, second = table.unwrapped.state.scores()
        assert [totals["player_0"], totals["player_1"]] == [first - second, second - first]
        with pytest.raises(OptionError, match="returns: score_difference needs two players"):
            env("sjoroveroya", 3, returns="score_difference")

    def test_caps_switched_off_need_an_explicit_decision_limit(self):
        with pytest.raises(OptionError, match=r"decision_limit: .*no derived length bound"):
            env("last_bottle_of_rum", turn_limit=None)
        assert raw_env("last_bottle_of_rum", turn_limit=None, decision_limit=30).limit == 30

    def test_an_illegal_id_ends_the_game_for_the_offender(self):
        table = capped("sjoroveroya")
        table.reset(seed=0)
        observation, *_ = table.last()
        offender = table.agent_selection
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            table.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
        assert table.rewards[offender] == -1 and all(table.terminations.values())

    def test_render_shows_the_whole_position(self):
        table = raw_env("dead_mans_dice", 2, render_mode="ansi")
        table.reset(seed=1)
        assert table.render() == repr(table.state)

    def test_unwrapped_is_the_environment(self):
        assert isinstance(capped("pirate_rush").unwrapped, ExplorerEnv)
        assert capped("pirate_rush").metadata["name"] == "pirate_rush_v0"


class TestMistakes:
    def test_unknown_game_lists_the_games(self):
        with pytest.raises(OptionError, match="unknown game 'treasure_hunt'; games: dead_mans_dice"):
            env("treasure_hunt")

    def test_bad_option_names_the_option(self):
        with pytest.raises(OptionError, match=r"options\.round_limit"):
            env("dead_mans_dice", round_limit=0)

    def test_bad_render_mode_is_named(self):
        with pytest.raises(OptionError, match="render_mode"):
            env("dead_mans_dice", render_mode="human")

    def test_bad_decision_limit_is_named(self):
        with pytest.raises(OptionError, match="decision_limit"):
            env("dead_mans_dice", decision_limit=-3)

    def test_an_id_out_of_range_is_refused_by_the_standard_wrapper(self):
        table = capped("dead_mans_dice")
        table.reset(seed=0)
        with pytest.raises(AssertionError, match="action is not in action space"):
            table.step(10**6)

    def test_a_view_too_large_for_the_buffer_is_named(self):
        table = raw_env("sjoroveroya", 2, observation_bytes=10)
        table.reset(seed=0)
        with pytest.raises(OptionError, match="observation_bytes"):
            table.observe(table.agent_selection)
        with pytest.raises(OptionError, match="observation_bytes"):
            raw_env("sjoroveroya", 2, observation_bytes=0)
