"""Uses of a hand in the special-cards game's final round (V1), for the batched valuation.

- `chooser_special_uses`: every way the final round's chooser can use its special cards
  (Skeleton R28, Kraken R30-R32 on the splitter's bottom entries, Tortuga R33, V4/V5);
- `pirate_rows`: its pirate cards' placements (crew R9, parrot R11, board R18-R19), with
  the entries they add to piles a Kraken to come may reach down to;
- `special_uses`: the splitter's special cards in the game's last phase (`speciallast`).
"""

from __future__ import annotations

from functools import lru_cache

from explorer.core.extras import missing

try:
    import numpy as np
except ImportError as err:  # the solver's extra
    raise missing(err, "solver") from err

from .hands import COLOUR, VALUE, arrays
from .special import KR, SK, Hand
from .speciallast import _special_uses as special_uses

__all__ = ["chooser_special_uses", "pirate_rows", "special_uses"]

Use = tuple[tuple[int, ...], tuple[int, ...], bool, tuple[tuple[int, ...], ...]]


def _plus(vector: tuple[int, ...], k: int, amount: int) -> tuple[int, ...]:
    return tuple(x + amount if j == k else x for j, x in enumerate(vector))


@lru_cache(maxsize=1 << 14)
def chooser_special_uses(specials: Hand, other: tuple, kraken_optional: bool, as_parrot: bool) -> tuple[Use, ...]:
    """Distinct (strength change per ship in the chooser's view, turn gains the splitter loses per
    ship, whether a Tortuga turns the chooser's parrots, new entries per ship) over every use of
    `specials`; `other` are the splitter's bottom entries (strength, turn gain) per ship."""
    zero = (0, 0, 0, 0)
    found: dict[Use, None] = {}

    def walk(i: int, shift, removed, taken, turned: bool, new) -> None:
        if i == len(specials):
            found[(shift, removed, turned, tuple(tuple(sorted(x)) for x in new))] = None
            return
        card = specials[i]
        if card == SK:
            for k in range(4):
                walk(i + 1, _plus(shift, k, 3), removed, taken, turned, _append(new, k, 3))        # R28
            return
        if card == KR:
            targets = [k for k in range(4) if len(other[k]) > taken[k]]
            for k in targets:
                s, g = other[k][taken[k]]
                walk(i + 1, _plus(shift, k, s), _plus(removed, k, g), _plus(taken, k, 1), turned, new)  # R30
            if not targets or kraken_optional:
                walk(i + 1, shift, removed, taken, turned, new)                                # R32, V5
        else:
            walk(i + 1, shift, removed, taken, True, new)                                      # R33
        if as_parrot:
            for k in range(4):
                walk(i + 1, _plus(shift, k, 1), removed, taken, turned, _append(new, k, 1))    # V4

    walk(0, zero, zero, zero, False, ((), (), (), ()))
    return tuple(found)


def _append(new: tuple, k: int, strength: int) -> tuple:
    return tuple((*x, strength) if j == k else x for j, x in enumerate(new))


@lru_cache(maxsize=1 << 12)
def pirate_rows(hand: Hand, turned: bool, tracked: tuple[int, ...], depth: int):
    """(strength added per ship, board needs, gold, {new weakest entries at the `tracked` ships: rows})
    for the placements of the pirate cards `hand`; a Tortuga after them turns the parrots (R33).

    Untracked, the undominated rows of `hands.arrays`. Tracked ships keep their `depth` weakest new
    entries (a Kraken to come takes the bottom one, and the chooser puts its weakest there first);
    rows equal but for gold keep the most gold. A parrot on its own colour is never better than crew.
    """
    if not tracked:
        add, need, gold = arrays(hand, turned)
        return add, need, gold, {(): np.arange(len(add))}
    rows: dict[tuple, int] = {((0, 0, 0, 0), 0, ((),) * len(tracked)): 0}
    for card in hand:
        col, val = COLOUR[card], VALUE[card]
        nxt: dict[tuple, int] = {}
        for (add, need, sig), gold in rows.items():
            options = [(k, val if k == col or turned else 1) for k in range(4)]
            for k, strength in options:
                new_sig = tuple(tuple(sorted((*x, strength)))[:depth] if t == k else x
                                for t, x in zip(tracked, sig, strict=True))
                key = (_plus(add, k, strength), need, new_sig)
                nxt[key] = max(nxt.get(key, gold), gold)
            key = (add, need | 1 << col, sig)
            nxt[key] = max(nxt.get(key, gold + val), gold + val)                               # board
        rows = nxt
    keys = list(rows)
    add = np.array([k[0] for k in keys], dtype=np.int64).reshape(-1, 4)
    need = np.array([[k[1] >> j & 1 for j in range(4)] for k in keys], dtype=bool).reshape(-1, 4)
    gold = np.array([rows[k] for k in keys], dtype=np.int64)
    sigs: dict[tuple, list[int]] = {}
    for i, k in enumerate(keys):
        sigs.setdefault(k[2], []).append(i)
    return add, need, gold, {s: np.array(i) for s, i in sigs.items()}
