"""Statistics a report needs beyond :mod:`ninjadojo.sim.stats` (whose Wilson and mean intervals it builds on).

- :func:`proportion_difference` : the difference of two win rates with Newcombe's hybrid score interval;
- :func:`ratio_interval` : a ratio of sums (legal actions per decision) over games, delta-method interval;
  :func:`ratio_interval_from_sums` the same from running sums (when keeping each game's terms costs too much);
- :func:`paired_difference` and :func:`paired_ratio_difference` : B minus A over games paired by index
  (common random numbers), normal intervals;
- :func:`quantile` and :func:`histogram` for distributions;
- :func:`p_from_interval` and :func:`holm`: which of many differences hold when all are read together.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from ninjadojo.sim.stats import Z95, mean_interval, wilson_interval

__all__ = ["Z95", "histogram", "holm", "mean_interval", "p_from_interval", "paired_difference",
           "paired_ratio_difference", "proportion_difference", "quantile", "ratio_interval", "ratio_interval_from_sums",
           "wilson_interval"]


#: Student's t 0.975 quantiles for 1 to 30 degrees of freedom: a mean of few paired games is less sure
#: than the normal quantile says (beyond 30 the normal one, Z95, is close enough).
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def critical(count: int, z: float = Z95) -> float:
    """The multiplier of a 95% interval's half-width for a mean of ``count`` values: Student's t (``count - 1``
    degrees of freedom) for small samples when ``z`` is the 95% normal quantile, else ``z``."""
    if z == Z95 and 2 <= count <= len(_T975) + 1:
        return _T975[count - 2]
    return z


def proportion_difference(wins1: float, games1: int, wins0: float, games0: int,
                          z: float = Z95) -> tuple[float, float, float]:
    """``rate1 - rate0`` with Newcombe's hybrid score interval (built from the two Wilson intervals).

    Good at small counts and rates near 0 or 1, where the plain normal interval is not; wins may be
    fractional (shared wins). With no games on a side, that side's rate is 0 and its interval [0, 1].

    >>> difference, low, high = proportion_difference(60, 100, 40, 100)
    >>> round(difference, 2), round(low, 3), round(high, 3)
    (0.2, 0.061, 0.328)
    """
    rate1 = wins1 / games1 if games1 > 0 else 0.0
    rate0 = wins0 / games0 if games0 > 0 else 0.0
    low1, high1 = wilson_interval(wins1, games1, z)
    low0, high0 = wilson_interval(wins0, games0, z)
    difference = rate1 - rate0
    below = math.sqrt((rate1 - low1) ** 2 + (high0 - rate0) ** 2)
    above = math.sqrt((high1 - rate1) ** 2 + (rate0 - low0) ** 2)
    return (difference, max(-1.0, difference - below), min(1.0, difference + above))


def ratio_interval(numerators: Sequence[float], denominators: Sequence[float],
                   z: float = Z95) -> tuple[float, float, float]:
    """``sum(numerators) / sum(denominators)`` with a delta-method interval, the games as the units sampled.

    The legal actions per decision of a report are such a ratio (legal actions summed over decisions,
    over the decisions): the decisions of one game are not independent, the games are.
    Nothing to divide by: (0, 0, 0).

    >>> ratio, low, high = ratio_interval([10, 20, 30], [5, 10, 15])
    >>> ratio, low, high
    (2.0, 2.0, 2.0)
    """
    count = len(numerators)
    total = math.fsum(denominators)
    if count == 0 or total == 0:
        return (0.0, 0.0, 0.0)
    ratio = math.fsum(numerators) / total
    if count == 1:
        return (ratio, ratio, ratio)
    mean_denominator = total / count
    residuals = [(top - ratio * bottom) / mean_denominator for top, bottom in zip(numerators, denominators,
                                                                                  strict=True)]
    variance = math.fsum(value * value for value in residuals) / (count - 1)
    half = critical(count, z) * math.sqrt(variance / count)
    return (ratio, ratio - half, ratio + half)


def ratio_interval_from_sums(count: int, tops: float, bottoms: float, top_squares: float, products: float,
                             bottom_squares: float, z: float = Z95) -> tuple[float, float, float]:
    """:func:`ratio_interval` from sums over the ``count`` games instead of each game's terms: the sums of the
    numerators, the denominators, the numerators squared, their products and the denominators squared.

    A report's feature table needs one such ratio per feature, and every game adds to every one of them:
    keeping the running sums costs five numbers a feature, not two a game.

    >>> [round(end, 9) for end in ratio_interval([1, 3, 2], [2, 2, 3])]
    [0.857142857, -0.330814389, 2.045100103]
    >>> [round(end, 9) for end in ratio_interval_from_sums(3, 6, 7, 14, 14, 17)]
    [0.857142857, -0.330814389, 2.045100103]
    """
    if count == 0 or bottoms == 0:
        return (0.0, 0.0, 0.0)
    ratio = tops / bottoms
    if count == 1:
        return (ratio, ratio, ratio)
    mean_bottom = bottoms / count
    # The sum of (top - ratio * bottom) squared, expanded; rounding can leave it a hair below zero.
    squares = max(0.0, top_squares - 2 * ratio * products + ratio * ratio * bottom_squares)
    variance = squares / mean_bottom ** 2 / (count - 1)
    half = critical(count, z) * math.sqrt(variance / count)
    return (ratio, ratio - half, ratio + half)


def paired_difference(first: Sequence[float], second: Sequence[float],
                      z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``second[i] - first[i]`` with a 95% interval (Student's t below 32 pairs, normal above):
    B minus A over paired games.

    Pairing removes what the two games of a pair share (the deal, the bots' dice), so a rule's effect
    shows with far fewer games than two independent samples need. Identical pairs give (0, 0, 0).
    """
    if len(first) != len(second):
        raise ValueError(f"paired samples must have the same length, not {len(first)} and {len(second)}")
    return mean_interval([b - a for a, b in zip(first, second, strict=True)], critical(len(first), z))


