"""The OpenSpiel adapter: OpenSpiel's own checks pass on every game (in a subprocess, since
a violation can abort the interpreter), and the adapter adds no rule logic of its own."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pyspiel
import pytest
from interop_support import CAPS, PLAYER_COUNTS

import explorer
import explorer.adapters.openspiel as adapter
from explorer.core.errors import IllegalAction, OptionError, PositionError
from explorer.core.play import choose

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

ROOT = Path(__file__).resolve().parents[2]
GAMES = explorer.games()


def run_checks(kind: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests"),
                                                        os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, str(ROOT / "tests" / "openspiel_checks.py"), kind], env=env,
                          capture_output=True, text=True, timeout=900)


def spiel_game(name: str, **params):
    options = {k: -1 if v is None else v for k, v in CAPS.get(name, {}).items()}
    players = PLAYER_COUNTS.get(name, explorer.load(name).players)
    return pyspiel.load_game(adapter.PREFIX + name, {"players": players, **options, **params})


def play_randomly(state, seed: int):
    """Random play through OpenSpiel alone: chance by its probabilities, decisions uniform."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


class TestOpenSpielsOwnChecks:
    def test_random_sim_test_passes_for_every_game_and_switch(self):
        result = run_checks("sim")
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        for name in GAMES:
            assert f"random_sim_test ok: {adapter.PREFIX}{name}(" in result.stdout

    def test_api_test_passes_for_our_games(self):
        result = run_checks("api")
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        assert f"api_test cases: {5 * len(GAMES)}" in result.stdout


class TestRegistration:
    @pytest.mark.parametrize("name", GAMES)
    def test_type_and_info_come_from_the_contract(self, name):
        game = spiel_game(name)
        model = game.model
        kind = game.get_type()
        assert kind.short_name == f"python_{name}"
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
        assert (kind.information == perfect) is model.perfect_information()
        assert game.num_distinct_actions() == len(model.action_space())
        assert game.max_chance_outcomes() == len(model.chance_space())
        assert game.max_game_length() == model.max_decisions() > 0
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)

    def test_capped_game_length_is_derived_from_the_cap(self):
        game = pyspiel.load_game("python_sjoroveroya", {"players": 3, "turn_cap": 4})
        assert game.max_game_length() == 4 * 3 * 4 == game.model.max_decisions()

    @pytest.mark.parametrize("name", GAMES)
    def test_default_parameters_give_every_cap_its_adapter_value(self, name):
        """No guessed bound: an unset cap takes the game's documented value (LENGTH_CAPS)."""
        game = pyspiel.load_game(adapter.PREFIX + name)
        caps = dict(explorer.load(name).LENGTH_CAPS)
        assert {k: game.model.options[k] for k in caps} == caps
        assert all(spec.nullable for spec in explorer.load(name).option_specs() if spec.name in caps)
        assert game.max_game_length() == explorer.load(name, **caps).max_decisions() > 0

    def test_caps_switched_off_need_an_explicit_decision_limit(self):
        with pytest.raises(OptionError, match=r"decision_limit: .*no derived length bound.*round_turn_limit"):
            pyspiel.load_game("python_dead_mans_dice", {"round_turn_limit": -1})
        game = pyspiel.load_game("python_dead_mans_dice", {"round_turn_limit": -1, "decision_limit": 40})
        assert game.model.options["round_turn_limit"] is None and game.max_game_length() == 40

    def test_options_round_trip_through_the_game_string(self):
        game = pyspiel.load_game("python_pirate_rush", {"skull_characters": "3,4,5,6,7,8",
                                                        "prestige_supply": "unlimited"})
        again = pyspiel.load_game(str(game))
        assert str(again) == str(game) and again.model == game.model
        assert game.model.options["skull_characters"] == "3,4,5,6,7,8"
        assert game.model.options["prestige_supply"] == "unlimited"
        dice = pyspiel.load_game("python_dead_mans_dice", {"broadside_hit_p": "1/2", "round_limit": -1,
                                                           "decision_limit": 500})
        assert dice.model.options["broadside_hit_p"] == "1/2" and dice.model.options["round_limit"] is None
        assert pyspiel.load_game(str(dice)).model == dice.model


