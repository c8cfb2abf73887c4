"""The contract's adapter methods, on every game: fixed sorted spaces, the decision bound,
perfect information and observation strings (what OpenSpiel and PettingZoo rely on)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from interop_support import CAPS, PLAYER_COUNTS, variants

import explorer
from explorer.core.spaces import sorted_space

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

GAMES = explorer.games()
SETUPS = [(name, options) for name in GAMES for options in variants(name)]


def load(name, **options):
    return explorer.load(name, PLAYER_COUNTS.get(name), **options)


def walk(game, seed):
    """Every state of one random game, played to its end."""
    rng = random.Random(seed)
    state = game.new_state()
    states = [state]
    while not state.is_over:
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state._step(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def without_viewer(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "viewer"}


class TestSpaceShape:
    @pytest.mark.parametrize("name", GAMES)
    def test_spaces_are_sorted_by_notation_and_distinct(self, name):
        game = load(name)
        for space in (game.action_space(), game.chance_space()):
            names = [str(item) for item in space]
            assert names == sorted(names)
            assert len(set(names)) == len(names) == len(set(space))

    @pytest.mark.parametrize("name", GAMES)
    def test_notation_reads_back_to_the_same_action(self, name):
        game = load(name)
        for item in (*game.action_space(), *game.chance_space()):
            assert game.parse_action(str(item)) == item

    @pytest.mark.parametrize("name", GAMES)
    def test_spaces_are_stable_between_equal_games(self, name):
        assert load(name).action_space() == load(name).action_space()
        assert load(name).chance_space() == load(name).chance_space()

    def test_two_actions_with_one_notation_are_refused(self):
        class Same:
            def __init__(self, tag):
                self.tag = tag

            def __str__(self):
                return "end"

        with pytest.raises(ValueError, match="both written 'end'"):
            sorted_space([Same(1), Same(2)])


class TestSpacesCoverPlay:
    @pytest.mark.parametrize(("name", "options"), SETUPS, ids=[f"{n}-{o}" for n, o in SETUPS])
    def test_every_legal_action_and_outcome_has_an_id(self, name, options):
        game = load(name, **options)
        actions, outcomes = set(game.action_space()), set(game.chance_space())
        for seed in range(3):
            for state in walk(game, seed):
                assert set(state.legal_actions()) <= actions, state.legal_actions()
                assert {o for o, _ in state.chance_outcomes()} <= outcomes


class TestDecisionBound:
    @pytest.mark.parametrize("name", GAMES)
    def test_random_games_stay_within_the_bound(self, name):
        for options in variants(name):
            game = load(name, **options)
            bound = game.max_decisions()
            if bound is None:
                continue
            for seed in range(5):
                decisions = sum(1 for s in walk(game, seed) if not s.is_chance and not s.is_over)
                assert decisions <= bound

    def test_sjoroveroya_bound_follows_the_turn_cap_and_hand_limit(self):
        assert load("sjoroveroya").max_decisions() is None
        assert explorer.load("sjoroveroya", 3, turn_cap=4).max_decisions() == 4 * 3 * (3 + 1)
        assert explorer.load("sjoroveroya", 2, turn_cap=2, variant="children").max_decisions() == 2 * 2 * (1 + 1)
        assert explorer.load("sjoroveroya", 2, turn_cap=1, hand_limit=4).max_decisions() == 2 * (3 + 1 + 84 - 4)

    def test_sjoroveroya_hand_limit_games_stay_within_the_bound(self):
        game = explorer.load("sjoroveroya", 4, turn_cap=3, hand_limit=2)
        for seed in range(5):
            assert sum(1 for s in walk(game, seed) if not s.is_chance and not s.is_over) <= game.max_decisions()

    def test_dead_mans_dice_has_no_bound_with_only_a_round_limit(self):
        """Maroons (R19) and tied roll-offs (R9) repeat: only its house rules bound a round."""
        assert explorer.load("dead_mans_dice", 2, round_limit=1).max_decisions() is None
        capped = explorer.load("dead_mans_dice", 2, round_limit=1, round_turn_limit=4, rolloff_limit=0)
        assert capped.max_decisions() == 1 * (1 * 2 + 4 * (3 * 2 + 3))

    def test_caps_used_by_the_interop_tests_exist(self):
        for name, caps in CAPS.items():
            assert set(caps) <= {spec.name for spec in explorer.load(name).option_specs()}


class TestInformation:
    @pytest.mark.parametrize("name", GAMES)
    def test_perfect_information_means_every_view_is_the_whole_position(self, name):
        game = load(name, **CAPS.get(name, {}))
        hidden = False
        for seed in range(3):
            for state in walk(game, seed)[::3]:
                whole = without_viewer(state.view(None))
                differ = any(without_viewer(state.view(p)) != whole for p in range(game.players))
                hidden = hidden or differ
                if game.perfect_information():
                    assert not differ
        assert hidden is not game.perfect_information()

    @pytest.mark.parametrize("name", GAMES)
    def test_observation_string_is_the_view_as_canonical_json(self, name):
        state = load(name, **CAPS.get(name, {})).start(seed=3)
        for player in range(state.game.players):
            text = state.observation_string(player)
            assert json.loads(text) == json.loads(json.dumps(state.view(player)))
            assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


class TestValueCopies:
    @pytest.mark.parametrize("name", GAMES)
    def test_copies_are_the_same_value_and_reduce_to_position_data(self, name):
        state = load(name, **CAPS.get(name, {})).start(seed=5)
        assert copy.deepcopy(state) is state and copy.copy(state) is state
        assert copy.deepcopy(state.game) is state.game
        rebuild, (data,) = state.__reduce__()
        assert data == state.to_dict() and rebuild(data) == state
        rebuild_game, (setup,) = state.game.__reduce__()
        assert rebuild_game(setup) == state.game
