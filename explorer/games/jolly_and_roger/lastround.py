"""The final round of the basic game, solved for many start differences at once (numpy).

The final round's value needs no memo per start: the splitter's last phase depends only
on its hand and its own-view differences, clipped per ship to [-reach - 1, 1] (below it
no card changes the sign; at or above 1 the ship is held whatever happens). So each hand
gets one table of the splitter's best own gold + ship points over that whole box. The
chooser's phase is then a vectorised maximum over its placements of its gold minus that
table, for a whole batch of start differences; the draw and the split are enumerated once
per card multiset. Everything is integer until the final division (exact Fractions).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from .data import SHIP_VALUE

VALUES = np.array(SHIP_VALUE, dtype=np.int64)
NEG = -(1 << 40)


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


class LastRound:
    """Vectorised final round; `adds` and `reach` are the solver's per-hand helpers."""

    def __init__(self, adds, reach, draws, splits) -> None:
        self._adds_of, self._reach_of, self._draws, self._splits = adds, reach, draws, splits
        self._arrays: dict[tuple, tuple] = {}
        self._tables: dict[tuple, tuple] = {}

    def arrays(self, hand: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(strength added per ship, board needs a majority there, gold) for every use of `hand`."""
        found = self._arrays.get(hand)
        if found is None:
            rows = self._adds_of(hand)
            add = np.array([a for a, _, _ in rows], dtype=np.int64).reshape(-1, 4)
            need = np.array([[m >> k & 1 for k in range(4)] for _, m, _ in rows], dtype=bool).reshape(-1, 4)
            gold = np.array([g for _, _, g in rows], dtype=np.int64)
            keep = ~_dominated(add, need, gold)
            found = self._arrays[hand] = (add[keep], need[keep], gold[keep])
        return found

    def table(self, hand: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The splitter's best own gold + ship points over the clipped box, and the box bounds."""
        found = self._tables.get(hand)
        if found is not None:
            return found
        lo = -np.array(self._reach_of(hand), dtype=np.int64) - 1
        shape = tuple(int(x) for x in 2 - lo)                       # lo .. 1 inclusive
        grid = np.stack(np.unravel_index(np.arange(int(np.prod(shape))), shape), axis=1) + lo
        add, need, gold = self.arrays(hand)
        best = np.empty(len(grid), dtype=np.int64)
        step = max(1, 400_000 // max(1, len(add)))
        for i in range(0, len(grid), step):
            part = grid[i:i + step]
            value = np.broadcast_to(gold, (len(part), len(add))).copy()
            for k in range(4):
                own = part[:, k, None] + add[None, :, k]
                if need[:, k].any():
                    value[need[None, :, k] & (own <= 0)] = NEG     # R18: no captain there
                value += VALUES[k] * np.sign(own)
            best[i:i + step] = value.max(axis=1)
        found = self._tables[hand] = (best, lo, np.array(shape, dtype=np.int64))
        return found

    def _reply(self, e: np.ndarray, hand: tuple) -> np.ndarray:
        """The splitter's best own value at own-view differences `e` (k x 4)."""
        best, lo, shape = self.table(hand)
        c = np.minimum(np.maximum(e, lo), 1) - lo
        flat = ((c[..., 0] * shape[1] + c[..., 1]) * shape[2] + c[..., 2]) * shape[3] + c[..., 3]
        return best[flat]

    def chooser(self, e: np.ndarray, mine: tuple, theirs: tuple) -> np.ndarray:
        """Chooser's best own value (gold + points after the splitter's best reply) at own-view `e`."""
        cap = np.array(self._reach_of(theirs), dtype=np.int64) + 1
        low = -np.array(self._reach_of(mine), dtype=np.int64) - 1
        c = np.minimum(np.maximum(e, low), cap) - low                # same answer in this box
        span = cap - low + 1
        code = ((c[:, 0] * span[1] + c[:, 1]) * span[2] + c[:, 2]) * span[3] + c[:, 3]
        _, first, back = np.unique(code, return_index=True, return_inverse=True)
        rows = c[first] + low
        add, need, gold = self.arrays(mine)
        best, lo, shape = self.table(theirs)
        stride = (shape[1] * shape[2] * shape[3], shape[2] * shape[3], shape[3], 1)
        flat = np.zeros((len(rows), len(add)), dtype=np.int64)
        value = np.broadcast_to(gold, flat.shape).copy()
        for k in range(4):
            own = rows[:, k, None] + add[None, :, k]                 # chooser's view after its phase
            if need[:, k].any():
                value[need[None, :, k] & (own <= 0)] = NEG           # R18: no captain there
            flat += (np.minimum(np.maximum(-own, lo[k]), 1) - lo[k]) * stride[k]
        out = (value - best[flat]).max(axis=1)
        return out[back.reshape(-1)]

    def values(self, ds: list[tuple], unseen: tuple[int, ...], splitter: int) -> list[Fraction]:
        """P1-view expected final-round values (gold + ship points) for each start difference in `ds`."""
        e = np.array(ds, dtype=np.int64).reshape(-1, 4)
        if splitter == 1:
            e = -e                                                   # the splitter's own view
        total = np.zeros(len(e), dtype=np.int64)
        for table, w in self._draws(unseen, 5):
            best = None
            for small, large in self._splits(table):
                took_small = self.chooser(-e, small, large)
                took_large = self.chooser(-e, large, small)
                mine = -np.maximum(took_small, took_large)          # the chooser picks its better offer
                best = mine if best is None else np.maximum(best, mine)
            total += w * best
        count = comb(sum(unseen), 5)
        sign = 1 if splitter == 0 else -1
        return [Fraction(sign * int(t), count) for t in total]
