"""OpenSpiel's own expectiminimax agrees with our exact Jolly & Roger solver on final-round
positions, through the OpenSpiel adapter with ``returns=score_difference``.

Why the values can be compared (digest, Hidden information): both players see the same cards;
only the draw pile and the 3 cards set aside unseen (S4) are hidden, from both. OpenSpiel
searches the true state, so its chance node draws from the true pile alone; our solver treats
every unseen card alike (C3: the pile and the set-aside cards together). Nothing tells the
players which unseen cards were set aside, so our value is the average of OpenSpiel's over
every way the unseen cards could be split between pile and aside, equally likely. Once the
final round's cards are drawn, the set-aside cards can never matter (A20) and the two values
are equal outright.
"""

from __future__ import annotations

import pyspiel
import pytest
from games.jolly_and_roger.support import loose
from open_spiel.python.algorithms.minimax import expectiminimax

import explorer
import explorer.adapters.openspiel  # registers python_<name>
from explorer.core.errors import OptionError, PositionError
from explorer.games.jolly_and_roger.data import CARDS, PIRATE_COUNTS, PIRATES
from explorer.games.jolly_and_roger.solver import Solver

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

GAME = explorer.load("jolly_and_roger")
SPIEL = pyspiel.load_game("python_jolly_and_roger", {"returns": "score_difference"})


def final_round(out: list[str], pile: list[str], aside: list[str], **fields):
    """A round-8 position (R24): `out` on the table or in hands, `pile` still to draw, `aside`
    set aside unseen; every other card lies in the earlier rounds' crews and chests."""
    left = dict(zip(CARDS, PIRATE_COUNTS, strict=True))
    for card in (*out, *pile, *aside):
        left[card] -= 1
    rest = [card for card in PIRATES for _ in range(left[card])]
    piles = [{ship: [] for ship in "GYBR"} for _ in range(2)]
    chests: list[list[str]] = [[], []]
    for i, card in enumerate(rest):
        side = (i // 2) % 2
        (chests[side] if i % 7 == 3 else piles[side][card[0]]).append(card)
    return loose(GAME, {"round": 8, "splitter": 0, "piles": piles, "chests": chests,
                                 "pile": {c: pile.count(c) for c in set(pile)},
                                 "aside": {c: aside.count(c) for c in set(aside)}, **fields})


def openspiel_value(state) -> float:
    """OpenSpiel's expectiminimax on the true state: P1's final score minus P2's."""
    value, _ = expectiminimax(SPIEL.state_at(state), 100, None, 0)
    return value


class TestScoreDifferenceReturns:
    def test_type_and_range(self):
        assert SPIEL.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
        bound = GAME.score_difference_bound()
        assert (SPIEL.min_utility(), SPIEL.max_utility(), SPIEL.utility_sum()) == (-bound, bound, 0.0)
        assert pyspiel.load_game("python_jolly_and_roger").get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM

    def test_a_finished_game_returns_the_score_difference(self):
        state = SPIEL.state_at(GAME.start(seed=4))
        while not state.is_terminal():
            state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[-1])
        first, second = state.model.scores()
        assert state.returns() == [first - second, second - first] and abs(first - second) <= SPIEL.max_utility()

    def test_score_difference_needs_two_players_and_a_bound(self):
        with pytest.raises(OptionError, match="returns: score_difference needs two players"):
            pyspiel.load_game("python_dead_mans_dice", {"players": 2, "returns": "score_difference"})
        with pytest.raises(OptionError, match="returns: 'wins' is not one of win_shares, score_difference"):
            pyspiel.load_game("python_jolly_and_roger", {"returns": "wins"})

    def test_a_position_of_another_set_up_is_refused(self):
        with pytest.raises(PositionError, match="game: the position is not one of"):
            SPIEL.state_at(explorer.load("jolly_and_roger", tiebreak="more_gold").start(seed=1))


class TestOpenSpielAgreesWithOurSolver:
    def test_final_round_choose(self):
        table = ["G2", "G2", "Y2", "Y2", "Y2"]
        state = final_round(table, [], ["R1", "R1", "B3"], phase="choose", table=table,
                            offers=[["G2", "G2"], ["Y2", "Y2", "Y2"]])
        ours = Solver().value(state)
        assert len({value for _, value in Solver().candidates(state)}) == 2      # the choice matters
        assert openspiel_value(state) == pytest.approx(float(ours), abs=1e-9)

    def test_final_round_placements(self):
        state = final_round(["B2", "R1", "R1", "G3", "Y4"], [], ["R2", "R2", "B5"], phase="place", splitter=1,
                            offers=[["G3", "Y4"], ["B2", "R1", "R1"]], hands=[["B2", "R1", "R1"], ["G3", "Y4"]])
        ours = Solver().value(state)
        assert state.to_move == 0 and len({value for _, value in Solver().candidates(state)}) > 1
        assert openspiel_value(state) == pytest.approx(float(ours), abs=1e-9)

    def test_final_round_draw_is_the_average_over_the_hidden_pile(self):
        """Four cards drawn; the last comes from the 4 unseen: 1 in the pile, 3 set aside."""
        drawn, unseen = ["G1"] * 4, ["Y1", "Y1", "Y1", "R5"]
        ours, average = None, 0.0
        values = {}
        for card in sorted(set(unseen)):
            aside = list(unseen)
            aside.remove(card)
            state = final_round(drawn, [card], aside, phase="draw", table=drawn)
            ours = Solver().value(state) if ours is None else ours
            assert Solver().value(state) == ours                     # same public information
            values[card] = openspiel_value(state)
            after = state._step(state.chance_outcomes()[0][0])       # the true pile's last card
            assert values[card] == pytest.approx(float(Solver().value(after)), abs=1e-9)
            average += values[card] * unseen.count(card) / len(unseen)
        assert len(set(values.values())) == 2            # the hidden split decides OpenSpiel's value
        assert ours.denominator > 1 and average == pytest.approx(float(ours), abs=1e-9)
