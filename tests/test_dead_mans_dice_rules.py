"""Dead Man's Dice, one test (or more) per digest rule ID: S, T, R and E."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dmd_helpers import cited, play, table

import explorer
from explorer.core.errors import IllegalAction
from explorer.games.dead_mans_dice.data import die_code


def test_S1_two_to_six_pirates_in_clockwise_seats():
    for n in range(2, 7):
        assert explorer.load("dead_mans_dice", players=n).players == n
    with pytest.raises(explorer.OptionError):
        explorer.load("dead_mans_dice", players=7)


def test_S2_each_pirate_has_two_regular_dice_and_a_jolly_roger():
    s = explorer.load("dead_mans_dice", players=4).new_state()
    assert [[str(a) for a in s.legal_actions()]] == [["open A1", "open A2", "open AJ"]]
    assert s.to_dict()["hands"][3] == ["D1", "D2", "DJ"]


def test_S3_totals_start_at_zero_and_target_is_100():
    game = explorer.load("dead_mans_dice")
    assert game.new_state().totals == (0, 0, 0) and game.options["target_score"] == 100


def test_S4_options_are_fixed_with_the_game():
    game = explorer.load("dead_mans_dice", wobble=True)
    assert game.options["wobble"] is True and game != explorer.load("dead_mans_dice")


def test_S5_round_one_starts_with_the_opening_and_all_dice_in_hand():
    s = explorer.load("dead_mans_dice").new_state()
    assert s.step == "open" and s.round == 1 and all(not p for p in s.piles) and all(len(h) == 3 for h in s.hands)


def test_T0_opening_gives_every_pirate_a_base_then_the_lowest_starts():
    s = play(explorer.load("dead_mans_dice").new_state(), "open A1", "face 4", "open BJ", "face S", "open C2",
             "face 2")
    assert s.step == "turn" and s.to_move == 1 and "T0" in cited(s)


def test_T1_turn_offers_rolls_and_broadsides():
    s = table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=4"])
    assert [str(a) for a in s.legal_actions()] == ["roll A2", "roll AJ", "broadside B"]


def test_T2_roll_is_a_chance_node_then_placement():
    s = table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=4"]).apply("roll A2")
    assert s.is_chance and len(s.chance_outcomes()) == 6
    assert "T2" in cited(s)


def test_T3_wobble_check_follows_growth_to_five():
    s = table(["A2 AJ", "B1", "C1"], ["A1=1 B2=2 BJ=3 CJ=4", "", "C2=6"], options={"wobble": True})
    s = play(s, "roll A2", "face 4")
    assert s.step == "wobble" and dict(s.chance_outcomes())[explorer.load(
        "dead_mans_dice").parse_action("topple")] == Fraction(1, 36)


def test_T4_plunder_phase_then_end_turn():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=1", "B1=3"]), "roll A2", "face 2")
    assert s.step == "plunder" and [str(a) for a in s.legal_actions()] == ["plunder B", "end"]
    assert play(s, "end").to_move == 1


def test_T5_next_seat_clockwise_after_turn():
    s = play(table(["A2 AJ", "B2 BJ", "C2 CJ"], ["A1=3", "B1=3", "C1=3"], to_move=2), "roll C2", "face 1")
    assert s.to_move == 0 and "R19" in cited(s)


def test_T6_round_end_scores_then_opens_next_round():
    s = play(table(["AJ", "B2 BJ"], ["A1=2 A2=3", "B1=3"]), "roll AJ", "face S")
    assert s.round == 2 and s.step == "open" and s.totals == (24, 3 - 7)
    assert {"T0", "E5", "R28"} <= cited(s)


def test_R1_dice_keep_their_owner_after_plunder():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=1", "B1=3"]), "roll A2", "face 2", "plunder B")
    assert s.to_dict()["piles"][0] == ["A1=1", "A2=2", "B1=3"]
    with pytest.raises(explorer.PositionError):
        table(["B1 A2 AJ", "B2 BJ"], ["A1=1", ""])


def test_R2_regular_die_faces_are_uniform_one_to_six():
    s = table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=4"]).apply("roll A2")
    assert [(str(o), p) for o, p in s.chance_outcomes()] == [(f"face {k}", Fraction(1, 6)) for k in range(1, 7)]


def test_R3_jolly_roger_faces_skull_ranks_one_worth_seven():
    s = table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=4"]).apply("roll AJ")
    assert [str(o) for o, _ in s.chance_outcomes()] == ["face S", *(f"face {k}" for k in range(2, 7))]
    with pytest.raises(IllegalAction) as err:
        s.apply("face 1")
    assert err.value.rule == "R3"


def test_R4_each_die_in_exactly_one_place():
    with pytest.raises(explorer.PositionError) as err:
        table(["A1 A2 AJ", "B2 BJ"], ["A1=1", "B1=1"])
    assert "R4" in err.value.reason
    with pytest.raises(explorer.PositionError):
        table(["A2 AJ", "B2 BJ"], ["", "B1=1"])


def test_R5_only_the_top_die_can_be_plundered():
    s = play(table(["A2 AJ", "B1"], ["A1=1", "B2=2 BJ=5"]), "roll A2", "face 1")
    # top 1 takes {2, 6}; B's covered 2 is out of reach, its top 5 is not takeable
    assert s.step != "plunder" and s.to_move == 1


def test_R6_new_round_returns_every_die_to_hand():
    s = play(table(["AJ", "B2 BJ"], ["A1=2 A2=3", "B1=6"]), "roll AJ", "face 4")
    assert all(len(h) == 3 for h in s.hands) and all(not p for p in s.piles)


def test_R7_opening_die_becomes_base_whatever_it_shows():
    s = play(explorer.load("dead_mans_dice").new_state(), "open A2", "face 6")
    assert s.to_dict()["piles"][0] == ["A2=6"] and "R7" in cited(s)


def test_R8_strictly_lowest_goes_first_skull_counts_one():
    s = play(explorer.load("dead_mans_dice").new_state(), "open A1", "face 2", "open BJ", "face S", "open C1",
             "face 3")
    assert s.to_move == 1 and "R8" in cited(s)


def test_R9_tie_for_lowest_means_everyone_rolls_again():
    s = play(explorer.load("dead_mans_dice").new_state(), "open A1", "face 2", "open B1", "face 2", "open C1",
             "face 5")
    assert s.step == "open" and s.to_move == 0 and all(not p for p in s.piles) and "R9" in cited(s)
    assert str(s.legal_actions()[0]) == "open A1"


def test_R10_turns_pass_clockwise_and_wrap():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"], to_move=1), "roll B2", "face 1")
    assert s.to_move == 0


def test_R11_one_die_per_turn_from_own_hand():
    s = table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"])
    for bad, rule in (("roll B2", "R1"), ("roll A1", "R11"), ("end", "R11")):
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == rule
    s = play(s, "roll A2", "face 3")
    with pytest.raises(IllegalAction) as err:
        s.apply("roll AJ")
    assert err.value.rule == "R11" or s.to_move == 1


def test_R12_jolly_roger_may_be_rolled_any_turn():
    s = table(["A1 A2 AJ", "B2 BJ"], ["", "B1=3"])
    assert "roll AJ" in [str(a) for a in s.legal_actions()]


def test_R13_empty_pile_takes_any_roll_as_base():
    s = play(table(["A1 A2 AJ", "B2 BJ"], ["", "B1=3"]), "roll A1", "face 6")
    assert s.to_dict()["piles"][0] == ["A1=6"] and "R13" in cited(s)


@pytest.mark.parametrize("top,face,fits", [(3, 3, True), (3, 4, True), (3, 5, False), (4, 3, True), (5, 4, False),
                                           (6, 1, True), (2, 5, True), (6, 5, False)])
def test_R14_match_one_higher_or_seven(top, face, fits):
    s = play(table(["A2 AJ", "B2 BJ"], [f"A1={top}", "B1=1"]), "roll A2", f"face {face}")
    assert (len(s.piles[0]) == 2) is fits


def test_R15_rolled_skull_always_stacks():
    for top in range(1, 7):
        s = play(table(["A2 AJ", "B2 BJ"], [f"A1={top}", "B1=1"]), "roll AJ", "face S")
        assert s.piles[0][-1] == (die_code("AJ"), 0) and "R15" in cited(s)


@pytest.mark.parametrize("face,fits", [(1, True), (2, True), (6, True), (3, False), (4, False), (5, False)])
def test_R16_skull_on_top_counts_as_one(face, fits):
    s = play(table(["A1 A2", "B2 BJ"], ["AJ=S", "B1=1"]), "roll A1", f"face {face}")
    assert (len(s.piles[0]) == 2) is fits


def test_R17_no_descending_and_no_wrap():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=5", "B1=1"]), "roll A2", "face 4")
    assert len(s.piles[0]) == 1
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=6", "B1=2"]), "roll A2", "face 1")
    assert len(s.piles[0]) == 2   # only because 6 + 1 = 7


def test_R18_a_fitting_die_is_stacked_at_once():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=1"]), "roll A2", "face 3")
    assert len(s.piles[0]) == 2 and "R18" in cited(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("decline")
    assert err.value.rule in ("R18", "T2", "T1")


def test_R19_marooned_die_returns_to_hand_turn_ends():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=1"]), "roll A2", "face 5")
    assert s.to_dict()["hands"][0] == ["A2", "AJ"] and s.to_move == 1 and s.round == 1 and "R19" in cited(s)


def test_R20_plunder_only_after_stacking():
    s = table(["A2 AJ", "B2 BJ"], ["A1=1", "B1=2"])
    with pytest.raises(IllegalAction) as err:
        s.apply("plunder B")
    assert err.value.rule == "R20"


def test_R21_plunder_moves_top_die_face_unchanged():
    s = play(table(["A2 AJ", "BJ"], ["A1=1", "B1=4 B2=3"]), "roll A2", "face 2", "plunder B")
    assert s.to_dict()["piles"] == [["A1=1", "A2=2", "B2=3"], ["B1=4"]] and "R21" in cited(s)


def test_R22_match_does_not_allow_plunder():
    s = play(table(["A2 AJ", "B2 BJ", "C2 CJ"], ["A1=1", "B1=2", "C1=3"]), "roll A2", "face 3")
    with pytest.raises(IllegalAction) as err:
        s.apply("plunder C")
    assert err.value.rule in ("R22", "R20")


def test_R23_skull_is_never_plundered():
    s = play(table(["A2 AJ", "B1 B2", "C2 CJ"], ["A1=1", "BJ=S", "C1=3"]), "roll A2", "face 3")
    with pytest.raises(IllegalAction) as err:
        s.apply("plunder B")
    assert err.value.rule in ("R23", "R20")
    s = play(table(["A2 AJ", "B1 B2", "C2 CJ"], ["A1=1", "BJ=S", "C1=3"]), "roll A2", "face 2")
    with pytest.raises(IllegalAction) as err:
        s.apply("plunder B")
    assert err.value.rule == "R23"


def test_R24_many_plunders_each_against_the_new_top():
    """C5's teaching example: A takes 3, 4, 5, then 2."""
    s = table(["A2 AJ", "B1", "C2"], ["A1=1", "BJ=4 B2=3", "C1=2 CJ=5"])
    s = play(s, "roll A2", "face 2", "plunder B", "plunder B", "plunder C", "plunder C")
    assert [f for _, f in s.piles[0]] == [1, 2, 3, 4, 5, 2] and "R24" in cited(s)


