"""Sjørøverøya's short position notation (`game.position`, `state.notation`) and the position
data it shares its rules with: every moment of a turn, partial positions, strict refusals
naming the line and rule (issue #17)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from games.sjoroveroya.support import play, position

import explorer
from explorer import PositionError
from explorer.games.sjoroveroya import T0

pytestmark = pytest.mark.slow

TRACK = "track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣"
GAME = explorer.load("sjoroveroya", players=2)

OPTION_SETS = [
    (2, {}), (3, {}), (4, {}), (2, {"variant": "children"}), (3, {"open_hands": True, "hand_limit": 5}),
    (2, {"forward_stop_on_own": False, "backward_counts_any_colour": True, "allow_pass": True}),
    (4, {"emergency_draw": "start_of_turn_only", "reshuffle_timing": "immediate", "turn_cap": 5}),
    (2, {"first_player": 1, "start_hand_size": 2, "turn_cap": 8, "mixed_card_forward": "stop"}),
]


def walk(game, seed, every=1, steps=1500):
    """Every `every`-th state of one random game (setup included), up to `steps` steps."""
    rng = random.Random(seed)
    state = game.new_state()
    k = 0
    while True:
        if k % every == 0:
            yield state
        if state.is_over or k >= steps:
            yield state
            return
        moves = state.chance_outcomes() if state.is_chance else state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else moves[rng.randrange(len(moves))])
        k += 1


def read(text, game=GAME):
    return game.position(text)


# -- round trips ------------------------------------------------------------------------------
@pytest.mark.parametrize("players,options", OPTION_SETS, ids=[f"V-set{i}" for i in range(len(OPTION_SETS))])
@pytest.mark.parametrize("seed", range(3))
def test_notation_and_data_round_trip_along_random_games(players, options, seed):
    game = explorer.load("sjoroveroya", players=players, **options)
    count = 0
    for state in walk(game, seed, every=3):
        text = state.notation()
        again = game.position(text)
        assert again == state, text
        assert again.notation() == text                      # stable
        assert game.state_from_dict(state.to_dict()) == state
        count += 1
    assert count > 10


def test_a_fresh_text_gets_a_stable_canonical_notation():
    text = f"""
    # written from a photo, in any order
    p2 HAND: h h c
    {TRACK}
    P1 Hand: SSSD
    Turn: p1
    P1 pieces: 10, 3, start x4
    """
    state = read(text)
    canon = state.notation()
    assert read(canon) == state and read(canon).notation() == canon
    assert "P1 pieces: start×4 3 10" in canon and "P2 hand: ♥♥♣" in canon and "pile: 77 cards" in canon


def test_game_line_must_match_and_a_partial_one_means_the_defaults():
    assert read(f"game: sjoroveroya players=2\n{TRACK}\nP1 hand: ♠\nP2 hand: ♥") == \
        read(f"{TRACK}\nP1 hand: ♠\nP2 hand: ♥")
    for line in ("game: sjoroveroya players=3", "game: pirate_rush players=2",
                 "game: sjoroveroya players=2 open_hands=true", "game: sjoroveroya players=2 no_such=1"):
        with pytest.raises(PositionError) as err:
            read(f"{line}\n{TRACK}\nP1 hand: ♠\nP2 hand: ♥")
        assert err.value.field == "game" and "line 1" in err.value.reason
    opened = explorer.load("sjoroveroya", players=2, open_hands=True)
    state = opened.position(f"game: sjoroveroya players=2 open_hands=true\n{TRACK}\nP1 hand: ♠\nP2 hand: ♥")
    assert state.is_chance and state.chance_outcomes()[0][0].__class__.__name__ == "Reveal"   # V6 display unseen


# -- partial: what is not written is where the setup puts it, unseen (S5-S8) -----------------
def test_S5_S8_unwritten_pieces_stand_at_start_and_unwritten_cards_are_in_the_pile_with_exact_odds():
    state = read(f"{TRACK}\nP1 pieces: 3 10\nP1 hand: ♠♠♠♦\nP2 hand: ♥♥♣")
    assert state.pieces == ((0, 0, 0, 0, 3, 10), (0, 0, 0, 0, 0, 0))
    assert state.pile == (18, 19, 20, 20) and state.discard == (0, 0, 0, 0)
    drawing = state.apply("back@10")
    assert dict((str(o), p) for o, p in drawing.chance_outcomes()) == {
        "draw S": F(18, 77), "draw H": F(19, 77), "draw D": F(20, 77), "draw C": F(20, 77)}


def test_S4_no_track_written_is_the_start_of_setup():
    state = read("game: sjoroveroya players=2")
    assert state == GAME.new_state() and state.is_chance


def test_S7_every_hand_is_written_once_dealt():
    with pytest.raises(PositionError) as err:
        read(f"{TRACK}\nP1 hand: ♠")
    assert err.value.field == "P2 hand" and "S7" in err.value.reason


def test_K4_a_written_pile_may_leave_cards_out_but_a_count_is_checked():
    state = read(f"{TRACK}\nP1 hand: ♠\nP2 hand: ♥\npile: ♥2 ♠1")
    assert state.pile == (1, 2, 0, 0)
    with pytest.raises(PositionError) as err:
        read(f"{TRACK}\nP1 hand: ♠\nP2 hand: ♥\npile: 80 cards")
    assert err.value.field == "pile" and "line 4" in err.value.reason and "82" in err.value.reason


# -- every moment of a turn ------------------------------------------------------------------
def test_T1_the_start_of_a_turn():
    state = read(f"{TRACK}\nturn: P2\nturns played: 3\nP1 hand: ♠\nP2 hand: ♥♦")
    assert state.player == 1 and state.moves_used == 0 and state.first_player == 0 and state.turns == 3


def test_T7_a_turn_in_the_middle():
    state = read(f"{TRACK}\nturn: P1\nmoves used: 2\nP1 pieces: 1 2\nP1 hand: ♠\nP2 hand: ♥")
    assert state.moves_used == 2 and "end" in [str(a) for a in state.legal_actions()]
    assert play(state, "S@2").to_move == 1                                   # the 3rd move ends it (R2)


def test_R20_draws_owed_after_a_backward_move_wait_as_a_chance_node():
    text = f"{TRACK}\nstep: draw\ndraws owed: 2\nmoves used: 1\nP1 pieces: 7×3\nP1 hand: ♠\nP2 hand: ♥"
    state = read(text)
    assert state.is_chance and state.pending == 2 and state.after == "move" and state.hands[0] == (1, 0, 0, 0)
    with pytest.raises(PositionError) as err:
        read(text.replace("draws owed: 2", "draws owed: 3"))
    assert err.value.field == "step" and "R20" in err.value.reason


def test_T2_R24_a_stuck_player_loads_at_the_emergency_draw_as_written_never_advanced():
    """Issue #17: a stuck player's position came back already past the step that was written."""
    text = f"{TRACK}\nstep: emergency draw\nP1 pieces: 12×6\nP1 hand: -\nP2 hand: ♥"
    state = read(text)
    assert state.is_chance and state.hands[0] == (0, 0, 0, 0) and state.to_move == 0 and state.events == ()
    assert read(state.notation()) == state
    with pytest.raises(PositionError) as err:        # written as an ordinary move: refused, pointing to the step
        read(text.replace("emergency draw", "move"))
    assert err.value.field == "step" and "line 2" in err.value.reason and "R24" in err.value.reason
    data = state.to_dict()
    assert GAME.state_from_dict(data).to_dict() == data                       # the data form: the same moment
    del data["pending"]
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict(data)
    assert "R24" in err.value.reason


