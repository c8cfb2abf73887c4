"""OpenSpiel's expectiminimax against our exact Jolly & Roger solver on final-round positions.

Run: ``python benchmarks/openspiel_solver.py [--seeds 3]``. Seeded random games are played to
round 8 (R24); at its choose node and at the chooser's first placement both solvers value the
position (P1's final score minus P2's). It prints values and seconds and asserts nothing.
OpenSpiel walks every line of play through the adapter (``returns=score_difference``); our
solver merges equal positions and prunes dominated placements (solver notes).
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel
from open_spiel.python.algorithms.minimax import expectiminimax

import explorer
import explorer.adapters.openspiel  # registers python_<name>
from explorer.games.jolly_and_roger.solver import Solver


def final_round(seed: int, phase: str):
    """The first state of `phase` in round 8 of a seeded random game."""
    rng = random.Random(seed)
    state = explorer.load("jolly_and_roger").start(seed=seed)
    while not (state.round == 8 and state.phase == phase):
        legal = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))])
    return state


def timed(solve, state) -> tuple[float, float]:
    start = time.perf_counter()
    value = solve(state)
    return float(value), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    spiel = pyspiel.load_game("python_jolly_and_roger", {"returns": "score_difference"})
    ours = lambda s: Solver().value(s)                                             # noqa: E731
    theirs = lambda s: expectiminimax(spiel.state_at(s), 100, None, 0)[0]          # noqa: E731
    print(f"{'seed':>4} {'node':<8}{'cards':>6}{'ours':>8}{'s':>8}{'OpenSpiel':>11}{'s':>9}")
    for seed in range(1, args.seeds + 1):
        for phase in ("choose", "place"):
            state = final_round(seed, phase)
            cards = sum(map(len, state.hands)) or len(state.table)
            (a, ta), (b, tb) = timed(ours, state), timed(theirs, state)
            print(f"{seed:>4} {phase:<8}{cards:>6}{a:>8.2f}{ta:>8.3f}{b:>11.2f}{tb:>9.2f}", flush=True)


if __name__ == "__main__":
    main()
