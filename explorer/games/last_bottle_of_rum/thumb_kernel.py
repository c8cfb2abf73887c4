"""The evaluator kernel: rule-of-thumb playouts (`policies.RuleOfThumb` at every seat) behind
`LastBottleOfRum.policy_playout`.

It is the random kernel's loop (kernel.py: the model's own `legal`, `sample_outcome`,
`decide`, `outcome` and `settle` on one mutable copy) with each decision made as the model's
policy makes it: `thumb.pick` on the deciding player's `Sight`, which `sight_of_state` reads
straight from the working copy with the view's hidden-information filter instead of building
the view (its dict, to_dict's lists, the names). Every option and module is covered, as
by the random kernel.
"""

from __future__ import annotations

import random

from explorer.core.game import PlayoutEnd

from .kernel import run
from .rules import RumState
from .thumb import pick, sight_of_state


def thumb_playout(state: RumState, rng: random.Random, max_steps: int, final: bool = False) -> PlayoutEnd:
    """Play `state` to the end with the rule of thumb at every seat; the same game, steps and
    generator state as `explorer.playout` with `RuleOfThumb` seats (tests check it)."""
    def choose(w, p: int, choices: list) -> int:
        return pick(lambda: sight_of_state(w, p), choices, rng)

    return run(state, rng, max_steps, final, choose)


__all__ = ["thumb_playout"]