def test_R24_no_emergency_draw_for_a_player_with_a_card():
    with pytest.raises(PositionError) as err:
        read(f"{TRACK}\nstep: emergency draw\nP1 pieces: 12×6\nP1 hand: ♠\nP2 hand: ♥")
    assert err.value.field == "step" and "R24" in err.value.reason


def test_V1_the_childrens_end_of_turn_draw():
    kids = explorer.load("sjoroveroya", players=2, variant="children")
    state = kids.position(f"{TRACK}\nstep: end-of-turn draw\nmoves used: 1\nP1 pieces: 3\nP1 hand: ♠♠♠\nP2 hand: ♥")
    assert state.is_chance and state.after == "end" and state.apply("draw H").to_move == 1


def test_V7_discarding_down_at_the_end_of_a_turn():
    limited = explorer.load("sjoroveroya", players=2, hand_limit=3)
    state = limited.position(f"{TRACK}\nstep: discard\nP1 hand: ♠♠♠♠♥\nP2 hand: ♥")
    assert state.player == 0 and {str(a) for a in state.legal_actions()} == {"discard S", "discard H"}


def test_E1_game_over_and_the_turn_order_it_ends_in():
    state = read(f"{TRACK}\nstep: game over\nP1 pieces: goal×6\nP1 hand: -\nP2 hand: ♥")
    assert state.is_over and state.winners()[0] == (0,) and state.cut_off() is None
    with pytest.raises(PositionError) as err:
        read(f"{TRACK}\nP1 pieces: goal×6\nP1 hand: -\nP2 hand: ♥")
    assert "E1" in err.value.reason


