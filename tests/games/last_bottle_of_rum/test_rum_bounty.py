"""The Last Bottle of Rum, module V1 Bounty Hunt: Outposts (R60, R61), claims (R62, V14), the 20
conditions of table D8 and the draw odds (C10)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.last_bottle_of_rum.support import chance, legal, rules_cited, run, scene, ship

from explorer.games.last_bottle_of_rum.data import BOUNTIES
from explorer.games.last_bottle_of_rum.modules.bounty import (
    CURSED,
    DEALT,
    HITS,
    OUTPOSTS,
    PEAK,
    REEFS,
    REVEALED,
    SPENT,
    TAKEN,
)

SEA = {"1,0": "T28", "2,0": "T29", "3,-1": "T30", "1,-1": "T24", "2,-1": "T25", "-2,0": "T02", "0,1": "T21",
       "1,1": "T22", "2,1": "T26", "3,-2": "T27", "0,-1": "T07"}
UP = tuple(SEA)


def hunt(held: tuple[str, ...], ships: list[dict], stats: dict | None = None, actions: str = "", **kw):
    """A Bounty Hunt position: P0 holds `held`, the rest of the deck is face down."""
    counters = [0] * 13
    for i, n in (stats or {}).items():
        counters[i] = n
    rows = [list(held)] + [[] for _ in ships[1:]]
    mods = {"bounties": rows, "claimed": [[] for _ in ships], "stats": counters,
            "bounty_deck": [b for b in BOUNTIES if b not in held]}
    return scene(ships, actions=actions, tiles=SEA, face_up=UP, modules=mods, bounty_hunt=True, **kw)


def claimed(state, p: int = 0) -> tuple[str, ...]:
    return state.mods.claimed[p]


def test_V1_S4_a_bounty_game_starts_with_a_shuffled_bounty_deck_and_empty_hands():
    import explorer

    state = explorer.load("last_bottle_of_rum", bounty_hunt=True).new_state()
    assert sorted(state.mods.bounty_deck) == sorted(BOUNTIES) and state.mods.bounties == ((), ())


def test_R60_A22_C10_entering_an_outpost_draws_two_and_the_other_goes_back_on_top():
    state = hunt((), [ship(cell="1,0"), ship(cell="2,0")], actions="S")
    state = run(state, "sail 0,1")
    odds = chance(state)
    assert len(odds) == 20 and set(odds.values()) == {Fraction(1, 20)}
    # C10: P(a given bounty among the 2) = 1/20 + 19/20 * 1/19 = 1/10; P(both B01 and B02) = 2/380 = 1/190
    second = chance(run(state, "reveal B02"))
    assert Fraction(1, 20) + Fraction(19, 20) * second["reveal B01"] == Fraction(1, 10)
    assert 2 * Fraction(1, 20) * second["reveal B01"] == Fraction(1, 190)
    state = run(state, "reveal B01", "reveal B02")
    assert legal(state) == {"bounty B01", "bounty B02"}
    state = run(state, "bounty B02")
    assert state.mods.bounties[0] == ("B02",) and state.mods.bounty_top == "B01" and state.mods.bounty_knower == 0
    assert "R60" in rules_cited(state)
    mine, theirs = state.view(0)["modules"], state.view(1)["modules"]
    assert mine["bounty_top"] == ["B01", 0] and theirs["bounty_top"] == ["?", 0] and theirs["bounties"][0] == 1


def test_R60_the_known_top_card_comes_first_for_certain():
    state = hunt((), [ship(cell="1,0"), ship(cell="2,0")], actions="S")
    data = state.to_dict()
    data["modules"]["bounty_top"] = ["B07", 1]
    state = state.game.state_from_dict(data)
    assert chance(run(state, "sail 0,1")) == {"reveal B07": Fraction(1)}


def test_R61_at_most_one_bounty_card_per_turn():
    state = hunt((), [ship(cell="1,0"), ship(cell="2,0")], actions="SSS")
    state = run(state, "sail 0,1", "reveal B01", "reveal B02", "bounty B01", "sail 1,1")
    assert not state.is_chance and state.mods.bounties[0] == ("B01",) and "R61" in rules_cited(state)


def test_R62_a_completed_bounty_scores_one_loot_and_is_set_aside():
    state = hunt(("B11",), [ship(cell="1,0", doubloons=7), ship(cell="2,0")], actions="D")
    state = run(state, "earn", "end")
    assert claimed(state) == ("B11",) and state.ships[0].loot == 1 and not state.mods.bounties[0]
    assert {"R62", "B11"} <= rules_cited(state)


def test_R62_E1_a_bounty_can_win_the_game():
    state = hunt(("B11",), [ship(cell="1,0", doubloons=8, loot=9), ship(cell="2,0")], actions="")
    state = run(state, "end")
    assert state.is_over and state.winner == 0 and state.ships[0].loot == 10


def test_V14_without_auto_claim_the_owner_chooses():
    state = hunt(("B11",), [ship(cell="1,0", doubloons=8), ship(cell="2,0")], bounty_auto_claim=False)
    state = run(state, "end")
    assert legal(state) == {"claim B11", "pass B11"}
    assert run(state, "claim B11").ships[0].loot == 1
    kept = run(state, "pass B11")
    assert kept.ships[0].loot == 0 and kept.mods.bounties[0] == ("B11",)


def duel(held, me=None, them=None, stats=None, actions="A", **kw):
    return hunt(held, [ship(**{"cell": "1,0", "doubloons": 1, **(me or {})}), ship(**{"cell": "2,0", **(them or {})})],
                stats, actions, **kw)


# -- the 20 conditions of table D8, each by the real actions that complete it -------------------------
def test_B01_no_mercy_three_tokens_dealt_in_one_turn():
    state = run(duel(("B01",), stats={DEALT: 2}), "attack P2", "roll 1")
    assert not claimed(state)
    assert claimed(run(state, "token SAIL")) == ("B01",)


def test_B02_four_of_aces_four_cards_played():
    state = duel(("B02",), me={"hand": ("AC61",)}, played=("AC01", "AC05", "AC43"), actions="")
    assert claimed(run(state, "effect AC43", "play AC61")) == ("B02",)


def test_B03_broadside_one_attack_deals_two_tokens():
    state = run(duel(("B03",)), "attack P2", "roll 2", "token SAIL")
    assert not claimed(state)
    assert claimed(run(state, "token FIRE")) == ("B03",)


def test_B04_two_targets_hit_in_one_turn():
    ships = [ship(cell="1,0", doubloons=1), ship(cell="2,0"), ship(cell="1,-1")]
    state = hunt(("B04",), ships, {HITS: 0b10}, "A")
    assert claimed(run(state, "attack P3", "roll 1", "token HULL")) == ("B04",)


def test_B05_long_gun_a_hit_at_distance_three():
    state = duel(("B05",), them={"cell": "-2,0"}, actions="AAA")
    assert claimed(run(state, "attack P2", "roll 1", "token HULL")) == ("B05",)


def test_B06_heavy_hold_treasures_worth_six_at_the_end():
    state = duel(("B06",), me={"treasures": ("TR23", "TR07")}, actions="")
    assert claimed(run(state, "end")) == ("B06",)


def test_B07_big_haul_a_trade_worth_five():
    state = duel(("B07",), me={"treasures": ("TR23", "TR07")}, actions="S")
    assert claimed(run(state, "sail 0,0", "trade TR23 TR07")) == ("B07",)


def test_B08_explorer_three_reveals():
    state = duel(("B08",), me={"cell": "2,-1"}, stats={REVEALED: 2}, actions="S")
    assert claimed(run(state, "sail 2,-2", "tile T03")) == ("B08",)


def test_B09_shipshape_from_two_tokens_to_none():
    state = duel(("B09",), me={"damage": {"SAIL": 1}}, stats={PEAK: 2}, actions="R")
    assert claimed(run(state, "repair SAIL")) == ("B09",)


def test_B10_lucky_devil_the_kraken_rolls_zero():
    state = duel(("B10",), me={"curse": 3}, actions="", pending=(("kraken_roll", 0),))
    assert claimed(run(state, "roll 0")) == ("B10",)


def test_B11_rich_pirate_eight_doubloons_at_the_end():
    assert claimed(run(duel(("B11",), me={"doubloons": 8}, actions=""), "end")) == ("B11",)


def test_B12_dance_with_the_devil_two_curse_effects():
    state = duel(("B12",), played=("AC53",), stats={CURSED: 1}, actions="")
    assert claimed(run(state, "effect AC53")) == ("B12",)


def test_B13_reef_runner_two_reefs_in_a_turn():
    state = duel(("B13",), me={"cell": "2,0", "captain": "Von Croakington"}, stats={REEFS: 1}, actions="S")
    assert claimed(run(state, "sail 2,1")) == ("B13",)


def test_B14_long_voyage_five_moves():
    assert claimed(run(duel(("B14",), moves=4, actions="S"), "sail 1,-1")) == ("B14",)


def test_B15_spendthrift_five_doubloons_spent():
    state = duel(("B15",), me={"doubloons": 2, "curse": 2}, played=("AC67",), stats={SPENT: 3}, actions="")
    assert claimed(run(state, "effect AC67")) == ("B15",)


def test_B16_battered_four_tokens_at_the_end():
    state = duel(("B16",), me={"damage": {"FIRE": 2, "HULL": 2}}, actions="")
    assert claimed(run(state, "end")) == ("B16",)


def test_B17_homecoming_enter_the_hideout_with_two_treasures():
    state = duel(("B17",), me={"treasures": ("TR07", "TR08")}, actions="S")
    assert claimed(run(state, "sail 0,0")) == ("B17",)


def test_B18_outpost_hopper_both_outposts_in_one_turn():
    state = duel(("B18",), me={"cell": "0,1"}, stats={OUTPOSTS: 0b01}, actions="S")
    assert claimed(run(state, "sail 1,1")) == ("B18",)


def test_B19_kraken_bait_exactly_four_curses_at_the_end():
    assert claimed(run(duel(("B19",), me={"curse": 4}, actions=""), "end")) == ("B19",)
    assert not claimed(run(duel(("B19",), me={"curse": 5}, actions=""), "end"))


def test_B20_treasure_hunter_two_treasures_in_a_turn():
    state = duel(("B20",), me={"cell": "1,-1"}, stats={TAKEN: 1}, display=(("M07", "TR08"),), actions="S")
    assert claimed(run(state, "sail 0,-1", "take TR08")) == ("B20",)


@pytest.mark.parametrize("bounty", sorted(BOUNTIES))
def test_every_bounty_is_stated_in_our_words(bounty):
    import explorer

    assert BOUNTIES[bounty].name in explorer.load("last_bottle_of_rum").rules[bounty]


def test_SPENT_counts_attack_costs():
    state = run(duel((), stats={SPENT: 0}), "attack P2")
    assert state.mods.stats[SPENT] == 1


def test_D8_a_turns_counters_never_count_for_the_next_player():
    """The counters of P0's turn (3 tokens dealt) must not complete P1's No Mercy (B01), even while the
    Ghost's turn (V3) comes between the two turns."""
    state = hunt((), [ship(cell="1,0"), ship(cell="2,0")], {DEALT: 3}, ghost=True)
    data = state.to_dict()
    data["modules"]["bounties"] = [[], ["B01"]]
    data["modules"]["bounty_deck"].remove("B01")
    data["modules"]["ghost"] = {"cell": "3,-1"}
    data["turns"] = 1
    state = run(state.game.state_from_dict(data), "end")
    assert state.pending[0] == ("ghost_card",) and state.active == 1
    assert not claimed(state, 1) and state.mods.bounties[1] == ("B01",)
