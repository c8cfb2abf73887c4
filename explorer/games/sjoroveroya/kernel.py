"""A fast kernel for uniformly random Sjørøverøya playouts (`Game.random_playout`).

The same rules as `rules.py` and `flow.py`, on plain mutable lists, with no events,
no action objects and an occupancy kept up to date move by move. It draws from the
generator exactly as stepping the model with `RandomPolicy` does: the legal actions are
counted in the model's order (forward moves by origin then suit, R7; backward moves, R17;
ending the turn, R5/V4), one ``randrange`` picks the index, and every chance node uses the
model's sampler. So a seed gives the very game the model plays; tests/test_random_playout.py
checks the final states are equal.
"""

from __future__ import annotations

import random

from explorer.core.chance import sample_counts
from explorer.core.game import PlayoutEnd

from .data import COMPONENTS, GOAL, SUITS
from .flow import Config, build, config
from .model import SjoroveroyaState
from .moves import backward_target, forward_target, occupancy
from .rules import LAYOUTS

STOPS = COMPONENTS.backward_stop_counts
END = -1   # the index sentinel of "end the turn"


class Table:
    """One playout's position as mutable lists (the fields of `SjoroveroyaState`)."""

    __slots__ = ("after", "cfg", "discard", "drawer", "drawn_since", "ended", "first_player", "hands",
                 "moves_used", "occ", "own", "pending", "phase", "pieces", "pile", "pile_top", "reshuffled_from",
                 "to_move", "total", "track", "turns")

    def __init__(self, s: SjoroveroyaState) -> None:
        self.cfg: Config = config(s.game)
        self.track = s.track
        self.pieces = [list(p) for p in s.pieces]
        self.hands = [list(h) for h in s.hands]
        self.pile = list(s.pile)
        self.pile_top = s.pile_top
        self.discard = list(s.discard)
        self.phase = s.phase
        self.to_move = s.to_move
        self.first_player = s.first_player
        self.moves_used = s.moves_used
        self.turns = s.turns
        self.pending = s.pending
        self.drawer = s.drawer
        self.after = s.after
        self.ended = s.ended
        self.reshuffled_from = s.reshuffled_from
        self.drawn_since = [list(d) for d in s.drawn_since]
        self.occ = occupancy(s.pieces)
        self.own, self.total = self.occ.own, self.occ.total

    def freeze(self, s: SjoroveroyaState) -> SjoroveroyaState:
        return build(type(s), s.game, None, (), self.track, tuple(tuple(sorted(p)) for p in self.pieces),
                     tuple(tuple(h) for h in self.hands), tuple(self.pile), self.pile_top, tuple(self.discard),
                     self.phase, self.to_move, self.first_player, self.moves_used, self.turns, self.pending,
                     self.drawer, self.after, self.ended, self.reshuffled_from,
                     tuple(tuple(d) for d in self.drawn_since))


# -- where pieces go (moves.py's targets, on the live occupancy) --------------------------------
def lowest_stop(t: Table, player: int) -> int:
    """The lowest card a piece could step back to (R18, A6, V3): a piece beyond it has a
    backward move (R22), one at or before it has none. GOAL when no card qualifies."""
    own = t.own[player]
    total = t.total
    if t.cfg.any_colour:
        for q in range(1, GOAL):
            if total[q] in STOPS:
                return q
        return GOAL
    for q in range(1, GOAL):
        n = own[q]
        if n in STOPS and total[q] == n:
            return q
    return GOAL


def move_piece(t: Table, player: int, origin: int, target: int) -> None:
    pieces = t.pieces[player]
    pieces[pieces.index(origin)] = target
    own = t.own[player]
    own[origin] -= 1
    own[target] += 1
    t.total[origin] -= 1
    t.total[target] += 1


def is_stuck(t: Table, player: int) -> bool:
    """T2/R24: no card in hand and no legal backward move."""
    if any(t.hands[player]):
        return False
    if t.cfg.children:
        return True
    lowest = lowest_stop(t, player)
    return all(p <= lowest or p == GOAL for p in t.pieces[player])


# -- the turn flow (flow.py without its events) ---------------------------------------------------
def draw_card(t: Table, suit: int) -> None:
    """R20, R29, S7: the drawer takes the card; V9 reshuffles an empty pile at once."""
    who = t.drawer
    t.hands[who][suit] += 1
    t.drawn_since[who][suit] += 1
    t.pending -= 1
    if t.cfg.reshuffle_immediate and not any(t.pile) and not t.pile_top and any(t.discard):
        reshuffle(t)


def reshuffle(t: Table) -> None:
    """R26 (A12, V9): the discard pile becomes the new face-down pile."""
    t.pile = t.discard
    t.discard = [0, 0, 0, 0]
    t.reshuffled_from = tuple(t.pile)
    t.drawn_since = [[0, 0, 0, 0] for _ in t.hands]


def settle(t: Table) -> None:
    """Every automatic consequence until a decision, a chance node or the end (flow.settle)."""
    cfg = t.cfg
    while t.phase != "over" and t.phase != "layout":
        if cfg.face_up and len(t.pile_top) < cfg.face_up and any(t.pile):
            return                                   # V6: a reveal
        if t.pending:
            if t.pile_top:                           # V6: the open display first
                suit = SUITS.index(t.pile_top[0])
                t.pile_top = t.pile_top[1:]
                draw_card(t, suit)
                continue
            if any(t.pile):
                return                               # C2: a draw
            if any(t.discard):
                reshuffle(t)                         # R26, A12
                continue
            t.pending = 0                            # R27, A11
        if t.phase == "deal":                        # S7, S8
            if t.drawer < cfg.players - 1:
                t.drawer += 1
                t.pending = cfg.hand_size
                continue
            t.drawer = None
            t.phase = "first"
            continue
        if t.phase == "first":
            if cfg.first_player is None:
                return                               # S9: a chance node
            start_play(t, cfg.first_player)
            continue
        if t.after:
            after, t.after, t.drawer = t.after, "", None
            if after == "move":
                post_move(t)
            else:
                end_turn(t)
            continue
        return


