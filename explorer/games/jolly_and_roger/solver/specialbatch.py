"""The special-cards game's final round valued from many starts at once (V1), in integers (numpy).

A search of the round before reaches thousands of final-round starts (reduced states of
`special`). Each is valued as the C3 average over the final round's five-card tables; a
table is valued once for all the starts at the points that still matter to it:

- a table without Kraken or Tortuga sees only the clipped differences (solver notes 4),
  and all such tables go to `LastRound.table_values` together (Skeletons are cards of its
  max-plus tables, R28);
- a table with a Kraken or a Tortuga keeps each pile's bottom entries as deep as its
  Krakens and each player's turn gains (`special.reduce`). Starts with the same bottoms
  form a group; within it a choice (T3) is valued at the distinct points of what it reads
  (differences; the chooser's gains if it holds the Tortuga, the splitter's if it does),
  from the chooser's placement list (`specialhands`) against the splitter's last phase as
  a dense table (`lastround.max_plus`) shifted by its special cards' uses.

Values are integers (gold to come plus ship points) and weights the C3 draw counts, so a
start's value is its numerator over the draws' common denominator.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from multiprocessing import current_process

from explorer.core.extras import missing

try:
    import numpy as np
except ImportError as err:  # the solver's extra
    raise missing(err, "solver") from err

from .hands import Hand, splits
from .lastround import NEG, SHIP_POINTS, LastRound, lookup, max_plus
from .special import KR, PIRATE, SK, TO, context, draws
from .specialhands import chooser_special_uses, pirate_rows, special_uses

CHUNK = 1 << 20                    # point x placement cells per numpy step


@cache
def splitter_table(hand: Hand, turned: bool) -> tuple[np.ndarray, np.ndarray]:
    """The game's last phase with `hand`'s pirate cards and Skeletons: the splitter's best gold +
    ship points (own view) at its own-view start differences; `turned`: a Tortuga follows (R33)."""
    grid = np.array(np.meshgrid(*[np.arange(-1, 2)] * 4, indexing="ij"))
    term = np.tensordot(SHIP_POINTS, np.sign(grid), axes=1).astype(np.int16)        # E3
    table, lo = max_plus(hand, term[None], np.full(4, -1, dtype=np.int64), turned)
    return table[0], lo


class Starts:
    """Reduced final-round starts as arrays: differences (n x 4, P1 view), per player and ship the
    bottom entries' strengths and turn gains (n x 2 x 4 x depth), pile lengths kept, extra gains."""

    def __init__(self, starts: list[tuple]) -> None:
        depth = max((len(pile) for _, b, _ in starts for side in b for pile in side), default=0)
        n = len(starts)
        self.d = np.array([s[0] for s in starts], dtype=np.int64).reshape(n, 4)
        self.bs = np.zeros((n, 2, 4, depth), dtype=np.int64)
        self.bg = np.zeros((n, 2, 4, depth), dtype=np.int64)
        self.bl = np.zeros((n, 2, 4), dtype=np.int64)
        self.extra = np.array([s[2] for s in starts], dtype=np.int64).reshape(n, 2, 4)
        for i, (_, bottoms, _) in enumerate(starts):
            for p in (0, 1):
                for k, pile in enumerate(bottoms[p]):
                    self.bl[i, p, k] = len(pile)
                    for j, (s, g) in enumerate(pile):
                        self.bs[i, p, k, j], self.bg[i, p, k, j] = s, g

    def for_table(self, table: Hand) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """`special.reduce` for a final round drawn as `table`, vectorised: (d, bs, bg, bl, extra)."""
        krakens, tortuga = table.count(KR), TO in table
        swing = np.array(context(((), ()), table, (), 0)[2], dtype=np.int64)
        bs, bg = self.bs[..., :krakens], self.bg[..., :krakens]
        bl = np.minimum(self.bl, krakens)
        if tortuga:
            extra = self.extra + self.bg[..., krakens:].sum(axis=3)
        else:
            bg, extra = np.zeros_like(bg), np.zeros_like(self.extra)
        if not krakens and not tortuga:
            cap = np.broadcast_to(swing, self.d.shape)
        else:
            cap = swing + extra.sum(axis=1) + (bs + bg).sum(axis=(1, 3))
        d = np.clip(self.d, -cap - 1, cap + 1)
        return d, bs, bg, bl, extra


