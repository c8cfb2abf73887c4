"""Jolly & Roger positions a person writes: the notation, strict loading, partial hidden cards
(C1-C3), every moment of a round, seat names and out-of-turn tries."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import comb

import pytest
from games.jolly_and_roger.support import GAME, SPECIAL, chance_tree

import explorer
from explorer.analysis.odds import view_probability
from explorer.core.errors import IllegalAction, PositionError
from explorer.core.play import advance
from explorer.games.jolly_and_roger.data import CARDS, SPECIALS
from explorer.games.jolly_and_roger.odds import next_round, next_round_any

pytestmark = pytest.mark.slow

OPTION_SETS = {
    "basic": {}, "V1": {"special_cards": True}, "V1-V3-literal": {"special_cards": True, "variant_removal": "literal"},
    "V2-long": {"special_cards": True, "long_game": True},
    "V4-V5-V8-random": {"special_cards": True, "specials_as_parrot": True, "kraken_optional": True,
                        "start_player": "random"},
    "V7-V8-P2": {"start_player": "P2", "chest_visibility": "owner_only"},
}
ROUND_TWO = """
round: 2
step: draw
P1 green: G3 G1
P1 yellow: p:B2
P2 blue: B4
P2 red: R1
"""


def walk(game, seed):
    rng, state = random.Random(seed), game.new_state()
    states = [state]
    while not state.is_over:
        state = advance(state, rng, steps=1)
        states.append(state)
    return states


def error(read, *args) -> PositionError:
    with pytest.raises(PositionError) as err:
        read(*args)
    return err.value


# -- the notation round-trips all along random games ------------------------------------------
@pytest.mark.parametrize("name", OPTION_SETS)
@pytest.mark.parametrize("seed", range(10))
def test_notation_and_data_round_trip_along_random_games(name, seed):
    game = explorer.load("jolly_and_roger", **OPTION_SETS[name])
    for state in walk(game, seed):
        text = state.notation()
        again = game.position(text)
        assert again == state, text
        assert again.notation() == text
        assert game.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
        # the same table with the set-aside cards left unwritten: a player cannot tell it apart
        partial = game.position("\n".join(line for line in text.splitlines() if not line.startswith("set aside")))
        assert game.position(partial.notation()) == partial
        if state.phase != "setup":
            assert all(partial.view(p) == state.view(p) for p in (0, 1))


def test_notation_of_a_freshly_read_text_is_stable_and_case_free():
    text = "# a comment\n\nROUND: 2\nStep: Draw\np1 GREEN: g3 g1\nP1 yellow: P:B2\nP2 blue: b4\nP2 red: r1\n"
    state = GAME.position(text)
    assert state == GAME.position(ROUND_TWO)
    assert GAME.position(state.notation()).notation() == state.notation()
    assert "set aside" not in state.notation()      # never written: still undecided


# -- partial hidden cards: the setup's split, C3 exactly ----------------------------------------
def test_C3_unwritten_cards_split_as_the_setup_does_with_special_cards():
    """Round 2 of the expert game, five pirate cards seen: P(no special) = C(35,5)/C(42,5)."""
    state = SPECIAL.position(ROUND_TWO)
    view = state.view(0)
    assert (view["pile_size"], view["aside_size"], view["early"]) == (35, 10, 3)
    tree = chance_tree(state, lambda s: s.phase == "split")
    teacher = sum((p for s, p in tree.items() if not set(s.table) & set(SPECIALS)), Fraction(0))
    assert teacher == Fraction(11594, 30381) == Fraction(comb(35, 5), comb(42, 5))
    assert next_round(state, lambda cards: not set(cards) & set(SPECIALS)) == Fraction(11594, 30381)
    assert 1 - next_round_any(state, lambda card: card in SPECIALS) == Fraction(11594, 30381)


def test_C3_digest_example_basic_game_from_a_players_view():
    seen = "round: 3\nP1 green: G2 G3 G1\nP1 blue: B5\nP1 red: p:Y4\nP2 yellow: Y1\nP2 blue: B1\nP2 red: R1 R3\n" \
           "P2 chest: R5"
    state = GAME.position(seen)
    red = view_probability(state, 0, lambda w: next_round_any(w, lambda card: card[0] == "R"))
    assert red.exact and red.probability == Fraction(5794, 9889)
    tree = chance_tree(state, lambda s: s.phase == "split")
    assert sum((p for s, p in tree.items() if any(c[0] == "R" for c in s.table)), Fraction(0)) == Fraction(5794, 9889)


def test_C3_a_written_set_aside_fixes_the_pile():
    state = GAME.position(ROUND_TWO + "set aside: R5 R4 G1")
    assert sum(state.aside) == 3 and sum(state.pile) == 35
    drawable = {str(outcome) for outcome, _ in state.chance_outcomes()}
    assert "draw R5" not in drawable and "draw R4" not in drawable and "draw G1" in drawable


# -- strict validation: pile and set-aside counts ------------------------------------------------
def test_R25_a_pile_larger_than_the_round_allows_is_refused():
    """The users' case: 45 cards in the pile at round 2 of the expert game (35 remain to draw)."""
    state = SPECIAL.position(ROUND_TWO)
    assert "pile" not in state.to_dict() and "pile" not in state.view(None)     # undecided, not written
    unseen = dict(state.view(0)["unseen"])
    assert sum(unseen.values()) == 45
    err = error(SPECIAL.state_from_dict, {**state.to_dict(), "pile": unseen})
    assert err.field == "pile" and "R25" in err.reason and "exactly 35" in err.reason