def test_R25_plunder_is_optional():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=1", "B1=2"]), "roll A2", "face 1", "end")
    assert s.to_move == 1 and s.piles[1] and "R25" in cited(s)


def test_R26_plundered_die_scores_for_its_new_pile():
    s = play(table(["A2", "B2 BJ"], ["A1=1 AJ=S", "B1=6"]), "roll A2", "face 2")
    s2 = play(table(["A2", "B2 BJ"], ["A1=1 AJ=2", "B1=3"]), "roll A2", "face 2", "plunder B")
    assert s2.totals[0] == 1 + 2 + 2 + 3 and s.totals[0] == 1 + 7 + 2


def test_R27_emptied_pile_rolls_a_new_base_then_may_plunder():
    rolled = play(table(["A1 A2 AJ", "B2 BJ"], ["", "B1=2"]), "roll A2", "face 1")
    assert "R13" in cited(rolled) and rolled.step == "plunder"
    assert play(rolled, "plunder B").to_dict()["piles"][0] == ["A2=1", "B1=2"]


def test_R28_empty_hand_ends_round_after_the_turns_plunders():
    s = play(table(["A2", "B2 BJ"], ["A1=1 AJ=S", "B1=3"]), "roll A2", "face 2")
    assert s.step == "plunder" and s.round == 1
    s = s.apply("plunder B")
    assert s.round == 2 and "R28" in cited(s)


