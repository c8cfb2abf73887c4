"""Sampled evaluation: seeded rollouts with named policies, on all cores or on Dask.

Rollout ``i`` of a run with master seed ``s`` plays with its own generator seeded by
`derive_seed(s, i)`, so results depend only on the seed, never on the number of
workers or the order they finish in; comparing branches with the same seeds gives
common random numbers (a paired, tighter comparison). Workers receive JSON text
(position data, policy names, seeds), never pickled objects of ours.
"""

from __future__ import annotations

import json
import logging
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from explorer.analysis.ismcts import ISMCTS
from explorer.analysis.results import Outcome, RolloutResult
from explorer.core.errors import PositionError, worker_count
from explorer.core.game import Game, State
from explorer.core.play import advance
from explorer.core.policy import Policy, policy_factories
from explorer.core.progress import progress_bar
from explorer.core.stats import derive_seed

PolicySpec = str | tuple[str, Mapping[str, Any]]
Seats = Mapping[int, PolicySpec] | Sequence[PolicySpec] | PolicySpec | None
BACKENDS = ("processes", "dask")


def resolve_policy(game: Game, spec: PolicySpec) -> Policy:
    """A policy from its name (``"random"``, the game's own, ``"ismcts"``) or (name, params).

    ``"ismcts"`` starts from the game's `search_settings()`; params override them."""
    name, params = (spec, {}) if isinstance(spec, str) else spec
    if name == "ismcts":
        return ISMCTS(game, **{**game.search_settings(), **params})
    factories = policy_factories(game)
    if name not in factories:
        known = ", ".join([*factories, "ismcts"])
        raise PositionError("policies", f"unknown policy {name!r} for {game.name}; known: {known}")
    if params:
        raise PositionError("policies", f"policy {name!r} takes no parameters")
    return factories[name](game)


def seat_specs(game: Game, policies: Seats) -> dict[int, PolicySpec]:
    """Validate `policies` into ``{seat: spec}`` for every seat: a single spec means every
    seat, and a seat the caller does not name plays the game's evaluator (`Game.evaluator`,
    a policy that plays like people; see there why not uniform random)."""
    evaluator = game.evaluator()
    if policies is None:
        seats = {}
    elif isinstance(policies, str) or (isinstance(policies, tuple) and len(policies) == 2
                                     and isinstance(policies[0], str) and isinstance(policies[1], Mapping)):
        seats = dict.fromkeys(range(game.players), policies)
    elif isinstance(policies, Mapping):
        seats = dict(policies)
    elif isinstance(policies, Sequence):
        seats = dict(enumerate(policies))
    else:
        raise PositionError("policies", "give a policy name, a list with one per seat, or {seat: name}")
    for seat, spec in seats.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise PositionError("policies", f"{seat!r} is not a seat of {game.players} players")
        resolve_policy(game, spec)   # fails now, with the name, rather than in a worker
    if evaluator not in policy_factories(game):
        raise PositionError("policies", f"{game.name}'s evaluator {evaluator!r} is not one of its policies")
    return {seat: seats.get(seat, evaluator) for seat in range(game.players)}


def _spec_json(spec: PolicySpec) -> Any:
    return spec if isinstance(spec, str) else [spec[0], dict(spec[1])]


def _spec_back(data: Any) -> PolicySpec:
    return data if isinstance(data, str) else (data[0], data[1])


def kernel_policy(game: Game, seats: Mapping[int, Policy]) -> str | None:
    """The policy name to ask `Game.playout` for: when every seat plays the same named
    policy (an instance of exactly the class `policies()` names, ``"random"`` included), that
    name; else None (a mix of policies, a search bot, a custom object: the model is stepped)."""
    kinds = {type(p) for p in seats.values()}
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    return next((name for name, factory in policy_factories(game).items() if factory is kind), None)


def play_one(start: State, seats: Mapping[int, Policy], index: int, seed: int, max_steps: int) -> Outcome:
    """One rollout from `start`, driven by its own seeded generator.

    When every seat plays the same named policy and the game has a fast kernel for it
    (`Game.playout`), the kernel plays it: the same generator calls give the same game,
    only faster."""
    rng = random.Random(seed)
    name = kernel_policy(start.game, seats)
    if name is not None:
        end = start.game.playout(start, rng, max_steps, name)
        if end is not None:
            ranking = end.winners
            return Outcome(index, tuple(float(x) for x in end.scores), tuple(ranking[0]) if ranking else (),
                           end.steps)
    state = advance(start, rng, seats, max_steps)
    if not state.is_over:
        raise RuntimeError(f"rollout {index} did not end within {max_steps} steps")
    ranking = state.winners()
    steps = len(state.history) - len(start.history)
    return Outcome(index, tuple(float(x) for x in state.scores()), tuple(ranking[0]) if ranking else (), steps)


def run_chunk(payload: str) -> list[list]:
    """Worker entry point: JSON in (position, seats, indices, seeds), JSON-ready rows out."""
    import explorer

    job = json.loads(payload)
    start = explorer.state_from_dict(job["state"])
    seats = {int(k): resolve_policy(start.game, _spec_back(v)) for k, v in job["seats"].items()}
    return [play_one(start, seats, i, derive_seed(job["seed"], i), job["max_steps"]).to_row()
            for i in job["indices"]]


def _chunks(indices: Sequence[int], size: int) -> Iterator[list[int]]:
    for k in range(0, len(indices), size):
        yield list(indices[k:k + size])


