"""A player's odds (explorer.analysis.odds) against hand-counted cards in the toy draw game.

Deck R R B B; Player 1 is dealt red, Player 2 black, the pile holds R B. Player 1 sees
only his red card: the other three (R B B) are one player's card and a pile of two.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction as F

import pytest
from toy_games import DiceGame, DrawGame

from explorer.analysis import distribution, next_outcomes, view_distribution, view_probability
from explorer.core.errors import PositionError, TooManyWorlds


@pytest.fixture
def dealt():
    state = DrawGame(2).new_state().apply("deal red").apply("deal black")
    assert (state.hands, state.pile, state.player) == (("R", "B"), "RB", 0)
    return state


def p2_red(world):
    return world.hands[1] == "R"


def test_exact_odds_weigh_every_hidden_possibility(dealt):
    odds = view_probability(dealt, 0, p2_red)
    assert odds.probability == F(1, 3) and odds.exact and odds.worlds == 2
    assert odds.low == odds.high == 1 / 3
    mine = view_probability(dealt, 1, lambda w: w.hands[0] == "R")      # Player 2 holds black: R R B unseen
    assert mine.probability == F(2, 3)
    assert view_probability(dealt, None, p2_red).probability == 0        # the teacher knows the truth


def test_a_question_may_answer_a_probability(dealt):
    # Player 1 draws next: red with chance (reds in the pile) / 2 in each world; 1/3 * 0 + 2/3 * 1/2
    odds = view_probability(dealt, 0, lambda w: F(w.pile.count("R"), len(w.pile)))
    assert odds.probability == F(1, 3)
    exact = view_probability(dealt, 0, lambda w: distribution(w.apply("draw"), lambda s: s.hands[0],
                                                              depth=1).get("RR", F(0)))
    assert exact.probability == F(1, 3)
    assert view_probability(dealt, None, lambda w: F(w.pile.count("R"), 2)).probability == F(1, 2)


def test_view_distribution_is_exact_and_largest_first(dealt):
    dist = view_distribution(dealt, 0, lambda w: w.pile)
    assert dist == {"RB": F(2, 3), "BB": F(1, 3)} and list(dist) == ["RB", "BB"]
    three = DrawGame(3, reds=3, blacks=3).new_state()
    for card in ("deal red", "deal black", "deal red"):
        three = three.apply(card)
    # Player 2 holds black; unseen R R R B B: Player 1's card and Player 3's, and a pile of three
    reds = view_distribution(three, 1, lambda w: w.scores()[0] + w.scores()[2])
    assert reds == {2: F(3, 10), 1: F(6, 10), 0: F(1, 10)}
    assert sum(reds.values()) == 1


def test_beyond_the_limit_the_odds_are_sampled_with_an_interval_holding_the_exact_value():
    game = DrawGame(3, reds=6, blacks=6)
    state = game.new_state()
    for card in ("deal red", "deal black", "deal red"):
        state = state.apply(card)
    exact = view_probability(state, 0, p2_red)
    assert exact.exact and exact.probability == F(5, 11)           # 5 reds among Player 1's 11 unseen
    with pytest.raises(TooManyWorlds):
        list(game.hidden_worlds(state.view(0), limit=2))
    sampled = view_probability(state, 0, p2_red, limit=2, samples=3000, seed=4)
    assert not sampled.exact and sampled.worlds == 3000
    assert sampled.low < 5 / 11 < sampled.high and sampled.high - sampled.low < 0.05
    assert sampled == view_probability(state, 0, p2_red, limit=2, samples=3000, seed=4)   # seeded
    assert "sampled over 3000 possibilities from Player 1's view" in str(sampled)


@pytest.mark.parametrize("player", [2, -1, True, "0", 0.0], ids=["too-high", "negative", "bool", "text", "float"])
def test_a_bad_seat_is_one_error_naming_player(dealt, player):
    for call in (lambda: view_probability(dealt, player, p2_red), lambda: view_distribution(dealt, player, p2_red),
                 lambda: next_outcomes(dealt.apply("draw"), player)):
        with pytest.raises(PositionError) as err:
            call()
        assert err.value.field == "player" and "2-player" in err.value.reason


@pytest.mark.parametrize("answer", [2, F(-1, 2), F(3, 2), "1/2", None], ids=["two", "negative", "above-one", "text",
                                                                         "none"])
@pytest.mark.parametrize("limit", [100_000, 1], ids=["exact", "sampled"])
def test_an_answer_that_is_not_a_probability_is_one_error_naming_question(dealt, answer, limit):
    with pytest.raises(PositionError) as err:
        view_probability(dealt, 0, lambda w: answer, limit=limit, samples=10)
    assert err.value.field == "question"


@pytest.mark.parametrize("samples", [0, -5, True, 2.5], ids=["zero", "negative", "bool", "float"])
def test_a_bad_sample_count_is_refused_even_when_exact(dealt, samples):
    with pytest.raises(PositionError) as err:
        view_probability(dealt, 0, p2_red, samples=samples)
    assert err.value.field == "samples"


def test_next_outcomes_sum_to_one_and_group_by_what_the_player_would_read(dealt):
    drawing = dealt.apply("draw")                                  # Player 1 draws from R B (truth)
    mine = next_outcomes(drawing, 0)
    assert mine == {"Player 1 draws a card (black)": F(2, 3), "Player 1 draws a card (red)": F(1, 3)}
    assert next_outcomes(drawing, 1) == {"Player 1 draws a card": F(1)}     # Player 2 reads no colour
    teacher = next_outcomes(drawing, None)
    assert teacher == {"Player 1 draws a card (red)": F(1, 2), "Player 1 draws a card (black)": F(1, 2)}
    for odds in (mine, teacher, next_outcomes(drawing, 1)):
        assert sum(odds.values()) == 1
    with pytest.raises(PositionError) as err:
        next_outcomes(dealt, 0)
    assert err.value.field == "state"


def test_next_outcomes_of_a_fair_die_are_the_die_odds_for_everyone():
    rolling = DiceGame(2).new_state().apply("one")
    for player in (None, 0, 1):
        odds = next_outcomes(rolling, player)
        assert sum(odds.values()) == 1 and len(odds) == 6 and set(odds.values()) == {F(1, 6)}


def test_odds_print_with_the_seat_name_and_render_as_valid_html(dealt):
    odds = view_probability(dealt, 0, p2_red)
    assert str(odds) == "1/3 (33.3%), exact from Player 1's view"
    span = ET.fromstring(odds._repr_html_())
    assert span.get("title") == str(odds) and span.text == str(odds)
    assert "everyone's view" in str(view_probability(dealt, None, p2_red))