def test_R29_nothing_else_ends_a_round():
    s = table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"])
    for _ in range(10):
        s = play(s, f"roll {'A' if s.to_move == 0 else 'B'}2", "face 1")
    assert s.round == 1


def test_R30_broadside_targets_an_opponent_pile_even_a_skull():
    s = table(["A2 AJ", "B1 B2"], ["A1=3", "BJ=S"])
    assert "broadside B" in [str(a) for a in s.legal_actions()]


def test_R31_hit_costs_seven_and_sinks_the_pile():
    s = play(table(["A2 AJ", "B2 BJ", "C1 CJ"], ["A1=3", "B1=3 C2=4", ""]), "broadside B")
    assert s.totals[0] == -7 and s.step == "restart" and s.player == 1 and "R31" in cited(s)


def test_R32_shooter_stacks_nothing_and_miss_costs_nothing():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"], options={"broadside_hit_p": "1/2"}), "broadside B",
             "miss")
    assert s.totals == (0, 0) and s.to_move == 1 and s.hands[0] == (1, 2) and "R32" in cited(s)


def test_R33_sunk_dice_go_to_their_owners():
    s = play(table(["A2 AJ", "B2", "C1 CJ"], ["A1=3", "B1=3 C2=4 BJ=S", ""]), "broadside B")
    assert s.to_dict()["hands"] == [["A2", "AJ"], ["B1", "B2", "BJ"], ["C1", "C2", "CJ"]] and "R33" in cited(s)


