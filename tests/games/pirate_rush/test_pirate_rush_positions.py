"""Pirate Rush bad input, position data, rendering, policies and sample_state."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest
from games.pirate_rush.support import game, play, table

import explorer
from explorer.core import advance
from explorer.core.errors import IllegalAction, PositionError
from explorer.games.pirate_rush.policies import RuleOfThumb

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("field,value", [
    ("kinds", ["gold"] * 40), ("slots", [[0, 0, 0]] * 8), ("loot", [[], []]), ("resources", [3, 2, 2]),
    ("chosen", [1, 1, 2]), ("prestige", [30, 0, 0]), ("islands", ["T01"] * 8), ("stack", [["warp"]]),
    ("prosthetics", [["peg", "peg"], [], []]), ("ship", 8), ("phase", "boarding"), ("vague", [[[1, ["X9"]]], [], []]),
    ("turn", [0, 1]), ("known", [[99], [], []]), ("flipped", [1] * 8), ("removed", ["T01", "T02"])])
def test_malformed_positions_name_the_field(field, value):
    s = game(3).start(seed=4)
    data = json.loads(s.to_json())
    data[field] = value
    with pytest.raises(PositionError) as err:
        s.game.state_from_dict(data)
    assert err.value.field.split(".")[0] == field or err.value.field in ("slots", "kinds", "islands")


def test_unseen_tile_in_a_loot_pile_is_refused():
    s = table(3, loot={0: ["gold"]})
    data = s.to_dict()
    data["kinds"][s.loot[0][0]] = ""
    data["known"][0] = []
    with pytest.raises(PositionError) as err:
        s.game.state_from_dict(data)
    assert err.value.field == "loot.0"


@pytest.mark.parametrize("junk", [None, 3, 2.5, ("take",), "", "fly away", "take", "tile unicorn", "draft pope"])
def test_foreign_and_wrongly_typed_actions_raise_illegal_action(junk):
    s = table(3)
    with pytest.raises(IllegalAction) as err:
        s.apply(junk)
    assert err.value.rule


def test_actions_from_another_game_state_are_refused_with_a_rule():
    s = play(table(3), "take I1.a", "tile rum")
    with pytest.raises(IllegalAction) as err:
        s.apply("take I1.b")
    assert err.value.rule == "R18"
    with pytest.raises(IllegalAction) as err:
        s.apply("island T05")
    assert err.value.rule == "T3"


def test_view_player_must_be_a_seat():
    with pytest.raises(PositionError):
        table(3).view(7)


def test_board_svg_shows_places_and_a_legend_and_hides_unseen_tiles():
    s = play(table(3), "look I2.b", "tile gold")
    mine, theirs = s.view(0)._repr_svg_(), s.view(1)._repr_svg_()
    for svg in (mine, theirs, s._repr_svg_()):
        ET.fromstring(svg)
        assert 'data-place="I2.b"' in svg and "Legend" in svg
    assert ">gold<" in mine and ">gold<" not in theirs.replace('data-place', '').split("Legend")[0]


def test_rule_of_thumb_decides_from_its_view_and_beats_random():
    g = game(4)
    wins = 0
    for seed in range(12):
        end = explorer.playout(g.start(seed=seed), seed=seed, policies={0: RuleOfThumb(g)})
        wins += 0 in end.winners()[0]
    assert wins >= 6 and RuleOfThumb.needs_view and "rule_of_thumb" in g.policies()


def test_sample_state_keeps_the_viewers_knowledge():
    g = game(4)
    s = advance(g.start(seed=5), seed=5, steps=120)
    while s.is_chance or s.stack[-1][0] not in ("turn", "call", "draft"):
        s = advance(s, seed=6, steps=1)
    p = s.player
    view = s.view(p)
    t = g.sample_state(view, random.Random(2))
    assert t.view(p) == view and t.legal_actions() == s.legal_actions()
    assert explorer.playout(t, seed=1).is_over
    with pytest.raises(PositionError) as err:     # a pending decision the stack does not hold
        g.sample_state({**view, "pending": {"node": "decision", "task": "stake", "player": p}}, random.Random(1))
    assert err.value.field == "pending"
    with pytest.raises(PositionError) as err:
        g.sample_state({k: v for k, v in view.items() if k != "stack"}, random.Random(1))
    assert err.value.field == "stack"
    chance = advance(s, seed=6, steps=1)
    while not chance.is_chance:
        chance = advance(chance, seed=7, steps=1)
    for viewer in range(4):    # at a chance node too (hidden_worlds' exact counterpart works there)
        drawn = g.sample_state(chance.view(viewer), random.Random(1))
        assert drawn.is_chance and drawn.view(viewer) == chance.view(viewer)
    over = explorer.playout(chance, seed=3)
    for viewer in range(4):    # at the end too: every loot was shown for the final count (E3, E9)
        assert all(len(pile["known"]) == pile["count"] for pile in over.view(viewer)["loot"])
        drawn = g.sample_state(over.view(viewer), random.Random(1))
        assert drawn.is_over and drawn.view(viewer) == over.view(viewer) and drawn.scores() == over.scores()
