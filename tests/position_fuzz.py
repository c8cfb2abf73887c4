"""Position fuzzing: random mutations of valid position data must give `PositionError` or a
state that keeps the contract (round trip, views, legal actions, chance sums), never
another exception. Used by tests/test_position_fuzz.py and benchmarks/position_fuzz.py."""

from __future__ import annotations

import copy
import json
import random
import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.game import Game, State

ODD_VALUES: tuple[Any, ...] = (None, True, False, -1, 0, 1, 2, 7, 99, 10**9, -(10**9), 0.5, "", "x", "P9",
                               [], {}, [0], {"x": 1})


def _places(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) inside nested JSON data."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _places(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _places(value, (*path, i))
    return found


def _scalars(data: Any) -> list[Any]:
    """Every leaf value in the data: replacements that look right but sit in the wrong place."""
    if isinstance(data, dict):
        return [v for value in data.values() for v in _scalars(value)]
    if isinstance(data, list):
        return [v for value in data for v in _scalars(value)]
    return [data]


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def mutate(data: dict, rng: random.Random) -> tuple[dict, str]:
    """One random change to a deep copy of `data`, and what it was (for failure messages)."""
    data = copy.deepcopy(data)
    paths = [p for p in _places(data) if p]
    if not paths:
        return data, "nothing to change"
    path = rng.choice(paths)
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    kind = rng.randrange(7)
    if kind == 0 and isinstance(parent, dict):
        del parent[key]
        return data, f"deleted {path}"
    if kind == 1 and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice((-3, -2, -1, 1, 2, 3, 40))
        return data, f"{path}: {value} -> {parent[key]}"
    if kind == 2 and isinstance(value, list) and value:
        i = rng.randrange(len(value))
        if rng.random() < 0.5:
            value.insert(rng.randrange(len(value) + 1), copy.deepcopy(value[i]))
            return data, f"{path}: duplicated item {i}"
        del value[i]
        return data, f"{path}: removed item {i}"
    if kind == 3 and isinstance(value, list) and len(value) > 1:
        i, j = rng.sample(range(len(value)), 2)
        value[i], value[j] = value[j], value[i]
        return data, f"{path}: swapped items {i} and {j}"
    if kind == 4:
        other = rng.choice(_scalars(data))
        parent[key] = copy.deepcopy(other)
        return data, f"{path}: {value!r} -> {other!r}"
    if kind == 5 and isinstance(parent, list) and isinstance(key, int):
        parent[key] = copy.deepcopy(parent[rng.randrange(len(parent))])
        return data, f"{path}: copied a sibling"
    parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data, f"{path}: {value!r} -> {parent[key]!r}"


def check_contract(state: State, actions: int = 12) -> None:
    """The contract invariants a loaded state must keep; AssertionError or any exception if not."""
    game = state.game
    again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state, "to_dict does not round-trip"
    for player in (None, *range(game.players)):
        json.dumps(state.view(player))
    assert len(state.scores()) == game.players, "not one score per player"
    if state.is_over:
        assert state.winners() and not state.legal_actions(), "over, yet no ranking or still legal actions"
        return
    assert state.winners() == (), "a ranking before the end"
    if state.is_chance:
        outcomes = state.chance_outcomes()
        assert outcomes and sum((p for _, p in outcomes), Fraction(0)) == 1, "chance does not sum to 1"
        assert all(p > 0 for _, p in outcomes), "a chance outcome with no probability"
        for outcome, _ in outcomes[:actions]:
            state.apply(outcome)
        return
    legal = state.legal_actions()
    assert legal, "a decision with no legal action"
    assert state.player is not None and 0 <= state.player < game.players, f"no seat {state.player!r} to act"
    for action in legal[:actions]:
        state.apply(action)


