"""The Last Bottle of Rum, module V3 the Ghost: setup (S13), its turn (R71-R80), fighting and sinking
it (R81, R82), its options (V7-V9) and odds (C11, C13, C15)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.last_bottle_of_rum.support import chance, legal, rules_cited, run, scene, ship

import explorer
from explorer.core.errors import OptionError, PositionError
from explorer.games.last_bottle_of_rum.data import BASE_DECK, CARDS, KRAKEN, TILES, parse_cell

SEA = {"1,0": "T28", "2,0": "T29", "3,-1": "T30", "1,-1": "T24", "2,-1": "T25", "2,1": "T26", "3,-2": "T23",
       "-1,0": "T01", "0,-1": "T02", "0,1": "T03", "-2,0": "T04", "1,1": "T05", "1,-2": "T06"}
UP = tuple(SEA)
CAVE = parse_cell("3,-2")


def haunted(ships: list[dict], ghost: dict | None = None, *, turns: int = 0, **kw):
    """A 2-player position with the Ghost (its cell `ghost["cell"]`, default the Skull Cave)."""
    state = scene(ships, tiles=SEA, face_up=UP, modules={"ghost": ghost or {}}, ghost=True, **kw)
    if turns:
        data = state.to_dict()
        data["turns"] = turns
        state = state.game.state_from_dict(data)
    return state


def ghost_turn(ships, ghost, cards: tuple[str, str], **kw):
    """The Ghost about to reveal its second card `cards[1]` (the first is already face up)."""
    state = haunted(ships, {**ghost, "cards": [cards[0]]}, pending=(("ghost_card",), ("ghost_act",)), **kw)
    return run(state, f"draw {cards[1]}")


def test_R68_only_two_players():
    with pytest.raises(OptionError):
        explorer.load("last_bottle_of_rum", players=3, ghost=True)


def test_S13_R69_tiles_face_up_coins_two_pairs_ghost_on_the_skull_cave():
    state = explorer.load("last_bottle_of_rum", ghost=True).new_state()
    import random

    rng = random.Random(5)
    cited = set()
    while state.is_chance:
        state = state.apply(state.sample_chance(rng))
        cited |= {r for e in state.events for r in e.rules}
    assert state.face_up == (1 << 31) - 1 and len(state.display) == 2
    coins = [c for c in range(1, 31) if state.mods.coins >> c & 1]
    assert sorted(TILES[state.tiles[c]].id for c in coins) == sorted(t for t in TILES if TILES[t].doubloon)
    assert state.tiles[state.mods.ghost.cell] == "T23" and {"S13", "R69", "R70"} <= cited


def test_R70_A29_a_coin_goes_to_the_first_player_ship_not_a_holed_one():
    data = haunted([ship(), ship()], actions="S").to_dict()
    data["modules"]["coins"] = ["1,-1"]                  # the Old Wreck: a doubloon icon (S13)
    state = explorer.load("last_bottle_of_rum", ghost=True).state_from_dict(data)
    took = run(state, "sail 1,-1")
    assert took.ships[0].doubloons == 1 and took.mods.coins == 0 and "R70" in rules_cited(took)
    data["ships"][0]["damage"]["HULL"] = 1
    holed = run(state.game.state_from_dict(data), "sail 1,-1")
    assert holed.ships[0].doubloons == 0 and holed.mods.coins == 1 << parse_cell("1,-1")
    assert "A29" in rules_cited(holed)
    data["modules"]["coins"] = ["1,0"]                   # Open Sea A has no icon: no coin lies there
    with pytest.raises(PositionError) as err:
        state.game.state_from_dict(data)
    assert err.value.field == "modules.coins" and "S13" in err.value.reason


def test_R71_the_ghost_plays_after_both_players():
    state = haunted([ship(), ship()], active=1, turns=1)
    state = run(state, "end")
    assert state.pending[0] == ("ghost_card",) and "R71" in rules_cited(state)
    once = run(haunted([ship(), ship()], active=0), "end")
    assert once.pending[0][0] == "card"


def test_R72_C11_the_range_of_two_revealed_standard_cards():
    standard = tuple(c for c in BASE_DECK if c not in KRAKEN)
    state = haunted([ship(), ship()], pending=(("ghost_card",), ("ghost_card",), ("ghost_act",)),
                    deck=standard, discard=tuple(sorted(KRAKEN)))
    reach = {r: Fraction(0) for r in range(5)}
    for first, p in chance(state).items():
        second = chance(run(state, first))
        for card, q in second.items():
            reach[CARDS[first.split()[1]].icons.count("A") + CARDS[card.split()[1]].icons.count("A")] += p * q
    assert reach == {0: Fraction(94, 213), 1: Fraction(80, 213), 2: Fraction(191, 1278), 3: Fraction(20, 639),
                     4: Fraction(1, 426)}
    assert reach[1] + reach[2] + reach[3] + reach[4] == Fraction(119, 213)


def test_R72_a_revealed_kraken_is_resolved_and_replaced_never_against_the_ghost():
    state = haunted([ship(curse=2), ship()], pending=(("ghost_card",), ("ghost_act",)))
    state = run(state, "draw AC73")
    assert state.pending[0] == ("kraken_roll", 0) and state.pending[1] == ("ghost_card",)


def test_R73_A28_five_doubloons_haunt_every_captain_then_go_to_the_bank():
    state = ghost_turn([ship(curse=4), ship(curse=1)], {"doubloons": 2}, ("AC05", "AC10"))
    assert (state.ships[0].curse, state.ships[1].curse) == (5, 2) and state.mods.ghost.doubloons == 0
    assert state.pending[0] == ("kraken_roll", 0) and {"R73", "A28", "R51"} <= rules_cited(state)


def test_R74_each_repair_icon_removes_a_face_down_token():
    state = ghost_turn([ship(), ship()], {"damage": {"SAIL": 1, "FIRE": 1, "CANNON": 0, "HULL": 0,
                                                     "BOWSPRIT": 0}}, ("AC24", "AC05"))
    assert chance(state) == {"token SAIL": Fraction(1, 2), "token FIRE": Fraction(1, 2)}   # unseen: either one
    state = run(state, "token FIRE")
    assert chance(state) == {"token SAIL": Fraction(1)}
    state = run(state, "token SAIL")
    assert sum(state.mods.ghost.damage) == 0 and "R74" in rules_cited(state)


def test_R75_the_most_valuable_treasure_then_the_nearest_then_the_lowest_id():
    display = (("M01", "TR17"), ("M04", "TR18"))    # T01 at -1,0 and T04 at -2,0, both value 3
    state = ghost_turn([ship(), ship()], {"cell": "-1,-1"}, ("AC13", "AC05"), display=display)
    assert state.mods.ghost.cell in (parse_cell("-2,0"), parse_cell("-1,0"))
    took = state.mods.ghost.treasures
    assert took and took[0] in ("TR17", "TR18")
    # the value-4 treasure aboard a ship at sea outranks both; in the Hideout it does not count
    at_sea = ghost_turn([ship(cell="2,0", treasures=("TR23",)), ship()], {"cell": "-1,-1"}, ("AC13", "AC05"),
                        display=display)
    assert at_sea.mods.ghost.treasures == () and at_sea.mods.ghost.cell == parse_cell("1,-1")
    home = ghost_turn([ship(treasures=("TR23",)), ship()], {"cell": "-1,-1"}, ("AC13", "AC05"), display=display)
    assert home.mods.ghost.treasures


def test_R76_shortest_path_never_through_the_hideout():
    display = (("M01", "TR23"),)                     # T01 at -1,0, across the Hideout from 1,0
    state = ghost_turn([ship(), ship()], {"cell": "1,0"}, ("AC13", "AC05"), display=display)   # S S
    path = state.mods.ghost.path
    assert 0 not in path and len(path) == 3 and "R76" in rules_cited(state)


def test_R76_A25_among_equal_paths_it_ends_in_range_of_the_most_players():
    display = (("M04", "TR23"),)                     # T04 at -2,0
    ships = [ship(cell="0,-2"), ship(cell="0,-2")]
    state = ghost_turn(ships, {"cell": "1,-1"}, ("AC09", "AC05"), display=display)   # S A + D D: 1 move, range 1
    assert state.mods.ghost.cell == parse_cell("0,-1") and "R79" in rules_cited(state)


def test_R77_it_takes_the_treasure_and_hunts_on_with_three_slots():
    display = (("M02", "TR23"),)                      # T02 at 0,-1
    state = ghost_turn([ship(), ship()], {"cell": "1,-1", "treasures": ["TR07", "TR08", "TR09"]},
                       ("AC01", "AC05"), display=display)
    assert state.mods.ghost.treasures == ("TR08", "TR09", "TR23") and "TR07" in state.treasure_discard
    assert state.pending[0][0] == "map" and any(t[0] == "ghost_hunt" for t in state.pending)


def test_R78_E4_reefs_never_hurt_it_and_it_never_scores():
    display = (("M05", "TR23"),)                      # T05 at 1,1 next to the reef T26 at 2,1
    state = ghost_turn([ship(), ship()], {"cell": "2,1"}, ("AC13", "AC05"), display=display)
    assert sum(state.mods.ghost.damage) == 0 and state.scores() == (0, 0) and len(state.scores()) == 2


def test_R79_A36_it_fires_on_every_ship_in_range_not_in_the_hideout():
    ships = [ship(cell="2,0"), ship()]
    state = ghost_turn(ships, {"cell": "3,-1"}, ("AC12", "AC05"))   # A A: range 2
    assert [t[:2] for t in state.pending] == [("token", 0), ("ghost_end",)] and {"R79", "A36"} <= rules_cited(state)


def test_R80_its_cards_go_to_the_discard():
    state = ghost_turn([ship(), ship()], {}, ("AC05", "AC10"))
    assert {"AC05", "AC10"} <= set(state.discard) and state.mods.ghost.cards == ()


def test_R81_A24_A27_C13_C15_a_hit_gives_one_face_down_token():
    state = haunted([ship(cell="2,0", doubloons=1), ship()], {"cell": "3,-1"}, actions="A")
    assert "attack ghost" in legal(state)
    state = run(state, "attack ghost")
    hit = sum(p for o, p in chance(state).items() if o != "roll 0")
    assert hit == Fraction(5, 6)
    state = run(state, "roll 2")
    assert [t[0] for t in state.pending] == ["ghost_token"]
    state = run(state, "token FIRE")
    assert sum(state.mods.ghost.damage) == 1 and "R81" in rules_cited(state)
    assert state.view(1)["modules"]["ghost"]["damage"] == 1          # C13: face down, a count only


def test_V7_one_token_per_skull():
    state = haunted([ship(cell="2,0", doubloons=1), ship()], {"cell": "3,-1"}, actions="A",
                    ghost_damage_per_skull=True)
    state = run(state, "attack ghost", "roll 2")
    assert [t[0] for t in state.pending] == ["ghost_token", "ghost_token"]


def test_R82_C15_the_ghost_sinks_at_three_and_the_killer_takes_its_newest_treasure():
    two = {"cell": "3,-1", "treasures": ["TR07", "TR08"],
           "damage": {"SAIL": 1, "FIRE": 1, "CANNON": 0, "HULL": 0, "BOWSPRIT": 0}}
    state = haunted([ship(cell="2,0", doubloons=1), ship()], two, actions="A")
    state = run(state, "attack ghost")
    assert sum(p for o, p in chance(state).items() if o != "roll 0") == Fraction(5, 6)   # C15
    state = run(state, "roll 1", "token HULL")
    g = state.mods.ghost
    assert state.ships[0].treasures == ("TR08",) and g.treasures == ("TR07",) and g.damage == (0,) * 5
    assert g.cell == CAVE and "R82" in rules_cited(state)


def test_V9_A26_sinking_loses_everything_or_the_killer_has_no_room():
    two = {"cell": "3,-1", "treasures": ["TR07", "TR08"],
           "damage": {"SAIL": 1, "FIRE": 1, "CANNON": 0, "HULL": 0, "BOWSPRIT": 0}}
    v9 = haunted([ship(cell="2,0", doubloons=1), ship()], two, actions="A", ghost_loses_all_treasures_on_sinking=True)
    v9 = run(v9, "attack ghost", "roll 1", "token HULL")
    assert v9.mods.ghost.treasures == () and {"TR07"} <= set(v9.treasure_discard)
    full = haunted([ship(cell="2,0", doubloons=1, treasures=("TR09", "TR10")), ship()], two, actions="A")
    full = run(full, "attack ghost", "roll 1", "token HULL")
    assert "TR08" in full.treasure_discard and "A26" in rules_cited(full)


def test_C15_V7_from_one_token_a_single_attack_sinks_it_one_time_in_three():
    one = {"cell": "3,-1", "damage": {"SAIL": 1, "FIRE": 0, "CANNON": 0, "HULL": 0, "BOWSPRIT": 0}}
    state = haunted([ship(cell="2,0", doubloons=1), ship()], one, actions="A", ghost_damage_per_skull=True)
    state = run(state, "attack ghost")
    sinks = Fraction(0)
    for roll, p in chance(state).items():
        after = run(state, roll)
        while after.is_chance and after.pending[0][0] == "ghost_token":
            after = run(after, "token CANNON")
        sinks += p * (after.mods.ghost.cell == CAVE and sum(after.mods.ghost.damage) == 0 and roll != "roll 0")
    assert sinks == Fraction(1, 3)
    # C15: within two attacks (no repair between) from 1 token without V7
    assert Fraction(5, 6) ** 2 == Fraction(25, 36)


def test_V8_it_may_stop_short_to_stay_in_range():
    display = (("M04", "TR23"),)                     # T04 at -2,0
    ships = [ship(cell="2,-2"), ship(cell="2,-2")]
    kw = {"display": display}
    go = ghost_turn(ships, {"cell": "1,-2"}, ("AC13", "AC47"), **kw)   # S S + D A: 2 moves, range 1
    stay = ghost_turn(ships, {"cell": "1,-2"}, ("AC13", "AC47"), ghost_may_stop_early=True, **kw)
    assert len(go.mods.ghost.path) == 3 and go.pending == ()
    assert stay.mods.ghost.cell == parse_cell("1,-2") and [t[:2] for t in stay.pending][:2] == [("token", 0),
                                                                                                 ("damage", 1)]


def test_A21_R78_the_ghost_ignores_the_maelstrom_and_outposts():
    display = (("M01", "TR23"),)                     # T01 at -1,0
    data = haunted([ship(), ship()], {"cell": "1,0"}, weather=True).to_dict()
    data["modules"]["maelstrom"] = ["1,0", "-1,0"]
    data["pending"] = [["ghost_card"], ["ghost_act"]]
    data["modules"]["ghost"]["cards"] = ["AC13"]
    data["display"] = [list(display[0])]
    data["map_deck"].remove("M01")
    data["treasure_deck"].remove("TR23")
    data["deck"].remove("AC13")
    state = run(explorer.load("last_bottle_of_rum", ghost=True, weather=True).state_from_dict(data), "draw AC05")
    assert state.mods.ghost.cell != parse_cell("-1,0") and len(state.mods.ghost.path) == 3


def test_C11_C15_C10_the_analysis_helpers_match_the_digest():
    from explorer.games.last_bottle_of_rum import odds as analysis

    reach = analysis.ghost_range()
    assert reach[0] == Fraction(94, 213) and reach[2] + reach[3] + reach[4] == Fraction(13, 71)
    doubloons = analysis.ghost_range(icon="D")
    assert 1 - doubloons[0] == Fraction(148, 213) and 1 - analysis.ghost_range(icon="S")[0] == Fraction(707, 852)
    assert analysis.ghost_sinks(2) == Fraction(5, 6) and analysis.ghost_sinks(1, attacks=2) == Fraction(25, 36)
    assert analysis.ghost_sinks(1, per_skull=True) == Fraction(1, 3)
    assert analysis.bounty_among_two() == Fraction(1, 10)


def test_R75_ties_go_to_the_nearest_then_the_lowest_treasure_id():
    display = (("M01", "TR17"), ("M04", "TR18"))    # value 3 each: T01 at -1,0, T04 at -2,0
    equal = ghost_turn([ship(), ship()], {"cell": "-1,-1"}, ("AC14", "AC05"), display=display)   # 1 move
    assert equal.mods.ghost.treasures == ("TR17",)                      # both 1 away: lowest id
    nearer = ghost_turn([ship(), ship()], {"cell": "-3,1"}, ("AC14", "AC05"), display=display)
    assert nearer.mods.ghost.treasures == ("TR18",)                     # T04 is 1 away, T01 2 away


def test_R76_direction_order_breaks_the_last_ties_and_range_comes_first():
    display = (("M02", "TR23"),)                     # T02 at 0,-1, 2 moves from 2,-2 by W or SW
    plain = ghost_turn([ship(), ship()], {"cell": "2,-2"}, ("AC14", "AC05"), display=display)   # 1 move, range 0
    assert plain.mods.ghost.cell == parse_cell("1,-2")                  # W comes before SW
    aimed = ghost_turn([ship(cell="1,0"), ship()], {"cell": "2,-2"}, ("AC15", "AC05"), display=display)  # range 1
    assert aimed.mods.ghost.cell == parse_cell("1,-1")                  # ends within range of P0
