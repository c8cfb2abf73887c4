"""Property tests: 1,000+ random Jolly & Roger games across the options that change play.

After every step: cards conserved, strengths equal their piles, chests hold only pirate
cards boarded under one's own captain (E6), limits held, `apply` leaves the state alone;
at the end the game is over after its rounds, positions round-trip and `replay` reproduces.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core.play import advance, choose, replay
from explorer.games.jolly_and_roger import Board
from explorer.games.jolly_and_roger.data import ALL_COUNTS, CARD_INDEX, PIRATE_COUNTS, SHIP_INDEX, VALUE
from explorer.games.jolly_and_roger.model import entry_card, pile_strength
from explorer.games.jolly_and_roger.policies import Greedy
from explorer.games.jolly_and_roger.rules import rounds

pytestmark = pytest.mark.slow

OPTION_SETS = [
    {},
    {"special_cards": True},
    {"special_cards": True, "variant_removal": "literal"},
    {"special_cards": True, "long_game": True},
    {"special_cards": True, "specials_as_parrot": True, "kraken_optional": True},
    {"start_player": "random", "tiebreak": "more_gold", "chest_visibility": "owner_only"},
]
GAMES = [explorer.load("jolly_and_roger", **o) for o in OPTION_SETS]


def deck(state) -> tuple[int, ...]:
    specials_in = state.game.options["special_cards"] and len(state.setup_left) < 2
    return ALL_COUNTS if specials_in else PIRATE_COUNTS


def check(state) -> None:
    """The invariants of one position."""
    seen = [a + b for a, b in zip(state.pile, state.aside, strict=True)]
    for group in (state.table, *state.hands, *state.chests, state.removed):
        for card in group:
            seen[CARD_INDEX[card]] += 1
    for side in state.piles:
        for pile in side:
            for entry in pile:
                seen[CARD_INDEX[entry_card(entry)]] += 1
    assert tuple(seen) == deck(state), "cards conserved"
    assert state.strengths == tuple(tuple(pile_strength(p) for p in side) for side in state.piles)
    assert all(c in VALUE for chest in state.chests for c in chest)
    assert sum(len(h) for h in state.hands) <= 5 and len(state.table) <= 5
    assert 1 <= state.round <= rounds(state.game)
    gold = state.gold(0) + state.gold(1)
    assert gold <= 105 and sum(state.scores()) - gold <= 24


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 2**31), which=st.integers(0, len(GAMES) - 1), greedy=st.booleans())
def test_random_games_keep_every_invariant(seed, which, greedy):
    game = GAMES[which]
    rng = random.Random(seed)
    policy = Greedy(game) if greedy else None
    state = game.new_state()
    steps = 0
    while not state.is_over:
        if state.is_chance:
            action = state.sample_chance(rng)
        elif policy is not None:
            action = choose(state, policy, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        if isinstance(action, Board):     # E6: boarded under one's own captain
            assert state.captains()[SHIP_INDEX[action.ship]] == state.player
        key = state._key()
        nxt = state._step(action) if state.is_chance else state.apply(action)   # outcomes are sampled exactly
        assert state._key() == key, "apply never mutates"
        state = nxt
        check(state)
        steps += 1
        assert steps < 1000
    assert state.round == rounds(game) and state.winners()
    data = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(data) == state
    if seed % 3 == 0:           # a third of the games are replayed through the checked path
        assert replay(game, state.history) == state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), which=st.integers(0, len(GAMES) - 1), stop=st.integers(0, 300))
def test_mid_game_positions_round_trip_and_sample(seed, which, stop):
    game = GAMES[which]
    state = advance(game.new_state(), seed=seed, steps=stop)
    assert game.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    if state.phase not in ("setup", "start"):
        for player in (0, 1):
            view = state.view(player)
            sampled = game.sample_state(view, random.Random(seed))
            check(sampled)
            assert sampled.piles == state.piles and sampled.hands == state.hands
            assert [a + b for a, b in zip(sampled.pile, sampled.aside, strict=True)] == \
                [a + b for a, b in zip(state.pile, state.aside, strict=True)]
