"""Fast rule-of-thumb playouts (`Game.playout`) on the model's own rules.

The playout is the model's step run on one mutable `QuietWork` for the whole game instead of
an immutable state per step: the same `rules.legal_actions`, `rules.sample_chance` and
`rules.apply` (flow.py's automatic consequences included), with the rule of thumb's
decisions from thumb.py, the source `policies.Greedy` reads too. So it consumes the
generator exactly as stepping the model with `Greedy` at both seats does (one
``rng.random()`` tie-break per legal action of a decision, each chance node through
`sample_chance`) and reaches the same final state; it skips only what a playout never reads:
the intermediate states, their trail and the events' words. Every set-up and option is
covered, partial positions with undecided set-aside cards too (their draws are the model's).
"""

from __future__ import annotations

import random

from explorer.core.game import Game, PlayoutEnd

from .flow import QuietWork
from .model import JollyState, rounds
from .rules import apply, legal_actions, sample_chance, scores, winners
from .thumb import choose_placement, choose_split, choose_take

POLICIES = ("rule_of_thumb", "greedy")


def policy_playout(game: Game, state: JollyState, rng: random.Random, max_steps: int, policy: str,
                   final: bool) -> PlayoutEnd | None:
    """`Game.playout` for the rule of thumb ("rule_of_thumb" = "greedy") at both seats;
    None for other policies (the caller steps the model). `RuntimeError` when `max_steps`
    steps pass without an end."""
    if policy not in POLICIES:
        return None
    w = QuietWork(state)
    last_round = rounds(game)
    steps = 0
    while w.phase != "over":
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        steps += 1
        phase = w.phase
        if phase in ("setup", "start", "draw"):
            apply(w, sample_chance(w, rng))
        elif phase == "split":
            apply(w, choose_split(legal_actions(w), rng))
        elif phase == "choose":
            apply(w, choose_take(legal_actions(w), rng))
        else:
            me = w.to_move
            strengths, piles = w.strengths, w.piles
            apply(w, choose_placement(legal_actions(w), strengths[me], strengths[1 - me], piles[me],
                                      piles[1 - me], w.round == last_round, rng))
    end = w.freeze(None, None)
    return PlayoutEnd(scores(end), winners(end), steps, end if final else None)


__all__ = ["policy_playout"]
