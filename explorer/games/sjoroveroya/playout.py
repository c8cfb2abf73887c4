"""Fast playouts (`Game.playout` with "random" and "rule_of_thumb") on the
model's own rules.

One `flow.Work` working copy (a `Quiet` one: no event log) carries the whole game, and every
step is the rulebook's: `rules.open_moves` gives the legal actions in the model's order (`rules.decisions`),
`rules.pick_outcome` draws each chance outcome as `sample_chance` does, `rules.apply` takes the
step and `flow.settle` runs its consequences. Only the state objects between steps are saved.
So a seed gives the very game the model plays: one ``randrange`` per decision (uniform, or
among the rule of thumb's best, whose values come from thumb.py as `policies.RuleOfThumb`'s do)
and one per chance node; tests/test_random_playout.py and
tests/games/sjoroveroya/test_sjoroveroya_playout.py check the final states are equal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from explorer.core.chance import randbelow
from explorer.core.game import PlayoutEnd

from .data import GOAL
from .flow import Work, occ, settle, waiting
from .model import SjoroveroyaState
from .rules import APPLY, count_moves, decisions, nth_move, open_moves, pick_outcome
from .thumb import DISCARD_VALUE, backward_value, best_indices, end_value, forward_values
from .track.moves import Occupancy, reach_memo


class Quiet(Work):
    """A working copy kept for a whole playout: the rules' steps skip their event text.

    Its occupancy is copied at once and kept in a plain slot (which takes the place of
    `Work.occ`'s copy-on-first-use property): a playout moves pieces on nearly every step."""

    __slots__ = ("occ",)
    loud = False

    def __init__(self, s: SjoroveroyaState) -> None:
        super().__init__(s)
        o = occ(s)
        self.occ = self._occ = Occupancy([row.copy() for row in o.own], o.total.copy())

    def say(self, text: str, *rules: str, detail: str = "", visible_to: int | None = None) -> None:
        """A playout keeps no events."""


Chooser = Callable[[Quiet, Callable[[int], int]], Any]


def uniform_choice(w: Quiet, below: Callable[[int], int]) -> Any:
    """`RandomPolicy`'s choice: ``legal[randrange(len(legal))]`` of the rulebook's decisions."""
    cfg = w.cfg
    if w.phase == "discard":
        actions = decisions(w, cfg, w.occ)
        return actions[below(len(actions))]
    moves = open_moves(w, cfg, w.occ)
    return nth_move(moves, below(count_moves(moves)))


def play(start: SjoroveroyaState, rng: random.Random, max_steps: int, final: bool, choose: Chooser) -> PlayoutEnd:
    """Play `start` to the end on one working copy: chance nodes as `sample_chance` draws them,
    decisions by `choose` among the rulebook's legal actions."""
    w = Quiet(start)
    cfg = w.cfg
    below = randbelow(rng)
    steps = 0
    while w.phase != "over":
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        kind = waiting(w, cfg)
        action = choose(w, below) if kind is None else pick_outcome(w, cfg, kind, below)
        APPLY[type(action)](w, action)                                   # rules.apply
        settle(w)
        steps += 1
    end = w.freeze(start, None)
    return PlayoutEnd(end.scores(), end.winners(), steps, end if final else None)


def random_playout(start: SjoroveroyaState, rng: random.Random, max_steps: int, final: bool = False) -> PlayoutEnd:
    """Play `start` to the end, every seat uniformly random (see `Game.playout`)."""
    return play(start, rng, max_steps, final, uniform_choice)


# -- the rule of thumb (the evaluator) ----------------------------------------------------------
def thumb_choice() -> Chooser:
    """`policies.RuleOfThumb`'s choice from thumb.py's values, for one playout: E3's d and R16's
    Fwd for the mover are kept for a whole turn where only opponents refuse a stop (R10, R11
    without V2 or V11): they do not move in this turn."""
    seen: list = [None, None, None]   # (turn, mover), d, fwd

    def choose(w: Quiet, below: Callable[[int], int]) -> Any:
        """Value the rulebook's decisions (in its order) as the rule of thumb does; draw among the best."""
        cfg = w.cfg
        if w.phase == "discard":                                                     # V7: any card will do
            actions = decisions(w, cfg, w.occ)
            best = best_indices([DISCARD_VALUE] * len(actions))
            return actions[best[below(len(best))]]
        player = w.to_move
        o = w.occ
        moves = open_moves(w, cfg, o)
        origins, suits, back, may_end = moves
        own = o.own[player]
        cards = sum(w.hands[player])
        when = (w.turns, player)                                                     # E3, R16
        if seen[0] != when or not cfg.stop_on_own or cfg.mixed_stop:
            seen[:] = when, *reach_memo(w.track, w.pieces, own, o.total, cfg.stop_on_own, cfg.mixed_stop)
        d = seen[1]
        values = forward_values(d, seen[2], origins, suits, cards, len(w.pieces[player]) - own[GOAL])
        for p, target, draws in back:
            values.append(backward_value(d, p, target, draws, cards))                # R18-R20
        if may_end:                                                                  # R4, R5, V4
            values.append(end_value(w.moves_used))
        top = max(values)
        if values.count(top) == 1:                   # `best_indices`' usual case, without its call:
            below(1)                                 # the draw among one best still takes its bits
            return nth_move(moves, values.index(top))
        best = best_indices(values)
        return nth_move(moves, best[below(len(best))])

    return choose


def thumb_playout(start: SjoroveroyaState, rng: random.Random, max_steps: int, final: bool = False) -> PlayoutEnd:
    """Play `start` to the end with the rule of thumb in every seat (see `Game.playout`)."""
    return play(start, rng, max_steps, final, thumb_choice())

