"""Liar's Dice's single round (V1) at two dice each of 4 sides, whole, against OpenSpiel's C++
``liars_dice``: too long for the test suite (about an hour on two cores), so a run whose figures
go in the notes.

1. Every history of both games walked in lockstep through our OpenSpiel adapter
   (``python_liars_dice``) and OpenSpiel's C++ game, on two processes split over the deals: legal
   actions under the documented mapping, chance probabilities, returns on every terminal history,
   and our information states one to one with OpenSpiel's. Histories and information states are
   counted, not derived.
2. Our tree written in Gambit's format on the way and read by OpenSpiel's ``efg_game``; then
   OpenSpiel's C++ CFR on both games for a fixed number of iterations, and the first player's value
   of each average policy (``expected_returns``).

OpenSpiel's exploitability and NashConv are not run here: its best response keeps a tree of every
history, about 47 GB at this size, beyond this machine. The suite runs them on two dice of 3 sides
(``tests/games/liars_dice/test_liars_dice_openspiel_full.py``).

    python benchmarks/liars_dice_peer.py [--bidding reset-face] [--iterations 3] [--dir /tmp/peer]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import pyspiel  # noqa: E402
from games.liars_dice.spiel_support import cfr_solver, first_player_value, games, walk_all_deals  # noqa: E402


def cfr_value(game, iterations: int) -> float:
    """OpenSpiel's C++ CFR for `iterations`, then the first player's value of the average policy."""
    solver = cfr_solver(game, iterations)
    return first_player_value(game, solver.average_policy())


def peak_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2 ** 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bidding", default="reset-face", choices=["reset-face", "reset-quantity"])
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--dice", type=int, default=2)
    parser.add_argument("--sides", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/liars_dice_peer"))
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    efg_path = args.dir / f"liars_dice_{args.dice}d{args.sides}_{args.bidding}.efg"
    start = time.perf_counter()
    walk = walk_all_deals(args.dice, args.sides, args.bidding, args.processes, efg=efg_path)
    walked = time.perf_counter()
    print(f"bidding {args.bidding}: lockstep walk on {args.processes} processes with our tree written "
          f"in Gambit's format ({efg_path.stat().st_size / 2 ** 30:.2f} GiB), {walked - start:.0f} s")
    print(f"  histories {walk.histories:,} (chance nodes {walk.chance_nodes}, terminals {walk.terminals:,})")
    print(f"  information states per player, ours = OpenSpiel's one to one: {walk.counts()}")
    del walk
    _, reference = games(args.dice, args.sides, args.bidding)
    theirs_value = cfr_value(reference, args.iterations)
    cpp = time.perf_counter()
    print(f"  OpenSpiel's liars_dice: CFR x{args.iterations}, Player 1's value {theirs_value!r} "
          f"({cpp - walked:.0f} s)")
    efg = pyspiel.load_game("efg_game", {"filename": str(efg_path)})
    loaded = time.perf_counter()
    print(f"  our tree read by efg_game in {loaded - cpp:.0f} s, peak memory {peak_gb():.1f} GiB")
    ours_value = cfr_value(efg, args.iterations)
    print(f"  our tree: CFR x{args.iterations}, Player 1's value {ours_value!r} "
          f"({time.perf_counter() - loaded:.0f} s)")
    difference = abs(ours_value - theirs_value)
    print(f"  difference {difference:.3e}: {'agree' if difference < 1e-9 else 'DISAGREE'} within 1e-9; "
          f"peak memory {peak_gb():.1f} GiB; total {time.perf_counter() - start:.0f} s")
    efg_path.unlink()
    if difference >= 1e-9:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
