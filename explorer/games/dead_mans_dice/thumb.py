"""The greedy and cautious pirates' decisions (the rule of thumb), as pure functions on a plain
representation of the table: a hand is a bit mask of its owner's dice (bit k = die ``3p + k``,
k = 2 the Jolly Roger die), a pile entry ``die * 8 + face`` (face 0 the skull), bottom first.
The ONE source of their choices: the model's policies (policies.py) and the rule-of-thumb
playouts (playout.py) both ask `decide`, so the two cannot drift.

Each function returns an index into the model's `legal_actions()` order at that step.
The greedy pirate's die advice is C9's exact expected gain (`odds.expected_gain`,
expectimax over the rest of the turn through the model), computed here on a reduced key
and cached: within one turn only the roller's pile value, top, height and whether it holds
the roller's own Jolly Roger die matter, and of each other pile only the top dice a chain
of plunders could reach (down to the first skull, R23, or Jolly Roger die under V6), plus
under V3 whether the roller's Jolly Roger die is in it.
tests/games/dead_mans_dice/test_dead_mans_dice_thumb.py checks every gain against the model's
expectimax.

Gains are exact: integers while only 1/6 faces are involved, `Fraction` once V2 or V3 chance
enters, so ties break exactly as the model's `Fraction` comparisons do.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .data import COMPONENTS, DICE_PER_PIRATE, JOLLY, PLUNDERABLE, PLUNDERS, SKULL, STACKS, VALUE, die_faces, is_jolly
from .flow import config
from .model import OpeningRoll, Place, Plunder, RestartRoll
from .rules import topple_chance

MAX_DIE = DICE_PER_PIRATE * COMPONENTS.max_players
ENTRIES = MAX_DIE * 8
E_VALUE = tuple(VALUE[e & 7] if e & 7 < 7 else 0 for e in range(ENTRIES))    # [pile entry]: its doubloons
DIE_FACES = tuple(die_faces(d) for d in range(MAX_DIE))


@dataclass(frozen=True, slots=True, eq=False)
class Setup:
    """One game's options as the rule of thumb reads them, with its chance nodes as integer tickets.

    Compared and hashed by identity (`setup` makes one per game): the caches below key on it at
    every decision, and hashing its tables each time cost seconds."""

    players: int
    broadside: bool
    hold_fire: bool
    final_plunder: bool
    optional_placement: bool
    stray: bool
    stray_tickets: tuple[tuple[int, int, int], ...]   # by number of targets k: (denominator, none, each), C8
    wobble: bool
    wobble_tickets: tuple[tuple[int, int], ...]       # by height: (denominator, tickets that stand), C7
    others: tuple[tuple[int, ...], ...]    # seats other than p, in seat order
    reach: tuple[tuple[int, ...], ...]     # [p][entry]: its code in p's plunder chains, -1: never taken


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
def setup(game: Any) -> Setup:
    """The rule of thumb's view of `game`'s options (read once per game, as `flow.config` is)."""
    c = config(game)
    n = c.players
    return Setup(
        players=n, broadside=c.broadside, hold_fire=c.hold_fire, final_plunder=c.final_plunder,
        optional_placement=c.optional_placement, stray=c.stray,
        stray_tickets=tuple(_stray(k) if k else (1, 1, 0) for k in range(n)), wobble=c.wobble,
        wobble_tickets=tuple(_wobble(h) for h in range(DICE_PER_PIRATE * n + 1)),
        others=tuple(tuple(o for o in range(n) if o != p) for p in range(n)),
        reach=tuple(tuple(_reach_code(e, p, c.jr_unplunderable) for e in range(ENTRIES)) for p in range(n)))


MULT, KEEL, PLANK, STEADY = COMPONENTS.multiplier, COMPONENTS.keelhaul, COMPONENTS.plank, COMPONENTS.steady_height
JOLLY_BIT = 1 << JOLLY
FIRE_MARGIN = 7 + 14      # Greedy fires when the target's score now - 7 beats the roll's gain + 14
HAND_KINDS = tuple(tuple((k == JOLLY, mask == 1 << k) for k in range(DICE_PER_PIRATE) if mask >> k & 1)
                   for mask in range(1 << DICE_PER_PIRATE))    # [hand mask]: (Jolly Roger die?, last die?)
FITS = tuple(tuple(sum(STACKS[f][top] for f in DIE_FACES[JOLLY if jolly else 0]) for top in range(7))
             for jolly in (False, True))    # [jolly die][top face]: faces of 6 that stack (C4)


def pile_now(pile: list[int], hand: int) -> int:
    """E5 for a pile and its owner's hand mask: value, x2 under a skull top (E3), -7 when the
    owner's Jolly Roger die is in hand (E4)."""
    value = sum(map(E_VALUE.__getitem__, pile))
    if pile and pile[-1] & 7 == SKULL:
        value *= MULT
    return value - KEEL if hand & JOLLY_BIT else value


