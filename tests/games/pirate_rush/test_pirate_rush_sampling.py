"""Pirate Rush `sample_state` at every kind of decision: each pirate sees the drawn state as he
sees the real one, the actor keeps his legal actions, what a view hides stays hidden (H7, H8,
H11, C10), and the kinds the pending tasks imply hold (R37, R40, R43, R46, R52)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from games.pirate_rush.support import Pick, edit, game, play, table, tokens_of

from explorer.games.pirate_rush.data import COINS, KINDS, NEGATIVE
from explorer.games.pirate_rush.hidden.draws import fits
from explorer.games.pirate_rush.rules import DECISIONS, THROWS
from explorer.games.pirate_rush.tokens.stack_view import task_tokens

pytestmark = pytest.mark.slow


def _setup():
    return play(game(3).new_state(), "removed T04 T07 T08 T10", "row 3 4 5 6")


def _rogue(*more: str):
    s = table(3, loot={1: ["copper", "rum", "silver"]}, chosen=(6, 1, 2))
    copper, rum = tokens_of(s, 1, "copper")[0], tokens_of(s, 1, "rum")[0]
    return play(s, "rogue P2", Pick(copper), *(Pick(rum) if m == "pick rum" else m for m in more))


def _gamble():
    """Player 0 (Gambler) looked at player 1's gold, which player 2 also follows (he saw it)."""
    s = table(3, loot={0: ["copper"], 1: ["gold", "rum"]}, chosen=(5, 1, 2))
    gold = tokens_of(s, 1, "gold")[0]
    s = edit(s, known=[sorted(s.known[0]), sorted(s.known[1]), sorted(s.known[2] | {gold})])
    return play(s, "gamble P2", Pick(gold))


def _merchant(reveal: bool = True):
    s = edit(table(3, loot={0: ["copper"]}, advanced=True, reveal_paid_tiles=reveal), event="mercader")
    s = play(s, "merchant copper I2")
    while s.is_chance:
        s = s.apply(s.chance_outcomes()[0][0])
    return s


def _stakes(*stakes: str):
    """Juegos de cubierta; player 2 follows player 0's gold (he saw it), player 1 does not."""
    s = table(3, loot={0: ["gold", "rum"], 1: ["rum"]}, advanced=True, stack=[["call"], ["stake", 0, [1], []]])
    gold = tokens_of(s, 0, "gold")[0]
    s = edit(s, current=-1, known=[sorted(s.known[0]), sorted(s.known[1]), [gold]])
    return play(s, *(f"stake {k}" for k in stakes))


def _duel(mode: str, *moves: str):
    s = table(3, loot={0: ["gold"]}, advanced=True, stack=[["call"], ["challenge", 0]], duel_mode=mode)
    return play(s, *moves)


SCENES = {
    "choose_start": _setup,
    "setup_look": lambda: play(_setup(), "first P1"),
    "draft": lambda: play(_setup(), "first P1", "look I1.a", "tile gold", "look I2.b", "tile rum",
                          "look I1.a", "look I3.c", "tile map", "look I1.b", "tile curse", "look I4.a", "tile wound"),
    "call": lambda: table(3, stack=[["call"]]),
    "turn": lambda: table(3, loot={0: ["silver"]}, slots={"I1.b": "gold"}),
    "gunner": lambda: play(table(3, chosen=(3, 1, 2)), "take I1.a", "tile wound"),
    "qm": lambda: play(table(4, chosen=(4, 1, 2, 3), row="3 4 5 6 7"), "take I1.a", "tile rum"),
    "monkey": lambda: play(table(3, chosen=(8, 1, 2), row="3 4 5 8"), "take I1.a", "tile curse"),
    "gamble_choice": _gamble,
    "rogue_more": _rogue,
    "rogue_keep": lambda: _rogue("rogue more", "pick rum"),
    "merchant_swap": _merchant,
    "stake": lambda: _stakes("gold"),
    "claim": lambda: _stakes("gold", "rum"),
    "challenge": lambda: _duel("random"),
    "throw": lambda: _duel("choice", "challenge P3", "throw rock"),
    "winner_pick": lambda: _duel("manual_winner", "challenge P3"),
    "spoils": lambda: _duel("coin", "challenge P3", "duel win"),
    "tie": lambda: table(3, final_tie="manual", stack=[["over"]]),     # E10, V13: the table decides
}


def test_every_decision_kind_has_a_scene():
    assert set(SCENES) == DECISIONS


@pytest.mark.parametrize("kind", sorted(SCENES))
def test_every_pirate_sees_the_drawn_state_as_the_real_one(kind):
    s = SCENES[kind]()
    assert not s.is_chance and s.stack[-1][0] == kind
    for p in range(s.game.players):
        view = s.view(p)
        for seed in range(6):
            other = s.game.sample_state(view, random.Random(seed))
            assert other.view(p) == view and fits(other)
            if p == s.player:
                assert other.legal_actions() == s.legal_actions()
                assert [other.describe(a) for a in other.legal_actions()] == [s.describe(a) for a in s.legal_actions()]


