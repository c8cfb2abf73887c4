"""The final round of the basic game as integer tables over the reduced state (numpy).

Reduced state (solver notes 4): with no Kraken or Tortuga only each ship's strength
difference matters, and only through its sign at the end (R14-R16, R18, E3). A value
table covers a box of own-view differences per ship; beyond the box no card left can
change the sign, so a difference is clipped into it (memoisation on the reduced state,
stored densely). Values are gold plus ship points, own minus opponent's, as integers.

- ``splitter_table(hand)``: the last phase of the game; the splitter's best value for
  every start difference in [-reach-1, 1] per ship.
- ``pair_table(mine, theirs)``: the chooser's best value with `mine`, the splitter
  answering with `theirs`, over [-reach(mine)-1, reach(theirs)+1].

Both are built card by card (a max-plus recursion): a table for the cards not yet
placed is the best over one card's uses (crew at its ship, a parrot elsewhere, boarding)
of the table for the rest, shifted. Boarding (R18) needs the captain once the phase's
crew and parrots are down, so tables carry the set of colours boarded so far, and the
final difference must be positive there. A parrot on its own colour is never better than
crew there (more own strength never hurts), so it is left out.

A table's value at a split (T2) is the splitter's best over splits of the chooser's
better offer (T3), and the round's value from its draw is the C3 average over tables.
Small batches are valued from the chooser's placement list instead of a dense table.
"""

from __future__ import annotations

from collections import OrderedDict
from math import comb

import numpy as np

from .data import SHIP_VALUE
from .hands import COLOUR, VALUE, Hand, arrays, draws, reach, splits

NEG = -(1 << 28)
SHIP_POINTS = np.array(SHIP_VALUE, dtype=np.int32)


def _shift_max(best: np.ndarray, plain: np.ndarray, axis: int, step: int) -> None:
    """best = max(best, plain shifted by `step` along `axis`), the top clipped (beyond it nothing changes)."""
    n = plain.shape[axis]
    head = [slice(None)] * plain.ndim
    tail = [slice(None)] * plain.ndim
    if step < n:
        head[axis], tail[axis] = slice(0, n - step), slice(step, n)
        np.maximum(best[tuple(head)], plain[tuple(tail)], out=best[tuple(head)])
    head[axis], tail[axis] = slice(max(0, n - step), n), slice(n - 1, n)
    np.maximum(best[tuple(head)], plain[tuple(tail)], out=best[tuple(head)])


def _pad_below(table: np.ndarray, grow: list[int]) -> np.ndarray:
    """`table` (masks x 4 ships) extended by `grow[k]` coordinates below each ship's axis, edge values."""
    out = np.empty((table.shape[0], *(n + g for n, g in zip(table.shape[1:], grow, strict=True))), dtype=table.dtype)
    out[(slice(None), *(slice(g, None) for g in grow))] = table
    for k, g in enumerate(grow):
        where = [slice(None)] + [slice(None) if j < k else slice(grow[j], None) for j in range(4)]
        edge = list(where)
        where[k + 1], edge[k + 1] = slice(0, g), slice(g, g + 1)
        out[tuple(where)] = out[tuple(edge)]
    return out


