"""Pirate Rush step 4, loot values, scoring and options: R61-R74, E1-E10, C12, V1-V19."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.pirate_rush.support import Pick, edit, game, play, table

import explorer
from explorer.games.pirate_rush.turn.scoring import prestige_bonus, scores, winners


def at_step4(tile: str, resources=(2, 2, 2), ship: int = 0, loot=None, taker: int = 0, **options):
    s = table(3, loot=loot, advanced=True, stack=[["step4"], ["turn", taker]], removed="T01 T02 T03 T05",
              turn_of=taker, **options)
    d = s.to_dict()
    d["islands"][ship], d["flipped"][ship], d["ship"], d["resources"] = tile, True, ship, list(resources)
    d["anchor"] = {0: 1, 6: 7}.get(ship, -1)
    d["played"] = [p for p in range(3) if p != taker]
    s = s.game.state_from_dict(d)
    return play(s, "take I1.a" if ship == 0 else f"take I{ship + 1}.a", "tile rum", "end")


def test_R61_red_costs_and_green_restores():
    assert at_step4("T10").resources == (2, 1, 2)
    assert at_step4("T12", resources=(2, 1, 2)).resources == (2, 2, 2)
    assert at_step4("T12").resources == (2, 2, 2)       # capped at 2 (A9)


@pytest.mark.parametrize("tile,ending", [("T07", "naufragio"), ("T10", "desbandados"), ("T04", "motin")])
def test_R62_E2_E7_an_unpayable_resource_ends_the_game(tile, ending):
    s = at_step4(tile, resources=(0, 0, 0), loot={0: ["gold"], 1: ["silver"], 2: ["rum"]})
    if ending == "motin":
        assert s.is_chance and s.stack[-1][0] == "motin"
        s = explorer.playout(s, seed=1)
    assert s.is_over and s.ending == ending and s.ship == 0


def test_E7_naufragio_desbandados_motin_scoring():
    s = table(3, loot={0: ["gold", "silver"], 1: ["map", "map"], 2: ["rum"]})
    wreck = edit(s, ending="naufragio")
    assert scores(wreck)[0] == 0 + prestige_bonus(wreck)[0]
    d = edit(s, prestige=[3, 1, 0])
    assert prestige_bonus(d) == [2, 0, -2] and prestige_bonus(edit(d, ending="desbandados")) == [-2, 0, 2]


def test_C12_motin_steals_uniformly_in_order():
    s = at_step4("T04", resources=(2, 2, 0), loot={0: ["gold", "silver", "curse"]}, taker=1)
    assert all(p == Fraction(1, 3) for _, p in s.chance_outcomes())
    order = s.stack[-1][2]
    assert order == (1, 2)
    curse = next(t for t in s.loot[0] if s.kinds[t] == "curse")
    gold = next(t for t in s.loot[0] if s.kinds[t] == "gold")
    t = play(s, Pick(curse))   # then 1/3 * 1/2 = 1/6
    assert dict((o.arg, p) for o, p in t.chance_outcomes())["gold"] == Fraction(1, 2) and gold in t.loot[0]
    four = game(5)
    assert four.players == 5


def test_R63_R64_R65_E1_basic_step4_and_the_end_after_the_last_island():
    s = at_step4("T10")
    assert s.ship == 1 and s.starter == 1 and s.round == 2
    b = table(3, stack=[["step4"], ["turn", 0]])
    b = edit(b, ship=7, played=[1, 2])
    b = play(b, "take I8.a", "tile rum", "end")
    assert b.is_over and any("R65" in e.rules for e in b.events) and any("E1" in e.rules for e in b.events)


def test_V14_end_on_arrival_stops_before_the_last_island():
    s = table(3, stack=[["step4"], ["turn", 0]], end_rule="end_on_arrival")
    s = edit(s, ship=5, anchor=7, played=[1, 2])
    assert play(s, "take I6.a", "tile rum", "end").is_over


def test_V15_zigzag_route():
    s = table(3, route_layout="zigzag")
    from explorer.games.pirate_rush.turn.table import next_islands

    assert next_islands(s) == (1, 2)
    assert next_islands(edit(s, ship=6)) == (7,)


@pytest.mark.parametrize("kind,points", [("copper", 1), ("silver", 2), ("gold", 3), ("rum", 0), ("wound", -1),
                                         ("curse", -2), ("flag1", 0)])
def test_R66_R67_R70_E3_loot_values(kind, points):
    s = table(3, loot={0: [kind]})
    assert scores(s)[0] - prestige_bonus(s)[0] == points


@pytest.mark.parametrize("maps,points", [(1, 0), (2, 3), (3, 6), (4, 12), (5, 12)])
def test_R68_map_sets(maps, points):
    s = table(3, loot={0: ["map"] * maps})
    assert scores(s)[0] - prestige_bonus(s)[0] == points


def test_R69_E5_E6_flags_count_in_final_prestige_and_ties_split():
    s = table(3, loot={1: ["flag2"]})
    assert prestige_bonus(s) == [-1, 2, -1]             # totals 1, 3, 1: two share -2
    t = table(3)
    assert prestige_bonus(t) == [0, 0, 0]               # all tie: +0 and -0 by magnitude (A11)
    f = table(3, prestige_split_rounding="floor")
    assert prestige_bonus(f) == [-1, -1, -1]            # V5: 0 for the top share, floor(-2/3) = -1
    g = edit(table(4, prestige_split_rounding="floor"), prestige=[3, 1, 1, 1])
    assert prestige_bonus(g) == [2, -1, -1, -1]         # V5: floor(-2/3) = -1
    h = edit(table(4), prestige=[3, 1, 1, 1])
    assert prestige_bonus(h) == [2, 0, 0, 0]


def test_E4_E8_prosthetics_and_the_final_score():
    s = edit(table(3, loot={0: ["gold", "wound"]}), prosthetics=[["peg"], [], []], prestige=[2, 1, 1])
    assert scores(s)[0] == 3 - 1 + 1 + 2


def test_E9_E10_V13_rum_breaks_ties_then_shared():
    s = table(3, loot={0: ["copper", "rum"], 1: ["copper"], 2: ["copper", "rum"]})
    assert winners(s)[0] == (0, 2)
    assert table(3, final_tie="manual").game.options["final_tie"] == "manual"


def test_R71_loot_is_face_down_to_others():
    s = table(3, loot={0: ["gold"]})
    assert s.view(1)["loot"][0] == {"count": 1, "known": []}


def test_R72_R27_V6_prestige_supply():
    s = table(3)
    from explorer.games.pirate_rush.turn.table import supply

    assert supply(s) + sum(s.prestige) + len(s.markers) == 24
    assert supply(table(3, prestige_supply="unlimited")) > 24


def test_R73_V10_paid_tiles_shown_or_hidden():
    s = table(3, loot={0: ["rum"]}, advanced=True)
    s = edit(s, event="taberna")
    assert all(s.loot[0][0] in k for k in play(s, "tavern rum").known)
    h = edit(table(3, loot={0: ["rum"]}, advanced=True, reveal_paid_tiles=False), event="taberna")
    hidden = play(h, "tavern rum")
    assert h.loot[0][0] not in hidden.known[1]
    assert all("rum" not in e.for_player(1) for e in hidden.events)


def test_R74_blind_picks_are_uniform():
    s = table(3, loot={1: ["gold", "rum", "rum"]}, chosen=(6, 1, 2), row="3 5 6 8")
    # one pick per tile; the two rums are alike, so one outcome carries both their chances
    assert dict((o.arg, p) for o, p in play(s, "rogue P2").chance_outcomes()) == {"gold": Fraction(1, 3),
                                                                               "rum": Fraction(2, 3)}


def test_V16_investigate_mandatory():
    s = table(3, investigate_mandatory=True)
    s = play(s, "take I1.a", "tile rum")
    assert "end" not in {str(a) for a in s.legal_actions() if a.verb == "end"}
    assert "end" in {str(a) for a in play(s, "look I2.a", "tile rum").legal_actions()}


def test_V18_starting_player_random_and_V19_component_values():
    s = table(3, loot={0: ["wound", "curse"]}, wound_value=-2, curse_value=-3, prosthetic_value=2)
    assert scores(s)[0] - prestige_bonus(s)[0] == -5
    assert game(3, starting_player="random").options["starting_player"] == "random"
    assert game(3, skull_characters="").options["skull_characters"] == ""
    g = table(3, chosen=(5, 1, 2), row="3 5 6 8", gambler_icon="supplies", advanced=True)
    g = edit(g, resources=[2, 2, 1])
    assert "repair supplies" in {str(a) for a in g.legal_actions()}


@pytest.mark.parametrize("vid,option", [
    ("V1", "advanced"), ("V2", "duel_mode"), ("V3", "perdidos_scope"), ("V4", "mercader_coin_to"),
    ("V5", "prestige_split_rounding"), ("V6", "prestige_supply"), ("V7", "navigator_fallback_peek"),
    ("V8", "gambler_needs_own_loot"), ("V9", "qm_draw_excludes_own"), ("V10", "reveal_paid_tiles"),
    ("V11", "gunner_trigger"), ("V12", "monkey_may_pay"), ("V13", "final_tie"), ("V14", "end_rule"),
    ("V15", "route_layout"), ("V16", "investigate_mandatory"), ("V17", "setup_investigations"),
    ("V18", "starting_player"), ("V19", "wound_value")])
def test_every_V_option_has_its_digest_name(vid, option):
    spec = {o.name: o for o in type(game(3)).OPTIONS}[option]
    assert spec.rule == vid
