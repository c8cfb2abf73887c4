"""A state's history is kept in flat chunks (`explorer.core.trail`), never a deep chain: a long
random playout's state can be copied and freed without recursing once per step (Pyodide's
stack gave out at about 7,000 nested links), and `history` reads as before."""

from __future__ import annotations

import copy
import gc
import random
import sys

import pytest

import explorer
from explorer.core import trail as T
from explorer.core.play import advance, replay


def depth(value: object) -> int:
    """How many tuples deep `value` nests (iteratively, so a deep chain cannot overflow here)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, tuple):
            deepest = max(deepest, level)
            stack.extend((x, level + 1) for x in item if isinstance(x, tuple))
    return deepest


@pytest.mark.parametrize("n", [0, 1, T.CHUNK - 1, T.CHUNK, T.CHUNK + 1, 3 * T.CHUNK, 5000])
def test_steps_and_length_follow_every_extension(n):
    trail = None
    for i in range(n):
        trail = T.extend(trail, i)
    assert T.steps(trail) == tuple(range(n))
    assert T.length(trail) == n
    assert depth(trail) <= 3


def test_an_extension_leaves_the_trail_it_came_from_unchanged():
    base = None
    for i in range(T.CHUNK):
        base = T.extend(base, i)
    left, right = T.extend(base, "left"), T.extend(base, "right")
    assert T.steps(base) == tuple(range(T.CHUNK))
    assert T.steps(left)[-1] == "left" and T.steps(right)[-1] == "right"
    assert left[0][0] is right[0][0]          # the full chunk is shared, not copied


def test_a_30000_step_random_playout_is_flat_and_frees_without_recursion():
    game = explorer.load("last_bottle_of_rum")     # no turn limit by default: a random game runs on
    # (seed 1: seed 5's random game is won at step 15,052 since exchanges that give back what they
    # take are no longer offered, R12; the trail is the subject here, not how long a game lasts)
    state = advance(game.new_state(), 1, None, 30_000)
    assert len(state.history) == 30_000
    assert depth(state._trail) <= 3
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)                     # a walk of a chain would need 30,000 frames
    try:
        copied = copy.deepcopy(state._trail)
    finally:
        sys.setrecursionlimit(limit)
    assert T.steps(copied) == state.history
    del state, copied
    gc.collect()


@pytest.mark.parametrize("name", explorer.games())
def test_history_is_every_step_in_order_and_replays(name):
    game = explorer.load(name)
    rng = random.Random(11)
    state, applied = game.new_state(), []
    for _ in range(150):
        if state.is_over:
            break
        step = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        applied.append(step)
        branch = state.apply(step)
        assert state.history == tuple(applied[:-1])    # the parent is unchanged
        state = branch
    assert state.history == tuple(applied)
    assert replay(game, state.history) == state
