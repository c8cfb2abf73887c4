"""Card multisets for the basic-game solver: draws with their weights, splits, and every use of a hand.

Pirate cards are indices 0..19 (``G1``..``R5`` in `data.CARDS` order); a hand or a drawn
table is a sorted tuple of indices and an unseen pool a 20-tuple of counts. A placement
of a hand is summed up as (strength added per ship, colours boarded, gold): in the basic
game only the final assignment matters (solver notes 4), crew adds the printed value at
its own ship (R9), a parrot 1 at any ship (R11), and boarding gives gold (R19) but needs
the player's captain on that colour once the phase's crew and parrots are down (R18).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import combinations
from math import comb

from explorer.core.extras import missing

try:
    import numpy as np
except ImportError as err:  # the solver's extra
    raise missing(err, "solver") from err

Hand = tuple[int, ...]
Diffs = tuple[int, int, int, int]
SKELETON = 20                      # the special-cards game's Skeleton (R28): strength 3 at any ship, no board
COLOUR = (*(i // 5 for i in range(20)), -1)
VALUE = (*(i % 5 + 1 for i in range(20)), 3)


def draws(unseen: tuple[int, ...], k: int, start: int = 0) -> Iterator[tuple[Hand, int]]:
    """Every multiset of `k` cards from `unseen` with its number of card subsets (C3 weights)."""
    if k == 0:
        yield (), 1
        return
    for i in range(start, len(unseen)):
        n = unseen[i]
        for take in range(1, min(n, k) + 1):
            for rest, w in draws(unseen, k - take, i + 1):
                yield (i,) * take + rest, comb(n, take) * w


def minus(unseen: tuple[int, ...], cards: Hand) -> tuple[int, ...]:
    """The pool left after `cards` are drawn from it."""
    rest = list(unseen)
    for c in cards:
        rest[c] -= 1
    return tuple(rest)


def splits(table: Hand) -> list[tuple[Hand, Hand]]:
    """Distinct (small, large) splits of five cards (T2): 15 for five different cards."""
    seen: dict[Hand, Hand] = {}
    for size in (1, 2):
        for idx in combinations(range(len(table)), size):
            small = tuple(table[i] for i in idx)
            if small not in seen:
                seen[small] = tuple(c for i, c in enumerate(table) if i not in idx)
    return list(seen.items())


@cache
def reach(hand: Hand) -> Diffs:
    """The most strength `hand` can add to each ship: crew at its colour, parrots elsewhere, a Skeleton 3 anywhere."""
    return tuple(sum(VALUE[c] if COLOUR[c] in (k, -1) else 1 for c in hand) for k in range(4))  # type: ignore[return-value]


def _dominated(add: np.ndarray, need: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """Placements another one beats: at least as much strength everywhere, as much gold, and
    no board the other does not also need (legal whenever it is). More own strength never
    hurts (the opponent's best reply only gets worse), so dropping them keeps values exact.
    Rows are distinct (strength, board) pairs, so no two rows remove each other."""
    out = np.zeros(len(add), dtype=bool)
    for i in range(0, len(add), 256):
        a, n, g = add[i:i + 256, None, :], need[i:i + 256, None, :], gold[i:i + 256, None]
        beats = (np.all(add[None] >= a, axis=2) & (gold[None] >= g) & ~np.any(need[None] & ~n, axis=2))
        beats[np.arange(len(beats)), np.arange(i, i + len(beats))] = False
        out[i:i + 256] = beats.any(axis=1)
    return out


EMPTY_HAND = (np.zeros((1, 4), dtype=np.int64), np.zeros((1, 4), dtype=bool), np.zeros(1, dtype=np.int64))


@lru_cache(maxsize=8192)
def arrays(hand: Hand, turned: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(strength added per ship, board needs a majority there, gold) for every undominated use of `hand`.

    Built card by card: crew adds the value at its ship (R9), a parrot 1 at another ship
    (R11; on its own ship crew is never worse), boarding adds gold and needs the captain
    there (R18, R19). With `turned` a Tortuga played after the cards turns the parrots, so a
    card adds its value at any ship (R33). A Skeleton adds 3 at any ship and never boards
    (R28, R29). Dominated rows are dropped after every card:
    whatever the later cards do, the dominating row does at least as well.
    """
    if not hand:
        return EMPTY_HAND
    add, need, gold = arrays(hand[:-1], turned)
    col, val = COLOUR[hand[-1]], VALUE[hand[-1]]
    step = np.eye(4, dtype=np.int64) * (val if turned or col < 0 else 1)
    adds, needs, golds = [add + step[k] for k in range(4)], [need] * 4, [gold] * 4
    if col >= 0:
        step[col, col] = val
        adds = [add + step[k] for k in range(4)] + [add]
        needs.append(need | (np.arange(4) == col))
        golds.append(gold + val)
    add, need, gold = np.concatenate(adds), np.concatenate(needs), np.concatenate(golds)
    code = ((add[:, 0] * 64 + add[:, 1]) * 64 + add[:, 2]) * 64 + add[:, 3]
    code = code * 16 + need @ np.array([1, 2, 4, 8])
    order = np.lexsort((-gold, code))                                   # best gold first per placement
    first = order[np.r_[True, code[order][1:] != code[order][:-1]]]
    add, need, gold = add[first], need[first], gold[first]
    keep = ~_dominated(add, need, gold)
    return add[keep], need[keep], gold[keep]


def pool_caps(unseen: tuple[int, ...]) -> np.ndarray:
    """Per ship, one more than the strength a player's four best cards from `unseen` could add there.

    A difference at or beyond it keeps its sign through a final round drawn from `unseen`.
    """
    caps = []
    for k in range(4):
        worth = sorted((VALUE[i] if COLOUR[i] == k else 1 for i, n in enumerate(unseen) for _ in range(n)),
                       reverse=True)
        caps.append(sum(worth[:4]) + 1)
    return np.array(caps, dtype=np.int64)
