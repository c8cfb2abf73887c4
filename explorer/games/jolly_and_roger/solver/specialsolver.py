"""The special-cards game's expectiminimax (V1, R25-R35) on the reduced state of `special`.

Node kinds, each memoised on the reduced state and what is left to play: the final round
before its draw (chance, C3), a split (T2), a choice (T3), and a placement phase card by
card (T4, T5). The last round's split values are shared by every earlier line that reaches
the same reduced state with the same five cards, whatever else is still unseen.

From round 7 the search runs twice: first only to collect the final-round starts (reduced
states before round 8's draw) it reaches, which `specialbatch` then values all at once in
integers, then for real with those values in the memo. Round 7 is searched from its split
on: from its draw every possible draw (about two thousand) would be searched in turn,
minutes each, so the solver says so at once and points to `estimate()`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..data import CARD_INDEX
from ..model import JollyState, undecided
from ..rules import rounds
from .hands import splits
from .lastround import LastRound
from .special import COLOUR, KR, PIRATE, SK, TO, VALUE, Hand, context, draws, reduce, start_state, terminal
from .specialbatch import final_values
from .speciallast import last_phase

Value = int | Fraction
SEARCH_STARTS = 1                  # a final round from its draw with this few starts: card-by-card search
SIGN = (1, -1)


def _drop(hand: Hand, card: int) -> Hand:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _add(state: tuple, p: int, ship: int, new: tuple[int, int]) -> tuple:
    """`p` adds a crew entry on top of its pile at `ship` (R9, R11, R28)."""
    d, bottoms, gains = state
    d = tuple(x + SIGN[p] * new[0] if k == ship else x for k, x in enumerate(d))
    side = list(bottoms[p])
    side[ship] = (*side[ship], new)
    b = (tuple(side), bottoms[1]) if p == 0 else (bottoms[0], tuple(side))
    return d, b, gains


def _kraken(state: tuple, p: int, ship: int) -> tuple:
    """`p`'s Kraken takes the bottom entry of the opponent's pile at `ship` (R30, A14)."""
    d, bottoms, gains = state
    o = 1 - p
    strength = bottoms[o][ship][0][0]
    d = tuple(x + SIGN[p] * strength if k == ship else x for k, x in enumerate(d))
    side = list(bottoms[o])
    side[ship] = side[ship][1:]
    b = (bottoms[0], tuple(side)) if o == 1 else (tuple(side), bottoms[1])
    return d, b, gains


def _tortuga(state: tuple, p: int) -> tuple:
    """`p`'s parrots turn to their pirate side (R33, A15)."""
    d, bottoms, gains = state
    turn = [sum(g for _, g in pile) + extra for pile, extra in zip(bottoms[p], gains[p], strict=True)]
    d = tuple(x + SIGN[p] * t for x, t in zip(d, turn, strict=True))
    side = tuple(tuple((s + g, 0) for s, g in pile) for pile in bottoms[p])
    b = (side, bottoms[1]) if p == 0 else (bottoms[0], side)
    g = ((0,) * 4, gains[1]) if p == 0 else (gains[0], (0,) * 4)
    return d, b, g


def _pool(s: JollyState) -> tuple[tuple[int, ...], int]:
    """The cards a draw can bring (pile and set-aside) and how many of them are S4 removals (C3)."""
    unseen = tuple(a + b for a, b in zip(s.pile, s.aside, strict=True))
    early = s.early + undecided(s)[0]     # a partial position may leave them undecided in the pile
    return unseen, early if s.game.options["variant_removal"] == "sequential" else 0


def _from_the_draw(s: JollyState) -> str:
    """Why two special-card rounds are not searched from round 7's draw, and what to do instead."""
    unseen, early = _pool(s)
    table = tuple(sorted(CARD_INDEX[c] for c in s.table))
    found = sum(1 for _, w in draws(unseen, 5 - len(table), early)[0] if w)
    return (f"T1/C3: with the special cards (V1) two rounds are exact from round {s.round}'s split on; from its "
            f"draw the solver would search each of the {found:,} possible draws in turn, minutes each. "
            "Use estimate() for a sampled answer with an interval, or solve once the five cards are drawn")


class _Scratch(dict):
    """A memo that reads through to the kept one but keeps its own writes (collecting pass)."""

    def __init__(self, known: dict) -> None:
        super().__init__()
        self.known = known

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in self.known

    def __getitem__(self, key: Any) -> Any:
        return dict.__getitem__(self, key) if dict.__contains__(self, key) else self.known[key]


