"""What a player's view costs the position editor. It prints figures; it asserts nothing.

Switching the explorer to a player's view makes the editor show the notation lines that
player knows (`widgets.editing.known_lines`: every position consistent with the view, each
written in the notation). Per game, at positions reached by seeded random play, this prints
the possibilities enumerated and the milliseconds taken (best of 3), or that the view leaves
more than the editor's limit (the box then stays empty and says why).

Run: ``python benchmarks/editor_known_lines.py [--steps 0 10 40] [--seed 2]``.
"""

from __future__ import annotations

import argparse
import random
import time

import explorer
from explorer.core.errors import TooManyWorlds
from widgets.editing import KNOWN_LIMIT, known_lines


def reach(name: str, steps: int, seed: int) -> explorer.State:
    state, rng = explorer.load(name).start(seed=seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
    return state


def measure(state: explorer.State, player: int) -> str:
    """Possibilities the view leaves, and the best of 3 timings of `known_lines` alone."""
    try:
        worlds = sum(1 for _ in state.game.hidden_worlds(state.view(player), limit=KNOWN_LIMIT))
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            known_lines(state, player)
            best = min(best, time.perf_counter() - start)
    except TooManyWorlds as err:
        return f"more than {KNOWN_LIMIT} possibilities (at least {err.count}): box left empty"
    except NotImplementedError:
        return "no notation: box left empty"
    return f"{worlds:>5} possibilities, {best * 1000:7.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[0, 10, 40])
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    for name in explorer.games():
        for steps in args.steps:
            state = reach(name, steps, args.seed)
            print(f"{name:20} step {steps:>3}  Player 1's view: {measure(state, 0)}")


if __name__ == "__main__":
    main()
