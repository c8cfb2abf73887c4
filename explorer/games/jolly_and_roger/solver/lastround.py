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

from math import comb

from explorer.core.extras import missing

try:
    import numpy as np
except ImportError as err:  # the solver's extra
    raise missing(err, "solver") from err

from ..data import SHIP_VALUE
from .hands import COLOUR, VALUE, Hand, arrays, draws, reach, splits

NEG = -(1 << 14)                   # "illegal": far below any value, safe to add a few golds to in int16
DTYPE = np.int16
SHIP_POINTS = np.array(SHIP_VALUE, dtype=np.int64)


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
    """`table` (masks x batch x 4 ships) extended by `grow[k]` coordinates below ship k's axis, edge values."""
    lead = table.shape[:2]
    out = np.empty((*lead, *(n + g for n, g in zip(table.shape[2:], grow, strict=True))), dtype=table.dtype)
    out[(slice(None), slice(None), *(slice(g, None) for g in grow))] = table
    for k, g in enumerate(grow):
        where = [slice(None)] * 2 + [slice(None) if j < k else slice(grow[j], None) for j in range(4)]
        edge = list(where)
        where[k + 2], edge[k + 2] = slice(0, g), slice(g, g + 1)
        out[tuple(where)] = out[tuple(edge)]
    return out


