"""The basic game's second-to-last round, valued over the final round in shared batches (numpy).

A round is a list of *cases*, each (weight, splits, unseen pool after the round): from the
draw every five-card multiset of the unseen pool with its C3 weight, from the split one
case, from a choice or a placement phase one case whose only split has the choices left.
Within a case the chooser's undominated placements (`hands.arrays`) are crossed with the
splitter's, giving every start difference of the final round the round can reach.

Three passes, so that every final-round table is valued once for all the cases that
reach it (C3: the final round's draw is a five-card multiset T of the pool left after
the case, weighted by how many card subsets give it):

1. every case lists the final-round start differences it reaches (clipped where no card
   of its pool can change a sign any more);
2. every table T is valued once at the union of those starts over the cases whose pool
   holds T (`LastRound.table_value`), and each case adds weight x value to its starts;
3. every case reads those values back and takes the best placements, choice and split.

Everything is an integer (values times the number of equally likely draws) until the
caller divides.
"""

from __future__ import annotations

from explorer.core.extras import missing

try:
    import numpy as np
except ImportError as err:  # the solver's extra
    raise missing(err, "solver") from err

from .hands import Hand, arrays, draws, pool_caps
from .lastround import NEG, LastRound, denominator

Case = tuple[int, list[list[tuple[Hand, Hand]]], tuple[int, ...]]


def outcomes(d0: np.ndarray, mine: Hand, theirs: Hand, chooser: int):
    """Chooser's gold, splitter's gold (NEG where illegal) and P1-view end differences of one choice.

    Shapes: chooser placements n, splitter placements m: (n,), (n, m), (n, m, 4).
    """
    sign = 1 if chooser == 0 else -1
    add, need, gold = arrays(mine)
    own = sign * d0 + add
    legal = ~np.any(need & (own <= 0), axis=1)                          # R18 at the end of the phase
    own, gold = own[legal], gold[legal]
    s_add, s_need, s_gold = arrays(theirs)
    theirs_view = -own[:, None, :] + s_add[None, :, :]
    s_legal = ~np.any(s_need[None] & (theirs_view <= 0), axis=2)
    s_value = np.where(s_legal, s_gold[None, :], NEG)
    return gold, s_value, -sign * theirs_view


def best(gold: np.ndarray, s_value: np.ndarray, later: np.ndarray, den: int, chooser: int) -> int:
    """The chooser's value (own view, times `den`) of one choice, given the P1-view values `later`."""
    splitter_sign = -1 if chooser == 0 else 1
    reply = (s_value * den + splitter_sign * later).max(axis=1)          # the splitter's best placement
    return int((gold * den - reply).max())                              # the chooser's best placement


def decide(values: list[list[int]], splitter: int) -> int:
    """P1-view value of a case: the chooser takes its better offer, the splitter its best split."""
    worst = min(max(v) for v in values)                                  # chooser's view
    return worst if splitter == 1 else -worst


class TwoRounds:
    """Values the second-to-last round in batches; `last` holds the final-round tables."""

    def __init__(self, last: LastRound) -> None:
        self.last = last
        self.positions = 0

    def value(self, d0: tuple[int, ...], cases: list[Case], splitter: int) -> tuple[int, int]:
        """(numerator, denominator) of the P1-view expected value over `cases` of the rest of the game.

        Each case's splits are lists of (chooser hand, splitter hand) choices.
        """
        d = np.array(d0, dtype=np.int64)
        chooser = 1 - splitter
        den = denominator(cases[0][2])
        plays, reached = [], []
        for _, splits, unseen in cases:                                  # pass 1
            caps = pool_caps(unseen)
            found = [[self._play(d, mine, theirs, chooser, caps) for mine, theirs in choices] for choices in splits]
            codes = np.unique(np.concatenate([c.reshape(-1) for row in found for _, _, c in row]))
            plays.append(found)
            reached.append((codes, caps))
        self.positions += sum(len(codes) for codes, _ in reached)
        later = self._final_values(reached, [unseen for _, _, unseen in cases], 1 - splitter)   # pass 2
        total = 0
        for (weight, _, _), found, (codes, _), values in zip(cases, plays, reached, later, strict=True):
            rows = [[best(gold, s_value, values[np.searchsorted(codes, ends)], den, chooser)   # pass 3
                     for gold, s_value, ends in row] for row in found]
            total += weight * decide(rows, splitter)
        return total, den

    @staticmethod
    def _play(d: np.ndarray, mine: Hand, theirs: Hand, chooser: int, caps: np.ndarray):
        """`outcomes` with the end differences as codes in the pool's box."""
        gold, s_value, ends = outcomes(d, mine, theirs, chooser)
        return gold, s_value, _encode(np.clip(ends, -caps, caps), caps)

    def _final_values(self, reached, pools: list[tuple[int, ...]], splitter: int) -> list[np.ndarray]:
        """Per case, the final round's P1-view value at each reached start, times C(|pool|, 5).

        The starts of all cases are pooled once (`every`); a table's starts are the pooled
        ones its cases reach, clipped to the table's box.
        """
        by_table: dict[Hand, list[tuple[int, int]]] = {}
        for i, pool in enumerate(pools):
            for table, w in draws(pool, 5):
                by_table.setdefault(table, []).append((i, w))
        sign = 1 if splitter == 0 else -1
        wide = np.max([caps for _, caps in reached], axis=0)
        codes = [_encode(_decode(c, caps), wide) for c, caps in reached]
        every = np.unique(np.concatenate(codes))
        index = [np.searchsorted(every, c) for c in codes]
        starts = sign * _decode(every, wide)
        points = {table: self._table_points(table, users, index, starts)[0] for table, users in by_table.items()}
        values = self.last.table_values(points)
        out = [np.zeros(len(c), dtype=np.int64) for c in codes]
        spread = np.zeros(len(every), dtype=np.int64)
        for table, users in by_table.items():
            used, at = self._table_points(table, users, index, starts)[1:]
            spread[used] = values[table][at]
            for i, w in users:
                out[i] += (sign * w) * spread[index[i]]
        return out

    def _table_points(self, table: Hand, users, index, starts):
        """(distinct starts clipped to `table`'s box, which pooled starts its cases reach, and where
        each of those lies among the distinct ones)."""
        mark = np.zeros(len(starts), dtype=bool)
        for i, _ in users:
            mark[index[i]] = True
        used = np.flatnonzero(mark)
        cap = self.last.box(table)
        codes = _encode(np.clip(starts[used], -cap, cap), cap)
        seen = np.zeros(int(np.prod(2 * cap + 1)), dtype=bool)
        seen[codes] = True
        return _decode(np.flatnonzero(seen), cap), used, (np.cumsum(seen) - 1)[codes]


def _encode(points: np.ndarray, caps: np.ndarray) -> np.ndarray:
    """Mixed-radix code of differences in [-caps, caps] per ship (last axis of `points`)."""
    span = 2 * caps + 1
    c = points + caps
    return ((c[..., 0] * span[1] + c[..., 1]) * span[2] + c[..., 2]) * span[3] + c[..., 3]


def _decode(codes: np.ndarray, caps: np.ndarray) -> np.ndarray:
    span = 2 * caps + 1
    out = np.empty((len(codes), 4), dtype=np.int64)
    rest = codes.copy()
    for k in (3, 2, 1, 0):
        out[:, k] = rest % span[k] - caps[k]
        rest //= span[k]
    return out

