"""Dead Man's Dice's fast random-playout kernel, behind `DeadMansDice.random_playout`.

The same rules as `rules.py`/`flow.py` (digest: ../shared/rules/dead_mans_dice.md), on
plain ints and lists, used only for playouts where every seat is uniformly random. It
draws from the generator exactly as stepping the model does: a decision is
``legal[rng.randrange(len(legal))]`` over the model's `legal_actions()` order, a die roll
one ``randrange(6)``, every other chance node ``explorer.core.chance.sample``'s
``randrange(common denominator)``. ``randrange(k)`` is inlined as
`random.Random._randbelow_with_getrandbits` does it (``getrandbits(k.bit_length())``
until below k), so the kernel needs a generator whose `randrange` is `random.Random`'s;
for any other it returns None and the model is stepped. Every option is covered.

Representation: a hand is a bit mask of its owner's dice (bit k = die ``3p + k``, k = 2
the Jolly Roger die), so the model's sorted hand order is bit order; a pile entry is
``die * 8 + face`` (face 0 the skull, 1-6 numbers), bottom first.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from explorer.core.game import Game, PlayoutEnd

from .data import COMPONENTS, DICE_PER_PIRATE, JOLLY, PLUNDERS, RANK, SKULL, STACKS, VALUE, die_faces, is_jolly
from .flow import config
from .model import DeadMansDiceState, build
from .rules import topple_chance

# Steps the model waits at (one generator call and one counted step each) ...
OVER, TURN, ROLL, PLUNDER, OPEN, OPEN_ROLL, RESTART, RESTART_ROLL, STRAY, WOBBLE, HIT, PLACE = range(12)
STEP_CODES = {"over": OVER, "turn": TURN, "roll": ROLL, "plunder": PLUNDER, "open": OPEN, "open_roll": OPEN_ROLL,
              "restart": RESTART, "restart_roll": RESTART_ROLL, "stray": STRAY, "wobble": WOBBLE, "hit": HIT,
              "place": PLACE}
STEP_NAMES = {code: name for name, code in STEP_CODES.items()}
# ... and the automatic consequences that finish a step (no draw, not counted).
RESOLVE, STOOD, END_TURN, END_ROUND, NEW_ROUND, NEXT_OPENER = range(-6, 0)

MAX_DIE = DICE_PER_PIRATE * COMPONENTS.max_players
ENTRIES = MAX_DIE * 8
E_OWNER = tuple((e >> 3) // DICE_PER_PIRATE for e in range(ENTRIES))
E_BIT = tuple(1 << ((e >> 3) % DICE_PER_PIRATE) for e in range(ENTRIES))
E_VALUE = tuple(VALUE[e & 7] if e & 7 < 7 else 0 for e in range(ENTRIES))
DIE_FACES = tuple(die_faces(d) for d in range(MAX_DIE))
JOLLY_BIT = 1 << JOLLY
# HAND_DICE[p][mask]: pirate p's dice in `mask`, sorted as the model's hands are.
HAND_DICE = tuple(tuple(tuple(DICE_PER_PIRATE * p + k for k in range(DICE_PER_PIRATE) if mask >> k & 1)
                        for mask in range(1 << DICE_PER_PIRATE)) for p in range(COMPONENTS.max_players))


@dataclass(frozen=True, slots=True)
class Setup:
    """One game's options as the kernel reads them, with its chance nodes as integer tickets."""

    players: int
    broadside: bool
    hit_tickets: tuple[int, int]           # (denominator, tickets below which a broadside hits), V1/C6
    hold_fire: bool
    maroon_ends_round: bool
    final_plunder: bool
    optional_placement: bool
    stray: bool
    stray_tickets: tuple[tuple[int, int, int], ...]   # by number of targets k: (denominator, none, each), C8
    wobble: bool
    wobble_tickets: tuple[tuple[int, int], ...]       # by height: (denominator, tickets that stand), C7
    take: tuple[tuple[bool, ...], ...]     # [my top face][their top entry]: may I plunder it (R22, R23, V6)
    others: tuple[tuple[int, ...], ...]    # seats other than p, in seat order
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
    p = topple_chance(height)
    denominator, counts = tickets([("steady", 1 - p), ("topple", p)])
    return denominator, counts[0] if p < 1 else 0


