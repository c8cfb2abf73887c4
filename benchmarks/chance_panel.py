"""Chance panel figures: milliseconds to build the panel's data (`present_chance.chance_data`)
at each game's largest chance node met from its set-up, at the top level and one group down.
It prints figures; it asserts nothing.

Run: ``python benchmarks/chance_panel.py [--repeat 20]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import explorer
from widgets import present_chance
from widgets.controller import Controller


def largest(name: str, steps: int = 60) -> Controller:
    """A controller at the largest chance node met stepping from the set-up (seed 0)."""
    ctl = Controller(explorer.load(name).new_state(), seed=0)
    best, size = (), 0
    for _ in range(steps):
        state = ctl.state
        if state.is_over:
            break
        if state.is_chance:
            if len(state.chance_outcomes()) > size:
                best, size = ctl.path, len(state.chance_outcomes())
            ctl.roll()
        else:
            ctl.play(state.legal_actions()[0])
    ctl.goto(best)
    return ctl


def timed(call, repeat: int) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs), max(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    print(f"{'game':20} {'outcomes':>8} {'bars':>5} {'top ms (median/max)':>20} {'opened ms':>16}")
    for name in explorer.games():
        ctl = largest(name)
        data = present_chance.chance_data(ctl)
        top = timed(lambda c=ctl: present_chance.chance_data(c), args.repeat)
        group = next((r["key"] for r in data["rows"] if r["group"]), None)
        opened = "-"
        if group is not None:
            ctl.drill([group])
            median, most = timed(lambda c=ctl: present_chance.chance_data(c), args.repeat)
            opened = f"{median:.2f}/{most:.2f}"
        outcomes = len(ctl.state.chance_outcomes())
        print(f"{name:20} {outcomes:>8} {len(data['rows']):>5} {top[0]:>11.2f}/{top[1]:<8.2f} {opened:>16}")


if __name__ == "__main__":
    main()
