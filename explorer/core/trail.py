"""The trail of steps behind a state, kept flat so that no state is a deep chain of objects.

A nested pair per step, ``(previous_trail, step)``, was the old shape: freeing a long playout
then recursed once per step and overflowed the stack (Pyodide in Chromium died at about 7,000
links). Here a trail is ``None`` (no steps) or ``(chunks, tail)``: `chunks` a tuple of full
tuples of `CHUNK` steps, `tail` the last steps. States reached from one another share their
chunks, an extension copies at most `CHUNK` references (and, once per chunk, the tuple of
chunks), and an object is never more than three tuples deep, however long the game.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

CHUNK = 64

Trail = tuple[tuple[tuple[Any, ...], ...], tuple[Any, ...]] | None


def extend(trail: Trail, step: Any) -> Trail:
    """The trail after one more step (an action or chance outcome); `trail` is unchanged."""
    if trail is None:
        return ((), (step,))
    chunks, tail = trail
    if len(tail) < CHUNK:
        return chunks, (*tail, step)
    return (*chunks, tail), (step,)


def steps(trail: Trail) -> tuple[Any, ...]:
    """Every step of `trail`, first to last."""
    if trail is None:
        return ()
    chunks, tail = trail
    return (*chain.from_iterable(chunks), *tail)


def length(trail: Trail) -> int:
    """How many steps `trail` holds, without listing them."""
    if trail is None:
        return 0
    chunks, tail = trail
    return CHUNK * len(chunks) + len(tail)
