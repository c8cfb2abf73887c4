"""`hidden_worlds` for Sjørøverøya: every full position one player cannot tell apart, exactly.

The exact counterpart of `sampling.sample_state`, with the same law. A player cannot see the
other hands (their sizes are public) nor the face-down pile (its size is public); rank never
matters (R1), so a world is one way of splitting the unseen cards, counted per suit, among
those hidden places (the grouping keeps a 2-player position at a few dozen worlds):

- before any reshuffle every unseen card is exchangeable (C2, C3), so the split is
  multivariate hypergeometric: a split's weight is the number of ways to pick its cards,
  ``prod over suits of multinomial(unseen_s; parts)``, over ``multinomial(unseen; sizes)``;
  cards left out of play in a what-if position are one more hidden place, not written;
- after a reshuffle (R26, C4) the pile is a uniform draw from the public reshuffled cards
  less the viewer's own draws since, conditioned on fitting in the unseen cards (weight
  ``prod C(source_s, x_s)``), and the hidden hands are split from what is left as above;
  the reshuffled cards left over were the others' draws since (R26), split among them as
  `sampling.others_draw_sizes` says, each split weighed like a deal.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial
from typing import Any

from explorer.core.errors import PositionError, TooManyWorlds

from .data import COMPONENTS
from .model import Counts, SjoroveroyaState, text_counts
from .sampling import _counts, others_draw_sizes, since_source, world_builder


@lru_cache(maxsize=65536)
def compositions(size: int, caps: tuple[int, ...]) -> tuple[Counts, ...]:
    """Every way to take `size` cards with at most ``caps[i]`` of suit i, in a fixed order."""
    if len(caps) == 1:
        return ((size,),) if size <= caps[0] else ()  # type: ignore[return-value]
    rest = sum(caps[1:])
    return tuple((x, *tail) for x in range(max(0, size - rest), min(caps[0], size) + 1)  # type: ignore[misc]
                 for tail in compositions(size - x, caps[1:]))


def _ways(parts: list[Counts], pool: Counts) -> int:
    """Ways to choose these suit counts for each place from `pool` (the rest left over)."""
    ways = 1
    for i, total in enumerate(pool):
        left = total
        for part in parts:
            ways *= comb(left, part[i])
            left -= part[i]
    return ways


def _splits(pool: Counts, sizes: list[int]) -> Iterator[tuple[list[Counts], int]]:
    """Every split of `pool` into places of `sizes` (the rest left over), with its number of ways."""
    if not sizes:
        yield [], 1
        return
    for first in compositions(sizes[0], pool):
        left = tuple(a - b for a, b in zip(pool, first, strict=True))
        for rest, ways in _splits(left, sizes[1:]):  # type: ignore[arg-type]
            yield [first, *rest], ways * _ways([first], pool)


def _multinomial(total: int, sizes: list[int]) -> int:
    value = factorial(total)
    for n in [*sizes, total - sum(sizes)]:
        value //= factorial(n)
    return value


World = tuple[tuple[Counts, ...], Counts, dict[int, Counts], Fraction]


def _choices(view: Mapping[str, Any], limit: int) -> list[World]:
    """(hands, pile, weight) for every world; stops once there are more than `limit`."""
    viewer = view.get("viewer")
    hands: list[Counts | None] = [None if h is None else text_counts(h) for h in view["hands"]]
    pile_top = view["pile_top"]
    discard = _counts(view["discard"])
    hidden_pile = view["pile_size"] - len(pile_top)
    if viewer is None and "pile" in view:
        return [(tuple(hands), _counts(view["pile"]), {}, Fraction(1))]  # type: ignore[list-item]
    seen = [sum(col) for col in zip(*(h for h in hands if h is not None), discard, text_counts(pile_top),
                                    strict=True)]
    unseen = tuple(COMPONENTS.copies_per_suit - x for x in seen)
    hidden = [i for i, h in enumerate(hands) if h is None]
    sizes = [view["hand_sizes"][i] for i in hidden]
    if min(unseen) < 0 or sum(unseen) < hidden_pile + sum(sizes):
        raise PositionError("view", "fewer unseen cards than hidden hands and pile hold")
    piles: list[tuple[Counts | None, dict[int, Counts], Fraction]] = [(None, {}, Fraction(1))]   # pile hidden too
    if view["reshuffled_from"] is not None:
        source = tuple(since_source(view))
        caps = tuple(min(s, u) for s, u in zip(source, unseen, strict=True))
        found = [(x, _ways([x], source)) for x in compositions(hidden_pile, caps)]
        total = sum(w for _, w in found)
        if not total:
            raise PositionError("view", "no face-down pile fits both the reshuffled cards and the unseen cards")
        piles = [(x, since, weight) for x, w in found for since, weight in _others_since(view, source, x, total, w)]
    out: list[World] = []
    for pile, since, pile_weight in piles:
        pool = unseen if pile is None else tuple(u - x for u, x in zip(unseen, pile, strict=True))
        places = sizes if pile is not None else [hidden_pile, *sizes]
        whole = _multinomial(sum(pool), places)
        for parts, ways in _splits(pool, places):  # type: ignore[arg-type]
            world_pile = parts[0] if pile is None else pile
            dealt = parts[1:] if pile is None else parts
            filled = list(hands)
            for i, hand in zip(hidden, dealt, strict=True):
                filled[i] = hand
            out.append((tuple(filled), world_pile, since, pile_weight * Fraction(ways, whole)))  # type: ignore
            if len(out) > limit:
                return out
    return out


def _others_since(view: Mapping[str, Any], source: Counts, pile: Counts, total: int,
                  ways: int) -> Iterator[tuple[dict[int, Counts], Fraction]]:
    """R26: every split of the reshuffled cards the pile leaves among the others' draws since."""
    rest = tuple(s - x for s, x in zip(source, pile, strict=True))
    seats = others_draw_sizes(view, sum(rest))
    sizes = [size for _, size in seats]
    whole = _multinomial(sum(rest), sizes)
    for parts, split in _splits(rest, sizes):  # type: ignore[arg-type]
        yield {seat: part for (seat, _), part in zip(seats, parts, strict=True)}, Fraction(ways, total) * Fraction(
            split, whole)


def hidden_worlds(game: Any, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[SjoroveroyaState,
                                                                                                Fraction]]:
    """Every full state consistent with `view`, with its exact probability (weights sum to 1);
    `TooManyWorlds` before anything is yielded when there are more than `limit`."""
    if view.get("game") != game.to_dict():
        raise PositionError("game", f"the view is of {view.get('game')!r}, not {game.to_dict()!r}")
    worlds = _choices(view, limit)
    if len(worlds) > limit:
        raise TooManyWorlds(len(worlds), limit)
    fill = world_builder(game, view)
    return ((fill(hands, pile, since), weight) for hands, pile, since, weight in worlds)
