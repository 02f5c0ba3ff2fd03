"""The one intervals module: published figures, coverage against known answers, bounds."""

from __future__ import annotations

import random
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.prob.intervals import (
    Z95,
    jackknife_se,
    mean_interval,
    newcombe,
    pair_counts,
    paired_newcombe,
    t_quantile,
    wilson,
)


@pytest.mark.slow  # importing scipy.stats costs a few seconds
def test_t_quantiles_match_scipy():
    from scipy.stats import t

    for df in [*range(1, 40), 60, 120, 1000]:
        assert t_quantile(df) == pytest.approx(t.ppf(0.975, df), abs=1e-3), df
    assert t_quantile(10**9) == pytest.approx(Z95)


def test_t_table_against_published_values():
    # Student's t, two-sided 95%, as printed in every table: df 1, 2, 5, 10, 30
    assert [t_quantile(d) for d in (1, 2, 5, 10, 30)] == [12.7062, 4.3027, 2.5706, 2.2281, 2.0423]
    assert abs(t_quantile(60) - 2.0003) < 1e-3 and abs(t_quantile(120) - 1.9799) < 1e-3


def test_published_figures():
    # Newcombe (1998), Statistics in Medicine 17: 873-890, 56/70 against 48/80, method 10
    low, high = newcombe(56, 70, 48, 80)
    assert (round(-high, 4), round(-low, 4)) == (0.0524, 0.3339)
    # Wilson (1927) / Newcombe (1998) single proportion: 81/263 -> 0.2553 to 0.3662
    assert [round(x, 4) for x in wilson(81, 263)] == [0.2553, 0.3662]


def _wilson_coverage(n: int, p: float) -> float:
    """Exact coverage of the Wilson interval: the binomial's own weights (no simulation)."""
    return sum(
        comb(n, k) * p**k * (1 - p) ** (n - k)
        for k in range(n + 1)
        if wilson(k, n).low <= p <= wilson(k, n).high
    )


@pytest.mark.parametrize("n", [4, 10, 30, 200])
def test_wilson_covers_95_percent_on_average_small_counts_included(n):
    grid = [i / 40 for i in range(1, 40)]
    cover = [_wilson_coverage(n, p) for p in grid]
    assert 0.93 <= sum(cover) / len(cover) <= 0.975, n
    assert min(cover) >= 0.83  # Wilson's known dips (n=4, p=1/2: 14/16) and no worse


def _paired_sample(rng: random.Random, n: int, cells: tuple[float, float, float]):
    both, first, second = cells
    out = []
    for _ in range(n):
        u = rng.random()
        out.append(
            (True, True)
            if u < both
            else (True, False)
            if u < both + first
            else (False, True)
            if u < both + first + second
            else (False, False)
        )
    return out


@pytest.mark.parametrize(
    ("n", "cells", "lowest", "highest"),
    [
        (4, (0.3, 0.1, 0.2), 0.93, 1.0),  # conservative at a handful of pairs, never under
        (10, (0.4, 0.1, 0.1), 0.93, 1.0),
        (30, (0.3, 0.1, 0.2), 0.93, 0.985),
        (200, (0.3, 0.1, 0.2), 0.93, 0.97),
    ],
)
def test_paired_newcombe_coverage_by_simulation(n, cells, lowest, highest):
    rng = random.Random(n)
    truth = cells[2] - cells[1]  # second rate minus first
    reps = 1500
    hits = 0
    for _ in range(reps):
        low, high = paired_newcombe(*pair_counts(_paired_sample(rng, n, cells)))
        hits += low <= truth <= high
    assert lowest <= hits / reps <= highest, hits / reps


@pytest.mark.parametrize("n", [4, 30])
def test_mean_interval_coverage_by_simulation(n):
    rng = random.Random(7 + n)
    reps = 3000
    hits = 0
    for _ in range(reps):
        _m, low, high = mean_interval([rng.gauss(1.0, 2.0) for _ in range(n)])
        hits += low <= 1.0 <= high
    assert 0.935 <= hits / reps <= 0.965, hits / reps  # Student's t: exact for normal data


def test_jackknife_of_a_mean_is_its_standard_error():
    values = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    n = len(values)
    leave_outs = [(sum(values) - v) / (n - 1) for v in values]
    mean = sum(values) / n
    sd = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5
    assert jackknife_se(leave_outs) == pytest.approx(sd / n**0.5)


@given(st.integers(0, 60), st.integers(0, 60))
def test_a_rate_interval_stays_in_0_1(k, extra):
    n = k + extra
    low, high = wilson(k, n)
    assert 0.0 <= low <= high <= 1.0
    if n:
        assert low <= k / n <= high


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 30), st.integers(0, 30))
def test_a_difference_of_rates_stays_in_minus_1_1(a, b, c, d):
    low, high = paired_newcombe(a, b, c, d)
    assert -1.0 <= low <= high <= 1.0
    n = a + b + c + d
    if n:
        assert low <= (c - b) / n + 1e-12 and (c - b) / n - 1e-12 <= high
    k1, n1, k2, n2 = a, a + b, c, c + d
    low, high = newcombe(k1, n1, k2, n2)
    assert -1.0 <= low <= high <= 1.0
    if n1 and n2:
        assert low - 1e-12 <= k2 / n2 - k1 / n1 <= high + 1e-12
