"""Position fuzzing at scale: random mutations of position data per game (tests/position_fuzz.py),
each refused with one `PositionError` or loaded into a state that keeps the contract. Prints each
game's report line, the seconds it took and every crash found (the mutation named), going on past
crashes; it asserts nothing.

Run: ``python benchmarks/position_fuzz.py [--count 10000] [--games name ...] [--seed 0]``.
Positions are taken along seeded random games in three set-ups per game (fewest players with
the defaults, most players, options switched at random), as in tests/test_position_fuzz.py.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import explorer

TESTS = Path(__file__).resolve().parents[1] / "tests"   # the fuzzer lives beside the test that runs it


def main() -> None:
    sys.path.insert(0, str(TESTS))
    from position_fuzz import fuzz, option_sets, positions_along

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=list(explorer.games()))
    parser.add_argument("--count", type=int, default=10_000, help="mutations per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=5, help="crashes printed per game")
    args = parser.parse_args()
    warnings.simplefilter("ignore")   # loaders warn of unreachable positions: mutations make them on purpose
    for name in args.games:
        cls = type(explorer.load(name))
        games = option_sets(cls, args.seed)
        start = time.perf_counter()
        tried = refused = accepted = unchanged = 0
        crashes: list[str] = []
        for k, game in enumerate(games):
            found = [s for run in range(3) for s in positions_along(game, args.seed * 100 + k * 10 + run)]
            share = args.count // len(games) + (k < args.count % len(games))
            report = fuzz(game, found, share, seed=args.seed + k, stop=False)
            tried, refused = tried + report.tried, refused + report.refused
            accepted, unchanged = accepted + report.accepted, unchanged + report.unchanged
            crashes += [f"{game!r}: {c}" for c in report.crashes]
        seconds = time.perf_counter() - start
        print(f"{name}: {tried} mutations, {refused} refused with PositionError, {accepted} accepted "
              f"(contract held), {unchanged} equal to the original, {len(crashes)} crashed; {seconds:.1f} s",
              flush=True)
        for crash in crashes[:args.show]:
            print(f"  {crash[:400]}", flush=True)


if __name__ == "__main__":
    main()
