"""Sjørøverøya's `sample_state`: never contradicts the view, and has the exact odds."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import explorer
from explorer.analysis import distribution
from explorer.core.errors import PositionError
from explorer.core.play import advance

pytestmark = pytest.mark.slow


def public(view):
    return {k: v for k, v in view.items() if k != "events"}


def positions(players, options, seeds=40, spread=25):
    game = explorer.load("sjoroveroya", players=players, **options)
    for seed in range(seeds):
        state = advance(game.start(seed), seed, steps=seed * spread)
        if not state.is_over:
            yield game, seed, state


@pytest.mark.parametrize("players, options", [
    (2, {}), (3, {}), (4, {}), (2, {"open_hands": True}), (3, {"variant": "children"}),
    (2, {"hand_limit": 5}), (3, {"reshuffle_timing": "immediate"}),
])
def test_a_sample_never_contradicts_the_view(players, options):
    reshuffled = 0
    for game, seed, state in positions(players, options):
        reshuffled += state.reshuffled_from is not None
        for viewer in range(players):
            view = state.view(viewer)
            for k in range(3):
                sample = game.sample_state(view, random.Random(seed * 10 + k))
                assert public(sample.view(viewer)) == public(view)
                assert game.state_from_dict(sample.to_dict()) == sample     # a real position (R26)
                if viewer == state.player:      # the actor's own choices are known to it
                    assert sample.legal_actions() == state.legal_actions()
                if state.reshuffled_from is not None:   # the pile came from the reshuffled cards (C4)
                    mine = state.drawn_since[viewer]
                    assert all(p <= d - m for p, d, m in zip(sample.pile, state.reshuffled_from, mine, strict=True))
    assert reshuffled or players == 4 or options   # the long runs reach reshuffles


def test_the_whole_truth_samples_the_state_itself():
    for game, seed, state in positions(3, {}, seeds=10):
        assert game.sample_state(state.view(None), random.Random(seed)) == state


def test_small_deal_matches_the_exact_distribution_of_hidden_cards():
    game = explorer.load("sjoroveroya", players=2, start_hand_size=2, first_player=0)
    deal = game.state_from_dict({
        "phase": "deal", "track": "HSDCCDSHSHCDDCHSHDSC", "pieces": [[0] * 6] * 2, "hands": ["", ""],
        "pending": {"draws": 2, "drawer": 0, "then": ""},
        "to_move": None, "first_player": None})
    # the exact joint law of the dealt position, by following every draw (C2)
    exact = distribution(deal, lambda t: t, until=lambda t: t.phase != "deal")
    by_hand: dict = {}
    for state, p in exact.items():
        by_hand.setdefault(state.hands[0], {})[(state.hands[1], state.pile)] = p
    for hand, joint in by_hand.items():
        total = sum(joint.values())
        truth = {k: v / total for k, v in joint.items()}
        view = next(s for s in exact if s.hands[0] == hand).view(0)
        rng = random.Random(hash(hand) % 1000)
        n = 4000
        seen = Counter((s.hands[1], s.pile) for s in (game.sample_state(view, rng) for _ in range(n)))
        assert set(seen) <= set(truth)      # only possible hidden states
        for key, p in truth.items():        # and each with its exact probability (±4 s.e.)
            se = (float(p) * (1 - float(p)) / n) ** 0.5
            assert abs(seen[key] / n - float(p)) <= 4 * se + 1e-9, (hand, key)


def test_first_draw_odds_match_c3():
    game = explorer.load("sjoroveroya", players=2)
    state = game.state_from_dict({"track": "HSDCCDSHSHCDDCHSHDSC", "pieces": [[0] * 6] * 2,
                                  "hands": ["SSSD", "HHCC"], "to_move": 0})
    rng = random.Random(7)
    n = 6000
    spades = sum(game.sample_state(state.view(0), rng).pile[0] for _ in range(n))
    mean = spades / n
    # C3: 18 ♠ among the 80 cards R cannot see; the pile holds 76 of them
    assert abs(mean - float(Fraction(18, 80) * 76)) < 0.1


def test_a_view_of_another_set_up_is_refused():
    state = explorer.load("sjoroveroya", players=3).start(1)
    with pytest.raises(PositionError) as err:
        explorer.load("sjoroveroya", players=2).sample_state(state.view(0), random.Random(0))
    assert err.value.field == "game"
