"""Small statistics for simulations: Wilson intervals for win rates, normal intervals for means."""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` may be fractional: shared wins).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` with a normal-approximation 95% interval: (mean, low, high)."""
    if not values:
        return (0.0, 0.0, 0.0)
    count = len(values)
    mean = math.fsum(values) / count
    if count == 1:
        return (mean, mean, mean)
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    half = z * math.sqrt(variance / count)
    return (mean, mean - half, mean + half)
