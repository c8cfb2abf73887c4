"""Replaying histories and seeded random playouts, through the contract alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from explorer.core.game import Game, State
from explorer.core.policy import Policy, RandomPolicy


def replay(game: Game, history: Iterable[Any], start: State | None = None) -> State:
    """Apply `history` (actions, outcomes or their notation) from `game.new_state()`.

    Every step is checked, so a tampered history raises `IllegalAction` at the step
    that breaks a rule.
    """
    state = game.new_state() if start is None else start
    for item in history:
        state = state.apply(item)
    return state


def choose(state: State, policy: Policy, rng: random.Random) -> Any:
    """Ask `policy` for the decision at `state`, showing it only the actor's view."""
    legal = state.legal_actions()
    view = state.view(state.player) if policy.needs_view else None
    return policy.choose(view, legal, rng)


Seats = Mapping[int, Policy] | Sequence[Policy] | None


def _seats(policies: Seats) -> dict[int, Policy]:
    if policies is None:
        return {}
    if isinstance(policies, Mapping):
        return dict(policies)
    return dict(enumerate(policies))


def advance(state: State, seed: int | random.Random | None = None, policies: Seats = None,
            steps: int = 1) -> State:
    """Play at most `steps` steps from `state` (fewer if the game ends); see `playout`."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    seats = _seats(policies)
    fallback = RandomPolicy()
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            state = state._step(choose(state, seats.get(state.player, fallback), rng))
    return state


def playout(state: State, seed: int | random.Random | None = None, policies: Seats = None,
            max_steps: int = 1_000_000) -> State:
    """Play from `state` to the end: chance sampled exactly, decisions by `policies`.

    One `random.Random(seed)` drives everything, so (state, seed, policies) always
    gives the same game. Players without a policy play randomly. Raises
    `RuntimeError` if `max_steps` pass without an end (a guard, not a rule).
    """
    state = advance(state, seed, policies, max_steps)
    if not state.is_over:
        raise RuntimeError(f"no end after {max_steps} steps")
    return state
