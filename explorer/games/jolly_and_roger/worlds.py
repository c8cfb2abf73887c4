"""Every hidden possibility of a player's view, exactly weighted: `Game.hidden_worlds`.

In Jolly & Roger only the draw pile and the set-aside cards are hidden, and both players
know the unseen cards as a multiset (Hidden information). A world is one way of splitting
them: which cards are set aside, the rest being the pile. The order of the pile is left to
the draw chance nodes, so one world stands for every order (a pile is a multiset).

Weights (C1-C3): the set-aside cards are a uniform subset of the unseen cards, except that
in the sequential variant `E` of them were S4 pirate removals made before the specials
joined. For a set-aside multiset ``a`` with ``a_p`` pirate cards, out of ``n`` unseen cards
(``u`` in all, ``u_p`` pirate cards):

    P(a) = prod_c C(n_c, a_c) * C(a_p, E) / (C(u_p, E) * C(u - E, |a| - E))

(E pirate removals uniform among the unseen pirate cards, the other set-aside cards uniform
among the rest), the same distribution `sample_state` draws from.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from math import comb
from typing import Any

from explorer.core.errors import PositionError, TooManyWorlds

from .data import CARDS, PIRATES
from .model import JollyState, build, fields_of
from .position import _missing_chest, from_dict

PIRATE_TYPES = len(PIRATES)
VIEW_KEYS = {"phase", "round", "splitter", "table", "offers", "hands", "piles", "removed", "setup_left", "early",
             "chests", "unseen", "aside_size"}


def early_removals(game: Any, view: Mapping[str, Any]) -> int:
    """How many set-aside cards were S4 pirate removals, when that matters (sequential V1, C3)."""
    opts = game.options
    return view["early"] if opts["special_cards"] and opts["variant_removal"] == "sequential" else 0


def base_data(game: Any, view: Mapping[str, Any]) -> dict[str, Any]:
    """The view's public position as position data, the opponent's hidden chest (V7) filled in."""
    unseen = [c for c, n in view["unseen"].items() for _ in range(n)]
    chests = [list(c) if c is not None else None for c in view["chests"]]
    if None in chests:          # V7 hides the opponent's chest; the deck tells what it holds
        chests[chests.index(None)] = _missing_chest(game, view, unseen)
    data = {key: view[key] for key in ("phase", "round", "splitter", "table", "offers", "hands", "piles",
                                       "removed", "setup_left", "early")}
    data["chests"] = chests
    return data


def count_worlds(unseen: tuple[int, ...], size: int, early: int) -> int:
    """How many set-aside multisets of `size` cards hold at least `early` pirate cards."""
    table = {(0, 0): 1}
    for i, n in enumerate(unseen):
        nxt: dict[tuple[int, int], int] = {}
        for (k, p), ways in table.items():
            for take in range(min(n, size - k) + 1):
                key = (k + take, min(early, p + take) if i < PIRATE_TYPES else p)
                nxt[key] = nxt.get(key, 0) + ways
        table = nxt
    return table.get((size, early), 0)


def aside_splits(unseen: tuple[int, ...], size: int, early: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every set-aside multiset of `size` cards from `unseen` counts with its exact probability."""
    pirates = sum(unseen[:PIRATE_TYPES])
    total = comb(pirates, early) * comb(sum(unseen) - early, size - early)
    after = [sum(unseen[i:]) for i in range(len(unseen) + 1)]

    def walk(i: int, left: int, chosen: tuple[int, ...], ways: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == len(unseen):
            yield chosen, ways
            return
        for take in range(max(0, left - after[i + 1]), min(unseen[i], left) + 1):
            yield from walk(i + 1, left - take, (*chosen, take), ways * comb(unseen[i], take))

    for aside, ways in walk(0, size, (), 1):
        weight = ways * comb(sum(aside[:PIRATE_TYPES]), early)
        if weight:
            yield aside, Fraction(weight, total)


def hidden_worlds(game: Any, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[JollyState, Fraction]]:
    """Every full position consistent with `view`, weighted exactly; `TooManyWorlds` before the
    first one when there are more than `limit`."""
    missing = sorted(VIEW_KEYS - set(view)) if isinstance(view, Mapping) else ["(all)"]
    if missing:
        raise PositionError("view", f"not a Jolly & Roger view (from state.view(player)): {missing[0]} is missing")
    data = base_data(game, view)
    unseen = tuple(view["unseen"].get(c, 0) for c in CARDS)
    if "aside" in view:             # the teacher, or V9 after the end: nothing left to guess
        yield from_dict(game, {**data, "aside": dict(view["aside"])}, checked=False), Fraction(1)
        return
    size, early = view["aside_size"], early_removals(game, view)
    count = count_worlds(unseen, size, early)
    if count > limit:
        raise TooManyWorlds(count, limit)
    first = None
    for aside, weight in aside_splits(unseen, size, early):
        pile = tuple(u - a for u, a in zip(unseen, aside, strict=True))
        if first is None:
            named = {c: n for c, n in zip(CARDS, aside, strict=True) if n}
            first = from_dict(game, {**data, "aside": named}, checked=False)
            fields = fields_of(first)
            yield first, weight
            continue
        yield build(game, **{**fields, "pile": pile, "aside": aside}), weight


__all__ = ["aside_splits", "count_worlds", "hidden_worlds"]