def test_R34_victim_restarts_at_once_by_their_own_choice():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"]), "broadside B")
    assert [str(a) for a in s.legal_actions()] == ["restart B1", "restart B2", "restart BJ"]
    s = play(s, "restart BJ", "face 5")
    assert s.to_dict()["piles"][1] == ["BJ=5"] and s.to_move == 1 and "R34" in cited(s)


@pytest.mark.parametrize("setup,move", [((["A2 AJ", "B1 B2 BJ"], ["A1=3", ""]), "broadside B"),
                                        ((["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"]), "broadside A")])
def test_R35_illegal_broadsides(setup, move):
    with pytest.raises(IllegalAction) as err:
        table(*setup).apply(move)
    assert err.value.rule == "R35"
    with pytest.raises(IllegalAction) as err:
        table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"], options={"broadside": "off"}).apply("broadside B")
    assert err.value.rule == "V1"


def test_R36_overboard_returns_dice_and_ends_own_turn():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=1 B1=2", ""], to_move=0), "overboard A")
    assert not s.piles[0] and s.to_move == 1 and s.totals == (0, 0) and "R36" in cited(s)


def test_R37_overboard_is_a_referee_event_never_offered_in_play():
    s = table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"])
    assert not any(str(a).startswith("overboard") for a in s.legal_actions())
    after = s.apply("overboard B")
    assert not after.piles[1] and after.to_move == 0 and "R37" in cited(after)
    with pytest.raises(IllegalAction) as err:
        after.apply("overboard B")
    assert err.value.rule == "R36"


def test_R38_returned_jolly_roger_counts_as_held():
    s = play(table(["A1 A2", "B1 B2", "C2 CJ"], ["AJ=4", "BJ=4", "C1=1"], to_move=2), "overboard A",
             "roll C2", "face 2")
    # A holds AJ again; round continues; at scoring A would be keelhauled
    assert s.score_now()[0] == -7


def test_R39_totals_are_kept_automatically():
    s = play(table(["AJ", "B2 BJ"], ["A1=2 A2=3", "B1=6"]), "roll AJ", "face 3")
    assert s.totals == (8, -1) and s.scores() == tuple(t + r for t, r in zip(s.totals, s.score_now(), strict=True))


def test_E1_round_ends_only_at_end_of_turn():
    s = play(table(["A2", "B2 BJ"], ["A1=1 AJ=S", "B1=3"]), "roll A2", "face 2")
    assert s.round == 1 and s.step == "plunder"


def test_E2_pile_value_sums_faces_skull_seven():
    s = table(["A2", "B2 BJ"], ["A1=2 AJ=S B1=1", ""], to_move=1)
    assert s.score_now()[0] == 2 + 7 + 1


def test_E3_skull_on_top_doubles():
    assert table(["A1", "B2 BJ"], ["A2=2 AJ=S", "B1=6"]).score_now()[0] == 18


def test_E4_keelhauled_when_holding_own_jolly_roger():
    s = table(["A2", "B2 BJ", "C1 C2 CJ"], ["A1=2 AJ=S", "B1=6", ""])
    assert s.score_now()[1:] == (6 - 7, -7)


def test_E5_double_then_subtract():
    assert table(["AJ", "B2 BJ"], ["A1=2 A2=3", "B1=6"]).score_now()[0] == 5 - 7


def test_E6_plank_penalty_is_outside_round_score():
    s = play(table(["A2 AJ", "B2 BJ"], ["A1=3", "B1=3"], totals=[10, 10]), "broadside B")
    assert s.totals == (3, 10) and "E6" in cited(s)


def test_E7_highest_total_at_target_wins():
    s = play(table(["AJ", "B2 BJ"], ["A1=2 A2=3", "B1=6"], totals=[95, 92]), "roll AJ", "face 4")
    assert s.is_over and s.winners()[0] == (0,) and "E7" in cited(s)


def test_E8_tied_leaders_play_an_extra_round():
    s = play(table(["AJ", "B2 BJ"], ["A1=2 A2=3", "B1=6"], totals=[95, 105]), "roll AJ", "face 4")
    assert not s.is_over and s.round == 2 and "E8" in cited(s)


def test_E9_otherwise_next_round_opens():
    s = play(table(["AJ", "B2 BJ"], ["A1=2 A2=3", "B1=6"]), "roll AJ", "face 4")
    assert s.round == 2 and s.step == "open" and "E9" in cited(s)
