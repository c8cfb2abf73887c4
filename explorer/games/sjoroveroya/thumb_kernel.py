"""The evaluator kernel: rule-of-thumb playouts (`Game.policy_playout(..., "rule_of_thumb")`).

It plays on kernel.py's `Table` (the live scratchpad of the random kernel) with its chance
steps and moves, and decides as `policies.RuleOfThumb` does from thumb.py's values: the
legal actions in the model's order (forward moves by origin then suit, R7; backward moves,
R17; ending the turn, R5/V4; discards, V7), the best kept in that order, one ``randrange``
among them, and every chance node through the model's sampler. So a seed gives the very game
the model plays with the rule of thumb in every seat; tests/test_sjoroveroya_thumb_kernel.py
checks the final states and the generator are equal. Every option is covered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from explorer.core.chance import randbelow
from explorer.core.game import PlayoutEnd

from . import flow
from .data import GOAL
from .model import SjoroveroyaState
from .playout import Table, backward_move, chance_step, forward_move
from .thumb import DISCARD_VALUE, backward_value, best_indices, end_value, forward_values
from .track.moves import backward_moves, reach_memo


def discard_step(t: Table, below: Callable[[int], int]) -> None:
    """V7: every card held is worth the same, so one draw among the suits held, in suit order."""
    hand = t.hands[t.to_move]
    held = [i for i in range(4) if hand[i]]
    values = [DISCARD_VALUE] * len(held)
    i = held[best_indices(values)[below(len(values))]]
    hand[i] -= 1
    t.discard[i] += 1
    if sum(hand) <= t.cfg.hand_limit:
        flow.end_turn(t)
    flow.settle(t)


def turn_reach(t: Table, player: int) -> tuple[Sequence[int], Sequence[Sequence[int]]]:
    """E3's d and R16's Fwd for the mover (`moves.reach_memo`), kept for the whole turn where
    only opponents refuse a stop (R10, R11 without V2 or V11): they do not move in this turn."""
    cfg = t.cfg
    when = (t.turns, player)
    seen, d, fwd = t.reach_seen
    if seen != when or not cfg.stop_on_own or cfg.mixed_stop:
        d, fwd = reach_memo(t.track, t.pieces, t.own[player], t.total, cfg.stop_on_own, cfg.mixed_stop)
        t.reach_seen = (when, d, fwd)
    return d, fwd


def thumb_step(t: Table, below: Callable[[int], int]) -> None:
    """Value the model's legal actions as the rule of thumb does, draw among the best, play it."""
    if t.phase == "discard":
        discard_step(t, below)
        return
    cfg = t.cfg
    player = t.to_move
    hand = t.hands[player]
    pieces = t.pieces[player]
    suits = [i for i in range(4) if hand[i]]
    origins = sorted(set(pieces))
    if origins[-1] == GOAL:                                                                 # E1: home for good
        origins.pop()
    d, fwd = turn_reach(t, player)                                                          # E3, R16
    cards = sum(hand)
    values = forward_values(d, fwd, origins, suits, cards, len(pieces) - t.own[player][GOAL])   # R7, R3
    forward = len(values)
    # V1: no backward move in the children's game; R17-R22 otherwise.
    back = [] if cfg.children else backward_moves(t.own[player], t.total, origins, cfg.any_colour)
    for p, target, draws in back:
        values.append(backward_value(d, p, target, draws, cards))                          # R18-R20
    if t.moves_used >= 1 or cfg.allow_pass:                                                 # R4, R5, V4
        values.append(end_value(t.moves_used))
    best = best_indices(values)
    k = best[below(len(best))]
    if k < forward:
        origin, suit = origins[k // len(suits)], suits[k % len(suits)]
        forward_move(t, player, origin, suit, fwd[origin][suit])                            # R16
    elif k < forward + len(back):
        origin, target, draws = back[k - forward]
        backward_move(t, player, origin, (target, draws))                                   # R18
    else:
        flow.end_turn(t)                                                                    # R5
    flow.settle(t)


def thumb_playout(start: SjoroveroyaState, rng: random.Random, max_steps: int, final: bool = False) -> PlayoutEnd:
    """Play `start` to the end with the rule of thumb in every seat (see `Game.policy_playout`)."""
    t = Table(start)
    below = randbelow(rng)
    reveals = bool(t.cfg.face_up)
    steps = 0
    while t.phase != "over":
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        # Mid-turn with no draw owed and no display to fill (V6) is always a decision:
        # `chance_step` would find nothing to resolve there.
        mid_turn = not t.pending and not reveals and t.phase == "play"
        if mid_turn or not chance_step(t, below):
            thumb_step(t, below)
        steps += 1
    end = t.freeze(start, None)
    return PlayoutEnd(end.scores(), end.winners(), steps, end if final else None)


__all__ = ["thumb_playout"]