def test_S6_any_set_aside_count_but_the_setups_is_refused():
    err = error(SPECIAL.position, ROUND_TWO + "set aside: " + " ".join(["G1"] * 4 + ["Y1"] * 4 + ["B1"] * 4))
    assert err.field == "set aside" and "line 8" in err.reason and "S6" in err.reason and "exactly 10" in err.reason
    forty = {"G1": 4, "G2": 3, "G3": 1, "G4": 2, "G5": 2, "Y1": 4, "Y2": 3, "Y3": 2, "Y4": 2, "Y5": 1, "B1": 4,
             "B2": 1, "B3": 2, "B5": 1, "R1": 2, "R2": 2, "R3": 1, "R4": 1, "SK": 2}
    err = error(SPECIAL.state_from_dict, {**SPECIAL.position(ROUND_TWO).to_dict(), "aside": forty})
    assert err.field == "aside" and "S6" in err.reason


def test_S4_missing_drawn_cards_cannot_hide_in_the_pile():
    err = error(GAME.position, "round: 2\nP1 green: G1")
    assert err.field == "round" and "line 1" in err.reason and "R2" in err.reason


def test_K2_a_card_placed_more_often_than_the_deck_holds_is_refused():
    err = error(GAME.position, "round: 2\nP1 red: R5\nP2 red: R5 R1 R2 R3")
    assert err.field == "P2 red" and "K2" in err.reason


def test_R23_the_flag_follows_the_round():
    err = error(GAME.position, ROUND_TWO + "splitter: P1")
    assert err.field == "splitter" and "R23" in err.reason and "Player 2" in err.reason


def test_R30_basic_game_has_no_cards_out_of_the_game():
    err = error(GAME.position, "round: 2\nP1 green: G3 G1\nP2 blue: B4 B1\nout of game: R1")
    assert err.field == "out of game" and "V1" in err.reason


def test_R33_a_turned_card_needs_a_tortuga_played():
    err = error(SPECIAL.position, "round: 2\nP1 green: G3 t:R1 G1\nP2 blue: B4 B1")
    assert err.field == "P1 green" and "R33" in err.reason


def test_R18_a_boarded_card_needs_crew_at_its_ship_in_the_basic_game():
    err = error(GAME.position, "round: 2\nP1 green: G3 G1\nP2 blue: B4 B1\nP2 chest: R1")
    assert err.field == "P2 chest" and "R18" in err.reason


def test_R4_an_empty_offer_is_writable_and_refused_by_its_rule():
    text = "step: choose\ntable: G1 G1 Y2 B3 R5\noffers: - | G1 G1 Y2 B3 R5"
    err = error(GAME.position, text)
    assert err.field == "offers" and "line 3" in err.reason and "R4" in err.reason
    assert GAME.position("step: choose\ntable: G1 G1 Y2 B3 R5\noffers: R5 | G1 G1 Y2 B3").legal_actions()


