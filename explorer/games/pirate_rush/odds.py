"""Exact inference from one pirate's knowledge (filling in a whole state from a view: worlds.py).

`tile_distribution(state, viewer, place)` answers "given what `viewer` knows, what is the
face-down tile at `place`?" exactly, by the exchangeability of every tile the viewer has
not identified (C6): the kinds he knows are taken out of the 40, the rest are equally
likely anywhere he cannot see; a tile he remembers only by island (after Perdidos, C7)
is equally likely in each slot of that island he cannot place otherwise.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from explorer.core.errors import PositionError

from .data import ISLAND_TILES, KINDS, TOTAL
from .model import island_name, parse_island, parse_slot
from .turn.table import unaccounted


def _left_for(s, viewer: int) -> dict[str, int]:
    """Kinds `viewer` has not located exactly nor remembers vaguely (his unseen multiset)."""
    left = dict(TOTAL)
    for t in s.known[viewer]:
        left[s.kinds[t]] -= 1
    for t, _ in s.vague[viewer]:
        left[s.kinds[t]] -= 1
    return left


def _spread(left: dict[str, int], mass: Fraction, out: dict[str, Fraction]) -> None:
    total = sum(left.values())
    if total and mass:
        for k, c in left.items():
            if c:
                out[k] = out.get(k, Fraction(0)) + mass * Fraction(c, total)


def tile_distribution(s, viewer: int | None, place: str) -> dict[str, Fraction]:
    """Exact distribution of the tile at ``I3.b`` (or a random tile of ``P2`` / ``D``) for `viewer`.

    ``viewer=None`` gives the teacher's truth: the kind if anybody has seen the tile, else the
    chance node that would resolve it. Vague pile facts (after a blind swap) are not used.
    """
    if place.startswith("I"):
        j, i = parse_slot(place)
        t = s.slots[j][i]
        if t < 0:
            raise PositionError("place", f"{place} is empty")
        tokens = [t]
    else:
        tokens = list(s.discard) if place == "D" else list(s.loot[int(place[1:]) - 1])
        if not tokens:
            raise PositionError("place", f"{place} holds no tile")
    out: dict[str, Fraction] = {}
    share = Fraction(1, len(tokens))
    if viewer is None:
        for t in tokens:
            if s.kinds[t]:
                out[s.kinds[t]] = out.get(s.kinds[t], Fraction(0)) + share
            else:
                _spread(unaccounted(s), share, out)
        return out
    left = _left_for(s, viewer)
    if not place.startswith("I"):
        for v, zones in s.vague[viewer]:
            if not zones[0].startswith("I"):
                left[s.kinds[v]] += 1   # pile-or-pile facts: counted as unidentified
    for t in tokens:
        if t in s.known[viewer]:
            out[s.kinds[t]] = out.get(s.kinds[t], Fraction(0)) + share
            continue
        rest = share
        if place.startswith("I"):
            for v, zones in s.vague[viewer]:
                if island_name(j) in zones:
                    free = [x for z in zones for x in s.slots[parse_island(z)]
                            if x >= 0 and x not in s.known[viewer]]
                    p = share / len(free)
                    out[s.kinds[v]] = out.get(s.kinds[v], Fraction(0)) + p
                    rest -= p
        _spread(left, rest, out)
    return {k: out[k] for k in KINDS if k in out}


def island_distribution(s, viewer: int | None, island: int) -> dict[str, Fraction]:
    """C2: the island tile at `island` for `viewer`: uniform over in-play tiles he has not seen."""
    if s.islands[island] and (viewer is None or s.flipped[island] or island in s.peeked[viewer]):
        return {s.islands[island]: Fraction(1)}
    seen = {s.islands[j] for j in range(8) if s.islands[j] and (
        s.flipped[j] or (viewer is not None and j in s.peeked[viewer]))}
    unseen = [t for t in ISLAND_TILES if t not in s.removed and t not in seen]
    return {t: Fraction(1, len(unseen)) for t in unseen}


def what_is(s, viewer: int, place: str) -> dict[str, Any]:
    """The viewer's exact belief beside the teacher's truth, for a notebook table."""
    return {"place": place, "viewer": tile_distribution(s, viewer, place), "truth": tile_distribution(s, None, place)}
