"""Exact odds a player can work out from the table (C1-C5), from counts alone.

Every function takes plain card counts (``{"G1": 4, ...}``), so it answers from a view:
the unseen pool is public knowledge (Hidden information).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from math import comb
from typing import Any

from .data import ALL_COUNTS, CARDS, PIRATE_COUNTS, SPECIALS
from .model import undecided

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



def _round_draws(state: Any) -> tuple[tuple[str, ...], int, int]:
    """(cards of the round already on the table, cards still to draw, S4 removals undecided)."""
    table = state.table if state.phase == "draw" else ()
    k = 5 - len(table)
    early, pending = undecided(state)
    if state.phase in ("setup", "start", "over") or sum(state.pile) - pending < k:
        raise ValueError(f"no round is being drawn at the {state.phase} step of round {state.round}")
    return table, k, early


def next_round(state: Any, event: Callable[[tuple[str, ...]], bool]) -> Fraction:
    """The exact chance that `event` holds for the five cards of the round being drawn (the
    cards on the table plus the draws to come), or of the next round once this one's cards
    are out, from `state`'s own draw pile (C1-C3). Ask it of each of a player's hidden worlds
    (`explorer.analysis.odds.view_probability`) for that player's odds; `next_round_any` is
    the fast form for "at least one card such that".

    When the set-aside cards are undecided (a partial position), the draws come from the
    unseen cards with the S4 removals (`e` of the `u_p` unseen pirate cards) taken out at
    random: a multiset D of k cards with d_p pirate cards comes up with chance
    prod C(n_c, d_c) * C(u_p - d_p, e) / (C(u_p, e) * C(u - e, k))."""
    if state.phase in ("split", "choose"):
        return Fraction(bool(event(state.table)))
    table, k, early = _round_draws(state)
    items = [(c, n) for c, n in zip(CARDS, state.pile, strict=True) if n]
    pirates = sum(n for c, n in items if c not in SPECIALS)
    hits = 0
    for cards, ways in _multisets(items, k):
        if event(tuple(sorted((*table, *cards), key=CARDS.index))):
            hits += ways * comb(pirates - sum(1 for c in cards if c not in SPECIALS), early)
    return Fraction(hits, comb(pirates, early) * comb(sum(state.pile) - early, k))


def next_round_any(state: Any, hit: Callable[[str], bool]) -> Fraction:
    """The exact chance that at least one card of the round being drawn (see `next_round`)
    is a `hit` card, by counting: one minus the chance every draw misses."""
    if state.phase in ("split", "choose"):
        return Fraction(any(hit(c) for c in state.table))
    table, k, early = _round_draws(state)
    if any(hit(c) for c in table):
        return Fraction(1)
    pool = dict(zip(CARDS, state.pile, strict=True))
    pirates = sum(n for c, n in pool.items() if c not in SPECIALS)
    miss = sum(n for c, n in pool.items() if not hit(c))
    miss_pirates = sum(n for c, n in pool.items() if not hit(c) and c not in SPECIALS)
    ways = sum(comb(miss_pirates, j) * comb(miss - miss_pirates, k - j) * comb(pirates - j, early)
               for j in range(min(k, miss_pirates) + 1))
    return 1 - Fraction(ways, comb(pirates, early) * comb(sum(state.pile) - early, k))
