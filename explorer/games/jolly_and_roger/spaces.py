"""Jolly & Roger's fixed action and outcome spaces and its length bound (for adapters).

The splits are the large part: every way of dealing five cards from the cards in play
into two offers of 1+4 or 2+3 (T2, R3), about 400,000 with the pirate cards alone and
830,000 with the specials. They are built once per card supply and shared by every
set-up that uses it.
"""

from __future__ import annotations

from functools import cache

from explorer.core.spaces import sorted_space

from .data import (
    ALL_COUNTS,
    CARD_INDEX,
    CARDS,
    CARDS_PER_ROUND,
    COMPONENTS,
    PIRATE_COUNTS,
    PIRATES,
    SHIP_VALUE,
    SHIPS,
    SPECIALS,
    VALUE,
)
from .model import (
    ASIDE,
    DRAW,
    TORTUGA,
    Board,
    Crew,
    FirstPlayer,
    Kraken,
    Parrot,
    Skeleton,
    Split,
    Take,
)


def _supply(game) -> tuple[int, ...]:
    """Copies of each card that can ever be drawn: the specials only in the expert game (V1)."""
    return ALL_COUNTS if game.options["special_cards"] else PIRATE_COUNTS


@cache
def _multisets(counts: tuple[int, ...], size: int, start: int = 0) -> tuple[tuple[str, ...], ...]:
    """Every `size`-card multiset within `counts`, cards in `CARDS` order (how hands are kept)."""
    if size == 0:
        return ((),)
    found = []
    for i in range(start, len(CARDS)):
        if counts[i]:
            rest = (*counts[:i], counts[i] - 1, *counts[i + 1:])
            found += [(CARDS[i], *tail) for tail in _multisets(rest, size - 1, i)]
    return tuple(found)


def _smalls(room: list[int], size: int) -> list[tuple[str, ...]]:
    """The small offers (one or two cards, R3) that fit in what a large offer leaves."""
    fits = [i for i, n in enumerate(room) if n]
    if size == 1:
        return [(CARDS[i],) for i in fits]
    return [(CARDS[i], CARDS[j]) for k, i in enumerate(fits) for j in fits[k:] if i != j or room[i] > 1]


@cache
def _deals(counts: tuple[int, ...]) -> tuple[tuple[Split, ...], tuple[Take, ...]]:
    """Every split of five drawn cards (T2, R3) and every offer a chooser can take (T3)."""
    shared: dict[tuple[str, ...], tuple[str, ...]] = {}
    splits = []
    for size in (1, 2):
        for large in _multisets(counts, CARDS_PER_ROUND - size):
            room = list(counts)
            for card in large:
                room[CARD_INDEX[card]] -= 1
            large = shared.setdefault(large, large)
            splits += [Split(shared.setdefault(small, small), large) for small in _smalls(room, size)]
    takes = [Take(cards) for cards in shared]
    return tuple(splits), tuple(takes)


@cache
def _actions(counts: tuple[int, ...], specials_as_parrot: bool) -> tuple:
    splits, takes = _deals(counts)
    cards = [c for c, n in zip(CARDS, counts, strict=True) if n]
    specials = [c for c in cards if c in SPECIALS]
    placements = [*(Crew(c, c[0]) for c in PIRATES), *(Board(c, c[0]) for c in PIRATES),
                  *(Parrot(c, ship) for c in PIRATES for ship in SHIPS)]
    if specials:
        placements += [*(Skeleton(ship) for ship in SHIPS), *(Kraken(t) for t in (*SHIPS, None)), TORTUGA]
        if specials_as_parrot:
            placements += [Parrot(c, ship) for c in specials for ship in SHIPS]
    return sorted_space([*splits, *takes, *placements])


def action_space(game) -> tuple:
    """Every split of any five cards (T2, R3) and every offer taken (T3); crew on a card's own
    ship (R9), parrot side on any ship (R11), boarding (R18); with the specials (V1) a
    Skeleton on any ship (R28), a Kraken at any ship or none (R30, R32, V5), Tortuga (R33),
    and specials parrot side (V4)."""
    return _actions(_supply(game), game.options["specials_as_parrot"])


@cache
def chance_space(game) -> tuple:
    """Cards set aside (S4, S6; none in the long game, V2), cards drawn (T1) and a random
    start player (V8, C5)."""
    counts = _supply(game)
    cards = [c for c, n in zip(CARDS, counts, strict=True) if n]
    asides = [] if game.options["long_game"] else [ASIDE[c] for c in cards]
    firsts = [FirstPlayer(p) for p in range(game.players)] if game.options["start_player"] == "random" else []
    return sorted_space([*asides, *(DRAW[c] for c in cards), *firsts])


def max_decisions(game) -> int | None:
    """Every round has the same decisions: one split (T2), one take (T3) and one placement
    per drawn card, each using exactly one card of a hand (T4, T5): 2 + 5 per round, over
    8 rounds, or 10 in the long game (R24, R36)."""
    rounds = COMPONENTS.long_rounds if game.options["long_game"] else COMPONENTS.rounds
    return rounds * (2 + CARDS_PER_ROUND)


def score_difference_bound(game) -> int:
    """A player scores at most every ship (E3) plus the gold of the most valuable cards the
    rounds can reveal (E2: 5 a round, R24), and the other at least 0 (A2: gold = value)."""
    rounds = COMPONENTS.long_rounds if game.options["long_game"] else COMPONENTS.rounds
    values = sorted((VALUE[c] for c, n in zip(CARDS, PIRATE_COUNTS, strict=True) if c in VALUE
                     for _ in range(n)), reverse=True)
    return sum(SHIP_VALUE) + sum(values[:rounds * CARDS_PER_ROUND])


def perfect_information(game) -> bool:
    """The set-aside cards (S4, S6) and the order of the draw pile are hidden, so a player
    cannot tell which cards are still to come: never perfect information (the long game
    sets nothing aside, but its pile stays hidden, V2)."""
    return False
