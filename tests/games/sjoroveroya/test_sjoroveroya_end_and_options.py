"""Sjørøverøya's end and ranking (E1-E5) and every option (V1-V12)."""

from __future__ import annotations

import random
import warnings

import pytest
from games.sjoroveroya.support import play, position, rules_cited

import explorer
from explorer import IllegalAction, OptionError
from explorer.games.sjoroveroya import Backward, EndTurn
from explorer.games.sjoroveroya.rules import moves_left


def over(pieces, players=3, **kw):
    return position(players=players, pieces=pieces, phase="over", ended="goal", **kw)


# -- end and ranking ---------------------------------------------------------------------------
def test_E1_winner_is_the_player_with_six_home():
    state = over({0: [21] * 6, 1: [20, 20], 2: [5]})
    assert state.is_over and state.winners()[0] == (0,) and state.player is None


def test_E2_nothing_happens_after_the_win():
    state = position(pieces={0: [21] * 5 + [20]}, hands=["SHD", "C"], options={"variant": "children"})
    after = state.apply("S@20")
    assert after.is_over and not after.is_chance and after.hands[0] == (0, 1, 1, 0)  # no children's draw
    with pytest.raises(IllegalAction) as err:
        after.apply("H@21")
    assert err.value.rule == "E2"


def test_E3_min_moves_left_on_an_empty_track():
    state = position(pieces={0: [20, 13, 5]})
    assert moves_left(state, 0) == 1 + 2 + 4 + 3 * 6 == 25
    assert moves_left(position(), 0) == 36


def test_E3_opponents_can_only_lower_the_distance():
    alone = moves_left(position(pieces={0: [13]}), 0)
    crowded = moves_left(position(pieces={0: [13], 1: [14, 15, 16]}), 0)
    assert crowded < alone


def test_E3_E4_places_after_the_winner_by_fewest_moves_left_ties_shared():
    state = over({0: [21] * 6, 1: [21, 21, 21, 21, 20, 20], 2: [21, 21, 21, 21, 19, 19], 3: [1]}, players=4)
    assert state.winners() == ((0,), (1, 2), (3,))


def test_E4_two_players_the_loser_is_second():
    assert over({0: [21] * 6}, players=2).winners() == ((0,), (1,))


def test_E5_no_points_scores_are_progress_only():
    state = position(pieces={0: [20, 13, 5]})
    assert state.scores()[0] == 36 - 25 and position().scores() == (0, 0)


# -- options -------------------------------------------------------------------------------------
def test_V1_children_one_forward_move_then_a_draw():
    state = position(hands=["SHDC", "SHDC"], options={"variant": "children"})
    assert not any(isinstance(a, (Backward, EndTurn)) for a in state.legal_actions())
    after = state.apply("S@0")
    assert after.is_chance and after.pending == 1
    after = after.apply("draw H")
    assert after.to_move == 1 and sum(after.hands[0]) == 4 and "V1" in rules_cited(after)


def test_V1_children_refuse_backward_moves():
    state = position(pieces={0: [3, 10]}, hands=["S", "S"], options={"variant": "children"})
    with pytest.raises(IllegalAction) as err:
        state.apply("back@10")
    assert err.value.rule == "V1"


def test_V2_cartagena_forward_skips_own_pieces_too():
    state = position(pieces={0: [4]}, hands=["C", "C"], options={"forward_stop_on_own": False})
    assert play(state, "C@0").pieces[0].count(5) == 1


def test_V3_cartagena_backward_counts_any_colour():
    state = position(pieces={0: [10], 1: [6]}, hands=["S", "S"], options={"backward_counts_any_colour": True})
    after = state.apply("back@10")
    assert 6 in after.pieces[0] and after.pending == 1


def test_V4_allow_pass_ends_a_turn_with_no_move():
    state = position(options={"allow_pass": True})
    assert EndTurn() in state.legal_actions()
    after = state.apply("end")
    assert after.to_move == 1 and "V4" in rules_cited(after)


def test_V5_start_hand_size():
    state = explorer.load("sjoroveroya", players=2, start_hand_size=6).start(seed=1)
    assert [sum(h) for h in state.hands] == [6, 6] and sum(state.pile) == 72


def test_V6_open_hands_show_every_hand_and_twelve_face_up_cards():
    state = explorer.load("sjoroveroya", players=2, open_hands=True).start(seed=4)
    assert len(state.pile_top) == 12 and sum(state.pile) == 84 - 8 - 12
    view = state.view(1)
    assert all(h is not None for h in view["hands"]) and view["pile_top"] == state.pile_top
    backward = position(pieces={0: [3, 10]}, hands=["S", "S"], options={"open_hands": True},
                        pile_top="HDHDHDHDHDHD")
    top = backward.pile_top[0]
    after = backward.apply("back@10")   # the draw takes the top face-up card, then a reveal refills
    assert after.hands[0][{"S": 0, "H": 1, "D": 2, "C": 3}[top]] == 1 and after.is_chance
    assert {str(o).split()[0] for o, _ in after.chance_outcomes()} == {"reveal"}


