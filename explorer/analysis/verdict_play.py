"""Playing the verdict's rollouts: one game at a time, in the calling thread or on a lasting
process pool (JSON payloads, the same games). When every seat plays the evaluator, the game's
fast kernel plays each rollout (`Game.playout`: the same generator calls, so the same
game); otherwise, or when a game has no kernel for the position, the model is stepped with a
cancel flag looked at every few steps."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from fractions import Fraction
from typing import Any

from explorer.analysis.results import Outcome
from explorer.analysis.rollouts import kernel_policy, resolve_policy
from explorer.core.game import State
from explorer.core.play import advance


class Cancel:
    """A flag a caller sets to stop a running `refine` between two rollouts (thread-safe)."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()


def outcome_vector(state: State) -> tuple[Fraction, ...]:
    """Win shares (1/k for k tied first) then scores, one of each per player: the value the
    exact walk averages (and `action_values` with this `value` computes the same way)."""
    first = state.winners()[0] if state.winners() else ()
    wins = tuple(Fraction(1, len(first)) if p in first else Fraction(0) for p in range(state.game.players))
    return wins + tuple(Fraction(s) for s in state.scores())



STEP_CHUNK = 64           # steps between two looks at the cancel flag inside one rollout


def play_game(start: State, seats: Mapping[int, Any], index: int, seed: int, max_steps: int,
              cancel: Cancel, kernel: str | None = None) -> Outcome | None:
    """One rollout seeded `seed`; None when cancelled or when `max_steps` pass without an end.

    `kernel` names the policy every seat plays when the game's fast kernel may play the game
    (`Game.playout`): it consumes the generator as stepping the model does, so the
    outcome is the model's, only sooner (a kernel game takes milliseconds, so it does not look
    at `cancel`). Without a kernel the model is stepped, looking at `cancel` every
    `STEP_CHUNK` steps (a slow game never holds up a move); chunks share one generator, so
    the game is the one `advance(start, seed, ...)` plays."""
    if kernel is not None:
        try:
            end = start.game.playout(start, random.Random(seed), max_steps, kernel)
        except RuntimeError:        # no end within max_steps: left out and counted, as below
            return None
        if end is not None:
            ranking = end.winners
            return Outcome(index, tuple(float(x) for x in end.scores), tuple(ranking[0]) if ranking else (),
                           end.steps)
    rng = random.Random(seed)       # a fresh generator: the fallback never sees a kernel's draws
    state, steps = start, 0
    while not state.is_over:
        if cancel.cancelled or steps >= max_steps:
            return None
        state = advance(state, rng, seats, min(STEP_CHUNK, max_steps - steps))
        steps += STEP_CHUNK
    ranking = state.winners()
    return Outcome(index, tuple(float(x) for x in state.scores()), tuple(ranking[0]) if ranking else (),
                   len(state.history) - len(start.history))


def kernel_name(game: Any, seats: Mapping[int, Any], use_kernel: bool) -> str | None:
    """The policy name to ask the game's kernel for, or None to step the model."""
    return kernel_policy(game, seats) if use_kernel else None


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """One lasting pool per size: worker start-up is paid once, not at every node. Forkserver
    children start clean, so forking never copies a lock another thread (a notebook kernel's,
    a server's) happens to hold."""
    pool = _POOLS.get(workers)
    if pool is None:
        import multiprocessing

        pool = _POOLS[workers] = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))
    return pool


def play_remote(payload: str) -> list | None:
    """Worker entry: JSON in (position data, evaluator, index, seed, step cap), a row out.
    Any error comes back as a plain RuntimeError with its message (our error types need
    arguments pickle does not give back, which would break the whole pool)."""
    try:
        return _play_remote(payload)
    except Exception as err:
        raise RuntimeError(f"{type(err).__name__}: {err}") from None


def _play_remote(payload: str) -> list | None:
    import explorer

    job = json.loads(payload)
    start = explorer.state_from_dict(job["state"])
    seats = dict.fromkeys(range(start.game.players), resolve_policy(start.game, job["policy"]))
    kernel = kernel_name(start.game, seats, job.get("kernel", True))
    outcome = play_game(start, seats, job["index"], job["seed"], job["max_steps"], Cancel(), kernel)
    return None if outcome is None else outcome.to_row()


Job = tuple[int, int, list[tuple[str, str, State]]]          # index, play seed, [(key, label, start)]
Result = tuple[int, str, str, Outcome | None]


def ended(start: State, index: int, players: int) -> Outcome:
    vec = outcome_vector(start)
    return Outcome(index, tuple(float(x) for x in vec[players:]), tuple(p for p in range(players) if vec[p] > 0), 0)


POOL_BATCH = 4          # rollouts per choice a process gets in one batch once the first snapshot is out


def batch_size(workers: int, round_no: int) -> int:
    """Rollout indices per batch: one here (the deadline is looked at after every game); on
    processes one per process until the first snapshot, then `POOL_BATCH` per process, so
    kernel games of a few milliseconds are not held up by a round trip per batch."""
    if not workers:
        return 1
    return workers if round_no == 0 else POOL_BATCH * workers


def batch_here(seats: Mapping[int, Any], use_kernel: bool = True) -> Callable[..., list[Result] | None]:
    """Play a batch in this thread, looking at `cancel` between (and, stepping the model,
    inside) rollouts; `use_kernel` False always steps the model (to check a kernel)."""

    def play(jobs: list[Job], players: int, max_steps: int, cancel: Cancel) -> list[Result] | None:
        results = []
        for index, play_seed, starts in jobs:
            for key, label, start in starts:
                outcome = (ended(start, index, players) if start.is_over
                           else play_game(start, seats, index, play_seed, max_steps, cancel,
                                          kernel_name(start.game, seats, use_kernel)))
                if cancel.cancelled:
                    return None
                results.append((index, key, label, outcome))
        return results

    return play


def batch_in_pool(workers: int, policy: str, use_kernel: bool = True) -> Callable[..., list[Result] | None]:
    """Play a batch on `workers` processes (JSON payloads); on cancel, drop what has not started."""
    pool = _pool(workers)

    def play(jobs: list[Job], players: int, max_steps: int, cancel: Cancel) -> list[Result] | None:
        results: list[Result] = []          # in job order, whatever order the processes finish in
        pending: dict[Future, int] = {}
        for index, play_seed, starts in jobs:
            for key, label, start in starts:
                if start.is_over:
                    results.append((index, key, label, ended(start, index, players)))
                    continue
                payload = json.dumps({"state": start.to_dict(), "policy": policy, "index": index,
                                      "seed": play_seed, "max_steps": max_steps,
                                      "kernel": use_kernel})
                pending[pool.submit(play_remote, payload)] = len(results)
                results.append((index, key, label, None))
        while pending:
            if cancel.cancelled:
                for future in pending:
                    future.cancel()
                return None
            done, _ = wait(pending, timeout=0.05, return_when=FIRST_COMPLETED)
            for future in done:
                slot = pending.pop(future)
                try:
                    row = future.result()
                except BrokenProcessPool:
                    _POOLS.pop(workers, None)       # the next run starts a fresh pool
                    raise
                index, key, label, _ = results[slot]
                results[slot] = (index, key, label, None if row is None else Outcome.from_row(row))
        return results

    return play
