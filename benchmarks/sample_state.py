"""What a fair search bot pays per decision: `state.view(actor)` and `game.sample_state(view)`,
in microseconds per call, for every game, plus how many draws failed or gave another view.

Run: ``python benchmarks/sample_state.py [--games 6] [--names pirate_rush ...]``. It plays the
given number of seeded games per game (random seats on even seeds, rule-of-thumb on odd ones;
caps where random play runs long) and times both calls at every decision. It prints a table;
it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

import explorer
from explorer.analysis.rollouts import policy_factories
from explorer.analysis.scale import format_table
from explorer.core.play import choose
from explorer.core.policy import RandomPolicy

SHORT = {"sjoroveroya": {"turn_cap": 15}, "last_bottle_of_rum": {"turn_limit": 15},
         "dead_mans_dice": {"round_limit": 5}}


def measure(name: str, games: int) -> dict:
    game = explorer.load(name, **SHORT.get(name, {}))
    factories = policy_factories(game)
    decisions = failed = differs = 0
    view_s = sample_s = 0.0
    for seed in range(games):
        policy = factories.get("rule_of_thumb" if seed % 2 else "random", RandomPolicy)(game)
        rng = random.Random(seed)
        state = game.start(seed=seed)
        while not state.is_over:
            if state.is_chance:
                state = state._step(state.sample_chance(rng))
                continue
            decisions += 1
            start = time.perf_counter()
            view = state.view(state.player)
            middle = time.perf_counter()
            try:
                drawn = game.sample_state(view, random.Random(decisions))
            except Exception:   # counted: the figure to compare between versions
                failed += 1
            else:
                sample_s += time.perf_counter() - middle
                seen = drawn.view(state.player)
                differs += any(seen.get(k) != view.get(k) for k in set(seen) | set(view) if k != "events")
            view_s += middle - start
            state = state._step(choose(state, policy, rng))
    drawn_ok = max(1, decisions - failed)
    return {"game": name, "players": game.players, "decisions": decisions, "view_us": 1e6 * view_s / decisions,
            "sample_us": 1e6 * sample_s / drawn_ok, "failed": failed, "other_view": differs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--names", nargs="*", default=list(explorer.games()))
    args = parser.parse_args()
    rows = []
    for name in args.names:
        rows.append(measure(name, args.games))
        print(format_table(rows[-1:]), flush=True)
    print()
    print(format_table(rows))


if __name__ == "__main__":
    main()
