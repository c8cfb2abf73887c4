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

from math import comb

from .data import CARD_INDEX, SHIP_VALUE, SPECIALS
from .model import JollyState

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


def splits(table: Hand) -> list[tuple[Hand, Hand]]:
    """Distinct (small, large) offers of the drawn cards (T2, R3, R26)."""
    from itertools import combinations

    seen: dict[Hand, Hand] = {}
    for size in (1, 2):
        for idx in combinations(range(len(table)), size):
            small = tuple(table[i] for i in idx)
            if small not in seen:
                seen[small] = tuple(c for i, c in enumerate(table) if i not in idx)
    return list(seen.items())


def terminal(d) -> int:
    """Ship points P1 minus P2 (E3; a tie scores nobody, A5)."""
    return sum(v if x > 0 else -v if x < 0 else 0 for v, x in zip(SHIP_VALUE, d, strict=True))


def _minus(unseen: tuple[int, ...], cards: Hand) -> tuple[int, ...]:
    rest = list(unseen)
    for c in cards:
        rest[c] -= 1
    return tuple(rest)


class Context:
    """What may still come: the cards each player will use, the table, and the unseen cards to draw."""

    __slots__ = ("hands", "table", "to_draw", "unseen")

    def __init__(self, hands: tuple[Hand, Hand], table: Hand, unseen: tuple[int, ...], to_draw: int) -> None:
        self.hands, self.table, self.unseen, self.to_draw = hands, table, unseen, to_draw

    def count(self, card: int, player: int) -> int:
        """How many `card`s `player` may still play (own hand, the table, or a draw to come)."""
        return (self.hands[player].count(card) + self.table.count(card)
                + (self.unseen[card] if self.to_draw else 0))

    def swing(self, tortuga: bool) -> list[int]:
        """Per ship, the most the cards still to come can add (a turned parrot adds its value)."""
        def worth(c: int, k: int) -> int:
            if c < PIRATE:
                return VALUE[c] if COLOUR[c] == k or tortuga else 1
            return 3 if c == SK else 1                                   # V4: a special as a parrot
        out = []
        for k in range(4):
            known = sum(worth(c, k) for h in (*self.hands, self.table) for c in h)
            pool = sorted((worth(c, k) for c, n in enumerate(self.unseen) for _ in range(n)), reverse=True)
            out.append(known + sum(pool[:self.to_draw]))
        return out


def reduce(state: tuple, ctx: Context) -> tuple:
    """The reduced state: bottoms kept as deep as Krakens may still hit, turn gains while a
    Tortuga may still come, differences clipped beyond any swing (R30, R33, E3)."""
    d, bottoms, gains = state
    new_bottoms, new_gains = [], []
    for p in (0, 1):
        krakens, tortugas = ctx.count(KR, 1 - p), ctx.count(TO, p)
        side_b, side_g = [], []
        for pile, extra in zip(bottoms[p], gains[p], strict=True):
            kept = pile[:krakens]
            extra += sum(g for _, g in pile[krakens:])
            if not tortugas:
                kept, extra = tuple((s, 0) for s, _ in kept), 0
            side_b.append(kept)
            side_g.append(extra)
        new_bottoms.append(tuple(side_b))
        new_gains.append(tuple(side_g))
    tortuga = any(ctx.count(TO, p) for p in (0, 1))
    swing = ctx.swing(tortuga)
    clipped = []
    for k, x in enumerate(d):
        cap = swing[k] + sum(s + g for p in (0, 1) for s, g in new_bottoms[p][k]) + new_gains[0][k] + new_gains[1][k]
        clipped.append(cap + 1 if x > cap else -cap - 1 if x < -cap else x)
    return tuple(clipped), tuple(new_bottoms), tuple(new_gains)


def start_state(s: JollyState) -> tuple:
    """The full (unreduced) state of a game position: differences, every pile's entries, no extra gains."""
    d = tuple(a - b for a, b in zip(*s.strengths, strict=True))
    bottoms = tuple(tuple(tuple(entry(e) for e in pile) for pile in side) for side in s.piles)
    return d, bottoms, ((0,) * 4, (0,) * 4)
