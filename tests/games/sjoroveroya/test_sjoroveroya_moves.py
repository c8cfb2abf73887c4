"""Sjørøverøya forward moves (R7-R16), backward moves (R17-R23), drawing (R24-R29), board facts (R30-R31).

Positions use the digest's example track T0:
♥ 1 8 10 15 17 · ♠ 2 7 9 16 19 · ♦ 3 6 12 13 18 · ♣ 4 5 11 14 20.
"""

from __future__ import annotations

import pytest
from games.sjoroveroya.support import play, position, rules_cited

from explorer import IllegalAction, PositionError
from explorer.games.sjoroveroya import Backward, Forward


def red(state):
    return list(state.pieces[0])


# -- forward ---------------------------------------------------------------------------------
def test_R7_a_forward_move_needs_a_card_of_that_suit_and_an_own_piece():
    state = position(hands=["H", ""])     # Player 2 holds no card, so S@0 cannot be an out-of-turn try (R6)
    with pytest.raises(IllegalAction) as err:
        state.apply("S@0")
    assert err.value.rule == "R7" and "♠" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        state.apply("H@5")
    assert err.value.rule == "R7" and "card 5" in err.value.reason
    assert Forward(0, "H") in state.legal_actions()


def test_R8_the_played_card_goes_to_the_discard_pile():
    state = play(position(hands=["DS", "S"]), "D@0")
    assert state.hands[0] == (1, 0, 0, 0) and state.discard == (0, 0, 1, 0)
    assert "R8" in rules_cited(state)


def test_R9_R16_forward_to_the_next_card_of_the_suit():
    state = play(position(hands=["DS", "S"]), "D@0")          # teaching step 2: Start ♦ -> 3
    assert 3 in red(state)
    state = play(position(pieces={0: [1]}, hands=["HS", "S"]), "H@1")
    assert 8 in red(state) and 1 not in red(state)            # ♥ from card 1 -> 8, the next ♥


def test_R10_own_pieces_never_block_and_stack():
    state = play(position(pieces={0: [4]}, hands=["CS", "S"]), "C@0")
    assert red(state).count(4) == 2 and "R10" in rules_cited(state)


def test_R11_opponents_are_skipped_to_the_next_card_of_the_suit():
    state = play(position(pieces={1: [2]}, hands=["SH", "C"]), "S@0")
    assert 7 in red(state) and "R11" in rules_cited(state)
    state = play(position(pieces={0: [8], 1: [1]}, hands=["HS", "C"]), "H@0")   # B on 1, R on 8
    assert red(state).count(8) == 2


def test_R12_a_forward_move_has_no_length_limit():
    state = play(position(pieces={1: [1, 8, 10, 15]}, hands=["HS", "C"]), "H@0")
    assert 17 in red(state)


def test_R13_A7_all_remaining_cards_of_the_suit_held_by_opponents_means_the_goal():
    state = position(players=3, pieces={0: [3], 1: [6, 12], 2: [13, 18]}, hands=["DS", "C", "C"])
    after = play(state, "D@3")
    assert 21 in red(after) and "R13" in rules_cited(after)


def test_R13_no_card_of_the_suit_ahead_means_the_goal():
    assert 21 in red(play(position(pieces={0: [17]}, hands=["HS", "C"]), "H@17"))


def test_R14_A8_any_suit_can_enter_the_goal_but_only_by_R13():
    state = play(position(pieces={0: [19]}, hands=["CS", "C"]), "C@19")
    assert 20 in red(state) and 21 not in red(state)          # ♣ from 19 stops on 20
    state = play(position(pieces={0: [20]}, hands=["DS", "C"]), "D@20")
    assert 21 in red(state)                                   # from 20 every suit goes home


def test_R15_the_goal_holds_everyone():
    state = position(players=2, pieces={0: [21, 21, 20], 1: [21, 21, 21, 21, 21, 16]}, hands=["SS", "SS"])
    after = play(state, "S@20")
    assert red(after).count(21) == 3 and not after.is_over


# -- backward ----------------------------------------------------------------------------
def test_R17_a_piece_at_start_cannot_move_back():
    state = position(hands=["S", "C"])
    with pytest.raises(IllegalAction) as err:
        state.apply(Backward(0))
    assert err.value.rule == "R17"
    with pytest.raises(IllegalAction) as err:
        state.apply("back@9")
    assert err.value.rule == "R17" and "no piece on card 9" in err.value.reason


def test_R18_backward_stops_at_nearest_card_with_one_or_two_own():
    state = position(pieces={0: [3, 10], 1: [6]}, hands=["", "C"])   # teaching step 5
    after = state.apply("back@10")
    assert sorted(red(after))[-2:] == [3, 3] and after.pending == 1
    assert {"R18", "R20"} <= rules_cited(after)
    state = position(pieces={0: [3, 5, 10]}, hands=["S", "C"])
    assert play(state, "back@10").pieces[0].count(5) == 2      # nearest, not the earlier card 3


