"""The exact solver over two whole rounds (round 7's last placements, round 8's draw and play)
against brute force over the real rules: chance expected exactly, every action sequence
tried, equal full states shared (a transposition table, not the solver's reduced state).

Exactly five hidden cards are left, all in the pile, so round 8's draw is the same in the
real game and in the solver's C3 model (with set-aside cards the players do not know which
five come up, while brute force over the true state would). Brute force takes 2-3 minutes per case."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from jr_helpers import GAME

from explorer.core.play import advance
from explorer.games.jolly_and_roger.data import CARDS
from explorer.games.jolly_and_roger.solver import Solver


def brute(state, seen: dict) -> Fraction:
    """Expectiminimax over the real game: P1 - P2 final score, chance weighted exactly."""
    found = seen.get(state)
    if found is not None:
        return found
    if state.is_over:
        a, b = state.scores()
        found = Fraction(a - b)
    elif state.is_chance:
        found = sum((q * brute(state._step(o), seen) for o, q in state.chance_outcomes()), Fraction(0))
    else:
        values = [brute(state._step(a), seen) for a in state.legal_actions()]
        found = max(values) if state.player == 0 else min(values)
    seen[state] = found
    return found


def small_two_round_position(seed: int, unseen: int):
    """Round 7, the splitter's last card to place; all but `unseen` hidden cards taken out of play."""
    rng = random.Random(seed)
    s = GAME.start(seed=seed)
    while not (s.round == 7 and s.phase == "place" and s.to_move == s.splitter and len(s.hands[s.splitter]) == 1):
        s = advance(s, rng, steps=1)
    data = s.to_dict()
    hidden = [c for c, a, b in zip(CARDS, s.pile, s.aside, strict=False) for _ in range(a + b)]
    rng.shuffle(hidden)
    keep = sorted(hidden[:unseen])
    data["removed"] = list(data.get("removed", [])) + hidden[unseen:]
    data["pile"] = {c: keep[:5].count(c) for c in set(keep[:5])}
    data["aside"] = {c: keep[5:].count(c) for c in set(keep[5:])}
    return GAME.state_from_dict(data)


@pytest.mark.parametrize(("seed", "unseen"), [(1, 5)])   # ~3 min of brute force per case
def test_two_round_solve_equals_brute_force(seed, unseen):
    s = small_two_round_position(seed, unseen)
    assert sum(s.pile) + sum(s.aside) == unseen
    assert Solver().value(s) == brute(s, {})