def max_plus(hand: Hand, term: np.ndarray, lo: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Best over every use of `hand` of gold + `term` at the final own-view difference (R9-R20).

    `term` covers [lo, lo + shape - 1] per ship (clipped beyond); the result covers
    [lo - reach(hand), same top]. A board of colour k needs a positive final difference at k.
    """
    hi = lo + np.array(term.shape) - 1
    cols = sorted({COLOUR[c] for c in hand})
    bit = {k: 1 << i for i, k in enumerate(cols)}
    masks = list(range(1 << len(cols)))
    table = np.empty((len(masks), *term.shape), dtype=np.int32)
    positive = [np.arange(lo[k], hi[k] + 1) > 0 for k in range(4)]
    for m in masks:
        ok = np.ones(term.shape, dtype=bool)
        for k in cols:
            if m & bit[k]:
                ok &= positive[k].reshape([-1 if j == k else 1 for j in range(4)])
        table[m] = np.where(ok, term, NEG)
    for j, card in enumerate(hand):
        col, val = COLOUR[card], VALUE[card]
        rest = 0
        for c in hand[j + 1:]:
            rest |= bit[COLOUR[c]]
        keep = [m for m in masks if m & ~rest == 0]
        where = {m: i for i, m in enumerate(masks)}
        grow = [val if k == col else 1 for k in range(4)]
        plain = _pad_below(table, grow)                                  # below the box: same as its edge
        best = plain[[where[m | bit[col]] for m in keep]] + np.int32(val)    # board (R19)
        if len(keep) < len(masks):
            plain = plain[[where[m] for m in keep]]
        for ship in range(4):
            _shift_max(best, plain, ship + 1, val if ship == col else 1)     # crew (R9) or parrot (R11)
        table, masks = best, keep
        lo = lo - np.array(grow)
    return table[0], lo


def lookup(table: np.ndarray, lo: np.ndarray, e: np.ndarray) -> np.ndarray:
    """Values of `table` (box from `lo`) at own-view differences `e` (n x 4), clipped into the box."""
    shape = np.array(table.shape)
    c = np.clip(e, lo, lo + shape - 1) - lo
    return table[c[:, 0], c[:, 1], c[:, 2], c[:, 3]]


class LastRound:
    """Final-round values; splitter tables are kept per hand, a table's pair tables for recent tables."""

    def __init__(self, keep: int = 64) -> None:
        self._splitter: dict[Hand, tuple[np.ndarray, np.ndarray]] = {}
        self._pairs: OrderedDict[Hand, dict] = OrderedDict()
        self._keep = keep
        self.positions = 0

    # -- the tables ------------------------------------------------------------------
    def splitter_table(self, hand: Hand) -> tuple[np.ndarray, np.ndarray]:
        """The splitter's best gold + ship points (own minus opponent's) in the game's last phase."""
        found = self._splitter.get(hand)
        if found is None:
            grid = np.array(np.meshgrid(*[np.arange(-1, 2)] * 4, indexing="ij"))
            term = np.tensordot(SHIP_POINTS, np.sign(grid), axes=1).astype(np.int32)      # E3
            found = self._splitter[hand] = max_plus(hand, term, np.full(4, -1, dtype=np.int64))
            self.positions += found[0].size
        return found

    def pair_table(self, mine: Hand, theirs: Hand) -> tuple[np.ndarray, np.ndarray]:
        """The chooser's best value with `mine` against the splitter's `theirs`, dense."""
        table = mine + theirs
        pairs = self._pairs.get(tuple(sorted(table)))
        if pairs is None:
            pairs = self._pairs[tuple(sorted(table))] = {}
            if len(self._pairs) > self._keep:
                self._pairs.popitem(last=False)
        found = pairs.get(mine)
        if found is None:
            reply, _ = self.splitter_table(theirs)
            term = -reply[::-1, ::-1, ::-1, ::-1]          # chooser's view: the splitter's box turned round
            found = pairs[mine] = max_plus(mine, np.ascontiguousarray(term), np.full(4, -1, dtype=np.int64))
            self.positions += found[0].size
        return found

    # -- values at points ------------------------------------------------------------
    def chooser(self, e: np.ndarray, mine: Hand, theirs: Hand, dense: bool | None = None) -> np.ndarray:
        """The chooser's best value at own-view differences `e` (n x 4)."""
        if not mine:
            table, lo = self.splitter_table(theirs)
            return -lookup(table, lo, -e)
        if dense is None:
            box = np.prod(np.array(reach(mine)) + np.array(reach(theirs)) + 3)
            dense = len(e) * len(arrays(mine)[0]) > 2 * box * len(mine)
        if dense:
            return lookup(*self.pair_table(mine, theirs), e)
        return self._sparse(e, mine, theirs)

    def _sparse(self, e: np.ndarray, mine: Hand, theirs: Hand) -> np.ndarray:
        """Best over the chooser's undominated placements of gold minus the splitter's reply."""
        add, need, gold = arrays(mine)
        reply, lo = self.splitter_table(theirs)
        shape = np.array(reply.shape)
        stride = (shape[1] * shape[2] * shape[3], shape[2] * shape[3], shape[3], 1)
        flat_reply = reply.reshape(-1)
        out = np.empty(len(e), dtype=np.int64)
        step = max(1, 200_000 // max(1, len(add)))
        for i in range(0, len(e), step):
            part = e[i:i + step]
            flat = np.zeros((len(part), len(add)), dtype=np.int64)
            value = np.broadcast_to(gold, flat.shape).copy()
            for k in range(4):
                own = part[:, k, None] + add[None, :, k]                 # chooser's view after its phase
                if need[:, k].any():
                    value[need[None, :, k] & (own <= 0)] = NEG           # R18: no captain there
                flat += (np.clip(-own, lo[k], lo[k] + shape[k] - 1) - lo[k]) * stride[k]
            out[i:i + step] = (value - flat_reply[flat]).max(axis=1)
        self.positions += len(e)
        return out

    def table_value(self, table: Hand, s: np.ndarray) -> np.ndarray:
        """The splitter's value (own view) of the drawn `table` at own-view differences `s` (T2, T3)."""
        worst = None
        for small, large in splits(table):
            took = np.maximum(self.chooser(-s, small, large), self.chooser(-s, large, small))
            worst = took if worst is None else np.minimum(worst, took)
        return -worst

    def box(self, table: Hand) -> np.ndarray:
        """Per ship, the own-view difference beyond which the whole table cannot change the sign."""
        return np.array(reach(table), dtype=np.int64) + 1

    def numerators(self, ds: np.ndarray, unseen: tuple[int, ...], splitter: int) -> np.ndarray:
        """P1-view values (gold + ship points) from the final round's draw at P1-view `ds`, times
        C(|unseen|, 5) (C3): integers, divided at the end."""
        sign = 1 if splitter == 0 else -1
        s = sign * np.asarray(ds, dtype=np.int64).reshape(-1, 4)
        total = np.zeros(len(s), dtype=np.int64)
        for table, w in draws(unseen, 5):
            cap = self.box(table)
            c = np.clip(s, -cap, cap)
            points, back = np.unique(c, axis=0, return_inverse=True)
            total += w * self.table_value(table, points)[back.reshape(-1)]
        return sign * total


def denominator(unseen: tuple[int, ...], k: int = 5) -> int:
    """How many equally likely card subsets a draw of `k` from `unseen` has (C3)."""
    return comb(sum(unseen), k)
