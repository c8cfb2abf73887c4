"""Dead Man's Dice, one test (or more) per digest rule ID: S, T, R and E."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.dead_mans_dice.support import cited, play, table

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
    assert [[str(a) for a in s.legal_actions()]] == [["open P1-1", "open P1-2", "open P1-J"]]
    assert s.to_dict()["hands"][3] == ["P4-1", "P4-2", "P4-J"]


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
    s = play(explorer.load("dead_mans_dice").new_state(), "open P1-1", "face 4", "open P2-J", "face S", "open P3-2",
             "face 2")
    assert s.step == "turn" and s.to_move == 1 and "T0" in cited(s)


def test_T1_turn_offers_rolls_and_broadsides():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=4"])
    assert [str(a) for a in s.legal_actions()] == ["roll P1-2", "roll P1-J", "broadside P2"]


def test_T2_roll_is_a_chance_node_then_placement():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=4"]).apply("roll P1-2")
    assert s.is_chance and len(s.chance_outcomes()) == 6
    assert "T2" in cited(s)


def test_T3_wobble_check_follows_growth_to_five():
    s = table(["P1-2 P1-J", "P2-1", "P3-1"], ["P1-1=1 P2-2=2 P2-J=3 P3-J=4", "", "P3-2=6"], options={"wobble": True})
    s = play(s, "roll P1-2", "face 4")
    assert s.step == "wobble" and dict(s.chance_outcomes())[explorer.load(
        "dead_mans_dice").parse_action("topple")] == Fraction(1, 36)


def test_T4_plunder_phase_then_end_turn():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=1", "P2-1=3"]), "roll P1-2", "face 2")
    assert s.step == "plunder" and [str(a) for a in s.legal_actions()] == ["plunder P2", "end"]
    assert play(s, "end").to_move == 1


def test_T5_next_seat_clockwise_after_turn():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J", "P3-2 P3-J"], ["P1-1=3", "P2-1=3", "P3-1=3"], to_move=2),
             "roll P3-2", "face 1")
    assert s.to_move == 0 and "R19" in cited(s)


def test_T6_round_end_scores_then_opens_next_round():
    s = play(table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=3"]), "roll P1-J", "face S")
    assert s.round == 1 and s.step == "scored" and s.totals == (24, 3 - 7)
    assert {"T6", "E5", "R28"} <= cited(s) and s.piles[0] == ((0, 2), (1, 3), (2, 0))   # the scored piles stay
    assert [str(a) for a in s.legal_actions()] == ["next round"] and s.player == 0
    s = s.apply("next round")
    assert s.round == 2 and s.step == "open" and s.totals == (24, 3 - 7) and {"T0", "E9"} <= cited(s)


def test_R1_dice_keep_their_owner_after_plunder():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=1", "P2-1=3"]), "roll P1-2", "face 2", "plunder P2")
    assert s.to_dict()["piles"][0] == ["P1-1=1", "P1-2=2", "P2-1=3"]
    with pytest.raises(explorer.PositionError):
        table(["P2-1 P1-2 P1-J", "P2-2 P2-J"], ["P1-1=1", ""])


def test_R2_regular_die_faces_are_uniform_one_to_six():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=4"]).apply("roll P1-2")
    assert [(str(o), p) for o, p in s.chance_outcomes()] == [(f"face {k}", Fraction(1, 6)) for k in range(1, 7)]


def test_R3_jolly_roger_faces_skull_ranks_one_worth_seven():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=4"]).apply("roll P1-J")
    assert [str(o) for o, _ in s.chance_outcomes()] == ["face S", *(f"face {k}" for k in range(2, 7))]
    with pytest.raises(IllegalAction) as err:
        s.apply("face 1")
    assert err.value.rule == "R3"


def test_R4_each_die_in_exactly_one_place():
    with pytest.raises(explorer.PositionError) as err:
        table(["P1-1 P1-2 P1-J", "P2-2 P2-J"], ["P1-1=1", "P2-1=1"])
    assert "R4" in err.value.reason
    with pytest.raises(explorer.PositionError):
        table(["P1-2 P1-J", "P2-2 P2-J"], ["", "P2-1=1"])


def test_R5_only_the_top_die_can_be_plundered():
    s = play(table(["P1-2 P1-J", "P2-1"], ["P1-1=1", "P2-2=2 P2-J=5"]), "roll P1-2", "face 1")
    # top 1 takes {2, 6}; B's covered 2 is out of reach, its top 5 is not takeable
    assert s.step != "plunder" and s.to_move == 1


def test_R6_new_round_returns_every_die_to_hand():
    s = play(table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=6"]), "roll P1-J", "face 4", "next round")
    assert all(len(h) == 3 for h in s.hands) and all(not p for p in s.piles)


def test_R7_opening_die_becomes_base_whatever_it_shows():
    s = play(explorer.load("dead_mans_dice").new_state(), "open P1-2", "face 6")
    assert s.to_dict()["piles"][0] == ["P1-2=6"] and "R7" in cited(s)


def test_R8_strictly_lowest_goes_first_skull_counts_one():
    s = play(explorer.load("dead_mans_dice").new_state(), "open P1-1", "face 2", "open P2-J", "face S", "open P3-1",
             "face 3")
    assert s.to_move == 1 and "R8" in cited(s)


def test_R9_tie_for_lowest_means_everyone_rolls_again():
    s = play(explorer.load("dead_mans_dice").new_state(), "open P1-1", "face 2", "open P2-1", "face 2", "open P3-1",
             "face 5")
    assert s.step == "open" and s.to_move == 0 and all(not p for p in s.piles) and "R9" in cited(s)
    assert str(s.legal_actions()[0]) == "open P1-1"


def test_R10_turns_pass_clockwise_and_wrap():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"], to_move=1), "roll P2-2", "face 1")
    assert s.to_move == 0


def test_R11_one_die_per_turn_from_own_hand():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"])
    for bad, rule in (("roll P2-2", "R10"), ("roll P1-1", "R11"), ("end", "R11")):
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == rule
    s = play(s, "roll P1-2", "face 3")
    with pytest.raises(IllegalAction) as err:
        s.apply("roll P1-J")
    assert err.value.rule == "R11" or s.to_move == 1


def test_R12_jolly_roger_may_be_rolled_any_turn():
    s = table(["P1-1 P1-2 P1-J", "P2-2 P2-J"], ["", "P2-1=3"])
    assert "roll P1-J" in [str(a) for a in s.legal_actions()]


def test_R13_empty_pile_takes_any_roll_as_base():
    s = play(table(["P1-1 P1-2 P1-J", "P2-2 P2-J"], ["", "P2-1=3"]), "roll P1-1", "face 6")
    assert s.to_dict()["piles"][0] == ["P1-1=6"] and "R13" in cited(s)


@pytest.mark.parametrize("top,face,fits", [(3, 3, True), (3, 4, True), (3, 5, False), (4, 3, True), (5, 4, False),
                                           (6, 1, True), (2, 5, True), (6, 5, False)])
def test_R14_match_one_higher_or_seven(top, face, fits):
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], [f"A1={top}", "P2-1=1"]), "roll P1-2", f"face {face}")
    assert (len(s.piles[0]) == 2) is fits


def test_R15_rolled_skull_always_stacks():
    for top in range(1, 7):
        s = play(table(["P1-2 P1-J", "P2-2 P2-J"], [f"A1={top}", "P2-1=1"]), "roll P1-J", "face S")
        assert s.piles[0][-1] == (die_code("P1-J"), 0) and "R15" in cited(s)


@pytest.mark.parametrize("face,fits", [(1, True), (2, True), (6, True), (3, False), (4, False), (5, False)])
def test_R16_skull_on_top_counts_as_one(face, fits):
    s = play(table(["P1-1 P1-2", "P2-2 P2-J"], ["P1-J=S", "P2-1=1"]), "roll P1-1", f"face {face}")
    assert (len(s.piles[0]) == 2) is fits


def test_R17_no_descending_and_no_wrap():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=5", "P2-1=1"]), "roll P1-2", "face 4")
    assert len(s.piles[0]) == 1
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=6", "P2-1=2"]), "roll P1-2", "face 1")
    assert len(s.piles[0]) == 2   # only because 6 + 1 = 7


def test_R18_a_fitting_die_is_stacked_at_once():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=1"]), "roll P1-2", "face 3")
    assert len(s.piles[0]) == 2 and "R18" in cited(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("decline")
    assert err.value.rule in ("R18", "T2", "T1")


def test_R19_marooned_die_returns_to_hand_turn_ends():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=1"]), "roll P1-2", "face 5")
    assert s.to_dict()["hands"][0] == ["P1-2", "P1-J"] and s.to_move == 1 and s.round == 1 and "R19" in cited(s)


def test_R20_plunder_only_after_stacking():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=1", "P2-1=2"])
    with pytest.raises(IllegalAction) as err:
        s.apply("plunder P2")
    assert err.value.rule == "R20"


def test_R21_plunder_moves_top_die_face_unchanged():
    s = play(table(["P1-2 P1-J", "P2-J"], ["P1-1=1", "P2-1=4 P2-2=3"]), "roll P1-2", "face 2", "plunder P2")
    assert s.to_dict()["piles"] == [["P1-1=1", "P1-2=2", "P2-2=3"], ["P2-1=4"]] and "R21" in cited(s)


def test_R22_match_does_not_allow_plunder():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J", "P3-2 P3-J"], ["P1-1=1", "P2-1=2", "P3-1=3"]), "roll P1-2", "face 3")
    with pytest.raises(IllegalAction) as err:
        s.apply("plunder P3")
    assert err.value.rule in ("R22", "R20")


def test_R23_skull_is_never_plundered():
    s = play(table(["P1-2 P1-J", "P2-1 P2-2", "P3-2 P3-J"], ["P1-1=1", "P2-J=S", "P3-1=3"]), "roll P1-2", "face 3")
    with pytest.raises(IllegalAction) as err:
        s.apply("plunder P2")
    assert err.value.rule in ("R23", "R20")
    s = play(table(["P1-2 P1-J", "P2-1 P2-2", "P3-2 P3-J"], ["P1-1=1", "P2-J=S", "P3-1=3"]), "roll P1-2", "face 2")
    with pytest.raises(IllegalAction) as err:
        s.apply("plunder P2")
    assert err.value.rule == "R23"


def test_R24_many_plunders_each_against_the_new_top():
    """C5's teaching example: A takes 3, 4, 5, then 2."""
    s = table(["P1-2 P1-J", "P2-1", "P3-2"], ["P1-1=1", "P2-J=4 P2-2=3", "P3-1=2 P3-J=5"])
    s = play(s, "roll P1-2", "face 2", "plunder P2", "plunder P2", "plunder P3", "plunder P3")
    assert [f for _, f in s.piles[0]] == [1, 2, 3, 4, 5, 2] and "R24" in cited(s)