def test_game_line_and_block_must_name_this_game():
    err = error(GAME.position, "game: jolly_and_roger players=2 special_cards=true\n" + ROUND_TWO)
    assert err.field == "game" and "line 1" in err.reason
    assert GAME.state_from_dict({"game": {"name": "jolly_and_roger", "players": 2, "options": {}}}) == \
        GAME.position("round: 1")
    for block in ({"name": "sjoroveroya", "players": 2, "options": {}}, {"name": "jolly_and_roger", "players": 3},
                  {"name": "jolly_and_roger", "options": {"special_cards": True}}, "jolly_and_roger"):
        assert error(GAME.state_from_dict, {"game": block}).field == "game"


@pytest.mark.parametrize(("text", "field"), [
    ("round: two", "round"), ("step: fight", "step"), ("P3 hand: G1", "P3 hand"), ("table: G6", "table"),
    ("round: 1\nround: 2", "round"), ("splitter: P3", "splitter"), ("just words", "line 1"),
    ("offers: G1 G2", "offers")])
def test_T1_mistakes_name_the_key_and_line(text, field):
    err = error(GAME.position, text)
    assert err.field == field and "line" in err.reason


# -- every moment of a round -----------------------------------------------------------------
def test_S4_the_setup_step_can_be_written():
    assert GAME.position("step: setup") == GAME.new_state()
    state = SPECIAL.position("step: setup\nset aside: G1 R5 Y2 B1")     # 3 S4 removals, then one of S6
    assert state.setup_left == (6,) and state.early == 3 and sum(state.pile) == 46
    assert error(SPECIAL.position, "step: setup\nset aside: SK").field == "set aside"


def test_C5_the_start_player_draw_can_be_written():
    game = explorer.load("jolly_and_roger", start_player="random")
    state = game.position("step: start player")
    assert state.phase == "start" and [p for _, p in state.chance_outcomes()] == [Fraction(1, 2)] * 2


@pytest.mark.parametrize(("text", "phase", "player"), [
    ("round: 4\nstep: draw\nsplitter: P2\ntable: G4 R2\nP1 green: G2 G3 G1\nP1 blue: B5 B2\nP1 red: p:Y4\n"
     "P1 chest: G5\nP2 yellow: Y1 Y2 p:G1\nP2 blue: B1\nP2 red: R1 R3\nP2 chest: R5 B4", "draw", None),
    ("step: split\ntable: G1 G1 Y2 B3 R5", "split", 0),
    ("step: choose\ntable: G1 G1 Y2 B3 R5\noffers: R5 Y2 | G1 G1 B3", "choose", 1),
    ("step: place\nP2 hand: Y2\nP1 hand: G1 G1 B3\nP2 red: R5\noffers: R5 Y2 | G1 G1 B3", "place", 1),
    ("step: place\nP1 hand: G1 B3\nP2 red: R5\nP2 yellow: p:Y2\nP1 green: G1", "place", 0),
    ("round: 2\nP1 green: G1 G1\nP1 blue: B3\nP2 red: R5\nP2 yellow: p:Y2", "draw", None),
])
def test_T1_T6_every_moment_of_a_round_can_be_set_up(text, phase, player):
    state = GAME.position(text)
    assert state.phase == phase and state.player == player
    assert GAME.position(state.notation()) == state


def test_T6_the_end_of_a_round_is_the_next_draw_with_the_flag_passed():
    state = GAME.position("step: place\nP1 hand: B3\nP2 red: R5\nP2 yellow: p:Y2\nP1 green: G1 G1")
    after = state.apply("crew B3")
    assert (after.phase, after.round, after.splitter, after.table) == ("draw", 2, 1, ())
    assert after == GAME.position("round: 2\nP1 green: G1 G1\nP1 blue: B3\nP2 red: R5\nP2 yellow: p:Y2")


