"""The Last Bottle of Rum: the turn (T), cards, actions, effects and costs (R1-R17, E01-E12)."""

from __future__ import annotations

import pytest
from games.last_bottle_of_rum.support import chance, legal, rules_cited, run, scene, ship

from explorer.core.errors import IllegalAction


def test_T1_R26_pair_on_own_tile_is_taken_at_turn_start():
    state = scene([ship(cell="1,0"), ship()], phase="main", tiles={"1,0": "T12"}, face_up=("1,0",),
                  display=(("M12", "TR15"),))
    state = run(state, "end")
    state = state.apply("draw AC01") if state.is_chance else state          # P1's refill
    while state.player != 0 or state.phase != "start":
        if state.is_chance:
            state = state.apply(state.chance_outcomes()[0][0])
        elif state.phase == "play":
            state = state.apply(state.legal_actions()[0])
        else:
            state = state.apply("end")
    assert state.pending[0][0] == "pickup" and "take TR15" in legal(state)
    assert "R26" in {r for e in state.events for r in e.rules} | {state.pending[0][3]}


def test_T1_TR23_krakens_eye_adds_a_curse_at_turn_start():
    state = scene([ship(), ship(treasures=("TR23",), curse=1)], phase="main")
    state = run(state, "end")
    assert state.ships[1].curse == 2 and "T1" in rules_cited(state)


def test_T2_R4_refill_to_hand_size_then_T3_play_two():
    state = scene([ship("Archie Stoneshell", hand=("AC01",)), ship(hand=("AC05", "AC06"))], phase="main", active=1)
    state = run(state, "end")
    assert state.is_chance and state.pending[0][:2] == ("card", 0)
    state = run(state, "draw AC02", "draw AC03", "draw AC04")
    assert state.phase == "play" and len(state.ships[0].hand) == 4 and {"T2", "R4"} <= rules_cited(state)
    assert all(len(a.cards) == 2 for a in state.legal_actions())       # T3, R8


def test_R5_humboldt_draws_to_5():
    state = scene([ship("Humboldt", hand=("AC01",) * 0), ship()], phase="main", active=1)
    state = run(state, "end", "draw AC01", "draw AC02", "draw AC03", "draw AC04")
    assert state.is_chance   # a fifth card
    state = run(state, "draw AC05")
    assert len(state.ships[0].hand) == 5 and state.phase == "play"


def test_R6_R56_kraken_drawn_in_a_refill_resolves_then_the_refill_goes_on():
    state = scene([ship(curse=2, loot=3, hand=("AC01", "AC02", "AC03")), ship(curse=1)], phase="main", active=1)
    state = run(state, "end", "draw AC73")
    assert state.pending[0] == ("kraken_roll", 0) and "AC73" in state.discard and "R6" in rules_cited(state)
    state = run(state, "roll 1")
    assert state.ships[0].loot == 2 and state.ships[0].curse == 1
    assert state.pending[0][0] == "card" and len(state.ships[0].hand) == 3    # the Kraken is no hand card


def test_R7_empty_deck_reshuffles_the_discard():
    from explorer.games.last_bottle_of_rum.data import BASE_DECK

    held = {"AC01", "AC02", "AC03", "AC10", "AC11"}
    rest = tuple(c for c in BASE_DECK if c not in held)
    state = scene([ship(hand=("AC01", "AC02", "AC03")), ship()], phase="main", active=1, deck=(),
                  discard=(*rest, "AC10", "AC11"))
    state = run(state, "end")
    assert "R7" in rules_cited(state) and len(state.deck) == 73 and not state.discard


def test_R6_R7_a_discard_of_krakens_alone_is_not_reshuffled_so_the_draw_ends():
    """Every standard card in hands: the Kraken drawn goes to a discard of Krakens only, and
    reshuffling it would draw Krakens for ever. The draw ends; the turn goes on."""
    from explorer.games.last_bottle_of_rum.data import BASE_DECK, KRAKEN

    standard = [c for c in BASE_DECK if c not in KRAKEN]
    state = scene([ship(curse=2, loot=3, hand=tuple(standard[:2])), ship(hand=tuple(standard[2:]))],
                  phase="main", active=1, deck=("AC73",), discard=("AC74", "AC75", "AC76"))
    state = run(state, "end", "draw AC73", "roll 0")
    assert not state.is_chance and state.phase == "play" and len(state.ships[0].hand) == 2
    assert not state.deck and sorted(state.discard) == sorted(KRAKEN)
    assert {"R6", "R7"} <= rules_cited(state)


