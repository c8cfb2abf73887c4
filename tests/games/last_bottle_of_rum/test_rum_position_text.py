"""The Last Bottle of Rum's short position notation (`game.position`, `state.notation`) and the
partial, strictly checked position data behind it."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import explorer
from explorer.core.errors import IllegalAction, PositionError
from explorer.games.last_bottle_of_rum.text.names import CARD_NAME

pytestmark = pytest.mark.slow

OPTION_SETS = [
    (2, {}), (3, {}), (5, {"turn_limit": 2}), (2, {"ghost": True, "turn_limit": 6}),
    (4, {"bounty_hunt": True, "weather": True, "turn_limit": 3}),
    (2, {"weather": True, "weather_timing": "anytime", "bounty_hunt": True, "bounty_auto_claim": False,
         "turn_limit": 5}),
    (3, {"hideout_trade_mode": "subset", "reef_damage": "reveal_only", "starting_doubloons": 2, "turn_limit": 4}),
]


def game(players=2, **options):
    return explorer.load("last_bottle_of_rum", players=players, **options)


def states_along(g, seed, every=7, steps=1500):
    rng = random.Random(seed)
    state = g.new_state()
    for i in range(steps):
        if i % every == 0 or state.is_over:
            yield state
        if state.is_over:
            return
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state._step(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("players", "options"), OPTION_SETS, ids=lambda x: str(x))
@pytest.mark.parametrize("seed", [1, 2])
def test_notation_and_data_round_trip_along_random_games(players, options, seed):
    """position(notation()) == state and data round trips, all along random games (setup,
    every step kind, the end); a freshly read text writes itself back unchanged."""
    g = game(players, **options)
    for state in states_along(g, seed):
        text = state.notation()
        again = g.position(text)
        assert again == state, text
        assert again.notation() == text
        assert g.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state


# -- partial positions ---------------------------------------------------------------------------
def test_S4_S8_a_small_deck_and_discard_position_leaves_the_rest_unseen():
    """The user's position: a 3-card deck, own hand, and nothing else written. The discard pile
    takes the other cards; the unwritten hand of P2 is dealt unseen (S8: 4 cards, no Kraken)."""
    state = game().position("""
        turn: P1
        phase: actions
        P1 captain: Humboldt
        P1 hand: Full Sail SS, Patch Up RR
        P2 captain: Madame Macaw
        display: none
        deck: Kraken #1, Full Sail SD #1, Chain Shot DD
    """)
    assert state.deck == ("AC02", "AC16", "AC73") and len(state.discard) == 76 - 5
    assert state.pending[0] == ("draw", 1, 4, 1) and state.ships[1].hand == ()
    assert state.chance_outcomes() == ((state.game.parse_action("go on"), 1),)
    assert "P2 hand: 4 unseen" in state.notation()
    dealt = state.apply("go on")
    assert dealt.is_chance and {str(o) for o, _ in dealt.chance_outcomes()} == {"draw AC02", "draw AC16",
                                                                             "draw AC73"}


def test_S2_S8_unwritten_hands_and_display_are_dealt_with_exact_odds():
    state = game().position("turn: P1\nP1 captain: Humboldt\nP2 captain: Crabby Jones\nP1 hand: none")
    assert state.phase == "start" and state.ships[1].shells == 2 and state.ships[0].doubloons == 0
    assert [t[0] for t in state.pending] == ["draw", "pair", "pair", "pair", "turn_start"]
    state = state.apply("go on")
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 76 and set(outcomes.values()) == {Fraction(1, 76)}     # C7: Krakens go back (S9)


def test_T1_the_start_of_a_turn_can_be_written_and_waits_for_go_on():
    """A position at the start of a turn is not a dead end: its step 'begin the turn' is a
    one-outcome chance node; the Kraken's Eye (T1b) and the refill (T2) come after it."""
    state = game().position("""
        turn: P2
        phase: start of turn
        P1 captain: Humboldt
        P1 hand: Full Sail SS, Patch Up RR
        P2 captain: Madame Macaw
        P2 treasures: Kraken's Eye
        P2 hand: Plunder DD
        display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay
    """)
    assert state.is_chance and state.pending == (("turn_start",),) and state.ships[1].curse == 0
    assert "step: begin the turn" in state.notation()
    begun = state.apply("go on")
    assert begun.ships[1].curse == 1 and "T1" in {r for e in begun.events for r in e.rules}
    assert begun.is_chance and begun.pending[0][:2] == ("card", 1)