def final_values(starts: list[tuple], up: Hand, unseen: tuple[int, ...], early: int, splitter: int,
                 last: LastRound, kraken_optional: bool, as_parrot: bool, workers: int = 1,
                 search: Callable[[tuple, Hand], int] | None = None) -> tuple[np.ndarray, int]:
    """P1-view value numerators (gold to come + ship points) of the final round from its draw, `up`
    already on the table, at each reduced start, and their common denominator (C3).

    Tables with a Kraken or a Tortuga are valued in `workers` processes when there are enough
    of them to pay for starting the processes (the values are exact whatever the count), or,
    given `search` (a start and a table to its P1-view value), start by start with it: the
    faster way for a single start, where the batch's arrays hold too little to pay for it.
    """
    found, den = draws(unseen, 5 - len(up), early)
    arr = Starts(starts)
    sign = 1 if splitter == 0 else -1
    total = np.zeros(len(starts), dtype=object)
    plain: dict[Hand, tuple[int, np.ndarray]] = {}
    points: dict[Hand, np.ndarray] = {}
    special: list[tuple[Hand, int]] = []
    for drawn, w in found:
        if not w:
            continue
        table = tuple(sorted(up + drawn))
        if KR in table or TO in table:
            special.append((table, w))
            continue
        points[table], back = np.unique(sign * arr.for_table(table)[0], axis=0, return_inverse=True)
        plain[table] = (w, back.reshape(-1))
    tables = [t for t, _ in special]
    if search is not None:
        values = [np.array([search(start, t) for start in starts], dtype=object) for t in tables]
    else:
        job = (arr, splitter, kraken_optional, as_parrot)
        values = [sign * v.astype(object) for v in _special_values(job, tables, workers)]
    for (_, w), v in zip(special, values, strict=True):
        total += w * v
    for table, v in last.table_values(points).items():
        w, back = plain[table]
        total += w * (sign * v[back]).astype(object)
    return total, den


PARALLEL_TABLES = 16               # fewer special tables than this are valued in the calling process
_job: tuple = ()                   # a worker's (starts, splitter, kraken_optional, as_parrot)


