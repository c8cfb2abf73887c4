"""Engine panel figures: seconds to the first verdict that covers every legal move (or every
outcome group), at a few decision nodes per game (the first decision, then after 25% and
60% of a game played by the evaluator, and its last decision), in the teacher's view and in
the mover's own view. Also how many games each move had in that first snapshot, and
whether it was solved exactly, once with the rollouts in the calling thread and once on
`--workers` processes (the pool's one-off start-up is timed apart). Target: within 1 s in
every game. It asserts nothing. The rollouts play on each game's evaluator kernel
(`Game.playout`); ``--model`` steps the model instead (the same games, as before the
kernels), for a comparison at the same load.

Run: ``python benchmarks/engine_panel.py [--games NAME ...] [--seed 4] [--workers 2] [--model]``.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import explorer
from explorer.analysis.rollouts import resolve_policy
from explorer.analysis.verdict import refine
from explorer.core.play import advance

GAMES = ["jolly_and_roger", "dead_mans_dice", "sjoroveroya", "last_bottle_of_rum", "pirate_rush"]


def positions(name: str, seed: int) -> list[tuple[str, object]]:
    """(label, decision state) at the start, 25 %, 60 % and the last decision of one game."""
    game = explorer.load(name)
    seats = dict.fromkeys(range(game.players), resolve_policy(game, game.evaluator()))
    state, rng, decisions = game.start(seed=seed), random.Random(seed), []
    while not state.is_over:
        if not state.is_chance:
            decisions.append(state)
        state = advance(state, rng, seats)
    n = len(decisions)
    return [("start", decisions[0]), ("25%", decisions[n // 4]), ("60%", decisions[(3 * n) // 5]),
            ("last", decisions[-1])]


def first_verdict(state, viewer, workers: int, kernel: bool) -> tuple[float, object]:
    started = time.perf_counter()
    v = next(refine(state, viewer, workers=workers, kernel=kernel))
    return time.perf_counter() - started, v


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=GAMES)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--model", action="store_true", help="step the model, not the evaluator's kernel")
    args = parser.parse_args()
    kernel = not args.model
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}, "
          f"rollouts: {'kernel' if kernel else 'model stepped'}")
    if args.workers:
        warm = time.perf_counter()
        next(refine(explorer.load("jolly_and_roger").start(seed=0), None, exact_limit=0, first_seconds=0.0,
                    workers=args.workers))
        print(f"process pool start-up and a first batch: {time.perf_counter() - warm:.2f} s")
    w = f"{args.workers} proc"
    print(f"{'game':20} {'node':6} {'view':8} {'moves':>5} {'here s':>7} {'games':>6} "
          f"{w + ' s':>9} {'games':>6} {'how':>8}")
    worst: dict[str, list[float]] = {}
    for name in args.games:
        for label, state in positions(name, args.seed):
            for view_name, viewer in (("teacher", None), ("mover", state.player)):
                here, v = first_verdict(state, viewer, 0, kernel)
                games = min((r.games for r in v.rows), default=0)
                try:
                    pooled, p = (first_verdict(state, viewer, args.workers, kernel) if args.workers
                                 else (float("nan"), v))
                    pgames = min((r.games for r in p.rows), default=0)
                except RuntimeError as err:     # a position the workers cannot load back
                    pooled, pgames = float("nan"), 0
                    print(f"  on processes: {err}")
                how = "exact" if v.exact else "sampled"
                worst.setdefault(name, [0.0, 0.0])
                worst[name] = [max(worst[name][0], here), max(worst[name][1], pooled)]
                print(f"{name:20} {label:6} {view_name:8} {len(v.rows):>5} {here:>7.2f} {games:>6} "
                      f"{pooled:>9.2f} {pgames:>6} {how:>8}", flush=True)
    if args.workers:
        print(f"worst first verdict per game (s, here / {w}): "
              + ", ".join(f"{k} {a:.2f} / {b:.2f}" for k, (a, b) in worst.items()))
    else:
        print("worst first verdict per game (s): " + ", ".join(f"{k} {a:.2f}" for k, (a, _) in worst.items()))
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
