"""Jolly & Roger setup, turn and core rules: one or more tests per digest ID (S, T, R1-R24)."""

from __future__ import annotations

import random

import pytest
from games.jolly_and_roger.support import GAME, SPECIAL, drawing, placing, side

import explorer
from explorer.core.errors import IllegalAction, OptionError
from explorer.core.play import advance
from explorer.games.jolly_and_roger import Split, Take
from explorer.games.jolly_and_roger.data import SHIP_VALUE, SHIPS, SPECIALS


def rule_of(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value.rule


# -- setup -------------------------------------------------------------------------------
def test_S1_four_ships_in_ascending_order():
    assert SHIPS == ("G", "Y", "B", "R") and SHIP_VALUE == (3, 5, 7, 9)
    svg = GAME.start(seed=1)._repr_svg_()
    assert svg.index("Green  3") < svg.index("Yellow  5") < svg.index("Blue  7") < svg.index("Red  9")


def test_S2_empty_chests_and_no_captains_at_the_start():
    s = GAME.start(seed=2)
    assert s.chests == ((), ()) and s.captains() == (None,) * 4 and s.scores() == (0, 0)


def test_S3_basic_game_has_no_special_cards():
    s = GAME.start(seed=3)
    assert all(s.pile[-3:][i] == 0 and s.aside[-3:][i] == 0 for i in range(3))


def test_S4_three_pirate_cards_set_aside_unseen():
    s = GAME.new_state()
    assert s.is_chance and str(s.chance_outcomes()[0][0]).startswith("aside")
    s = GAME.start(seed=4)
    assert sum(s.aside) == 3
    for player in (0, 1):
        view = s.view(player)
        assert "aside" not in view and "pile" not in view and view["aside_size"] == 3
    hidden = [e for e in explorer.replay(GAME, s.history[:3]).events if "unseen" in e.text]
    assert hidden and all(e.visible_to is None and e.detail for e in hidden)
    assert all(e.for_player(0) == "A card is set aside unseen" for e in hidden)


def test_S5_forty_cards_form_the_draw_pile():
    assert sum(GAME.start(seed=5).pile) + len(GAME.start(seed=5).table) == 40


def test_S6_sequential_special_setup_removes_three_pirates_then_seven():
    s = SPECIAL.new_state()
    for _ in range(3):
        assert all(str(o)[-2:] not in SPECIALS for o, _ in s.chance_outcomes())   # only pirates first
        s = s._step(s.chance_outcomes()[0][0])
    assert {str(o)[-2:] for o, _ in s.chance_outcomes()} >= set(SPECIALS)
    s = SPECIAL.start(seed=6)
    assert sum(s.aside) == 10 and sum(s.pile) + len(s.table) == 40 and s.early == 3


def test_S7_long_game_sets_nothing_aside():
    game = explorer.load("jolly_and_roger", special_cards=True, long_game=True)
    s = game.new_state()
    assert s.phase == "draw" and sum(s.pile) == 50 and sum(s.aside) == 0


@pytest.mark.parametrize(("option", "first"), [("P1", 0), ("P2", 1)])
def test_S8_the_start_player_splits_round_1(option, first):
    s = explorer.load("jolly_and_roger", start_player=option).start(seed=8)
    assert s.splitter == first and s.player == first and s.phase == "split"


# -- turn structure ----------------------------------------------------------------------
def test_T1_the_splitter_draws_five_cards_face_up():
    s = GAME.start(seed=11)
    assert len(s.table) == 5 and s.view(1)["table"] == list(s.table)
    assert [str(h).split()[0] for h in s.history[3:]] == ["draw"] * 5


def test_T2_splits_counted_by_duplicates():
    counts = []
    for table in (["G1", "Y2", "B3", "R5", "G2"], ["G1", "G1", "Y2", "B3", "R5"], ["G1", "G1", "Y2", "Y2", "R5"],
                  ["G1", "G1", "G1", "B3", "R5"], ["G1", "G1", "G1", "R1", "R1"], ["G1", "G1", "G1", "G1", "R5"]):
        s = drawing(table)
        assert s.phase == "split"
        counts.append(len(s.legal_actions()))
    assert counts == [15, 11, 8, 7, 5, 4]


def test_T3_the_chooser_takes_one_offer_the_splitter_the_other():
    s = drawing(["G1", "G1", "Y2", "B3", "R5"]).apply("split R5 Y2 | G1 G1 B3")
    assert s.player == 1 and s.legal_actions() == (Take(("Y2", "R5")), Take(("G1", "G1", "B3")))
    s = s.apply("take Y2 R5")
    assert s.hands == (("G1", "G1", "B3"), ("Y2", "R5")) and s.player == 1


def test_T4_T5_chooser_places_then_splitter():
    s = placing(hand=["G2"], other=["Y3"], chooser=1)
    assert s.player == 1
    s = s.apply("crew G2")
    assert s.player == 0 and s.phase == "place"


def test_T6_round_end_passes_the_flag():
    s = placing(hand=["G2"], other=["Y3"], chooser=1).apply("crew G2").apply("crew Y3")
    assert s.phase == "draw" and s.round == 2 and s.splitter == 1


# -- rules -------------------------------------------------------------------------------
def test_R1_exactly_two_players():
    with pytest.raises(OptionError):
        explorer.load("jolly_and_roger", players=3)
    assert GAME.players == 2


def test_R2_five_cards_a_round_visible_to_both():
    s = GAME.start(seed=12)
    assert all("R2" in e.rules for e in explorer.replay(GAME, s.history[:4]).events)
    assert s.view(0)["table"] == s.view(1)["table"]


def test_R3_each_offer_holds_one_to_four_cards():
    s = drawing(["G1", "Y2", "B3", "R5", "G2"])
    assert all(1 <= len(a.small) <= 2 and len(a.small) + len(a.large) == 5 for a in s.legal_actions())
    assert rule_of(s, Split((), ("G1", "G2", "Y2", "B3", "R5"))) == "R3"


def test_R4_no_card_left_out_or_doubled():
    s = drawing(["G1", "Y2", "B3", "R5", "G2"])
    assert rule_of(s, "split G1 | Y2 B3 R5") == "R4"
    assert rule_of(s, "split G1 G1 | G2 Y2 B3 R5") == "R4"


def test_R5_the_chooser_takes_one_offer_as_laid_out():
    s = drawing(["G1", "Y2", "B3", "R5", "G2"]).apply("split G1 | G2 Y2 B3 R5")
    assert rule_of(s, "take G1 Y2") == "R5"


def test_R6_the_splitter_waits_for_the_chooser():
    s = placing(hand=["G2", "Y1"], other=["R5"], chooser=0)
    assert s.player == 0 and rule_of(s, "crew R5") == "R6"     # the waiting splitter's card: turn order
    s = s.apply("crew G2")
    assert s.player == 0
    assert s.apply("crew Y1").player == 1


def test_R7_every_card_must_be_used():
    s = placing(hand=["G2"], other=["R5"])
    assert all(str(a).split()[0] in ("crew", "parrot") for a in s.legal_actions())
    assert rule_of(s, "crew G3") == "R7"


def test_R8_order_matters_for_boarding():
    p2 = side(B=["B4"])
    s = placing(p2=p2, hand=["B5", "B1"])
    assert s.apply("crew B5").apply("board B1").chests[0] == ("B1",)
    assert rule_of(s, "board B1") == "R18"


def test_R9_crew_adds_its_value_at_its_own_ship():
    s = placing(hand=["R5"]).apply("crew R5")
    assert s.strengths[0] == (0, 0, 0, 5) and s.piles[0][3] == ("R5",)


def test_R10_pirate_side_only_on_its_own_colour():
    assert rule_of(placing(hand=["R5"]), "crew R5 B") == "R10"


def test_R11_parrot_anywhere_strength_one_own_colour_too():
    s = placing(hand=["Y2", "B3"]).apply("parrot Y2 B").apply("parrot B3 B")
    assert s.piles[0][2] == ("p:Y2", "p:B3") and s.strengths[0][2] == 2


def test_R12_piles_are_ordered_and_summed():
    s = placing(p1=side(G=["G4", "p:R1"]), hand=["G2"]).apply("crew G2")
    assert s.piles[0][0] == ("G4", "p:R1", "G2") and s.strengths[0][0] == 7


def test_R13_everything_on_the_table_is_public():
    s = placing(p1=side(G=["G4"]), p2=side(Y=["p:R1"]), hand=["G2"])
    a, b = s.view(0), s.view(1)
    for key in ("piles", "strengths", "captains", "hands", "offers", "chests"):
        assert a[key] == b[key]


def test_R14_the_stronger_side_holds_the_captain():
    s = placing(p2=side(G=["G2"]), hand=["B3"]).apply("crew B3")
    assert s.captains()[2] == 0 and any("R14" in e.rules for e in s.events)


def test_R15_captains_swap_when_the_majority_changes():
    s = placing(p1=side(B=["B3"]), p2=side(B=["B2"]), hand=["B4"], chooser=1).apply("crew B4")
    assert s.captains()[2] == 1 and any("R15" in e.rules for e in s.events)


def test_R16_a_tie_removes_the_captain():
    s = placing(p1=side(B=["B3"]), p2=side(B=["B2"]), hand=["Y1", "B4"], chooser=1)
    s = s.apply("parrot Y1 B")
    assert s.captains()[2] is None and any("R16" in e.rules for e in s.events)
    assert s.apply("crew B4").captains()[2] == 1


def test_R17_one_captain_per_ship_placed_automatically():
    s = GAME.start(seed=17)
    for _ in range(60):
        if s.is_over:
            break
        s = advance(s, seed=random.Random(17), steps=1)
        caps = s.captains()
        assert len(caps) == 4 and all(c in (0, 1, None) for c in caps)


def test_R18_boarding_needs_your_captain_there():
    s = placing(p2=side(Y=["Y1"]), hand=["Y3"])
    assert rule_of(s, "board Y3") == "R18"


def test_R19_boarding_gives_gold_not_strength():
    s = placing(p1=side(G=["G4"]), p2=side(G=["G2"]), hand=["G5"]).apply("board G5")
    assert s.chests[0] == ("G5",) and s.gold(0) == 5 and s.strengths[0][0] == 4


def test_R20_boarding_only_with_the_ships_colour():
    s = placing(p1=side(G=["G4"]), hand=["Y5"])
    assert rule_of(s, "board Y5 G") == "R20"


def test_R21_chest_cards_keep_their_value():
    s = placing(p1=side(G=["G4"]), p2=side(G=["G2"]), hand=["G5"], other=["G3"], chooser=0)
    s = s.apply("board G5").apply("crew G3")
    assert s.captains()[0] == 1 and s.gold(0) == 5


def test_R22_piles_captains_and_chests_carry_over():
    s = placing(p1=side(G=["G4"]), hand=["G5"], other=["R1"]).apply("board G5").apply("crew R1")
    assert s.round == 2 and s.piles[0][0] == ("G4",) and s.chests[0] == ("G5",) and s.captains()[3] == 1


def test_R23_the_flag_alternates():
    s = GAME.start(seed=23)
    splitters = []
    while not s.is_over:
        if s.phase == "split":
            splitters.append(s.splitter)
        s = advance(s, seed=random.Random(len(splitters)), steps=1)
    assert splitters == [0, 1] * 4


def test_R24_eight_rounds_use_the_forty_cards():
    s = explorer.playout(GAME.start(seed=24), seed=24)
    assert s.is_over and s.round == 8 and sum(s.pile) == 0
