"""The rule of thumb's decisions as pure functions: the one source of its play.

`policies.Greedy` reads them from a player's view, playout.py from the working copy of the
state; both hand them the same facts (the mover, the strengths, both sides' crew piles by
ship, whether this is the last round) and the legal actions in the model's order, so the two
cannot drift. Each decision draws one ``rng.random()`` tie-break per legal action, in that
order, and keeps the first best (Python's `min`/`max`).

Split (T2): make the two offers as even as possible; take (T3): the richer offer; place
(T4, T5): where the card gains the most gold or ship value right now.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .data import CARDS, SHIP_INDEX, SHIP_VALUE, VALUE
from .model import STRENGTH, Board, Crew, Kraken, Parrot, Skeleton, Split, Take

SPECIAL_WORTH = {"SK": 3, "KR": 3, "TO": 2}
SK_STRENGTH = STRENGTH["SK"]
Piles = Sequence[Sequence[str]]        # one side's four crew piles, in SHIPS order


def card_worth(card: str) -> int:
    """A card's rough worth: its printed value, a special at a fixed guess."""
    return VALUE.get(card, SPECIAL_WORTH.get(card, 0))


WORTH = {c: card_worth(c) for c in CARDS}


def offer_worth(cards: Sequence[str]) -> int:
    """A rough worth of an offer: printed values, specials at a fixed guess."""
    try:
        return sum(map(WORTH.__getitem__, cards))
    except KeyError:
        return sum(map(card_worth, cards))


def ship_term(value: int, diff: int) -> float:
    """One ship's share of the outlook: its value to whoever holds it now (R14-R16, E3), with a
    small bonus for a safer margin (at most 3)."""
    return value * ((diff > 0) - (diff < 0)) + 0.1 * max(-3, min(3, diff))


# Every ship's term by strength difference, made once (the same floats `ship_term` gives);
# a difference outside the table (more than any deal's strength) is worked out on the spot.
SPAN = 256
TERMS = tuple({d: ship_term(v, d) for d in range(-SPAN, SPAN + 1)} for v in SHIP_VALUE)


def outlook(mine: Sequence[int], theirs: Sequence[int], gold: int) -> float:
    """Gold plus the ships I would hold now, with a small bonus for a safer margin: the terms
    added ship by ship in order, as a running total would."""
    try:
        t0, t1, t2, t3 = TERMS
        return float(gold) + t0[mine[0] - theirs[0]] + t1[mine[1] - theirs[1]] + t2[mine[2] - theirs[2]] \
            + t3[mine[3] - theirs[3]]
    except KeyError:
        total = float(gold)
        for i, value in enumerate(SHIP_VALUE):
            total += ship_term(value, mine[i] - theirs[i])
        return total


def after(action: Any, mine: Sequence[int], theirs: Sequence[int], my_piles: Piles, their_piles: Piles,
          last: bool) -> float:
    """The outlook after one placement by the mover (specials judged by effect); `mine` and
    `theirs` are the two sides' strengths by ship, `last` whether this is the last round."""
    kind = type(action)
    gold = 0
    if kind is Board:
        gold = VALUE[action.card] + (2 if last else 0)
    elif kind is Crew:
        mine = list(mine)
        mine[SHIP_INDEX[action.ship]] += VALUE[action.card]
    elif kind is Parrot:
        mine = list(mine)
        mine[SHIP_INDEX[action.ship]] += 1
    elif kind is Skeleton:
        mine = list(mine)
        mine[SHIP_INDEX[action.ship]] += SK_STRENGTH
    elif kind is Kraken and action.ship is not None:
        ship = SHIP_INDEX[action.ship]
        theirs = list(theirs)
        theirs[ship] -= STRENGTH[their_piles[ship][0]]
    else:   # Tortuga (and, as the rule of thumb reads it, a Kraken without a target): every own parrot shows its value
        mine = [s + sum(VALUE[e[2:]] - 1 for e in pile if e[:2] == "p:" and e[2:] in VALUE)
                for s, pile in zip(mine, my_piles, strict=True)]
    return outlook(mine, theirs, gold)


def choose_split(legal: Sequence[Split], rng: random.Random) -> Split:
    """T2: the split whose offers are closest in worth."""
    return min(legal, key=lambda s: (abs(offer_worth(s.small) - offer_worth(s.large)), rng.random()))


def choose_take(legal: Sequence[Take], rng: random.Random) -> Take:
    """T3: the richer offer."""
    return max(legal, key=lambda t: (offer_worth(t.cards), rng.random()))


def choose_placement(legal: Sequence[Any], mine: Sequence[int], theirs: Sequence[int], my_piles: Piles,
                     their_piles: Piles, last: bool, rng: random.Random) -> Any:
    """T4, T5: the placement with the best outlook after it."""
    return max(legal, key=lambda a: (after(a, mine, theirs, my_piles, their_piles, last), rng.random()))
