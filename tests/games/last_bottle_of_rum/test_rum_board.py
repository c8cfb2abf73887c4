"""The Last Bottle of Rum (`last_bottle_of_rum`): sailing, exploring, treasures and doubloons (R18-R32, E1-E3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.last_bottle_of_rum.support import chance, legal, rules_cited, run, scene, ship

from explorer.core.errors import IllegalAction

OPEN = {"1,0": "T28", "2,0": "T29", "1,-1": "T30"}
UP = tuple(OPEN)


def test_R18_sail_to_an_adjacent_tile_including_the_hideout():
    state = scene([ship(cell="1,0"), ship()], actions="SS", tiles=OPEN, face_up=UP)
    assert {"sail 0,0", "sail 2,0", "sail 1,-1"} <= legal(state)
    with pytest.raises(IllegalAction) as err:
        state.apply("sail 3,-1")
    assert err.value.rule == "R18"
    state = run(state, "sail 0,0")
    assert state.ships[0].cell == 0 and "R18" in rules_cited(state)


def test_R19_C8_entering_a_face_down_tile_reveals_it_from_the_unseen_tiles():
    state = scene([ship(), ship()], actions="S")
    state = run(state, "sail 1,0")
    assert chance(state) == {f"tile T{n:02d}": Fraction(1, 30) for n in range(1, 31)}
    state = run(state, "tile T05")
    assert state.face_up >> 1 & 1 and state.tiles[1] == "T05" and "R19" in rules_cited(state)


def test_R20_doubloon_icon_pays_the_revealer_once():
    state = run(scene([ship(), ship()], actions="SS"), "sail 1,0", "tile T24")
    assert state.ships[0].doubloons == 1 and "R20" in rules_cited(state)
    state = run(state, "sail 0,0", "sail 1,0") if state.turn.actions[0] >= 2 else state
    again = scene([ship(), ship()], actions="S", tiles={"1,0": "T24"}, face_up=("1,0",))
    assert run(again, "sail 1,0").ships[0].doubloons == 0


@pytest.mark.parametrize("mode", ["every_entry", "reveal_only"], ids=["R21-V5-every", "V5-reveal"])
def test_R21_V5_reefs_damage_on_entry(mode):
    state = scene([ship(), ship()], actions="S", tiles={"1,0": "T26"}, face_up=("1,0",), reef_damage=mode)
    state = run(state, "sail 1,0")
    assert (state.is_chance and state.pending[0][0] == "token") == (mode == "every_entry")
    fresh = run(scene([ship(), ship()], actions="S", reef_damage=mode), "sail 1,0", "tile T26")
    assert fresh.pending[0][0] == "token" and "R21" in rules_cited(fresh)


def test_R58_D9_von_croakington_ignores_reefs():
    state = scene([ship("Von Croakington"), ship()], actions="S")
    state = run(state, "sail 1,0", "tile T26")
    assert not state.pending and "R58" in rules_cited(state)


def test_R22_ships_share_a_tile():
    state = scene([ship(cell="1,0"), ship(cell="1,0")], tiles=OPEN, face_up=UP)
    assert state.ships[0].cell == state.ships[1].cell


@pytest.mark.parametrize("mode", ["all", "subset"], ids=["R23-V4-all", "V4-subset"])
def test_R23_V4_trade_on_entering_the_hideout(mode):
    state = scene([ship(cell="1,0", loot=2, treasures=("TR07", "TR17")), ship()], actions="S", tiles=OPEN,
                  face_up=UP, hideout_trade_mode=mode)
    state = run(state, "sail 0,0")
    expected = {"trade TR07 TR17", "keep"} | ({"trade TR07", "trade TR17"} if mode == "subset" else set())
    assert legal(state) == expected
    state = run(state, "trade TR07 TR17")
    assert state.ships[0].loot == 7 and not state.ships[0].treasures and set(state.treasure_discard) == {"TR07",
                                                                                                          "TR17"}
    staying = scene([ship(cell="0,0", treasures=("TR07",)), ship()], actions="S", tiles=OPEN, face_up=UP)
    assert not staying.pending                                        # merely staying trades nothing


def test_R24_R25_R27_treasure_on_an_unrevealed_island_is_taken_on_entry_and_refilled():
    state = scene([ship(), ship()], actions="S", display=(("M01", "TR15"),))
    state = run(state, "sail 1,0", "tile T01")
    assert state.pending[0][0] == "pickup" and legal(state) == {"take TR15", "leave"}
    state = run(state, "take TR15")
    assert state.ships[0].treasures == ("TR15",) and "M01" in state.map_discard
    assert state.pending[0] == ("map",) and {"R25", "R29"} <= rules_cited(state)
    state = run(state, "map M02", "treasure TR07")
    assert state.display == (("M02", "TR07"),) and "R27" in rules_cited(state)


def test_R26_a_new_pair_on_your_tile_waits_for_your_turn_start():
    state = scene([ship(cell="1,0"), ship()], actions="S", tiles={"1,0": "T01"}, face_up=("1,0",),
                  display=(("M05", "TR07"),), pending=(("map",),))
    state = run(state, "map M01", "treasure TR08")
    assert not state.pending and state.phase == "main"


def test_R28_slots_and_bulky_treasures():
    state = scene([ship(treasures=("TR07",)), ship()], actions="S", display=(("M01", "TR18"),))
    state = run(state, "sail 1,0", "tile T01")
    assert not state.pending                                          # bulky Giant Idol needs 2 free slots
    archie = scene([ship("Archie Stoneshell", treasures=("TR07",)), ship()], actions="S",
                   display=(("M01", "TR18"),))
    assert run(archie, "sail 1,0", "tile T01").pending[0][0] == "pickup"


def test_R29_A34_bonus_actions_in_the_pickup_turn_and_pickup_effects():
    state = scene([ship(), ship()], actions="S", display=(("M01", "TR01"),))
    state = run(state, "sail 1,0", "tile T01", "take TR01")
    assert state.turn.actions[0] == 1 and "R29" in rules_cited(state)
    purse = run(scene([ship(), ship()], actions="S", display=(("M01", "TR04"),)), "sail 1,0", "tile T01",
                "take TR04")
    assert purse.ships[0].doubloons == 2
    trap = run(scene([ship(), ship()], actions="S", display=(("M01", "TR16"),)), "sail 1,0", "tile T01",
               "take TR16")
    assert trap.pending[0][0] == "token"


def test_R30_R31_R49_earning_and_the_holed_hull():
    state = run(scene([ship(), ship()], actions="D"), "earn")
    assert state.ships[0].doubloons == 1 and "R30" in rules_cited(state)
    holed = scene([ship(damage={"HULL": 1}, doubloons=4), ship()], actions="D")
    with pytest.raises(IllegalAction) as err:
        holed.apply("earn")
    assert err.value.rule == "R31"
    icon = run(scene([ship(damage={"HULL": 1}), ship()], actions="S"), "sail 1,0", "tile T24")
    assert icon.ships[0].doubloons == 0 and "R31" in rules_cited(icon)


def test_R49_hull_is_the_doubloon_block():
    holed = scene([ship(damage={"HULL": 1}, doubloons=4), ship()], actions="D")
    assert "earn" not in legal(holed) and holed.ships[0].doubloons == 4


def test_R32_V11_the_bank_runs_dry():
    state = scene([ship(doubloons=33), ship()], actions="DD", played=("AC53",))
    state = run(state, "effect AC53")
    assert state.ships[0].doubloons == 34 and "R32" in rules_cited(state)
    assert "earn" not in legal(state)
    unlimited = run(scene([ship(doubloons=33), ship()], played=("AC53",), bank_limit=None), "effect AC53")
    assert unlimited.ships[0].doubloons == 36


def test_R1_E1_A35_ten_loot_wins_at_once():
    state = scene([ship(cell="1,0", loot=8, treasures=("TR17",)), ship(loot=9)], actions="SS", tiles=OPEN,
                  face_up=UP)
    state = run(state, "sail 0,0", "trade TR17")
    assert state.is_over and state.winner == 0 and state.ships[0].loot == 11
    assert state.winners() == ((0,), (1,)) and {"R1", "E1"} <= rules_cited(state)
    assert not state.legal_actions()


def test_E2_loot_comes_only_from_trades():
    state = scene([ship(doubloons=10, treasures=("TR07",), cell="1,0"), ship()], actions="DS", tiles=OPEN,
                  face_up=UP)
    state = run(state, "earn", "sail 2,0")
    assert state.scores() == (0, 0)                                  # doubloons and cargo score nothing
    traded = run(scene([ship(cell="1,0", treasures=("TR07",)), ship()], actions="S", tiles=OPEN, face_up=UP),
                 "sail 0,0", "trade TR07")
    assert traded.scores() == (2, 0) and "E2" in rules_cited(traded)


def test_E3_turn_limit_house_rule_cuts_the_game_off_and_ranks_by_loot():
    """The house rule is no end of the rules (E3: there is none but 10 Loot): the game is cut
    off, ranked by Loot, and neither its last event nor `cut_off` says anyone won."""
    state = scene([ship(loot=3), ship(loot=5)], active=1, turn_limit=1)
    data = state.to_dict()
    data["turns"] = 1
    state = state.game.state_from_dict(data)
    assert state.cut_off() is None
    state = run(state, "end")
    assert state.is_over and state.winners() == ((1,), (0,)) and state.cut_off() == "turn_limit"
    last = state.events[-1]
    assert "cut off by the house-rule limit of 1 round:" in last.text and "not won" in last.text
    assert "turn_limit" not in last.text
    assert not {"E1", "E3", "R1"} & set(last.rules)
    won = run(scene([ship(cell="1,0", loot=8, treasures=("TR07",)), ship()], actions="S", turn_limit=3,
                    tiles={"1,0": "T28"}, face_up=("1,0",)), "sail 0,0", "trade TR07")
    assert won.is_over and won.cut_off() is None and won.winner == 0


def test_every_action_card_tooltip_says_what_its_effect_does_D5():
    from explorer.games.last_bottle_of_rum.data import CARDS, EFFECTS
    from explorer.games.last_bottle_of_rum.render import card_tip

    assert all(e.text for e in EFFECTS.values())
    for card, c in CARDS.items():
        if c.effect in EFFECTS:
            tip = card_tip(card)
            assert EFFECTS[c.effect].name in tip and EFFECTS[c.effect].text in tip and "D5" in tip
