"""Where pieces go: the forward (R9-R16) and backward (R17-R23) targets, and E3's distance.

Pure functions of the track, the board occupancy and the options in force, shared
by the rules, the ranking and the analysis helpers.
"""

from __future__ import annotations

from functools import lru_cache

from ..data import COMPONENTS, GOAL, SUIT_INDEX, SUITS


class Occupancy:
    """How many pieces each player has on each position 0..21 (`own[player][q]`), and the totals.

    Built once per state and only read afterwards (lists, for speed: it is on the hot path).
    """

    __slots__ = ("own", "total")

    def __init__(self, own: list[list[int]], total: list[int]) -> None:
        self.own = own
        self.total = total


EMPTY_ROW = [0] * (GOAL + 1)


def occupancy(pieces: tuple[tuple[int, ...], ...]) -> Occupancy:
    own = []
    total = EMPTY_ROW.copy()
    for positions in pieces:
        counts = EMPTY_ROW.copy()
        for q in positions:
            counts[q] += 1
            total[q] += 1
        own.append(counts)
    return Occupancy(own, total)


@lru_cache(maxsize=4096)
def suit_positions(track: str) -> dict[str, tuple[int, ...]]:
    """Track positions (1-20) of each suit, in order."""
    return {s: tuple(i + 1 for i, c in enumerate(track) if c == s) for s in SUITS}


@lru_cache(maxsize=4096)
def suit_positions_after(track: str) -> tuple[dict[str, tuple[int, ...]], ...]:
    """For each place p = 0..20, the track positions of each suit beyond p, in order."""
    every = suit_positions(track)
    return tuple({s: tuple(q for q in every[s] if q > p) for s in SUITS} for p in range(GOAL))


def forward_target(track: str, occ: Occupancy, player: int, origin: int, suit: str,
                   stop_on_own: bool = True, mixed_stop: bool = False) -> tuple[int, tuple[int, ...]]:
    """R16: the first card of `suit` after `origin` where the piece may stop, else the goal (R13).

    Returns the target and the cards of that suit passed over because someone stood there
    (R11). A card with an opponent is passed (R11); an own-only card stops the piece (R10),
    unless `stop_on_own` is off (V2); a card with both is passed unless `mixed_stop` (V11, A4).
    """
    own = occ.own[player]
    total = occ.total
    skipped: list[int] = []
    for q in suit_positions_after(track)[origin][suit]:
        n = total[q]
        if n == 0:
            return q, tuple(skipped)
        mine = own[q]
        if n == mine:                 # only own pieces
            if stop_on_own:
                return q, tuple(skipped)
        elif mine and mixed_stop:
            return q, tuple(skipped)
        skipped.append(q)
    return GOAL, tuple(skipped)


def backward_target(occ: Occupancy, player: int, origin: int,
                    any_colour: bool = False) -> tuple[int, int] | None:
    """R18/R23: the nearest card behind `origin` where the mover has 1 or 2 pieces (A5: not its own card).

    Returns (target, cards to draw) or None when no card qualifies (R22: never to Start).
    Cards with an opponent are passed (A6, A4); under V3 any colour counts.
    """
    if not 1 <= origin < GOAL:
        return None
    own = occ.own[player]
    total = occ.total
    stops = COMPONENTS.backward_stop_counts
    for q in range(origin - 1, 0, -1):
        if any_colour:
            if total[q] in stops:
                return q, total[q]
        elif own[q] in stops and total[q] == own[q]:
            return q, own[q]
    return None


def lowest_stop(occ: Occupancy, player: int, any_colour: bool = False) -> int:
    """The lowest card a piece of `player` could step back to (R18, A6, V3): a piece beyond it
    has a backward move, one at or before it has none (R22). GOAL when no card qualifies."""
    own = occ.own[player]
    total = occ.total
    stops = COMPONENTS.backward_stop_counts
    if any_colour:
        for q in range(1, GOAL):
            if total[q] in stops:
                return q
        return GOAL
    for q in range(1, GOAL):
        n = own[q]
        if n in stops and total[q] == n:
            return q
    return GOAL


def backward_moves(own: list[int], total: list[int], origins: list[int],
                   any_colour: bool = False) -> list[tuple[int, int, int]]:
    """(origin, target, cards to draw) of every backward move (R17-R23) from `origins` (sorted,
    none at the goal), in that order, in one sweep up the track.

    `backward_target` for each origin, with `lowest_stop` deciding which have one (R22), read
    off `own` and `total` (an `Occupancy`'s rows for the mover): the nearest qualifying card
    behind a piece is the last one met below it. Without V3 only a card holding 1 or 2 of the
    mover's own pieces qualifies (R18), so the sweep visits only the mover's places, `origins`."""
    stops = COMPONENTS.backward_stop_counts
    found = []
    last = draws = 0
    if any_colour or 0 in stops:
        q = 1
        for p in origins:
            while q < p:
                if any_colour:
                    if total[q] in stops:                    # V3: any colour counts
                        last, draws = q, total[q]
                elif own[q] in stops and total[q] == own[q]:  # R18, A5, A6
                    last, draws = q, own[q]
                q += 1
            if last:                                         # R22: never back to Start
                found.append((p, last, draws))
        return found
    for p in origins:
        if last:                                             # R22: never back to Start
            found.append((p, last, draws))
        n = own[p]
        if p and n in stops and total[p] == n:               # R18, A5, A6
            last, draws = p, n
    return found


