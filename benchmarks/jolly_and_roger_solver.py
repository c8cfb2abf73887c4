"""Speed of the Jolly & Roger exact solver: positions/s and how many rounds it solves in 1 s.

Run: ``python benchmarks/jolly_and_roger_solver.py [--positions 5] [--two-rounds]``. It prints
figures; it asserts nothing. Positions are random-play games stopped at the last round's
draw (one round to solve) or at the seventh round's split (two rounds, slow: minutes).
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


def measure(round_: int, phase: str, count: int) -> tuple[float, float]:
    """Mean seconds per position and positions solved per second (fresh memo each time)."""
    seconds = solved = 0.0
    for seed in range(count):
        state = position(seed, round_, phase)
        solver = Solver()
        start = time.perf_counter()
        solver.value(state)
        seconds += time.perf_counter() - start
        solved += solver.positions
    return seconds / count, solved / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--two-rounds", action="store_true", help="also time two whole rounds (minutes)")
    args = parser.parse_args()
    cases = [("last round, from its split", 8, "split"), ("last round, from its draw", 8, "draw")]
    if args.two_rounds:
        cases.append(("last two rounds, from round 7's split", 7, "split"))
    within = 0
    print(f"{'case':<40}{'s/position':>12}{'positions/s':>14}")
    for label, round_, phase in cases:
        mean, rate = measure(round_, phase, 1 if round_ == 7 else args.positions)
        print(f"{label:<40}{mean:>12.3f}{rate:>14,.0f}", flush=True)
        if mean <= 1.0:
            within = max(within, 9 - round_)
    print(f"whole rounds solved exactly within one second (mean): {within}")


if __name__ == "__main__":
    main()
