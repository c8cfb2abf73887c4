"""A progress bar that works in every kernel: tqdm's own choice on CPython, and in a browser
kernel (Pyodide, where no thread starts) the notebook's widget bar without tqdm's monitor thread
(tqdm.auto does not know that kernel, would print to stderr and warn that no thread can start)."""

from __future__ import annotations

import sys
from typing import Any


def progress_bar(**options: Any) -> Any:
    """`tqdm(**options)` fit for the kernel it runs in; usable as a context manager."""
    if sys.platform == "emscripten":
        import tqdm as base
        from tqdm.notebook import tqdm

        base.tqdm.monitor_interval = 0
    else:
        from tqdm.auto import tqdm
    return tqdm(**options)