def test_R19_backward_passes_stacks_of_three_empty_and_opponent_cards():
    state = position(pieces={0: [2, 5, 5, 5, 9], 1: [7]}, hands=["S", "C"])
    after = play(state, "back@9")
    assert after.pieces[0].count(2) == 2                        # passed 8 (empty), 7 (blue), 5 (three)


def test_R20_draw_one_or_two_by_the_pieces_already_there():
    state = position(pieces={0: [7, 7, 12]}, hands=["S", "C"])
    after = state.apply("back@12")
    assert after.pending == 2 and after.pieces[0].count(7) == 3
    after = play(after, "draw H", "draw C")
    assert after.hands[0] == (1, 1, 0, 1) and after.moves_used == 1 and after.player == 0


def test_R21_a_backward_move_costs_no_card():
    state = position(pieces={0: [3, 10]}, hands=["S", "C"])
    after = play(state, "back@10", "draw D")
    assert sum(after.discard) == 0 and after.hands[0] == (1, 0, 1, 0)


def test_R22_never_back_to_start():
    state = position(pieces={0: [10]}, hands=["S", "C"])
    assert Backward(10) not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply("back@10")
    assert err.value.rule == "R22"


def test_R23_A19_goal_pieces_never_move():
    state = position(pieces={0: [21, 5]}, hands=["S", "C"])
    for move in ("S@21", "back@21"):
        with pytest.raises(IllegalAction) as err:
            state.apply(move)
        assert err.value.rule == "R23"


def test_A5_backward_ignores_the_pieces_own_card():
    state = position(pieces={0: [10, 10]}, hands=["S", "C"])
    assert Backward(10) not in state.legal_actions()


# -- out of cards ---------------------------------------------------------------------------
def test_R25_the_emergency_draw_is_all_that_happens():
    state = position(pieces={0: [12] * 6}, hands=["", "SH"], pending={"draws": 1, "drawer": 0, "then": "end"})
    after = state.apply("draw S")
    assert after.to_move == 1 and after.hands[0] == (1, 0, 0, 0) and {"R25"} <= rules_cited(after)


def test_R26_a_draw_from_an_empty_pile_reshuffles_the_discard_pile_mid_draw():
    state = position(pieces={0: [7, 7, 12]}, hands=["S", "C"], pile={"H": 1},
                     discard={"S": 2, "D": 1, "H": 1})
    after = play(state, "back@12", "draw H")
    assert after.pile == (2, 1, 1, 0) and after.discard == (0, 0, 0, 0)   # reshuffled for the 2nd card
    assert "R26" in rules_cited(after) and after.reshuffled_from == (2, 1, 1, 0)
    after = after.apply("draw S")
    assert after.hands[0] == (2, 1, 0, 0)


def test_R27_A11_no_card_anywhere_means_no_draw_but_the_piece_still_moves():
    state = position(pieces={0: [3, 10]}, hands=["S", "C"], pile={}, discard={})
    after = state.apply("back@10")
    assert not after.is_chance and after.pieces[0].count(3) == 2 and after.hands[0] == (1, 0, 0, 0)
    assert "R27" in rules_cited(after)


def test_R28_there_is_no_hand_limit():
    state = position(pieces={0: [7, 7, 12]}, hands=["SSSSSSSS", "C"])
    after = play(state, "back@12", "draw H", "draw H", "end")
    assert sum(after.hands[0]) == 10 and after.to_move == 1


def test_R29_drawn_cards_are_hidden_from_opponents():
    state = play(position(pieces={0: [3, 10]}, hands=["S", "C"]), "back@10", "draw D")
    blue = state.view(1)
    assert blue["hands"][0] is None and blue["hand_sizes"][0] == 2
    assert "♦" not in " ".join(blue["events"]) and "♦" in " ".join(state.view(0)["events"])


# -- board facts ------------------------------------------------------------------------------
def test_R30_start_holds_anyone_and_pieces_there_only_move_forward():
    state = position(players=4, hands=["S", "H", "D", "C"])
    assert all(row.count(0) == 6 for row in state.pieces)
    assert all(isinstance(a, Forward) for a in state.legal_actions())


def test_R31_A4_a_card_holding_two_players_pieces_is_refused_without_V3():
    with pytest.raises(PositionError) as err:
        position(pieces={0: [5], 1: [5]}, hands=["S", "C"])
    assert err.value.field == "pieces.1" and "R31" in str(err.value) and "Player 1" in str(err.value)
    mixed = position(pieces={0: [5], 1: [5]}, hands=["S", "C"], options={"backward_counts_any_colour": True})
    assert mixed.pieces == ((0, 0, 0, 0, 0, 5), (0, 0, 0, 0, 0, 5))


def test_A4_V11_mixed_card_is_skipped_by_default_and_stops_when_asked():
    v3 = {"backward_counts_any_colour": True}     # mixed cards arise only under V3 (R31)
    skip = position(pieces={0: [4, 5], 1: [5]}, hands=["C", "C"], options=v3)
    stop = position(pieces={0: [4, 5], 1: [5]}, hands=["C", "C"], options={**v3, "mixed_card_forward": "stop"})
    assert play(skip, "C@4").pieces[0].count(11) == 1
    assert play(stop, "C@4").pieces[0].count(5) == 2
