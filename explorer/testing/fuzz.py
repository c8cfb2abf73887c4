"""Broken inputs for the checker: position data and notation with a field dropped, a value of the
wrong kind or size, a nested value replaced, lines dropped, doubled or garbled."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

ODD_WORDS = ("-1", "999999", "?", "P9", "", "²", "٣", "P²")   # '²' is a digit to str.isdigit, not to int()
ODD_VALUES: tuple[Any, ...] = (None, True, -1, 10**12, 2.5, "?", "x" * 5_000, [], {}, [[-5]], {"x": 1})


def _leaves(data: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path into nested dicts and lists, containers included."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))


def _replaced(data: Any, path: tuple, value: Any) -> Any:
    broken = copy.deepcopy(data)
    holder = broken
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return broken


def fuzzed_data(data: dict, rng: random.Random, count: int = 40) -> Iterator[Any]:
    """`data` broken: each top-level field dropped or given odd values, then `count` random nested
    replacements (the ``game`` block's name and players left alone, so the game's own loader reads it)."""
    yield from (None, [], "text", 42)
    for key in data:
        if key == "game":
            continue
        yield {k: v for k, v in data.items() if k != key}
        for value in ODD_VALUES[:6]:
            yield {**data, key: value}
    yield {**data, "no_such_field": 1}
    paths = [p for p in _leaves(data) if p and p[0] != "game"]
    for _ in range(count if paths else 0):
        yield _replaced(data, rng.choice(paths), rng.choice(ODD_VALUES))


def fuzzed_notation(text: str, rng: random.Random, count: int = 20) -> Iterator[str]:
    """`text` broken: a line dropped, doubled, its value garbled or swapped for junk."""
    lines = text.splitlines()
    yield from ("", "\x00", "key without colon", "no_such_key: 1", text + "\n" + "x" * 2_000)
    for _ in range(count if lines else 0):
        at = rng.randrange(len(lines))
        key, _, value = lines[at].partition(":")
        kind = rng.randrange(4)
        if kind == 0:
            changed = lines[:at] + lines[at + 1:]
        elif kind == 1:
            changed = lines[:at + 1] + lines[at:]
        elif kind == 2:
            changed = [*lines[:at], f"{key}: {value[::-1]}", *lines[at + 1:]]
        else:
            changed = [*lines[:at], f"{key}: {rng.choice(ODD_WORDS)}", *lines[at + 1:]]
        yield "\n".join(changed)