def test_V12_a_game_the_turn_cap_ended_is_cut_off_not_won():
    capped = explorer.load("sjoroveroya", players=2, turn_cap=2)
    final = explorer.playout(capped.start(seed=4), seed=4)
    assert final.is_over and final.ended == "turn_cap" and final.cut_off() == "turn_cap"
    last = final.events[-1]
    assert "turn cap (2 rounds) cuts the game off" in last.text and "turn_cap" not in last.text
    assert last.rules == ("V12",)
    assert not {"E1", "E3", "E4"} & set(last.rules)
    assert capped.position(final.notation()) == final
    with pytest.raises(PositionError) as err:
        capped.position(f"{TRACK}\nturns played: 4\nP1 hand: ♠\nP2 hand: ♥")
    assert err.value.field == "turns played" and "V12" in err.value.reason


def test_S4_S7_S9_setup_moments():
    laying = read(f"step: lay out the track\ntrack: {T0[:8]}")
    assert laying.is_chance and str(laying.chance_outcomes()[0][0]).startswith("layout 3")
    dealing = read(f"{TRACK}\nstep: deal\ndealing to: P2\ndraws owed: 1\nP1 hand: ♠♠♥♦\nP2 hand: ♣♣♣")
    assert dealing.is_chance and dealing.drawer == 1 and dealing.pending == 1
    choosing = read(f"{TRACK}\nstep: choose who starts\nP1 hand: ♠♠♥♦\nP2 hand: ♣♣♣♣")
    assert {str(o) for o, _ in choosing.chance_outcomes()} == {"first P1", "first P2"}


# -- strict refusals, in the notation and the data -------------------------------------------
@pytest.mark.parametrize("text,field,words", [
    (f"{TRACK}\nP1 hand: ♠X\nP2 hand: ♥", "P1 hand", ("line 2", "K9")),
    (f"{TRACK}\nP1 hand: ♠22\nP2 hand: ♥", "P1 hand", ("line 2", "K4")),
    (f"{TRACK}\nP1 hand: ♠15\nP2 hand: ♥\ndiscard: ♠10", "discard", ("line 4", "K4")),
    (f"{TRACK}\nP1 hand: ♠\nP3 hand: ♥", "P3 hand", ("line 3", "S1")),
    (f"{TRACK}\nP1 pieces: 22\nP1 hand: ♠\nP2 hand: ♥", "P1 pieces", ("line 2", "K7")),
    (f"{TRACK}\nP1 pieces: start×7\nP1 hand: ♠\nP2 hand: ♥", "P1 pieces", ("line 2", "K7")),
    (f"{TRACK}\nP1 pieces: 5\nP2 pieces: 5\nP1 hand: ♠\nP2 hand: ♥", "P2 pieces", ("line 3", "R31")),
    ("track: ♥♠♦♥ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣\nP1 hand: ♠\nP2 hand: ♥", "track", ("line 1", "S4")),
    (f"{TRACK}\nstep: sail\nP1 hand: ♠\nP2 hand: ♥", "step", ("line 2", "T1")),
    (f"{TRACK}\nturn: P2\nfirst player: P2\nturns played: 1\nP1 hand: ♠\nP2 hand: ♥", "turn", ("line 2", "R6")),
    (f"{TRACK}\nmoves used: 3\nP1 hand: ♠\nP2 hand: ♥", "moves used", ("line 2", "R2")),
    (f"{TRACK}\nP1 hand: ♠\nP2 hand: ♥\nP1 hand: ♦", "P1 hand", ("line 4", "twice")),
    (f"{TRACK}\nP1 hand: ♠\nP2 hand: ♥\nhello", "hello", ("line 4",)),
    (f"{TRACK}\nP1 hand: ♠\nP2 hand: ♥\nP1 drawn since reshuffle: ♥", "P1 drawn since reshuffle", ("R26",)),
    (f"{TRACK}\nstep: discard\nP1 hand: ♠\nP2 hand: ♥", "step", ("V7",)),
], ids=["K9-suit", "K4-too-many", "K4-too-many-in-all", "S1-seat", "K7-place", "K7-count", "R31-mixed",
        "S4-block", "T1-step", "R6-order", "R2-moves", "duplicate", "not-a-line", "R26-draws", "V7-discard"])
def test_unreachable_or_misspelt_positions_are_refused_naming_line_and_rule(text, field, words):
    with pytest.raises(PositionError) as err:
        read(text)
    assert err.value.field == field, err.value
    assert all(w in err.value.reason for w in words), err.value


