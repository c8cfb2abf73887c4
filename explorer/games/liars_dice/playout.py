"""Fast playouts (random and rule of thumb) on the model's own rules: rules.py's step applied
without the checks of `apply`, the generator consumed exactly as stepping the model with that
policy does (`explorer.core.play.advance`), so a seed reaches the same final state either way."""

from __future__ import annotations

import random

from explorer.core.game import PlayoutEnd

from . import rules
from .model import FIELDS, build
from .position import view
from .thumb import decide_from_view

POLICIES = ("random", "rule_of_thumb")


def playout(game, state, rng: random.Random, max_steps: int, policy: str, until: str,
            final: bool) -> PlayoutEnd | None:
    """Every seat on `policy` to the end, or (``until="round"``) to the end of the current round."""
    if policy not in POLICIES:
        return None
    start_round, steps = state.round, 0
    while not state.is_over and not (until == "round" and state.round != start_round):
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        if state.is_chance:
            action = rules.sample_chance(state, rng)
        else:
            legal = rules.legal_actions(state)
            action = (legal[rng.randrange(len(legal))] if policy == "random"
                      else decide_from_view(game, view(state, state.player), legal))
        state = rules.step(state, action)
        steps += 1
    kept = None
    if final or until == "round":   # the final State with its history empty
        kept = build(game, None, state.events, *(getattr(state, name) for name in FIELDS))
    return PlayoutEnd(rules.scores(state), rules.winners(state) if state.is_over else (), steps, kept)