def max_plus(hand: Hand, term: np.ndarray, lo: np.ndarray, turned: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Best over every use of `hand` of gold + `term` at the final own-view difference (R9-R20).

    `term` is a batch of tables (batch x 4 ships) over [lo, lo + shape - 1] per ship (clipped
    beyond); the result covers [lo - reach(hand), same top]. A board of colour k needs a
    positive final difference at k. A Skeleton adds 3 at any ship (R28); with `turned` a
    Tortuga comes after the cards, so a parrot adds the card's value (R33).
    """
    box = term.shape[1:]
    hi = lo + np.array(box) - 1
    cols = sorted({COLOUR[c] for c in hand} - {-1})
    bit = {k: 1 << i for i, k in enumerate(cols)}
    masks = list(range(1 << len(cols)))
    table = np.empty((len(masks), *term.shape), dtype=DTYPE)
    positive = [np.arange(lo[k], hi[k] + 1) > 0 for k in range(4)]
    for m in masks:
        ok = np.ones(box, dtype=bool)
        for k in cols:
            if m & bit[k]:
                ok &= positive[k].reshape([-1 if j == k else 1 for j in range(4)])
        table[m] = np.where(ok, term, NEG)
    for j, card in enumerate(hand):
        col, val = COLOUR[card], VALUE[card]
        rest = 0
        for c in hand[j + 1:]:
            rest |= bit.get(COLOUR[c], 0)
        keep = [m for m in masks if m & ~rest == 0]
        where = {m: i for i, m in enumerate(masks)}
        grow = [val if k == col or col < 0 or turned else 1 for k in range(4)]
        plain = _pad_below(table, grow)                                  # below the box: same as its edge
        if col >= 0:
            best = plain[[where[m | bit[col]] for m in keep]] + DTYPE(val)   # board (R19)
        else:
            best = np.full((len(keep), *plain.shape[1:]), NEG, dtype=DTYPE)  # a Skeleton never boards (R29)
        if len(keep) < len(masks):
            plain = plain[[where[m] for m in keep]]
        for ship in range(4):
            _shift_max(best, plain, ship + 2, grow[ship])                     # crew (R9), parrot (R11), R28
        table, masks = best, keep
        lo = lo - np.array(grow)
    return table[0], lo


def _extend(table: np.ndarray, box: np.ndarray) -> np.ndarray:
    """`table` (from the same bottom corner) extended to `box` per ship with its top edge values."""
    return table[np.ix_(*(np.minimum(np.arange(n), m - 1) for n, m in zip(box, table.shape, strict=True)))]


def _batches(mine: Hand, users: list[tuple[Hand, Hand]], waste: float = 1.3) -> list[list[tuple[Hand, Hand]]]:
    """Users of one chooser hand in batches whose common box is at most `waste` times their own boxes."""
    size = np.array(reach(mine)) + 3
    order = sorted(users, key=lambda u: reach(u[1]))
    out: list[list[tuple[Hand, Hand]]] = []
    top = np.zeros(4, dtype=np.int64)
    own = 0
    for user in order:
        r = np.array(reach(user[1]))
        new_top, new_own = np.maximum(top, r), own + np.prod(size + r)
        if out and np.prod(size + new_top) * (len(out[-1]) + 1) <= waste * new_own:
            out[-1].append(user)
            top, own = new_top, new_own
        else:
            out.append([user])
            top, own = r, np.prod(size + r)
    return out


def lookup(table: np.ndarray, lo: np.ndarray, e: np.ndarray) -> np.ndarray:
    """Values of `table` (box from `lo`) at own-view differences `e` (n x 4), clipped into the box."""
    flat = np.zeros(len(e), dtype=np.int64)
    stride = 1
    for k in (3, 2, 1, 0):
        col = e[:, k] - lo[k]
        np.clip(col, 0, table.shape[k] - 1, out=col)
        flat += col * stride
        stride *= table.shape[k]
    return table.reshape(-1)[flat]


class LastRound:
    """Final-round values; the splitter's tables are kept per hand."""

    def __init__(self) -> None:
        self._splitter: dict[Hand, tuple[np.ndarray, np.ndarray]] = {}
        self.positions = 0

    # -- the tables ------------------------------------------------------------------
    def splitter_table(self, hand: Hand) -> tuple[np.ndarray, np.ndarray]:
        """The splitter's best gold + ship points (own minus opponent's) in the game's last phase."""
        found = self._splitter.get(hand)
        if found is None:
            grid = np.array(np.meshgrid(*[np.arange(-1, 2)] * 4, indexing="ij"))
            term = np.tensordot(SHIP_POINTS, np.sign(grid), axes=1).astype(DTYPE)        # E3
            table, lo = max_plus(hand, term[None], np.full(4, -1, dtype=np.int64))
            found = self._splitter[hand] = (table[0], lo)
            self.positions += table.size
        return found

    def chooser_tables(self, mine: Hand, replies: list[Hand]) -> tuple[np.ndarray, np.ndarray]:
        """The chooser's best value with `mine` against each splitter hand in `replies` (batch x box).

        The box runs from -reach(mine)-1 to one more than the largest reply reach, per ship.
        """
        terms = [self.splitter_table(t)[0][::-1, ::-1, ::-1, ::-1] for t in replies]   # chooser's view
        box = np.max([t.shape for t in terms], axis=0)
        stack = -np.stack([_extend(t, box) for t in terms])
        table, lo = max_plus(mine, stack, np.full(4, -1, dtype=np.int64))
        self.positions += table.size
        return table, lo

    # -- values at points ------------------------------------------------------------
    def chooser(self, e: np.ndarray, mine: Hand, theirs: Hand) -> np.ndarray:
        """The chooser's best value at own-view differences `e` (n x 4), from its placement list."""
        if not mine:
            table, lo = self.splitter_table(theirs)
            return -lookup(table, lo, -e).astype(np.int64)
        add, need, gold = arrays(mine)
        reply, lo = self.splitter_table(theirs)
        shape = np.array(reply.shape)
        stride = (shape[1] * shape[2] * shape[3], shape[2] * shape[3], shape[3], 1)
        flat_reply = reply.reshape(-1).astype(np.int64)
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

    def table_values(self, points: dict[Hand, np.ndarray]) -> dict[Hand, np.ndarray]:
        """The splitter's value (own view) of each drawn table at its own-view differences (T2, T3).

        Pairs (chooser hand, splitter hand) are grouped by chooser hand across tables, so one
        batch of dense tables serves them all when that is cheaper than the placement lists.
        """
        groups: dict[Hand, list[tuple[Hand, Hand]]] = {}
        for table in points:
            for small, large in splits(table):
                groups.setdefault(small, []).append((table, large))
                groups.setdefault(large, []).append((table, small))
        worst: dict[tuple[Hand, Hand], np.ndarray] = {}       # (table, small offer) -> chooser's better take
        for mine, users in groups.items():
            for batch in _batches(mine, users):
                for (table, theirs), values in zip(batch, self._chooser_batch(mine, batch, points), strict=True):
                    key = (table, min(mine, theirs, key=len))
                    found = worst.get(key)
                    worst[key] = values if found is None else np.maximum(found, values)
        out: dict[Hand, np.ndarray] = {}
        for (table, _), values in worst.items():
            found = out.get(table)
            out[table] = values if found is None else np.minimum(found, values)
        return {table: -values for table, values in out.items()}

    def _chooser_batch(self, mine: Hand, batch: list[tuple[Hand, Hand]], points) -> list[np.ndarray]:
        """The chooser's values with `mine` at each (table, reply)'s points: dense tables or placement lists."""
        spots = sum(len(points[t]) for t, _ in batch)
        box = np.prod(np.array(reach(mine)) + 3 + np.max([reach(t) for _, t in batch], axis=0))
        if spots * len(arrays(mine)[0]) * 4 < len(batch) * box * len(mine) * 3:
            return [self.chooser(-points[t], mine, theirs) for t, theirs in batch]
        stack, lo = self.chooser_tables(mine, [theirs for _, theirs in batch])
        return [lookup(stack[i], lo, -points[t]).astype(np.int64) for i, (t, _) in enumerate(batch)]

    def box(self, table: Hand) -> np.ndarray:
        """Per ship, the own-view difference beyond which the whole table cannot change the sign."""
        return np.array(reach(table), dtype=np.int64) + 1

    def numerators(self, ds: np.ndarray, unseen: tuple[int, ...], splitter: int) -> np.ndarray:
        """P1-view values (gold + ship points) from the final round's draw at P1-view `ds`, times
        C(|unseen|, 5) (C3): integers, divided at the end."""
        sign = 1 if splitter == 0 else -1
        s = sign * np.asarray(ds, dtype=np.int64).reshape(-1, 4)
        weights, points, backs = {}, {}, {}
        for table, w in draws(unseen, 5):
            cap = self.box(table)
            points[table], back = np.unique(np.clip(s, -cap, cap), axis=0, return_inverse=True)
            weights[table], backs[table] = w, back.reshape(-1)
        total = np.zeros(len(s), dtype=np.int64)
        for table, values in self.table_values(points).items():
            total += weights[table] * values[backs[table]]
        return sign * total


def denominator(unseen: tuple[int, ...], k: int = 5) -> int:
    """How many equally likely card subsets a draw of `k` from `unseen` has (C3)."""
    return comb(sum(unseen), k)