def test_R8_exactly_two_cards_or_the_whole_smaller_hand():
    state = scene([ship(hand=("AC01", "AC05", "AC24")), ship()], phase="play")
    assert len(state.legal_actions()) == 3
    with pytest.raises(IllegalAction) as err:
        state.apply("play AC01")
    assert err.value.rule == "R8"
    small = scene([ship(hand=("AC01",)), ship()], phase="play")
    assert legal(small) == {"play AC01"}


def test_R9_R10_R11_actions_and_effects_in_any_order_and_optional():
    state = scene([ship(hand=("AC04", "AC30"), doubloons=1), ship()], phase="play")
    state = run(state, "play AC04 AC30")
    assert state.turn.actions == (1, 2, 1, 0, 0) and {"R8", "R11"} <= rules_cited(state)   # S, D, D, A
    state = run(state, "effect AC04")                # Full Sail before any action (R9)
    assert state.turn.actions[0] == 3
    assert "end" in legal(state)                      # R10: nothing must be used


def test_R12_three_unused_actions_for_one():
    state = scene([ship(damage={"SAIL": 1}), ship()], actions="ADD")
    state = run(state, "exchange ADD>R")
    assert state.turn.actions == (0, 0, 0, 1, 0) and "R12" in rules_cited(state)
    state = run(state, "repair SAIL")
    assert state.ships[0].damage[0] == 0
    with pytest.raises(IllegalAction) as err:
        scene([ship(), ship()], actions="SD").apply("exchange SSD>A")
    assert err.value.rule == "R12"


def test_R13_R15_an_effect_is_paid_in_full_and_used_once():
    state = scene([ship(doubloons=0), ship()], played=("AC01",))
    with pytest.raises(IllegalAction) as err:
        state.apply("effect AC01")
    assert err.value.rule == "R13"
    state = scene([ship(doubloons=2), ship()], played=("AC01", "AC02"))
    state = run(state, "effect AC01", "effect AC02")                   # two cards of one kind: both usable
    assert state.ships[0].doubloons == 0 and state.turn.actions[0] == 4
    with pytest.raises(IllegalAction) as err:
        state.apply("effect AC01")
    assert err.value.rule == "R15"


def test_R14_E09_curse_icon_costs_a_curse_and_R16_blocks_above_5():
    state = scene([ship(curse=2), ship()], played=("AC53",))
    state = run(state, "effect AC53")
    assert state.ships[0].curse == 3 and state.ships[0].doubloons == 3 and {"R14", "E09"} <= rules_cited(state)
    with pytest.raises(IllegalAction) as err:
        scene([ship(curse=5), ship()], played=("AC53",)).apply("effect AC53")
    assert err.value.rule == "R16"
    mirror = scene([ship(curse=4, treasures=("TR22",)), ship()], played=("AC53",))
    assert "effect AC53" not in legal(mirror)                          # TR22: 2 Curses would pass 5


def test_R17_T5_T6_end_of_turn():
    state = scene([ship(hand=("AC24", "AC61")), ship(hand=("AC05", "AC06", "AC07", "AC08"))], played=("AC04",),
                  actions="S")
    state = run(state, "end")
    assert "AC04" in state.discard and state.ships[0].hand == ("AC24", "AC61")
    assert state.active == 1 and state.phase == "play" and {"T5", "T6", "R17"} <= rules_cited(state) | {"T6"}
    assert "R3" in rules_cited(state)


def test_T4_reveals_pickups_and_trades_resolve_at_once():
    state = scene([ship(cell="1,0", treasures=("TR07",)), ship()], actions="S", tiles={"1,0": "T28"},
                  face_up=("1,0",))
    state = run(state, "sail 0,0")
    assert state.pending[0][0] == "trade" and legal(state) == {"trade TR07", "keep"}


def test_T3_T4_T5_T6_cited_by_a_whole_turn():
    state = scene([ship(hand=("AC01", "AC05")), ship(hand=("AC10", "AC11", "AC12", "AC13"))], phase="play")
    state = run(state, "play AC01 AC05")
    assert "T3" in rules_cited(state)
    state = run(state, "end")
    assert "T5" in rules_cited(state) and state.active == 1


