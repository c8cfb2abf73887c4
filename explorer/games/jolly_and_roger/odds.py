"""Exact odds a player can work out from the table (C1-C5), from counts alone.

Every function takes plain card counts (``{"G1": 4, ...}``), so it answers from a view:
the unseen pool is public knowledge (Hidden information).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from math import comb

from .data import ALL_COUNTS, CARDS, PIRATE_COUNTS, SPECIALS

Counts = Mapping[str, int]


def _multisets(items: list[tuple[str, int]], k: int, start: int = 0) -> Iterator[tuple[tuple[str, ...], int]]:
    if k == 0:
        yield (), 1
        return
    for i in range(start, len(items)):
        card, n = items[i]
        for take in range(1, min(n, k) + 1):
            for rest, w in _multisets(items, k - take, i + 1):
                yield (card,) * take + rest, comb(n, take) * w


def draw_distribution(pool: Counts, k: int = 5) -> dict[tuple[str, ...], Fraction]:
    """A uniform `k`-card draw from `pool`, as card multisets with exact probabilities (C1, C3)."""
    items = [(c, n) for c, n in pool.items() if n]
    total = comb(sum(n for _, n in items), k)
    return {cards: Fraction(w, total) for cards, w in _multisets(items, k)}


def probability(distribution: Mapping[tuple[str, ...], Fraction], event: Callable[[tuple[str, ...]], bool]) -> Fraction:
    """P(event) under a draw distribution."""
    return sum((p for cards, p in distribution.items() if event(cards)), Fraction(0))


def full_deck(special_cards: bool = False) -> dict[str, int]:
    """The cards of the game: 43 pirate cards, plus the 7 specials with V1 (K2, K3)."""
    counts = ALL_COUNTS if special_cards else PIRATE_COUNTS
    return {c: n for c, n in zip(CARDS, counts, strict=True) if n}


def specials_in_play(removal: str = "sequential", long_game: bool = False) -> dict[int, Fraction]:
    """How many of the 7 specials are among the 40 (or 50) drawn cards (C2, C4)."""
    if long_game:
        return {7: Fraction(1)}
    mix, pirates = (47, 40) if removal == "sequential" else (50, 43)     # 40 of `mix` are drawn
    return {k: Fraction(comb(7, k) * comb(pirates, 40 - k), comb(mix, 40)) for k in range(8)
            if comb(pirates, 40 - k)}


def kraken_all_in_play(removal: str = "sequential") -> Fraction:
    """P(all three Krakens are drawn in the game) (C2)."""
    mix = 47 if removal == "sequential" else 50
    return Fraction(comb(mix - 3, 37), comb(mix, 40))


def next_round_no_special(unseen: Counts, removal: str = "sequential", early: int = 3) -> Fraction:
    """P(the next five cards hold no special) in the special-cards game (C3).

    Sequential setup: the `early` S4 removals were pirate cards, so the mix still holds
    every unseen special but `early` fewer pirate cards than are unseen.
    """
    specials = sum(unseen.get(s, 0) for s in SPECIALS)
    pirates = sum(unseen.values()) - specials - (early if removal == "sequential" else 0)
    return Fraction(comb(pirates, 5), comb(pirates + specials, 5))


def p_card_next_round(unseen: Counts, card: str, removal: str = "sequential", early: int = 3,
                      set_aside_left: int | None = None) -> Fraction:
    """P(a given unseen card, one copy, comes up next round) (C3)."""
    size = sum(unseen.values())
    if early and removal == "sequential" and card not in SPECIALS:
        pirates = size - sum(unseen.get(s, 0) for s in SPECIALS)
        return (1 - Fraction(early, pirates)) * Fraction(5, size - early)
    return Fraction(5, size)