def _value(s: int, top: int, jolly_in_hand: bool) -> int:
    return (s * MULT if top == SKULL else s) - (KEEL if jolly_in_hand else 0)


@lru_cache(maxsize=1 << 16)
def _stood(c: Setup, s: int, top: int, h: int, jip: bool, j: bool, empty: bool,
           others: tuple[tuple[int, ...], ...]) -> int | Fraction:
    """T4: the best of ending the turn now and each plunder (R20-R25), V7 first.
    s, top, h: the roller's pile value, top face and height; jip: its own Jolly Roger die is
    in that pile; j: that die is in hand; empty: the hand is empty; others: reachable tops."""
    best = _value(s, top, j)
    if empty and not c.final_plunder:          # V7: the round ends, scored as it stands
        return best
    for i, seg in enumerate(others):
        if PLUNDERS[seg[0] & 7][top]:          # R22 (skulls and V6 dice were cut off, R23)
            rest = (*others[:i], seg[1:], *others[i + 1:]) if len(seg) > 1 else (*others[:i], *others[i + 1:])
            v = _grown(c, s + VALUE[seg[0] & 7], seg[0] & 7, h + 1 if c.wobble else 0, jip or seg[0] > 7, j,
                       empty, tuple(sorted(rest)))
            if v > best:
                best = v
    return best


def _grown(c: Setup, s: int, top: int, h: int, jip: bool, j: bool, empty: bool,
           others: tuple[tuple[int, ...], ...]) -> int | Fraction:
    """After a die joined the pile: V2's steadiness check (C7; a topple sends the dice home,
    R36, R33, and ends the turn), then T4."""
    if c.wobble and h > STEADY:
        d, stand = c.wobble_tickets[h]
        fall = -KEEL if (j or jip) else 0
        if not stand:
            return fall
        return Fraction(stand * _stood(c, s, top, h, jip, j, empty, others) + (d - stand) * fall, d)
    return _stood(c, s, top, h, jip, j, empty, others)


@lru_cache(maxsize=1 << 16)
def _roll_total(c: Setup, jolly: bool, s: int, top: int, h: int, jip: bool, j: bool, empty: bool,
                others: tuple[tuple[int, ...], ...], strays: tuple[bool, ...]) -> int | Fraction:
    """Six times the expected standing after rolling a die (the Jolly Roger die when `jolly`)
    and playing the turn out best (C9): each face (C1, C2), V3's stray shot (C8), placement
    (R13-R19, V11). top is -1 for an empty pile; strays: per non-empty other pile, whether
    the roller's Jolly Roger die is in it."""
    now = _value(s, top, j)
    total: int | Fraction = 0
    jl, jip2 = j and not jolly, jip or jolly            # the die leaves the hand when stacked
    # C8: a stray hit costs the plank (R31) and, as the model's expectimax sees it, ends the roller's
    # part at the victim's restart (R34; a sunk pile's bottom die is always its owner's, R7, R13,
    # so the victim has a die to restart with)
    if strays:
        d, none, each = c.stray_tickets[len(strays)]
        hit = sum(_value(s, top, j or mine) - PLANK for mine in strays)
    for f in DIE_FACES[JOLLY if jolly else 0]:
        if top < 0 or STACKS[f][top]:
            v = _grown(c, s + VALUE[f], f, h + 1 if c.wobble else 0, jip2, jl, empty, others)
            if c.optional_placement and top >= 0 and now > v:    # V11: decline as if marooned
                v = now
        else:
            v = now                                             # R19: marooned, the die stays in hand
        total += Fraction(none * v + each * hit, d) if strays else v
    return total