def test_R6_offers_while_placing_are_partial_and_checked():
    base = "step: place\nP1 hand: G1 B3\nP2 red: R5\nP2 yellow: p:Y2\nP1 green: G1"
    assert GAME.position(base).offers == ()
    assert GAME.position(base + "\noffers: R5 Y2 | G1 G1 B3").offers == (("Y2", "R5"), ("G1", "G1", "B3"))
    err = error(GAME.position, base + "\noffers: R5 Y1 | G1 G1 B3")
    assert err.field == "offers" and "R7" in err.reason
    err = error(GAME.position, base + "\noffers: R5 | G1 G1 B3 Y2")
    assert err.field == "offers" and "Player 1 has used Y2" in err.reason and "R7" in err.reason
    err = error(GAME.position, base + "\noffers: R5 Y2 | G1 G1 Y3")
    assert err.field == "offers" and "R5" in err.reason


def test_over_the_game_over_step_loads_only_after_the_last_round():
    err = error(GAME.position, "step: game over\nround: 3")
    assert err.field in ("round", "step")


# -- out-of-turn tries and seats ------------------------------------------------------------------
def test_R6_the_waiting_splitters_card_cites_R6_and_says_whose_turn():
    state = GAME.position("step: place\nP2 hand: Y2\nP1 hand: G1 G1 B3\nP2 red: R5\noffers: R5 Y2 | G1 G1 B3")
    assert state.player == 1                          # round 1: Player 1 splits, Player 2 chose
    with pytest.raises(IllegalAction) as err:
        state.apply("crew G1")                        # Player 1's card, Player 1 still waits
    assert err.value.rule == "R6" and "Player 2's turn" in err.value.reason
    assert state.apply("crew Y2").player == 0


def test_T3_out_of_turn_split_or_take_cites_the_step_and_the_player():
    choosing = GAME.position("step: choose\ntable: G1 G1 Y2 B3 R5\noffers: R5 Y2 | G1 G1 B3")
    with pytest.raises(IllegalAction) as err:
        choosing.apply("split R5 | G1 G1 Y2 B3")
    assert err.value.rule == "T3" and "Player 2" in str(err.value)
    placing = GAME.position("step: place\nP2 hand: Y2\nP1 hand: G1 G1 B3\nP2 red: R5\noffers: R5 Y2 | G1 G1 B3")
    with pytest.raises(IllegalAction) as err:
        placing.apply("take R5 Y2")
    assert err.value.rule == "R6" and "Player 2's turn" in err.value.reason


def test_seats_are_player_1_and_2_in_words_and_P1_P2_in_the_notation():
    assert [GAME.player_name(p) for p in (0, 1)] == ["Player 1", "Player 2"]
    told = " ".join(e.text for s in walk(GAME, 1) for e in s.events)
    assert "Player 1 holds the flag" in told and "Player 2 takes" in told and "P1" not in told
    state = GAME.start(seed=1)
    assert "splitter: P1" in state.notation() and "Player 1" in state._repr_svg_()


# -- hidden worlds ----------------------------------------------------------------------------
def late(game, seed, round_):
    rng, state = random.Random(seed), game.start(seed=seed)
    while not (state.round == round_ and state.phase == "draw" and not state.table):
        state = advance(state, rng, steps=1)
    return state


@pytest.mark.parametrize("name", ["basic", "V1", "V1-V3-literal", "V7-V8-P2"])
def test_hidden_worlds_sum_to_one_and_keep_the_view(name):
    game = explorer.load("jolly_and_roger", **OPTION_SETS[name])
    state = late(game, 5, 8)
    for player in (0, 1):
        view = state.view(player)
        found = list(game.hidden_worlds(view))
        assert sum(w for _, w in found) == 1 and all(w > 0 for _, w in found)
        assert all(world.view(player) == view for world, _ in found)
        assert any(world == state for world, _ in found)


def test_hidden_worlds_of_a_partial_position_keep_its_view():
    state = SPECIAL.position("round: 8\nP1 green: G1 G2 G4 p:Y1\nP1 yellow: Y3 SK Y2\nP1 blue: B1 B2 p:R1\n"
                             "P1 red: R2 R3\nP1 chest: G5 Y4\nP2 green: G1 G3\nP2 yellow: Y1 Y2 Y4 t:G1\n"
                             "P2 blue: B3 p:Y1 B1\nP2 red: R4 p:G2 R1\nP2 chest: G3 R5 B5\n"
                             "out of game: G4 KR KR TO B4 KR")
    found = list(SPECIAL.hidden_worlds(state.view(1)))
    assert sum(w for _, w in found) == 1 and all(world.view(1) == state.view(1) for world, _ in found)
    assert all(sum(world.aside[:20]) >= 3 for world, _ in found)       # the S4 removals are pirate cards (C3)
    # a player's odds over the worlds equal the partial position's own draw odds
    teacher = next_round_any(state, lambda card: card in SPECIALS)
    assert sum((w * next_round_any(world, lambda card: card in SPECIALS) for world, w in found), Fraction(0)) \
        == teacher == Fraction(15, 22)


