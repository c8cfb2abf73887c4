"""Pirate Rush positions a person can write and question (issue #17): the short notation, partial
position data, strict errors naming the line and the rule, and odds from one pirate's view."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction

import pytest
from games.pirate_rush.support import edit, game, play, table
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.analysis.odds import next_outcomes, view_probability
from explorer.core import advance
from explorer.core.errors import IllegalAction, PositionError, TooManyWorlds
from explorer.games.pirate_rush.odds import tile_distribution
from explorer.games.pirate_rush.turn.tasks import STEPS

pytestmark = pytest.mark.slow

OPTION_SETS = [
    {"players": 3}, {"players": 4, "advanced": False}, {"players": 5, "duel_mode": "choice", "duel_throw_limit": 3},
    {"players": 4, "perdidos_scope": "pooled_ahead", "mercader_coin_to": "discard", "final_tie": "manual"},
    {"players": 3, "route_layout": "zigzag", "starting_player": "random", "reveal_paid_tiles": False},
]

START = """
game: pirate_rush players=3 advanced=false
round: 1
row: captain, navigator, gunner, gambler, rogue, monkey
markers: gambler, rogue, monkey
step: turn (P2)
P1 character: navigator
P2 character: captain
P3 character: gunner
I1: gold seen by P1, copper seen by P2, unseen
"""


def _states(options: dict, seed: int):
    g = explorer.load("pirate_rush", **options)
    rng = random.Random(seed)
    s = g.new_state()
    yield s
    while not s.is_over:
        s = s._step(s.sample_chance(rng)) if s.is_chance else s._step(rng.choice(s.legal_actions()))
        yield s


# -- the notation round-trips ---------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(st.sampled_from(range(len(OPTION_SETS))), st.integers(0, 10**6))
def test_notation_round_trips_all_along_random_games(which, seed):
    """game.position(state.notation()) == state at every step, and a read text is written back alike."""
    for s in _states(OPTION_SETS[which], seed):
        text = s.notation()
        back = s.game.position(text)
        assert back == s, text
        assert back.notation() == text


def test_notation_has_no_token_numbers_or_internal_step_names():
    public = {w for phrase, _ in STEPS.values() for w in re.findall(r"\w+", phrase)}
    internal = set(STEPS) - public - {"over"}   # step4, call, jdc_start ... ("game over" is the public form)
    assert {"step4", "call", "jdc_start", "perdidos", "duel_start"} <= internal
    for s in _states({"players": 4}, 3):
        for line in s.notation().splitlines():
            key, _, value = line.partition(":")
            if key in ("step", "then"):
                assert not set(re.findall(r"\w+", value)) & internal, line
            assert not re.search(r"\b(?:token|pick) \d", line), line


def test_notation_is_partial_unwritten_is_the_setup():
    g = game(3, advanced=False)
    s = g.position("round: 1\nrow: captain, navigator, gunner, gambler, rogue, monkey")
    assert s.player == 0 and s.stack[-1] == ("draft", 0)          # the round's first draft (R4)
    assert all(len([t for t in row if t >= 0]) == 3 for row in s.slots)   # S3: N tiles an island
    assert len(s.discard) == 40 - 24 and not any(s.kinds)       # the rest unseen in the discard
    assert s.prestige == (1, 1, 1) and s.markers == (5,)         # S7, S6: the Gambler's skull
    fresh = g.position("")
    assert fresh == g.new_state() and fresh.is_chance              # nothing written: before setup


def test_every_moment_of_a_turn_can_be_written():
    g = game(3)
    base = ("round: 1\nremoved: Historias de taberna, Mercader, red structure, red ammunition\n"
            "row: captain, navigator, gunner, gambler, rogue, monkey\n"
            "P1 character: navigator\nP2 character: captain\nP3 character: gambler\n")
    turn_start = g.position(base + "step: turn (P3)")
    assert turn_start.player == 2 and turn_start.turn[:3] == (0, 1, 0)
    named = g.position(base + "step: name the next player")
    assert named.player == 1                                     # the commander (R10)
    drafting = g.position(base.replace("P3 character: gambler\n", "") + "step: choose a character (P3)")
    assert drafting.player == 2
    # the end of the round before the next begins: step 4 runs as the position is read, and says so
    ended = g.position(base + "played: P1 P2 P3\nanchor: I2\nI1 tile: red supplies, face up\n"
                       "step: adjust the ship and end the round")
    assert ended.round == 2 and ended.ship == 1
    assert any("R61" in e.rules for e in ended.events) and any("R63" in e.rules for e in ended.events)
    # an effect waiting to resolve: Perdidos shuffles the islands ahead, Duelo waits for a challenge
    lost = g.position(base + "I1 tile: Perdidos, face up\nI2: gold seen by P1, unseen, unseen\nstep: Perdidos")
    assert lost.is_chance and lost.stack[-1][0] == "place"
    assert any("R55" in e.rules for e in lost.events)
    duel = g.position(base + "I1 tile: Duelo, face up\nstep: Duelo")
    assert duel.stack[-1][0] == "challenge" and any("R56" in e.rules for e in duel.events)


# -- errors name the line and the rule -------------------------------------------------------------
@pytest.mark.parametrize(("edit", "field", "words"), [
    (lambda t: t.replace("I1: gold", "I1: gold, gold"), "I1", "(S3)"),
    (lambda t: t + "anchor: I4\n", "anchor", "(R33)"),
    (lambda t: t + "P2 loot: gold, gold\n", "P2 loot", "(D1)"),
    (lambda t: t.replace("step: turn (P2)", "step: choose a character (P2)"), "step", "(R4)"),
    (lambda t: t.replace("P3 character: gunner", ""), "step", "(T1)"),
    (lambda t: t.replace("step: turn (P2)", "step: set aside 4 island tiles"), "step", "(S1)"),
    (lambda t: t + "played: P2\n", "step", "(R10)"),
    (lambda t: t + "P2 Loot: rum seen by P1\n", "P2 Loot", "(H1)"),
    (lambda t: t.replace("row: captain, navigator,", "row: navigator, captain,"), "row", "(S5)"),
    (lambda t: t.replace("round: 1", "round: 1\nship: I4"), "ship", "(T0)"),
    (lambda t: t + "I2: unseen, empty, unseen\n", "I2", "(R20)"),
    (lambda t: t.replace("game: pirate_rush players=3", "game: pirate_rush players=4"), "game", "4 players"),
], ids=["S3", "R33", "D1", "R4", "T1", "S1", "R10", "H1", "S5", "T0", "R20", "game"])
def test_errors_name_the_line_key_as_written_and_the_rule(edit, field, words):
    g = game(3, advanced=False)
    with pytest.raises(PositionError) as err:
        g.position(edit(START))
    assert err.value.field == field and words in err.value.reason and "line " in err.value.reason


def test_unknown_and_repeated_lines_are_refused():
    g = game(3, advanced=False)
    with pytest.raises(PositionError) as err:
        g.position(START + "treasure: lots\n")
    assert err.value.field == "treasure" and "unknown line" in err.value.reason
    with pytest.raises(PositionError) as err:
        g.position(START + "Round: 2\n")
    assert err.value.field == "Round" and "twice" in err.value.reason


def test_json_data_is_partial_and_the_game_block_may_leave_out_defaults():
    g = game(4)
    assert g.state_from_dict({"game": {"name": "pirate_rush", "players": 4, "options": {}}}) == g.new_state()
    for block, field in (({"name": "dead_mans_dice", "players": 4}, "game"),
                         ({"name": "pirate_rush", "players": 3}, "game.players"),
                         ({"name": "pirate_rush", "options": {"advanced": False}}, "game.options.advanced")):
        with pytest.raises(PositionError) as err:
            g.state_from_dict({"game": block})
        assert err.value.field == field


def test_json_refuses_a_step_that_cannot_follow_the_phase():
    s = table(3, stack=[["call"]])
    data = s.to_dict()
    data["chosen"][2] = 0
    with pytest.raises(PositionError) as err:
        s.game.state_from_dict(data)
    assert err.value.field == "stack" and "(T1)" in err.value.reason


# -- the points ----------------------------------------------------------------------------
def test_seats_are_player_1_to_n_in_events_errors_and_notation():
    g = game(3, advanced=False)
    s = g.position(START)
    assert g.player_name(0) == "Player 1"
    assert "Player 2 takes the tile at I1.c" in [e.text for e in play(s, "take I1.c").events]
    with pytest.raises(IllegalAction) as err:
        s.apply("call 2")
    assert err.value.rule == "T3" and "P1" in err.value.reason
    assert 'data-place="P3"' in s._repr_svg_() and 'data-place="P0"' not in s._repr_svg_()


def test_R35_nobody_steers_at_the_last_island():
    s = edit(table(3, chosen=(2, 1, 3)), ship=7, round=5)
    for action in ("steer", "anchor I8"):
        with pytest.raises(IllegalAction) as err:
            s.apply(action)
        assert err.value.rule == "R35"


def test_R17_a_look_into_the_discard_or_a_loot_pile_has_a_notation_and_is_refused():
    s = table(3)
    for action in ("look discard", "look P2"):
        with pytest.raises(IllegalAction) as err:
            s.apply(action)
        assert err.value.rule == "R17"
    setup = play(game(3).new_state(), "removed T04 T07 T08 T10", "row 3 4 5 6", "first P1")
    with pytest.raises(IllegalAction) as err:
        setup.apply("look discard")
    assert err.value.rule == "R17"


def test_R4_R10_an_out_of_turn_try_cites_the_order_of_play_and_whose_move_it_is():
    s = table(3, stack=[["call"]])                  # the commander (Player 1, the Captain) names
    with pytest.raises(IllegalAction) as err:
        s.apply("take I1.a")
    assert err.value.rule == "R10" and "Player 1's move" in err.value.reason
    drafting = play(game(3).new_state(), "removed T04 T07 T08 T10", "row 3 4 5 6", "first P2")
    drafting = play(drafting, *["look I1.a", "tile rum"] * 1, *["look I1.a"] * 5)
    with pytest.raises(IllegalAction) as err:
        drafting.apply("take I1.a")
    assert err.value.rule == "R4" and "Player 2's move" in err.value.reason
    turn = table(3)
    with pytest.raises(IllegalAction) as err:
        turn.apply("draft monkey")
    assert err.value.rule == "R10" and "Player 1's turn" in err.value.reason
    looted = play(turn, "take I1.a", "tile rum")      # another pirate's take is judged as Player 1's
    with pytest.raises(IllegalAction) as err:
        looted.apply("take I1.b")
    assert err.value.rule == "R18" and "it is Player 1's turn" in err.value.reason


def test_V13_E10_a_manual_tie_is_the_tables_decision():
    s = table(3, final_tie="manual", stack=[["over"]])   # everyone 0 points, no rum: a three-way tie
    assert s.player == 0 and not s.is_over and any("V13" in e.rules for e in s.events)
    assert [str(a) for a in s.legal_actions()] == ["tie P1", "tie P2", "tie P3"]
    done = s.apply("tie P3")
    assert done.is_over and done.winners()[0] == (2,) and set(done.winners()[1]) == {0, 1}
    shared = table(3, stack=[["over"]])
    assert shared.is_over and shared.winners() == ((0, 1, 2),)
    assert done.game.position(done.notation()) == done


def test_S2_C1_a_fixed_island_deal_shows_and_acts():
    g = game(3)
    dealt = g.position("I2 tile: Mercader\nI3 tile: Revuelta\nstep: set aside 4 island tiles")
    outcomes = dealt.chance_outcomes()
    assert len(outcomes) == 210 and all("T05" not in o.arg and "T03" not in o.arg for o, _ in outcomes)
    assert sum(p for _, p in outcomes) == 1                  # C(10, 4): the others only
    assert dealt.view(None)["islands"][1]["tile"] == "T05"   # the teacher sees the deal
    assert dealt.view(0)["islands"][1]["tile"] is None       # no pirate does


def test_chance_outcomes_name_tiles_in_words():
    s = table(3, loot={1: ["gold", "rum", "rum"]}, chosen=(6, 1, 2), row="3 5 6 8")
    picks = play(s, "rogue P2").chance_outcomes()
    assert {str(o) for o, _ in picks} == {"pick gold", "pick rum"}


def test_helpers_are_documented_on_the_docs_page():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "pirate_rush.md").read_text(encoding="utf-8")
    for name in ("at_turn", "give_loot", "tile_distribution", "view_probability", "next_outcomes"):
        assert name in text


# -- odds from a player's own view -----------------------------------------------------------------
def test_hidden_worlds_weights_sum_to_one_and_each_world_shows_the_view():
    s = game(3, advanced=False).position(START)
    for p in range(3):
        view = s.view(p)
        worlds = list(s.game.hidden_worlds(view))
        assert sum(w for _, w in worlds) == 1
        assert all(world.view(p) == view for world, _ in worlds)
    assert len(list(s.game.hidden_worlds(s.view(0)))) == 9     # I1.b: any kind for Player 1 (grouped)


def test_hidden_worlds_agree_with_sample_state():
    """2,000 samples: each world's frequency within 4 standard errors of its exact weight."""
    rogue = game(3, advanced=False).position(
        "round: 2\nship: I2\nrow: captain, navigator, gunner, quartermaster, rogue, monkey\n"
        "step: turn (P3)\nP1 character: captain\nP2 character: navigator\nP3 character: rogue\n"
        "P2 loot: copper seen by P2 P3, rum, silver\nP3 loot: gold\nI1: empty, empty, empty\n"
        "I2: unseen, unseen, empty")
    view = rogue.view(2)
    exact = {w: p for w, p in rogue.game.hidden_worlds(view)}
    rng = random.Random(17)
    n = 2000
    counts = Counter(rogue.game.sample_state(view, rng) for _ in range(n))
    assert set(counts) <= set(exact)
    for world, p in exact.items():
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts[world] / n - float(p)) <= 4 * se + 1e-9


