"""One pool of worker processes for every long analysis of a server (or a notebook kernel),
shared fairly between sessions.

Why: a search in the server's own interpreter (a thread per session) competes with every click
of every session for one interpreter; in worker processes it competes only for cores, and a
server has at most `workers` of them busy whatever the number of sessions.

A job is `fn(args, cancel, clock)`: a module-level function (sent by name) of picklable inputs
the project built itself (states, settings; never user bytes), returning an iterator that yields
results to send back and `None` where it may be paused (between two batches of playouts). A
job runs in slices of about `slice_seconds` of its own time; between slices it stays paused in
its worker (its generator lives there) and resumes there when its turn comes again. `clock`
counts only the job's own running time, so a paused analysis paces itself as if it ran alone.

Caps: `workers` processes per pool (at most that many slices run at once) and `per_session`
slices of one session at once. The queue is fair: a free worker goes round-robin between the
sessions that have work (then between one session's jobs), whatever each one submitted.

Cancellation (`Job.cancel`, `JobPool.close_session`): a queued or paused job is dropped; a
running one's worker sees its stop flag at the job's next look at `cancel`, and nothing the job
sends after the cancel is delivered. `explorer.analysis.cooperative` offers the same service on
an event loop, for where no process or thread can start (Pyodide).
"""

from __future__ import annotations

import atexit
import itertools
import multiprocessing
import os
import pickle
import sys
import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import wait as wait_any
from typing import Any

from explorer.analysis.pool_worker import Job, JobFn, worker_main
from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

SLICE_SECONDS = 0.2        # a job's turn on a worker before the next session's


class _Worker:
    def __init__(self, context: Any, stop: Any, slot: int) -> None:
        self.slot = slot
        self.conn, child = context.Pipe()
        self.process = context.Process(target=worker_main, args=(child, stop, slot), daemon=True,
                                       name=f"explorer-pool-{slot}")
        self.process.start()
        child.close()
        self.job: Job | None = None          # the job whose slice runs now
        self.pinned: set[int] = set()        # jobs whose generators it holds


# -- the pool ----------------------------------------------------------------------------------
def default_workers() -> int:
    """One core left to the server's own interpreter (at least one worker)."""
    configured = os.environ.get("EXPLORER_POOL_WORKERS", "").strip()
    if is_number(configured) and int(configured) > 0:
        return int(configured)
    return max(1, (os.cpu_count() or 2) - 1)


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PositionError(name, f"{value!r} is not a positive whole number")
    return value


