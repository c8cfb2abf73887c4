"""`check_root` and `explorer.state_from_dict`: a position's ``game`` block is partial (what it
leaves out is the default set-up) and a block naming another set-up is refused by field."""

from __future__ import annotations

import pytest

import explorer
from explorer.core.errors import OptionError, PositionError
from explorer.core.positions import check_root

KNOWN = ("game", "hands")


def sjo(**options):
    return explorer.load("sjoroveroya", **options)


@pytest.mark.parametrize("block", [
    {"name": "sjoroveroya", "players": 2, "options": {}},
    {"name": "sjoroveroya", "players": 2},
    {"name": "sjoroveroya"},
    {"players": 2},
    {},
    {"name": "sjoroveroya", "players": 2, "options": {"turn_cap": None}},   # an option at its default
], ids=["full", "no-options", "name-only", "players-only", "empty", "default-option-written"])
def test_a_partial_block_means_the_default_set_up(block):
    assert sjo().players == 2 and sjo().options["turn_cap"] is None
    data = {"game": block, "hands": []}
    assert check_root(sjo(), data, KNOWN) is data


def test_the_full_block_of_any_set_up_is_accepted_by_that_set_up():
    for name in explorer.games():
        game = explorer.load(name)
        assert check_root(game, {"game": game.to_dict()}, KNOWN)
    game = sjo(players=3, turn_cap=12)
    assert check_root(game, {"game": {"players": 3, "options": {"turn_cap": 12}}}, KNOWN)


@pytest.mark.parametrize("reader, block, field, words", [
    (sjo(), {"name": "dead_mans_dice"}, "game.name", ["Dead Man's Dice", "dead_mans_dice", "Sjørøverøya"]),
    (sjo(), {"players": 3}, "game.players", ["3 players", "2-player Sjørøverøya"]),
    (sjo(players=3), {"name": "sjoroveroya"}, "game.players", ["2 players", "3-player"]),
    (sjo(), {"options": {"turn_cap": 15}}, "game.options.turn_cap", ["turn_cap=15", "turn_cap=None"]),
    (sjo(turn_cap=15), {"players": 2}, "game.options.turn_cap", ["turn_cap=None", "turn_cap=15"]),
], ids=["name", "players", "players-by-default", "option", "option-by-default"])
def test_another_set_up_is_refused_naming_the_field_and_both_set_ups(reader, block, field, words):
    with pytest.raises(PositionError) as err:
        check_root(reader, {"game": block}, KNOWN)
    assert err.value.field == field
    assert "the data is for" in err.value.reason and "is reading it" in err.value.reason
    for word in words:
        assert word in err.value.reason, (word, err.value.reason)


@pytest.mark.parametrize("block, field", [
    ("sjoroveroya", "game"), ([], "game"), ({"name": "chess"}, "game.name"), ({"players": 9}, "game.players"),
    ({"players": "2"}, "game.players"), ({"options": []}, "game.options"),
    ({"options": {"no_such": 1}}, "game.options.no_such"), ({"options": {"turn_cap": "x"}}, "game.options.turn_cap"),
    ({"seed": 1}, "game.seed"),
], ids=["text", "list", "unknown-game", "too-many-players", "players-as-text", "options-as-list",
        "unknown-option", "ill-typed-option", "unknown-set-up-field"])
def test_a_malformed_block_is_one_position_error_naming_the_field(block, field):
    with pytest.raises(PositionError) as err:
        check_root(sjo(), {"game": block}, KNOWN)
    assert err.value.field == field and err.value.reason


def test_root_shape_and_unknown_fields_still_come_first():
    with pytest.raises(PositionError) as err:
        check_root(sjo(), ["game"], KNOWN)
    assert err.value.field == "(root)"
    with pytest.raises(PositionError) as err:
        check_root(sjo(), {"game": {"players": 3}, "deck": 1}, KNOWN)
    assert err.value.field == "deck"


def test_a_game_loader_that_uses_check_root_reads_a_partial_block():
    game = explorer.load("sjoroveroya", players=2)
    state = game.start(seed=4)
    data = state.to_dict()
    data["game"] = {"name": "sjoroveroya"}
    assert game.state_from_dict(data) == state
    data["game"] = {"players": 3}
    with pytest.raises(PositionError) as err:
        game.state_from_dict(data)
    assert err.value.field == "game.players"


def test_explorer_state_from_dict_normalises_the_block_too():
    state = explorer.load("sjoroveroya", players=2).start(seed=4)
    data = state.to_dict()
    data["game"] = {"name": "sjoroveroya"}
    assert explorer.state_from_dict(data) == state
    data["game"] = {"players": 2}
    with pytest.raises(PositionError) as err:
        explorer.state_from_dict(data)
    assert err.value.field == "game.name" and "missing" in err.value.reason
    data["game"] = {"name": "chess"}
    with pytest.raises(OptionError) as err:
        explorer.state_from_dict(data)
    assert err.value.field == "game.name" and "sjoroveroya" in err.value.reason
    del data["game"]
    with pytest.raises(PositionError) as err:
        explorer.state_from_dict(data)
    assert err.value.field == "game"