class TestStates:
    @pytest.mark.parametrize("name", GAMES)
    def test_ids_name_our_actions_and_exact_outcomes(self, name):
        game = spiel_game(name)
        state = game.new_initial_state()
        rng = random.Random(1)
        for _ in range(60):
            if state.is_terminal():
                break
            model = state.model
            if state.is_chance_node():
                exact = dict(model.chance_outcomes())
                pairs = state.chance_outcomes()
                assert [a for a, _ in pairs] == sorted(a for a, _ in pairs)
                for action, p in pairs:
                    outcome = model.game.chance_space()[action]
                    assert p == float(exact[outcome])
                    assert state.action_to_string(pyspiel.PlayerId.CHANCE, action) == str(outcome)
                assert sum(exact.values()) == Fraction(1)
                state.apply_action(rng.choice([a for a, _ in pairs]))
            else:
                legal = state.legal_actions()
                assert legal == sorted(legal)
                assert {model.game.action_space()[a] for a in legal} == set(model.legal_actions())
                assert state.current_player() == model.player
                assert state.observation_string(model.player) == model.observation_string(model.player)
                state.apply_action(rng.choice(legal))

    @pytest.mark.parametrize("name", GAMES)
    def test_adapter_adds_no_rule_logic(self, name):
        """A random game through OpenSpiel ends where the same steps take our model."""
        game = spiel_game(name)
        final = play_randomly(game.new_initial_state(), seed=11)
        model = game.model.new_state()
        for item in final.full_history():
            space = game.model.chance_space() if item.player == pyspiel.PlayerId.CHANCE else game.model.action_space()
            model = model.apply(space[item.action])
        assert model == final.model and model.history == final.model.history
        if model.is_over:
            best = model.winners()[0]
            assert final.returns() == [1 / len(best) if p in best else 0.0 for p in range(game.num_players())]

    def test_serialisation_round_trips(self):
        game = spiel_game("last_bottle_of_rum")
        state = game.new_initial_state()
        for _ in range(40):
            state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
        again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
        assert str(again) == str(state) and again.model == state.model

    def test_decision_limit_cuts_a_game_short_with_equal_shares(self):
        game = spiel_game("dead_mans_dice", decision_limit=5)
        assert game.max_game_length() == 5
        state = play_randomly(game.new_initial_state(), seed=2)
        assert not state.model.is_over and state.decisions == 5
        assert state.returns() == [1 / 3] * 3 and state.legal_actions() == []

    def test_str_shows_the_whole_position(self):
        state = spiel_game("sjoroveroya").new_initial_state()
        state.apply_action(state.chance_outcomes()[0][0])
        assert str(state).startswith(repr(state.model))


class TestMistakes:
    def test_a_bad_option_names_the_option(self):
        with pytest.raises(OptionError, match=r"options\.turn_cap"):
            pyspiel.load_game("python_sjoroveroya", {"turn_cap": 0})
        with pytest.raises(OptionError, match="players"):
            pyspiel.load_game("python_sjoroveroya", {"players": 9})
        with pytest.raises(OptionError, match=r"options\.prestige_supply"):
            pyspiel.load_game("python_pirate_rush", {"prestige_supply": "lots"})

    def test_an_unknown_parameter_is_named(self):
        with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'cannons'"):
            pyspiel.load_game("python_sjoroveroya", {"cannons": 1})

    def test_a_negative_decision_limit_is_refused(self):
        with pytest.raises(OptionError, match="decision_limit"):
            pyspiel.load_game("python_dead_mans_dice", {"decision_limit": -1})

    def test_an_illegal_action_id_names_the_rule_and_changes_nothing(self):
        state = spiel_game("sjoroveroya").new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        before = state.model
        illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in state.legal_actions())
        with pytest.raises(IllegalAction, match=r"\(R\d+\)|\(T\d+\)|\(V\d+\)"):
            state.apply_action(illegal)
        assert state.model is before


    def test_an_id_out_of_range_is_named(self):
        state = spiel_game("dead_mans_dice").new_initial_state()
        with pytest.raises(PositionError, match=r"action: 999999 is not an action id of dead_mans_dice: ids run"):
            state.apply_action(999_999)
        state.apply_action(state.legal_actions()[0])
        with pytest.raises(PositionError, match="not a chance outcome id"):
            state.apply_action(999_999)


class TestOpenSpielAlgorithms:
    def test_mcts_with_random_rollouts_plays_against_our_policy(self):
        """OpenSpiel's MCTS bot (seat 0) against Dead Man's Dice's rule-of-thumb policy."""
        import numpy as np
        from open_spiel.python.algorithms import mcts

        game = pyspiel.load_game("python_dead_mans_dice", {"players": 2, "round_limit": 1, "target_score": 20,
                                                           "decision_limit": 150})
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(3))
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator,
                           random_state=np.random.RandomState(4))
        ours = game.model.policies()["rule_of_thumb"](game.model)
        rng = random.Random(5)
        state = game.new_initial_state()
        bot_moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            elif state.current_player() == 0:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
                bot_moves += 1
            else:
                choice = choose(state.model, ours, rng)
                state.apply_action(game.model.action_space().index(choice))
        assert bot_moves > 0
        assert sum(state.returns()) == pytest.approx(1.0)
