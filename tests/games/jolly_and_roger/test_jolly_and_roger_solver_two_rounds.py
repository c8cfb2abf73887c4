"""The exact solver over two whole rounds against brute force and an independent computation.

- From round 7's last placement (round 8's draw and play after it) against brute force over
  the real rules: chance expected exactly, every action sequence tried, equal full states
  shared (a transposition table, not the solver's reduced state). Brute force takes 2-3
  minutes per case.
- From round 7's draw (every draw batched at once) against the real game's chance tree
  down to round 7's split, each split position solved on its own by a fresh solver.

The hidden cards left are all in the pile, so the draws are the same in the real game and
in the solver's C3 model (with set-aside cards the players do not know which cards come
up, while the real game's chance follows the true pile)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from games.jolly_and_roger.support import GAME, chance_tree, loose

from explorer.core.play import advance
from explorer.games.jolly_and_roger.data import CARDS
from explorer.games.jolly_and_roger.solver import Solver

pytestmark = pytest.mark.slow


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


def small_position(seed: int, unseen: int, stop, game=GAME):
    """The first position of a random game where `stop` holds, with all but `unseen` hidden
    cards taken out of play and the rest in the pile (nothing set aside)."""
    rng = random.Random(seed)
    s = game.start(seed=seed)
    while not stop(s):
        s = advance(s, rng, steps=1)
    data = s.to_dict()
    hidden = [c for c, a, b in zip(CARDS, s.pile, s.aside, strict=True) for _ in range(a + b)]
    rng.shuffle(hidden)
    keep = sorted(hidden[:unseen])
    data["removed"] = list(data.get("removed", [])) + hidden[unseen:]
    data["pile"] = {c: keep.count(c) for c in set(keep)}
    data["aside"], data["early"] = {}, 0
    return loose(game, data)


def small_two_round_position(seed: int, unseen: int, game=GAME):
    """Round 7, the splitter's last card to place, `unseen` hidden cards left."""
    return small_position(seed, unseen, lambda s: s.round == 7 and s.phase == "place"
                          and s.to_move == s.splitter and len(s.hands[s.splitter]) == 1, game)


@pytest.mark.parametrize(("seed", "unseen"), [(1, 5)])   # ~3 min of brute force per case
def test_two_round_solve_equals_brute_force(seed, unseen):
    s = small_two_round_position(seed, unseen)
    assert sum(s.pile) + sum(s.aside) == unseen
    assert Solver().value(s) == brute(s, {})


@pytest.mark.parametrize(("seed", "unseen"), [(2, 9)])
def test_two_rounds_from_round_7_draw_equal_the_real_chance_tree_over_split_values(seed, unseen):
    """Round 7's draw with three cards up and nine hidden: the batched value equals the
    expectation, over the real game's draws of round 7's last two cards, of each split
    position solved by its own solver (round 8 then draws five of the seven left)."""
    s = small_position(seed, unseen, lambda s: s.round == 7 and s.phase == "draw" and len(s.table) == 3)
    assert s.phase == "draw" and len(s.table) == 3 and sum(s.pile) == unseen and not sum(s.aside)
    splits = chance_tree(s, lambda t: t.phase == "split")
    assert sum(splits.values()) == 1 and all(t.phase == "split" and t.round == 7 for t in splits)
    expected = sum((p * Solver().value(t) for t, p in splits.items()), Fraction(0))
    assert Solver().value(s) == expected
