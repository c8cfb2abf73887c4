"""Write every notebook from its generator: ``python scripts/notebooks/make_all.py``."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GENERATORS = sorted(p.stem for p in HERE.glob("make_*.py") if p.stem != "make_all")


def notebooks() -> dict[str, str]:
    """Each notebook's name and the text its generator makes."""
    from cells import render

    made = {}
    for stem in GENERATORS:
        module = importlib.import_module(stem)
        made[stem.removeprefix("make_")] = render(stem.removeprefix("make_"), module.cells)
    return made


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    from cells import write

    for stem in GENERATORS:
        module = importlib.import_module(stem)
        print("wrote", write(stem.removeprefix("make_"), module.cells))
