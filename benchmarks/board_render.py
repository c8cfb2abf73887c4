"""Board figures: milliseconds to draw each game's board (`_repr_svg_`) at a mid-game position,
all-seeing and from Player 1's view, and the size of the SVG sent to the page.
It prints figures; it asserts nothing.

Run: ``python benchmarks/board_render.py [--repeat 50]`` (from the repository root).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from board_checks import CASES, mid_state


def timed(draw, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        draw()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    print(f"{'board':30s} {'all-seeing ms (median, max)':>28s} {'P1 view ms (median, max)':>26s} {'SVG kB':>7s}")
    for case in sorted(CASES):
        state = mid_state(case)
        view = state.view(0)
        whole = timed(state._repr_svg_, args.repeat)
        mine = timed(view._repr_svg_, args.repeat)
        size = len(state._repr_svg_().encode()) / 1000
        print(f"{case:30s} {statistics.median(whole):16.2f} {max(whole):10.2f} "
              f"{statistics.median(mine):16.2f} {max(mine):9.2f} {size:7.1f}")


if __name__ == "__main__":
    main()
