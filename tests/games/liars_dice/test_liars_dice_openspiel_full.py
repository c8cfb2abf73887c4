"""The single round (V1) at two dice each through our OpenSpiel adapter (``python_liars_dice``)
against OpenSpiel's C++ ``liars_dice`` with the same parameters, whole (V3's bidding rules).

OpenSpiel's algorithms do not fit two dice of 4 sides (33,554,261 histories) on one machine: its
best response (exploitability, NashConv) keeps a tree of every history (about 1.4 KB each, some
47 GB here), our tree in Gambit's format would hold some 8 GB once read (243 bytes a node) beside
its text, and its CFR run on the Python adapter itself would take hours. So they run on two dice
of 3 sides (663,511 histories), on the C++ game and on our tree written in Gambit's format and
read back by `pyspiel.load_efg_game`, after a lockstep walk of every history. At two dice of 4
sides every chance node and the whole bid tree of ten deals, which give each seat each of its 10
cups, are walked in lockstep on two processes: every information state of both players, one to
one with OpenSpiel's (the walk split over the deals is checked on one die of 6 sides against the
figures of the single-process walk). Marked ``peer``: minutes each.
"""

from __future__ import annotations

import pyspiel
import pytest
from games.liars_dice.spiel_support import (
    cfr_solver,
    efg_text,
    first_player_value,
    games,
    walk_all,
    walk_all_deals,
)

pytestmark = [pytest.mark.slow, pytest.mark.peer]
TOLERANCE = 1e-9
CFR_ITERATIONS = 3
BIDDING = ["reset-face", "reset-quantity"]


def cpp_figures(game) -> tuple[float, float, float]:
    """OpenSpiel's C++ algorithms: the exploitability of the uniform policy, then after
    `CFR_ITERATIONS` of CFR the first player's value of the average policy and its NashConv."""
    uniform = pyspiel.exploitability(game, pyspiel.UniformPolicy())
    solver = cfr_solver(game, CFR_ITERATIONS)
    average = solver.average_policy()
    return uniform, first_player_value(game, average), pyspiel.nash_conv(game, average)


def test_V1_one_die_of_six_sides_walked_deal_by_deal_on_two_processes():
    walk = walk_all_deals(1, 6, "reset-face", processes=2)
    assert walk.histories == 294_883 and walk.chance_nodes == 1 + 6
    assert walk.terminals == 6 ** 2 * (2 ** 12 - 1)     # each deal: a call after each rising bid sequence
    assert walk.counts() == [12_288, 12_288]


# ten deals of two dice of 4 sides: each seat gets each of the 10 sorted cups once (faces - 1)
CUPS = [(a, b) for a in range(4) for b in range(a, 4)]
EVERY_CUP = {(*CUPS[k], *CUPS[(3 * k + 1) % 10]) for k in range(10)}


@pytest.mark.parametrize("bidding", BIDDING)
def test_V1_V3_two_dice_of_four_sides_every_information_state_agrees(bidding: str) -> None:
    """Every chance node, and the whole bid tree of ten deals that give each seat every cup: so
    every information state of both players (a cup and the bids), one to one with OpenSpiel's."""
    walk = walk_all_deals(2, 4, bidding, processes=2, only=EVERY_CUP)
    chance = 1 + 4 + 4 ** 2 + 4 ** 3
    assert walk.chance_nodes == chance
    assert walk.histories == chance + 10 * (2 ** 17 - 1)
    assert walk.terminals == 10 * (2 ** 16 - 1)
    assert walk.counts() == [327_680, 327_680]           # 10 sorted cups x 32,768 bid sequences


@pytest.mark.parametrize("bidding", BIDDING)
def test_V1_V3_two_dice_of_three_sides_openspiel_algorithms_agree(bidding: str) -> None:
    ours, theirs = games(2, 3, bidding)
    walk = walk_all(ours, theirs, efg=True)
    assert walk.histories == 1 + 3 + 3 ** 2 + 3 ** 3 + 3 ** 4 * (2 ** 13 - 1) == 663_511
    assert [len(t) for t in walk.infostates] == [len(t) for t in walk.theirs] == [12_288, 12_288]
    efg = pyspiel.load_efg_game(efg_text(ours, walk))
    del walk
    mine, reference = cpp_figures(efg), cpp_figures(theirs)
    assert all(abs(a - b) < TOLERANCE for a, b in zip(mine, reference, strict=True)), (mine, reference)