def _gains6(c: Setup, p: int, hands: list[int], piles: list[list[int]]) -> list[tuple[int | Fraction, int]]:
    """For each die in p's hand, in hand order: (six times its exact expected gain, C9; the
    faces of 6 that fit, C4). Six-fold keeps the common case in integers."""
    hand, pile = hands[p], piles[p]
    jolly_die = DICE_PER_PIRATE * p + JOLLY
    s = 0
    jip = False
    for e in pile:
        s += E_VALUE[e]
        if e >> 3 == jolly_die:
            jip = True
    top = pile[-1] & 7 if pile else -1
    h = len(pile) if c.wobble else (1 if pile else 0)
    j = bool(hand & JOLLY_BIT)
    codes = c.reach[p]
    others = []
    for o in c.others[p]:
        q = piles[o]
        if q and codes[q[-1]] >= 0:        # the top dice a chain of plunders could reach, top first
            seg = []
            for e in reversed(q):
                x = codes[e]
                if x < 0:
                    break
                seg.append(x)
            others.append(tuple(seg))
    others.sort()
    key = tuple(others)
    strays = tuple(sorted(any(e >> 3 == jolly_die for e in piles[o]) for o in c.others[p] if piles[o])) \
        if c.stray else ()
    now6 = 6 * _value(s, top, j)
    seen: dict[tuple[bool, bool], tuple[int | Fraction, int]] = {}
    out = []
    for kind in HAND_KINDS[hand]:          # both regular dice have the same faces: ask once
        if kind not in seen:
            jolly, empty = kind
            gain6 = _roll_total(c, jolly, s, top, h, jip, j, empty, key, strays) - now6
            seen[kind] = (gain6, 6 if top < 0 else FITS[jolly][top])
        out.append(seen[kind])
    return out


def turn_gains(c: Setup, p: int, hands: list[int], piles: list[list[int]]) -> list[tuple[Fraction, Fraction]]:
    """For each die in p's hand, in hand order: (P(it stacks), C4; its exact expected gain, C9),
    as `odds.die_advice` gives them."""
    return [(Fraction(fits, 6), Fraction(gain6, 6)) for gain6, fits in _gains6(c, p, hands, piles)]


def greedy_turn(c: Setup, p: int, hands: list[int], piles: list[list[int]]) -> int:
    """T1 for the greedy pirate: the die with the best exact expected gain (then the best
    chance to stack, then hand order); a broadside (R30) at the richest pile instead when its
    score now less the plank beats that gain by 14. Index into [rolls, broadsides, pass]."""
    gains = _gains6(c, p, hands, piles)
    best = 0
    for i in range(1, len(gains)):
        if gains[i] > gains[best]:
            best = i
    if c.broadside:
        k, richest, aim = -1, 0, 0
        for o in c.others[p]:
            if piles[o]:
                now = pile_now(piles[o], hands[o])
                if k < 0 or now > richest:
                    aim, richest = k + 1, now
                k += 1
        if k >= 0 and 6 * (richest - FIRE_MARGIN) > gains[best][0]:
            return len(gains) + aim
    return best