def _stray(k: int) -> tuple[int, int, int]:
    hit, out_of = COMPONENTS.stray_shot
    denominator, counts = tickets([(None, 1 - Fraction(hit, out_of)), *((t, Fraction(hit, out_of * k))
                                                                        for t in range(k))])
    return denominator, counts[0], counts[1]


@lru_cache(maxsize=64)
def setup(game: Game) -> Setup:
    c = config(game)
    n = c.players
    hit_d, hit_counts = tickets([("hit", c.hit_p), ("miss", 1 - c.hit_p)])
    take = tuple(tuple(e & 7 < 7 and PLUNDERS[e & 7][top] and not (c.jr_unplunderable and is_jolly(e >> 3))
                       for e in range(ENTRIES)) for top in range(7))
    return Setup(n, c.broadside, (hit_d, hit_counts[0] if c.hit_p else 0), c.hold_fire, c.maroon_ends_round,
                 c.final_plunder, c.optional_placement, c.stray, tuple(_stray(k) if k else (1, 1, 0)
                                                                       for k in range(n)),
                 c.wobble, tuple(_wobble(h) for h in range(DICE_PER_PIRATE * n + 1)), take,
                 tuple(tuple(o for o in range(n) if o != p) for p in range(n)), c.round_turn_limit,
                 c.rolloff_limit, c.reroll_all, c.target, c.tie_shared, c.round_limit)


# -- rare consequences: the round's end and the opening (T0, T6) ------------------------------
def return_pile(hands: list[int], piles: list[list[int]], p: int) -> None:
    """R33: every die of p's pile goes back to its owner's hand."""
    for e in piles[p]:
        hands[E_OWNER[e]] |= E_BIT[e]
    piles[p] = []


def round_score(hand: int, pile: list[int]) -> int:
    """E2-E5: pile value, doubled under a skull top, -7 when the own Jolly Roger die is in hand."""
    value = sum(E_VALUE[e] for e in pile)
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


def next_opener(c: Setup, hands: list[int], piles: list[list[int]], group: tuple[int, ...],
                rolloffs: int) -> tuple[int, int, tuple[int, ...], int]:
    """R7-R9, V10 and the house rule `rolloff_limit`: (step, to_move, group, rolloffs)."""
    for p in group:
        if not piles[p]:
            return OPEN, p, group, rolloffs
    ranks = [RANK[piles[p][0] & 7] for p in group]
    low = min(ranks)
    tied = tuple(p for p, r in zip(group, ranks, strict=True) if r == low)
    if len(tied) == 1:
        return TURN, tied[0], (), rolloffs
    if c.rolloff_limit is not None:
        if rolloffs >= c.rolloff_limit:
            return TURN, tied[0], (), rolloffs
        rolloffs += 1
    group = tuple(range(c.players)) if c.reroll_all else tied
    for p in group:
        return_pile(hands, piles, p)
    return OPEN, group[0], group, rolloffs


# -- the playout ---------------------------------------------------------------------------------------
def playable(rng: random.Random) -> bool:
    """The inlined draws equal `randrange` only for `random.Random`'s own `randrange`."""
    kind = type(rng)
    return kind.randrange is random.Random.randrange and \
        kind._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def random_playout(game: Game, state: DeadMansDiceState, rng: random.Random, max_steps: int,
                   final: bool) -> PlayoutEnd | None:
    if not playable(rng):
        return None
    c = setup(game)
    n = c.players
    hands = [sum(1 << (d % DICE_PER_PIRATE) for d in hand) for hand in state.hands]
    piles = [[d * 8 + f for d, f in pile] for pile in state.piles]
    totals = list(state.totals)
    fields = (state.round, STEP_CODES[state.step], state.to_move, state.group, state.die, state.face,
              state.target, state.after, state.passes, state.stacked, state.winners_, state.restart_die,
              state.turns, state.rolloffs)
    steps, fields = play(c, rng.getrandbits, max_steps, hands, piles, totals, fields)
    over = tuple(totals)
    winners = fields[10]
    rest = sorted({t for p, t in enumerate(over) if p not in winners}, reverse=True)
    ranking = (winners, *(tuple(p for p in range(n) if over[p] == v and p not in winners) for v in rest))
    end = None
    if final:
        round_, step, to_move, group, die, face, target, after, passes, stacked, winners_, restart_die, turns, \
            rolloffs = fields
        end = build(game, None, (), tuple(tuple(HAND_DICE[p][m]) for p, m in enumerate(hands)),
                    tuple(tuple((e >> 3, e & 7) for e in pile) for pile in piles), over, round_,
                    STEP_NAMES[step], to_move, group, die, face, target, after, passes, stacked, winners_,
                    restart_die, turns, rolloffs)
    return PlayoutEnd(over, ranking, steps, end)


