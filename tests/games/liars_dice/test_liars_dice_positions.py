"""Positions, notation, views, hidden worlds, the rule of thumb and playouts of Liar's Dice."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from games.liars_dice.support import dealt, game, play, single

from explorer.core.errors import IllegalAction, PositionError
from explorer.core.play import playout
from explorer.games.liars_dice.odds import view_bid_chance
from explorer.games.liars_dice.policies import RuleOfThumb
from explorer.games.liars_dice.spaces import from_openspiel, openspiel_action


def test_T2_actions_read_back_in_every_spelling():
    setup = game(2, dice=2)
    assert setup.parse_action("BID 2X3") == setup.parse_action("2x3") == setup.parse_action("2-3")
    assert str(setup.parse_action("liar")) == "liar" and str(setup.parse_action("roll 4")) == "roll 4"
    for junk in ("bid 9x3", "bid 2x7", "roll 0", "fold", "", "bid x"):
        with pytest.raises(IllegalAction) as err:
            setup.parse_action(junk)
        assert err.value.rule == "T2"


def test_R2_notation_round_trips_mid_round():
    setup = game(3, dice=2)
    state = play(dealt(setup, (1, 2), (3, 4), (5, 6)), "bid 2x3", "bid 2x5")
    text = state.notation()
    assert setup.position(text) == state and "bids: P1 2x3, P2 2x5" in text


def test_T1_a_partial_position_leaves_the_rest_to_chance():
    setup = game(2, dice=2)
    state = setup.position("P1 cup: 4")
    assert state.is_chance and state.roller == 0 and state.cups == ((4,), ())


@pytest.mark.parametrize(("text", "field"), [
    ("P2 cup: 3", "cups"),                                   # C1: P1's cup is rolled first
    ("P1 cup: 1 2\nP2 cup: 3 4\nbids: P2 1x1", "bids"),       # T2: P1 opens
    ("P1 cup: 1 2\nP2 cup: 3 4\nbids: P1 2x3, P2 2x2", "bids"),   # R2
    ("P1 cup: 1 9", "P1 cup"),                               # C1: named as written, with its line
    ("dice: 2 2 2", "dice"),
    ("round: 3", "round"),                                   # R5: no die lost yet
    ("wobble: yes", "wobble"),
])
def test_R2_bad_positions_name_their_field(text, field):
    with pytest.raises(PositionError) as err:
        game(2, dice=2).position(text)
    assert err.value.field == field and err.value.reason


def test_E2_a_called_single_round_shows_every_cup():
    state = play(dealt(single(), (3,), (5,)), "bid 1x5", "liar")
    assert state.view(0)["cups"] == [[3], [5]]
    assert single().state_from_dict(state.to_dict()) == state


def test_C3_hidden_worlds_match_sampling_and_hold_the_truth():
    setup = game(2, dice=2, sides=4)
    state = dealt(setup, (1, 3), (2, 2))
    worlds = dict(setup.hidden_worlds(state.view(1)))
    assert sum(worlds.values()) == 1 and len(worlds) == 10 and state in worlds
    rng = random.Random(3)
    draws = [setup.sample_state(state.view(1), rng) for _ in range(2000)]
    assert set(draws) == set(worlds)


def test_C2_odds_equal_a_direct_enumeration():
    """The chance panel's odds of a bid from one seat equal counting every roll of the unseen dice."""
    for wild in ("ones", "highest", "none"):
        setup = game(2, dice=3, sides=4, wild=wild)
        state = dealt(setup, (1, 2, 4), (3, 3, 4))
        view = state.view(0)
        for quantity, face in product(range(1, 7), range(1, 5)):
            hits = sum(setup.RULEBOOK.matches(setup, ((1, 2, 4), other), face) >= quantity
                       for other in product(range(1, 5), repeat=3))
            assert view_bid_chance(setup, view, quantity, face) == Fraction(hits, 4 ** 3), (wild, quantity, face)


def test_C2_rule_of_thumb_doubts_an_unlikely_bid_and_raises_a_likely_one():
    setup = game(2, dice=2)
    state = play(dealt(setup, (3, 3), (2, 5)), "bid 4x5")
    policy = RuleOfThumb(setup)
    assert str(policy.choose(state.view(1), state.legal_actions(), random.Random(0))) == "liar"
    opening = dealt(setup, (3, 3), (2, 5))
    choice = policy.choose(opening.view(0), opening.legal_actions(), random.Random(0))
    assert str(choice) == "bid 1x3"


@pytest.mark.parametrize("policy", ["random", "rule_of_thumb"])
def test_E1_playouts_run_the_model_game(policy):
    setup = game(4, dice=2)
    for seed in range(6):
        start = setup.start(seed)
        seats = [setup.policies()[policy](setup)] * setup.players
        final = playout(start, random.Random(seed), seats)
        fast = setup.playout(start, random.Random(seed), 100_000, policy, final=True)
        assert fast.state == final and fast.winners == final.winners() and fast.scores == final.scores()


def test_V1_action_mapping_is_openspiels():
    for bidding in ("reset-face", "reset-quantity"):
        setup = single(dice=2, sides=4, bidding=bidding)
        ids = sorted(openspiel_action(setup, a) for a in setup.action_space())
        assert ids == list(range(2 * 2 * 4 + 1))
        assert all(from_openspiel(setup, openspiel_action(setup, a), False) == a for a in setup.action_space())
    assert openspiel_action(single(), single().parse_action("bid 2x1")) == 6
    assert openspiel_action(single(), single().parse_action("liar")) == 12
