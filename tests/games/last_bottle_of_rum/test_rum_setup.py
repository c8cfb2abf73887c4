"""The Last Bottle of Rum: setup (S), options (V) and the modules not available yet."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.last_bottle_of_rum.support import chance, legal, rules_cited, run

import explorer
from explorer.core.errors import OptionError
from explorer.games.last_bottle_of_rum.data import BASE_DECK, CARDS, KRAKEN, TILES


def fresh(players=2, **options):
    return explorer.load("last_bottle_of_rum", players=players, **options).new_state()


def through_setup(players=2, seed=0, captains=None, **options):
    """Start a game, choosing captains in order (random chance with `seed`)."""
    import random

    rng = random.Random(seed)
    state = fresh(players, **options)
    captains = list(captains or ["Humboldt", "Crabby Jones", "Admiral Narhee", "Grog Blackwater", "Madame Macaw"])
    while state.is_chance or (state.pending and state.pending[0][0] == "captain"):
        state = state.apply(state.sample_chance(rng)) if state.is_chance else state.apply(
            f"captain {captains[state.player]}")
    return state


def test_S1_S11_tiles_face_down_around_the_hideout_and_ships_in_it():
    state = fresh()
    assert state.face_up == 1 and not any(state.tiles)   # only the Hideout is face up; tiles dealt on reveal
    assert all(s.cell == 0 for s in state.ships)
    assert {"S1", "S11"} <= rules_cited(state)


@pytest.mark.parametrize(("players", "pairs"), [pytest.param(2, 3, id="S2"), pytest.param(3, 3, id="S2-3"),
                                                pytest.param(4, 4, id="S3"), pytest.param(5, 4, id="S3-5")])
def test_S2_S3_display_pairs(players, pairs):
    state = through_setup(players)
    assert len(state.display) == pairs


def test_S4_base_deck_has_76_cards_without_weather():
    state = fresh()
    assert len(state.deck) == 76 == len(BASE_DECK)
    assert not any(CARDS[c].effect == "WEATHER" for c in state.deck)


def test_S5_S6_S7_captains_tracks_bag_and_doubloons():
    state = fresh(3)
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    assert state.player == 0 and len(legal(state)) == 8
    state = run(state, "captain Crabby Jones")
    assert "captain Crabby Jones" not in legal(state)
    assert state.ships[0].shells == 2 and state.ships[0].loot == 0 and state.ships[0].curse == 0
    assert all(s.doubloons == 0 and sum(s.damage) == 0 for s in state.ships)


def test_S8_hands_of_4_and_Humboldt_5():
    import random

    rng = random.Random(5)
    state = fresh(2)
    names = iter(["Humboldt", "Archie Stoneshell"])
    while not state.pending or state.pending[0][0] != "first":
        state = state.apply(state.sample_chance(rng)) if state.is_chance else state.apply(f"captain {next(names)}")
    assert [len(s.hand) for s in state.ships] == [5, 4] and "S8" in state.game.rules


def test_S9_R57_a_kraken_dealt_at_setup_goes_back():
    state = fresh()
    while state.is_chance and state.pending[0][0] != "card":
        state = state.apply(state.chance_outcomes()[0][0])
    while state.pending[0][0] == "captain":
        state = state.apply(state.legal_actions()[0])
    deck = state.deck
    kraken = sorted(KRAKEN)[0]
    after = run(state, f"draw {kraken}")
    assert after.deck == deck and not after.ships[0].hand
    assert "S9" in rules_cited(after) and after.pending[0][0] == "card"


def test_S10_C14_first_player_is_uniform_or_chosen():
    state = fresh(4)
    while state.pending[0][0] != "first":
        state = state.apply(state.sample_chance(__import__("random").Random(1)) if state.is_chance
                            else state.legal_actions()[0])
    assert chance(state) == {f"first P{p}": Fraction(1, 4) for p in range(1, 5)}
    assert through_setup(3, first_player=2).active == 2


@pytest.mark.parametrize(("name", "value"), [
    pytest.param("bounty_hunt", True, id="V1"), pytest.param("weather", True, id="V2"),
    pytest.param("ghost", True, id="V3"), pytest.param("ghost_damage_per_skull", True, id="V7"),
    pytest.param("ghost_may_stop_early", True, id="V8"),
    pytest.param("ghost_loses_all_treasures_on_sinking", True, id="V9"),
    pytest.param("weather_timing", "anytime", id="V13"), pytest.param("bounty_auto_claim", False, id="V14")])
def test_module_options_switch_on_for_two_players(name, value):
    game = explorer.load("last_bottle_of_rum", players=2, **{name: value})
    assert game.options[name] == value and game.new_state().phase == "setup"


def test_R68_the_ghost_refuses_other_player_counts():
    for players in (3, 4, 5):
        with pytest.raises(OptionError) as err:
            explorer.load("last_bottle_of_rum", players=players, ghost=True)
        assert err.value.field == "options.ghost" and "R68" in str(err.value)


@pytest.mark.parametrize("rule", ["S12", "S13", "R60", "R61", "R62", "R63", "R64", "R65", "R66", "R67", "R68",
                                  "R69", "R70", "R71", "R72", "R73", "R74", "R75", "R76", "R77", "R78", "R79",
                                  "R80", "R81", "R82", "E4"])
def test_module_rules_are_stated_in_our_words(rule):
    text = explorer.load("last_bottle_of_rum").rules[rule]
    assert text and "not available yet" not in text


@pytest.mark.parametrize(("name", "default", "rule"), [
    ("hideout_trade_mode", "all", "V4"), ("reef_damage", "every_entry", "V5"), ("allow_futile_attacks", False, "V6"),
    ("starting_doubloons", 0, "V10"), ("bank_limit", 34, "V11"), ("hideout_protects_from_kraken", False, "V12"),
    ("min_hand_size", 2, "V15")], ids=["V4", "V5", "V6", "V10", "V11", "V12", "V15"])
def test_base_options_have_the_digest_defaults(name, default, rule):
    game = explorer.load("last_bottle_of_rum")
    spec = next(s for s in game.OPTIONS if s.name == name)
    assert game.options[name] == default and spec.rule == rule


def test_V10_starting_doubloons_and_V11_bank_check():
    state = through_setup(2, starting_doubloons=3)
    assert [s.doubloons for s in state.ships] == [3, 3]
    with pytest.raises(OptionError):
        explorer.load("last_bottle_of_rum", players=5, starting_doubloons=10)


TILE_IDS = ["T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08", "T09", "T10", "T11", "T12", "T13", "T14", "T15",
            "T16", "T17", "T18", "T19", "T20", "T21", "T22", "T23", "T24", "T25", "T26", "T27", "T28", "T29", "T30"]


@pytest.mark.parametrize("tile", TILE_IDS, ids=TILE_IDS)
def test_D2_every_tile_T01_T30_is_in_the_data_and_the_rules(tile):
    game = explorer.load("last_bottle_of_rum")
    assert sorted(TILES) == TILE_IDS
    assert TILES[tile].basis in {"SEED", "SOURCED", "ASSUMED"} and TILES[tile].name in game.rules[tile]