def test_R25_plunder_is_optional():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=1", "P2-1=2"]), "roll P1-2", "face 1", "end")
    assert s.to_move == 1 and s.piles[1] and "R25" in cited(s)


def test_R26_plundered_die_scores_for_its_new_pile():
    s = play(table(["P1-2", "P2-2 P2-J"], ["P1-1=1 P1-J=S", "P2-1=6"]), "roll P1-2", "face 2")
    s2 = play(table(["P1-2", "P2-2 P2-J"], ["P1-1=1 P1-J=2", "P2-1=3"]), "roll P1-2", "face 2", "plunder P2")
    assert s2.totals[0] == 1 + 2 + 2 + 3 and s.totals[0] == 1 + 7 + 2


def test_R27_emptied_pile_rolls_a_new_base_then_may_plunder():
    rolled = play(table(["P1-1 P1-2 P1-J", "P2-2 P2-J"], ["", "P2-1=2"]), "roll P1-2", "face 1")
    assert "R13" in cited(rolled) and rolled.step == "plunder"
    assert play(rolled, "plunder P2").to_dict()["piles"][0] == ["P1-2=1", "P2-1=2"]


def test_R28_empty_hand_ends_round_after_the_turns_plunders():
    s = play(table(["P1-2", "P2-2 P2-J"], ["P1-1=1 P1-J=S", "P2-1=3"]), "roll P1-2", "face 2")
    assert s.step == "plunder" and s.round == 1
    s = s.apply("plunder P2")
    assert s.step == "scored" and s.round == 1 and "R28" in cited(s)