def start_play(t: Table, player: int) -> None:
    t.phase = "play"                                 # S9, R6
    t.first_player = player
    begin_turn(t, player)


def begin_turn(t: Table, player: int) -> None:
    """T1/T2 (V12's turn cap, V1's end-of-turn draw, R24's emergency draw)."""
    cfg = t.cfg
    t.to_move = player
    t.moves_used = 0
    if cfg.turn_cap is not None and t.turns >= cfg.turn_cap * cfg.players:
        t.phase = "over"
        t.ended = "turn_cap"
        return
    if cfg.children and not any(t.hands[player]):
        t.pending, t.drawer, t.after = COMPONENTS.children_end_draw, player, "end"
        return
    if is_stuck(t, player):
        t.pending, t.drawer, t.after = COMPONENTS.emergency_draw, player, "end"


def post_move(t: Table) -> None:
    """T5/T6 (R2, A10, V8): end the turn at the move limit or when stuck."""
    cfg = t.cfg
    player = t.to_move
    if t.moves_used >= cfg.moves_per_turn:
        end_turn(t)
    elif is_stuck(t, player):
        if cfg.emergency_whenever:
            t.pending, t.drawer, t.after = COMPONENTS.emergency_draw, player, "end"
        else:
            end_turn(t)


def end_turn(t: Table) -> None:
    """T8 (V7: discard down to the limit first)."""
    cfg = t.cfg
    player = t.to_move
    if cfg.hand_limit is not None and sum(t.hands[player]) > cfg.hand_limit:
        t.phase = "discard"
        return
    t.phase = "play"
    t.turns += 1
    begin_turn(t, (player + 1) % cfg.players)


# -- one step -------------------------------------------------------------------------------------
def chance_step(t: Table, rng: random.Random) -> bool:
    """Resolve the chance node waiting here, as `rules.sample_chance` does; False at a decision."""
    phase = t.phase
    if phase == "discard":                           # V7: a decision
        return False
    if phase == "layout":                            # S4, C1
        t.track += LAYOUTS[rng.randrange(len(LAYOUTS))]
        if len(t.track) == 4 * COMPONENTS.track_blocks:
            t.phase, t.drawer, t.pending = "deal", 0, t.cfg.hand_size   # S5-S8
        settle(t)
        return True
    cfg = t.cfg
    pile = t.pile
    if cfg.face_up and len(t.pile_top) < cfg.face_up and any(pile):   # V6
        i = sample_counts(pile, rng)
        pile[i] -= 1
        t.pile_top += SUITS[i]
    elif t.pending and not t.pile_top and any(pile):                  # C2, C3
        i = sample_counts(pile, rng)
        pile[i] -= 1
        draw_card(t, i)
    elif phase == "first":                                            # S9, C5
        start_play(t, rng.randrange(cfg.players))
    else:
        return False
    settle(t)
    return True


def decision_step(t: Table, rng: random.Random) -> None:
    """Pick uniformly among the model's legal actions, in the model's order, and play it."""
    player = t.to_move
    hand = t.hands[player]
    if t.phase == "discard":                         # V7
        held = [i for i in range(4) if hand[i]]
        i = held[rng.randrange(len(held))]
        hand[i] -= 1
        t.discard[i] += 1
        if sum(hand) <= t.cfg.hand_limit:
            end_turn(t)
        settle(t)
        return
    cfg = t.cfg
    suits = [i for i in range(4) if hand[i]]
    origins = sorted(set(t.pieces[player]) - {GOAL})
    forward = len(origins) * len(suits)                                                # R7, R3
    if cfg.children:                                                                   # V1
        back = []
    else:
        lowest = lowest_stop(t, player)
        back = [p for p in origins if p > lowest]
    can_end = t.moves_used >= 1 or cfg.allow_pass                                      # R4, R5, V4
    k = rng.randrange(forward + len(back) + can_end)
    if k < forward:
        forward_move(t, player, origins[k // len(suits)], suits[k % len(suits)])
    elif k < forward + len(back):
        backward_move(t, player, back[k - forward])
    else:
        end_turn(t)                                                                    # R5
    settle(t)


def forward_move(t: Table, player: int, origin: int, suit: int) -> None:
    """R7-R16: pay the card (R8), jump to the target; E1/E2 when the last piece is home."""
    cfg = t.cfg
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
        post_move(t)


def backward_move(t: Table, player: int, origin: int) -> None:
    """R17-R21: step back and owe as many draws as pieces found there."""
    target, draws = backward_target(t.occ, player, origin, t.cfg.any_colour)
    move_piece(t, player, origin, target)
    t.moves_used += 1
    t.pending, t.drawer, t.after = draws, player, "move"


def random_playout(start: SjoroveroyaState, rng: random.Random, max_steps: int, final: bool = False) -> PlayoutEnd:
    """Play `start` to the end, every seat uniformly random (see `Game.random_playout`)."""
    t = Table(start)
    steps = 0
    while t.phase != "over":
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        if not chance_step(t, rng):
            decision_step(t, rng)
        steps += 1
    end = t.freeze(start)
    return PlayoutEnd(end.scores(), end.winners(), steps, end if final else None)
