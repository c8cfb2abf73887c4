"""What runs inside the engine pool's worker processes (and, on an event loop, in
`explorer.analysis.cooperative`): a job's slices on its own clock, the `Job` handle both
services give back, the stop flag the pool writes, the worker's loop, and the engine panel's
analysis as a job. Nothing here imports `multiprocessing`, so the cooperative mode loads where
processes do not exist.

A worker only ever unpickles bytes the pool made from project values: a job function named by
its module, and states sent as their game's class plus `to_dict` data, which the game's own
validating loader rebuilds (`portable`).
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any

from explorer.analysis.verdict import refine_steps
from explorer.analysis.verdict_play import Cancel
from explorer.core.errors import ExplorerError
from explorer.core.game import State

JobFn = Callable[[Any, Cancel, Callable[[], float]], Iterator[Any]]
NICENESS = 10             # searches are background work: a page's click must not wait for them


class RunClock:
    """Seconds a job has run: it advances while a slice runs and stands still between slices."""

    def __init__(self) -> None:
        self._spent = 0.0
        self._since: float | None = None

    def start(self) -> None:
        self._since = time.monotonic()

    def pause(self) -> None:
        if self._since is not None:
            self._spent += time.monotonic() - self._since
            self._since = None

    def __call__(self) -> float:
        running = time.monotonic() - self._since if self._since is not None else 0.0
        return self._spent + running


def run_slice(steps: Iterator[Any], clock: RunClock, seconds: float, send: Callable[[Any], None]) -> bool:
    """Advance a job for about `seconds` of its own time, sending each result; True once it has ended."""
    clock.start()
    try:
        end = clock() + seconds
        while True:
            try:
                item = next(steps)
            except StopIteration:
                return True
            if item is not None:
                send(item)
            if clock() >= end:
                return False
    finally:
        clock.pause()


def failure_text(err: BaseException) -> str:
    """What a failed job says: a project error's own words, else its type and message."""
    return str(err) if isinstance(err, ExplorerError) else f"{type(err).__name__}: {err}"


class Job:
    """A submitted job: its session, its callbacks, and where it stands. `cancel()` from any thread."""

    def __init__(self, owner: Any, job_id: int, session: str, payload: Any,
                 on_value: Callable[[Any], None] | None, on_done: Callable[[], None] | None,
                 on_error: Callable[[str], None] | None) -> None:
        self.owner, self.id, self.session, self.payload = owner, job_id, session, payload
        self.on_value, self.on_done, self.on_error = on_value, on_done, on_error
        self.worker: int | None = None         # pinned to the worker that holds its generator
        self.cancelled = False
        self.ended = threading.Event()          # set once nothing more can come of it (after its callbacks)

    def cancel(self) -> None:
        self.owner.cancel(self)

    def wait(self, timeout: float | None = None) -> bool:
        return self.ended.wait(timeout)


# -- the worker process ------------------------------------------------------------------------
class StopFlag(Cancel):
    """The worker's view of "stop job N": a slot of shared memory the pool writes."""

    def __init__(self, stop: Any, slot: int, job_id: int) -> None:
        super().__init__()
        self._stop, self._slot, self._job_id = stop, slot, job_id

    def cancel(self) -> None:
        self._stop[self._slot] = self._job_id

    @property
    def cancelled(self) -> bool:
        return self._stop[self._slot] == self._job_id


def worker_main(conn: Any, stop: Any, slot: int) -> None:
    """A worker: start, resume or drop the jobs the pool sends, one slice at a time. It runs at
    a lower priority (`NICENESS`): where cores are short, the server's clicks go first."""
    if hasattr(os, "nice"):
        try:
            os.nice(NICENESS)
        except OSError:
            pass
    held: dict[int, tuple[Iterator[Any], RunClock, Cancel]] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        kind, job_id = message[0], message[1]
        if kind == "quit":
            return
        if kind == "drop":
            held.pop(job_id, None)
            continue
        try:
            if kind == "start":
                fn, args = pickle.loads(message[2])       # the pool's own bytes, made from project values
                cancel, clock = StopFlag(stop, slot, job_id), RunClock()
                held[job_id] = (iter(fn(args, cancel, clock)), clock, cancel)
            steps, clock, cancel = held[job_id]
            ended = run_slice(steps, clock, message[-1], lambda item, n=job_id: conn.send(("value", n, item)))
        except Exception as err:
            held.pop(job_id, None)
            traceback.print_exc(file=sys.stderr)          # the whole story in the server's log
            conn.send(("error", job_id, failure_text(err)))
            continue
        if ended or cancel.cancelled:
            held.pop(job_id, None)
            conn.send(("done", job_id))
        else:
            conn.send(("paused", job_id))


# -- the engine panel's job ---------------------------------------------------------------------
def portable(state: State) -> tuple:
    """A state as a worker receives it: its game's class (by name), players and options, and its
    `to_dict` data, rebuilt there by the game's own validating loader (games outside the
    registry, like the tests' toy games, travel too)."""
    game = state.game
    return type(game), game.players, dict(game.to_dict()["options"]), state.to_dict()


def restore(sent: tuple) -> State:
    game_class, players, options, data = sent
    return game_class(players, **options).state_from_dict(data)


def verdict_job(args: tuple, cancel: Cancel, clock: Callable[[], float]) -> Iterator[Any]:
    """The engine panel's analysis as a job: `refine_steps` at (state, viewer) with `options`,
    paced by the job's own clock (unless the options give one), for at most `max_seconds` of it.
    The state comes `portable`, or as a state where the job runs in the caller's process."""
    state, viewer, options, max_seconds = args
    state = restore(state) if isinstance(state, tuple) else state
    options = {k: v for k, v in options.items() if k not in ("cancel", "workers")}
    options.setdefault("clock", clock)
    started = clock()
    for snapshot in refine_steps(state, viewer, cancel=cancel, **options):
        yield snapshot
        if snapshot is not None and clock() - started > max_seconds:
            return