def test_E01_full_sail_gives_two_sail_actions():
    state = run(scene([ship(doubloons=1), ship()], played=("AC01",)), "effect AC01")
    assert state.turn.actions[0] == 2 and "E01" in rules_cited(state)


def test_E02_plunder_takes_up_to_two_doubloons_not_from_the_hideout():
    state = scene([ship(cell="1,0"), ship(cell="2,0", doubloons=3)], played=("AC07",),
                  tiles={"1,0": "T28", "2,0": "T29"}, face_up=("1,0", "2,0"))
    state = run(state, "effect AC07 P2")
    assert [s.doubloons for s in state.ships] == [2, 1] and {"E02", "R14"} <= rules_cited(state)
    home = scene([ship(cell="1,0"), ship(cell="0,0", doubloons=3)], played=("AC07",), tiles={"1,0": "T28"},
                 face_up=("1,0",))
    assert not any(a.startswith("effect AC07") for a in legal(home))


def test_E03_chain_shot_rolls_twice_keeps_the_better():
    state = scene([ship(cell="1,0", doubloons=2), ship(cell="2,0")], played=("AC18",), actions="A",
                  tiles={"1,0": "T28", "2,0": "T29"}, face_up=("1,0", "2,0"))
    state = run(state, "effect AC18", "attack P2")
    from fractions import Fraction

    assert chance(state) == {"roll 0": Fraction(1, 36), "roll 1": Fraction(5, 12), "roll 2": Fraction(5, 9)}


def test_E04_patch_up_removes_up_to_two_tokens():
    state = scene([ship(doubloons=1, damage={"FIRE": 1, "HULL": 2}), ship()], played=("AC19",))
    state = run(state, "effect AC19", "repair HULL", "repair FIRE")
    assert state.ships[0].damage == (0, 0, 0, 1, 0) and not state.pending and "E04" in rules_cited(state)


def test_E05_spyglass_looks_secretly_at_two_tiles():
    state = scene([ship(doubloons=1), ship()], played=("AC25",))
    state = run(state, "effect AC25", "peek 3,-1")
    assert state.is_chance
    state = run(state, "tile T10", "peek 1,0", "tile T24")
    assert state.ships[0].peeks == (1, 19) and not state.face_up >> 1 & 1
    assert state.view(0)["tiles"] == {"3,-1": "T10", "1,0": "T24"} and state.view(1)["tiles"] == {}
    assert "E05" in rules_cited(state)


def test_E06_cursed_wind_moves_up_to_three_tiles():
    state = scene([ship(), ship()], played=("AC31",))
    state = run(state, "effect AC31", "sail 1,0", "tile T28", "sail 2,0", "tile T29", "stop")
    assert state.ships[0].cell == 7 and state.ships[0].curse == 1 and "E06" in rules_cited(state)


def test_E07_boarding_party_takes_a_treasure_on_your_tile():
    state = scene([ship(cell="1,0", doubloons=2), ship(cell="1,0", treasures=("TR07",))], played=("AC42",),
                  tiles={"1,0": "T28"}, face_up=("1,0",))
    state = run(state, "effect AC42 P2 TR07")
    assert state.ships[0].treasures == ("TR07",) and not state.ships[1].treasures and "E07" in rules_cited(state)


def test_E08_all_hands_plays_one_more_card():
    state = scene([ship(doubloons=1, hand=("AC05",)), ship()], played=("AC43",))
    state = run(state, "effect AC43", "play AC05")
    assert state.turn.played == ("AC43", "AC05") and state.turn.actions[1] == 2 and "E08" in rules_cited(state)


def test_E10_sabotage_makes_a_ship_within_two_draw():
    state = scene([ship(cell="1,0", doubloons=2), ship(cell="3,-1")], played=("AC59",),
                  tiles={"1,0": "T28", "3,-1": "T29"}, face_up=("1,0", "3,-1"))
    state = run(state, "effect AC59 P2")
    assert state.pending[0] == ("token", 1, "E10") and "E10" in rules_cited(state)


def test_E11_fresh_orders_draws_two():
    state = run(scene([ship(doubloons=1), ship()], played=("AC61",)), "effect AC61", "draw AC01", "draw AC02")
    assert state.ships[0].hand == ("AC01", "AC02") and "E11" in rules_cited(state)


def test_E12_holy_water_lifts_a_curse():
    state = run(scene([ship(doubloons=2, curse=3), ship()], played=("AC70",)), "effect AC70")
    assert state.ships[0].curse == 2 and "E12" in rules_cited(state)
