"""Confidence intervals for sampled results: Wilson for win rates, Student's t for means.

Pure standard library, so the analysis layer needs no numerical package.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: honest near 0 and 1, unlike p ± z·se."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def t_quantile(df: int, level: float = 0.95) -> float:
    """Student's t quantile (two-sided `level`) by the Cornish-Fisher expansion; exact enough
    for intervals (error below 1e-3 from 3 degrees of freedom on, normal for large df)."""
    z = NormalDist().inv_cdf(0.5 + level / 2)
    if df <= 0:
        return math.inf
    if df == 1:
        return math.tan(math.pi * level / 2)
    if df == 2:
        a = level
        return a * math.sqrt(2 / (1 - a * a))
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): the t interval of the mean (the normal one for large samples)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, -math.inf, math.inf)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1, level) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def derive_seed(master: int, index: int) -> int:
    """The seed of rollout `index` of a run seeded `master` (stable across Python versions)."""
    digest = hashlib.sha256(f"{master}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
