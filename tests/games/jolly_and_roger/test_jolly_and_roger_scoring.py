"""Jolly & Roger special cards (R25-R36), end and scoring (E), options (V) and chance (C)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.jolly_and_roger.support import GAME, SPECIAL, chance_tree, drawing, loose, placing, side

import explorer
from explorer.core.errors import IllegalAction, OptionError
from explorer.core.play import playout
from explorer.games.jolly_and_roger import Board, Parrot
from explorer.games.jolly_and_roger.data import ALL_COUNTS, PIRATE_COUNTS, VALUE
from explorer.games.jolly_and_roger.odds import (
    draw_distribution,
    full_deck,
    kraken_all_in_play,
    next_round_no_special,
    p_card_next_round,
    probability,
    specials_in_play,
)


def rule_of(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value.rule


def load(**options):
    return explorer.load("jolly_and_roger", special_cards=True, **options)


# -- special cards -----------------------------------------------------------------------
def test_R25_special_setup_leaves_forty_cards():
    s = SPECIAL.start(seed=25)
    assert sum(s.pile) + len(s.table) == 40 and sum(s.pile) + sum(s.aside) + 5 == 50


def test_R26_specials_are_split_like_other_cards():
    s = drawing(["G1", "Y2", "B3", "SK", "KR"], game=SPECIAL)
    assert len(s.legal_actions()) == 15 and s.apply("split SK KR | G1 Y2 B3").offers[0] == ("SK", "KR")


def test_R27_a_special_must_be_used_this_round():
    s = placing(hand=["TO"], game=SPECIAL)
    assert [str(a) for a in s.legal_actions()] == ["tortuga"]


def test_R28_skeleton_any_ship_strength_three():
    s = placing(hand=["SK"], game=SPECIAL)
    assert len(s.legal_actions()) == 4
    assert s.apply("skeleton R").strengths[0][3] == 3


def test_R29_skeleton_cannot_be_boarded():
    assert rule_of(placing(p1=side(R=["R5"]), hand=["SK"], game=SPECIAL), Board("SK", "R")) == "R29"


def test_R30_kraken_removes_the_bottom_card():
    s = placing(p1=side(B=["B2", "p:Y1", "B4"]), p2=side(B=["B5"]), hand=["KR"], chooser=1,
                game=SPECIAL)
    assert s.captains()[2] == 0
    t = s.apply("kraken B")
    assert t.piles[0][2] == ("p:Y1", "B4") and t.strengths[0][2] == 5 == t.strengths[1][2]
    assert t.captains()[2] is None and t.removed == ("B2", "KR")


def test_R31_no_kraken_on_an_empty_pile():
    s = placing(p2=side(G=["G1"]), hand=["KR"], game=SPECIAL)
    assert rule_of(s, "kraken B") == "R31" and rule_of(s, "kraken none") == "R30"


def test_R32_kraken_without_target_leaves_without_effect():
    s = placing(hand=["KR"], game=SPECIAL)
    assert [str(a) for a in s.legal_actions()] == ["kraken none"]
    assert s.apply("kraken none").removed == ("KR",)


def test_R33_tortuga_turns_own_parrots():
    s = placing(p1=side(B=["p:R5"], G=["p:Y3"]), p2=side(B=["p:R4"]), hand=["TO"], game=SPECIAL)
    t = s.apply("tortuga")
    assert t.piles[0][2] == ("t:R5",) and t.strengths[0] == (3, 0, 5, 0) and t.piles[1][2] == ("p:R4",)


def test_R34_tortuga_leaves_and_later_parrots_stay():
    s = placing(p1=side(B=["p:R5"]), hand=["TO", "G2"], game=SPECIAL).apply("tortuga").apply("parrot G2 B")
    assert s.piles[0][2] == ("t:R5", "p:G2") and "TO" in s.removed


def test_R35_specials_not_parrot_side_by_default():
    assert rule_of(placing(hand=["SK"], game=SPECIAL), Parrot("SK", "G")) == "R35"


def test_R36_long_game_ten_rounds_all_cards():
    game = load(long_game=True)
    s = playout(game.new_state(), seed=36)
    assert s.round == 10 and sum(s.pile) == 0 and sum(s.aside) == 0


# -- end and scoring -----------------------------------------------------------------------
def final(p1, p2, chests=((), ()), game=GAME):
    return loose(game, {"phase": "over", "round": 8, "splitter": 1, "piles": [p1, p2],
                                 "chests": [list(c) for c in chests]})


def test_E1_game_ends_after_the_last_splitter():
    s = placing(hand=["G1"], other=["Y1"], round_=8, chooser=0).apply("crew G1").apply("crew Y1")
    assert s.is_over and s.legal_actions() == () and s.player is None


def test_E2_gold_is_the_chest_values():
    assert final(side(), side(), (("G5", "R3"), ("Y1",))).scores() == (8, 1)


def test_E3_ships_score_for_the_captain_tied_for_nobody():
    s = final(side(R=["R5"], B=["B2"]), side(B=["p:G1", "B1"], G=["G1"]))
    assert s.captains() == (1, None, None, 0) and s.scores() == (9, 3)


def test_E4_higher_total_wins():
    assert final(side(R=["R5"]), side(G=["G1"])).winners() == ((0,), (1,))


def test_E5_equal_totals_are_a_draw():
    assert final(side(G=["G1"]), side(), ((), ("G3",))).winners() == ((0, 1),)


def test_E6_card_values_total_105_and_ships_24():
    assert sum(VALUE[c] * n for c, n in zip(VALUE, PIRATE_COUNTS, strict=False)) == 105
    s = playout(GAME.start(seed=6), seed=6)
    ship_points = sum(s.scores()) - s.gold(0) - s.gold(1)
    assert ship_points <= 24 and all(c in VALUE for chest in s.chests for c in chest)


# -- options -------------------------------------------------------------------------------
def test_V1_special_cards_join_the_game():
    assert sum(SPECIAL.new_state().pile) == 43 and sum(ALL_COUNTS) == 50
    assert GAME.options["special_cards"] is False


def test_V2_long_game_needs_special_cards():
    with pytest.raises(OptionError) as err:
        explorer.load("jolly_and_roger", long_game=True)
    assert err.value.field == "options.long_game"


def test_V3_literal_removal_sets_seven_of_fifty_aside():
    s = load(variant_removal="literal").start(seed=3)
    assert sum(s.aside) == 7 and sum(s.pile) + len(s.table) == 43
    end = playout(s, seed=3)
    assert end.round == 8 and sum(end.pile) == 3


def test_V4_specials_as_parrot():
    game = load(specials_as_parrot=True)
    s = placing(p1=side(G=["p:KR"]), hand=["TO", "SK"], game=game)
    assert Parrot("SK", "B") in s.legal_actions()
    assert s.apply("tortuga").piles[0][0] == ("p:KR",)


def test_V5_kraken_optional():
    s = placing(p2=side(G=["G1"]), hand=["KR"], game=load(kraken_optional=True))
    assert "kraken none" in [str(a) for a in s.legal_actions()]


@pytest.mark.parametrize(("rule", "ranking"), [("draw", ((0, 1),)), ("more_gold", ((1,), (0,))),
                                               ("more_ships", ((0,), (1,)))])
def test_V6_tiebreak(rule, ranking):
    game = explorer.load("jolly_and_roger", tiebreak=rule)
    s = final(side(G=["G1"]), side(), ((), ("G3",)), game=game)
    assert s.scores() == (3, 3) and s.winners() == ranking


def test_V7_owner_only_hides_the_other_chest():
    game = explorer.load("jolly_and_roger", chest_visibility="owner_only")
    s = final(side(), side(), (("G5",), ("Y1",)), game=game)
    assert s.view(0)["chests"] == [["G5"], None] and s.view(1)["gold"] == [None, 1]
    assert s.view(None)["chests"] == [["G5"], ["Y1"]]


def test_V8_random_start_player_is_a_fair_chance():
    s = explorer.load("jolly_and_roger", start_player="random").new_state()
    while s.phase == "setup":
        s = s._step(s.chance_outcomes()[0][0])
    assert [(str(o), p) for o, p in s.chance_outcomes()] == [("first P1", Fraction(1, 2)),
                                                             ("first P2", Fraction(1, 2))]


def test_V9_reveal_set_aside_cards_at_the_end():
    game = explorer.load("jolly_and_roger", reveal_removed_at_end=True)
    s = playout(game.start(seed=9), seed=9)
    assert sum(s.view(0)["aside"].values()) == 3
    assert "aside" not in GAME.start(seed=9).view(0)


# -- chance --------------------------------------------------------------------------------
def test_C1_setup_shuffle():
    tree = chance_tree(GAME.new_state(), lambda s: s.phase != "setup")
    r5 = sum(p for s, p in tree.items() if s.aside[19])
    red = [sum(s.aside[15:20]) for s in tree]
    assert r5 == Fraction(3, 43)
    assert sum(p for s, p in tree.items() if sum(s.aside[15:20]) == 3) == Fraction(8, 1763)
    assert sum(p for s, p in tree.items() if sum(s.aside[15:20]) == 0) == Fraction(935, 1763) and red
    draw = draw_distribution(full_deck(), 5)
    assert len(draw) == 31869
    assert probability(draw, lambda c: not any(x[0] == "R" for x in c)) == Fraction(23188, 68757)
    assert probability(draw, lambda c: sum(x[0] == "G" for x in c) == 2) == Fraction(580, 1763)
    assert probability(draw, lambda c: len({x[0] for x in c}) == 4) == Fraction(3120, 12341)
    assert probability(draw, lambda c: len({x[0] for x in c}) == 1) == Fraction(341, 137514)
    assert 8 * Fraction(40, 43) == Fraction(320, 43)


def test_C2_special_setup():
    k = specials_in_play()
    assert k[7] == Fraction(6214520, 20963833) and sum(k.values()) == 1
    assert sum(n * p for n, p in k.items()) == Fraction(280, 47)
    assert sum(n * p for n, p in specials_in_play("literal").items()) == Fraction(28, 5)
    assert kraken_all_in_play() == Fraction(1976, 3243)
    assert 1 - Fraction(7 * 6, 47 * 46) == Fraction(1060, 1081)
    deck = full_deck(special_cards=True)
    assert 1 - next_round_no_special(deck) == Fraction(291977, 511313)
    assert p_card_next_round(deck, "R5") == Fraction(200, 2021)


def test_C3_round_draw_given_what_was_seen():
    seen = ["G2", "Y4", "R1", "B5", "G3", "R5", "R3", "Y1", "B1", "G1"]
    pool = full_deck()
    for card in seen:
        pool[card] -= 1
    draw = draw_distribution(pool, 5)
    assert sum(pool.values()) == 33
    assert probability(draw, lambda c: any(x[0] == "R" for x in c)) == Fraction(5794, 9889)
    assert probability(draw, lambda c: "R4" in c) == Fraction(5, 33) == p_card_next_round(pool, "R4", early=0)
    assert Fraction(3, 33) == Fraction(1, 11)


def test_C3_engine_draws_match_the_uniform_subset():
    s = drawing(["G1", "G1", "G1"], round_=8, p1=side(G=["G2", "G2", "G2", "G3", "G3", "G4", "G4", "G5", "G5"]),
                p2=side(Y=["Y1", "Y1", "Y1", "Y1", "Y2", "Y2", "Y2", "Y3", "Y3", "Y4", "Y4", "Y5"],
                        B=["B1", "B1", "B1", "B1", "B2", "B2", "B3", "B3", "B4", "B5"], R=["R1", "R1", "R2"]),
                aside={"R3": 1, "R4": 1, "R5": 1})
    tree = chance_tree(s, lambda t: not t.is_chance)
    merged: dict = {}
    for t, p in tree.items():
        drawn = list(t.table)
        for _ in range(3):
            drawn.remove("G1")
        merged[tuple(drawn)] = merged.get(tuple(drawn), 0) + p
    pile = {c: n for c, n in zip(VALUE, s.pile, strict=False) if n}
    assert merged == draw_distribution(pile, 2) and sum(merged.values()) == 1


def test_C4_long_game_round_one():
    draw = draw_distribution(full_deck(special_cards=True), 5)
    assert probability(draw, lambda c: any(x in ("SK", "KR", "TO") for x in c)) == Fraction(82583, 151340)
    assert probability(draw, lambda c: "R5" in c) == Fraction(1, 10)


def test_C5_random_start_player_half():
    s = explorer.load("jolly_and_roger", start_player="random").start(seed=5)
    assert s.history[3] in {o for o, _ in
                            explorer.replay(s.game, s.history[:3]).chance_outcomes()}
