"""The Last Bottle of Rum's evaluator kernel in one process: CPU ms per game and µs per step.

The figure behind `analysis.py`'s evaluator rollouts without the workers and the machine's
load: `thumb_playout` from the same mid-game position (`analysis.mid_game`), timed with
`time.process_time`, best of ``--repeats`` runs (CPU time still moves with the load, less
than wall time). With ``--profile``: the functions with the most own time, from cProfile.
It prints figures; it asserts nothing.

Run: ``python benchmarks/rum_kernel.py [--games 300] [--repeats 5] [--advance 60] [--profile]``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from analysis import mid_game  # benchmarks/ is the script's own folder

import explorer
from explorer.games.last_bottle_of_rum.playout import thumb_playout


def play(state: explorer.State, games: int) -> int:
    """Steps of `games` seeded evaluator playouts (one generator, as a rollout chunk uses)."""
    rng = random.Random(1)
    return sum(thumb_playout(state, rng, 200_000).steps for _ in range(games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--advance", type=int, default=60)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    state = mid_game(explorer.load("last_bottle_of_rum"), args.advance)
    best, steps = float("inf"), 0
    for _ in range(args.repeats):
        start = time.process_time()
        steps = play(state, args.games)
        best = min(best, time.process_time() - start)
    print(f"{args.games} evaluator playouts, best of {args.repeats}: {best:.2f} s CPU, "
          f"{best / args.games * 1e3:.2f} ms/game, {best / steps * 1e6:.1f} µs/step, "
          f"{steps / args.games:.0f} steps/game")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(play, state, args.games)
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main()