def _special_values(job: tuple, tables: list[Hand], workers: int) -> list[np.ndarray]:
    """`special_table` at each table, in a process pool when it pays (not inside a daemon process,
    which may not start one); Ctrl-C stops the workers with the caller."""
    if workers <= 1 or len(tables) < PARALLEL_TABLES or current_process().daemon:
        return [_table_values(job, table) for table in tables]
    pool = ProcessPoolExecutor(max_workers=min(workers, len(tables)), initializer=_start_worker, initargs=(job,))
    try:
        found = list(pool.map(_worker_table, tables, chunksize=max(1, len(tables) // (8 * workers))))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return found


def _table_values(job: tuple, table: Hand) -> np.ndarray:
    arr, splitter, kraken_optional, as_parrot = job
    return special_table(arr.for_table(table), table, splitter, kraken_optional, as_parrot)


def _start_worker(job: tuple) -> None:
    """A worker keeps the starts for every table it values and leaves Ctrl-C to the caller."""
    global _job
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _job = job


def _worker_table(table: Hand) -> np.ndarray:
    return _table_values(_job, table)


def unique_rows(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(distinct rows, index of each row among them) of an integer matrix, via one mixed-radix code.

    Before the code would pass 2**62 the columns so far are renumbered by their distinct
    values, so the code stays exact however many columns there are.
    """
    low = points.min(axis=0)
    span = points.max(axis=0) - low + 1
    code = np.zeros(len(points), dtype=np.int64)
    radix = 1
    for j in range(points.shape[1]):
        if radix * int(span[j]) >= 1 << 62:
            found, code = np.unique(code, return_inverse=True)
            radix = len(found)
        code = code * span[j] + (points[:, j] - low[j])
        radix *= int(span[j])
    found, back = np.unique(code, return_inverse=True)
    back = back.reshape(-1)
    pick = np.empty(len(found), dtype=np.int64)
    pick[back] = np.arange(len(points))                 # any row with the code: they are all equal
    return points[pick], back


def special_table(reduced, table: Hand, splitter: int, kraken_optional: bool, as_parrot: bool) -> np.ndarray:
    """The splitter's value (own view) of a table with a Kraken or a Tortuga at every start (T2, T3).

    A choice reads the chooser's bottom entries only as deep as the splitter's Krakens and the
    splitter's only as deep as the chooser's (R30, A14), their turn gains only beside a Tortuga
    (R33): starts are grouped by what each choice reads, and within a group by their distinct
    differences and gains.
    """
    d, bs, bg, bl, extra = reduced
    chooser = 1 - splitter
    sign = 1 if chooser == 0 else -1
    points, back = unique_rows(np.concatenate(
        [sign * d, extra[:, chooser], extra[:, splitter], *(a[:, p].reshape(len(d), -1) for p in (chooser, splitter)
                                                            for a in (bs, bg, bl))], axis=1))
    i = rows_of(points, bs.shape[3])
    groups: dict[tuple, list] = {}
    worst = None
    for small, large in splits(table):
        best = None
        for mine, theirs in ((small, large), (large, small)):
            spec = (theirs.count(KR), TO in mine, mine.count(KR), TO in theirs)
            if spec not in groups:
                groups[spec] = _groups(i, *spec)
            v = np.empty(len(points), dtype=np.int64)
            for rows, e, gc, gs, own, other, memo, at in groups[spec]:
                v[rows] = chooser_value(e, gc, gs, mine, theirs, own, other, kraken_optional, as_parrot, memo)[at]
            best = v if best is None else np.maximum(best, v)
        worst = best if worst is None else np.minimum(worst, best)
    return -worst[back]


def rows_of(points: np.ndarray, depth: int) -> dict:
    """The columns of `special_table`'s points by name (chooser view)."""
    cut = np.cumsum([0, 4, 4, 4, 4 * depth, 4 * depth, 4, 4 * depth, 4 * depth, 4])
    names = ("e", "extra_c", "extra_s", "bs_c", "bg_c", "bl_c", "bs_s", "bg_s", "bl_s")
    out = {n: points[:, a:b] for n, a, b in zip(names, cut[:-1], cut[1:], strict=True)}
    for side in ("c", "s"):
        out[f"bs_{side}"] = out[f"bs_{side}"].reshape(len(points), 4, depth)
        out[f"bg_{side}"] = out[f"bg_{side}"].reshape(len(points), 4, depth)
        out[f"gain_{side}"] = out[f"extra_{side}"] + out[f"bg_{side}"].sum(axis=2)
    return out


def _groups(i: dict, own_depth: int, own_turn: bool, other_depth: int, other_turn: bool) -> list:
    """Points grouped by the bottom entries a choice reads: the chooser's to `own_depth` (with their
    turn gains if it holds a Tortuga) and the splitter's to `other_depth` (gains if it does)."""
    n = len(i["e"])
    cols = [np.zeros((n, 1), dtype=np.int64)]
    for side, depth, turn in (("c", own_depth, own_turn), ("s", other_depth, other_turn)):
        cols += [i[f"bs_{side}"][:, :, :depth].reshape(n, -1), np.minimum(i[f"bl_{side}"], depth)]
        if turn:
            cols.append(i[f"bg_{side}"][:, :, :depth].reshape(n, -1))
    keys, which = unique_rows(np.concatenate(cols, axis=1))
    out = []
    for g in range(len(keys)):
        rows = np.flatnonzero(which == g)
        r = rows[0]
        piles = []
        for side, depth, turn in (("c", own_depth, own_turn), ("s", other_depth, other_turn)):
            piles.append(tuple(tuple((int(i[f"bs_{side}"][r, k, j]), int(i[f"bg_{side}"][r, k, j]) if turn else 0)
                                     for j in range(min(depth, i[f"bl_{side}"][r, k]))) for k in range(4)))
        feats, at = unique_rows(np.concatenate([i["e"][rows], i["gain_c"][rows], i["gain_s"][rows]], axis=1))
        out.append((rows, feats[:, :4], feats[:, 4:8], feats[:, 8:], piles[0], piles[1], {}, at))
    return out


def chooser_value(e, gc, gs, mine: Hand, theirs: Hand, own: tuple, other: tuple, kraken_optional: bool,
                  as_parrot: bool, cache: dict | None = None) -> np.ndarray:
    """The chooser's best value (own view) with `mine`, the splitter answering with `theirs` as the
    game's last phase, at own-view differences `e` with own turn gains `gc` and the splitter's `gs`.

    `own` and `other` are the chooser's and the splitter's bottom entries per ship (R30, A14).
    A choice reads the differences, the chooser's gains if it holds a Tortuga and the splitter's
    if that does; points are clipped where nothing it can do changes (below) and de-duplicated.
    """
    pirates = tuple(c for c in mine if c < PIRATE)
    uses = chooser_special_uses(tuple(c for c in mine if c >= PIRATE), other, kraken_optional, as_parrot)
    if TO in theirs and TO not in mine and not as_parrot:
        # every reply turns the splitter's parrots: it reads y = gs - e, the chooser's boards read e
        # (`cache` keeps the points' distinct values per set of boarded colours across choices)
        return _chooser_points(e, None, gs - e, uses, pirates, theirs, own, as_parrot, kraken_optional, cache)
    fold = TO in mine and not as_parrot                  # every use turns: only e + gc is read (R33)
    cols = [e + gc] if fold else [e, gc] if TO in mine else [e]
    if TO in theirs:
        cols.append(gs)
    feats, back = unique_rows(np.concatenate(cols, axis=1))
    fe = feats[:, :4]
    fgc = feats[:, 4:8] if TO in mine and not fold else np.zeros_like(fe)
    fgs = feats[:, -4:] if TO in theirs else np.zeros_like(fe)
    return _chooser_points(fe, fgc, fgs - fe, uses, pirates, theirs, own, as_parrot, kraken_optional)[back]


def _chooser_points(e, gc, y, uses, pirates: Hand, theirs: Hand, own: tuple, as_parrot: bool,
                    kraken_optional: bool, cache: dict | None = None) -> np.ndarray:
    """The chooser's best value at points: differences `e`, own gains `gc` (None: no Tortuga of its
    own) and y = the splitter's gains - `e` (read by a reply with a Tortuga)."""
    s_pirates = tuple(c for c in theirs if c < PIRATE or c == SK)
    s_specials = tuple(c for c in theirs if c >= PIRATE and c != SK)
    depth = theirs.count(KR)
    best = np.full(len(e), NEG, dtype=np.int64)
    for shift, removed, turned, new in uses:
        bottoms = tuple(tuple((s + g, 0) if turned else (s, 0) for s, g in pile) for pile in own)
        tracked = tuple(k for k in range(4) if depth and len(bottoms[k]) < depth)
        add, need, gold, sigs = pirate_rows(pirates, turned, tracked, depth)
        own_gain = gc if turned else 0                                   # R33: the chooser's parrots turn
        start = e + np.array(shift) + own_gain
        base = {False: -start, True: y - np.array(shift) - np.array(removed) - own_gain}
        for sig, idx in sigs.items():
            opposing = tuple(_pile(bottoms[k], new[k], sig, tracked, k, depth) for k in range(4))
            replies = dict.fromkeys(special_uses(s_specials, opposing, kraken_optional, as_parrot))
            shared = None if cache is None else (e, y, cache, np.array(shift), -np.array(shift) - np.array(removed))
            part = _rows_value(start, base, add[idx], need[idx], gold[idx], s_pirates, replies, shared)
            np.maximum(best, part, out=best)
    return best


def _pile(existing: tuple, special_new: tuple, sig, tracked: tuple, k: int, depth: int) -> tuple:
    """The chooser's pile bottom at ship `k` after its phase: older entries, then its new ones weakest
    first (the weakest at the bottom is never worse against a Kraken to come)."""
    if k not in tracked:
        return existing
    new = sorted((*special_new, *sig[tracked.index(k)]))
    return (*existing, *((s, 0) for s in new))[:depth]


def _rows_value(start, base: dict, add, need, gold, s_pirates: Hand, replies, shared=None) -> np.ndarray:
    """Best over placement rows of gold - the splitter's best reply, at every point (chooser view).

    The chooser ends at `start` + add (its boards need a positive difference there, R18); a reply
    (extra strength per ship, Tortuga or not) reads the splitter's table at base[turned] - add + extra.
    Rows are taken by the colours they board: those read `start` only at these ships, and only
    through the sign after the rows' additions, and every reply reads the table only inside its
    box; points are clipped to what the rows can tell apart and de-duplicated.
    """
    tables = {t: splitter_table(s_pirates, t) for t in {t for _, t in replies}}
    most = np.max([extra for extra, _ in replies], axis=0)
    masks = need.astype(np.int64) @ np.array([1, 2, 4, 8])
    out = np.full(len(start), NEG, dtype=np.int64)
    for m in np.unique(masks):
        rows = masks == m
        a = add[rows]
        low, high = a.min(axis=0), a.max(axis=0)
        ships = [k for k in range(4) if m >> k & 1]
        if shared is not None:                      # start = e + shift, base[True] = y + offset (replies turn)
            e, y, cache, shift, offset = shared
            key = tuple(ships)
            if key not in cache:
                cache[key] = unique_rows(np.concatenate([e[:, ships], y], axis=1))
            first, first_back = cache[key]
            cols = [np.clip(first[:, :len(ships)] + shift[ships], -high[ships], 1 - low[ships]),
                    np.clip(first[:, len(ships):] + offset, tables[True][1] + low - most, 1 + high)]
        else:
            cols = [np.clip(start[:, ships], -high[ships], 1 - low[ships])]
            for t in sorted(tables):
                cols.append(np.clip(base[t], tables[t][1] + low - most, 1 + high))
        feats, back = unique_rows(np.concatenate(cols, axis=1))
        if shared is not None:
            back = back[first_back]
        at_start = np.zeros((len(feats), 4), dtype=np.int64)
        at_start[:, ships] = feats[:, :len(ships)]
        at_base = {t: feats[:, len(ships) + 4 * j:len(ships) + 4 * j + 4] for j, t in enumerate(sorted(tables))}
        values = _cells(at_start, at_base, a, need[rows], gold[rows], tables, replies)
        np.maximum(out, values[back], out=out)
    return out


def _cells(start, base: dict, add, need, gold, tables: dict, replies) -> np.ndarray:
    n, r = len(start), len(add)
    out = np.empty(n, dtype=np.int64)
    step = max(1, CHUNK // max(1, r))
    for i in range(0, n, step):
        u = start[i:i + step, None, :] + add[None, :, :]                           # chooser's view after
        legal = ~np.any(need[None] & (u <= 0), axis=2)                             # R18
        reply = None
        for extra, turned in replies:
            table, lo = tables[turned]
            at = base[turned][i:i + step, None, :] - add[None, :, :] + np.array(extra)
            v = lookup(table, lo, at.reshape(-1, 4)).reshape(at.shape[:2])
            reply = v if reply is None else np.maximum(reply, v)
        value = np.where(legal, gold[None, :] - reply.astype(np.int64), NEG)
        out[i:i + step] = value.max(axis=1)
    return out
