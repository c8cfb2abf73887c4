"""The pool's service on an event loop, for where no thread or process can start (Pyodide, or a
start that failed): one driver task per loop runs the jobs' slices of about `slice_seconds` of
their own time, one slice at a time, round-robin between sessions (then between a session's
jobs), and rests `rest_seconds` between two slices, so the loop always gets back to the page
(its clicks, its drawing) and the engine takes at most about half of it, however many jobs wait.

The same jobs as `explorer.analysis.pool` (`fn(args, cancel, clock)` yielding results and
`None` where it may pause), the same `Job` handle and cancellation: a cancelled job is dropped
before its next slice and nothing it makes after the cancel is delivered.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import sys
from collections import deque
from collections.abc import Callable
from typing import Any

from explorer.analysis.pool_worker import Job, JobFn, RunClock, failure_text, run_slice
from explorer.analysis.verdict_play import Cancel
from explorer.core.errors import PositionError

SLICE_SECONDS = 0.02         # short: the loop also draws the page and answers its clicks
ENV = "EXPLORER_ENGINE"      # "cooperative" forces this mode (a test, a machine without processes)


def cooperative_wanted() -> bool:
    """True where threads and processes cannot start (Pyodide) or where the mode is asked for."""
    return sys.platform == "emscripten" or os.environ.get(ENV, "").strip().lower() == "cooperative"


def _seconds(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
        raise PositionError(name, f"{value!r} is not a number of seconds")
    return float(value)


def _the_loop() -> asyncio.AbstractEventLoop:
    """The running loop; on Pyodide its web loop (which runs the page's whole life)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        if sys.platform == "emscripten":
            return asyncio.get_event_loop()
        raise RuntimeError("the engine's cooperative mode needs a running event loop "
                           "(a notebook kernel's or a served page's)") from None


class _Running:
    """A job on the loop: its handle, its flag, its steps (made at its first slice), its clock."""

    def __init__(self, job: Job, fn: JobFn, args: Any) -> None:
        self.job, self.fn, self.args = job, fn, args
        self.cancel, self.clock = Cancel(), RunClock()
        self.steps: Any = None


class LoopRunner:
    """Jobs interleaved in slices on the running event loop (module docstring)."""

    def __init__(self, *, slice_seconds: float = SLICE_SECONDS, rest_seconds: float | None = None) -> None:
        self.slice_seconds = _seconds("slice_seconds", slice_seconds)
        self.rest_seconds = _seconds("rest_seconds", self.slice_seconds if rest_seconds is None else rest_seconds)
        self._ids = itertools.count(1)
        self._queues: dict[asyncio.AbstractEventLoop, dict[str, deque[_Running]]] = {}
        self._drivers: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}
        self._live: dict[int, _Running] = {}

    def submit(self, session: str, fn: JobFn, args: Any, *, on_value: Callable[[Any], None] | None = None,
               on_done: Callable[[], None] | None = None, on_error: Callable[[str], None] | None = None,
               loop: asyncio.AbstractEventLoop | None = None) -> Job:
        """Queue `fn(args, ...)` on `loop` (default: the running one); its driver starts if idle."""
        if not isinstance(session, str):
            raise PositionError("session", f"{session!r} is not a session key")
        loop = loop or _the_loop()
        job = Job(self, next(self._ids), session, None, on_value, on_done, on_error)
        running = self._live[job.id] = _Running(job, fn, args)
        self._queues.setdefault(loop, {}).setdefault(session, deque()).append(running)
        driver = self._drivers.get(loop)
        if driver is None or driver.done():
            self._drivers[loop] = loop.create_task(self._drive(loop))
        return job

    def cancel(self, job: Job) -> None:
        job.cancelled = True
        running = self._live.get(job.id)
        if running is not None:
            running.cancel.cancel()           # a slice in progress stops at its next look at it

    def close_session(self, session: str) -> None:
        for running in list(self._live.values()):
            if running.job.session == session:
                self.cancel(running.job)

    def running(self) -> list[Job]:
        return [running.job for running in self._live.values()]

    def _next(self, loop: asyncio.AbstractEventLoop) -> _Running | None:
        """The next session's next job; that session goes to the back of the line."""
        queues = self._queues.get(loop, {})
        if not queues:
            return None
        session, queued = next(iter(queues.items()))
        del queues[session]
        running = queued.popleft()
        if queued:
            queues[session] = queued
        return running

    async def _drive(self, loop: asyncio.AbstractEventLoop) -> None:
        await asyncio.sleep(0)                # the caller's own work first (its click, its page)
        while (running := self._next(loop)) is not None:
            if not running.job.cancelled and not self._slice(running):
                self._queues[loop].setdefault(running.job.session, deque()).append(running)
            else:
                self._live.pop(running.job.id, None)
                running.job.ended.set()
            await asyncio.sleep(self.rest_seconds)     # the page's turn

    def _slice(self, running: _Running) -> bool:
        """One slice of a job; True once it has ended (finished, failed or cancelled)."""
        job = running.job

        def send(item: Any) -> None:
            if not job.cancelled and job.on_value is not None:
                job.on_value(item)

        try:
            if running.steps is None:
                running.steps = iter(running.fn(running.args, running.cancel, running.clock))
            if not run_slice(running.steps, running.clock, self.slice_seconds, send):
                return job.cancelled
            if not job.cancelled and job.on_done is not None:
                job.on_done()
        except Exception as err:
            if not job.cancelled and job.on_error is not None:
                job.on_error(failure_text(err))
        return True


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