def cautious_turn(c: Setup, p: int, hands: list[int], piles: list[list[int]]) -> int:
    """T1 for the cautious pirate: pass (V4) on a skull top, else the die most likely to stack
    (then the best gain); never a broadside."""
    pile = piles[p]
    dice = len(HAND_KINDS[hands[p]])
    if c.hold_fire and pile and pile[-1] & 7 == SKULL:
        return dice + (sum(1 for o in c.others[p] if piles[o]) if c.broadside else 0)
    gains = _gains6(c, p, hands, piles)
    return max(range(len(gains)), key=lambda i: (gains[i][1], gains[i][0]))


def plunder_choice(c: Setup, p: int, hands: list[int], piles: list[list[int]], prey: list[int]) -> int:
    """T4: the plunder that raises p's score now the most, the first of equals; none (the
    index after the plunders: end the turn, R25) when none raises it."""
    pile = piles[p]
    s = sum(VALUE[e & 7] for e in pile)
    j = bool(hands[p] & JOLLY_BIT)
    best, pick = _value(s, pile[-1] & 7, j), len(prey)
    for i, o in enumerate(prey):
        face = piles[o][-1] & 7
        v = _value(s + VALUE[face], face, j)
        if v > best:
            best, pick = v, i
    return pick


@dataclass(frozen=True, slots=True, eq=False)
class Rule:
    """One rule of thumb: which die it opens (and restarts, R34) with, and its T1 choice; both
    plunder as `plunder_choice` does and stack whatever fits (V11). Compared by identity (each
    is made once), so the turn cache hashes it cheaply."""

    name: str
    base_last: bool        # the last die in hand (the Jolly Roger die when held), else the first
    turn: Callable[[Setup, int, list[int], list[list[int]]], int]


GREEDY = Rule("greedy", True, greedy_turn)
CAUTIOUS = Rule("cautious", False, cautious_turn)
RULES = {"rule_of_thumb": GREEDY, "greedy": GREEDY, "cautious": CAUTIOUS}


def to_plain(state: Any) -> tuple[list[int], list[tuple[int, ...]]]:
    """A state's (or working copy's) hands and piles in this module's plain representation."""
    return [_mask(hand) for hand in state.hands], [_entries(pile) for pile in state.piles]


@lru_cache(maxsize=256)
def _mask(hand: tuple[int, ...]) -> int:
    return sum(1 << (d % DICE_PER_PIRATE) for d in hand)


@lru_cache(maxsize=1 << 14)
def _entries(pile: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return tuple(d * 8 + f for d, f in pile)


def decide(rule: Rule, c: Setup, state: Any, legal: Sequence[Any]) -> Any:
    """The rule of thumb's choice among `legal` (the model's order) at a decision of `state`, a
    state or a step's working copy: the opening and restart die by `rule.base_last` (R7, R34),
    stack whatever fits (V11), the only choice when there is one, else the plunder (T4) or
    turn (T1) choice above. Draws nothing."""
    first = legal[0]
    if isinstance(first, (OpeningRoll, RestartRoll)):
        return legal[-1] if rule.base_last else first
    if isinstance(first, Place):
        return first
    if len(legal) == 1:
        return first                                    # e.g. "next round" once a round is scored
    p = state.to_move
    if state.step == "plunder":
        hands, piles = to_plain(state)
        prey = [a.opponent for a in legal if isinstance(a, Plunder)]
        return legal[plunder_choice(c, p, hands, piles, prey)]
    return legal[_turn(rule, c, p, tuple(state.hands), tuple(state.piles))]


@lru_cache(maxsize=1 << 16)
def _turn(rule: Rule, c: Setup, p: int, hands: tuple, piles: tuple) -> int:
    """`rule.turn` on a table as the model holds it, cached: rollouts from one position meet the
    same tables again and again (two turns in three, from a mid-game position)."""
    return rule.turn(c, p, [_mask(hand) for hand in hands], [_entries(pile) for pile in piles])
