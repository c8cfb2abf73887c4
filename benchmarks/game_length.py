"""Derived length bounds next to the lengths random play reaches, under the adapters' caps.

Run: ``python benchmarks/game_length.py [--games 20]``. For every game, with its length caps
at their adapter values (`Game.LENGTH_CAPS`), it plays uniformly random games and prints the
longest and mean number of decisions beside `Game.max_decisions` (OpenSpiel's
``max_game_length``). It asserts nothing: the bounds are proved in the docstrings, and
tests/test_game_length.py checks them on short games.
"""

from __future__ import annotations

import argparse
import random
import time

import explorer
from explorer.adapters.common import with_caps
from explorer.games import game_class


def decisions(game, seed: int) -> int:
    rng = random.Random(seed)
    state, count = game.new_state(), 0
    while not state.is_over:
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state._step(legal[rng.randrange(len(legal))])
            count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print(f"{'game':<20}{'caps':<38}{'bound':>10}{'longest':>9}{'mean':>9}{'s/game':>8}")
    for name in explorer.games():
        caps = with_caps(game_class(name), {})
        game = explorer.load(name, **caps)
        start = time.perf_counter()
        lengths = [decisions(game, seed) for seed in range(args.games)]
        per_game = (time.perf_counter() - start) / args.games
        label = ",".join(f"{k}={v}" for k, v in caps.items()) or "(none needed)"
        print(f"{name:<20}{label:<38}{game.max_decisions():>10,}{max(lengths):>9,}"
              f"{sum(lengths) / len(lengths):>9,.0f}{per_game:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