@dataclass(frozen=True)
class Plan:
    """Everything a run needs, as JSON payloads per chunk."""

    payloads: list[str]
    sizes: list[int]


def plan(start: State, seats: Mapping[int, PolicySpec], n: int, seed: int, chunk: int, max_steps: int,
         offset: int = 0) -> Plan:
    base = {"state": start.to_dict(), "seats": {str(k): _spec_json(v) for k, v in seats.items()},
            "seed": seed, "max_steps": max_steps}
    payloads, sizes = [], []
    for part in _chunks(range(offset, offset + n), chunk):
        payloads.append(json.dumps({**base, "indices": part}))
        sizes.append(len(part))
    return Plan(payloads, sizes)


def _progress(total: int, enabled: bool, label: str) -> Any:
    """The rollouts' bar, in any kernel (explorer.core.progress)."""
    return progress_bar(total=total, disable=not enabled, desc=label, unit="game")


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and keeps finished games."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_processes(p: Plan, workers: int, bar: Any) -> tuple[list[list], bool]:
    """The plan's chunks on `workers` processes; in the calling process where there is one worker
    or no process can start (a browser kernel, Pyodide): the same seeded games either way."""
    rows: list[list] = []
    if workers == 1 or sys.platform == "emscripten":
        try:
            for payload, size in zip(p.payloads, p.sizes, strict=True):
                rows.extend(run_chunk(payload))
                bar.update(size)
        except KeyboardInterrupt:
            return rows, True
        return rows, False
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    pending: dict[Future, int] = {pool.submit(run_chunk, payload): size
                                  for payload, size in zip(p.payloads, p.sizes, strict=True)}
    try:
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                rows.extend(future.result())
                bar.update(pending.pop(future))
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)
        return rows, True
    pool.shutdown()
    return rows, False


def run_dask(plan: Any, workers: int, address: str | None, bar: Any) -> tuple[list[list], bool]:
    """Run a rollout plan on the scheduler at `address`, or on a new local cluster."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise PositionError("backend", "'dask' needs dask.distributed: pip install 'pirate-rules-explorer[dask]'") \
            from None

    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
    else:
        client = Client(address)
    rows: list[list] = []
    stopped = False
    try:
        futures = client.map(run_chunk, plan.payloads, pure=False)
        sizes = {f.key: s for f, s in zip(futures, plan.sizes, strict=True)}
        try:
            for future in as_completed(futures):
                rows.extend(future.result())
                bar.update(sizes[future.key])
        except KeyboardInterrupt:
            client.cancel(futures)
            stopped = True
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return rows, stopped


def rollouts(start: State, n: int = 1000, seed: int = 0, policies: Seats = None, *, workers: int | None = None,
             progress: bool = True, backend: str = "processes", address: str | None = None,
             chunk: int | None = None, max_steps: int = 1_000_000, label: str = "rollouts") -> RolloutResult:
    """Play `n` games from `start` and summarise them (win rates, mean scores, intervals).

    `policies` names a policy per seat (``["ismcts", "random"]``, ``{0: "random"}``,
    or one name for all; ``("ismcts", {"iterations": 100})`` passes parameters); a seat it
    does not name plays the game's evaluator (`Game.evaluator()`, usually its rule of thumb),
    not uniform random: random play is not how people play, and in Dead Man's Dice,
    Sjørøverøya and The Last Bottle of Rum it does not even end. ``"random"`` by name
    still seats uniformly random players. When every seat plays the same named policy, a
    game's fast kernel for it plays the games (`Game.playout`; same seeds, same games).
    `workers` defaults to every core; ``backend="dask"`` runs the
    same chunks on `dask.distributed` (a local cluster, or the scheduler at `address`).
    Ctrl-C (KeyboardInterrupt) stops early and returns the games already finished.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise PositionError("n", f"{n!r} is not a positive number of games")
    if backend not in BACKENDS:
        raise PositionError("backend", f"{backend!r} is not one of {', '.join(BACKENDS)}")
    workers = worker_count(workers)
    if start.is_over:
        raise PositionError("start", "the game is already over")
    seats = seat_specs(start.game, policies)
    size = chunk or max(1, min(250, n // (workers * 8) or 1))
    p = plan(start, seats, n, seed, size, max_steps)
    with _progress(n, progress, label) as bar:
        if backend == "dask":
            rows, stopped = run_dask(p, workers, address, bar)
        else:
            rows, stopped = _run_processes(p, workers, bar)
    outcomes = sorted((Outcome.from_row(r) for r in rows), key=lambda o: o.index)
    return RolloutResult(start.game.players, tuple(outcomes), n, stopped, seed)


def compare(branches: Mapping[str, State], n: int = 1000, seed: int = 0, policies: Seats = None,
            **options: Any) -> dict[str, RolloutResult]:
    """Rollouts from each branch with the same seeds (common random numbers); seats not named
    in `policies` play the game's evaluator, as in `rollouts`."""
    if not branches:
        raise PositionError("branches", "give at least one named state to compare")
    return {name: rollouts(state, n, seed, policies, label=str(name), **options)
            for name, state in branches.items()}


def after_moves(state: State, moves: Sequence[Any]) -> dict[str, State]:
    """``{notation: state after it}`` for candidate moves at `state` (checked, so a typo
    raises `IllegalAction` naming the rule)."""
    result = {}
    for move in moves:
        parsed = state.game.parse_action(move) if isinstance(move, str) else move
        result[str(parsed)] = state.apply(parsed)
    return result