def test_R31_A4_mixed_card_is_refused_in_the_data_too_and_allowed_under_V3():
    data = position(pieces={0: [4]}, hands=["S", "H"]).to_dict()
    data["pieces"][1] = [0, 0, 0, 0, 0, 4]
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict(data)
    assert err.value.field == "pieces.1" and "R31" in err.value.reason
    v3 = explorer.load("sjoroveroya", players=2, backward_counts_any_colour=True)
    data["game"] = v3.to_dict()
    assert v3.state_from_dict(data).pieces[1] == (0, 0, 0, 0, 0, 4)


def test_the_data_game_block_partial_means_defaults_and_a_foreign_one_is_refused():
    """Issue #17: the documented example's ``"options": {}`` block was refused."""
    data = position(hands=["SSSD", "HHC"]).to_dict()
    data["game"] = {"name": "sjoroveroya", "players": 2, "options": {}}
    assert GAME.state_from_dict(data).hands == ((3, 0, 1, 0), (0, 2, 0, 1))
    data["game"] = {"name": "sjoroveroya"}
    assert GAME.state_from_dict(data).player == 0
    for block, field in (({"name": "pirate_rush", "players": 2}, "game.name"),
                         ({"name": "sjoroveroya", "players": 3}, "game.players"),
                         ({"players": 3}, "game.players"), ({"options": {"turn_cap": "x"}}, "game.options.turn_cap"),
                         ({"name": "sjoroveroya", "options": {"open_hands": True}}, "game.options.open_hands"),
                         ({"name": "sjoroveroya", "options": {"nope": 1}}, "game.options.nope"),
                         ("sjoroveroya", "game")):
        data["game"] = block
        with pytest.raises(PositionError) as err:
            GAME.state_from_dict(data)
        assert err.value.field == field


def test_the_documented_json_example_loads_as_written():
    import doctest
    import importlib

    module = importlib.import_module("explorer.games.sjoroveroya.position")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0


def test_R6_S9_the_turn_follows_the_first_player_and_the_turns_played():
    data = position(hands=["S", "H"]).to_dict()
    data.update(to_move=1, first_player=1, turns=1)
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict(data)
    assert err.value.field == "to_move" and "R6" in err.value.reason


def test_R26_a_reshuffle_owed_is_not_a_moment_the_rules_stop_at():
    data = position(pieces={0: [3, 10]}, hands=["S", "C"], pile={}, discard={"D": 3}).to_dict()
    data["pending"] = {"draws": 1, "drawer": 0, "then": "move"}
    data["moves_used"] = 1
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict(data)
    assert err.value.field == "pending" and "R26" in err.value.reason


def test_seats_are_named_player_n_in_events_and_pn_in_the_notation():
    state = explorer.load("sjoroveroya", players=3).start(seed=1)
    after = state.apply("H@0")
    assert [str(e) for e in after.events] == ["Player 2 plays ♥: Start → card 3 [R8, R9, R16, R10]"]
    assert "turn: P2" in state.notation() and state.game.player_name(1) == "Player 2"


def test_S4_S5_S8_the_data_form_has_the_same_partial_rules():
    assert GAME.state_from_dict({}) == GAME.new_state()                        # no track: setup still to come
    state = GAME.state_from_dict({"track": T0, "hands": ["SSSD", "HHC"]})
    assert state.pieces == ((0,) * 6, (0,) * 6) and state.pile == (18, 19, 20, 20)      # S5, S8
    assert state == read(f"{TRACK}\nP1 hand: ♠♠♠♦\nP2 hand: ♥♥♣")
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict({"track": T0})
    assert err.value.field == "hands" and "S7" in err.value.reason


def test_S7_nothing_follows_a_deal_draw_so_a_then_there_is_refused():
    state = GAME.new_state()
    rng = random.Random(0)
    while state.phase != "deal":
        state = state.apply(state.sample_chance(rng))
    data = state.to_dict()
    data["pending"]["then"] = "deal"
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict(data)
    assert err.value.field == "pending.then" and "S7" in err.value.reason


def test_V8_T6_stuck_mid_turn_under_start_of_turn_only_is_a_turn_already_over():
    game = explorer.load("sjoroveroya", players=2, emergency_draw="start_of_turn_only")
    with pytest.raises(PositionError) as err:
        game.position(f"{TRACK}\nmoves used: 1\nP1 pieces: 12×6\nP1 hand: -\nP2 hand: ♥")
    assert err.value.field == "step" and "V8" in err.value.reason and "not written" in err.value.reason
    with pytest.raises(PositionError) as err:
        game.position(f"{TRACK}\nstep: emergency draw\nmoves used: 1\nP1 pieces: 12×6\nP1 hand: -\nP2 hand: ♥")
    assert err.value.field == "step" and "V8" in err.value.reason
