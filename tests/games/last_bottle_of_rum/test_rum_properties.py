"""The Last Bottle of Rum: invariants over many random games (Hypothesis), per step.

Random captains rarely reach 10 Loot (the Kraken takes loot faster than they trade), so
random games here use the `turn_limit` house rule to end; rule-of-thumb games end by R1.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.games.last_bottle_of_rum.data import BASE_DECK, DAMAGE_COUNT, MAPS, TREASURES
from explorer.games.last_bottle_of_rum.rulebook.ships import slots, used_slots

pytestmark = pytest.mark.slow

CARDS = sorted(BASE_DECK)
ALL_TREASURES = sorted(TREASURES)
OPTION_SETS = [{}, {"hideout_trade_mode": "subset"}, {"reef_damage": "reveal_only"}, {"allow_futile_attacks": True},
               {"starting_doubloons": 3}, {"bank_limit": None}, {"hideout_protects_from_kraken": True},
               {"min_hand_size": 3}]


def check(state) -> None:
    """Components conserved, limits held (K04, K08, K09, K12, R2, R28, R39)."""
    cards = sorted([*state.deck, *state.discard, *state.turn.played, *(c for s in state.ships for c in s.hand)])
    assert cards == CARDS
    treasures = sorted([*state.treasure_deck, *state.treasure_discard, *(t for _, t in state.display),
                        *(t for s in state.ships for t in s.treasures)])
    assert treasures == ALL_TREASURES
    maps = sorted([*state.map_deck, *state.map_discard, *(m for m, _ in state.display),
                   *(t[1] for t in state.pending if t[0] == "treasure")])
    assert maps == list(MAPS)
    for i, count in enumerate(DAMAGE_COUNT):
        assert sum(s.damage[i] for s in state.ships) <= count
    bank = state.game.options["bank_limit"]
    assert bank is None or sum(s.doubloons for s in state.ships) <= bank
    fire = any(t[0] == "fire" for t in state.pending)
    for s in state.ships:
        assert sum(s.damage) <= 5 and 0 <= s.curse <= 5 and s.loot >= 0 and s.doubloons >= 0
        assert fire or used_slots(s) <= slots(s)
        assert s.loot < 10 or state.is_over


def play(game, seed: int, policies=None, audit_every: int = 40):
    rng = random.Random(seed)
    state = game.new_state()
    seats = policies or {}
    steps = 0
    while not state.is_over:
        if state.is_chance:
            move = state.sample_chance(rng)
        else:
            policy = seats.get(state.player)
            move = policy.choose(state.view(state.player), state.legal_actions(), rng) if policy else \
                state.legal_actions()[rng.randrange(len(state.legal_actions()))]
        if steps % audit_every == 0:
            snapshot, key = json.dumps(state.to_dict(), sort_keys=True), state._key()
            after = state._step(move)
            assert state._key() == key and json.dumps(state.to_dict(), sort_keys=True) == snapshot
            assert game.state_from_dict(json.loads(snapshot)) == state
            text = state.notation()                     # the short notation round trips too
            assert game.position(text) == state and game.position(text).notation() == text
            state = after
        else:
            state = state._step(move)
        check(state)
        steps += 1
        assert steps < 20_000
    return state


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), options=st.sampled_from(OPTION_SETS),
       rounds=st.integers(1, 4))
def test_random_games_keep_every_invariant_and_end(seed, players, options, rounds):
    game = explorer.load("last_bottle_of_rum", players=players, turn_limit=rounds, **options)
    end = play(game, seed)
    assert end.is_over and len(end.winners()) >= 1
    if seed % 10 == 0:
        assert explorer.replay(game, end.history) == end


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), options=st.sampled_from(OPTION_SETS))
def test_rule_of_thumb_games_end_with_a_winner_at_ten_loot(seed, players, options):
    """R1, E1: with sensible captains the game ends by Loot, with no turn limit."""
    game = explorer.load("last_bottle_of_rum", players=players, **options)
    policy = game.policies()["rule_of_thumb"](game)
    end = play(game, seed, {p: policy for p in range(players)}, audit_every=200)
    assert end.winner >= 0 and end.ships[end.winner].loot >= 10