def test_V7_hand_limit_discard_down_at_the_end_of_the_turn():
    state = position(pieces={0: [7, 7, 12]}, hands=["SSSSSSS", "C"], options={"hand_limit": 7})
    state = play(state, "back@12", "draw H", "draw D", "end")
    assert state.phase == "discard" and state.player == 0 and "V7" in rules_cited(state)
    with pytest.raises(IllegalAction) as err:
        state.apply("S@0")
    assert err.value.rule == "V7"
    state = play(state, "discard S", "discard H")
    assert sum(state.hands[0]) == 7 and state.to_move == 1 and state.discard == (1, 1, 0, 0)


def test_V8_start_of_turn_only_stuck_mid_turn_just_ends():
    state = position(pieces={0: [12] * 6}, hands=["H", "S"], options={"emergency_draw": "start_of_turn_only"})
    after = state.apply("H@12")
    assert not after.is_chance and after.to_move == 1 and after.hands[0] == (0, 0, 0, 0)
    assert "V8" in rules_cited(after)


def test_V9_immediate_reshuffle_when_the_last_card_is_drawn():
    opts = {"reshuffle_timing": "immediate"}
    state = position(pieces={0: [3, 10]}, hands=["S", "C"], pile={"H": 1}, discard={"D": 3}, options=opts)
    after = play(state, "back@10", "draw H")
    assert after.pile == (0, 0, 3, 0) and after.discard == (0, 0, 0, 0) and "V9" in rules_cited(after)
    lazy = position(pieces={0: [3, 10]}, hands=["S", "C"], pile={"H": 1}, discard={"D": 3})
    assert play(lazy, "back@10", "draw H").discard == (0, 0, 3, 0)


@pytest.mark.parametrize("metric,expected", [("min_forward_moves", ((0,), (2,), (1,))),
                                            ("pieces_not_in_goal", ((0,), (1, 2))),
                                            ("cards_to_goal", ((0,), (2,), (1,)))])
def test_V10_ranking_metric(metric, expected):
    state = over({0: [21] * 6, 1: [21, 21, 21, 21, 1, 1], 2: [21, 21, 21, 21, 17, 18]},
                 options={"ranking_metric": metric})
    assert state.winners() == expected


def test_V11_mixed_card_forward_option_exists_with_skip_default():
    assert explorer.load("sjoroveroya").options["mixed_card_forward"] == "skip"
    with pytest.raises(OptionError):
        explorer.load("sjoroveroya", mixed_card_forward="jump")


def test_V12_turn_cap_ends_and_ranks_everyone():
    game = explorer.load("sjoroveroya", players=3, turn_cap=2)
    state = explorer.playout(game.start(seed=3), seed=3, max_steps=10_000)
    assert state.is_over and state.ended == "turn_cap" and state.turns == 6
    ranking = state.winners()
    assert sorted(p for g in ranking for p in g) == [0, 1, 2]


@pytest.mark.parametrize("name,value", [("variant", "adult"), ("start_hand_size", -1), ("hand_limit", "7"),
                                        ("turn_cap", 0), ("first_player", 2), ("open_hands", 1)])
def test_V_options_refuse_bad_values(name, value):
    with pytest.raises(OptionError) as err:
        explorer.load("sjoroveroya", players=2, **{name: value})
    assert err.value.field == f"options.{name}"


def test_V_every_option_plays_games_to_the_end_with_three_players():
    """One rule-of-thumb seat among random ones (all-random games can stall: see the property tests)."""
    rng = random.Random(9)
    for opts in [{"variant": "children"}, {"forward_stop_on_own": False}, {"backward_counts_any_colour": True},
                 {"allow_pass": True}, {"start_hand_size": 6}, {"open_hands": True}, {"hand_limit": 7},
                 {"emergency_draw": "start_of_turn_only"}, {"reshuffle_timing": "immediate"}]:
        game = explorer.load("sjoroveroya", players=3, **opts)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            seats = [game.policies()["rule_of_thumb"](game), None, None]
            final = explorer.playout(game.start(seed=rng.randrange(1000)), seed=1,
                                     policies={0: seats[0]}, max_steps=100_000)
        assert final.is_over, opts


@pytest.mark.parametrize(("metric", "words"), [("min_forward_moves", "moves left"),
                                               ("pieces_not_in_goal", "pieces not yet home"),
                                               ("cards_to_goal", "cards to the goal")])
def test_V12_a_cut_off_game_says_how_it_ranks_by_V10(metric, words):
    game = explorer.load("sjoroveroya", players=2, turn_cap=1, ranking_metric=metric)
    state, rng = game.start(seed=3), random.Random(3)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))])
    cut = next(e for e in state.events if "turn cap" in e.text)
    assert f"ranked by {words}" in cut.text and "V12" in cut.rules and state.cut_off() == "turn_cap"
