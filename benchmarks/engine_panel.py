"""Engine panel figures: seconds to the first verdict that covers every legal move (or every
outcome group), at a few decision nodes per game (the first decision, then after 25% and
60% of a game played by the evaluator, and its last decision), in the teacher's view and in
the mover's own view. Also how many games each move had in that first snapshot, and
whether it was solved exactly. Target: within 1 s in every game. It asserts nothing.

Run: ``python benchmarks/engine_panel.py [--games NAME ...] [--seed 4]``.
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


def first_verdict(state, viewer) -> tuple[float, object]:
    started = time.perf_counter()
    v = next(refine(state, viewer))
    return time.perf_counter() - started, v


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=GAMES)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    print(f"{'game':20} {'node':6} {'view':8} {'moves':>5} {'first s':>8} {'games/move':>10} {'how':>8}")
    worst: dict[str, float] = {}
    for name in args.games:
        for label, state in positions(name, args.seed):
            for view_name, viewer in (("teacher", None), ("mover", state.player)):
                seconds, v = first_verdict(state, viewer)
                games = min((r.games for r in v.rows), default=0)
                how = "exact" if v.exact else "sampled"
                worst[name] = max(worst.get(name, 0.0), seconds)
                print(f"{name:20} {label:6} {view_name:8} {len(v.rows):>5} {seconds:>8.2f} {games:>10} {how:>8}",
                      flush=True)
    print("worst first verdict per game (s): " + ", ".join(f"{k} {v:.2f}" for k, v in worst.items()))


if __name__ == "__main__":
    main()