def test_R29_nothing_else_ends_a_round():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"])
    for _ in range(10):
        s = play(s, f"roll {'A' if s.to_move == 0 else 'B'}2", "face 1")
    assert s.round == 1


def test_R30_broadside_targets_an_opponent_pile_even_a_skull():
    s = table(["P1-2 P1-J", "P2-1 P2-2"], ["P1-1=3", "P2-J=S"])
    assert "broadside P2" in [str(a) for a in s.legal_actions()]


def test_R31_hit_costs_seven_and_sinks_the_pile():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J", "P3-1 P3-J"], ["P1-1=3", "P2-1=3 P3-2=4", ""]), "broadside P2")
    assert s.totals[0] == -7 and s.step == "restart" and s.player == 1 and "R31" in cited(s)


def test_R32_shooter_stacks_nothing_and_miss_costs_nothing():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"], options={"broadside_hit_p": "1/2"}),
             "broadside P2", "miss")
    assert s.totals == (0, 0) and s.to_move == 1 and s.hands[0] == (1, 2) and "R32" in cited(s)


def test_R33_sunk_dice_go_to_their_owners():
    s = play(table(["P1-2 P1-J", "P2-2", "P3-1 P3-J"], ["P1-1=3", "P2-1=3 P3-2=4 P2-J=S", ""]), "broadside P2")
    assert s.to_dict()["hands"] == [["P1-2", "P1-J"], ["P2-1", "P2-2", "P2-J"], ["P3-1", "P3-2", "P3-J"]]
    assert "R33" in cited(s)


