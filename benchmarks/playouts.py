"""Random-playout throughput of every game on one core: steps/s and games/s.

Run: ``python benchmarks/playouts.py [--seconds 5] [--games name ...] [--evaluator]``. It prints
figures; it asserts nothing. A step is one applied action or chance outcome. Uniformly random
play can stall in some games (e.g. Sjørøverøya's two-pieces-left endgame), so a game still
running after 100,000 steps is abandoned and counted in its own column. The set-up's chance
steps that `Game.start` resolves are steps too, and are counted. Each figure is also given
as a multiple of a frozen-dataclass Pig's steps/s measured in the same run (``x Pig``). With ``--evaluator``:
games/s of the evaluator (`Game.evaluator()`) from the start on the game's fast playout
(`Game.playout`: playout.py, the model's own rules on one working copy) and through the model.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import explorer
from explorer.core.trail import length

sys.path.insert(0, str(Path(__file__).parent))

GUARD = 100_000   # steps after which a random game is abandoned (counted as unfinished)


def measure(name: str, players: int, seconds: float, options: dict) -> tuple[float, float, int, int]:
    """(steps/s, finished games/s, finished games, abandoned games) of uniformly random play."""
    game = explorer.load(name, players=players, **options)
    steps = games = abandoned = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(seed)
        state = game.start(seed=seed)
        played = length(state._trail)     # the set-up's chance steps `start` resolved
        while not state.is_over and played < GUARD:
            if state.is_chance:
                state = state._step(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state._step(legal[rng.randrange(len(legal))])
            played += 1
        steps += played
        games += state.is_over
        abandoned += not state.is_over
        seed += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, games, abandoned


def evaluator_speed(name: str, seconds: float) -> tuple[str, float, float] | None:
    """(policy, kernel games/s, model games/s) of the evaluator from seeded starts; None
    without an evaluator kernel. Both sides play the same games (the kernel's guarantee)."""
    game = explorer.load(name)
    policy = game.evaluator()
    if game.playout(game.start(0), random.Random(0), GUARD, policy) is None:
        return None
    rates = []
    for kernel in (True, False):
        seats = [game.policies()[policy](game)] * game.players
        games, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            state, rng = game.start(seed=games), random.Random(games)
            if kernel:
                game.playout(state, rng, GUARD, policy)
            else:
                explorer.playout(state, rng, seats, GUARD)
            games += 1
        rates.append(games / (time.perf_counter() - start))
    return policy, rates[0], rates[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", nargs="*", default=list(explorer.games()))
    parser.add_argument("--evaluator", action="store_true", help="only the evaluator kernels against the model")
    args = parser.parse_args()
    if args.evaluator:
        print(f"{'game':<22}{'evaluator':>15}{'kernel games/s':>16}{'model games/s':>15}{'speed-up':>10}")
        for name in args.games:
            found = evaluator_speed(name, args.seconds)
            if found is not None:
                policy, fast, slow = found
                print(f"{name:<22}{policy:>15}{fast:>16,.1f}{slow:>15,.1f}{fast / slow:>10.1f}", flush=True)
        return
    from pig import measure as pig_measure

    pig, _, _ = pig_measure(args.seconds, frozen=True)
    print(f"frozen-dataclass Pig (benchmarks/pig.py): {pig:,.0f} steps/s; 'x Pig' is a game's steps/s over it")
    print(f"{'game':<22}{'players':>8}{'options':>40}{'steps/s':>12}{'x Pig':>7}{'games/s':>10}{'games':>8}"
          f"{'abandoned':>10}")
    for name in args.games:
        cls = type(explorer.load(name))
        for players in range(cls.min_players, cls.max_players + 1):
            for options in BENCH_OPTIONS.get(name, [{}]):
                steps, games, n, lost = measure(name, players, args.seconds, options)
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
                print(f"{name:<22}{players:>8}{label:>40}{steps:>12,.0f}{steps / pig:>7.2f}{games:>10.2f}{n:>8}"
                      f"{lost:>10}", flush=True)


# Option sets worth a figure of their own (the defaults are always measured).
BENCH_OPTIONS: dict[str, list[dict]] = {
    "sjoroveroya": [{}, {"turn_cap": 100}, {"variant": "children"}],
    "dead_mans_dice": [{}, {"broadside": "off"}],
    "last_bottle_of_rum": [{"turn_limit": 30}, {"turn_limit": 30, "hideout_trade_mode": "subset"},
                           {"turn_limit": 30, "bounty_hunt": True, "weather": True}],
    "pirate_rush": [{}, {"advanced": False}],
    "jolly_and_roger": [{}, {"special_cards": True}, {"special_cards": True, "long_game": True}],
    "liars_dice": [{}, {"dice": 2, "wild": "none"}],
}


if __name__ == "__main__":
    main()
