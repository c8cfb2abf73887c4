"""Speed of the Jolly & Roger exact solver: seconds per position, positions per second, reach in 1 s.

Run: ``python benchmarks/jolly_and_roger_solver.py [--positions 3]``. It prints figures; it
asserts nothing. Positions come from seeded random-play games stopped at the last round's
split or draw (one round to solve) and at the seventh round's split or draw (two rounds),
in the basic game and with the special cards (V1). "positions/s" counts the reduced
positions the solver valued (table entries, batch points or memo entries) per second.

The special-cards search has no batched final round: two rounds from round 7's split or
draw are not timed but estimated (the distinct round-8 starts round 7 reaches, times the
mean time to solve round 8 from one of them); round 7's last card is timed instead.
"""

from __future__ import annotations

import argparse
import random
import time

import explorer
from explorer.core.play import advance
from explorer.games.jolly_and_roger.solver import Solver
from explorer.games.jolly_and_roger.special import context, draws, reduce
from explorer.games.jolly_and_roger.specialsolver import SpecialSolver

BASIC = explorer.load("jolly_and_roger")
SPECIAL = explorer.load("jolly_and_roger", special_cards=True)


def position(game, seed: int, stop):
    rng = random.Random(seed)
    state = game.start(seed=seed)
    while not stop(state):
        state = advance(state, rng, steps=1)
    return state


def at(round_: int, phase: str):
    return lambda s: s.round == round_ and s.phase == phase


def last_card(s) -> bool:
    return s.round == 7 and s.phase == "place" and s.to_move == s.splitter and len(s.hands[s.splitter]) == 1


def measure(game, stop, count: int) -> tuple[float, float, float]:
    """Mean and worst seconds per position, and reduced positions valued per second (fresh solver each)."""
    seconds = solved = worst = 0.0
    for seed in range(count):
        state = position(game, seed, stop)
        solver = Solver()
        start = time.perf_counter()
        solver.value(state)
        took = time.perf_counter() - start
        seconds, worst, solved = seconds + took, max(worst, took), solved + solver.positions
    return seconds / count, worst, solved / seconds


class _Starts(SpecialSolver):
    """Round 7's search with the last round's draw left out: collects the distinct round-8 starts."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.starts: set = set()

    def draw(self, state, table, unseen, early, left, splitter):
        if left == 0 and not table:
            self.starts.add((reduce(state, context(((), ()), (), unseen, 5)), unseen, early, splitter))
            return 0
        return super().draw(state, table, unseen, early, left, splitter)


def special_two_round_estimate(count: int, sample: int = 2) -> tuple[float, int, float, float]:
    """Two special rounds from round 7's split, estimated: (seconds, distinct round-8 starts, seconds to
    solve round 8 from one of them, round-7 draws from round 7's draw). Round 7's own search is timed;
    round 8 is timed from `sample` of the starts and scaled by their number (memo sharing ignored)."""
    total = starts = per = tables = 0.0
    for seed in range(count):
        state = position(SPECIAL, seed, at(7, "split"))
        search = _Starts(SPECIAL)
        begin = time.perf_counter()
        search.future(state)
        first = time.perf_counter() - begin
        solver = SpecialSolver(SPECIAL)
        picked = sorted(search.starts, key=repr)[:sample]
        begin = time.perf_counter()
        for st, unseen, early, splitter in picked:
            solver.draw(st, (), unseen, early, 0, splitter)
        each = (time.perf_counter() - begin) / max(1, len(picked))
        total, starts, per = total + first + each * len(search.starts), starts + len(search.starts), per + each
        before = position(SPECIAL, seed, at(7, "draw"))
        unseen = tuple(a + b for a, b in zip(before.pile, before.aside, strict=True))
        tables += sum(1 for _ in draws(unseen, 5, before.early)[0])
    return total / count, round(starts / count), per / count, tables / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=3)
    args = parser.parse_args()
    n = args.positions
    cases = [("basic: last round from its split", BASIC, at(8, "split"), 1, "split"),
             ("basic: last round from its draw", BASIC, at(8, "draw"), 1, "draw"),
             ("basic: last two rounds from round 7's split", BASIC, at(7, "split"), 2, "split"),
             ("basic: last two rounds from round 7's draw", BASIC, at(7, "draw"), 2, "draw"),
             ("special: last round from its split", SPECIAL, at(8, "split"), 1, "split"),
             ("special: last round from its draw", SPECIAL, at(8, "draw"), 1, "draw"),
             ("special: two rounds from round 7's last card", SPECIAL, last_card, 2, "card")]
    within: dict[tuple[str, str], int] = {}
    print(f"{'case':<48}{'s/position':>12}{'worst s':>10}{'positions/s':>14}")
    for label, game, stop, rounds_, start in cases:
        mean, worst, rate = measure(game, stop, n)
        print(f"{label:<48}{mean:>12.3f}{worst:>10.3f}{rate:>14,.0f}", flush=True)
        if mean <= 1.0:
            key = (label.split(":")[0], start)
            within[key] = max(within.get(key, 0), rounds_)
    seconds, starts, each, tables = special_two_round_estimate(min(n, 2))
    split, draw = "special: two rounds from round 7's split (est.)", "special: two rounds from round 7's draw (est.)"
    print(f"{split:<48}{seconds:>12.0f}   ({starts} round-8 starts x {each:.1f} s each, memo sharing ignored)")
    print(f"{draw:<48}{seconds * tables:>12.0f}   ({tables:.0f} draws x the split's estimate)", flush=True)
    for kind in ("basic", "special"):
        for start in ("split", "draw"):
            print(f"{kind}: whole rounds solved exactly within one second (mean) from a {start}: "
                  f"{within.get((kind, start), 0)}")


if __name__ == "__main__":
    main()