@pytest.mark.parametrize(("step", "first"), [
    ("enter the tile [P1, 1,0, sailed in]", "enter"),         # a pending automatic step (R18)
    ("pass the turn", "next_turn"),                           # the end of a turn, the next not begun (T6)
    ("the effect resolves [P1, Smuggler's Deal DD]", "effect"),  # an effect waiting to resolve (R13)
    ("roll the skull die [P1, P2, one roll]", "roll"),        # a chance step mid-turn (R37)
    ("take or leave the treasure [P1, 1,0, R25]", "pickup"),  # a forced choice (R25)
])
def test_T4_every_moment_of_a_turn_can_be_written(step, first):
    state = game().position(f"""
        turn: P1
        phase: actions
        step: {step}
        P1 captain: Humboldt
        P1 ship: 1,0
        P1 doubloons: 1
        P1 hand: Full Sail SS
        P2 captain: Madame Macaw
        P2 ship: 2,0
        P2 hand: Plunder DD, Sabotage AA
        board: 1,0 Coconut Isle, 2,0 Open Sea A
        display: Gold Ingot on Coconut Isle, Giant Idol on Parrot Cay
        played: Smuggler's Deal DD, Full Sail SD #1
        used: Smuggler's Deal DD
        actions: A
    """)
    assert state.pending[0][0] == first and f"step: {step}" in state.notation()
    assert state.legal_actions() or state.chance_outcomes()
    assert state.game.position(state.notation()) == state


def test_step_names_and_turn_flags_are_public_words():
    g = game(weather=True)
    for state in states_along(g, 3, every=3, steps=600):
        text = state.notation()
        for internal in ("turn_start", "to_play", "next_turn", "peek_tile", "kraken_roll", "limit_from", "AC"):
            assert internal not in text, (internal, text)
    state = g.position("turn: P1\nphase: actions\nP1 captain: Grog Blackwater\nP1 hand: none\n"
                       "P2 captain: Humboldt\nP2 hand: none\ndisplay: none\nthis turn: re-roll used, becalmed")
    assert state.turn.flags == "gk" and "this turn: re-roll used, becalmed" in state.notation()


def test_D9_names_are_read_in_any_case_and_captains_by_their_other_spellings():
    state = game().position("TURN: p1\nPhase: Actions\np1 captain: humbolt\nP1 hand: full sail ss\n"
                            "P2 Captain: KRABBY JONES\nP2 hand: none\ndisplay: gold ingot on pearl bay")
    assert [s.captain for s in state.ships] == ["Humboldt", "Crabby Jones"]
    assert state.ships[0].hand == ("AC01",) and state.display == (("M12", "TR07"),)


def test_copies_are_named_and_a_plain_name_takes_the_first_free_copy():
    assert CARD_NAME["AC02"] == "Full Sail SD #1" and CARD_NAME["AC01"] == "Full Sail SS"
    state = game().position("turn: P1\nphase: actions\nP1 captain: Humboldt\nP1 hand: Full Sail SD #1, Full Sail SD"
                            "\nP2 captain: Madame Macaw\nP2 hand: none\ndisplay: none")
    assert state.ships[0].hand == ("AC02", "AC03")


# -- refusals ------------------------------------------------------------------------------------
BASE = """turn: P1
phase: actions
P1 captain: Humboldt
P1 hand: Full Sail SS
P2 captain: Madame Macaw
P2 hand: Plunder DD
display: none
"""


@pytest.mark.parametrize(("extra", "field", "rule"), [
    ("P1 ship: 2,0", "P1 ship", "R19"),                      # a ship on a face-down tile
    ("P2 hand: Kraken #2", "P2 hand", "R6"),                 # written twice
    ("step: go on to play", "step", "T1-T3"),                # a step that cannot follow the phase
    ("step: choose a captain [P1]", "step", "S5"),
    ("P1 damage: FIRE, FIRE, FIRE, FIRE, FIRE, FIRE", "P1 damage", "R39"),
    ("P1 loot: 11", "P1 loot", "R1"),
    ("game: last_bottle_of_rum players=3", "game", ""),
    ("game: last_bottle_of_rum players=2 ghost=true", "game", "V3"),
    ("board: 1,0 Parrot Cay, 2,0 Parrot Cay", "board", "S1"),
    ("P1 treasures: Giant Idol, Golden Throne", "P1 treasures", "R28"),
    ("P2 peeked: 2,-1", "P2 peeked", "E05"),
    ("P2 captain: Humboldt", "P2 captain", "S5"),
    ("P1 hand: Full Sail XX", "P1 hand", ""),
    ("display: Gold Ingot on Gold Ingot", "display", ""),
])
def test_impossible_positions_are_refused_naming_the_line_and_rule(extra, field, rule):
    text = BASE
    key = extra.split(":")[0]
    lines = [line for line in text.splitlines() if not line.startswith(key + ":")]
    with pytest.raises(PositionError) as err:
        game().position("\n".join([*lines, extra]))
    assert err.value.field == field
    assert "line " in err.value.reason and rule in err.value.reason


def test_R19_a_ship_on_a_face_down_cell_is_refused_in_the_data_too():
    state = game().position(BASE)
    data = state.to_dict()
    data["ships"][0]["cell"] = "2,0"
    with pytest.raises(PositionError) as err:
        state.game.state_from_dict(data)
    assert err.value.field == "ships.0.cell" and "R19" in err.value.reason


