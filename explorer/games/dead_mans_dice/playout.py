"""Dead Man's Dice's fast playouts (`Game.playout`, to the end or to the scored round):
the model's own rules (rules.advance on flow's working copy `Work`), kept through the whole
playout instead of frozen into a new state at every step.

Every seat plays the same policy: uniformly random, or a rule of thumb (thumb.RULES: greedy,
cautious; their choices come from `thumb.decide`, as the model's policies' do). The generator
is consumed exactly as stepping the model consumes it (`explorer.core.play.advance`): a random
decision is ``legal[rng.randrange(len(legal))]`` over the model's `legal_actions()` order, a rule
of thumb's decision draws nothing, a chance node draws through the model's `sample_chance`.
``randrange(k)`` is called as `random.Random._randbelow` (what it does for k > 0), so a
generator whose `randrange` is not `random.Random`'s is declined (None: the caller steps the
model). Events are not kept: a playout wants the end, not the story.
"""

from __future__ import annotations

import random
from typing import Any

from explorer.core.chance import standard_randrange
from explorer.core.game import Game, PlayoutEnd

from .flow import Work
from .model import CHANCE_STEPS, DeadMansDiceState
from .rules import advance, legal_actions, ranking, sample_chance
from .thumb import RULES, decide, setup


class _Quiet(Work):
    """A working copy that keeps no events (the playout's result is its end)."""

    __slots__ = ()

    def say(self, text: Any, *rules: str) -> None:
        return None

    def tell(self, event: Any, *values: Any) -> None:
        return None


def policy_playout(game: Game, state: DeadMansDiceState, rng: random.Random, max_steps: int, policy: str,
                   final: bool, round_only: bool = False) -> PlayoutEnd | None:
    """`Game.playout` for Dead Man's Dice: every seat plays `policy` ("random", or a rule of thumb
    named in thumb.RULES); None for another policy or generator. `round_only` stops once the
    current round is scored (T6; ``until="round"``)."""
    if not standard_randrange(rng):
        return None
    if policy == "random":
        rule = None
    elif policy in RULES:
        rule = RULES[policy]
    else:
        return None
    w = _Quiet(state)
    steps = play(w, _Draws(rng), max_steps, rule, setup(game), "scored" if round_only else "over")
    end = w.freeze(state, None) if final else None
    return PlayoutEnd(w.totals, ranking(w.winners_, w.totals), steps, end)


class _Draws:
    """A standard generator as the model's rules and `explorer.core.chance.sample` call it:
    ``randrange(k)`` for k > 0 only, which is `random.Random._randbelow(k)` without the
    argument checks."""

    __slots__ = ("randrange",)

    def __init__(self, rng: random.Random) -> None:
        self.randrange = rng._randbelow  # type: ignore[attr-defined]


def play(w: Work, rng: Any, max_steps: int, rule: Any, c: Any, stop: str) -> int:
    """Step `w` by the model's rules until the game is over (or the step `stop` is reached),
    each seat on `rule` (None: uniformly random). Returns the steps taken."""
    steps = 0
    chance = CHANCE_STEPS
    below = rng.randrange
    while w.step != "over" and w.step != stop:
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        steps += 1
        if w.step in chance:
            advance(w, sample_chance(w, rng))
            continue
        legal = legal_actions(w)
        advance(w, legal[below(len(legal))] if rule is None else decide(rule, c, w, legal))
    return steps


__all__ = ["play", "policy_playout"]
