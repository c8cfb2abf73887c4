"""One test (or more) per rule ID of docs/liars_dice.md (S, T, R, E, V, C, A)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.liars_dice.support import dealt, game, play, single

from explorer.core.errors import IllegalAction, OptionError
from explorer.games.liars_dice.model import Bid


def test_S1_two_to_six_players_each_with_the_same_dice():
    for players in range(2, 7):
        state = game(players).new_state()
        assert state.dice == (5,) * players and state.is_chance
    assert game(3, dice=2).new_state().dice == (2, 2, 2)
    with pytest.raises(OptionError):
        game(7)


def test_S2_player_1_opens_the_first_round():
    state = dealt(game(3, dice=1), (2,), (3,), (4,))
    assert state.player == 0 and state.opener == 0


def test_T1_every_cup_is_rolled_die_by_die_and_seen_by_its_owner_only():
    setup = game(2, dice=2)
    state = setup.new_state()
    rollers = []
    while state.is_chance:
        rollers.append(state.roller)
        state = state.apply("roll 3")
    assert rollers == [0, 0, 1, 1]
    assert state.view(0)["cups"] == [[3, 3], None] and state.view(1)["cups"] == [None, [3, 3]]
    assert state.view(None)["cups"] == [[3, 3], [3, 3]]


def test_T2_bidding_goes_round_in_seat_order_skipping_the_out():
    state = dealt(game(3, dice=1), (2,), (3,), (4,))
    state = play(state, "bid 1x2")
    assert state.player == 1
    state = play(state, "bid 1x3")
    assert state.player == 2
    after = state.apply("bid 1x4")
    assert after.player == 0


def test_R1_a_bid_names_a_quantity_and_a_face():
    setup = game(2, dice=2)
    bid = setup.parse_action("bid 3x4")
    assert (bid.quantity, bid.face) == (3, 4) and str(bid) == "bid 3x4"
    state = dealt(setup, (1, 2), (3, 4))
    with pytest.raises(IllegalAction) as err:
        state.apply(type(bid)(1, 7))
    assert err.value.rule == "R1"


def test_R2_a_raise_is_more_dice_or_a_higher_face():
    state = play(dealt(game(2, dice=2), (1, 2), (3, 4)), "bid 2x3")
    legal = [str(a) for a in state.legal_actions()]
    assert legal[:4] == ["bid 2x4", "bid 2x5", "bid 2x6", "bid 3x1"] and legal[-1] == "liar"
    with pytest.raises(IllegalAction) as err:
        state.apply("bid 2x2")
    assert err.value.rule == "R2"


def test_R3_quantities_run_to_the_dice_in_play_and_the_opener_must_bid():
    state = dealt(game(2, dice=2), (1, 2), (3, 4))
    assert "liar" not in map(str, state.legal_actions())
    assert max(a.quantity for a in state.legal_actions()) == 4
    with pytest.raises(IllegalAction) as err:
        state.apply(Bid(5, 1))
    assert err.value.rule == "R3"


def test_R4_liar_lifts_the_cups_and_counts_the_bid_face():
    state = play(dealt(game(2, dice=2), (3, 3), (1, 4)), "bid 3x3", "liar")
    assert "3 counted" in state.events[0].text and "R4" in state.events[0].rules
    with pytest.raises(IllegalAction) as err:
        dealt(game(2, dice=2), (3, 3), (1, 4)).apply("liar")
    assert err.value.rule == "R4"


@pytest.mark.parametrize(("bid", "loser"), [("bid 3x3", 1), ("bid 4x3", 0)], ids=["R5-stands", "R5-lie"])
def test_R5_the_wrong_one_loses_a_die(bid, loser):
    state = play(dealt(game(2, dice=2), (3, 3), (1, 4)), bid, "liar")   # three threes with the wild one
    assert state.loser == loser and state.dice[loser] == 1 and state.dice[1 - loser] == 2


@pytest.mark.parametrize(("wild", "count", "own"), [("ones", 3, 1), ("highest", 3, 6), ("none", 2, 1)])
def test_R6_the_wild_face_counts_for_every_other_face(wild, count, own):
    setup = game(2, dice=2, wild=wild)
    state = dealt(setup, (3, 3), (1, 6))
    assert setup.RULEBOOK.matches(setup, state.cups, 3) == count
    assert setup.RULEBOOK.matches(setup, state.cups, own) == 1     # A3: a bid on the wild face counts it alone


def test_R7_a_player_without_dice_is_out_and_skipped():
    state = play(dealt(game(3, dice=1), (2,), (3,), (4,)), "bid 1x5", "liar")   # the 1x5 bid was a lie
    assert state.out == (0,) and state.dice == (0, 1, 1)
    state = dealt_from(state, (5,), (6,))
    assert state.player == 1
    assert play(state, "bid 1x2").player == 2


def dealt_from(state, *cups):
    for cup in cups:
        for face in cup:
            state = state.apply(f"roll {face}")
    return state


@pytest.mark.parametrize(("rule", "opener"), [("loser", 1), ("winner", 0)], ids=["R8-loser", "V4-winner"])
def test_R8_the_loser_opens_the_next_round(rule, opener):
    state = play(dealt(game(2, dice=2, next_opener=rule), (3, 3), (1, 4)), "bid 3x3", "liar")
    assert state.loser == 1 and state.opener == opener and state.round == 2 and state.is_chance


def test_E1_the_last_with_dice_wins_and_the_others_rank_by_lasting():
    state = play(dealt(game(3, dice=1), (2,), (3,), (4,)), "bid 1x5", "liar")   # P1 out first
    state = play(dealt_from(state, (5,), (6,)), "bid 1x2", "liar")              # P2's 1x2 was a lie: P2 out
    assert state.is_over and state.winners() == ((2,), (1,), (0,))
    assert "E1" in state.events[-1].rules


def test_E2_the_single_round_ends_at_its_call():
    state = play(dealt(single(), (3,), (5,)), "bid 1x5", "liar")
    assert state.is_over and state.called and state.winners() == ((0,), (1,))
    assert state.scores() == (2, 1)


def test_V1_the_single_round_is_for_two_with_the_highest_face_wild():
    setup = single()
    assert setup.RULEBOOK.wild_face(setup) == 6
    with pytest.raises(OptionError) as err:
        game(3, single_round=True)
    assert err.value.field == "options.single_round"


def test_V2_dice_per_player():
    assert game(4, dice=3).new_state().dice == (3, 3, 3, 3)


def test_V3_reset_quantity_raises_the_face_first():
    state = play(dealt(game(2, dice=2, bidding="reset-quantity"), (1, 2), (3, 4)), "bid 2x3")
    legal = [str(a) for a in state.legal_actions()]
    assert legal[:3] == ["bid 3x3", "bid 4x3", "bid 1x4"]
    with pytest.raises(IllegalAction) as err:
        state.apply("bid 4x2")
    assert err.value.rule == "V3"


def test_V4_next_opener_is_an_option():
    spec = {s.name: s for s in type(game()).OPTIONS}["next_opener"]
    assert spec.rule == "V4" and spec.choices == ("loser", "winner")


def test_V5_wild_is_an_option():
    assert [game(wild=w).RULEBOOK.wild_face(game(wild=w)) for w in ("ones", "highest", "none")] == [1, 6, None]


def test_V6_sides_is_an_option():
    state = game(2, sides=4).new_state()
    assert [str(o) for o, _ in state.chance_outcomes()] == ["roll 1", "roll 2", "roll 3", "roll 4"]


def test_C1_each_face_one_in_sides_and_two_single_dice_are_36_deals():
    state = single().new_state()
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == [Fraction(1, 6)] * 6
    deals = [(a, b) for a, _ in outcomes for b, _ in state.apply(a).chance_outcomes()]
    assert len(deals) == 36


def test_C2_the_worked_odds_of_a_bid_from_one_seat():
    from explorer.games.liars_dice.odds import bid_chance

    assert bid_chance(5, 3, (1, 3, 3, 5, 6), 5, 6, 1) == Fraction(131, 243)
    assert bid_chance(2, 3, (3,), 1, 6, 6) == Fraction(1, 3)
    assert bid_chance(2, 6, (6,), 1, 6, 6) == Fraction(1, 6)


def test_C3_a_hidden_cup_is_a_weighted_multiset():
    setup = game(2, dice=2, sides=6)
    state = dealt(setup, (1, 2), (3, 3))
    worlds = dict((w.cups[1], p) for w, p in setup.hidden_worlds(state.view(0)))
    assert len(worlds) == 21 and sum(worlds.values()) == 1
    assert worlds[(1, 2)] == Fraction(1, 18) and worlds[(3, 3)] == Fraction(1, 36)


def test_A1_ones_are_wild_by_default():
    assert game().options["wild"] == "ones"


def test_A2_the_loser_opens_by_default():
    assert game().options["next_opener"] == "loser"


def test_A3_a_bid_on_the_wild_face_ranks_like_any_face():
    state = play(dealt(game(2, dice=2), (1, 2), (3, 4)), "bid 2x6")
    assert str(state.legal_actions()[0]) == "bid 3x1"


def test_A4_liar_is_the_only_challenge():
    state = play(dealt(game(2, dice=2), (1, 2), (3, 4)), "bid 2x6")
    assert {type(a).__name__ for a in state.legal_actions()} == {"Bid", "Liar"}


def test_A5_the_opener_cannot_call_liar():
    state = dealt(single(), (3,), (5,))
    assert all(str(a) != "liar" for a in state.legal_actions())


def test_A6_a_cup_is_its_multiset():
    setup = game(2, dice=2)
    assert dealt(setup, (4, 2), (3, 1)) == dealt(setup, (2, 4), (1, 3))
    assert dealt(setup, (4, 2), (3, 1)).cups == ((2, 4), (1, 3))


def test_A7_the_later_out_ranks_higher():
    test_E1_the_last_with_dice_wins_and_the_others_rank_by_lasting()


@pytest.mark.parametrize(("dice", "sides"), [(1, 6), (2, 4), (3, 3)])
def test_R2_bids_rise_so_the_single_round_is_as_long_as_openspiels_at_most(dice, sides):
    import pyspiel

    theirs = pyspiel.load_game("liars_dice", {"numdice": dice, "dice_sides": sides})
    assert single(dice, sides).max_decisions() == theirs.max_game_length()
    assert game(3, dice=2).max_decisions() == sum(t * 6 + 1 for t in range(2, 7))
