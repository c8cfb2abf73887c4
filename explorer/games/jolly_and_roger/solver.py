"""Exact what-if solver for the basic game: expectiminimax over the remaining rounds.

The value of a position is the exact expected final score difference, P1 minus P2, when
both players play perfectly and every round's five cards are a uniform draw from the
cards neither player has seen (C3: the draw pile and the set-aside cards together).

Reduced state (solver notes): with no Kraken or Tortuga only strength *sums* matter, and
of those only the difference per ship (majority R14-R16, boarding R18 and scoring E3 all
read its sign), while chest gold adds up and never changes what can happen. So a round
is memoised on (4 differences, unseen multiset, rounds left, splitter). Differences are
clipped once no remaining card could change their sign. In one placement phase only the
final assignment matters (solver notes 4): a card goes to crew, parrot at a ship or the
chest, and a boarding is legal iff the player holds the ship after the phase's crew and
parrots; outcomes worse for the actor in every ship and in gold are pruned.

Earlier rounds reach the final round from many start differences: a first pass collects
them, `lastround.LastRound` solves each (unseen, splitter) batch at once, and a second pass
reads them back, so two rounds from round 7's split take seconds instead of minutes.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from .data import CARD_INDEX, SHIP_VALUE
from .lastround import LastRound
from .model import JollyState
from .rules import rounds

Diffs = tuple[int, int, int, int]
Hand = tuple[int, ...]                 # pirate card indices 0..19, sorted
COLOUR = tuple(i // 5 for i in range(20))
VALUE = tuple(i % 5 + 1 for i in range(20))


def supported(game: Any) -> bool:
    """The exact solver covers the basic game (no special cards)."""
    return not game.options["special_cards"]


def terminal(d: Diffs) -> int:
    """Ship points P1 minus P2 for the differences `d` (E3, A5: a tie scores nobody)."""
    return sum(v if x > 0 else -v if x < 0 else 0 for v, x in zip(SHIP_VALUE, d, strict=True))


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


def splits(table: Hand) -> list[tuple[Hand, Hand]]:
    """Distinct (small, large) splits of five cards (T2): 15 for five different cards."""
    seen: dict[Hand, Hand] = {}
    for size in (1, 2):
        for idx in combinations(range(len(table)), size):
            small = tuple(table[i] for i in idx)
            if small not in seen:
                seen[small] = tuple(c for i, c in enumerate(table) if i not in idx)
    return list(seen.items())


def _pareto(options: dict[Diffs, int]) -> tuple[tuple[Diffs, int], ...]:
    """Drop outcomes no better than another in every ship and in gold (more own strength never hurts)."""
    items = sorted(options.items(), key=lambda kv: -(kv[0][0] + kv[0][1] + kv[0][2] + kv[0][3] + kv[1]))
    kept: list[tuple[Diffs, int]] = []
    for e, g in items:
        a, b, c, d = e
        for (a2, b2, c2, d2), g2 in kept:
            if g2 >= g and a2 >= a and b2 >= b and c2 >= c and d2 >= d:
                break
        else:
            kept.append((e, g))
    return tuple(kept)


def _clip(d: Diffs, bound: int) -> Diffs:
    """A difference no remaining card can bring back to zero is as good as `bound` + 1."""
    cap = bound + 1
    return tuple(cap if x > cap else -cap if x < -cap else x for x in d)  # type: ignore[return-value]


class Solver:
    """Memoised expectiminimax; `positions` counts the reduced positions it has solved and stored."""

    def __init__(self, max_rounds: int = 2, prune: bool = True) -> None:
        self.max_rounds = max_rounds
        self.prune = prune
        self._rounds: dict[tuple, Fraction] = {}
        self._place: dict[tuple, tuple] = {}
        self._hands: dict[Hand, tuple] = {}
        self._bounds: dict[tuple, int] = {}
        self._phase: dict[tuple, Fraction | int] = {}
        self._reach: dict[Hand, Diffs] = {}
        self._caps: dict[tuple, list[int]] = {}
        self._collect: dict[tuple, set[Diffs]] | None = None
        self._last = LastRound(self._adds, self.reach, draws, splits)

    @property
    def positions(self) -> int:
        return len(self._rounds) + len(self._phase)

    # -- one placement phase ---------------------------------------------------------
    def _adds(self, hand: Hand) -> tuple[tuple[Diffs, int, int], ...]:
        """Every (strength added per ship, boarded-colour mask, gold) for using `hand` (R9, R11, R19)."""
        found = self._hands.get(hand)
        if found is not None:
            return found
        states: dict[tuple, int] = {((0, 0, 0, 0), 0): 0}
        for card in hand:
            col, val = COLOUR[card], VALUE[card]
            nxt: dict[tuple, int] = {}
            for (add, mask), g in states.items():
                for ship, plus in ((col, val), (0, 1), (1, 1), (2, 1), (3, 1)):    # crew, 4 parrots
                    a = list(add)
                    a[ship] += plus
                    k = (tuple(a), mask)
                    if nxt.get(k, -1) < g:
                        nxt[k] = g
                k = (add, mask | 1 << col)                                         # board
                if nxt.get(k, -1) < g + val:
                    nxt[k] = g + val
            states = nxt
        found = tuple((add, mask, g) for (add, mask), g in states.items())
        self._hands[hand] = found
        return found

    def placements(self, hand: Hand, e: Diffs, after: int) -> tuple[tuple[Diffs, int], ...]:
        """Final (own-view differences, gold) of every way to use `hand` from own-view `e` (R9-R20).

        `after` bounds the strength anyone can still add after this phase: differences beyond
        it are clipped, and outcomes worse in every ship and in gold are dropped.
        """
        key = (hand, e, after)
        found = self._place.get(key)
        if found is not None:
            return found
        cap = after + 1
        e0, e1, e2, e3 = e
        results: dict[Diffs, int] = {}
        for (a0, a1, a2, a3), mask, g in self._adds(hand):
            n0, n1, n2, n3 = e0 + a0, e1 + a1, e2 + a2, e3 + a3
            if mask and ((mask & 1 and n0 <= 0) or (mask & 2 and n1 <= 0) or (mask & 4 and n2 <= 0)
                         or (mask & 8 and n3 <= 0)):
                continue                                                        # R18: no captain there
            new = (cap if n0 > cap else -cap if n0 < -cap else n0, cap if n1 > cap else -cap if n1 < -cap else n1,
                   cap if n2 > cap else -cap if n2 < -cap else n2, cap if n3 > cap else -cap if n3 < -cap else n3)
            if results.get(new, -1) < g:
                results[new] = g
        found = _pareto(results) if self.prune and after else tuple(results.items())
        self._place[key] = found
        return found

    def _best(self, player: int, hand: Hand, d: Diffs, after: int, then) -> Fraction | int:
        """P1-view value when `player` uses `hand` at P1-view `d` and `then(d')` values the rest."""
        sign = 1 if player == 0 else -1
        e = d if player == 0 else (-d[0], -d[1], -d[2], -d[3])
        best = None
        for e2, g in self.placements(hand, e, after):
            d2 = e2 if player == 0 else (-e2[0], -e2[1], -e2[2], -e2[3])
            v = sign * g + then(d2)
            if best is None or sign * v > sign * best:
                best = v
        return best

    # -- one round -------------------------------------------------------------------
    def reach(self, hand: Hand) -> Diffs:
        """The most strength `hand` can add to each ship: crew at its colour, parrots elsewhere."""
        found = self._reach.get(hand)
        if found is None:
            found = tuple(sum(VALUE[c] if COLOUR[c] == k else 1 for c in hand) for k in range(4))
            self._reach[hand] = found
        return found

    def _own_clip(self, d: Diffs, player: int, hand: Hand, after: int) -> Diffs:
        """Own-view differences, clipped to the range where they can still matter (sign only)."""
        reach = self.reach(hand)
        e = d if player == 0 else (-d[0], -d[1], -d[2], -d[3])
        hi = after + 1
        return tuple(hi if x > hi else -r - hi if x < -r - hi else x for x, r in zip(e, reach, strict=True))

    def phase_value(self, player: int, d: Diffs, hand: Hand, after: int, then, key: tuple):
        """Memoised `_best` on the clipped own-view differences."""
        e = self._own_clip(d, player, hand, after)
        full = (player, e, hand, after, *key)
        found = self._phase.get(full)
        if found is None:
            d = e if player == 0 else (-e[0], -e[1], -e[2], -e[3])
            found = self._best(player, hand, d, after, then)
            self._phase[full] = found
        return found

    def splitter_phase(self, d: Diffs, hand: Hand, unseen: tuple[int, ...], left: int, splitter: int):
        return self.phase_value(splitter, d, hand, self.bound(unseen, left),
                                lambda d2: self.rounds_value(d2, unseen, left, 1 - splitter),
                                (unseen, left, splitter) if left else ())

    def chooser_phase(self, d: Diffs, mine: Hand, theirs: Hand, unseen, left: int, splitter: int):
        after = self.bound(unseen, left) + sum(VALUE[c] for c in theirs)
        return self.phase_value(1 - splitter, d, mine, after,
                                lambda d2: self.splitter_phase(d2, theirs, unseen, left, splitter),
                                (theirs, unseen, left, splitter) if left else (theirs,))

    def choice_values(self, d, small: Hand, large: Hand, unseen, left, splitter) -> tuple:
        """P1-view values of the chooser taking `small` and taking `large` (T3)."""
        return (self.chooser_phase(d, small, large, unseen, left, splitter),
                self.chooser_phase(d, large, small, unseen, left, splitter))

    def choose_value(self, d, small, large, unseen, left, splitter):
        a, b = self.choice_values(d, small, large, unseen, left, splitter)
        return max(a, b) if splitter == 1 else min(a, b)           # the chooser is the other player

    def split_value(self, d, table: Hand, unseen, left, splitter):
        values = [self.choose_value(d, s, lg, unseen, left, splitter) for s, lg in splits(table)]
        return max(values) if splitter == 0 else min(values)

    def rounds_value(self, d: Diffs, unseen: tuple[int, ...], left: int, splitter: int) -> Fraction | int:
        """Future score difference with `left` whole rounds to go, before the draw (C3)."""
        if left == 0:
            return terminal(d)
        d = self._round_clip(d, unseen, left)
        key = (d, unseen, left, splitter)
        found = self._rounds.get(key)
        if found is None:
            if left == 1 and self._collect is not None:       # first pass: only note the final round's starts
                self._collect.setdefault((unseen, splitter), set()).add(d)
                return 0
            found = self._expect(d, (), unseen, left - 1, splitter)
            self._rounds[key] = found
        return found

    def _final_rounds(self, solve) -> None:
        """Run `solve` once to collect every final-round start it reaches, then solve them in batches."""
        kept, self._phase, self._collect = self._phase, {}, {}
        try:
            solve()
            for (unseen, splitter), ds in self._collect.items():
                ds = sorted(ds)
                for d, v in zip(ds, self._last.values(ds, unseen, splitter), strict=True):
                    self._rounds[(d, unseen, 1, splitter)] = v
        finally:
            self._phase, self._collect = kept, None

    def _expect(self, d, table: Hand, unseen, left, splitter) -> Fraction:
        """Expected value over the cards still to draw this round, then the split."""
        k = 5 - len(table)
        total = Fraction(0)
        for drawn, w in draws(unseen, k):
            rest = list(unseen)
            for c in drawn:
                rest[c] -= 1
            full = tuple(sorted(table + drawn))
            total += w * self.split_value(d, full, tuple(rest), left, splitter)
        return total / comb(sum(unseen), k)

    def _round_clip(self, d: Diffs, unseen: tuple[int, ...], left: int) -> Diffs:
        """Clip each ship's difference beyond what one player's cards could still add there."""
        key = (unseen, left)
        caps = self._caps.get(key)
        if caps is None:
            caps = []
            for k in range(4):
                worth = sorted((VALUE[i] if COLOUR[i] == k else 1 for i, n in enumerate(unseen) for _ in range(n)),
                               reverse=True)
                caps.append(sum(worth[:4 * left]) + 1)     # a player gets at most 4 of the 5 cards a round
            self._caps[key] = caps
        return tuple(c if x > c else -c if x < -c else x for x, c in zip(d, caps, strict=True))

    def bound(self, unseen: tuple[int, ...], left: int) -> int:
        """The most strength that can still come into play in `left` more rounds."""
        key = (unseen, left)
        found = self._bounds.get(key)
        if found is None:
            values = sorted((VALUE[i] for i, n in enumerate(unseen) for _ in range(n)), reverse=True)
            found = self._bounds[key] = sum(values[:5 * left])
        return found

    # -- from a game state -----------------------------------------------------------
    def value(self, state: JollyState) -> Fraction:
        """Exact expected final score difference (P1 - P2) under perfect play from `state`."""
        return Fraction(state.gold(0) - state.gold(1)) + self._future(state)

    def _future(self, s: JollyState) -> Fraction | int:
        if not supported(s.game):
            raise ValueError("the exact solver covers the basic game; use estimate() with special cards")
        if s.phase in ("setup", "start"):
            raise ValueError("the solver starts once setup is over (round 1 draw)")
        d = tuple(a - b for a, b in zip(*s.strengths, strict=True))
        if s.is_over:
            return terminal(d)
        left = rounds(s.game) - s.round
        if left + 1 > self.max_rounds:
            raise ValueError(f"{left + 1} rounds to go; this solver reaches {self.max_rounds} (raise max_rounds "
                             "or use estimate())")
        unseen = tuple(a + b for a, b in zip(s.pile[:20], s.aside[:20], strict=True))
        if left:
            self._final_rounds(lambda: self._solve(s, d, unseen, left))
        return self._solve(s, d, unseen, left)

    def _solve(self, s: JollyState, d: Diffs, unseen: tuple[int, ...], left: int) -> Fraction | int:
        idx = CARD_INDEX.__getitem__
        if s.phase == "draw":
            return self._expect(d, tuple(sorted(map(idx, s.table))), unseen, left, s.splitter)
        if s.phase == "split":
            return self.split_value(d, tuple(sorted(map(idx, s.table))), unseen, left, s.splitter)
        if s.phase == "choose":
            small, large = (tuple(map(idx, o)) for o in s.offers)
            return self.choose_value(d, small, large, unseen, left, s.splitter)
        hands = [tuple(map(idx, h)) for h in s.hands]
        if s.to_move == s.splitter:
            return self.splitter_phase(d, hands[s.splitter], unseen, left, s.splitter)
        return self.chooser_phase(d, hands[1 - s.splitter], hands[s.splitter], unseen, left, s.splitter)

    def candidates(self, state: JollyState) -> list[tuple[Any, Fraction]]:
        """Every legal action at a decision node with the exact value (P1 - P2) after it."""
        return [(a, self.value(state._step(a))) for a in state.legal_actions()]

    def split_table(self, state: JollyState) -> list[dict[str, Any]]:
        """For a split node: every split, the value if the chooser takes either offer, and the result."""
        rows = []
        for action in state.legal_actions():
            after = state._step(action)
            take_small, take_large = (self.value(after._step(t)) for t in after.legal_actions())
            chooser_best = min if state.splitter == 0 else max
            rows.append({"split": action, "take_small": take_small, "take_large": take_large,
                         "value": chooser_best(take_small, take_large)})
        return rows


def best(rows: list[tuple[Any, Fraction]], player: int) -> tuple[Any, Fraction]:
    """The candidate best for `player` (P1 maximises the difference, P2 minimises it)."""
    return max(rows, key=lambda r: r[1]) if player == 0 else min(rows, key=lambda r: r[1])





def estimate(state: JollyState, samples: int = 200, seed: int = 0, policy: Any = None) -> list[dict[str, Any]]:
    """Sampled answer for trees too large to solve: every legal action's mean final score
    difference (P1 - P2) with a 95% confidence interval.

    Each sample fills in the hidden cards from the actor's view (`sample_state`), applies the
    action and plays on with `policy` (greedy by default) for both seats.
    """
    import random
    from math import sqrt

    from explorer.core.play import playout

    from .policies import Greedy

    rng = random.Random(seed)
    game = state.game
    bot = policy or Greedy(game)
    view = state.view(state.player)
    rows = []
    for action in state.legal_actions():
        diffs = []
        for _ in range(samples):
            start = game.sample_state(view, rng)._step(action)
            a, b = playout(start, rng, (bot, bot)).scores()
            diffs.append(a - b)
        mean = sum(diffs) / samples
        spread = sqrt(sum((x - mean) ** 2 for x in diffs) / max(1, samples - 1)) * 1.96 / sqrt(samples)
        rows.append({"action": action, "mean": mean, "low": mean - spread, "high": mean + spread, "n": samples})
    return rows
