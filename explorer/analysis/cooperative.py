"""The pool's service on an event loop, for where no thread or process can start (Pyodide, or a
start that failed): each job is an asyncio task that runs a slice of about `slice_seconds` of
its own time, then yields to the loop, so the page keeps answering while it thinks.

The same jobs as `explorer.analysis.pool` (`fn(args, cancel, clock)` yielding results and
`None` where it may pause), the same `Job` handle and cancellation: a cancelled job's task ends
at its next pause and nothing it makes after the cancel is delivered. Fair by the loop's own
queue: a task that yields goes behind every other ready task.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import sys
from collections.abc import Callable
from typing import Any

from explorer.analysis.pool import Job
from explorer.analysis.pool_worker import JobFn, RunClock, failure_text, run_slice
from explorer.analysis.verdict_play import Cancel
from explorer.core.errors import PositionError

SLICE_SECONDS = 0.02         # short: the loop also draws the page and answers its clicks
ENV = "EXPLORER_ENGINE"      # "cooperative" forces this mode (a test, a machine without processes)


def cooperative_wanted() -> bool:
    """True where threads and processes cannot start (Pyodide) or where the mode is asked for."""
    return sys.platform == "emscripten" or os.environ.get(ENV, "").strip().lower() == "cooperative"


class LoopRunner:
    """Jobs as tasks on the running event loop, interleaved in slices (module docstring)."""

    def __init__(self, *, slice_seconds: float = SLICE_SECONDS) -> None:
        if isinstance(slice_seconds, bool) or not isinstance(slice_seconds, (int, float)) or not slice_seconds >= 0:
            raise PositionError("slice_seconds", f"{slice_seconds!r} is not a number of seconds")
        self.slice_seconds = float(slice_seconds)
        self._ids = itertools.count(1)
        self._jobs: dict[int, tuple[Job, Cancel, asyncio.Task]] = {}

    def submit(self, session: str, fn: JobFn, args: Any, *, on_value: Callable[[Any], None] | None = None,
               on_done: Callable[[], None] | None = None, on_error: Callable[[str], None] | None = None,
               loop: asyncio.AbstractEventLoop | None = None) -> Job:
        """Start `fn(args, ...)` as a task on `loop` (default: the running one)."""
        if not isinstance(session, str):
            raise PositionError("session", f"{session!r} is not a session key")
        loop = loop or asyncio.get_running_loop()
        job = Job(self, next(self._ids), session, None, on_value, on_done, on_error)
        cancel = Cancel()
        task = loop.create_task(self._run(job, cancel, fn, args))
        self._jobs[job.id] = (job, cancel, task)
        return job

    def cancel(self, job: Job) -> None:
        entry = self._jobs.get(job.id)
        job.cancelled = True
        if entry is not None:
            entry[1].cancel()                 # the job stops at its next look at it

    def close_session(self, session: str) -> None:
        for job, _, _ in list(self._jobs.values()):
            if job.session == session:
                self.cancel(job)

    def running(self) -> list[Job]:
        return [job for job, _, _ in self._jobs.values()]

    async def _run(self, job: Job, cancel: Cancel, fn: JobFn, args: Any) -> None:
        clock = RunClock()

        def send(item: Any) -> None:
            if not job.cancelled and job.on_value is not None:
                job.on_value(item)

        try:
            await asyncio.sleep(0)            # the caller's own work first (its click, its page)
            steps = iter(fn(args, cancel, clock))
            while not job.cancelled:
                if run_slice(steps, clock, self.slice_seconds, send):
                    if not job.cancelled and job.on_done is not None:
                        job.on_done()
                    break
                await asyncio.sleep(0)
        except Exception as err:
            if not job.cancelled and job.on_error is not None:
                job.on_error(failure_text(err))
        finally:
            self._jobs.pop(job.id, None)
            job.ended.set()


_RUNNER: LoopRunner | None = None


def loop_runner() -> LoopRunner:
    global _RUNNER
    if _RUNNER is None:
        _RUNNER = LoopRunner()
    return _RUNNER


def engine_service() -> Any:
    """Where the engine runs: the shared process pool, or the event loop where no process can
    start (Pyodide, `EXPLORER_ENGINE=cooperative`, or a pool whose start raised)."""
    if cooperative_wanted():
        return loop_runner()
    from explorer.analysis.pool import shared_pool

    try:
        return shared_pool()
    except (OSError, RuntimeError, ImportError, NotImplementedError, ValueError):
        return loop_runner()