def test_the_data_game_block_may_be_partial_but_must_match():
    state = game().position(BASE)
    data = state.to_dict()
    data["game"] = {"name": "last_bottle_of_rum", "players": 2, "options": {}}
    assert state.game.state_from_dict(data) == state
    for block in ({"name": "sjoroveroya", "players": 2, "options": {}}, {"name": "last_bottle_of_rum", "players": 3},
                  {"name": "last_bottle_of_rum", "players": 2, "options": {"weather": True}}):
        data["game"] = block
        with pytest.raises(PositionError) as err:
            state.game.state_from_dict(data)
        assert err.value.field == "game"


def test_unknown_and_repeated_lines_are_refused():
    with pytest.raises(PositionError) as err:
        game().position(BASE + "parrot: yes\n")
    assert err.value.field == "parrot" and "line 8" in err.value.reason
    with pytest.raises(PositionError) as err:
        game().position(BASE + "turn: P2\n")
    assert err.value.field == "turn" and "written twice" in err.value.reason


def test_R3_an_out_of_turn_try_cites_the_turn_order_and_says_whose_turn():
    state = game().position(BASE.replace("phase: actions", "phase: play two cards")
                            .replace("P2 hand: Plunder DD", "P2 hand: Plunder DD, Sabotage AA"))
    with pytest.raises(IllegalAction) as err:
        state.apply("play AC10 AC59")
    assert err.value.rule == "R3" and "Player 1's turn" in err.value.reason and "Player 2" in err.value.reason
    main = game().position(BASE + "P2 ship: 2,0\nboard: 2,0 Open Sea A, 1,0 Open Sea B\n"
                                  "played: Full Sail SD #1, Chain Shot DD\nactions: S D\n")
    with pytest.raises(IllegalAction) as err:
        main.apply("sail 3,-1")                     # next to P2's ship only
    assert err.value.rule == "R3" and "Player 1's turn" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        main.apply("sail 3,-2")                     # next to nobody's ship: the sailing rule
    assert err.value.rule == "R18"


# -- fuzzing -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), OPTION_SETS[:4], ids=lambda x: str(x))
def test_fuzzed_position_data_is_refused_or_keeps_the_contract(players, options):
    """Mutated `to_dict` data: one PositionError or a state keeping the contract, never a crash."""
    from position_fuzz import fuzz

    g = game(players, **options)
    positions = list(states_along(g, 5, every=40, steps=400))
    report = fuzz(g, positions, 150, seed=players)
    assert report.tried == 150 and report.refused + report.accepted == 150


def test_fuzzed_notation_is_refused_by_line_or_keeps_the_contract():
    """Lines of written positions deleted, cut short or given another line's words."""
    from position_fuzz import check_contract

    g = game(3)
    texts = [s.notation() for s in states_along(g, 6, every=30, steps=600)]
    words = [w for t in texts for line in t.splitlines() for w in line.split(": ", 1)[-1].split(", ")]
    rng = random.Random(6)
    refused = 0
    for _ in range(200):
        lines = rng.choice(texts).splitlines()
        i = rng.randrange(len(lines))
        key = lines[i].partition(": ")[0]
        lines[i] = rng.choice([f"{key}: {rng.choice(words)}", lines[i][:rng.randrange(len(lines[i]) + 1)], ""])
        try:
            state = g.position("\n".join(lines))
        except PositionError as err:
            refused += 1
            assert err.field and ("line" in err.reason or "(not written)" in err.reason), err
            continue
        check_contract(state)
    assert refused > 0


# -- seats ---------------------------------------------------------------------------------------
def test_seats_are_player_1_in_words_and_p1_in_notation():
    g = game(3, first_player=1)
    state, rng, said = g.new_state(), random.Random(2), []
    while state.phase == "setup":
        state = state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[0])
        said += [e.text for e in state.events]
    assert [g.player_name(p) for p in range(3)] == ["Player 1", "Player 2", "Player 3"]
    text = " ".join(said)
    assert "Player 2 starts" in text and "Player 1 takes the ship" in text and "P0" not in text
    assert "Player 1 " in state._repr_svg_() and ">P0 " not in state._repr_svg_()
    assert "turn: P2" in state.notation()
    assert str(g.parse_action("attack P3")) == "attack P3" and g.parse_action("attack P3").target == 2
    for bare in ("attack 1", "attack P0", "first 0", "effect AC37 1"):
        with pytest.raises(IllegalAction):
            g.parse_action(bare)


def test_position_data_left_out_takes_the_setup_defaults():
    """The data form follows the notation's partial rules: a bare ship list is a start of turn
    with every card in the deck, the display and hands still to be dealt (S2, S4, S8, S11)."""
    g = game()
    state = g.state_from_dict({"ships": [{"captain": "Humboldt", "hand": []}, {"captain": "Crabby Jones"}]})
    assert state.phase == "start" and state.active == 0 and state.ships[0].cell == 0
    assert state.ships[1].shells == 2 and len(state.deck) == 76 and state.discard == ()
    assert [t[0] for t in state.pending] == ["draw", "pair", "pair", "pair", "turn_start"]
    assert g.state_from_dict(state.to_dict()) == state
    assert g.position(state.notation()) == state
