"""The Last Bottle of Rum: position data, bad input, hidden information, rendering, policies."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest
from games.last_bottle_of_rum.support import legal, run, scene, ship

import explorer
from explorer.core.errors import IllegalAction, PositionError
from explorer.core.play import advance

pytestmark = pytest.mark.slow


def started(seed=4, players=3):
    game = explorer.load("last_bottle_of_rum", players=players)
    state = advance(game.start(seed=seed), seed=seed, steps=150)
    return game, state


def test_round_trip_and_notation():
    game, state = started()
    data = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(data) == state
    for action in state.legal_actions():
        assert game.parse_action(str(action)) == action


@pytest.mark.parametrize(("field", "value"), [
    ("phase", "dinner"), ("active", 7), ("winner", "me"), ("turns", -1), ("tiles", {"0,0": "T01"}),
    ("tiles", {"9,9": "T01"}), ("face_up", ["2,0"]), ("display", [["M01"]]), ("deck", ["AC99"]),
    ("pending", [["no_such_step"]]), ("pending", [["token", 9, "R21"]]), ("pending", [["kraken_roll"]]),
    ("ships", []), ("turn", {"moves": -1}), ("map_deck", "M01")])
def test_bad_positions_name_the_field(field, value):
    game, state = started()
    data = state.to_dict()
    data[field] = value
    with pytest.raises(PositionError) as err:
        game.state_from_dict(data)
    assert err.value.field.split(".")[0] == field


@pytest.mark.parametrize(("change", "field"), [
    (lambda s: s.update(curse=6), "ships.0.curse"), (lambda s: s.update(captain="Blackbeard"), "ships.0.captain"),
    (lambda s: s["damage"].update(SAIL=6), "ships.0.damage.SAIL"), (lambda s: s.update(cell="5,5"), "ships.0.cell"),
    (lambda s: s.update(hand=["AC01", "AC01"]), "ships.0.hand"), (lambda s: s.update(extra=1), "ships.0.extra"),
    (lambda s: s["damage"].update(FIRE=3, HULL=3), "ships.0.damage")])
def test_bad_ship_data_names_the_field(change, field):
    game, state = started()
    data = state.to_dict()
    change(data["ships"][0])
    with pytest.raises(PositionError) as err:
        game.state_from_dict(data)
    assert err.value.field.startswith(field.split(".")[0]) and err.value.reason


def test_components_must_exist_once():
    game, state = started()
    data = state.to_dict()
    data["discard"] = [*data["discard"], data["deck"][0]]
    with pytest.raises(PositionError):
        game.state_from_dict(data)


@pytest.mark.parametrize("junk", [None, 3, 2.5, ("attack", 1), "attack", "sail 9,9", "play AC99", "attack -1",
                                  "exchange SS>A", "captain Blackbeard", "roll 3", "token GOLD"])
def test_foreign_actions_and_wrong_types_are_refused(junk):
    _, state = started()
    with pytest.raises(IllegalAction):
        state.apply(junk)


def test_illegal_actions_name_their_rule_and_leave_the_state_alone():
    state = scene([ship(), ship()], actions="S")
    key = state._key()
    for move, rule in [("attack P2", "R41"), ("earn", "R11"), ("repair FIRE", "R11"), ("effect AC01", "R9"),
                       ("play AC01 AC02", "R8"), ("take TR01", "T4"), ("peek 1,0", "R58")]:
        with pytest.raises(IllegalAction) as err:
            state.apply(move)
        assert err.value.rule == rule, move
    assert state._key() == key


def test_views_hide_hands_deck_and_unseen_tiles():
    state = run(scene([ship("Madame Macaw", hand=("AC01", "AC02")), ship(hand=("AC03",))]), "peek 1,0", "tile T26")
    mine, theirs = state.view(0), state.view(1)
    assert mine["ships"][0]["hand"] == ["AC01", "AC02"] and mine["ships"][1]["hand"] == 1
    assert mine["tiles"] == {"1,0": "T26"} and theirs["tiles"] == {} and theirs["ships"][0]["peeks"] == ["1,0"]
    assert isinstance(mine["deck"], int) and "T26" not in theirs._repr_svg_() and "Reef Shallows" in mine._repr_svg_()
    assert "AC01" not in theirs._repr_svg_()
    secret = [e for e in state.events if e.detail]
    assert secret and secret[0].for_player(1) == secret[0].text and "Reef" in secret[0].for_player(0)


def test_sample_state_fills_only_the_hidden_parts():
    game, state = started(seed=9)
    seen = state.view(state.player)
    for seed in range(5):
        guess = game.sample_state(seen, random.Random(seed))
        assert guess.ships[state.player].hand == state.ships[state.player].hand
        assert [len(s.hand) for s in guess.ships] == [len(s.hand) for s in state.ships]
        assert guess.display == state.display and guess.discard == state.discard
        assert guess.legal_actions() == state.legal_actions()


def test_rendering_is_svg_with_places_and_a_legend():
    _, state = started()
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and 'data-place="cell:0,0"' in svg and "Legend" in svg and "Hideout" in svg
    assert 'data-place="ship:0"' in svg


def test_policies_choose_legal_moves_from_their_view():
    game, state = started()
    while state.is_chance:                      # a decision to make, not a tile still to be drawn
        state = advance(state, seed=0)
    for name, factory in game.policies().items():
        policy = factory(game)
        move = policy.choose(state.view(state.player) if policy.needs_view else None, state.legal_actions(),
                             random.Random(0))
        assert move in state.legal_actions(), name


def test_rule_of_thumb_takes_treasure_and_trades_it():
    from explorer.games.last_bottle_of_rum.policies import RuleOfThumb

    state = run(scene([ship(), ship()], actions="S", display=(("M01", "TR07"),)), "sail 1,0", "tile T01")
    policy = RuleOfThumb()
    assert str(policy.choose(state.view(0), state.legal_actions(), random.Random(0))) == "take TR07"
    home = run(scene([ship(cell="1,0", treasures=("TR07",)), ship()], actions="S", tiles={"1,0": "T28"},
                     face_up=("1,0",)), "sail 0,0")
    assert str(policy.choose(home.view(0), home.legal_actions(), random.Random(0))) == "trade TR07"
    assert "keep" in legal(home)


def test_actions_are_described_and_point_at_clickable_places():
    _, state = started()
    svg = state._repr_svg_()
    for action in state.legal_actions():
        assert state.describe(action)
        for place in state.action_places(action):
            assert f'data-place="{place}"' in svg or place.startswith("card:"), (action, place)
    duel = scene([ship(cell="1,0", doubloons=1), ship(cell="2,0")], actions="AS", tiles={"1,0": "T28", "2,0": "T29"},
                 face_up=("1,0", "2,0"))
    assert duel.action_places(duel.game.parse_action("attack P2")) == ("ship:1",)
    assert duel.action_places(duel.game.parse_action("sail 2,0")) == ("cell:2,0",)
    assert duel.describe(duel.game.parse_action("sail 2,0")) == "Sail to Open Sea B"        # face up: its name
