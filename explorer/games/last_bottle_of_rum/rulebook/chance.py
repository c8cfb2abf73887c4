"""The chance nodes of The Last Bottle of Rum: every outcome with its exact probability, and
exact sampling.

Cards, tiles, maps and treasures are uniform over what is unseen (C6-C9), the die follows C1
and C12, tokens follow the bag (C3). `sample_outcome` draws one outcome calling the generator
exactly as `explorer.core.chance.sample` over `outcomes` would, only without listing them.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from explorer.core.chance import sample

from ..data import DAMAGE_COUNT, DIE, TILES
from ..model import DRAWS, FACES, ROLLS, TOKENS, BountyCard, DrawCard, FirstPlayer, MapCard, TreasureCard
from . import ships as sh

ONE_DIE = (Fraction(1, 6), Fraction(1, 2), Fraction(1, 3))              # C1
BEST_OF_TWO = (Fraction(1, 36), Fraction(5, 12), Fraction(5, 9))       # C12, E03
WORST_OF_TWO = (Fraction(11, 36), Fraction(7, 12), Fraction(1, 9))     # C12, TR06
ALL_TILES = frozenset(TILES)


def _dice(table: tuple[Fraction, ...]) -> tuple:
    return tuple((ROLLS[s], p) for s, p in enumerate(table) if p)


def _weights(pairs: tuple) -> tuple[int, tuple, tuple[int, ...]]:
    """`sample`'s ticket range and each outcome's share of it, computed once."""
    denominator = math.lcm(*(p.denominator for _, p in pairs))
    return denominator, tuple(o for o, _ in pairs), tuple(p.numerator * (denominator // p.denominator)
                                                          for _, p in pairs)


DICE_WEIGHTS = {table: _weights(_dice(table)) for table in (ONE_DIE, BEST_OF_TWO, WORST_OF_TWO)}


def _weighted(weights: tuple[int, tuple, tuple[int, ...]], rng: random.Random) -> Any:
    denominator, items, shares = weights
    ticket = rng.randrange(denominator)
    for item, share in zip(items, shares, strict=True):
        ticket -= share
        if ticket < 0:
            return item
    raise AssertionError("the shares sum to the denominator")


def bag(s: Any) -> list[int]:
    """C3: the bag holds every token not on a ship board (nor the Ghost's, V3)."""
    counts = list(DAMAGE_COUNT)
    for ship in s.ships:
        for i, n in enumerate(ship.damage):
            counts[i] -= n
    if s.mods.ghost is not None:
        for i, n in enumerate(s.mods.ghost.damage):
            counts[i] -= n
    return counts


def sample_outcome(s: Any, rng: random.Random) -> Any:
    """One outcome of the chance node `s` (a state or a `Work`) with its exact probability,
    drawn with the same generator calls as ``sample(outcomes(s), rng)``: a uniform index into
    what is unseen (C6-C9, S10), the die's table (C1, C12), the bag (C3)."""
    task = s.pending[0]
    kind = task[0]
    if kind == "card" or kind == "ghost_card":
        return DRAWS[s.deck[rng.randrange(len(s.deck))]]
    if kind in ("tile", "peek_tile", "setup_tile"):
        left = sorted(ALL_TILES.difference(s.tiles))
        return FACES[left[rng.randrange(len(left))]]
    if kind == "roll":
        if task[3] == 0:
            return ROLLS[DIE[rng.randrange(6)]]
        return _weighted(DICE_WEIGHTS[BEST_OF_TWO], rng)
    if kind == "kraken_roll":
        return _weighted(DICE_WEIGHTS[_kraken_die(s, task)], rng)
    if kind in ("token", "ghost_token"):
        counts = bag(s)
        ticket = rng.randrange(sum(counts))
        for i, n in enumerate(counts):
            ticket -= n
            if ticket < 0:
                return TOKENS[i]
    if kind == "map":
        return MapCard(s.map_deck[rng.randrange(len(s.map_deck))])
    if kind == "treasure":
        return TreasureCard(s.treasure_deck[rng.randrange(len(s.treasure_deck))])
    if kind == "first":
        return FirstPlayer(rng.randrange(len(s.ships)))
    return sample(outcomes(s), rng)


def _kraken_die(s: Any, task: tuple) -> tuple[Fraction, ...]:
    """R53, C12: the Rabbit's Foot keeps the worse of two rolls."""
    return WORST_OF_TWO if sh.has(s.ships[task[1]], "rabbit_foot") else ONE_DIE


def _uniform(items, make) -> tuple:
    p = Fraction(1, len(items))
    return tuple((make(i), p) for i in items)


def outcomes(s: Any) -> tuple:
    """Every outcome of the chance node `s` with its exact probability."""
    task = s.pending[0]
    kind = task[0]
    if kind == "first":
        return _uniform(range(len(s.ships)), FirstPlayer)
    if kind in ("card", "ghost_card"):
        return _uniform(s.deck, DrawCard)
    if kind == "bounty_draw":
        return bounty_outcomes(s.mods)
    if kind in ("tile", "peek_tile", "setup_tile"):
        return _uniform(sorted(ALL_TILES.difference(s.tiles)), FACES.__getitem__)
    if kind == "map":
        return _uniform(s.map_deck, MapCard)
    if kind == "treasure":
        return _uniform(s.treasure_deck, TreasureCard)
    if kind == "roll":
        return _dice(BEST_OF_TWO if task[3] else ONE_DIE)
    if kind == "kraken_roll":
        return _dice(_kraken_die(s, task))
    if kind == "ghost_repair":
        held = s.mods.ghost.damage
        return tuple((TOKENS[i], Fraction(n, sum(held))) for i, n in enumerate(held) if n)
    if kind in ("token", "ghost_token"):
        counts = bag(s)
        total = sum(counts)
        return tuple((TOKENS[i], Fraction(n, total)) for i, n in enumerate(counts) if n)
    raise AssertionError(kind)


def bounty_outcomes(mods) -> tuple:
    """C10: the known top card comes first for certain; otherwise uniform over the deck."""
    if mods.bounty_top:
        return ((BountyCard(mods.bounty_top), Fraction(1)),)
    return _uniform(mods.bounty_deck, BountyCard)
