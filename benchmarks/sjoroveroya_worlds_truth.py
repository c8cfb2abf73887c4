"""Is the true position among `hidden_worlds` for every player's view after a reshuffle (R26)?

Run: ``python benchmarks/sjoroveroya_worlds_truth.py [--players 3] [--seeds 6] [--limit 20000]``.
It plays seeded random games (chance with its odds, decisions uniformly), and at every position
after a reshuffle lists the worlds of each player's view. A view with more than `limit` worlds is
counted apart (`TooManyWorlds`). It prints the counts; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

import explorer
from explorer.core.errors import TooManyWorlds


def states(players: int, seed: int, steps: int) -> Iterator:
    """The positions of one seeded random game, up to `steps` steps."""
    game = explorer.load("sjoroveroya", players=players)
    state, rng = game.start(seed=seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        moves = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else moves[rng.randrange(len(moves))])
        yield state


def measure(players: int, seeds: int, limit: int, steps: int) -> dict[str, int]:
    found = views = too_many = 0
    for seed in range(seeds):
        for state in states(players, seed, steps):
            if state.reshuffled_from is None:
                continue
            for viewer in range(players):
                try:
                    worlds = {world for world, _ in state.game.hidden_worlds(state.view(viewer), limit=limit)}
                except TooManyWorlds:
                    too_many += 1
                    continue
                views += 1
                found += state in worlds
    return {"found": found, "views": views, "too_many": too_many}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--limit", type=int, default=20_000)
    parser.add_argument("--steps", type=int, default=2_000)
    args = parser.parse_args()
    for players in args.players:
        start = time.perf_counter()
        got = measure(players, args.seeds, args.limit, args.steps)
        print(f"{players} players, seeds 0-{args.seeds - 1}: truth among the worlds in {got['found']} of "
              f"{got['views']} views after a reshuffle; {got['too_many']} views had more than {args.limit} "
              f"worlds; {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