def test_hidden_worlds_teacher_view_is_the_position_itself():
    state = late(SPECIAL, 2, 7)
    assert list(SPECIAL.hidden_worlds(state.view(None))) == [(state, Fraction(1))]


def test_hidden_worlds_refuse_too_many_before_yielding():
    from explorer.core.errors import TooManyWorlds

    state = SPECIAL.start(seed=1)
    with pytest.raises(TooManyWorlds):
        next(iter(SPECIAL.hidden_worlds(state.view(0), limit=1000)))


@pytest.mark.parametrize("name", ["basic", "V1"])
def test_hidden_worlds_agree_with_sample_state(name):
    """2,000 samples of `sample_state`: the frequency of every count of red and of special cards
    set aside lies within 4 standard errors of the exact weight `hidden_worlds` gives it."""
    game = explorer.load("jolly_and_roger", **OPTION_SETS[name])
    view = late(game, 3, 8).view(0)
    exact = dict(game.hidden_worlds(view))

    def key(world):
        return sum(world.aside[15:20]), sum(world.aside[20:])

    groups: dict = {}
    for world, p in exact.items():
        groups[key(world)] = groups.get(key(world), 0) + p
    rng, n = random.Random(17), 2000
    counts: dict = {}
    for _ in range(n):
        world = game.sample_state(view, rng)
        assert world in exact
        counts[key(world)] = counts.get(key(world), 0) + 1
    assert len(groups) > 1
    for group, p in groups.items():
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts.get(group, 0) / n - float(p)) <= 4 * se + 1e-9, group


def test_C3_hidden_world_weights_equal_a_card_by_card_count():
    """Sequential expert game: the weights equal counting every way to pick the 3 S4 removals
    among the unseen pirate cards and then the other 7 set-aside cards among the rest."""
    from itertools import combinations

    state = late(SPECIAL, 3, 8)
    view = state.view(0)
    cards = [c for c, n in view["unseen"].items() for _ in range(n)]
    pirates = [i for i, c in enumerate(cards) if c not in SPECIALS]
    tally: dict = {}
    total = 0
    for early in combinations(pirates, 3):
        rest = [i for i in range(len(cards)) if i not in early]
        for later in combinations(rest, view["aside_size"] - 3):
            aside = tuple(sorted(cards[i] for i in (*early, *later)))
            tally[aside] = tally.get(aside, 0) + 1
            total += 1
    exact = {}
    for world, p in SPECIAL.hidden_worlds(view):
        exact[tuple(sorted(c for c, n in zip(CARDS, world.aside, strict=True) for _ in range(n)))] = p
    assert exact == {a: Fraction(k, total) for a, k in tally.items()}


# -- fuzz --------------------------------------------------------------------------------------
def test_position_fuzz_refuses_or_keeps_the_contract():
    from position_fuzz import fuzz

    positions = [s for name in ("basic", "V1", "V4-V5-V8-random") for s in
                 walk(explorer.load("jolly_and_roger", **OPTION_SETS[name]), 7)[::9]]
    report = fuzz(GAME, [s for s in positions if s.game == GAME], 150, seed=1)
    assert report.tried == 150 and report.refused > 0
    for name in ("V1", "V4-V5-V8-random"):
        game = explorer.load("jolly_and_roger", **OPTION_SETS[name])
        assert fuzz(game, [s for s in positions if s.game == game], 150, seed=2).tried == 150


def test_hidden_worlds_refuse_what_is_not_a_view():
    assert error(lambda v: list(GAME.hidden_worlds(v)), {"phase": "draw"}).field == "view"
    assert error(lambda v: list(GAME.hidden_worlds(v)), ["draw"]).field == "view"
