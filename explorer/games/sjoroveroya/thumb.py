"""The rule of thumb's judgement as pure functions of plain numbers.

`policies.RuleOfThumb` (the model's policy, reading its view) and `playout.thumb_choice` (the
evaluator playout, reading its working copy) both value their legal actions here and keep
the best with `best_indices`, so the two cannot drift: a seed gives one game either way.
Every value is in E3's currency, moves saved (d from `moves.reach`), with a thirst for cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .data import GOAL

RESERVE = 5   # cards to hold before the third-to-last piece goes home


def forward_value(d: Sequence[int], origin: int, target: int, hand: int, out: int) -> float:
    """A forward move (R7-R16) from `origin` to `target`, holding `hand` cards with `out` pieces not home."""
    return forward_values(d, {origin: (target,)}, (origin,), (0,), hand, out)[0]


def forward_values(d: Sequence[int], fwd: Mapping[int, Sequence[int]] | Sequence[Sequence[int]],
                   origins: Sequence[int], suits: Sequence[int], hand: int, out: int) -> list[float]:
    """`forward_value` of every forward move from `origins` (each with a card of every suit in
    `suits`, its target `fwd[origin][suit]`), in that order: one call per decision for the playout.

    This is the only place the value is written; each step is a separate float operation, in a
    fixed order, so the policy (one move at a time) and the playout get the very same numbers."""
    short = hand <= 1
    # With two pieces left, backward moves draw one card at most: go in with a reserve.
    thin = out == 3 and hand - 1 < RESERVE
    values = []
    for o in origins:
        here, row = d[o], fwd[o]
        for s in suits:
            t = row[s]
            value = 3.0 * (here - d[t]) + 0.1 * (t - o)
            if t == GOAL:
                value += 2.0
                if thin:
                    value -= 12.0
            elif short:
                value -= 2.0
            values.append(value)
    return values


def backward_value(d: Sequence[int], origin: int, target: int, draws: int, hand: int) -> float:
    """A backward move (R17-R21): the cards drawn, weighed by thirst, against the moves lost."""
    thirst = 4.0 if hand == 0 else 2.5 if hand <= 2 else 0.5
    return thirst * draws - 3.0 * (d[target] - d[origin])


def end_value(moves_used: int) -> float:
    """Ending the turn (R5) is fine after a move; passing (V4) only when all else is worse."""
    return 0.5 if moves_used else -20.0


DISCARD_VALUE = 0.0   # V7: any card will do


def best_indices(values: Sequence[float]) -> list[int]:
    """The positions of the highest value, in order: the policy draws one of them uniformly."""
    top = max(values)
    if values.count(top) == 1:                   # the usual case, found without a Python loop
        return [values.index(top)]
    return [i for i, v in enumerate(values) if v == top]
