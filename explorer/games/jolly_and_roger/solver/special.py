"""Exact solver for the special-cards game (V1): memoised expectiminimax on a reduced state.

The value is the exact expected final score difference, P1 minus P2, with perfect play and
every draw a uniform draw from the unseen cards (C3; with the sequential set-up the S4
removals are pirate cards, so the pool is not exchangeable: see `draws`).

Reduced state. The specials make the order and faces inside a crew pile matter, but only
as far as a card still to come can use them:

- the strength difference per ship (majority R14-R16, boarding R18, scoring E3);
- the Kraken removes the bottom card of an opponent's pile (R30, A14): of each pile only
  as many bottom entries are kept, with their strength, as Krakens the opponent may
  still play (in hand, on the table, or unseen with a draw to come);
- the Tortuga turns its owner's parrots (R33, A15): each entry keeps the strength a turn
  would add (a pirate card's value - 1), summed above the kept bottom entries, and only
  while its owner may still play a Tortuga;
- a difference no card still to come can bring back to zero is clipped.

Chest gold only adds up, so values count the gold still to come. Within a placement
phase (R6-R8) the search is card by card, memoised on the reduced state and the cards
left; Tortuga goes after the phase's other cards and boards last (solver notes 4: more
own strength never hurts, and the own majority only grows in one's own phase), so a
pirate card is either placed or kept for a board that must be legal at the end (R18).
A parrot on its own colour is never better than crew there and is left out.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ..data import CARD_INDEX, SHIP_VALUE, SPECIALS
from ..model import JollyState

SK, KR, TO = (CARD_INDEX[c] for c in SPECIALS)
PIRATE = 20
COLOUR = tuple(i // 5 for i in range(20))
VALUE = tuple(i % 5 + 1 for i in range(20))
Entry = tuple[int, int]            # (strength now, strength a Tortuga would add)
Hand = tuple[int, ...]             # card indices 0..22, sorted


def entry(text: str) -> Entry:
    """A crew-pile entry (``G3``, ``p:G3``, ``t:G3``, ``SK``, ``p:KR``) as (strength, turn gain) (R12, R33)."""
    if text.startswith("p:"):
        card = text[2:]
        return (1, int(card[1]) - 1) if CARD_INDEX[card] < PIRATE else (1, 0)
    if text == "SK":
        return (3, 0)                                                    # R28
    return (int(text[-1]), 0)


def draws(unseen: tuple[int, ...], k: int, early: int):
    """Every multiset of `k` cards the next draws can bring, with weights over a common denominator (C3).

    With `early` S4 removals among the unseen pirate cards (sequential set-up), a draw of
    multiset D has weight mult(D) * C(pirates - pirates in D, early), out of
    C(pirates, early) * C(|unseen| - early, k).
    """
    pirates = sum(unseen[:PIRATE])
    den = comb(pirates, early) * comb(sum(unseen) - early, k)

    def walk(start: int, left: int, cards: tuple[int, ...], mult: int):
        if left == 0:
            drawn = sum(1 for c in cards if c < PIRATE)
            yield cards, mult * comb(pirates - drawn, early)
            return
        for i in range(start, len(unseen)):
            for take in range(1, min(unseen[i], left) + 1):
                yield from walk(i + 1, left - take, cards + (i,) * take, mult * comb(unseen[i], take))

    return walk(0, k, (), 1), den


def terminal(d) -> int:
    """Ship points P1 minus P2 (E3; a tie scores nobody, A5)."""
    return sum(v if x > 0 else -v if x < 0 else 0 for v, x in zip(SHIP_VALUE, d, strict=True))


def _minus(unseen: tuple[int, ...], cards: Hand) -> tuple[int, ...]:
    rest = list(unseen)
    for c in cards:
        rest[c] -= 1
    return tuple(rest)


@lru_cache(maxsize=1 << 16)
def context(hands: tuple[Hand, Hand], table: Hand, unseen: tuple[int, ...], to_draw: int) -> tuple:
    """What may still come: (Krakens that may hit each player, Tortugas each player may play, the
    most the cards still to come can add per ship). Cards in hand are used by their holder, table
    cards and the `to_draw` cards still to be drawn from `unseen` by either player."""
    pool = unseen if to_draw else ()
    free_kr = table.count(KR) + (pool[KR] if pool else 0)
    free_to = table.count(TO) + (pool[TO] if pool else 0)
    krakens = (hands[1].count(KR) + free_kr, hands[0].count(KR) + free_kr)      # against P1, against P2
    tortugas = (hands[0].count(TO) + free_to, hands[1].count(TO) + free_to)
    turned = any(tortugas)

    def worth(c: int, k: int) -> int:
        if c < PIRATE:
            return VALUE[c] if COLOUR[c] == k or turned else 1           # a turned parrot adds its value
        return 3 if c == SK else 1                                       # V4: a special as a parrot
    swing = []
    for k in range(4):
        known = sum(worth(c, k) for h in (*hands, table) for c in h)
        top = sorted((worth(c, k) for c, n in enumerate(pool) for _ in range(n)), reverse=True)
        swing.append(known + sum(top[:to_draw]))
    return krakens, tortugas, tuple(swing)


NO_PILES = (((),) * 4, ((),) * 4)
NO_GAINS = ((0,) * 4, (0,) * 4)


@lru_cache(maxsize=1 << 18)
def reduce(state: tuple, ctx: tuple) -> tuple:
    """The reduced state: bottoms kept as deep as Krakens may still hit, turn gains while a
    Tortuga may still come, differences clipped beyond any swing (R30, R33, E3)."""
    d, bottoms, gains = state
    krakens, tortugas, swing = ctx
    if not (krakens[0] or krakens[1] or tortugas[0] or tortugas[1]):
        bottoms, gains, cap = NO_PILES, NO_GAINS, swing
    else:
        new_bottoms, new_gains = [], []
        for p in (0, 1):
            side_b, side_g = [], []
            for pile, extra in zip(bottoms[p], gains[p], strict=True):
                kept = pile[:krakens[p]]
                if tortugas[p]:
                    extra += sum(g for _, g in pile[krakens[p]:])
                else:
                    kept, extra = tuple((s, 0) for s, _ in kept), 0
                side_b.append(kept)
                side_g.append(extra)
            new_bottoms.append(tuple(side_b))
            new_gains.append(tuple(side_g))
        bottoms, gains = tuple(new_bottoms), tuple(new_gains)
        cap = tuple(swing[k] + gains[0][k] + gains[1][k] + sum(s + g for p in (0, 1) for s, g in bottoms[p][k])
                    for k in range(4))
    clipped = tuple(c + 1 if x > c else -c - 1 if x < -c else x for x, c in zip(d, cap, strict=True))
    return clipped, bottoms, gains


def start_state(s: JollyState) -> tuple:
    """The full (unreduced) state of a game position: differences, every pile's entries, no extra gains."""
    d = tuple(a - b for a, b in zip(*s.strengths, strict=True))
    bottoms = tuple(tuple(tuple(entry(e) for e in pile) for pile in side) for side in s.piles)
    return d, bottoms, ((0,) * 4, (0,) * 4)
