"""Exact distributions and exact, seeded sampling.

A distribution is a tuple of ``(outcome, Fraction)`` pairs summing to exactly 1.
Sampling draws an integer below the common denominator, so a seeded
`random.Random` gives every outcome exactly its probability and a game replays
from its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

Distribution = tuple[tuple[T, Fraction], ...]


def check_distribution(pairs: Sequence[tuple[object, Fraction]]) -> None:
    """Raise `ValueError` unless every probability is a positive Fraction and they sum to 1."""
    total = Fraction(0)
    for outcome, p in pairs:
        if not isinstance(p, Fraction) or p <= 0:
            raise ValueError(f"probability of {outcome!s} is {p!r}, not a positive Fraction")
        total += p
    if total != 1:
        raise ValueError(f"probabilities sum to {total}, not 1")


def from_counts(counts: Iterable[tuple[T, int]]) -> Distribution:
    """Outcomes weighted by positive integer counts, as exact fractions."""
    items = [(o, c) for o, c in counts if c > 0]
    total = sum(c for _, c in items)
    return tuple((o, Fraction(c, total)) for o, c in items)


def uniform(outcomes: Sequence[T]) -> Distribution:
    """Each outcome equally likely."""
    p = Fraction(1, len(outcomes))
    return tuple((o, p) for o in outcomes)


def sample(pairs: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Choose an outcome with exactly its probability, using `rng`."""
    denominator = math.lcm(*(p.denominator for _, p in pairs))
    ticket = rng.randrange(denominator)
    for outcome, p in pairs:
        ticket -= p.numerator * (denominator // p.denominator)
        if ticket < 0:
            return outcome
    raise ValueError("probabilities sum to less than 1")


def standard_randrange(rng: random.Random) -> bool:
    """True when `rng.randrange(n)` is `random.Random`'s own, which for n > 0 is exactly
    ``rng._randbelow(n)`` (``getrandbits`` until below n): playout kernels may then call
    the lower layer directly and still draw what `randrange` would."""
    kind = type(rng)
    return kind.randrange is random.Random.randrange and \
        kind._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def randbelow(rng: random.Random) -> Callable[[int], int]:
    """A function drawing exactly what ``rng.randrange(n)`` draws for n > 0, as directly as
    the generator allows (a playout kernel's hot path)."""
    return rng._randbelow if standard_randrange(rng) else rng.randrange  # type: ignore[attr-defined]


def sample_counts(counts: Sequence[int], rng: random.Random) -> int:
    """Index chosen with probability proportional to `counts` (a fast path for draws)."""
    return pick_counts(counts, rng.randrange)


def pick_counts(counts: Sequence[int], below: Callable[[int], int]) -> int:
    """`sample_counts` with the draw ``below(total)`` given (see `randbelow`)."""
    ticket = below(sum(counts))
    for index, count in enumerate(counts):
        ticket -= count
        if ticket < 0:
            return index
    raise AssertionError("unreachable")


def pushforward(pairs: Iterable[tuple[T, Fraction]], key: Callable[[T], K]) -> dict[K, Fraction]:
    """The distribution of `key(outcome)`, merging outcomes with equal keys."""
    merged: dict[K, Fraction] = {}
    for outcome, p in pairs:
        k = key(outcome)
        merged[k] = merged.get(k, Fraction(0)) + p
    return merged


def expectation(pairs: Iterable[tuple[T, Fraction]], value: Callable[[T], Fraction | int]) -> Fraction:
    """The exact expected value of `value(outcome)`."""
    return sum((p * value(o) for o, p in pairs), Fraction(0))
