"""A fast kernel for uniformly random Sjørøverøya playouts (`Game.random_playout`).

One `flow.Work` scratchpad carries the whole game: the turn flow is `flow.py`'s own
(settle, draws, turn ends), the moves are `moves.py`'s targets on an occupancy kept up
to date move by move, and no state, event or action object is built between steps.
It draws from the generator exactly as stepping the model with `RandomPolicy` does: the legal actions are
counted in the model's order (forward moves by origin then suit, R7; backward moves, R17;
ending the turn, R5/V4), one ``randrange`` picks the index, and every chance node uses the
model's sampler. So a seed gives the very game the model plays; tests/test_random_playout.py
checks the final states are equal.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from explorer.core.chance import pick_counts, randbelow
from explorer.core.game import PlayoutEnd

from . import flow
from .data import COMPONENTS, GOAL, SUITS
from .flow import Work
from .model import SjoroveroyaState
from .rules import LAYOUTS
from .track.moves import Occupancy, backward_target, forward_target, lowest_stop, occupancy


class Table(Work):
    """A `flow.Work` kept for a whole playout, with a live occupancy and no event log."""

    __slots__ = ("occ", "own", "reach_seen", "total")
    loud = False          # flow.py's steps skip their event text

    def __init__(self, s: SjoroveroyaState) -> None:
        super().__init__(s)
        self.occ = occupancy(s.pieces)
        self.own, self.total = self.occ.own, self.occ.total
        self.reach_seen: tuple = (None, None, None)   # (turn, mover) and the table the evaluator read then

    def say(self, text: str, *rules: str, detail: str = "", visible_to: int | None = None) -> None:
        """A playout keeps no events."""

    def occupancy(self) -> Occupancy:
        return self.occ


# -- where pieces go (moves.py's targets, on the live occupancy) --------------------------------
def move_piece(t: Table, player: int, origin: int, target: int) -> None:
    pieces = t.pieces[player]
    pieces[pieces.index(origin)] = target
    own = t.own[player]
    own[origin] -= 1
    own[target] += 1
    t.total[origin] -= 1
    t.total[target] += 1


# -- one step -------------------------------------------------------------------------------------
def chance_step(t: Table, below: Callable[[int], int]) -> bool:
    """Resolve the chance node waiting here, as `rules.sample_chance` does; False at a decision."""
    phase = t.phase
    if phase == "discard":                           # V7: a decision
        return False
    if phase == "layout":                            # S4, C1
        t.track += LAYOUTS[below(len(LAYOUTS))]
        if len(t.track) == 4 * COMPONENTS.track_blocks:
            t.phase, t.drawer, t.pending = "deal", 0, t.cfg.hand_size   # S5-S8
        flow.settle(t)
        return True
    cfg = t.cfg
    pile = t.pile
    if cfg.face_up and len(t.pile_top) < cfg.face_up and any(pile):   # V6
        i = pick_counts(pile, below)
        pile[i] -= 1
        t.pile_top += SUITS[i]
    elif t.pending and not t.pile_top and any(pile):                  # C2, C3
        i = pick_counts(pile, below)
        pile[i] -= 1
        flow.draw_card(t, i)
    elif phase == "first":                                            # S9, C5
        flow.start_play(t, below(cfg.players))
    else:
        return False
    flow.settle(t)
    return True


def decision_step(t: Table, below: Callable[[int], int]) -> None:
    """Pick uniformly among the model's legal actions, in the model's order, and play it."""
    player = t.to_move
    hand = t.hands[player]
    if t.phase == "discard":                         # V7
        held = [i for i in range(4) if hand[i]]
        i = held[below(len(held))]
        hand[i] -= 1
        t.discard[i] += 1
        if sum(hand) <= t.cfg.hand_limit:
            flow.end_turn(t)
        flow.settle(t)
        return
    cfg = t.cfg
    suits = [i for i in range(4) if hand[i]]
    origins = sorted(set(t.pieces[player]) - {GOAL})
    forward = len(origins) * len(suits)                                                # R7, R3
    if cfg.children:                                                                   # V1
        back = []
    else:
        lowest = lowest_stop(t.occ, player, cfg.any_colour)                            # R17, R22
        back = [p for p in origins if p > lowest]
    can_end = t.moves_used >= 1 or cfg.allow_pass                                      # R4, R5, V4
    k = below(forward + len(back) + can_end)
    if k < forward:
        forward_move(t, player, origins[k // len(suits)], suits[k % len(suits)])
    elif k < forward + len(back):
        backward_move(t, player, back[k - forward])
    else:
        flow.end_turn(t)                                                               # R5
    flow.settle(t)


def forward_move(t: Table, player: int, origin: int, suit: int, target: int | None = None) -> None:
    """R7-R16: pay the card (R8), jump to the target (R16's, unless the caller has it at hand);
    E1/E2 when the last piece is home."""
    cfg = t.cfg
    if target is None:
        target = forward_target(t.track, t.occ, player, origin, SUITS[suit], cfg.stop_on_own, cfg.mixed_stop)[0]
    t.hands[player][suit] -= 1
    t.discard[suit] += 1
    move_piece(t, player, origin, target)
    t.moves_used += 1
    if t.own[player][GOAL] == len(t.pieces[player]):
        t.phase, t.ended, t.pending, t.after = "over", "goal", 0, ""
        return
    if cfg.children:                                                                   # V1
        t.pending, t.drawer, t.after = 1, player, "end"
    else:
        flow.post_move(t)


def backward_move(t: Table, player: int, origin: int, found: tuple[int, int] | None = None) -> None:
    """R17-R21: step back and owe as many draws as pieces found there (`found`: R18's target
    and the draws, unless the caller has them at hand)."""
    target, draws = found or backward_target(t.occ, player, origin, t.cfg.any_colour)
    move_piece(t, player, origin, target)
    t.moves_used += 1
    t.pending, t.drawer, t.after = draws, player, "move"


def random_playout(start: SjoroveroyaState, rng: random.Random, max_steps: int, final: bool = False) -> PlayoutEnd:
    """Play `start` to the end, every seat uniformly random (see `Game.random_playout`)."""
    t = Table(start)
    below = randbelow(rng)
    steps = 0
    while t.phase != "over":
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        if not chance_step(t, below):
            decision_step(t, below)
        steps += 1
    end = t.freeze(start, None)
    return PlayoutEnd(end.scores(), end.winners(), steps, end if final else None)
