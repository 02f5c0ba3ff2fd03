"""Confidence intervals, written once: every 95% interval the workbench prints comes from here.

- :func:`wilson` — a rate (``k`` of ``n``): the Wilson score interval, always inside [0, 1]
  and honest at small counts (0 of 4 is not "exactly 0").
- :func:`newcombe` — the difference of two *independent* rates (Newcombe's hybrid score,
  method 10 of Newcombe 1998): inside [-1, 1].
- :func:`paired_newcombe` — the difference of two rates measured on the *same* games
  (pairs of 0/1 outcomes; Newcombe's method 10 for paired proportions, 1998b): inside
  [-1, 1], narrower than :func:`newcombe` when the pairs agree.
- :func:`mean_interval` — a mean with Student's t (``n - 1`` degrees of freedom).
- :func:`jackknife_se` — the delete-a-block jackknife standard error of any estimate
  from its leave-one-block-out values (for measures with no formula of their own).

Floats only: intervals are for display and simulation, never for exact results.

>>> [round(x, 4) for x in wilson(50, 100)]
[0.4038, 0.5962]
>>> [round(x, 4) for x in mean_interval([1.0, 2.0, 3.0])]
[2.0, -0.4842, 4.4842]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

__all__ = [
    "Z95",
    "Interval",
    "jackknife_se",
    "mean_interval",
    "newcombe",
    "paired_newcombe",
    "pair_counts",
    "t_quantile",
    "wilson",
]

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal: a two-sided 95% interval."""

# Student's t, 97.5% quantile, 1..30 degrees of freedom (scipy.stats.t.ppf(0.975, df),
# to 4 decimals; tests/prob/test_intervals.py checks them against scipy).
_T975 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip


class Interval(NamedTuple):
    """A ``(low, high)`` pair (unpacks as a tuple)."""

    low: float
    high: float


def t_quantile(df: int, z: float = Z95) -> float:
    """The quantile of Student's t with ``df`` degrees of freedom matching the normal's ``z``
    (97.5% by default: a table to 30 degrees, Cornish–Fisher beyond, within 0.001).

    >>> t_quantile(3), round(t_quantile(19), 3), round(t_quantile(1000), 3)
    (3.1824, 2.093, 1.962)
    """
    if df < 1:
        return math.nan
    if z == Z95 and df <= len(_T975):
        return _T975[df - 1]
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a rate (95% by default); (0, 1) for no trials.

    >>> [round(x, 4) for x in wilson(0, 4)], wilson(0, 0)
    ([0.0, 0.4899], Interval(low=0.0, high=1.0))
    """
    if trials == 0:
        return Interval(0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes {successes} outside 0..{trials}")
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends, no float dust
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(low, high)


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> Interval:
    """The interval of ``k2/n2 - k1/n1`` for two independent rates (Newcombe's hybrid
    score: each rate's Wilson interval combined).

    Newcombe's (1998) worked example, 56/70 against 48/80 (0.0524 to 0.3339 for the
    first minus the second):

    >>> [round(x, 4) for x in newcombe(56, 70, 48, 80)]
    [-0.3339, -0.0524]
    >>> newcombe(0, 3, 3, 3).high <= 1.0
    True
    """
    if n1 == 0 or n2 == 0:
        return Interval(-1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return Interval(max(-1.0, low), min(1.0, high))


def pair_counts(pairs: Sequence[tuple[bool, bool]]) -> tuple[int, int, int, int]:
    """``(both, first only, second only, neither)`` of pairs of 0/1 outcomes.

    >>> pair_counts([(True, True), (True, False), (False, False), (False, True), (True, True)])
    (2, 1, 1, 1)
    """
    a = b = c = d = 0
    for x, y in pairs:
        if x and y:
            a += 1
        elif x:
            b += 1
        elif y:
            c += 1
        else:
            d += 1
    return a, b, c, d


def paired_newcombe(a: int, b: int, c: int, d: int, z: float = Z95) -> Interval:
    """The interval of ``(a + c)/n - (a + b)/n``, the second rate minus the first, measured
    on the same ``n`` games: ``a`` hits in both, ``b`` in the first only, ``c`` in the
    second only, ``d`` in neither (Newcombe 1998b, method 10: the Wilson intervals of both
    rates combined with the pairs' correlation, continuity-corrected).

    >>> [round(x, 4) for x in paired_newcombe(40, 5, 15, 40)]
    [0.0123, 0.1844]
    >>> paired_newcombe(0, 0, 0, 0)
    Interval(low=-1.0, high=1.0)
    >>> [round(x, 3) for x in paired_newcombe(0, 0, 4, 0)]
    [0.307, 1.0]
    """
    n = a + b + c + d
    if n == 0:
        return Interval(-1.0, 1.0)
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n, z)
    l2, u2 = wilson(a + c, n, z)
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    if margins == 0:
        phi = 0.0
    else:
        cross = a * d - b * c
        corrected = max(cross - n / 2, 0.0) if cross > 0 else cross
        phi = corrected / math.sqrt(margins)
    diff = p2 - p1
    down = (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2
    up = (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2
    low = diff - math.sqrt(max(0.0, down))
    high = diff + math.sqrt(max(0.0, up))
    return Interval(max(-1.0, low), min(1.0, high))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its 95% interval with Student's t (``n - 1``
    degrees of freedom); NaN bounds for fewer than two values, all NaN for none.

    >>> mean_interval([4.0])[0], math.isnan(mean_interval([4.0])[1])
    (4.0, True)
    """
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = sum(values) / n
    if n < 2:
        return m, math.nan, math.nan
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(var / n)
    return m, m - half, m + half


def jackknife_se(values: Sequence[float]) -> float:
    """The delete-a-block jackknife standard error of an estimate from its ``K``
    leave-one-block-out values (NaN ones dropped; NaN below two).

    >>> round(jackknife_se([1.0, 2.0, 3.0, 4.0]), 4)
    1.9365
    """
    vals = [v for v in values if not math.isnan(v)]
    k = len(vals)
    if k < 2:
        return math.nan
    m = sum(vals) / k
    return math.sqrt((k - 1) / k * sum((v - m) ** 2 for v in vals))
