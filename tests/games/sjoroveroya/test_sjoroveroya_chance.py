"""Sjørøverøya's chance events (C1-C6) as exact fractions, from the model's own chance nodes."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from games.sjoroveroya.support import play, position

import explorer
from explorer.games.sjoroveroya.odds import (
    expected_jump,
    forward_landings,
    goal_chance,
    hand_distribution,
    sequence_chance,
    suit_odds,
)

T0_TABLE = {  # the digest's table: p -> (♠, ♥, ♦, ♣ landings, E[jump], P(goal))
    0: (2, 1, 3, 4, F(5, 2), 0), 1: (2, 8, 3, 4, F(13, 4), 0), 2: (7, 8, 3, 4, F(7, 2), 0),
    3: (7, 8, 6, 4, F(13, 4), 0), 4: (7, 8, 6, 5, F(5, 2), 0), 5: (7, 8, 6, 11, F(3), 0),
    6: (7, 8, 12, 11, F(7, 2), 0), 7: (9, 8, 12, 11, F(3), 0), 8: (9, 10, 12, 11, F(5, 2), 0),
    9: (16, 10, 12, 11, F(13, 4), 0), 10: (16, 15, 12, 11, F(7, 2), 0), 11: (16, 15, 12, 14, F(13, 4), 0),
    12: (16, 15, 13, 14, F(5, 2), 0), 13: (16, 15, 18, 14, F(11, 4), 0), 14: (16, 15, 18, 20, F(13, 4), 0),
    15: (16, 17, 18, 20, F(11, 4), 0), 16: (19, 17, 18, 20, F(5, 2), 0), 17: (19, 21, 18, 20, F(5, 2), F(1, 4)),
    18: (19, 21, 21, 20, F(9, 4), F(1, 2)), 19: (21, 21, 21, 20, F(7, 4), F(3, 4)), 20: (21, 21, 21, 21, 1, 1),
}


@pytest.mark.parametrize("p", sorted(T0_TABLE), ids=[f"T0-p{p}" for p in sorted(T0_TABLE)])
def test_C6_T0_table_of_landings_expected_jump_and_goal_chance(p):
    state = position()
    spade, heart, diamond, club, jump, goal = T0_TABLE[p]
    for suit, want in zip("SHDC", (spade, heart, diamond, club), strict=True):
        assert forward_landings(state, p, {suit: F(1)}) == {want: 1}
    assert expected_jump(state, p) == jump and goal_chance(state, p) == goal


def block_orders():
    return [o for o, _ in explorer.load("sjoroveroya").new_state().chance_outcomes()]


def test_C1_layouts_are_24_to_the_5th_equally_likely():
    outcomes = explorer.load("sjoroveroya").new_state().chance_outcomes()
    assert len(outcomes) == 24 and {p for _, p in outcomes} == {F(1, 24)}
    assert F(1, 24) ** 5 == F(1, 7_962_624)


def test_C1_no_two_neighbouring_cards_share_a_suit_is_81_over_256():
    """Exact, by following the layout chance nodes block by block (a DP on the last suit)."""
    state = explorer.load("sjoroveroya").new_state()
    last = {None: F(1)}           # distribution of the last suit laid, given no repeat so far
    for _ in range(5):
        nxt: dict = {}
        for layout, p in state.chance_outcomes():
            for suit, q in last.items():
                if layout.order[0] != suit:
                    nxt[layout.order[-1]] = nxt.get(layout.order[-1], F(0)) + p * q
        last = nxt
        state = state.apply(state.chance_outcomes()[0][0])
    assert sum(last.values()) == F(81, 256)


def test_C1_first_heart_position_and_block_facts():
    orders = block_orders()
    first_heart = {o.order.index("H") + 1 for o in orders}
    assert first_heart == {1, 2, 3, 4}
    assert sum(F(o.order.index("H") + 1, 24) for o in orders) == F(5, 2)
    same = sum(F(1, 24 * 24) for a in orders for b in orders if a.order == b.order)
    assert same == F(1, 24)
    both_hearts = sum(F(1, 24 * 24) for a in orders for b in orders if a.order[3] == "H" and b.order[0] == "H")
    assert both_hearts == F(1, 16)


def test_C2_hand_facts_from_the_deal_chance_nodes():
    dist = hand_distribution(4)
    assert dist[(1, 1, 1, 1)] == F(343, 3403)
    assert sum(p for c, p in dist.items() if c[3] == 0) == F(9455, 30627)
    hearts = {k: sum(p for c, p in dist.items() if c[1] == k) for k in range(5)}
    assert hearts == {0: F(9455, 30627), 1: F(13237, 30627), 2: F(2170, 10209), 3: F(1330, 30627), 4: F(95, 30627)}
    assert sum(k * p for k, p in hearts.items()) == 1
    assert sum(p for c, p in dist.items() if 4 in c) == F(380, 30627)


def test_C2_model_deal_matches_the_hypergeometric_hand():
    """Follow the four deal chance nodes of the first hand exactly (4^4 paths)."""
    import random

    state = explorer.load("sjoroveroya").new_state()
    rng = random.Random(1)
    while state.phase == "layout":
        state = state.apply(state.sample_chance(rng))
    paths = [(state, F(1))]
    for _ in range(4):
        paths = [(s.apply(o), p * q) for s, p in paths for o, q in s.chance_outcomes()]
    got: dict = {}
    for s, p in paths:
        got[s.hands[0]] = got.get(s.hands[0], F(0)) + p
    assert got == hand_distribution(4)


def test_C3_player_view_odds_at_the_start():
    state = position(hands=["SSSD", "HHCC"], pile={"S": 18, "H": 19, "D": 20, "C": 19})
    red = state.view(0)["next_draw"]
    assert F(red["S"]) == F(9, 40) and F(red["H"]) == F(21, 80)
    assert sequence_chance((18, 21, 20, 21), "SS") == F(153, 3160)
    no_spade = sum(sequence_chance((18, 21, 20, 21), a + b) for a in "HDC" for b in "HDC")
    assert 1 - no_spade == F(1269, 3160)


def test_C3_after_a_draw_the_viewer_updates_with_what_it_drew():
    state = position(pieces={0: [7, 7, 12]}, hands=["SSSD", "HHCC"], pile={"S": 18, "H": 19, "D": 20, "C": 19})
    state = play(state, "back@12", "draw S")
    red = state.view(0)["next_draw"]
    assert F(red["S"]) == F(17, 79)
    assert F(9, 40) * F(red["S"]) == F(153, 3160)


def test_C3_omniscient_odds_come_from_the_pile():
    state = position(pieces={0: [3, 10]}, hands=["S", "C"], pile={"H": 2, "S": 1}).apply("back@10")
    assert dict((str(o), p) for o, p in state.chance_outcomes()) == {"draw S": F(1, 3), "draw H": F(2, 3)}
    assert suit_odds((1, 2, 0, 0)) == {"S": F(1, 3), "H": F(2, 3)}


def test_C3_C4_after_a_reshuffle_the_odds_follow_the_public_discard_pile():
    state = position(pieces={0: [7, 7, 12]}, hands=["C", "C"], pile={}, discard={"S": 2, "D": 1, "H": 1})
    state = state.apply("back@12")          # needs 2 cards from an empty pile: reshuffle the discard pile
    assert state.reshuffled_from == (2, 1, 1, 0)
    odds = dict(state.chance_outcomes())
    assert odds[state.game.parse_action("draw S")] == F(1, 2)
    assert sequence_chance((2, 1, 1, 0), "SS") == F(1, 6)
    after = state.apply("draw S")
    assert F(after.view(1)["next_draw"]["S"]) == F(1, 2)     # Blue has not seen Red's card
    assert F(after.view(0)["next_draw"]["S"]) == F(1, 3)     # Red knows it took a ♠


def test_C5_each_of_three_players_starts_with_one_third():
    import random

    state = explorer.load("sjoroveroya", players=3).new_state()
    rng = random.Random(2)
    while state.phase != "first":
        state = state.apply(state.sample_chance(rng))
    assert {p for _, p in state.chance_outcomes()} == {F(1, 3)}


def test_C6_any_layout_from_start_expects_a_jump_of_five_halves():
    import random

    rng = random.Random(3)
    for _ in range(10):
        state = explorer.load("sjoroveroya", players=3).start(seed=rng.randrange(10**6))
        empty = position(track=state.track)
        assert expected_jump(empty, 0) == F(5, 2)
        for p in (4, 8, 12, 16):
            assert expected_jump(empty, p) == F(5, 2)


def test_C6_averaged_over_layouts():
    """Offsets 1-4 of a block: the expected jump averaged over every layout of two blocks."""
    orders = [o.order for o in block_orders()]
    want = {1: F(23, 8), 2: F(3), 3: F(23, 8), 4: F(5, 2)}
    for offset, target in want.items():
        total = F(0)
        for a in orders:
            for b in orders:
                track = a + b + "SHDC" * 3
                total += expected_jump(position(track=track), offset) / (24 * 24)
        assert total == target, offset
    want5 = {1: F(5, 2), 2: F(9, 4), 3: F(7, 4), 4: F(1)}
    for offset, target in want5.items():
        total = sum(expected_jump(position(track="SHDC" * 4 + a), 16 + offset) / 24 for a in orders)
        assert total == target, offset


def test_C6_teaching_examples_on_T0():
    state = position(players=2, pieces={1: [2, 4]})
    assert forward_landings(state, 0) == {1: F(1, 4), 3: F(1, 4), 5: F(1, 4), 7: F(1, 4)}
    assert expected_jump(state, 0) == 4
    state = position()
    assert expected_jump(state, 0, suit_odds((21, 21, 18, 20))) == F(197, 80)
    state = position(players=2, pieces={0: [3], 1: [6, 12, 13, 18]})
    assert expected_jump(state, 3) == 7 and goal_chance(state, 3) == F(1, 4)
