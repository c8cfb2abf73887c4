"""Pirate Rush in the explorer: actions in plain words and the board places they involve."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from games.pirate_rush.support import Pick, game, play, table

import widgets
from explorer.games.pirate_rush.data import KINDS
from explorer.games.pirate_rush.explain import kind_words
from explorer.games.pirate_rush.model import DECISION_VERBS
from widgets.controller import Controller

pytestmark = pytest.mark.slow

PLACE = re.compile(r'data-place="([^"]+)"')
DUELS = ("random", "choice", "manual_winner", "coin")
COMMON = {"look", "take", "draft", "call", "end", "pay", "repair", "anchor", "steer"}


@cache
def sample() -> tuple:
    """Every decision node of random games (3-5 players, basic and advanced, every duel mode)."""
    nodes = []
    for seed in range(48):
        rng = random.Random(seed)
        g = game(3 + seed % 3, advanced=seed % 3 != 0, duel_mode=DUELS[seed % 4])
        s = g.start(seed=seed)
        while not s.is_over:
            if s.is_chance:
                s = s.apply(s.sample_chance(rng))
                continue
            nodes.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
    nodes.append(table(3, final_tie="manual", stack=[["over"]]))   # E10, V13: a tie the table decides
    return tuple(nodes)


def test_the_sample_reaches_every_decision_verb():
    assert {a.verb for s in sample() for a in s.legal_actions()} == DECISION_VERBS


def test_every_place_is_drawn_in_the_acting_pirates_view():
    checked = set()
    for k, s in enumerate(sample()):
        verbs = {a.verb for a in s.legal_actions()}
        if k % 3 and verbs <= COMMON:   # every third common node, every node with a rarer choice
            continue
        checked |= verbs
        svg = s.view(s.player)._repr_svg_()
        ET.fromstring(svg)
        drawn = set(PLACE.findall(svg))
        for action in s.legal_actions():
            missing = set(s.action_places(action)) - drawn
            assert not missing, (str(action), missing, s.to_dict())
    assert checked == DECISION_VERBS


def test_almost_every_legal_action_names_a_place():
    actions = [(s, a) for s in sample() for a in s.legal_actions()]
    with_place = sum(1 for s, a in actions if s.action_places(a))
    assert with_place >= 0.9 * len(actions), (with_place, len(actions))
    for name in DECISION_VERBS:   # and every kind of action can be reached from the board
        assert any(s.action_places(a) for s, a in actions if a.verb == name), name


def test_describe_is_plain_words_for_every_action():
    seen: dict[str, str] = {}
    for s in sample():
        for action in s.legal_actions():
            words = s.describe(action)
            assert words and words != str(action), (str(action), words)
            assert "_" not in words and "None" not in words and "-1" not in words, words
            seen.setdefault(action.verb, words)
    assert set(seen) == DECISION_VERBS


def test_describe_uses_only_what_the_acting_pirate_knows():
    """A state drawn from the actor's own view gives the same words: nothing hidden leaks."""
    checked = 0
    for k, s in enumerate(sample()[::7]):
        other = s.game.sample_state(s.view(s.player), random.Random(k))
        assert [str(a) for a in other.legal_actions()] == [str(a) for a in s.legal_actions()]
        for action in s.legal_actions():
            assert other.describe(action) == s.describe(action), str(action)
            assert other.action_places(action) == s.action_places(action), str(action)
        checked += 1
    assert checked > 50


def test_a_tile_is_named_only_to_a_pirate_who_saw_it():
    s = table(3, slots={"I2.a": "gold"})
    assert "gold" in s.describe(s.game.parse_action("look I2.a"))
    theirs = table(3, slots={"I2.a": "gold"}, turn_of=1)
    words = theirs.describe(theirs.game.parse_action("look I2.a"))
    assert words == "Investigate the face-down tile at I2.a"
    mine = play(table(3), "look I1.b", "tile silver")
    assert mine.describe(mine.game.parse_action("take I1.b")) == "Take the silver coin at I1.b"
    assert mine.action_places(mine.game.parse_action("take I1.b")) == ("I1.b",)


def test_the_first_throw_stays_secret_from_the_second_thrower():
    s = table(3, loot={0: ["gold"]}, advanced=True, stack=[["call"], ["challenge", 0]], duel_mode="choice")
    rock, paper = play(s, "challenge P3", "throw rock"), play(s, "challenge P3", "throw paper")
    assert rock.player == paper.player == 2
    for action in rock.legal_actions():
        words = rock.describe(action)
        assert words == paper.describe(action) == f"Throw {action.arg} against P1 (in secret)"
        assert rock.action_places(action) == ("P1",)


def test_power_choices_name_the_tile_looked_at_and_the_victim():
    s = table(3, loot={0: ["copper"], 1: ["gold"]}, chosen=(5, 1, 2), advanced=False)
    s = play(s, "gamble P2", Pick(s.loot[1][0]))
    assert s.stack[-1][0] == "gamble_choice"
    keep = s.describe(s.game.parse_action("gamble keep"))
    assert keep == "Keep the gold coin you looked at from P2 (and give one of yours blind)"
    assert s.action_places(s.game.parse_action("gamble keep")) == ("P2",)
    blind = s.describe(s.game.parse_action("gamble other"))
    assert blind == "Leave the gold coin and take another of P2's tiles blind" or len(s.loot[1]) == 1


def test_new_places_are_drawn_for_every_viewer():
    s = table(4, advanced=True)
    for viewer in (None, 0, 3):
        drawn = set(PLACE.findall(s.view(viewer)._repr_svg_()))
        assert {"P1", "P2", "P3", "P4", "discard", "structure", "ammunition", "supplies"} <= drawn
        assert {f"I{j}" for j in range(1, 9)} <= drawn and "I8.d" in drawn


def test_kind_words_cover_every_loot_kind():
    assert all(kind_words(k) != "" for k in KINDS)
    assert kind_words("flag2") == "2-prestige flag"


def offered(board, place: str) -> list[str]:
    """What the board offers when `place` is clicked (board.js: the actions whose places include it)."""
    return [a["id"] for a in board.data["actions"] if place in a["places"]]


@pytest.mark.parametrize(("players", "advanced"), [(3, False), (4, True), (5, True)])
def test_clicking_a_place_offers_exactly_the_legal_actions_involving_it(players, advanced):
    ctl = Controller(game(players, advanced=advanced), seed=players)
    board = widgets.BoardView(ctl)
    rng = random.Random(players)
    n = 0
    decisions = 0
    while decisions < 40 and not ctl.state.is_over:
        state = ctl.state
        if state.is_chance:
            ctl.roll()
            continue
        decisions += 1
        ctl.set_viewer(state.player)
        drawn = set(PLACE.findall(board.data["svg"]))
        assert board.data["svg"] == state.view(state.player)._repr_svg_()
        labels = {a["id"]: a["label"] for a in board.data["actions"]}
        for place in drawn:
            expected = [str(a) for a in state.legal_actions() if place in state.action_places(a)]
            assert offered(board, place) == expected, place
        for action in state.legal_actions():
            assert labels[str(action)] == state.describe(action)
        clickable = sorted(p for p in drawn if offered(board, p))
        assert clickable
        choice = rng.choice(offered(board, rng.choice(clickable)))
        n += 1
        board.request = {"op": "play", "move": choice, "n": n}
        assert ctl.path[-1] == choice and board.data["error"] == ""
