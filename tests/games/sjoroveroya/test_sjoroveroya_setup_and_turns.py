"""Sjørøverøya setup (S1-S9), the turn (T1-T8) and the general rules (R1-R6)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.sjoroveroya.support import play, position, rules_cited

import explorer
from explorer import IllegalAction, OptionError
from explorer.games.sjoroveroya import Draw, EndTurn, FirstPlayer, Forward, Layout


def setup_until(state, phase):
    import random

    rng = random.Random(0)
    while state.phase != phase:
        state = state.apply(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S1_two_to_four_players_with_six_pieces_each(players):
    state = explorer.load("sjoroveroya", players=players).new_state()
    assert len(state.pieces) == players and all(len(p) == 6 for p in state.pieces)


@pytest.mark.parametrize("players", [1, 5])
def test_S1_other_player_counts_are_refused(players):
    with pytest.raises(OptionError):
        explorer.load("sjoroveroya", players=players)


def test_S2_S6_the_draw_deck_is_84_cards_21_per_suit_without_the_joker():
    state = explorer.load("sjoroveroya").new_state()
    assert state.pile == (21, 21, 21, 21) and sum(state.pile) == 84
    assert state.discard == (0, 0, 0, 0)


def test_S3_S4_track_is_laid_block_by_block_each_a_shuffle_of_the_four_suits():
    state = explorer.load("sjoroveroya").new_state()
    assert state.phase == "layout" and state.is_chance
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 24 and all(p == Fraction(1, 24) for _, p in outcomes)
    assert {o.block for o, _ in outcomes} == {1}
    state = play(state, "layout 1 HSDC", "layout 2 CDSH", "layout 3 SHCD", "layout 4 DCHS", "layout 5 HDSC")
    assert state.track == "HSDCCDSHSHCDDCHSHDSC"   # the digest's example track T0
    assert "S4" in rules_cited(state.apply("draw S")) or state.phase == "deal"


def test_S4_a_block_must_hold_each_suit_once():
    state = explorer.load("sjoroveroya").new_state()
    with pytest.raises(IllegalAction):
        state.apply("layout 1 HHDC")
    with pytest.raises(IllegalAction) as err:
        state.apply(Layout(2, "HSDC"))   # block 1 comes first
    assert err.value.rule == "S4"


def test_S5_R30_every_piece_starts_at_start():
    state = explorer.load("sjoroveroya", players=4).new_state()
    assert all(q == 0 for row in state.pieces for q in row)


def test_S7_S8_deal_four_each_then_the_rest_is_the_pile():
    for players, pile in ((2, 76), (3, 72), (4, 68)):
        state = explorer.load("sjoroveroya", players=players).start(seed=players)
        assert [sum(h) for h in state.hands] == [4] * players
        assert sum(state.pile) == pile and sum(state.discard) == 0


def test_S7_each_dealt_card_is_an_exact_chance_node():
    state = setup_until(explorer.load("sjoroveroya").new_state(), "deal")
    assert state.drawer == 0 and state.pending == 4
    assert dict(state.chance_outcomes()) == {Draw(s): Fraction(1, 4) for s in "SHDC"}
    state = state.apply("draw H")
    assert dict(state.chance_outcomes())[Draw("H")] == Fraction(20, 83)


def test_S9_starting_player_is_random_unless_set():
    state = setup_until(explorer.load("sjoroveroya", players=3).new_state(), "first")
    assert dict(state.chance_outcomes()) == {FirstPlayer(p): Fraction(1, 3) for p in range(3)}
    assert state.apply("first P3").to_move == 2
    assert state.apply("first 2").to_move == 2   # the old index form still reads
    fixed = explorer.load("sjoroveroya", players=3, first_player=1).start(seed=5)
    assert fixed.to_move == 1 and fixed.first_player == 1


def test_T0_example_track_suit_positions():
    state = position()
    from explorer.games.sjoroveroya.track.moves import suit_positions

    assert suit_positions(state.track) == {"H": (1, 8, 10, 15, 17), "S": (2, 7, 9, 16, 19),
                                           "D": (3, 6, 12, 13, 18), "C": (4, 5, 11, 14, 20)}


def test_T1_T3_a_turn_starts_with_no_move_used_and_a_move_uses_one():
    state = position(hands=["SHDC", "SHDC"])
    assert state.moves_used == 0 and state.player == 0
    assert play(state, "S@0").moves_used == 1


def test_T2_R24_stuck_at_the_start_of_the_turn_makes_the_emergency_draw():
    turn = play(position(pieces={0: [12] * 6, 1: [3]}, hands=["", "SH"], to_move=1), "S@3", "end")
    assert turn.is_chance and turn.pending == 1 and turn.after == "end" and turn.to_move == 0
    assert {"T2", "R24"} <= rules_cited(turn)
    state = position(pieces={0: [12] * 6}, hands=["", "SH"], to_move=0,
                     pending={"draws": 1, "drawer": 0, "then": "end"})
    assert state.is_chance and state.pending == 1 and state.after == "end"
    after = state.apply("draw C")
    assert after.hands[0] == (0, 0, 0, 1) and after.to_move == 1


def test_T4_E1_the_game_ends_the_moment_six_pieces_are_home():
    state = position(pieces={0: [21, 21, 21, 21, 21, 17]}, hands=["HH", "S"])
    after = play(state, "H@17")
    assert after.is_over and after.ended == "goal" and after.winners()[0] == (0,)
    assert {"E1", "T4"} <= rules_cited(after)


def test_T5_R2_the_turn_ends_after_the_third_move():
    state = play(position(hands=["SHDC", "SH"]), "S@0", "H@0", "D@0")
    assert state.to_move == 1 and state.moves_used == 0
    assert {"T5", "R2"} <= rules_cited(state)


def test_R2_a_fourth_move_of_the_same_player_is_refused():
    state = play(position(hands=["SHDC", "SH"]), "S@0", "H@0", "D@0")
    with pytest.raises(IllegalAction) as err:
        state.apply("C@0")      # Player 1's club: it is Player 2's turn and Player 2 holds no club
    assert err.value.rule == "R6" and "Player 2's turn" in str(err.value) and "no ♣" in str(err.value)
    assert state.to_move == 1 and state.moves_used == 0          # the state is untouched


def test_R6_an_out_of_turn_try_cites_turn_order_and_names_whose_turn_it_is():
    state = position(pieces={0: [3, 10], 1: [6]}, hands=["SS", "H"], to_move=1)
    with pytest.raises(IllegalAction) as err:
        state.apply("back@10")      # only Player 1 has a piece on card 10 (and a card 3 to step back to)
    assert err.value.rule == "R6" and "it is Player 2's turn" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        state.apply("S@3")          # Player 1's piece and Player 1's spade
    assert err.value.rule == "R6" and "Player 2" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        state.apply("S@6")          # Player 2's own piece, but Player 2 holds no ♠: not an out-of-turn try
    assert err.value.rule == "R7"


def test_T6_A10_stuck_mid_turn_makes_the_emergency_draw():
    state = position(pieces={0: [12] * 6}, hands=["H", "S"])
    after = state.apply("H@12")
    assert after.is_chance and after.pending == 1 and {"T6", "R24"} <= rules_cited(after)
    assert after.apply("draw S").to_move == 1


def test_T7_R5_after_a_move_the_player_may_move_again_or_end():
    state = play(position(hands=["SHDC", "S"]), "S@0")
    assert EndTurn() in state.legal_actions() and any(isinstance(a, Forward) for a in state.legal_actions())
    assert play(state, "end").to_move == 1


def test_T8_R6_play_passes_in_seat_order():
    state = position(players=3, hands=["S", "H", "DS"], to_move=2)
    state = play(state, "D@0", "end")
    assert state.to_move == 0


def test_R1_rank_never_matters_hands_are_suit_counts():
    state = position(hands=["SSHD", "C"])
    assert state.hands[0] == (2, 1, 1, 0)


def test_R3_moves_mix_forward_and_backward_with_the_same_piece():
    state = position(pieces={0: [1, 1]}, hands=["SS", "C"])
    state = play(state, "S@1", "back@2")       # card 1 keeps one red piece: back from 2 to 1
    assert state.pieces[0].count(1) == 2 and state.moves_used == 2


def test_R4_ending_a_turn_with_no_move_is_refused():
    state = position()
    with pytest.raises(IllegalAction) as err:
        state.apply("end")
    assert err.value.rule == "R4"


def test_R5_unused_moves_are_lost():
    state = play(position(hands=["SHDC", "S"]), "S@0", "end")
    assert state.to_move == 1 and state.moves_used == 0 and state.hands[0] == (0, 1, 1, 1)
