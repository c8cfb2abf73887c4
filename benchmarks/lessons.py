"""Lesson load (validation: every position built, every expected move played, every answer
computed) and walk times per shipped lesson; prints one line per lesson.

    python benchmarks/lessons.py [--repeat N]
"""

from __future__ import annotations

import argparse
import time

from explorer.lessons import attempt, begin, lesson_names, load_lesson, next_step


def walk(name: str) -> int:
    """Load `name` and answer every step right, in order; returns the step count."""
    progress = begin(load_lesson(name))
    while True:
        step = progress.step
        progress = attempt(progress, str(step.exact()) if step.task == "answer" else step.expect[0])
        if progress.index == len(progress.lesson.steps) - 1:
            return len(progress.lesson.steps)
        progress = next_step(progress)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per lesson (the best is shown)")
    args = parser.parse_args()
    print(f"{'lesson':28} {'steps':>5} {'load ms':>9} {'load+walk ms':>13}")
    for name in lesson_names():
        loads, walks, steps = [], [], 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            load_lesson(name)
            loads.append(time.perf_counter() - start)
            start = time.perf_counter()
            steps = walk(name)
            walks.append(time.perf_counter() - start)
        print(f"{name:28} {steps:5d} {min(loads) * 1000:9.1f} {min(walks) * 1000:13.1f}")


if __name__ == "__main__":
    main()
