"""How strong the ISMCTS bot is: its win rate against the random policy and the game's
rule-of-thumb policy, seat 0 against everyone else, over N games each (default 200).

Run: ``python benchmarks/ismcts_strength.py [--games 200] [--names sjoroveroya ...]
[--iterations 10] [--rollout-steps 8] [--rollout random] [--option turn_cap=20]``.
Every seat but 0 plays the opponent policy; the seats rotate by the seed-drawn first
player. It prints a table; it asserts nothing. Games may be long under random play
(Sjørøverøya with 2 players: ~26k steps), so `--option turn_cap=N` is the default here.
"""

from __future__ import annotations

import argparse
import time

import explorer
from explorer.analysis.rollouts import policy_factories, rollouts
from explorer.analysis.scale import format_table

DEFAULT_OPTIONS = {"sjoroveroya": {"turn_cap": 20}}


def _value(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--names", nargs="*", default=list(explorer.games()))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--rollout-steps", type=int, default=8)
    parser.add_argument("--rollout", default="random")
    parser.add_argument("--option", action="append", default=[], help="name=value, repeatable")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    rows = []
    for name in args.names:
        extra = dict(DEFAULT_OPTIONS.get(name, {}))
        extra.update({k: _value(v) for k, v in (o.split("=", 1) for o in args.option)})
        game = explorer.load(name, players=args.players, **extra)
        names = policy_factories(game)
        rollout = args.rollout if args.rollout in names else "random"
        bot = ("ismcts", {"iterations": args.iterations, "rollout_steps": args.rollout_steps, "rollout": rollout})
        for opponent in [p for p in ("random", "rule_of_thumb") if p in names]:
            seats = [bot] + [opponent] * (game.players - 1)
            start = time.perf_counter()
            result = rollouts(game.new_state(), args.games, seed=2026, policies=seats, workers=args.workers,
                              progress=False)
            low, high = result.win_interval(0)
            rows.append({"game": name, "players": game.players, "opponent": opponent, "games": result.games,
                         "ismcts_win": result.win_rate(0), "low": low, "high": high,
                         "fair_share": 1 / game.players, "seconds": time.perf_counter() - start})
            print(format_table(rows[-1:]), flush=True)
    print()
    print(f"ISMCTS(iterations={args.iterations}, rollout_steps={args.rollout_steps}, rollout={args.rollout})")
    print(format_table(rows))


if __name__ == "__main__":
    main()
