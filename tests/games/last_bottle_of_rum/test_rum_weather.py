"""The Last Bottle of Rum, module V2 Weather: forced play (R64), mandatory effects (R63, D7), the
Maelstrom (R65-R67), timing (V13) and the deck odds with Weather (S4, S12, C7)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.last_bottle_of_rum.support import chance, legal, rules_cited, run, scene, ship

import explorer
from explorer.core.errors import IllegalAction
from explorer.games.last_bottle_of_rum.data import KRAKEN

SEA = {"1,0": "T28", "2,0": "T29", "3,-1": "T30", "1,-1": "T24", "2,-1": "T25", "2,1": "T26"}
UP = tuple(SEA)
MAELSTROM, STORM, TRADE_WIND, BECALMED, GALE = "AC77", "AC79", "AC81", "AC83", "AC85"


def sea(ships: list[dict], **kw):
    return scene(ships, tiles=SEA, face_up=UP, weather=True, **kw)


def test_S4_S12_V2_the_weather_deck_has_86_cards_and_no_maelstrom_yet():
    state = explorer.load("last_bottle_of_rum", weather=True).new_state()
    assert len(state.deck) == 86 and state.mods.maelstrom == () and "S12" in rules_cited(state)
    assert len(explorer.load("last_bottle_of_rum").new_state().deck) == 76


def test_C7_a_four_card_starting_hand_holds_a_kraken_with_weather():
    state = explorer.load("last_bottle_of_rum", weather=True, first_player=0).new_state()
    while not (state.pending and state.pending[0][0] == "card"):
        state = state.apply(state.chance_outcomes()[0][0] if state.is_chance else state.legal_actions()[0])
    clean = Fraction(1)
    for _ in range(4):
        odds = chance(state)
        clean *= sum(p for o, p in odds.items() if o.split()[1] not in KRAKEN)
        state = run(state, next(o for o in odds if o.split()[1] not in KRAKEN))
    assert 1 - clean == Fraction(74899, 424711)


def test_R64_one_weather_card_is_played_with_one_other():
    state = sea([ship(hand=(MAELSTROM, "AC01", "AC05", "AC24")), ship()], phase="play")
    assert legal(state) == {"play AC01 AC77", "play AC05 AC77", "play AC24 AC77"}
    with pytest.raises(IllegalAction) as err:
        state.apply("play AC01 AC05")
    assert err.value.rule == "R64"


def test_R64_two_or_more_weather_cards_are_played_alone():
    state = sea([ship(hand=(STORM, TRADE_WIND, "AC01", "AC05")), ship()], phase="play")
    assert legal(state) == {"play AC79 AC81"}


def test_R63_A20_V13_immediate_effects_come_first_in_the_players_order():
    state = sea([ship(hand=(STORM, TRADE_WIND)), ship()], phase="play")
    state = run(state, "play AC79 AC81")
    assert legal(state) == {"weather AC79", "weather AC81"}
    state = run(state, "weather AC81")
    assert legal(state) == {"weather AC79"} and state.ships[0].doubloons == 2 and state.ships[1].doubloons == 1


def test_V13_anytime_weather_before_the_turn_ends():
    state = sea([ship(hand=(STORM, "AC01")), ship()], phase="play", weather_timing="anytime")
    state = run(state, "play AC01 AC79")
    assert "weather AC79" in legal(state) and "end" not in legal(state)
    with pytest.raises(IllegalAction) as err:
        state.apply("end")
    assert err.value.rule == "R63"
    state = run(state, "sail 1,0", "weather AC79")
    assert [t[:2] for t in state.pending] == [("token", 0)]


def test_R63_storm_hits_every_ship_at_sea_in_seat_order_from_the_active_player():
    ships = [ship(cell="1,0"), ship(), ship(cell="2,0")]
    state = sea(ships, active=0, played=(STORM,))
    state = run(state, "weather AC79")
    assert [t[:2] for t in state.pending if t[0] in ("token", "damage")][:1] == [("token", 0)]
    state = run(state, "token SAIL")
    assert state.pending[0][:2] == ("token", 2)


def test_R63_trade_wind_and_a_holed_hull():
    state = sea([ship(), ship(damage={"HULL": 1})], played=(TRADE_WIND,))
    state = run(state, "weather AC81")
    assert (state.ships[0].doubloons, state.ships[1].doubloons) == (2, 0) and "R31" in rules_cited(state)


def test_R63_becalmed_forbids_every_move_even_a_gale():
    state = sea([ship(cell="1,0"), ship()], played=(BECALMED, GALE), actions="S")
    state = run(state, "weather AC83")
    assert not any(a.startswith("sail") for a in legal(state))
    state = run(state, "weather AC85")
    assert state.ships[0].cell == state.game.state_from_dict(state.to_dict()).ships[0].cell
    with pytest.raises(IllegalAction) as err:
        state.apply("sail 2,0")
    assert err.value.rule == "R63"


def test_R63_gale_moves_exactly_two_tiles_or_fewer_with_a_torn_sail():
    state = run(sea([ship(cell="1,0"), ship()], played=(GALE,)), "weather AC85")
    assert "stop" not in legal(state) and "sail 2,0" in legal(state)
    state = run(state, "sail 2,0")
    assert state.pending[0][0] == "gale"
    torn = run(sea([ship(cell="1,0", damage={"SAIL": 1}), ship()], played=(GALE,)), "weather AC85", "sail 2,0")
    assert not torn.pending and torn.ships[0].cell != 0


def test_R65_R67_the_maelstrom_goes_on_two_tiles_never_the_hideout_and_stays():
    state = run(sea([ship(), ship()], played=(MAELSTROM,)), "weather AC77")
    places = legal(state)
    assert len(places) == 435 and not any("0,0" in p.split()[1:] for p in places)
    state = run(state, "maelstrom 1,0 3,-1")
    assert state.mods.maelstrom == (1, 19) and "R65" in rules_cited(state)
    state = run(state, "end")
    assert state.mods.maelstrom == (1, 19)


def test_R66_riding_the_maelstrom_costs_one_sail_and_one_damage():
    state = sea([ship(cell="1,0"), ship()], actions="S", modules={"maelstrom": ["1,0", "3,-1"]})
    assert "sail maelstrom" in legal(state)
    state = run(state, "sail maelstrom")
    assert state.ships[0].cell == 19 and state.turn.moves == 1 and state.turn.actions[0] == 0
    assert state.pending[0][:2] == ("token", 0) and "R66" in rules_cited(state)


def test_R66_arriving_face_down_reveals_the_tile():
    state = sea([ship(cell="1,0"), ship()], actions="S", modules={"maelstrom": ["1,0", "-2,2"]})
    state = run(state, "sail maelstrom")
    assert state.is_chance and state.pending[0][0] == "tile"


def test_R64_a_weather_card_drawn_mid_turn_is_played_at_once():
    state = sea([ship(doubloons=1), ship()], played=("AC61",))
    state = run(state, "effect AC61", "draw AC79")
    assert STORM in state.turn.played and STORM not in state.ships[0].hand and "R64" in rules_cited(state)


def test_V2_off_the_maelstrom_cannot_be_loaded():
    from explorer.core.errors import PositionError

    with pytest.raises(PositionError) as err:
        scene([ship(), ship()], modules={"maelstrom": ["1,0", "2,0"]})
    assert err.value.field == "modules.maelstrom"
