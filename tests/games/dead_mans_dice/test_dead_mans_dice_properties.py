"""Dead Man's Dice property tests: random games across the options that change play.

After every step: every die is in its owner's hand or in exactly one pile, totals stay
within what the rounds and broadsides could give, and the game ends (the `round_limit`
guard caps a game; sensible play ends it by the target long before). Sampled states
check that `apply` never mutates, `to_dict` round-trips and `replay` reproduces.
"""

from __future__ import annotations

import json
import random

import pytest
from games.dead_mans_dice.support import table
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core.errors import IllegalAction, PositionError

pytestmark = pytest.mark.slow

OPTIONS = st.fixed_dictionaries({
    "broadside": st.sampled_from(["declared", "off"]),
    "broadside_hit_p": st.sampled_from(["1", "1/2", "0"]),
    "wobble": st.booleans(),
    "stray_shots": st.booleans(),
    "hold_fire": st.booleans(),
    "maroon_ends_round": st.booleans(),
    "jr_die_unplunderable": st.booleans(),
    "final_plunder": st.booleans(),
    "target_score": st.integers(10, 60),
    "tie_rule": st.sampled_from(["extra_round", "shared"]),
    "opening_reroll": st.sampled_from(["all", "tied_only"]),
    "optional_placement": st.booleans(),
    "round_limit": st.integers(1, 4),
})
GAMES_PER_EXAMPLE = 5
MAX_STEPS = 20_000


def check(state, n: int) -> None:
    """Dice conservation (R1, R4) and score bounds (E2-E6)."""
    seen = []
    for p, hand in enumerate(state.hands):
        assert all(d // 3 == p for d in hand)
        seen += hand
    for pile in state.piles:
        seen += [d for d, _ in pile]
    assert sorted(seen) == list(range(3 * n))
    assert all(-7 * 10_000 <= t <= 3 * n * 7 * 2 * state.round for t in state.totals)


def play_game(game, seed: int):
    rng = random.Random(seed)
    state = game.new_state()
    sampled = []
    for step in range(MAX_STEPS):
        if state.is_over:
            return state, sampled
        if state.is_chance:
            move = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            move = legal[rng.randrange(len(legal))]
        if step % 97 == 0:
            sampled.append(state)
        state = state._step(move)
        check(state, game.players)
    raise AssertionError("no end within the step guard")


@settings(max_examples=220)
@given(players=st.integers(2, 6), options=OPTIONS, seed=st.integers(0, 2**32))
def test_random_games_keep_invariants_and_end(players, options, seed):
    game = explorer.load("dead_mans_dice", players=players, **options)
    for k in range(GAMES_PER_EXAMPLE):
        final, sampled = play_game(game, seed + k)
        assert final.is_over and final.winners()
        assert final.round <= options["round_limit"] + 1 or options["tie_rule"] == "extra_round"
        for state in sampled[:3]:
            key, text = state._key(), json.dumps(state.to_dict(), sort_keys=True)
            moves = state.chance_outcomes() if state.is_chance else state.legal_actions()
            for move in moves[:4]:
                state.apply(move[0] if state.is_chance else move)
            assert state._key() == key and json.dumps(state.to_dict(), sort_keys=True) == text
            assert game.state_from_dict(json.loads(text)) == state
    assert explorer.replay(game, final.history) == final


def test_defaults_end_under_greedy_play_well_before_the_guard():
    game = explorer.load("dead_mans_dice", players=3)
    policies = [game.policies()["greedy"](game), game.policies()["cautious"](game), game.policies()["greedy"](game)]
    for seed in range(3):
        final = explorer.playout(game.start(seed=seed), seed=seed, policies=policies)
        assert final.is_over and max(final.totals) >= 100 and final.round < 30


@pytest.mark.parametrize("bad", [
    {"hands": "P1-1", "piles": [[], []]},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2"]], "piles": [[], ["B3=1"]]},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2"]], "piles": [[], ["P2-J=1"]]},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2"]], "piles": [[], ["P2-J"]]},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2", "P2-J"]], "piles": [[], []], "step": "fly"},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2", "P2-J"]], "piles": [[], []], "to_move": 5},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2", "P2-J"]], "piles": [[], []], "totals": [1]},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2", "P2-J"]], "piles": [[], []], "step": "plunder"},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2", "P2-J"]], "piles": [[], []], "stacked": "yes"},
    {"hands": [["P1-1", "P1-2", "P1-J"], ["P2-1", "P2-2", "P2-J", "P3-1"]], "piles": [[], []]},
])
def test_malformed_positions_name_the_field(bad):
    with pytest.raises(PositionError) as err:
        explorer.load("dead_mans_dice", players=2).state_from_dict(bad)
    assert err.value.field and err.value.reason


@pytest.mark.parametrize("junk", [None, 3, 2.5, ("roll", 0), "roll Z9", "roll P3-1", "plunder Q", "face 7", ""])
def test_foreign_actions_and_wrong_types_are_refused(junk):
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"])
    with pytest.raises(IllegalAction) as err:
        s.apply(junk)
    assert err.value.rule


def test_foreign_game_actions_are_refused():
    other = explorer.load("sjoroveroya").start(seed=1)
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"])
    for action in other.legal_actions()[:5]:
        with pytest.raises(IllegalAction):
            s.apply(action)
