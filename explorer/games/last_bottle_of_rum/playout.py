"""Fast playouts for every set-up of The Last Bottle of Rum: all-random (`Game.playout` with "random")
and the rule of thumb at every seat (`Game.playout` with "rule_of_thumb", the evaluator's rollouts).

The playout is the model's own rules run on one mutable `Work` for the whole game instead
of an immutable state per step: the same `legal` lists, `sample_outcome` draws, `decide`
and `outcome` transitions and `settle` of automatic tasks (T4), so it consumes the
generator exactly as stepping the model with `RandomPolicy` does and reaches the same
final state. What it skips is only what a playout never reads: the intermediate states
(their trail, cached legal actions) and the events' text. It covers every option and
module (V1-V15, E3's turn limit) and written positions waiting on an automatic step (their
one outcome "go on", drawn as `sample` draws it, then `settle`). `run` is that loop with the
decisions left to a chooser. `thumb_playout` makes each decision as the model's policy
(`policies.RuleOfThumb`) makes it: `thumb.pick` on the deciding player's `Sight`, which
`sight_of_state` reads straight from the working copy with the view's hidden-information
filter instead of building the view (its dict, to_dict's lists, the names).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from explorer.core.game import PlayoutEnd

from .flow import settle
from .model import RumState
from .modules.bounty import check_turn
from .rulebook.resolve import outcome
from .rulebook.work import CHANCE, DECISION, Work, build
from .rules import decide, legal, sample_outcome
from .thumb import pick, sight_of_state


class QuietWork(Work):
    """A `Work` that keeps no events: a playout reports only how the game ended."""

    __slots__ = ()

    def say(self, text: str, *rules: str, detail: str = "", visible_to: int | None = None) -> None:
        return None

    def name(self, p: int) -> str:
        return ""                        # names only go into the events' text


def random_playout(state: RumState, rng: random.Random, max_steps: int, final: bool = False) -> PlayoutEnd | None:
    """Play `state` to the end with every seat choosing ``legal[rng.randrange(len(legal))]``
    (see the module docstring); `RuntimeError` when `max_steps` steps pass without an end."""
    randrange = rng.randrange
    return run(state, rng, max_steps, final, lambda w, p, choices: randrange(len(choices)))


Chooser = Callable[[Work, int, list], int]


def run(state: RumState, rng: random.Random, max_steps: int, final: bool, choose: Chooser) -> PlayoutEnd:
    """The model's steps on one `QuietWork`, `choose(work, player, legal)` giving the index of
    each decision (the player is the one `node_of` names: the pending choice's, else the
    active captain); `RuntimeError` when `max_steps` steps pass without an end."""
    w = QuietWork(state)
    steps = 0
    while w.phase != "over":
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        pending = w.pending
        if pending and pending[0][0] not in CHANCE and pending[0][0] not in DECISION:
            rng.randrange(1)             # "go on", the one outcome of a waiting automatic step
        elif pending and pending[0][0] in CHANCE:
            task = pending[0]
            item = sample_outcome(w, rng)
            w.pending = pending[1:]
            outcome(w, task, item)
        else:
            choices = legal(w)
            decide(w, pending[0] if pending else None, choices[choose(w, pending[0][1] if pending else w.active,
                                                                      choices)])
        settle(w)
        if w.mods.bounties and check_turn(w):   # V1: bounty conditions after every step (D8)
            settle(w)
        w.update_limit()                 # R45, R46
        steps += 1
    end = build(RumState, w.game, None, (), w.values())
    return PlayoutEnd(end.scores(), end.winners(), steps, end if final else None)


def thumb_playout(state: RumState, rng: random.Random, max_steps: int, final: bool = False) -> PlayoutEnd:
    """Play `state` to the end with the rule of thumb at every seat; the same game, steps and
    generator state as `explorer.playout` with `RuleOfThumb` seats (tests check it)."""
    def choose(w, p: int, choices: list) -> int:
        return pick(lambda: sight_of_state(w, p), choices, rng)

    return run(state, rng, max_steps, final, choose)


__all__ = ["QuietWork", "random_playout", "run", "thumb_playout"]
