"""Pirate Rush setup, rounds and the draft: S1-S10, T0-T4, T10-T12, R1-R9, C1-C5."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from games.pirate_rush.support import begin, game, leaves, play, prob

from explorer.core.game import outcome_probability
from explorer.games.pirate_rush.data import ISLAND_TILES, PROSTHETICS, TOTAL
from explorer.games.pirate_rush.model import Outcome
from explorer.games.pirate_rush.turn.table import supply


def test_S1_prosthetic_supply_is_set_aside_face_up():
    s = game(3).start(seed=1)
    assert PROSTHETICS == {"peg": 3, "hook": 2} and s.prosthetics == ((), (), ())


def test_S2_C1_island_deal_removes_four_public_tiles():
    s = game(4).new_state()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == comb(12, 4) == 495 and all(p == Fraction(1, 495) for _, p in outcomes)
    green = {t for t, tile in ISLAND_TILES.items() if tile.colour == "green"}
    all_green_removed = sum(p for o, p in outcomes if green <= set(o.arg.split()))
    assert all_green_removed == Fraction(1, 55)
    assert sum(p for o, p in outcomes if "T03" not in o.arg) == Fraction(2, 3)
    events = {t for t, tile in ISLAND_TILES.items() if tile.event}
    assert sum(p for o, p in outcomes if not events & set(o.arg.split())) == Fraction(1, 33)
    s = s.apply("removed T01 T02 T03 T04")
    assert s.removed == ("T01", "T02", "T03", "T04") and "T01" in s.events[-1].text


def test_C1_first_island_is_red_three_times_in_four():
    """C1: compose the removal node with the lazily resolved I1 tile (C2)."""
    s = game(3, setup_investigations=0).new_state()
    total = Fraction(0)
    for o, p in s.chance_outcomes():
        t = play(s, o, "row 3 4 5 6", "first P1", "draft captain", "draft navigator", "draft gunner")
        assert t.is_chance and t.stack[-1][0] == "isee"
        total += p * sum(q for x, q in t.chance_outcomes() if ISLAND_TILES[x.arg].colour == "red")
    assert total == Fraction(3, 4)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_S3_C3_each_island_has_one_slot_per_player_and_the_rest_is_discarded(n):
    s = game(n).start(seed=2)
    assert all(len(row) == n for row in s.slots)
    assert len(s.discard) == 40 - 8 * n == {3: 16, 4: 8, 5: 0}[n]


def test_C3_tile_kinds_resolve_from_the_unaccounted_multiset():
    s = begin(4, looks=1)
    s = play(s, "look I1.a")
    assert outcome_probability(s, Outcome("tile", "gold")) == Fraction(1, 20)
    coins = {"copper", "silver", "gold"}
    both = Fraction(0)
    for o, p in s.chance_outcomes():
        t = play(s, o, "look I1.b")
        if o.arg in coins:
            both += p * sum(q for x, q in t.chance_outcomes() if x.arg in coins)
    assert both == Fraction(7, 60)


def _island_odds(n: int, predicate, stop=lambda st: False) -> Fraction:
    s = begin(n, looks=0, advanced=False)
    s = play(s, *[f"draft {c}" for c in ("captain", "navigator", "gunner", "quartermaster", "gambler")[:n]])
    s = play(s, "call P1")
    data = s.to_dict()
    data["stack"] = [["turn", 0]] + [["see", t, [0]] for t in reversed(s.slots[1])]
    start = s.game.state_from_dict(data)
    kinds = lambda st: [st.kinds[t] for t in st.slots[1]]  # noqa: E731
    return prob(leaves(start, stop=stop), lambda st: predicate(kinds(st)))


def test_C3_island_compositions_four_players():
    assert _island_odds(4, lambda k: "gold" in k, stop=lambda st: "gold" in st.kinds) == Fraction(5, 26)
    assert _island_odds(4, lambda k: k.count("gold") == 1) == Fraction(12, 65)
    neg = {"wound", "curse"}
    assert _island_odds(4, lambda k: not neg & set(k), stop=lambda st: bool(neg & set(st.kinds))) == \
        Fraction(5481, 18278)


def test_C3_island_compositions_three_players():
    assert _island_odds(3, lambda k: "map" in k, stop=lambda st: "map" in st.kinds) == Fraction(667, 1976)
    neg = {"wound", "curse"}
    assert _island_odds(3, lambda k: not neg & set(k), stop=lambda st: bool(neg & set(st.kinds))) == \
        Fraction(203, 494)
    coins = {"copper", "silver", "gold"}
    assert _island_odds(3, lambda k: bool(coins & set(k)), stop=lambda st: bool(coins & set(st.kinds))) == \
        Fraction(14, 19)


def test_C3_five_players_negative_tile_is_likely():
    neg = {"wound", "curse"}
    assert _island_odds(5, lambda k: bool(neg & set(k)), stop=lambda st: bool(neg & set(st.kinds))) == \
        Fraction(2203, 2812)


@pytest.mark.parametrize("n,monkey", [(3, Fraction(2, 3)), (4, Fraction(5, 6)), (5, Fraction(1))])
def test_S5_C4_row_is_captain_navigator_and_n_plus_one_random(n, monkey):
    s = game(n).new_state().apply("removed T01 T02 T03 T04")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == comb(6, n + 1)
    assert sum(p for o, p in outcomes if "8" in o.arg.split()) == monkey
    t = s.apply(outcomes[0][0])
    assert t.row[:2] == (1, 2) and len(t.row) == n + 3


def test_S6_S7_C4_skull_markers_and_starting_prestige():
    s = game(3).new_state().apply("removed T01 T02 T03 T04")
    skulls = lambda o: len({"5", "7"} & set(o.arg.split()))  # noqa: E731
    assert sum(p for o, p in s.chance_outcomes() if skulls(o) == 1) == Fraction(8, 15)
    assert sum(p for o, p in s.chance_outcomes() if skulls(o) == 0) == Fraction(1, 15)
    s4 = game(4).new_state().apply("removed T01 T02 T03 T04")
    assert sum(p for o, p in s4.chance_outcomes() if skulls(o) == 2) == Fraction(2, 3)
    t = s.apply("row 3 5 6 7")
    assert t.markers == (5, 7) and t.prestige == (1, 1, 1) and supply(t) == 24 - 3 - 2


def test_S8_C5_starting_player_chosen_or_random():
    s = game(4, starting_player="random").new_state().apply("removed T01 T02 T03 T04").apply("row 3 4 5 6 7")
    assert s.chance_outcomes() == tuple((Outcome("starter", f"P{p + 1}"), Fraction(1, 4)) for p in range(4))
    c = game(4).new_state().apply("removed T01 T02 T03 T04").apply("row 3 4 5 6 7")
    assert c.player == 0 and [str(a) for a in c.legal_actions()] == ["first P1", "first P2", "first P3", "first P4"]


def test_S9_V17_setup_investigations_go_clockwise_from_the_starter():
    s = play(game(3).new_state(), "removed T01 T02 T03 T04", "row 3 4 5 6", "first P2")
    assert s.player == 1 and s.stack[-1][0] == "setup_look"
    s = play(s, "look I4.a", "tile gold")
    assert s.player == 1 and s.known[1]
    s = play(s, "look I4.a")   # R16: the same tile again, already resolved
    assert s.player == 2
    none = begin(3, looks=0)
    assert none.stack[-1][0] == "draft"


def test_S4_S10_V1_ship_starts_full_and_basic_ignores_islands():
    s = begin(3)
    assert s.ship == 0 and s.resources == (2, 2, 2) and s.anchor == -1
    b = play(begin(3, advanced=False), "draft captain", "draft navigator", "draft gunner")
    assert b.stack[-1][0] == "call" and not any(b.flipped)
    assert any("R9" in e.rules for e in b.events) or b.round == 1


def test_T0_T1_T2_T3_T4_round_order_and_five_rounds():
    s = begin(3)
    assert s.stack[-1] == ("draft", 0)                  # T1
    s = play(s, "draft captain", "draft navigator", "draft gunner")
    assert s.is_chance and s.stack[-1][0] == "isee"     # T2 flips I1
    s = play(s, "island T12")
    assert s.flipped[0] and s.player == 0 and s.stack[-1] == ("call",)   # T3
    end = explorer_playout(game(3, setup_investigations=0), 5)
    assert (end.round == 5 and end.ending == "") or end.ending


def explorer_playout(g, seed):
    import explorer

    return explorer.playout(g.start(seed=seed), seed=seed)


@pytest.mark.parametrize("tile", ["T10", "T11", "T12"])
def test_T10_T11_T12_plain_ammunition_island_tiles(tile):
    t = ISLAND_TILES[tile]
    assert t.event == "" and t.resource == "ammunition" and t.colour == ("green" if tile == "T12" else "red")


def test_R1_R2_R4_R5_R6_R7_draft_markers_and_commander():
    s = begin(3, row="3 5 6 8")                  # skull marker on the Gambler (5)
    assert [str(a) for a in s.legal_actions()] == [f"draft {c}" for c in
                                                    ("captain", "navigator", "gunner", "gambler", "rogue", "monkey")]
    s = play(s, "draft gambler")
    assert s.prestige[0] == 2 and 5 not in s.markers            # R5
    with pytest.raises(Exception) as err:
        s.apply("draft gambler")
    assert err.value.rule == "R4"
    s = play(s, "draft rogue", "draft monkey")
    assert set(s.markers) == {1, 2, 3}                          # R6: the 3 unchosen
    s = play(s, "island T12")
    from explorer.games.pirate_rush.turn.table import commander

    assert commander(s) == 0 and s.player == 0                  # R1, R2: rank 5 beats 6 and 8
    s2 = play(begin(3, row="3 5 6 8"), "draft captain", "draft navigator", "draft gunner", "island T12")
    assert s2.markers == (5, 6, 8)                              # R7: markers stay, at most one each


def test_R3_ties_favour_the_higher_rank():
    from explorer.games.pirate_rush.turn.table import order_key

    s = begin(3, row="3 5 6 8")
    s = play(s, "draft monkey", "draft captain", "draft gunner", "island T12")
    assert sorted(range(3), key=lambda p: order_key(s, p)) == [1, 2, 0]


def test_R8_advanced_flip_resolves_the_event_before_turns():
    s = play(begin(3), "draft captain", "draft navigator", "draft gunner", "island T03")
    assert s.event == "revuelta" and s.flipped[0]
    assert any("R8" in e.rules for e in s.events)


def test_R9_basic_islands_stay_inert():
    s = play(begin(3, advanced=False), "draft captain", "draft navigator", "draft gunner")
    assert s.event == "" and not any(s.flipped) and all(a.verb != "repair" for a in play(s, "call P1").legal_actions())


def test_K1_totals():
    assert sum(TOTAL.values()) == 40
