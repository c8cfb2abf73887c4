"""Random-playout throughput of every game on one core: steps/s and games/s.

Run: ``python benchmarks/playouts.py [--seconds 5] [--games name ...]``. It prints figures;
it asserts nothing. A step is one applied action or chance outcome.
"""

from __future__ import annotations

import argparse
import random
import time

import explorer


def measure(name: str, players: int, seconds: float, options: dict) -> tuple[float, float, int]:
    game = explorer.load(name, players=players, **options)
    steps = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(seed)
        state = game.start(seed=seed)
        while not state.is_over:
            if state.is_chance:
                state = state._step(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state._step(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", nargs="*", default=list(explorer.games()))
    args = parser.parse_args()
    print(f"{'game':<22}{'players':>8}{'options':>34}{'steps/s':>12}{'games/s':>10}{'games':>8}")
    for name in args.games:
        cls = type(explorer.load(name))
        for players in range(cls.min_players, cls.max_players + 1):
            for options in BENCH_OPTIONS.get(name, [{}]):
                steps, games, n = measure(name, players, args.seconds, options)
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
                print(f"{name:<22}{players:>8}{label:>34}{steps:>12,.0f}{games:>10.2f}{n:>8}", flush=True)


# Option sets worth a figure of their own (the defaults are always measured).
BENCH_OPTIONS: dict[str, list[dict]] = {
    "sjoroveroya": [{}, {"variant": "children"}],
    "dead_mans_dice": [{}, {"broadside": "off"}],
    "last_bottle_of_rum": [{"turn_limit": 30}, {"turn_limit": 30, "hideout_trade_mode": "subset"},
                           {"turn_limit": 30, "bounty_hunt": True, "weather": True}],
    "pirate_rush": [{}, {"advanced": False}],
}


if __name__ == "__main__":
    main()
