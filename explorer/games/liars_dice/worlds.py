"""Hidden worlds (`Game.hidden_worlds`) and `sample_state`: the other cups, filled in.

What a player cannot see is the faces under the other cups: each die there is an independent
roll (C1), so a cup of k unseen dice is one multiset of faces, weighted by the number of orders
that give it over sides**k (C2). A view already fixes everything else.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import comb, factorial, prod
from typing import Any

from explorer.core.errors import PositionError, TooManyWorlds

from .model import LiarsDiceState, build
from .position import from_dict


def _known(game, view: Mapping[str, Any]) -> tuple[dict, list[int]]:
    """The view's position data with the unseen cups emptied, and how many dice each hides."""
    if not isinstance(view, Mapping) or "cups" not in view or "rolled" not in view:
        raise PositionError("view", "a player's view (state.view(player)) is needed")
    data = {k: view[k] for k in ("game", "dice", "bids", "opener", "out", "loser", "called", "round") if k in view}
    hidden = [0 if cup is not None else int(count) for cup, count in zip(view["cups"], view["rolled"], strict=True)]
    data["cups"] = [list(cup) if cup is not None else [] for cup in view["cups"]]
    return data, hidden


def _with_cups(base: LiarsDiceState, cups) -> LiarsDiceState:
    return build(base.game, None, (), base.dice, tuple(cups), base.bids, base.opener, base.out, base.loser,
                 base.called, base.round)


def _base(game, data: dict, hidden: list[int]) -> LiarsDiceState:
    """The view's position, checked by the loader, with a placeholder face in each unseen die."""
    cups = [cup if not k else [1] * k for cup, k in zip(data["cups"], hidden, strict=True)]
    return from_dict(game, {**data, "cups": cups})


def hidden_worlds(game, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[LiarsDiceState, Fraction]]:
    data, hidden = _known(game, view)
    sides = game.options["sides"]
    count = prod(comb(k + sides - 1, k) for k in hidden)
    if count > limit:
        raise TooManyWorlds(count, limit)
    base = _base(game, data, hidden)
    return _worlds(base, hidden, sides)


def _worlds(base: LiarsDiceState, hidden: list[int], sides: int) -> Iterator[tuple[LiarsDiceState, Fraction]]:
    options = [list(combinations_with_replacement(range(1, sides + 1), k)) for k in hidden]
    for choice in product(*options):
        cups, weight = [], Fraction(1)
        for seat, extra in enumerate(choice):
            if hidden[seat]:
                orders = factorial(len(extra)) // prod(factorial(c) for c in Counter(extra).values())
                weight *= Fraction(orders, sides ** len(extra))
                cups.append(extra)
            else:
                cups.append(base.cups[seat])
        yield _with_cups(base, cups), weight


def sample_state(game, view: Mapping[str, Any], rng: random.Random) -> LiarsDiceState:
    """Every unseen die rolled afresh, uniformly (C1): `hidden_worlds`' distribution, sampled."""
    data, hidden = _known(game, view)
    base = _base(game, data, hidden)
    sides = game.options["sides"]
    cups = [tuple(sorted(rng.randrange(1, sides + 1) for _ in range(k))) if k else base.cups[seat]
            for seat, k in enumerate(hidden)]
    return _with_cups(base, cups)