def test_R34_victim_restarts_at_once_by_their_own_choice():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"]), "broadside P2")
    assert [str(a) for a in s.legal_actions()] == ["restart P2-1", "restart P2-2", "restart P2-J"]
    s = play(s, "restart P2-J", "face 5")
    assert s.to_dict()["piles"][1] == ["P2-J=5"] and s.to_move == 1 and "R34" in cited(s)


@pytest.mark.parametrize("setup,move", [((["P1-2 P1-J", "P2-1 P2-2 P2-J"], ["P1-1=3", ""]), "broadside P2"),
                                        ((["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"]), "broadside P1")])
def test_R35_illegal_broadsides(setup, move):
    with pytest.raises(IllegalAction) as err:
        table(*setup).apply(move)
    assert err.value.rule == "R35"
    with pytest.raises(IllegalAction) as err:
        table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"], options={"broadside": "off"}).apply("broadside P2")
    assert err.value.rule == "V1"


def test_R36_overboard_returns_dice_and_ends_own_turn():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=1 P2-1=2", ""], to_move=0), "overboard P1")
    assert not s.piles[0] and s.to_move == 1 and s.totals == (0, 0) and "R36" in cited(s)


def test_R37_overboard_is_a_referee_event_never_offered_in_play():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"])
    assert not any(str(a).startswith("overboard") for a in s.legal_actions())
    after = s.apply("overboard P2")
    assert not after.piles[1] and after.to_move == 0 and "R37" in cited(after)
    with pytest.raises(IllegalAction) as err:
        after.apply("overboard P2")
    assert err.value.rule == "R36"


def test_R38_returned_jolly_roger_counts_as_held():
    s = play(table(["P1-1 P1-2", "P2-1 P2-2", "P3-2 P3-J"], ["P1-J=4", "P2-J=4", "P3-1=1"], to_move=2), "overboard P1",
             "roll P3-2", "face 2")
    # A holds AJ again; round continues; at scoring A would be keelhauled
    assert s.score_now()[0] == -7


def test_R39_totals_are_kept_automatically():
    s = play(table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=6"]), "roll P1-J", "face 3",
             "next round")
    assert s.totals == (8, -1) and s.scores() == tuple(t + r for t, r in zip(s.totals, s.score_now(), strict=True))


def test_E1_round_ends_only_at_end_of_turn():
    s = play(table(["P1-2", "P2-2 P2-J"], ["P1-1=1 P1-J=S", "P2-1=3"]), "roll P1-2", "face 2")
    assert s.round == 1 and s.step == "plunder"


def test_E2_pile_value_sums_faces_skull_seven():
    s = table(["P1-2", "P2-2 P2-J"], ["P1-1=2 P1-J=S P2-1=1", ""], to_move=1)
    assert s.score_now()[0] == 2 + 7 + 1


def test_E3_skull_on_top_doubles():
    assert table(["P1-1", "P2-2 P2-J"], ["P1-2=2 P1-J=S", "P2-1=6"]).score_now()[0] == 18


def test_E4_keelhauled_when_holding_own_jolly_roger():
    s = table(["P1-2", "P2-2 P2-J", "P3-1 P3-2 P3-J"], ["P1-1=2 P1-J=S", "P2-1=6", ""])
    assert s.score_now()[1:] == (6 - 7, -7)


def test_E5_double_then_subtract():
    assert table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=6"]).score_now()[0] == 5 - 7


def test_E6_plank_penalty_is_outside_round_score():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"], totals=[10, 10]), "broadside P2")
    assert s.totals == (3, 10) and "E6" in cited(s)


def test_E7_highest_total_at_target_wins():
    s = play(table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=6"], totals=[95, 92]), "roll P1-J", "face 4")
    assert s.is_over and s.winners()[0] == (0,) and "E7" in cited(s)


def test_E8_tied_leaders_play_an_extra_round():
    s = play(table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=6"], totals=[95, 105]), "roll P1-J", "face 4")
    assert not s.is_over and s.step == "scored" and s.totals == (104, 104) and "E8" in cited(s)
    assert s.apply("next round").round == 2


def test_E9_otherwise_next_round_opens():
    s = play(table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=6"]), "roll P1-J", "face 4", "next round")
    assert s.round == 2 and s.step == "open" and "E9" in cited(s)