@dataclass
class FuzzReport:
    game: str
    tried: int = 0
    refused: int = 0
    accepted: int = 0
    unchanged: int = 0
    fields: dict[str, int] = field(default_factory=dict)
    crashes: list[str] = field(default_factory=list)

    def line(self) -> str:
        crashed = f", {len(self.crashes)} CRASHED" if self.crashes else ""
        return (f"{self.game}: {self.tried} mutations, {self.refused} refused with PositionError, "
                f"{self.accepted} accepted (contract held), {self.unchanged} equal to the original{crashed}")


def option_sets(cls: type[Game], seed: int, count: int = 3) -> list[Game]:
    """`count` set-ups of one game: the fewest players with the defaults, the most, then set-ups
    with options switched at random (a set-up the game refuses is skipped)."""
    rng = random.Random(seed)
    games = [cls(cls.min_players), cls(cls.max_players)][:count]
    for _ in range(50):
        if len(games) >= count:
            break
        options = {}
        for spec in cls.OPTIONS:
            if spec.choices and rng.random() < 0.5:
                options[spec.name] = rng.choice(spec.choices)
            elif isinstance(spec.default, bool) and rng.random() < 0.5:
                options[spec.name] = not spec.default
        try:
            games.append(cls(rng.randint(cls.min_players, cls.max_players), **options))
        except PositionError:
            continue
    return games


def positions_along(game: Game, seed: int, steps: int = 150, count: int = 8) -> list[State]:
    """About `count` states spread along the first `steps` steps of a seeded random game."""
    rng = random.Random(seed)
    state, states = game.new_state(), []
    for _ in range(steps):
        states.append(state)
        if state.is_over:
            break
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state._step(legal[rng.randrange(len(legal))])
    every = max(1, len(states) // count)
    return states[every - 1::every][:count]


@contextmanager
def _time_guard(seconds: float | None, n: int) -> Iterator[None]:
    """An `AssertionError` when one mutation takes more than `seconds` (a loader that builds a
    10**9-card pile hangs rather than raising); only where SIGALRM exists, in the main thread."""
    if not seconds or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise AssertionError(f"mutation {n} took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def fuzz(game: Game, positions: Iterable[State], count: int, seed: int = 0, stop: bool = True,
         seconds: float | None = 10.0) -> FuzzReport:
    """Mutate the positions' data `count` times in all. Any exception other than `PositionError`,
    a broken contract on an accepted state, or a mutation taking more than `seconds`, raises
    `AssertionError` naming the mutation; with ``stop=False`` it is recorded in the report's
    `crashes` instead and the fuzzing goes on."""
    rng = random.Random(seed)
    positions = list(positions)   # read twice below: an iterator would be empty the second time
    if not positions:
        raise ValueError("no positions to mutate")
    originals = [json.loads(json.dumps(s.to_dict())) for s in positions]
    states = dict(enumerate(positions))
    report = FuzzReport(game.name)
    for n in range(count):
        try:
            with _time_guard(seconds, n):
                _one(game, originals, states, rng, n, report)
        except AssertionError as err:
            if stop:
                raise
            report.crashes.append(str(err))
    return report


def _one(game: Game, originals: list[dict], states: dict[int, State], rng: random.Random, n: int,
         report: FuzzReport) -> None:
    """One mutation (sometimes two or three at once), loaded and checked into `report`."""
    i = rng.randrange(len(originals))
    data, what = mutate(originals[i], rng)
    for _ in range(rng.randrange(3)):   # sometimes two or three changes at once
        data, more = mutate(data, rng)
        what += "; " + more
    report.tried += 1
    try:
        state = game.state_from_dict(data)
    except PositionError as err:
        report.refused += 1
        report.fields[err.field] = report.fields.get(err.field, 0) + 1
        return
    except Exception as err:
        raise AssertionError(f"mutation {n} ({what}) raised {type(err).__name__}: {err}") from err
    report.accepted += 1
    if state == states[i]:
        report.unchanged += 1
    try:
        check_contract(state)
    except Exception as err:
        raise AssertionError(f"mutation {n} ({what}) was accepted but breaks the contract: "
                             f"{type(err).__name__}: {err}") from err
