"""Dead Man's Dice positions a person can write and question: the short notation, the partial and
strictly checked position data, every moment of a turn, the scored round, the round-limit cut-off,
hidden worlds and a player's odds, seat names and out-of-turn tries (issue #17)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from fractions import Fraction as F

import pytest
from games.dead_mans_dice.support import cited, play
from position_fuzz import check_contract, fuzz

import explorer
from explorer.analysis.odds import next_outcomes, view_probability
from explorer.core.errors import IllegalAction, PositionError, TooManyWorlds

pytestmark = pytest.mark.slow

GAME = explorer.load("dead_mans_dice", players=3)
TABLE = "P1 pile: 1=3\nP2 pile: J=S\nP3 pile: 2=2 J=5\n"
OPTION_SETS = [
    (3, {"round_limit": 2}),
    (2, {"round_limit": 2, "hold_fire": True, "maroon_ends_round": True}),
    (4, {"round_limit": 2, "broadside_hit_p": "1/2", "stray_shots": True, "wobble": True}),
    (3, {"round_limit": 2, "optional_placement": True, "opening_reroll": "tied_only", "final_plunder": False}),
    (5, {"round_limit": 1, "jr_die_unplunderable": True, "round_turn_limit": 12, "rolloff_limit": 1,
         "tie_rule": "shared", "target_score": 30}),
    (6, {"round_limit": 1, "broadside": "off"}),
]


def states_of_random_games(players: int, options: dict, seeds: range):
    """Every state of uniformly random games, seeded."""
    game = explorer.load("dead_mans_dice", players, **options)
    for seed in seeds:
        rng = random.Random(seed)
        s = game.start(seed)
        yield s
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(s.sample_chance(rng) if s.is_chance else legal[rng.randrange(len(legal))])
            yield s


# -- the notation ---------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), OPTION_SETS, ids=lambda v: str(v))
def test_notation_round_trips_along_random_games(players, options):
    seen = Counter()
    for s in states_of_random_games(players, options, range(8)):
        text = s.notation()
        again = s.game.position(text)
        assert again == s, text
        assert again.notation() == text                      # a freshly read text is stable
        seen[s.step] += 1
    assert {"open", "open_roll", "turn", "roll", "over"} <= set(seen)


def test_notation_is_partial_what_is_not_written_is_where_setup_puts_it_S5():
    s = GAME.position(TABLE)
    assert s.step == "turn" and s.to_move == 0 and s.round == 1 and s.totals == (0, 0, 0)
    assert [len(h) for h in s.hands] == [2, 2, 1]             # every die in no pile is in its owner's hand
    fresh = GAME.position("")
    assert fresh == GAME.new_state()                          # nothing written: the set-up itself (S5, T0)
    assert GAME.position("game: dead_mans_dice players=3") == GAME.new_state()


def test_notation_keys_are_case_insensitive_and_comments_ignored():
    text = "# a what-if\nSTEP: Roll\nTurn: p2   # second seat\n\np1 PILE: 1=3, j=s\nP2 Pile: 2=4\n"
    s = GAME.position(text)
    assert s.to_move == 1 and s.piles[0] == ((0, 3), (2, 0)) and s.piles[1] == ((4, 4),)


def test_the_docs_positions_load_and_round_trip():
    rolling = GAME.position("step: die rolling\nturn: P1\nrolling: P1-2\n" + TABLE)
    assert rolling.is_chance and rolling.die == 1
    assert GAME.position(rolling.notation()) == rolling


BAD_TEXTS = [
    ("R14", "P1 pile: 1=3 2=6", "P1 pile", "line 1"),
    ("R4", "P1 pile: 1=3\nP2 pile: P1-1=4", "P2 pile", "already in Player 1's pile"),
    ("R1", "P1 pile: 1=3\nP1 hand: 2 P2-J", "P1 hand", "a hand holds only its owner's dice"),
    ("R4-hand", "P1 pile: 1=3\nP1 hand: 1 2 J", "P1 hand", "every P1 die in no pile"),
    ("R3", "P1 pile: 1=S", "P1 pile", "P1-1 has no face S"),
    ("R7", "P1 pile: P2-1=3", "P1 pile", "first die is its owner's own roll"),
    ("S1-seat", "P4 pile: 1=3", "P4 pile", "no seat P4"),
    ("T2-rolling", "step: die rolling\nturn: P1\nP1 pile: 1=3", "step", "a rolled die is in the air"),
    ("R11-rolling", "step: die rolling\nturn: P1\nrolling: P2-1\nP1 pile: 1=3", "rolling", "not in Player 1's hand"),
    ("R28", "step: roll\nP1 pile: 1=3 2=3 J=3", "P1 hand", "the round would be over"),
    ("E7", "step: game over\nP1 pile: 1=3\nP1 total: 12", "step", "nobody has won yet"),
    ("E1", "step: round scored\nP1 pile: 1=3", "step", "no hand is empty"),
    ("V2", "step: steadiness check\nturn: P1\nP1 pile: 1=3", "step", "needs V2 wobble"),
    ("R22", "step: plunder\nturn: P1\nP1 pile: 1=3\nP2 pile: 1=3", "step", "no opponent's top die"),
    ("R34", "step: restart\nturn: P1\ntarget: P2\nP1 pile: 1=3\nP2 pile: 1=3", "target", "it is empty until"),
    ("game", "game: dead_mans_dice players=2", "game", "2 pirates"),
    ("game-option", "game: dead_mans_dice players=3 wobble=true", "game", "wobble"),
    ("game-name", "game: pirate_rush players=3", "game", "pirate_rush"),
    ("step-word", "step: move", "step", "is not a step"),
    ("key", "P1 ship: 1=3", "P1 ship", "unknown key"),
    ("twice", "round: 1\nround: 2", "round", "already written on line 1"),
    ("syntax", "P1 pile 1=3", "P1 pile 1=3", "write 'key: value'"),
]


@pytest.mark.parametrize(("rule", "text", "field", "words"), BAD_TEXTS, ids=[b[0] for b in BAD_TEXTS])
def test_a_mistake_names_the_key_the_line_and_why(rule, text, field, words):
    with pytest.raises(PositionError) as err:
        GAME.position(text)
    assert err.value.field == field and words in err.value.reason, err.value
    assert "line" in err.value.reason or "not written" in err.value.reason


def test_key_is_named_as_written():
    with pytest.raises(PositionError) as err:
        GAME.position("p1 PILE: 1=3 2=6")
    assert err.value.field == "p1 PILE" and "(R14, R17)" in err.value.reason


# -- position data: partial, the game block, strict checks -------------------------------------------
def test_game_block_must_match_the_game_it_is_read_by():
    data = GAME.position(TABLE).to_dict()
    for block, words in (({"name": "pirate_rush", "players": 3, "options": {}}, "pirate_rush"),
                         ({"name": "dead_mans_dice", "players": 4, "options": {}}, "4 pirates"),
                         ({"name": "dead_mans_dice", "players": 3, "options": {"wobble": True}}, "wobble"),
                         ({"name": "dead_mans_dice", "players": 3, "options": {"fog": 1}}, "fog"),
                         ("dead_mans_dice", "object")):
        with pytest.raises(PositionError) as err:
            GAME.state_from_dict({**data, "game": block})
        assert err.value.field == "game" and words in err.value.reason
    partial = {**data, "game": {"name": "dead_mans_dice", "players": 3, "options": {}}}
    assert GAME.state_from_dict(partial) == GAME.position(TABLE)
    saved = explorer.load("dead_mans_dice", 3, round_limit=None).position(TABLE).to_dict()
    with pytest.raises(PositionError, match="round_limit"):
        GAME.state_from_dict(saved)                           # saved with other options: refused, not loaded


def test_data_is_partial_like_the_notation():
    s = GAME.state_from_dict({"piles": [["P1-1=3"], ["P2-J=S"], ["P3-2=2", "P3-J=5"]]})
    assert s == GAME.position(TABLE)
    assert GAME.state_from_dict({}) == GAME.new_state()


BAD_DATA = [
    ("R14", {"piles": [["P1-1=3", "P1-2=6"], [], []]}, "piles.0.1"),
    ("R7", {"piles": [["P2-1=3"], [], []]}, "piles.0.0"),
    ("R4", {"piles": [["P1-1=3"], ["P1-1=3"], []]}, "piles.1.0"),
    ("R4-missing", {"hands": [["P1-2"], ["P2-1", "P2-2", "P2-J"], ["P3-1", "P3-2", "P3-J"]],
                    "piles": [["P1-1=3"], [], []]}, "hands.0"),
    ("R20-stacked", {"piles": [["P1-1=3"], [], []], "stacked": True}, "stacked"),
    ("R34-after", {"piles": [["P1-1=3"], [], []], "after": "end"}, "after"),
    ("E7-winners", {"piles": [["P1-1=3"], [], []], "step": "over", "totals": [120, 0, 0], "winners": [1]},
     "winners"),
    ("T0-group", {"step": "open", "group": [0, 2]}, "group"),
    ("T0-opener", {"step": "open", "to_move": 2}, "to_move"),
    ("V4-passes", {"piles": [["P1-1=3"], [], []], "passes": 1}, "passes"),
    ("V11-place", {"piles": [["P1-1=3"], [], []], "step": "place", "die": "P1-2", "face": "3"}, "step"),
    ("T2-die", {"piles": [["P1-1=3"], [], []], "die": "P1-2"}, "die"),
    ("E9-scored", {"piles": [["P1-1=3", "P1-2=4", "P1-J=S"], [], []], "step": "scored", "totals": [120, 0, 0]},
     "step"),
    ("round_limit", {"round": 101}, "round"),
]


@pytest.mark.parametrize(("rule", "data", "field"), BAD_DATA, ids=[b[0] for b in BAD_DATA])
def test_impossible_data_is_refused_naming_the_field_and_rule(rule, data, field):
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict(data)
    assert err.value.field == field
    assert re.search(r"\(.*\b[STREV]\d+\b.*\)", err.value.reason), err.value.reason


def test_loading_never_advances_the_position():
    """A plunder step is loaded as a plunder step, a scored round as a scored round."""
    s = GAME.position("step: plunder\nturn: P1\nP1 pile: 1=3 2=4\nP2 pile: 1=5")
    assert s.step == "plunder" and s.stacked and [str(a) for a in s.legal_actions()] == ["plunder P2", "end"]


# -- every moment of a turn (T0-T6) ------------------------------------------------------------
MOMENTS = [
    ("T0-open", {}, "step: open\nturn: P2\nP1 pile: 1=4", ["open P2-1", "open P2-2", "open P2-J"]),
    ("T0-opening-roll", {}, "step: opening die rolling\nturn: P1\nrolling: P1-J", ["face S", "face 2"]),
    ("T1-turn", {}, "step: roll\nturn: P2\n" + TABLE, ["roll P2-1", "roll P2-2", "broadside P1"]),
    ("T2-roll", {}, "step: die rolling\nturn: P1\nrolling: P1-J\n" + TABLE, ["face S", "face 6"]),
    ("V3-stray", {"stray_shots": True}, "step: stray shot check\nturn: P1\nrolled: P1-J=4\n" + TABLE,
     ["stray none", "stray P2", "stray P3"]),
    ("V11-place", {"optional_placement": True}, "step: stack or decline\nturn: P1\nrolled: P1-2=4\n" + TABLE,
     ["stack", "decline"]),
    ("V2-wobble", {"wobble": True}, "step: steadiness check\nturn: P1\nP1 pile: 1=2 2=3 J=4 P2-1=5 P2-2=6",
     ["steady", "topple"]),
    ("T4-plunder", {}, "step: plunder\nturn: P1\nP1 pile: 1=3 2=4\nP2 pile: 1=5", ["plunder P2", "end"]),
    ("C6-hit", {"broadside_hit_p": "1/2"}, "step: broadside hit or miss\nturn: P1\ntarget: P2\n" + TABLE,
     ["hit", "miss"]),
    ("R34-restart", {}, "step: restart\nturn: P1\ntarget: P2\nP1 pile: 1=3", ["restart P2-1"]),
    ("R34-restart-roll", {"stray_shots": True},
     "step: restart die rolling\nturn: P1\ntarget: P2\nrestart die: P2-2\nrolled: P1-J=4\nP1 pile: 1=3",
     ["face 1", "face 6"]),
    ("T6-scored", {}, "step: round scored\nP1 pile: 1=2 2=3 J=S\nP2 pile: 1=4", ["next round"]),
    ("E7-over", {"target_score": 20}, "step: game over\nP1 pile: 1=2 2=3 J=S\nP1 total: 24", []),
]


@pytest.mark.parametrize(("rule", "options", "text", "some"), MOMENTS, ids=[m[0] for m in MOMENTS])
def test_every_moment_of_a_turn_can_be_set_up_in_notation_and_data(rule, options, text, some):
    game = explorer.load("dead_mans_dice", players=3, **options)
    s = game.position(text)
    offered = [str(o) for o, _ in s.chance_outcomes()] if s.is_chance else [str(a) for a in s.legal_actions()]
    assert set(some) <= set(offered), offered
    assert game.position(s.notation()) == s and game.state_from_dict(json.loads(s.to_json())) == s
    check_contract(s)


# -- the scored round (T6) and the cut-off -------------------------------------------------------
def test_T6_stacking_the_last_die_stops_at_the_scored_round():
    s = GAME.position("step: roll\nturn: P1\nP1 pile: 1=2 2=3\nP2 pile: 1=4\nP3 pile: 1=5")
    s = play(s, "roll P1-J", "face S")
    assert s.step == "scored" and s.round == 1 and s.totals == (24, 4 - 7, 5 - 7)
    assert s.piles[0][-1] == (2, 0) and "step: round scored" in s.notation()
    assert s.scores() == s.totals                             # scored once, not again as "score now"
    with pytest.raises(IllegalAction) as err:
        s.apply("roll P2-1")
    assert err.value.rule == "E9"
    nxt = s.apply("next round")
    assert nxt.round == 2 and nxt.step == "open" and not any(nxt.piles) and {"E9", "R6"} <= cited(nxt)


def test_next_round_mid_round_is_refused_E1():
    with pytest.raises(IllegalAction) as err:
        GAME.position(TABLE).apply("next round")
    assert err.value.rule == "E1"


def test_round_limit_cuts_the_game_off_without_an_E7_winner():
    game = explorer.load("dead_mans_dice", players=3, round_limit=1)
    s = game.position("step: roll\nturn: P1\nP1 pile: 1=2 2=3\nP2 pile: 1=4\nP3 pile: 1=5")
    s = play(s, "roll P1-J", "face S")
    assert s.is_over and s.cut_off() == "round_limit" and s.winners()[0] == (0,)
    last = s.events[-1]
    assert "cut off by the house-rule limit of 1 round after" in last.text and "round_limit" not in last.text
    assert "E7" not in last.rules
    assert not any("wins" in e.text for e in s.events)
    assert game.position(s.notation()) == s
    assert s.view(1)["cut_off"] == "round_limit" and "cut off by the round limit" in s._repr_svg_()


def test_a_game_won_by_the_rules_is_not_cut_off_E7():
    game = explorer.load("dead_mans_dice", players=3, round_limit=1, target_score=20)
    s = play(game.position("step: roll\nturn: P1\nP1 pile: 1=2 2=3\nP2 pile: 1=4\nP3 pile: 1=5"), "roll P1-J", "face S")
    assert s.is_over and s.cut_off() is None and "E7" in s.events[-1].rules and "wins" in s.events[-1].text


def test_default_round_limit_random_games_end_cut_off_not_won():
    """Random play with the default guard: a capped game says so (no winner 'by E7' near -1,000)."""
    game = explorer.load("dead_mans_dice", players=3)
    end = game.playout(game.start(3), random.Random(3), 10_000_000, "random", final=True).state
    if max(end.totals) < 100:
        assert end.cut_off() == "round_limit" and end.round == 100
    else:
        assert end.cut_off() is None


# -- hidden worlds and a player's odds ----------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), OPTION_SETS[:3], ids=lambda v: str(v))
def test_hidden_worlds_is_the_one_table_everyone_sees(players, options):
    for i, s in enumerate(states_of_random_games(players, options, range(1))):
        if i % 7:
            continue
        for p in range(players):
            view = s.view(p)
            worlds = list(s.game.hidden_worlds(view))
            assert sum(w for _, w in worlds) == 1 and len(worlds) == 1
            world = worlds[0][0]
            assert {k: v for k, v in world.view(p).items() if k != "events"} == \
                {k: v for k, v in view.items() if k != "events"}
            assert world == s and world == s.game.sample_state(view, random.Random(i))
        assert next(iter(s.game.hidden_worlds(s.view(None))))[0] == s   # the teacher's view: the same table


def test_hidden_worlds_agrees_with_sample_state_over_2000_draws():
    s = GAME.position("step: die rolling\nturn: P1\nrolling: P1-2\n" + TABLE)
    view = s.view(1)
    (world, weight), = GAME.hidden_worlds(view)
    rng = random.Random(5)
    hits = sum(GAME.sample_state(view, rng) == world for _ in range(2000))
    assert weight == 1 and hits == 2000                       # frequency 1, standard error 0


def test_hidden_worlds_raises_too_many_worlds_below_one():
    with pytest.raises(TooManyWorlds):
        list(GAME.hidden_worlds(GAME.position(TABLE).view(0), limit=0))


def test_C6_odds_a_broadside_sinks_you_from_your_own_seat():
    game = explorer.load("dead_mans_dice", players=3, broadside_hit_p="1/2")
    s = game.position("step: broadside hit or miss\nturn: P1\ntarget: P2\n" + TABLE)
    odds = view_probability(s, 1, lambda t: sum(p for o, p in t.chance_outcomes() if not t.apply(o).piles[1]))
    assert odds.exact and odds.probability == F(1, 2)


def test_C8_odds_a_stray_skull_shot_sinks_you():
    game = explorer.load("dead_mans_dice", players=3, stray_shots=True)
    s = game.position("step: stray shot check\nturn: P1\nrolled: P1-J=S\n" + TABLE)
    odds = view_probability(s, 1, lambda t: sum(p for o, p in t.chance_outcomes() if not t.apply(o).piles[1]))
    assert odds.probability == F(1, 72)
    outcomes = next_outcomes(s, 1)
    assert sum(outcomes.values()) == 1 and max(outcomes.values()) == F(35, 36)


# -- seats and turns -------------------------------------------------------------------------------
def test_seats_are_player_n_in_events_and_pn_in_notation():
    assert [GAME.player_name(p) for p in range(3)] == ["Player 1", "Player 2", "Player 3"]
    s = play(GAME.position(TABLE), "roll P1-J", "face 4")
    text = " ".join(e.text for e in s.events)
    assert "Player 1 stacks their Jolly Roger die showing 4" in text and "(Red)" not in text
    assert "P1 pile: 1=3 J=4" in s.notation()
    svg = s._repr_svg_()
    assert "Player 1" in svg and 'data-place="pile:P1"' in svg and "Red" not in svg


def test_the_digests_letters_are_still_read_for_saved_games():
    assert GAME.parse_action("roll AJ") == GAME.parse_action("roll P1-J")
    assert GAME.parse_action("broadside B") == GAME.parse_action("broadside P2")


@pytest.mark.parametrize(("rule", "text", "move", "words"), [
    ("R10", TABLE, "roll P2-1", "it is Player 1's turn"),
    ("T0", "step: open\nturn: P1", "open P3-J", "Player 1 opens now"),
    ("R34", "step: restart\nturn: P1\ntarget: P2\nP1 pile: 1=3", "restart P1-2", "Player 2 is restarting"),
], ids=["R10-turn", "T0-opening", "R34-restart"])
def test_an_out_of_turn_try_cites_the_turn_order(rule, text, move, words):
    s = GAME.position(text)
    with pytest.raises(IllegalAction) as err:
        s.apply(move)
    assert err.value.rule == rule and words in err.value.reason


# -- fuzz -------------------------------------------------------------------------------------------
def test_fuzzed_position_data_is_refused_or_keeps_the_contract():
    positions = []
    for players, options in OPTION_SETS:
        states = list(states_of_random_games(players, options, range(1)))
        positions += [states[i] for i in range(0, len(states), max(1, len(states) // 15))]
    for game in {s.game for s in positions}:
        mine = [s for s in positions if s.game == game]
        report = fuzz(game, mine, 150, seed=1)
        assert report.tried == 150 and report.refused + report.accepted == 150


def test_the_documented_json_position_loads_as_written():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[3] / "docs" / "dead_mans_dice.md").read_text(encoding="utf-8")
    block = page.split("```json", 1)[1].split("```", 1)[0]
    s = GAME.state_from_dict(json.loads(block))
    written = json.loads(block)
    assert s.step == "turn" and s.piles[2][-1][1] == 0
    assert {k: v for k, v in s.to_dict().items() if k != "game"} == {k: v for k, v in written.items() if k != "game"}


def test_R37_positions_after_referee_topples_load_back():
    """The referee event `overboard` (R36, R37) at random decisions keeps every position loadable."""
    from explorer.games.dead_mans_dice.model import Overboard

    for players, options in OPTION_SETS[:4]:
        game = explorer.load("dead_mans_dice", players, **options)
        rng, s, toppled = random.Random(players), game.start(players), 0
        while not s.is_over:
            if not s.is_chance and rng.random() < 0.2:
                try:
                    s, toppled = s.apply(Overboard(rng.randrange(players))), toppled + 1
                except IllegalAction:
                    pass
            assert game.state_from_dict(s.to_dict()) == s and game.position(s.notation()) == s
            if not s.is_over:
                legal = s.legal_actions()
                s = s.apply(s.sample_chance(rng) if s.is_chance else legal[rng.randrange(len(legal))])
        assert toppled


def test_game_line_reads_every_kind_of_option_V1_V2():
    text = "game: dead_mans_dice players=2 broadside_hit_p=1/2 wobble=true tie_rule=shared round_limit=none\n"
    game = explorer.load("dead_mans_dice", 2, broadside_hit_p="1/2", wobble=True, round_limit=None,
                         tie_rule="shared")
    s = game.position(text + "P1 pile: 1=3")
    assert s.notation().splitlines()[0] == text.strip()
    for bad, words in (("wobble=maybe", "true or false"), ("round_limit=many", "whole number"),
                       ("players=two", "players")):
        with pytest.raises(PositionError) as err:
            game.position(f"game: dead_mans_dice {bad}")
        assert err.value.field == "game" and words in err.value.reason


def test_R25_a_referee_topple_that_leaves_nothing_to_plunder_ends_the_turn():
    s = GAME.position("step: plunder\nturn: P1\nP1 pile: 1=3 2=4\nP2 pile: 1=5")
    s = s.apply("overboard P2")
    assert s.step == "turn" and s.to_move == 1 and "R25" in cited(s)
