"""Exact what-if solver: expectiminimax over the last two rounds.

The value of a position is the exact expected final score difference, P1 minus P2, when
both players play perfectly and every round's five cards are a uniform draw from the
cards neither player has seen (C3: the draw pile and the set-aside cards together).

Basic game. Reduced state (solver notes 4): with no Kraken or Tortuga only the strength
difference per ship matters, and only through its sign (majority R14-R16, boarding R18,
scoring E3); chest gold adds up and changes nothing else. In one placement phase only the
final assignment of the cards matters. The final round is valued by `lastround` (integer
tables over the differences, built card by card), the round before it by `tworounds`,
which crosses both players' placements and values each final-round draw once for every
case that reaches it, so two rounds from round 7's draw take seconds.

Special cards (V1): `specialsolver.SpecialSolver`, memoised on a reduced state extended with
what Kraken and Tortuga can still use (see `special`); the final round from its draw is valued
for every start the search reaches at once (`specialbatch`), so two rounds from round 7's
split take minutes at most.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import Any

from explorer.core.extras import missing

try:
    import numpy as np
except ImportError as err:  # the solver's extra
    raise missing(err, "solver") from err

from explorer.core.errors import worker_count
from explorer.core.play import playout
from explorer.core.stats import derive_seed, mean_interval

from ..data import CARD_INDEX, SHIP_VALUE
from ..model import JollyState
from ..rules import rounds
from .hands import Diffs, draws, minus, splits
from .lastround import LastRound
from .specialsolver import SpecialSolver
from .tworounds import Case, TwoRounds

REACH = 2          # whole rounds the exact solver covers


def supported(game: Any) -> bool:
    """The exact solver covers the basic game and the special-cards game (V1)."""
    return True


def terminal(d: Diffs) -> int:
    """Ship points P1 minus P2 for the differences `d` (E3, A5: a tie scores nobody)."""
    return sum(v if x > 0 else -v if x < 0 else 0 for v, x in zip(SHIP_VALUE, d, strict=True))


def cases(s: JollyState, unseen: tuple[int, ...]) -> tuple[list[Case], int]:
    """The rest of the current round as weighted cases, and the number of equally likely draws."""
    idx = CARD_INDEX.__getitem__
    if s.phase in ("draw", "split"):
        table = tuple(sorted(map(idx, s.table)))
        k = 5 - len(table)
        found = []
        for drawn, w in draws(unseen, k):
            full = tuple(sorted(table + drawn))
            found.append((w, [[(a, b), (b, a)] for a, b in splits(full)], minus(unseen, drawn)))
        return found, comb(sum(unseen), k)
    if s.phase == "choose":
        small, large = (tuple(map(idx, o)) for o in s.offers)
        return [(1, [[(small, large), (large, small)]], unseen)], 1
    hands = [tuple(map(idx, h)) for h in s.hands]
    mine = () if s.to_move == s.splitter else hands[1 - s.splitter]
    return [(1, [[(mine, hands[s.splitter])]], unseen)], 1


class Solver:
    """Exact values within the last `max_rounds` (at most two) whole rounds; tables are kept between calls.

    `positions` counts the reduced positions valued so far (table entries and batch points).
    `workers` (default: every core) are the processes the special-cards game's final-round
    tables are shared out to when there are many; the values do not depend on it.
    """

    def __init__(self, max_rounds: int = REACH, workers: int | None = None) -> None:
        if not 1 <= max_rounds <= REACH:
            raise ValueError(f"max_rounds must be 1..{REACH}: the exact solver covers the last {REACH} rounds")
        self.max_rounds = max_rounds
        self.workers = worker_count(workers)
        self.last = LastRound()
        self.two = TwoRounds(self.last)
        self._special: dict[tuple, Any] = {}

    @property
    def positions(self) -> int:
        special = sum(found.positions for found in self._special.values())
        return self.last.positions + self.two.positions + special

    # -- from a game state -----------------------------------------------------------
    def value(self, state: JollyState) -> Fraction:
        """Exact expected final score difference (P1 - P2) under perfect play from `state`."""
        gold = Fraction(state.gold(0) - state.gold(1))
        if state.game.options["special_cards"]:
            return gold + self._special_solver(state.game).future(state)
        return gold + self._future(state)

    def _special_solver(self, game: Any) -> Any:
        key = (game.options["kraken_optional"], game.options["specials_as_parrot"])
        found = self._special.get(key)
        if found is None:
            found = self._special[key] = SpecialSolver(game, self.max_rounds, self.workers)
        return found

    def _future(self, s: JollyState) -> Fraction:
        if s.phase in ("setup", "start"):
            raise ValueError("the solver starts once setup is over (round 1 draw)")
        d = tuple(a - b for a, b in zip(*s.strengths, strict=True))
        if s.is_over:
            return Fraction(terminal(d))
        left = rounds(s.game) - s.round
        if left + 1 > self.max_rounds:
            raise ValueError(f"{left + 1} rounds to go; this solver reaches {self.max_rounds} (use estimate())")
        unseen = tuple(a + b for a, b in zip(s.pile[:20], s.aside[:20], strict=True))
        found, count = cases(s, unseen)
        if left:
            total, den = self.two.value(d, found, s.splitter)
            return Fraction(total, den * count)
        e = np.array([d], dtype=np.int64) * (1 if s.splitter == 0 else -1)       # the splitter's view
        total = 0
        for w, options, _ in found:
            worst = min(max(int(self.last.chooser(-e, mine, theirs)[0]) for mine, theirs in choices)
                        for choices in options)
            total += w * (-worst if s.splitter == 0 else worst)
        return Fraction(total, count)

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
    """Sampled answer where the exact solver does not reach: every legal action's mean final score
    difference (P1 - P2) with a 95% confidence interval; at a draw (a chance node) one row for
    the position itself, with action None.

    Sample i fills in the hidden cards from the actor's view (`sample_state`; the public view at
    a draw), applies the action and plays on with `policy` (greedy by default) for both seats.
    It is driven by the same seed for every action (common random numbers), so the rows are
    paired: their difference is sharper than their separate intervals suggest.
    """
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    if state.is_over:
        raise ValueError("the game is over: its final score difference is exact (scores())")
    game = state.game
    bot = policy or game.policies()["rule_of_thumb"](game)
    view = state.view(state.player)
    rows = []
    for action in (None,) if state.is_chance else state.legal_actions():
        diffs = []
        for i in range(samples):
            rng = random.Random(derive_seed(seed, i))
            start = game.sample_state(view, rng)
            a, b = playout(start if action is None else start._step(action), rng, (bot, bot)).scores()
            diffs.append(a - b)
        mean, low, high = mean_interval(diffs)
        rows.append({"action": action, "mean": mean, "low": low, "high": high, "n": samples})
    return rows
