"""Analysis figures for every game. It prints figures; it asserts nothing.

First, in one run: 1,000 rollouts per game from its mid-game position on 2 workers with
the game's evaluator (`Game.evaluator()`, the seats `rollouts` gives unnamed players) and
with uniformly random seats, seconds and steps per game for each. The evaluator plays the
default set-up; random play gets the length cap it needs where it would not end (below).
Where a game has a fast playout for the policy (`Game.playout`, the game's playout.py: the
model's own rules on one working copy), `rollouts` plays on it; the rest step the model.
The machine's load moves these figures a lot: note `uptime` with them.
With ``--scaling``: seconds per 1,000 random rollouts on 1 and 2 workers and the exact
chance distribution latency.

Run: ``python benchmarks/analysis.py [--games name ...] [--rollouts 1000] [--advance 60]
[--workers 2] [--scaling]``. A mid-game position is reached by seeded random play
(`--advance` steps from the start). Random two-player Sjørøverøya games last ~26k
steps on average (some far longer), so random play is measured with `turn_cap`.
"""

from __future__ import annotations

import argparse
import random
import time

import explorer
from explorer.analysis import chance_distribution, rollouts
from explorer.core.play import advance

# (players, options, rollouts): long random games get fewer rollouts, scaled to 1,000.
# Sjørøverøya under random play needs `turn_cap`: from a mid-game position a random
# game (2 or 3 players) can run past a million steps (the endgame is a random walk).
# Dead Man's Dice under uniformly random play never reaches the target (random broadsides
# sink every total), so its default games run to the 100-round guard: ~10k steps each;
# with `broadside=off` (V1) they end. Its random playouts run on its fast playout (playout.py),
# so both cases play the full 1,000. Random Rum captains never reach 10 Loot: `turn_limit`.
CASES: dict[str, list[tuple[int, dict, int]]] = {
    "sjoroveroya": [(2, {"turn_cap": 40}, 1000), (3, {"turn_cap": 40}, 1000), (4, {"turn_cap": 40}, 1000)],
    "dead_mans_dice": [(3, {}, 1000), (3, {"broadside": "off"}, 1000)],
    "last_bottle_of_rum": [(2, {"turn_limit": 30}, 1000)],
}


# The cap each game's random play needs to end (the evaluator's games end without one).
RANDOM_CAPS: dict[str, dict] = {"sjoroveroya": {"turn_cap": 40}, "last_bottle_of_rum": {"turn_limit": 30}}


def mid_game(game: explorer.Game, steps: int) -> explorer.State:
    state = advance(game.start(1), 1, steps=steps)
    while state.is_chance:
        state = advance(state, 2)
    return state


def chance_latency(game: explorer.Game, samples: int = 2000) -> tuple[float, int]:
    """Mean microseconds for the exact distribution at the chance nodes of random games."""
    rng = random.Random(0)
    nodes = []
    state = game.start(3)
    while len(nodes) < 200 and not state.is_over:
        state = advance(state, rng)
        if state.is_chance:
            nodes.append(state)
    if not nodes:
        return float("nan"), 0
    start = time.perf_counter()
    for k in range(samples):
        node = nodes[k % len(nodes)]
        chance_distribution(node)
    return (time.perf_counter() - start) / samples * 1e6, len(nodes)


def rum_two_attacks(repeats: int = 20) -> list[tuple[tuple[int, ...], float, int]]:
    """Milliseconds for the exact damage distribution of attacks sharing one bag (C2 + C3),
    each computed from nothing (the bag-draw cache cleared first)."""
    from explorer.games.last_bottle_of_rum.odds import _bag_draws, several_attacks

    rows = []
    for targets in ((0, 0), (2, 1), (4, 4)):
        start = time.perf_counter()
        for _ in range(repeats):
            _bag_draws.cache_clear()
            outcomes = len(several_attacks(targets))
        rows.append((targets, (time.perf_counter() - start) / repeats * 1000, outcomes))
    return rows


def timed_rollouts(state: explorer.State, n: int, workers: int) -> tuple[float, float]:
    start = time.perf_counter()
    result = rollouts(state, n, seed=1, policies="random", workers=workers, progress=False)
    return time.perf_counter() - start, result.mean_steps()


def evaluator_against_random(names: list[str], n: int, steps: int, workers: int) -> None:
    """Seconds for `n` rollouts from each game's mid-game position, evaluator seats and random."""
    print(f"{n} rollouts from a mid-game position on {workers} workers: the evaluator and random seats", flush=True)
    print(f"{'game':<20}{'seats':<15}{'set-up':<20}{'seconds':>9}{'steps/game':>11}{'games/s':>9}", flush=True)
    for name in names:
        for policies, options in (("evaluator", {}), ("random", RANDOM_CAPS.get(name, {}))):
            game = explorer.load(name, **options)
            state = mid_game(game, steps)
            seats = None if policies == "evaluator" else "random"
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            shown = game.evaluator() if seats is None else "random"
            start = time.perf_counter()
            try:
                result = rollouts(state, n, seed=1, policies=seats, workers=workers, progress=False,
                                  max_steps=200_000)
            except RuntimeError as err:
                print(f"{name:<20}{shown:<15}{label:<20}  did not end: {err}", flush=True)
                continue
            seconds = time.perf_counter() - start
            print(f"{name:<20}{shown:<15}{label:<20}{seconds:>9.2f}{result.mean_steps():>11.0f}"
                  f"{n / seconds:>9.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=list(explorer.games()))
    parser.add_argument("--rollouts", type=int, default=1000)
    parser.add_argument("--advance", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scaling", action="store_true", help="also time random rollouts on 1 and 2 workers")
    args = parser.parse_args()
    evaluator_against_random(args.games, args.rollouts, args.advance, args.workers)
    if not args.scaling:
        return
    if "last_bottle_of_rum" in args.games:
        for targets, ms, outcomes in rum_two_attacks():
            print(f"Rum: two attacks on ships holding {targets} tokens: {ms:.1f} ms ({outcomes} outcomes)")
    print(f"{'game':<14}{'players':>8}{'options':>16}{'steps/game':>11}{'1 worker s':>11}{'2 workers s':>12}"
          f"{'speed-up':>9}{'games/s':>9}{'chance µs':>10}", flush=True)
    for name in args.games:
        for players, options, n in CASES.get(name, [(explorer.load(name).players, {}, args.rollouts)]):
            game = explorer.load(name, players=players, **options)
            state = mid_game(game, args.advance)
            n = min(n, args.rollouts)
            one, steps = timed_rollouts(state, n, 1)
            two, _ = timed_rollouts(state, n, 2)
            one, two = one * 1000 / n, two * 1000 / n     # seconds per 1,000 rollouts
            latency, _ = chance_latency(game)
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            print(f"{name:<14}{players:>8}{label:>16}{steps:>11.0f}{one:>11.2f}{two:>12.2f}{one / two:>9.2f}"
                  f"{1000 / two:>9.1f}{latency:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
