"""The single round (V1) through our OpenSpiel adapter (``python_liars_dice``) against OpenSpiel's
C++ ``liars_dice`` with the same parameters, under the documented action mapping (spaces.py):
the same histories, information states per player, chance probabilities and returns, and the same
exploitability and CFR values from OpenSpiel's own algorithms. Also the chance panel's odds of a
bid (odds.py) against a direct enumeration.

For one die of 6 sides the whole tree (294,883 histories) is walked in lockstep; OpenSpiel's
Python algorithms then run on the C++ game and on our adapter's tree, written in Gambit's format
exactly as OpenSpiel's `gambit.export_gambit` writes it (checked on a smaller set-up, where the
algorithms also run on the adapter directly) and read back by `pyspiel.load_efg_game`: run
directly on the Python adapter they take minutes. For two dice of 4 sides (33,554,261 histories)
random deals and bid sequences are checked node by node, and the history count is derived from
one deal's bid tree, which is the same for every deal (legal bids never depend on the dice).
OpenSpiel's algorithms on both games at two dice of 3 sides: test_liars_dice_openspiel_full.py.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import pairwise, product

import pyspiel
import pytest
from games.liars_dice.spiel_support import efg_text, games, walk_all, walk_sampled
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability, gambit

import explorer
from explorer.games.liars_dice.odds import view_bid_chance

pytestmark = pytest.mark.slow
TOLERANCE = 1e-9
CFR_ITERATIONS = 3


def cfr_figures(game, iterations: int = CFR_ITERATIONS) -> tuple[float, float]:
    """OpenSpiel's CFR: the first player's value of the average policy after `iterations`, and its NashConv."""
    solver = cfr.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [average, average])[0]
    return value, exploitability.nash_conv(game, average)


def uniform_exploitability(game) -> float:
    return exploitability.exploitability(game, policy.UniformRandomPolicy(game))


def test_V1_three_sides_agree_directly_and_through_gambit():
    """1 die of 3 sides: the algorithms on the adapter itself, on its Gambit text, and on C++ agree,
    and our Gambit writer is OpenSpiel's `export_gambit`, text for text."""
    ours, theirs = games(1, 3)
    walk = walk_all(ours, theirs, efg=True)
    assert efg_text(ours, walk) == gambit.export_gambit(ours)
    efg = pyspiel.load_efg_game(efg_text(ours, walk))
    figures = [uniform_exploitability(g) for g in (ours, efg, theirs)]
    assert max(figures) - min(figures) < TOLERANCE, figures
    solved = [cfr_figures(g) for g in (ours, efg, theirs)]
    for a, b in pairwise(solved):
        assert abs(a[0] - b[0]) < TOLERANCE and abs(a[1] - b[1]) < TOLERANCE, solved


def test_V1_one_die_of_six_sides_agrees_with_openspiel():
    ours, theirs = games(1, 6)
    walk = walk_all(ours, theirs, efg=True)
    assert walk.histories == 294_883
    assert [len(t) for t in walk.infostates] == [len(t) for t in walk.theirs] == [12_288, 12_288]
    efg = pyspiel.load_efg_game(efg_text(ours, walk))
    mine, reference = uniform_exploitability(efg), uniform_exploitability(theirs)
    assert abs(mine - reference) < TOLERANCE and abs(reference - 0.7807443231922397) < TOLERANCE
    (value, conv), (their_value, their_conv) = cfr_figures(efg), cfr_figures(theirs)
    assert abs(value - their_value) < TOLERANCE and abs(conv - their_conv) < TOLERANCE


@pytest.mark.parametrize("bidding", ["reset-face", "reset-quantity"])
def test_V3_two_dice_of_four_sides_agree_on_sampled_histories(bidding):
    ours, theirs = games(2, 4, bidding)
    walk = walk_sampled(ours, theirs, deals=150, seed=7)
    assert walk.terminals == 150 and walk.histories > 150 * 6
    # one of the 256 ordered deals (4 dice), its whole bid tree; every deal has the same tree
    o, t = ours.new_initial_state(), theirs.new_initial_state()
    for face in (2, 0, 3, 3):
        o, t = o.child(face), t.child(face)
    stack, bid_tree, deciding = [t], 0, [0, 0]
    while stack:
        node = stack.pop()
        bid_tree += 1
        if not node.is_terminal():
            deciding[node.current_player()] += 1
        stack.extend(node.child(a) for a in node.legal_actions())
    assert bid_tree == 2 ** 17 - 1           # 16 bids: each subset of them, ended by liar or not
    nodes = list(_bid_tree(o.model))
    assert len(nodes) == bid_tree
    assert [sum(1 for n in nodes if n.player == p) for p in (0, 1)] == deciding
    # chance nodes before the deal is complete, then 4**4 ordered deals, each with that bid tree;
    # the same count for one die of 6 sides is the 294,883 the full walk finds
    assert sum(4 ** k for k in range(4)) + 4 ** 4 * bid_tree == 33_554_261
    assert sum(6 ** k for k in range(2)) + 6 ** 2 * (2 ** 13 - 1) == 294_883
    # information states: a player's sorted cup (10 multisets of 2 dice of 4 faces) and the bids
    assert [10 * d for d in deciding] == [327_680, 327_680]


def _bid_tree(state):
    stack = [state]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.apply(a) for a in node.legal_actions())


def test_C2_the_odds_of_a_bid_from_one_seat_equal_a_direct_enumeration():
    """odds.py as the chance panel shows it, against counting every roll of the unseen dice and
    against weighing our hidden worlds (worlds.py)."""
    game = explorer.load("liars_dice", players=2, single_round=True, dice=2, sides=4)
    rng = random.Random(5)
    for _ in range(6):
        state = game.start(rng.randrange(1000))
        view = state.view(1)
        worlds = list(game.hidden_worlds(view))
        for quantity, face in product(range(1, 5), range(1, 5)):
            shown = view_bid_chance(game, view, quantity, face)
            hits = sum(game.RULEBOOK.matches(game, (cup, state.cups[1]), face) >= quantity
                       for cup in product(range(1, 5), repeat=2))
            weighed = sum((p for w, p in worlds if game.RULEBOOK.matches(game, w.cups, face) >= quantity),
                          Fraction(0))
            assert shown == Fraction(hits, 16) == weighed