@lru_cache(maxsize=4096)
def suit_indexes(track: str) -> tuple[int, ...]:
    """The suit (its index in `SUITS`) of each position: 0 at Start, then the cards laid (S4)."""
    return (0, *(SUIT_INDEX[c] for c in track))


def reach(track: str, own: list[int], total: list[int], stop_on_own: bool = True,
          mixed_stop: bool = False, floor: int = 0) -> tuple[list[int], list[tuple[int, int, int, int]]]:
    """E3's d(p) for p = 0..21 and R16's Fwd(p, s) for p = 0..20 (a row per p, suits in `SUITS`
    order), in one sweep from the goal back to Start.

    Which cards a piece may stop on does not depend on where it comes from, so walking p
    downwards the nearest stop of each suit beyond p is always at hand: 21 steps instead of
    a forward target per (place, suit). The rule of thumb, its playout and the ranking read
    this one table (`own` and `total` are an `Occupancy`'s rows for the mover). The stop test
    is `forward_target`'s, written out here because this loop is the evaluator's hot path.

    The sweep stops at `floor`: entries below it are left unworked (0 and the goal), those at
    or above it are the same whatever the floor (a caller that needs nothing behind its
    rearmost piece saves the rest)."""
    suit_of = suit_indexes(track)
    laid = len(suit_of)
    d = [0] * (GOAL + 1)
    fwd: list[tuple[int, int, int, int]] = [(GOAL, GOAL, GOAL, GOAL)] * GOAL
    # The nearest stop of each suit beyond p (a0..a3) and d there (d0..d3), kept in locals:
    # this loop runs once per decision of every evaluator playout.
    a0 = a1 = a2 = a3 = GOAL
    d0 = d1 = d2 = d3 = 0
    row, low = (GOAL, GOAL, GOAL, GOAL), 0
    for p in range(GOAL - 1, floor - 1, -1):
        fwd[p] = row
        here = d[p] = 1 + low
        if 0 < p < laid:
            n, mine = total[p], own[p]
            if n == 0 or (stop_on_own if n == mine else mine and mixed_stop):   # R10, R11, V2, V11 (A4)
                s = suit_of[p]
                if s == 0:
                    a0, d0 = p, here
                elif s == 1:
                    a1, d1 = p, here
                elif s == 2:
                    a2, d2 = p, here
                else:
                    a3, d3 = p, here
                row = (a0, a1, a2, a3)
                low = d0 if d0 < d1 else d1
                low = low if low < d2 else d2
                low = low if low < d3 else d3
    return d, fwd


REACH_MEMORY = 20_000      # tables kept by `reach_memo` (about 2 kB each at most); forgotten all at once past it
_reach_memo: dict[tuple[str, int], tuple[tuple[int, ...], tuple[tuple[int, int, int, int], ...]]] = {}


def reach_memo(track: str, pieces: list[list[int]], own: list[int], total: list[int], stop_on_own: bool = True,
               mixed_stop: bool = False) -> tuple[tuple[int, ...], tuple[tuple[int, int, int, int], ...]]:
    """`reach` over the whole track (floor 0), as tuples, remembered by the cards a piece of
    the mover may not stop on (R10, R11, V2, V11): the table depends on nothing else.

    Only occupied cards can refuse a piece, so the key is read off the pieces (`pieces` every
    player's, `own` and `total` the mover's `Occupancy` rows): far cheaper than the sweep,
    and the key stays the same while the mover's opponents do not move (a whole turn)."""
    key = 0
    for row in pieces:
        for q in row:
            if 0 < q < GOAL:
                n, mine = total[q], own[q]
                if not (stop_on_own if n == mine else mine and mixed_stop):    # the stop test of `reach`
                    key |= 1 << q
    found = _reach_memo.get((track, key))
    if found is None:
        if len(_reach_memo) >= REACH_MEMORY:
            _reach_memo.clear()
        d, fwd = reach(track, own, total, stop_on_own, mixed_stop)
        found = _reach_memo[track, key] = (tuple(d), tuple(fwd))
    return found


def distances(track: str, occ: Occupancy, player: int, stop_on_own: bool = True,
              mixed_stop: bool = False) -> tuple[int, ...]:
    """E3: d(p), the fewest forward moves from p to the goal with the board frozen, p = 0..21."""
    return tuple(reach(track, occ.own[player], occ.total, stop_on_own, mixed_stop)[0])