def test_teacher_and_player_odds_agree_with_the_truth():
    s = game(3, advanced=False).position(START)
    assert view_probability(s, None, lambda w: w.kinds[w.slots[0][0]] == "gold").probability == 1
    assert view_probability(s, 0, lambda w: tile_distribution(w, None, "I1.a")["gold"]).probability == 1
    mine = view_probability(s, 2, lambda w: tile_distribution(w, None, "I1.a").get("gold", 0)).probability
    assert mine == Fraction(1, 20)                           # Player 3 saw nothing: C3
    taken = play(s, "take I1.c")
    odds = next_outcomes(taken, 1)
    assert sum(odds.values()) == 1 and len(odds) == 9
    assert odds["Player 2 sees a tile (Player 2's loot) (gold)"] == Fraction(2, 39)   # he knows I1.b only


def test_too_many_worlds_is_raised_before_anything_is_yielded():
    s = advance(game(4).start(seed=2), seed=2, steps=120)
    worlds = s.game.hidden_worlds(s.view(0), limit=5)
    with pytest.raises(TooManyWorlds):
        next(iter(worlds))


def test_position_fuzz_on_positions_from_random_games():
    """Mutated position data is refused with PositionError or keeps the contract (small run; the
    10,000-mutation figures are in the issue's report)."""
    from position_fuzz import fuzz

    for options in (OPTION_SETS[0], OPTION_SETS[3]):
        g = explorer.load("pirate_rush", **options)
        positions = [s for k, s in enumerate(_states(options, 5)) if k % 20 == 0]
        report = fuzz(g, positions, 300, seed=17)
        assert report.tried == 300 and report.refused + report.accepted == 300 and report.refused > 0
