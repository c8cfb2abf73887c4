"""Dead Man's Dice: the exact whole-round outcome (a Markov chain with cycles) against hand work and sampling."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from games.dead_mans_dice.support import table

import explorer
from explorer.games.dead_mans_dice import odds as an
from explorer.games.dead_mans_dice.model import Broadside, Plunder, Roll
from explorer.games.dead_mans_dice.rounds.exact import NeverEnds, exact_round

pytestmark = pytest.mark.slow

Z99 = 2.576


def plain_rule(state):
    """Roll the first die in hand, take the first plunder offered, never fire."""
    legal = state.legal_actions()
    for kind in (Plunder, Roll):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]


def uniform(state):
    """Uniformly random play, as a mixed policy."""
    legal = state.legal_actions()
    return {a: F(1, len(legal)) for a in legal}


def seat_policy(game, name):
    policy = game.policies()[name](game)
    rng = random.Random(0)
    return lambda s: policy.choose(s.view(s.player), s.legal_actions(), rng)


def random_sampler(seed=7):
    rng = random.Random(seed)
    return lambda s: s.legal_actions()[rng.randrange(len(s.legal_actions()))]


def last_dice():
    """P1: pile [P1-1=2, P1-2=3], holds P1-J; P2: pile [P2-1=4, P2-J=5], holds P2-2; P1 to move."""
    return table(["P1-J", "P2-2"], ["P1-1=2 P1-2=3", "P2-1=4 P2-J=5"], to_move=0)


def test_E5_R19_R28_hand_worked_round_with_a_cycle():
    """Each pirate has one die left; each rolls it, plunders when it can, never fires.

    P1 rolls P1-J on top 3 (R14, R15):
    - S (1/6): a skull fits; S takes only 2 or 6 and P2's top is 5. P1's hand is empty, the round
      ends (R28): P1 (2+3+7)*2 = 24 (E3), P2 4+5 = 9 (P2-J is in a pile: no keelhauling).
    - 3 (1/6): a match; top 3 takes only 4. P1 2+3+3 = 8, P2 9.
    - 4 (1/6): one higher; top 4 takes 3 or 5, so P1 plunders P2-J=5, then top 5 takes 2 or 6 and
      P2's top is 4. P1 2+3+4+5 = 14, P2 4 (P2-J sits in P1's pile: P2 is not keelhauled).
    - 2, 5, 6 (1/2): marooned (R19), P1-J goes back to hand, P2 rolls P2-2 on top 5:
      - 2 (1/6): 2+5 = 7 fits, top 2 takes 3: P2 plunders P1-2=3, then top 3 takes 4 (P1's top is 2).
        P2 4+5+2+3 = 14; P1 2, holding P1-J: 2-7 = -5 (E4).
      - 5 (1/6): a match; top 5 takes 2 or 6, P1's top is 3. P2 14, P1 2+3-7 = -2.
      - 6 (1/6): one higher; top 6 takes 1. P2 15, P1 -2.
      - else (1/2): marooned too, and the very position we started from recurs.
    So x = a + b/2 + x/4, where a, b are P1's and P2's one-pass outcomes: x = (4/3)(a + b/2).
    P1 ends the round with 4/3 * 1/2 = 2/3, each of its three outcomes 2/9; P2's each 1/9.
    Means: P1 (2/9)(24+8+14) + (1/9)(-5-2-2) = 83/9; P2 (2/9)(9+9+4) + (1/9)(14+14+15) = 29/3.
    """
    result = exact_round(last_dice(), plain_rule)
    assert result.outcomes == {(0, (24, 9)): F(2, 9), (0, (8, 9)): F(2, 9), (0, (14, 4)): F(2, 9),
                               (1, (-5, 14)): F(1, 9), (1, (-2, 14)): F(1, 9), (1, (-2, 15)): F(1, 9)}
    assert result.ender() == {0: F(2, 3), 1: F(1, 3)}
    assert result.mean == (F(83, 9), F(29, 3))
    assert result.score(0) == {-5: F(1, 9), -2: F(2, 9), 8: F(2, 9), 14: F(2, 9), 24: F(2, 9)}
    assert result.difference(0, 1) == {-19: F(1, 9), -17: F(1, 9), -16: F(1, 9), -1: F(2, 9), 10: F(2, 9),
                                       15: F(2, 9)}
    assert result.states == 6


def test_greedy_plays_the_hand_worked_round_the_same_way():
    """Greedy's only choices here are the plunders (C9): it takes P2-J=5 and P1-2=3 as the plain rule does."""
    s = last_dice()
    exact = an.round_outcome(s, seat_policy(s.game, "greedy"))
    assert exact.exact and exact.half_width == (0.0, 0.0) and exact.samples == 0
    assert exact.distribution.outcomes == exact_round(s, plain_rule).outcomes
    assert exact.mean == (F(83, 9), F(29, 3))


def small_positions(fresh=False):
    two = explorer.load("dead_mans_dice", players=2)
    yield "last dice, greedy", last_dice(), lambda g: seat_policy(g, "greedy"), lambda g: seat_policy(g, "greedy")
    yield ("3 pirates mid-round, cautious",
           table(["P1-2 P1-J", "P2-2", "P3-1 P3-J"], ["P1-1=3", "P2-1=6 P2-J=S", "P3-2=2"], to_move=1),
           lambda g: seat_policy(g, "cautious"), lambda g: seat_policy(g, "cautious"))
    yield ("uniform play, broadsides off",
           table(["P1-2 P1-J", "P2-2"], ["P1-1=4", "P2-1=6 P2-J=6"], options={"broadside": "off"}),
           lambda g: uniform, lambda g: random_sampler())
    if fresh:
        yield "fresh 2-pirate round, greedy", two.start(seed=1), lambda g: seat_policy(g, "greedy"), \
            lambda g: seat_policy(g, "greedy")


@pytest.mark.parametrize("name, state, exact_policy, sample_policy", list(small_positions()),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_exact_round_inside_the_sampled_99_percent_interval(name, state, exact_policy, sample_policy):
    exact = an.round_outcome(state, exact_policy(state.game), max_nodes=10_000)
    assert exact.exact, name
    sampled = an.round_outcome(state, sample_policy(state.game), max_nodes=0, samples=1_500, seed=11, z=Z99)
    assert not sampled.exact and sampled.samples == 1_500
    for m, s, h in zip(exact.mean, sampled.mean, sampled.half_width, strict=True):
        assert abs(float(m) - s) <= h, (name, float(m), s, h)


@pytest.mark.parametrize("name, state, exact_policy, _", list(small_positions(fresh=True)),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_round_outcome_probabilities_sum_to_exactly_one(name, state, exact_policy, _):
    result = exact_round(state, exact_policy(state.game), max_states=10_000)
    assert sum(result.outcomes.values()) == 1
    assert all(q > 0 for q in result.outcomes.values())
    for p in range(state.game.players):
        assert sum(result.score(p).values()) == 1
        expected = sum((q * scores[p] for (_, scores), q in result.outcomes.items()), F(0))
        assert result.mean[p] <= expected      # walk-the-plank charges (E6) only lower the mean


def test_E6_endless_fire_is_refused():
    s = table(["P1-J", "P2-2"], ["P1-1=4 P1-2=5", "P2-1=6 P2-J=6"], to_move=0)

    def always_fire(state):
        return next((a for a in state.legal_actions() if isinstance(a, Broadside)), state.legal_actions()[0])

    with pytest.raises(NeverEnds):
        exact_round(s, always_fire)


def test_max_states_falls_back_to_sampling():
    three = explorer.load("dead_mans_dice", players=3)
    assert exact_round(three.start(seed=1), uniform, max_states=500) is None
    outcome = an.round_outcome(three.start(seed=1), random_sampler(), max_nodes=500, samples=50, seed=1)
    assert not outcome.exact and outcome.distribution is None and len(outcome.mean) == 3
