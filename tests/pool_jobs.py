"""Jobs for the engine pool's tests: module-level (a worker process imports them by name) and
pure functions of their picklable arguments."""

from __future__ import annotations

import os
import time


class Ticking:
    """A clock that advances one 'second' per call: pacing a run by calls, not by the machine.
    A class (not a lambda) so it travels to a worker process; the count lives where it runs."""

    def __init__(self) -> None:
        self.now = -1.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def wait_for(predicate, timeout: float = 30.0) -> None:
    """Poll `predicate` until true: the engine's results arrive from its workers in their own time."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def counting(args, cancel, clock):
    """(label, 0), (label, 1), ... one result and one pause at a time, `count` of them."""
    label, count = args
    for i in range(count):
        if cancel.cancelled:
            return
        yield (label, i)
        yield None


def busy(args, cancel, clock):
    """Spin for `seconds` of its own time, pausing every few ms; then say which process ran it."""
    (seconds,) = args
    end = clock() + seconds
    while clock() < end and not cancel.cancelled:
        time.sleep(0.002)
        yield None
    yield ("ran in", os.getpid(), cancel.cancelled)


def endless(args, cancel, clock):
    """Results for ever (until cancelled): the test of a cancel that reaches a running job."""
    i = 0
    while not cancel.cancelled:
        time.sleep(0.005)
        yield ("tick", i)
        i += 1


def failing(args, cancel, clock):
    yield ("before", 0)
    raise ValueError("the job's own mistake")


def niceness(args, cancel, clock):
    yield os.nice(0)