class JobPool:
    """Worker processes shared by every session of a server, capped and fair (module docstring)."""

    def __init__(self, workers: int | None = None, *, per_session: int = 1,
                 slice_seconds: float = SLICE_SECONDS) -> None:
        workers = _count("workers", default_workers() if workers is None else workers)
        self.per_session = _count("per_session", per_session)
        if isinstance(slice_seconds, bool) or not isinstance(slice_seconds, (int, float)) or not slice_seconds >= 0:
            raise PositionError("slice_seconds", f"{slice_seconds!r} is not a number of seconds")
        self.slice_seconds = float(slice_seconds)
        methods = multiprocessing.get_all_start_methods()
        # never fork: a forked child copies locks other threads (a server's, a kernel's) hold
        self._context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        self._stop = self._context.RawArray("q", workers)
        self._lock = threading.RLock()
        self._ids = itertools.count(1)
        self._queue: dict[str, deque[Job]] = {}     # runnable jobs by session; order = whose turn
        self._jobs: dict[int, Job] = {}
        self._held = 0
        self._closed = False
        self._workers = [_Worker(self._context, self._stop, slot) for slot in range(workers)]
        self._reader = threading.Thread(target=self._read, name="explorer-pool-reader", daemon=True)
        self._reader.start()

    @property
    def workers(self) -> int:
        return len(self._workers)

    def running(self) -> list[Job]:
        """The jobs whose slices run at this moment."""
        with self._lock:
            return [w.job for w in self._workers if w.job is not None]

    def submit(self, session: str, fn: JobFn, args: Any, *, on_value: Callable[[Any], None] | None = None,
               on_done: Callable[[], None] | None = None, on_error: Callable[[str], None] | None = None) -> Job:
        """Queue `fn(args, ...)` for `session`; results reach `on_value` from the pool's reader thread."""
        if not isinstance(session, str):
            raise PositionError("session", f"{session!r} is not a session key")
        payload = pickle.dumps((fn, args))         # here, so an unpicklable input fails its caller
        with self._lock:
            if self._closed:
                raise RuntimeError("the pool is closed")
            job = Job(self, next(self._ids), session, payload, on_value, on_done, on_error)
            self._jobs[job.id] = job
            self._queue.setdefault(session, deque()).append(job)
            self._dispatch()
        return job

    def cancel(self, job: Job) -> None:
        """Drop `job`: its queued turns go, its worker is told to stop; nothing more is delivered."""
        with self._lock:
            if job.cancelled or job.ended.is_set():
                return
            job.cancelled = True
            queued = self._queue.get(job.session)
            if queued is not None and job in queued:
                queued.remove(job)
                if not queued:
                    del self._queue[job.session]
            runner = next((w for w in self._workers if w.job is job), None)
            if runner is not None:
                self._stop[runner.slot] = job.id       # seen at the job's next look at `cancel`
            else:
                self._forget(job)

    def close_session(self, session: str) -> None:
        """A session that closed: every job of it is cancelled."""
        with self._lock:
            for job in [j for j in self._jobs.values() if j.session == session]:
                self.cancel(job)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Start nothing until the block ends (several submits then take their turns in order)."""
        with self._lock:
            self._held += 1
        try:
            yield
        finally:
            with self._lock:
                self._held -= 1
                self._dispatch()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            for job in list(self._jobs.values()):
                self.cancel(job)
            for worker in self._workers:
                try:
                    worker.conn.send(("quit", 0))
                except OSError:
                    pass
        for worker in self._workers:
            worker.process.join(2)
            if worker.process.is_alive():
                worker.process.terminate()
        self._reader.join(2)

    # -- inside, under the lock -------------------------------------------------------------------
    def _forget(self, job: Job) -> None:
        """A job that will not run again: its worker lets go of it, it is ended."""
        self._jobs.pop(job.id, None)
        if job.worker is not None:
            worker = self._workers[job.worker]
            if job.id in worker.pinned:
                worker.pinned.discard(job.id)
                if worker.job is not job:
                    self._send(worker, ("drop", job.id))
        job.ended.set()

    def _send(self, worker: _Worker, message: tuple) -> None:
        try:
            worker.conn.send(message)
        except OSError:
            pass            # a worker that died: the reader sees its sentinel and fails its jobs

    def _dispatch(self) -> None:
        """Give every free worker the next turn, round-robin between sessions under their caps."""
        if self._held or self._closed:
            return
        while True:
            free = [w for w in self._workers if w.job is None]
            turn = self._next_turn(free) if free else None
            if turn is None:
                return
            job, worker = turn
            first = job.worker is None
            job.worker = worker.slot
            worker.job = job
            worker.pinned.add(job.id)
            self._stop[worker.slot] = 0
            self._send(worker, ("start", job.id, job.payload, self.slice_seconds) if first
                       else ("resume", job.id, self.slice_seconds))

    def _next_turn(self, free: list[_Worker]) -> tuple[Job, _Worker] | None:
        busy = [w.job.session for w in self._workers if w.job is not None]
        for session, queued in list(self._queue.items()):
            if busy.count(session) >= self.per_session:
                continue
            for job in queued:
                if job.worker is None:
                    worker = min(free, key=lambda w: len(w.pinned))
                else:
                    worker = next((w for w in free if w.slot == job.worker), None)
                if worker is not None:
                    queued.remove(job)
                    del self._queue[session]            # its next turn comes after every other session's
                    if queued:
                        self._queue[session] = queued
                    return job, worker
        return None

    # -- the reader thread ------------------------------------------------------------------------
    def _read(self) -> None:
        while not self._closed:
            conns = {w.conn: w for w in self._workers}
            deaths = {w.process.sentinel: w for w in self._workers}
            try:
                ready = wait_any([*conns, *deaths], timeout=1.0)
            except OSError:
                return
            calls: list[Callable[[], None]] = []
            for item in ready:
                if item in conns:
                    try:
                        message = item.recv()
                    except (EOFError, OSError):
                        continue
                    with self._lock:
                        calls += self._handle(conns[item], message)
                elif item in deaths and not self._closed:
                    with self._lock:
                        calls += self._replace(deaths[item])
            for call in calls:
                try:
                    call()
                except Exception:
                    traceback.print_exc(file=sys.stderr)    # a caller's callback never stops the pool

    def _handle(self, worker: _Worker, message: tuple) -> list[Callable[[], None]]:
        kind, job_id = message[0], message[1]
        job = self._jobs.get(job_id)
        calls: list[Callable[[], None]] = []
        if kind == "value":
            if job is not None and not job.cancelled and job.on_value is not None:
                # looked at again when called: a cancel between here and the call still holds
                calls.append(lambda job=job, item=message[2]: job.cancelled or job.on_value(item))
            return calls
        if worker.job is not None and worker.job.id == job_id:
            worker.job = None
        if job is None:
            self._dispatch()
            return calls
        if kind == "paused" and not job.cancelled:
            self._queue.setdefault(job.session, deque()).append(job)
        else:
            worker.pinned.discard(job_id)
            if kind == "paused":
                self._send(worker, ("drop", job_id))
            if not job.cancelled:
                callback = job.on_done if kind == "done" else job.on_error
                if callback is not None:
                    calls.append((lambda fn=callback: fn()) if kind == "done"
                                 else (lambda fn=callback, text=message[2]: fn(text)))
            self._jobs.pop(job_id, None)
            calls.append(job.ended.set)         # after its last callback
        self._dispatch()
        return calls

    def _replace(self, dead: _Worker) -> list[Callable[[], None]]:
        """A worker that died (killed, out of memory): its jobs fail with a message, a new one starts."""
        calls: list[Callable[[], None]] = []
        for job in [j for j in self._jobs.values() if j.worker == dead.slot]:
            for queued in self._queue.values():
                if job in queued:
                    queued.remove(job)
            self._jobs.pop(job.id, None)
            if not job.cancelled and job.on_error is not None:
                calls.append(lambda fn=job.on_error: fn("the analysis worker stopped; switch the engine on again"))
            calls.append(job.ended.set)
        self._queue = {s: q for s, q in self._queue.items() if q}
        try:
            self._workers[dead.slot] = _Worker(self._context, self._stop, dead.slot)
        except Exception:                   # no new process (shutting down, out of resources)
            traceback.print_exc(file=sys.stderr)
            self._closed = True             # `shared_pool` makes a fresh pool at the next use
            for job in list(self._jobs.values()):
                if not job.cancelled and job.on_error is not None:
                    calls.append(lambda fn=job.on_error: fn("the analysis workers could not start again"))
                self._jobs.pop(job.id, None)
                calls.append(job.ended.set)
            return calls
        self._dispatch()
        return calls


_SHARED: JobPool | None = None
_SHARED_LOCK = threading.Lock()


def shared_pool() -> JobPool:
    """The one pool of this process (a server's, a kernel's), started on first use."""
    global _SHARED
    with _SHARED_LOCK:
        if _SHARED is None or _SHARED._closed:
            _SHARED = JobPool()
            atexit.register(_SHARED.close)      # before multiprocessing's own exit kills the workers
        return _SHARED