def test_H11_a_stake_is_named_only_to_its_owner():
    s = _stakes("gold")
    named = [s.view(p)["stack"][-1][3][0][1]["kind"] for p in range(3)]
    assert named == ["gold", None, None] and s.view(2)["loot"][0]["known"] == ["gold"]
    for seed in range(20):
        mine = s.game.sample_state(s.view(0), random.Random(seed))
        assert mine.kinds[mine.stack[-1][3][0][1]] == "gold"
    kinds = {(t := s.game.sample_state(s.view(1), random.Random(seed))).kinds[t.stack[-1][3][0][1]]
             for seed in range(40)}
    assert len(kinds) > 1          # to player 1 the stake is any of player 0's two tiles


def test_H7_R74_the_looked_at_tile_is_named_to_looker_and_target_only():
    s = _gamble()
    assert [s.view(p)["stack"][-1][3]["kind"] for p in range(3)] == ["gold", "gold", None]
    assert s.view(2)["loot"][1]["known"] == ["gold"]    # he follows the gold, not which tile was looked at
    n = 2000
    rng = random.Random(5)
    golds = sum((t := s.game.sample_state(s.view(2), rng)).kinds[t.stack[-1][3]] == "gold" for _ in range(n))
    se = (0.25 / n) ** 0.5
    assert abs(golds / n - 1 / 2) <= 4 * se       # R74, C8: the look was uniform over 2 tiles


def test_C10_the_first_throw_is_shown_only_to_its_thrower():
    s = _duel("choice", "challenge P3", "throw rock")
    assert [s.view(p)["stack"][-1][4] for p in range(3)] == ["rock", None, None]
    assert s.stack[-1] == ("throw", 2, 0, 2, "rock", 0)       # the last field counts drawn throws (R57)
    assert all(s.game.sample_state(s.view(0), random.Random(k)).stack[-1] == s.stack[-1] for k in range(10))
    drawn = Counter(s.game.sample_state(s.view(2), random.Random(k)).stack[-1][4] for k in range(300))
    assert set(drawn) == set(THROWS) and min(drawn.values()) > 60


@pytest.mark.parametrize("kind,allowed,scene", [
    ("gunner", {"wound"}, SCENES["gunner"]), ("monkey", {"curse"}, SCENES["monkey"]),
    ("qm", set(KINDS) - NEGATIVE, SCENES["qm"]),
    ("merchant_swap", COINS, lambda: _merchant(reveal=False))])
def test_R37_R40_R46_R52_an_onlooker_draws_the_kind_the_task_implies(kind, allowed, scene):
    s = scene()
    onlooker = (s.player + 1) % s.game.players
    ref = task_tokens(s.stack[-1])[0]
    assert ref not in s.known[onlooker] and s.view(onlooker)["stack"][-1][-1]["kind"] is None
    drawn = Counter()
    for seed in range(60):
        t = s.game.sample_state(s.view(onlooker), random.Random(seed))
        drawn[t.kinds[task_tokens(t.stack[-1])[0]]] += 1
    assert set(drawn) <= allowed and (len(drawn) > 1 or len(allowed) == 1)


def test_R43_C9_an_onlooker_draws_the_rogues_tiles_with_the_exact_odds():
    """Player 2 knows none of player 1's tiles: the two looked at hold a copper (she may keep
    one), so both are coppers with probability (8*7) / (40*39 - 32*31) = 7/71."""
    s = _rogue("rogue more", "pick rum")
    assert s.stack[-1][0] == "rogue_keep" and not s.known[2]
    n = 3000
    rng = random.Random(9)
    both = 0
    for _ in range(n):
        t = s.game.sample_state(s.view(2), rng)
        looked = [t.kinds[x] for x in task_tokens(t.stack[-1])]
        assert "copper" in looked
        both += looked == ["copper", "copper"]
    p = Fraction(8 * 7, 40 * 39 - 32 * 31)
    assert p == Fraction(7, 71)
    se = (float(p) * (1 - float(p)) / n) ** 0.5
    assert abs(both / n - float(p)) <= 4 * se


def test_vague_facts_are_listed_by_kind_whatever_the_tokens():
    s = table(3, turn_of=0)
    a, b = s.slots[1][0], s.slots[1][1]
    kinds = list(s.to_dict()["kinds"])
    for low_first in (True, False):
        kinds[a], kinds[b] = ("rum", "gold") if low_first else ("gold", "rum")
        t = edit(s, kinds=kinds, vague=[[], [[a, ["I2"]], [b, ["I2"]]], []])
        assert t.view(1)["vague"] == [{"kind": "gold", "zones": ["I2"]}, {"kind": "rum", "zones": ["I2"]}]
