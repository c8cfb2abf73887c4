"""Exact evaluation by enumeration: distributions of any quantity, and expectimax.

Every chance node is followed through all its outcomes with their exact `Fraction`
probabilities; decisions follow a given rule or end the walk. Equal states (equal by
position) are evaluated once, so transpositions cost nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.game import State

Quantity = Callable[[State], Hashable]
Decide = Callable[[State], Any]
ONE = Fraction(1)


def random_decisions(state: State) -> dict[Any, Fraction]:
    """Every legal action equally likely: the random policy, exactly."""
    legal = state.legal_actions()
    return {a: Fraction(1, len(legal)) for a in legal}


def distribution(state: State, quantity: Quantity, *, depth: int | None = None,
                 until: Callable[[State], bool] | None = None,
                 decide: Decide | str | None = None, limit: int = 1_000_000) -> dict[Hashable, Fraction]:
    """The exact distribution of `quantity(final state)`.

    The walk from `state` stops at a state that is over, satisfies `until`, lies `depth`
    steps away, or is a decision when `decide` is None. At a decision, `decide` is a
    function of the state returning the action to play, or ``"random"`` for every legal
    action equally likely. `limit` bounds the number of distinct states visited (a guard).
    Values are ordered by the size of their probability, largest first.
    """
    if decide is not None and decide != "random" and not callable(decide):
        raise PositionError("decide", f"{decide!r} is neither a function of the state nor 'random'")
    if depth is not None and depth < 0:
        raise PositionError("depth", f"{depth} is negative")
    memo: dict[tuple[State, int | None], dict[Hashable, Fraction]] = {}

    def walk(s: State, left: int | None) -> dict[Hashable, Fraction]:
        key = (s, left)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) >= limit:
            raise PositionError("limit", f"more than {limit} distinct states; lower depth or stop earlier")
        if (s.is_over or left == 0 or (until is not None and until(s))
                or (not s.is_chance and decide is None)):
            result = {quantity(s): ONE}
        else:
            if s.is_chance:
                branches = s.chance_outcomes()
            elif decide == "random":
                branches = tuple(random_decisions(s).items())
            else:
                branches = ((decide(s), ONE),)  # type: ignore[operator]
            result = {}
            nxt = None if left is None else left - 1
            step = s.apply if callable(decide) and not s.is_chance else s._step   # check a given rule
            for outcome, p in branches:
                for value, q in walk(step(outcome), nxt).items():
                    result[value] = result.get(value, Fraction(0)) + p * q
        memo[key] = result
        return result

    found = walk(state, depth)
    return dict(sorted(found.items(), key=lambda kv: -kv[1]))


def chance_distribution(state: State) -> dict[str, Fraction]:
    """The outcomes of a chance node by notation, with their exact probabilities."""
    if not state.is_chance:
        raise PositionError("state", "is not a chance node (a decision or the end of the game)")
    return {str(outcome): p for outcome, p in state.chance_outcomes()}


def expectation(dist: Mapping[Any, Fraction]) -> Fraction:
    """The exact mean of a distribution of numbers."""
    return sum((Fraction(v) * p for v, p in dist.items()), Fraction(0))


def probability(dist: Mapping[Any, Fraction], event: Callable[[Any], bool]) -> Fraction:
    """The exact probability that `event(value)` holds."""
    return sum((p for v, p in dist.items() if event(v)), Fraction(0))


def action_values(state: State, depth: int, value: Callable[[State], tuple] | None = None,
                  limit: int = 1_000_000) -> dict[str, tuple[Fraction, ...]]:
    """Small-horizon expectimax: each legal action's exact expected value vector.

    Looking `depth` steps ahead (decisions and chance outcomes both count), chance is
    averaged exactly and every later decision is taken by its player to maximise their
    own component (max-n). `value` gives one number per player (default: `scores`).
    Returns ``{notation: vector}``; the acting player's component ranks the actions.
    """
    if state.is_chance or state.is_over:
        raise PositionError("state", "expectimax needs a decision to choose")
    if depth < 1:
        raise PositionError("depth", f"must be at least 1, not {depth}")
    value = value or (lambda s: s.scores())
    memo: dict[tuple[State, int], tuple[Fraction, ...]] = {}

    def walk(s: State, left: int) -> tuple[Fraction, ...]:
        key = (s, left)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) >= limit:
            raise PositionError("limit", f"more than {limit} distinct states; lower the depth")
        if s.is_over or left == 0:
            result = tuple(Fraction(v) for v in value(s))
        elif s.is_chance:
            parts = [(p, walk(s._step(o), left - 1)) for o, p in s.chance_outcomes()]
            result = tuple(sum((p * v[i] for p, v in parts), Fraction(0)) for i in range(len(parts[0][1])))
        else:
            me = s.player
            result = max((walk(s._step(a), left - 1) for a in s.legal_actions()), key=lambda v: v[me])
        memo[key] = result
        return result

    return {str(a): walk(state._step(a), depth - 1) for a in state.legal_actions()}