class SpecialSolver:
    """Memoised exact values for the special-cards game within the last `max_rounds` rounds."""

    def __init__(self, game: Any, max_rounds: int = 2, workers: int = 1) -> None:
        if max_rounds not in (1, 2):
            raise ValueError("max_rounds must be 1 or 2: the special-cards solver covers the last two rounds")
        self.workers = workers                                           # processes for the final round's tables
        self._batched = 0                                                # (start, table) pairs valued from draws
        self.max_rounds = max_rounds
        self.kraken_optional = game.options["kraken_optional"]           # V5
        self.as_parrot = game.options["specials_as_parrot"]              # V4
        self._memo: dict[tuple, Value | None] = {}
        self._last = LastRound()
        self._reached: dict[tuple, list[tuple]] | None = None            # final-round starts while collecting
        self._known: dict[tuple, Value | None] = {}

    @property
    def positions(self) -> int:
        """Memo entries, and each final-round start valued at each of its tables (C3)."""
        return len(self._memo) + self._batched

    # -- from a game state -----------------------------------------------------------
    def future(self, s: JollyState) -> Value:
        """Expected gold still to come plus final ship points, P1 minus P2."""
        if s.phase in ("setup", "start"):
            raise ValueError("the solver starts once setup is over (round 1 draw)")
        state = start_state(s)
        if s.is_over:
            return terminal(state[0])
        left = rounds(s.game) - s.round
        if left + 1 > self.max_rounds:
            raise ValueError(f"{left + 1} rounds to go; this solver reaches {self.max_rounds} (use estimate())")
        if left and s.phase in ("draw", "split") and len(s.table) < 5:
            raise ValueError(_from_the_draw(s))
        if left:
            self._final_round_first(lambda: self._future(s, state, left))
        return self._future(s, state, left)

    def _future(self, s: JollyState, state: tuple, left: int) -> Value:
        unseen, early = _pool(s)
        idx = CARD_INDEX.__getitem__
        if s.phase in ("draw", "split"):
            table = tuple(sorted(map(idx, s.table)))
            if len(table) < 5:
                return self.draw(state, table, unseen, early, s.splitter)
            return self.split(state, table, unseen, early, left, s.splitter)
        if s.phase == "choose":
            small, large = (tuple(map(idx, o)) for o in s.offers)
            return self.choose(state, small, large, unseen, early, left, s.splitter)
        hands = tuple(tuple(sorted(map(idx, h))) for h in s.hands)
        other = hands[s.splitter] if s.to_move != s.splitter else ()
        return self.phase(state, s.to_move, hands[s.to_move], 0, 0, other, unseen, early, left, s.splitter)

    # -- the final round from its draw, for many starts at once ----------------------
    def _final_round_first(self, search) -> None:
        """Runs `search` once only to collect the final-round starts it reaches (with a scratch
        memo), values them in batches (`specialbatch`) and keeps those values in the memo."""
        self._known, self._memo, self._reached = self._memo, _Scratch(self._memo), {}
        try:
            search()
        finally:
            self._memo, reached, self._reached = self._known, self._reached, None
        for (table, unseen, early, splitter), starts in reached.items():
            self._final_batch(starts, table, unseen, early, splitter)

    def _final_batch(self, starts: list[tuple], table: Hand, unseen, early: int, splitter: int) -> None:
        search = None
        if len(starts) <= SEARCH_STARTS:
            def search(start: tuple, full: Hand) -> Value:
                return self.split(start, full, unseen, early, 0, splitter)
        nums, den = final_values(starts, table, unseen, early, splitter, self._last, self.kraken_optional,
                                 self.as_parrot, self.workers, search)
        self._batched += len(starts) * sum(1 for _, w in draws(unseen, 5 - len(table), early)[0] if w)
        for start, num in zip(starts, nums, strict=True):
            self._memo[("draw", start, table, unseen, early, splitter)] = Fraction(int(num), den)

    # -- chance and the round's decisions --------------------------------------------
    def draw(self, state, table: Hand, unseen, early: int, splitter: int) -> Value:
        """Expected value of the final round over the rest of its draw (T1, C3): valued in
        batches by `specialbatch`, or collected for one while `_final_round_first` searches."""
        state = reduce(state, context(((), ()), table, unseen, 5 - len(table)))
        key = ("draw", state, table, unseen, early, splitter)
        if key in self._memo:
            return self._memo[key]
        if self._reached is not None:                                      # collecting
            if key in self._known:
                return self._known[key]
            self._memo[key] = 0
            self._reached.setdefault((table, unseen, early, splitter), []).append(state)
            return 0
        self._final_batch([state], table, unseen, early, splitter)
        return self._memo[key]

    def split(self, state, table: Hand, unseen, early: int, left: int, splitter: int) -> Value:
        """The splitter's best split (T2); the chooser takes its better offer (T3)."""
        if not left:
            unseen, early = (), 0                       # nothing is drawn any more: share across pools
        state = reduce(state, context(((), ()), table, unseen, 5 * left))
        key = ("split", state, table, unseen, early, left, splitter)
        if key in self._memo:
            return self._memo[key]
        pick = max if splitter == 0 else min
        value = pick(self.choose(state, a, b, unseen, early, left, splitter) for a, b in splits(table))
        self._memo[key] = value
        return value

    def choose(self, state, small: Hand, large: Hand, unseen, early: int, left: int, splitter: int) -> Value:
        chooser = 1 - splitter
        pick = max if chooser == 0 else min
        return pick(self.phase(state, chooser, mine, 0, 0, theirs, unseen, early, left, splitter)
                    for mine, theirs in ((small, large), (large, small)))

    def round_end(self, state, unseen, early: int, left: int, splitter: int) -> Value:
        """The flag passes (R23); after the last round the ships score (E1, E3)."""
        if not left:
            return terminal(state[0])
        return self.draw(state, (), unseen, early, 1 - splitter)           # the final round (left is 1)

    # -- a placement phase, card by card ---------------------------------------------
    def phase(self, state, p: int, hand: Hand, boards: int, tortuga: int, other: Hand, unseen, early: int,
              left: int, splitter: int) -> Value | None:
        """P1-view value of `p` using `hand` then the rest of the game; None if a kept board fails (R18).

        `boards` is the mask of colours `p` keeps cards back to board at the end, `tortuga`
        whether a Tortuga waits to be played after the other cards (R33).
        """
        hands = (hand + (TO,) * tortuga, other) if p != splitter else (hand + (TO,) * tortuga, ())
        if p == 1:
            hands = (hands[1], hands[0])
        ctx = context(hands, (), unseen, 5 * left)
        state = reduce(state, ctx)
        key = ("phase", state, p, hand, boards, tortuga, other, unseen, early, left, splitter)
        if key in self._memo:
            return self._memo[key]
        if not left and p == splitter and not boards and not tortuga:
            value = last_phase(state, p, hand, self.kraken_optional, self.as_parrot)
        elif not hand:
            value = self._finish(state, p, boards, tortuga, other, unseen, early, left, splitter)
        else:
            value = self._cards(state, p, hand, boards, tortuga, other, unseen, early, left, splitter, ctx)
        self._memo[key] = value
        return value

    def _finish(self, state, p, boards, tortuga, other, unseen, early, left, splitter) -> Value | None:
        if tortuga:
            state = _tortuga(state, p)
        d = state[0]
        if any(boards >> k & 1 and SIGN[p] * d[k] <= 0 for k in range(4)):
            return None                                                  # R18: no captain there
        if p != splitter:
            return self.phase(state, splitter, other, 0, 0, (), unseen, early, left, splitter)
        return self.round_end(state, unseen, early, left, splitter)

    def _cards(self, state, p, hand, boards, tortuga, other, unseen, early, left, splitter, ctx) -> Value | None:
        order_matters = ctx[0][p] > 0                                     # own pile bottoms may be hit
        firsts = tuple(dict.fromkeys(hand)) if order_matters else hand[:1]
        best: Value | None = None
        sign = SIGN[p]
        for card in firsts:
            rest = _drop(hand, card)
            for gold, after, new_boards, new_tortuga in self._uses(state, p, card, boards, tortuga):
                v = self.phase(after, p, rest, new_boards, new_tortuga, other, unseen, early, left, splitter)
                if v is None:
                    continue
                v = v + sign * gold
                if best is None or sign * v > sign * best:
                    best = v
        return best

    def _uses(self, state, p: int, card: int, boards: int, tortuga: int):
        """Every use of one card: (gold, state after, boards kept, Tortuga waiting)."""
        if card < PIRATE:
            col, val = COLOUR[card], VALUE[card]
            yield 0, _add(state, p, col, (val, 0)), boards, tortuga                      # crew (R9)
            for ship in range(4):
                if ship != col:
                    yield 0, _add(state, p, ship, (1, val - 1)), boards, tortuga       # parrot (R11)
            yield val, state, boards | 1 << col, tortuga                                 # board (R18-R19)
            return
        if card == SK:
            for ship in range(4):
                yield 0, _add(state, p, ship, (3, 0)), boards, tortuga                 # R28
        elif card == KR:
            targets = [k for k in range(4) if state[1][1 - p][k]]
            for ship in targets:
                yield 0, _kraken(state, p, ship), boards, tortuga                      # R30
            if not targets or self.kraken_optional:
                yield 0, state, boards, tortuga                                          # R32, V5
        else:
            yield 0, state, boards, 1                                                    # R33 after the rest
        if self.as_parrot and card != SK:                                                # V4 (a Skeleton beats it)
            for ship in range(4):
                yield 0, _add(state, p, ship, (1, 0)), boards, tortuga