def play(c: Setup, bits: Any, max_steps: int, hands: list[int], piles: list[list[int]], totals: list[int],
         fields: tuple) -> tuple[int, tuple]:
    """Random play to the end, changing `hands`, `piles` and `totals` in place; `bits` is the
    generator's `getrandbits`. Returns the steps taken and the other position fields."""
    round_, step, p, group, die, face, target, after, passes, stacked, winners, restart_die, turns, \
        rolloffs = fields
    n, others, take, broadside, hold_fire, stray = c.players, c.others, c.take, c.broadside, c.hold_fire, c.stray
    wobble, steady = c.wobble, COMPONENTS.steady_height
    hit_d, hit_below = c.hit_tickets
    turn_limit, plank = c.round_turn_limit, COMPONENTS.plank
    steps = 0
    while True:
        if step < 0:            # the automatic consequences that finish a step
            if step == END_TURN:                    # T5: R28 an empty hand ends the round; R10 clockwise
                stacked = False
                die = face = target = restart_die = None
                after = ""
                if 0 in hands:
                    step = END_ROUND
                elif turn_limit is not None and (turns := turns + 1) >= turn_limit:
                    step = END_ROUND                # R29 house rule round_turn_limit
                else:
                    p = p + 1 if p + 1 < n else 0
                    step = TURN
            elif step == RESOLVE:                   # R13-R15: stack if it fits (R18, V11), else R19
                pile = piles[p]
                if not pile or STACKS[face][pile[-1] & 7]:
                    if c.optional_placement and pile:
                        step = PLACE
                    else:
                        hands[p] &= ~(1 << die % DICE_PER_PIRATE)
                        pile.append(die * 8 + face)
                        die = face = None
                        stacked = True
                        step = WOBBLE if wobble and len(pile) > steady else STOOD    # T3, V2
                else:
                    die = face = None
                    step = END_ROUND if c.maroon_ends_round else END_TURN           # V5
            elif step == STOOD:                     # T4: V7, then plunder if any (R20-R25)
                if not hands[p] and not c.final_plunder:
                    step = END_ROUND
                else:
                    takes = take[piles[p][-1] & 7]
                    step = PLUNDER if any(piles[o] and takes[piles[o][-1]] for o in others[p]) else END_TURN
            elif step == END_ROUND:                 # T6: E2-E8
                won = end_round(c, hands, piles, totals, round_)
                die = face = target = restart_die = None
                stacked = False
                turns = rolloffs = 0
                if won is None:
                    step = NEW_ROUND
                else:
                    step, p, winners = OVER, None, won
            elif step == NEW_ROUND:                 # E9, R6
                for q in range(n):
                    return_pile(hands, piles, q)
                round_ += 1
                turns = rolloffs = passes = 0
                group = tuple(range(n))
                after, stacked = "", False
                step = NEXT_OPENER
            else:                                   # NEXT_OPENER: R7-R9
                step, p, group, rolloffs = next_opener(c, hands, piles, group, rolloffs)
                if step == TURN:
                    stacked, passes = False, 0
            continue
        if step == OVER:
            break
        if steps == max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        steps += 1
        if step == TURN:                            # T1: roll (R11, R12), broadside (R30, V1), pass (V4)
            dice = HAND_DICE[p][hands[p]]
            shots = [o for o in others[p] if piles[o]] if broadside else ()
            count = len(dice) + len(shots) + (1 if hold_fire and piles[p] else 0)
            k = count.bit_length()
            r = bits(k)
            while r >= count:
                r = bits(k)
            if r < len(dice):
                die, step, passes = dice[r], ROLL, 0
            elif r - len(dice) < len(shots):
                passes = 0
                t = shots[r - len(dice)]
                if hit_below == hit_d:              # R31-R34: it hits
                    totals[p] -= plank
                    return_pile(hands, piles, t)
                    target, step, after = t, RESTART, "end"
                    if not hands[t]:
                        target, step = None, END_TURN
                elif hit_below == 0:                # R32: it misses
                    step = END_TURN
                else:                               # C6: a chance node
                    target, step = t, HIT
            else:
                passes += 1
                step = END_ROUND if passes >= n else END_TURN
        elif step == ROLL:                          # C1, C2; V3 asks for a stray shot first
            r = bits(3)
            while r > 5:
                r = bits(3)
            face = DIE_FACES[die][r]
            step = STRAY if stray and any(piles[o] for o in others[p]) else RESOLVE
        elif step == PLUNDER:                       # R21-R26: take a top die, or end the turn
            pile = piles[p]
            takes = take[pile[-1] & 7]
            prey = [o for o in others[p] if piles[o] and takes[piles[o][-1]]]
            count = len(prey) + 1
            k = count.bit_length()
            r = bits(k)
            while r >= count:
                r = bits(k)
            if r < len(prey):
                pile.append(piles[prey[r]].pop())
                step = WOBBLE if wobble and len(pile) > steady else STOOD
            else:
                step = END_TURN
        elif step == OPEN or step == RESTART:       # R7 opening die; R34 the victim's restart die
            who = p if step == OPEN else target
            dice = HAND_DICE[who][hands[who]]
            count = len(dice)
            k = count.bit_length()
            r = bits(k)
            while r >= count:
                r = bits(k)
            if step == OPEN:
                die, step = dice[r], OPEN_ROLL
            else:
                restart_die, step = dice[r], RESTART_ROLL
        elif step == OPEN_ROLL or step == RESTART_ROLL:     # C1, C2: the base lands (R7, R34)
            r = bits(3)
            while r > 5:
                r = bits(3)
            if step == OPEN_ROLL:
                hands[p] &= ~(1 << die % DICE_PER_PIRATE)
                piles[p].append(die * 8 + DIE_FACES[die][r])
                die, step = None, NEXT_OPENER
            else:
                hands[target] &= ~(1 << restart_die % DICE_PER_PIRATE)
                piles[target].append(restart_die * 8 + DIE_FACES[restart_die][r])
                step = RESOLVE if after == "place" else END_TURN
                target = restart_die = None
                after = ""
        elif step == STRAY:                         # V3, C8
            shots = [o for o in others[p] if piles[o]]
            d, none, each = c.stray_tickets[len(shots)]
            k = d.bit_length()
            r = bits(k)
            while r >= d:
                r = bits(k)
            if r < none:
                step = RESOLVE
            else:
                t = shots[(r - none) // each]
                totals[p] -= plank                  # R31, R33, R34
                return_pile(hands, piles, t)
                target, step, after = t, RESTART, "place"
                if not hands[t]:
                    target, step, after = None, RESOLVE, ""
        elif step == WOBBLE:                        # V2, C7: stand, or topple (R36)
            d, stand = c.wobble_tickets[len(piles[p])]
            k = d.bit_length()
            r = bits(k)
            while r >= d:
                r = bits(k)
            if r < stand:
                step = STOOD
            else:
                return_pile(hands, piles, p)
                step = END_TURN
        elif step == HIT:                           # V1, C6
            k = hit_d.bit_length()
            r = bits(k)
            while r >= hit_d:
                r = bits(k)
            step = END_TURN
            if r < hit_below:                       # R31-R34
                totals[p] -= plank
                return_pile(hands, piles, target)
                step, after = RESTART, "end"
                if not hands[target]:
                    target, step = None, END_TURN
        else:                                       # PLACE (V11): stack, or decline as if marooned
            r = bits(2)
            while r >= 2:
                r = bits(2)
            if r == 0:
                pile = piles[p]
                hands[p] &= ~(1 << die % DICE_PER_PIRATE)
                pile.append(die * 8 + face)
                die = face = None
                stacked = True
                step = WOBBLE if wobble and len(pile) > steady else STOOD
            else:
                die = face = None
                step = END_TURN
    return steps, (round_, step, p, group, die, face, target, after, passes, stacked, winners, restart_die,
                   turns, rolloffs)
