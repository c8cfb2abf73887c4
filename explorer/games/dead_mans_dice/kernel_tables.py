"""The Dead Man's Dice kernel's tables: step codes, per-game settings with every chance node
as integer tickets, and the rare consequences (the round's end, the opening).

Representation (see kernel.py): a hand is a bit mask of its owner's dice (bit k = die
``3p + k``, k = 2 the Jolly Roger die), so the model's sorted hand order is bit order; a
pile entry is ``die * 8 + face`` (face 0 the skull, 1-6 numbers), bottom first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from explorer.core.game import Game

from .data import COMPONENTS, DICE_PER_PIRATE, JOLLY, PLUNDERABLE, PLUNDERS, RANK, SKULL, VALUE, die_faces, is_jolly
from .flow import config
from .rules import topple_chance

# Steps the model waits at (one generator call and one counted step each) ...
OVER, TURN, ROLL, PLUNDER, OPEN, OPEN_ROLL, RESTART, RESTART_ROLL, STRAY, WOBBLE, HIT, PLACE, SCORED = range(13)
STEP_CODES = {"over": OVER, "turn": TURN, "roll": ROLL, "plunder": PLUNDER, "open": OPEN, "open_roll": OPEN_ROLL,
              "restart": RESTART, "restart_roll": RESTART_ROLL, "stray": STRAY, "wobble": WOBBLE, "hit": HIT,
              "place": PLACE, "scored": SCORED}
STEP_NAMES = {code: name for name, code in STEP_CODES.items()}
# ... and the automatic consequences that finish a step (no draw, not counted).
RESOLVE, STOOD, END_TURN, END_ROUND, NEW_ROUND, NEXT_OPENER = range(-6, 0)

MAX_DIE = DICE_PER_PIRATE * COMPONENTS.max_players
ENTRIES = MAX_DIE * 8
E_OWNER = tuple((e >> 3) // DICE_PER_PIRATE for e in range(ENTRIES))
E_BIT = tuple(1 << ((e >> 3) % DICE_PER_PIRATE) for e in range(ENTRIES))
DIE_CLEAR = tuple(~(1 << d % DICE_PER_PIRATE) for d in range(MAX_DIE))     # a die leaves its hand
BITS = tuple(k.bit_length() for k in range(16))     # randrange(k) draws getrandbits(BITS[k])
E_VALUE = tuple(VALUE[e & 7] if e & 7 < 7 else 0 for e in range(ENTRIES))
DIE_FACES = tuple(die_faces(d) for d in range(MAX_DIE))
JOLLY_BIT = 1 << JOLLY
# HAND_DICE[p][mask]: pirate p's dice in `mask`, sorted as the model's hands are.
HAND_DICE = tuple(tuple(tuple(DICE_PER_PIRATE * p + k for k in range(DICE_PER_PIRATE) if mask >> k & 1)
                        for mask in range(1 << DICE_PER_PIRATE)) for p in range(COMPONENTS.max_players))


@dataclass(frozen=True, slots=True, eq=False)
class Setup:
    """One game's options as the kernel reads them, with its chance nodes as integer tickets.

    Compared and hashed by identity (`setup` makes one per game): the rule of thumb's caches
    (thumb.py) key on it at every decision, and hashing its tables each time cost seconds."""

    players: int
    broadside: bool
    hit_tickets: tuple[int, int]           # (denominator, tickets below which a broadside hits), V1/C6
    hold_fire: bool
    jr_unplunderable: bool                 # V6
    maroon_ends_round: bool
    final_plunder: bool
    optional_placement: bool
    stray: bool
    stray_tickets: tuple[tuple[int, int, int], ...]   # by number of targets k: (denominator, none, each), C8
    wobble: bool
    wobble_tickets: tuple[tuple[int, int], ...]       # by height: (denominator, tickets that stand), C7
    take: tuple[tuple[bool, ...], ...]     # [my top face][their top entry]: may I plunder it (R22, R23, V6)
    others: tuple[tuple[int, ...], ...]    # seats other than p, in seat order
    shots: tuple[tuple[tuple[int, ...], ...], ...]    # [p][mask of non-empty piles]: p's broadside targets
    reach: tuple[tuple[int, ...], ...]     # [p][entry]: its code in p's plunder chains (thumb.py), -1: never taken
    round_turn_limit: int | None
    rolloff_limit: int | None
    reroll_all: bool
    target: int
    tie_shared: bool
    round_limit: int | None


def tickets(pairs: list[tuple[Any, Fraction]]) -> tuple[int, list[int]]:
    """`explorer.core.chance.sample`'s arithmetic: its denominator and each outcome's ticket count."""
    pairs = [(o, q) for o, q in pairs if q]
    denominator = math.lcm(*(q.denominator for _, q in pairs))
    return denominator, [q.numerator * (denominator // q.denominator) for _, q in pairs]


def _wobble(height: int) -> tuple[int, int]:
    """C7: (denominator, tickets that stand) for a pile that has just reached `height`."""
    p = topple_chance(height)
    denominator, counts = tickets([("steady", 1 - p), ("topple", p)])
    return denominator, counts[0] if p < 1 else 0


def _stray(k: int) -> tuple[int, int, int]:
    """C8 with k possible targets: (denominator, tickets for no stray shot, tickets per target)."""
    hit, out_of = COMPONENTS.stray_shot
    denominator, counts = tickets([(None, 1 - Fraction(hit, out_of)), *((t, Fraction(hit, out_of * k))
                                                                        for t in range(k))])
    return denominator, counts[0], counts[1]


def _reach_code(e: int, p: int, jr_unplunderable: bool) -> int:
    """How pirate p's rule of thumb sees entry e of another pile when planning plunders: its face,
    plus 8 when it is p's own Jolly Roger die (E4 cares); -1 when no plunder ever takes it (a
    skull, R23; a Jolly Roger die under V6), so nothing below it is reachable either."""
    face, die = e & 7, e >> 3
    if face > 6 or not PLUNDERABLE[face] or (jr_unplunderable and is_jolly(die)):
        return -1
    return face | (8 if die == DICE_PER_PIRATE * p + JOLLY else 0)


@lru_cache(maxsize=64)
def setup(game: Game) -> Setup:
    """The kernel's view of `game`'s options (read once per game, as `flow.config` is)."""
    c = config(game)
    n = c.players
    hit_d, hit_counts = tickets([("hit", c.hit_p), ("miss", 1 - c.hit_p)])
    take = tuple(tuple(e & 7 < 7 and PLUNDERS[e & 7][top] and not (c.jr_unplunderable and is_jolly(e >> 3))
                       for e in range(ENTRIES)) for top in range(7))
    return Setup(
        players=n, broadside=c.broadside, hit_tickets=(hit_d, hit_counts[0] if c.hit_p else 0),
        hold_fire=c.hold_fire, jr_unplunderable=c.jr_unplunderable,
        maroon_ends_round=c.maroon_ends_round, final_plunder=c.final_plunder,
        optional_placement=c.optional_placement, stray=c.stray,
        stray_tickets=tuple(_stray(k) if k else (1, 1, 0) for k in range(n)), wobble=c.wobble,
        wobble_tickets=tuple(_wobble(h) for h in range(DICE_PER_PIRATE * n + 1)), take=take,
        others=tuple(tuple(o for o in range(n) if o != p) for p in range(n)),
        shots=tuple(tuple(tuple(o for o in range(n) if o != p and mask >> o & 1) for mask in range(1 << n))
                    for p in range(n)),
        reach=tuple(tuple(_reach_code(e, p, c.jr_unplunderable) for e in range(ENTRIES)) for p in range(n)),
        round_turn_limit=c.round_turn_limit, rolloff_limit=c.rolloff_limit, reroll_all=c.reroll_all,
        target=c.target, tie_shared=c.tie_shared, round_limit=c.round_limit)


# -- rare consequences: the round's end and the opening (T0, T6) ------------------------------
def return_pile(hands: list[int], piles: list[list[int]], p: int) -> None:
    """R33: every die of p's pile goes back to its owner's hand."""
    for e in piles[p]:
        hands[E_OWNER[e]] |= E_BIT[e]
    piles[p] = []


def round_score(hand: int, pile: list[int]) -> int:
    """E2-E5: pile value, doubled under a skull top, -7 when the own Jolly Roger die is in hand."""
    value = sum(map(E_VALUE.__getitem__, pile))
    if pile and pile[-1] & 7 == SKULL:
        value *= COMPONENTS.multiplier
    return value - COMPONENTS.keelhaul if hand & JOLLY_BIT else value


def end_round(c: Setup, hands: list[int], piles: list[list[int]], totals: list[int],
              round_: int) -> tuple[int, ...] | None:
    """T6: score the round into `totals` (E5); the winners when the game ends (E7, E8, V9, the
    `round_limit` guard), else None (E9: a new round)."""
    for p in range(c.players):
        totals[p] += round_score(hands[p], piles[p])
    best = max(totals)
    capped = c.round_limit is not None and round_ >= c.round_limit
    if best >= c.target or capped:
        leaders = tuple(p for p in range(c.players) if totals[p] == best)
        if len(leaders) == 1 or c.tie_shared or capped:
            return leaders
    return None


def next_opener(c: Setup, hands: list[int], piles: list[list[int]], group: tuple[int, ...], rolloffs: int,
                occupied: int) -> tuple[int, int, tuple[int, ...], int, int]:
    """R7-R9, V10 and the house rule `rolloff_limit`: (step, to_move, group, rolloffs, the mask of
    non-empty piles)."""
    for p in group:
        if not piles[p]:
            return OPEN, p, group, rolloffs, occupied
    ranks = [RANK[piles[p][0] & 7] for p in group]
    low = min(ranks)
    tied = tuple(p for p, r in zip(group, ranks, strict=True) if r == low)
    if len(tied) == 1:
        return TURN, tied[0], (), rolloffs, occupied
    if c.rolloff_limit is not None:
        if rolloffs >= c.rolloff_limit:
            return TURN, tied[0], (), rolloffs, occupied
        rolloffs += 1
    group = tuple(range(c.players)) if c.reroll_all else tied
    for p in group:
        return_pile(hands, piles, p)
        occupied &= ~(1 << p)
    return OPEN, group[0], group, rolloffs, occupied
