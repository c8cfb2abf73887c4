"""Speed of the Jolly & Roger exact solver: seconds per position, positions per second, reach in 1 s.

Run: ``python benchmarks/jolly_and_roger_solver.py [--positions 3]``. It prints figures; it
asserts nothing. Positions come from seeded random-play games stopped at the last round's
split or draw (one round to solve) and at the seventh round's split or draw (two rounds),
in the basic game and with the special cards (V1). "positions/s" counts the reduced
positions the solver valued (table entries, batch points or memo entries) per second.

With the special cards, round 8 from its draw is valued for every start round 7's search
reaches at once (`specialbatch`); two rounds from round 7's split are timed on fewer
positions (minutes each). From round 7's draw the solver refuses (one search per possible
draw): that case is estimated as the round-7 draws (five-card multisets) times the mean time
from a split (no sharing counted), and the sampled answer there (`estimate`, 200 paired
samples of greedy play) is timed with its interval's half-width.
"""

from __future__ import annotations

import argparse
import random
import time

import explorer
from explorer.core.play import advance
from explorer.games.jolly_and_roger.solver import Solver, estimate
from explorer.games.jolly_and_roger.solver.special import draws

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


def round_7_draws(count: int) -> float:
    """Mean number of five-card multisets round 7 can draw (C3), over the benchmark's positions."""
    tables = 0
    for seed in range(count):
        before = position(SPECIAL, seed, at(7, "draw"))
        unseen = tuple(a + b for a, b in zip(before.pile, before.aside, strict=True))
        tables += sum(1 for _, w in draws(unseen, 5, before.early)[0] if w)
    return tables / count


def sampled_draw(count: int) -> tuple[float, float]:
    """Mean seconds and mean 95% half-width of `estimate` at round 7's draw with the special cards."""
    seconds = half = 0.0
    for seed in range(count):
        state = position(SPECIAL, seed, at(7, "draw"))
        start = time.perf_counter()
        (row,) = estimate(state, samples=200, seed=seed)
        seconds += time.perf_counter() - start
        half += (row["high"] - row["low"]) / 2
    return seconds / count, half / count


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
             ("special: two rounds from round 7's last card", SPECIAL, last_card, 2, "card"),
             ("special: two rounds from round 7's split", SPECIAL, at(7, "split"), 2, "split")]
    within: dict[tuple[str, str], int] = {}
    print(f"{'case':<48}{'s/position':>12}{'worst s':>10}{'positions/s':>14}")
    split_mean = 0.0
    for label, game, stop, rounds_, start in cases:
        slow = label == cases[-1][0]
        mean, worst, rate = measure(game, stop, min(n, 2) if slow else n)
        split_mean = mean if slow else split_mean
        print(f"{label:<48}{mean:>12.3f}{worst:>10.3f}{rate:>14,.0f}", flush=True)
        if mean <= 1.0:
            key = (label.split(":")[0], start)
            within[key] = max(within.get(key, 0), rounds_)
    tables = round_7_draws(min(n, 2))
    draw = "special: two rounds from round 7's draw (est.)"
    print(f"{draw:<48}{split_mean * tables:>12.0f}   ({tables:.0f} draws x the split's mean)", flush=True)
    took, half = sampled_draw(n)
    print(f"{'special: round 7 draw, sampled (200, estimate)':<48}{took:>12.3f}   (95% half-width {half:.2f} points)")
    for kind in ("basic", "special"):
        for start in ("split", "draw"):
            print(f"{kind}: whole rounds solved exactly within one second (mean) from a {start}: "
                  f"{within.get((kind, start), 0)}")


if __name__ == "__main__":
    main()
