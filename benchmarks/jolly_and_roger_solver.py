"""Speed of the Jolly & Roger exact solver: positions/s and how many rounds it solves in 1 s and 10 s.

Run: ``python benchmarks/jolly_and_roger_solver.py [--positions 5] [--draw]``. It prints
figures; it asserts nothing. Positions are random-play games stopped at the last round's
split or draw (one round to solve) and at the seventh round's split (two rounds); ``--draw``
adds round 7's draw (two rounds before the draw: many tables, slow).
"""

from __future__ import annotations

import argparse
import random
import time

import explorer
from explorer.core.play import advance
from explorer.games.jolly_and_roger.solver import Solver


def position(seed: int, round_: int, phase: str):
    game = explorer.load("jolly_and_roger")
    rng = random.Random(seed)
    state = game.start(seed=seed)
    while not (state.round == round_ and state.phase == phase):
        state = advance(state, rng, steps=1)
    return state


def measure(round_: int, phase: str, count: int) -> tuple[float, float, float]:
    """Mean and worst seconds per position, and reduced positions solved per second (fresh memo each)."""
    seconds = solved = worst = 0.0
    for seed in range(count):
        state = position(seed, round_, phase)
        solver = Solver()
        start = time.perf_counter()
        solver.value(state)
        took = time.perf_counter() - start
        seconds, worst, solved = seconds + took, max(worst, took), solved + solver.positions
    return seconds / count, worst, solved / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--draw", action="store_true", help="also time two rounds from round 7's draw")
    args = parser.parse_args()
    cases = [("last round, from its split", 8, "split", 1), ("last round, from its draw", 8, "draw", 1),
             ("last two rounds, from round 7's split", 7, "split", 2)]
    if args.draw:
        cases.append(("last two rounds, from round 7's draw", 7, "draw", 2))
    within = {1.0: 0, 10.0: 0}
    print(f"{'case':<40}{'s/position':>12}{'worst s':>10}{'positions/s':>14}")
    for label, round_, phase, whole in cases:
        mean, worst, rate = measure(round_, phase, args.positions)
        print(f"{label:<40}{mean:>12.3f}{worst:>10.3f}{rate:>14,.0f}", flush=True)
        for limit in within:
            if mean <= limit:
                within[limit] = max(within[limit], whole)
    print(f"whole rounds solved exactly within one second (mean): {within[1.0]}")
    print(f"whole rounds solved exactly within ten seconds (mean): {within[10.0]}")


if __name__ == "__main__":
    main()