def paired_ratio_difference(first: tuple[Sequence[float], Sequence[float]],
                            second: tuple[Sequence[float], Sequence[float]],
                            z: float = Z95) -> tuple[float, float, float]:
    """The difference of two ratios of sums (B minus A) over paired games, delta-method interval.

    ``first`` and ``second`` are (numerators, denominators) per game, game ``i`` of each a pair. Each
    pair contributes its two linearised terms together, so what the pair shares cancels.
    """
    (top_a, bottom_a), (top_b, bottom_b) = first, second
    count = len(top_a)
    if not count == len(bottom_a) == len(top_b) == len(bottom_b):
        raise ValueError("paired ratios need the same number of games on both sides")
    total_a, total_b = math.fsum(bottom_a), math.fsum(bottom_b)
    if count == 0 or total_a == 0 or total_b == 0:
        return (0.0, 0.0, 0.0)
    ratio_a, ratio_b = math.fsum(top_a) / total_a, math.fsum(top_b) / total_b
    difference = ratio_b - ratio_a
    if count == 1:
        return (difference, difference, difference)
    mean_a, mean_b = total_a / count, total_b / count
    terms = [(tb - ratio_b * bb) / mean_b - (ta - ratio_a * ba) / mean_a
             for ta, ba, tb, bb in zip(top_a, bottom_a, top_b, bottom_b, strict=True)]
    variance = math.fsum(value * value for value in terms) / (count - 1)
    half = critical(count, z) * math.sqrt(variance / count)
    return (difference, difference - half, difference + half)


def quantile(ordered: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of sorted values, linear between the two nearest (0 when empty).

    >>> quantile([1, 2, 3, 4], 0.5)
    2.5
    """
    if not ordered:
        return 0.0
    position = fraction * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return float(ordered[below] + (ordered[above] - ordered[below]) * (position - below))


def histogram(values: Sequence[float], bins: int = 20) -> dict[str, list[float] | list[int]]:
    """Counts of ``values`` in at most ``bins`` equal bins: ``{"edges": [...], "counts": [...]}``.

    Whole-number data (lengths, points) gets whole-number bin widths, so no bin holds more possible
    values than another; ``edges`` has one more entry than ``counts``, the last bin closed on the right.
    """
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    whole = all(float(value).is_integer() for value in values)
    if whole:
        width: float = max(1, math.ceil((high - low + 1) / bins))
        count = max(1, math.ceil((high - low + 1) / width))
        edges = [low + width * step for step in range(count + 1)]
    else:
        if high == low:
            high = low + 1.0
        width = (high - low) / bins
        count = bins
        edges = [low + width * step for step in range(count + 1)]
    counts = [0] * count
    # Counted by distinct value first: lengths and points take few values, games are many.
    for value, times in Counter(values).items():
        counts[min(int((value - low) // width), count - 1)] += times
    return {"edges": [round(edge, 6) for edge in edges], "counts": counts}


def p_from_interval(value: float, low: float, high: float, z: float = Z95) -> float:
    """The two-sided p-value of ``value`` against zero, from its normal 95% interval ``[low, high]`` (its
    standard error is the half-width over ``z``). An interval of no width gives 0 for a nonzero value and 1
    for zero. (A small sample's interval uses Student's t, wider: the p-value read from it errs large, on the
    safe side.)"""
    error = (high - low) / (2 * z)
    if error <= 0:
        return 0.0 if value != 0 else 1.0
    return math.erfc(abs(value) / error / math.sqrt(2))


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Which of several tests reject their null hypothesis with Holm's step-down correction, which keeps the
    chance of any false rejection among them all at most ``alpha`` (each alone at 95% would let about one in
    twenty through by luck). In the order given.

    >>> holm([0.01, 0.04, 0.30])
    [True, False, False]
    >>> holm([0.001, 0.02, 0.02])
    [True, True, True]
    """
    order = sorted(range(len(p_values)), key=lambda index: p_values[index])
    held = [False] * len(p_values)
    for rank, index in enumerate(order):
        if p_values[index] > alpha / (len(p_values) - rank):
            break
        held[index] = True
    return held
