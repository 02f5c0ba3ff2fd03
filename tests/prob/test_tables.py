"""Tables: exact text columns, the expectation grid, fumble and versus tables."""

from __future__ import annotations

import itertools
from fractions import Fraction

import polars as pl
import sympy

from workbench.prob.dice import die, pool
from workbench.prob.tables import (
    distribution_table,
    expectation_grid,
    expectation_means,
    fumble_table,
    versus_grid,
)

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0 (the ghost game's die)
GHOST_DIE = die(GHOST_FACES)


def test_distribution_table_columns_agree():
    t = distribution_table(pool(3, GHOST_DIE, 2, fumble="zero"))
    assert abs(t["p"].sum() - 1) < 1e-12
    assert t["at_least"][0] == 1 and t["at_most"][-1] == 1
    for row in t.iter_rows(named=True):
        assert float(Fraction(row["p_exact"])) == row["p"]
        assert float(Fraction(row["at_least_exact"])) == row["at_least"]
    zero = t.filter(pl.col("outcome") == 0).row(0, named=True)
    assert zero["p_exact"] == "1/216" and zero["one_in_x"] == 216


def test_big_weights_stay_exact():
    t = distribution_table(pool(40, GHOST_DIE))
    assert t["p_exact"][0] == f"1/{6**40}"


def brute_mean(n, k, floor, fumble):
    total = Fraction(0)
    for roll in itertools.product(GHOST_FACES, repeat=n):
        if fumble and n >= 2 and not any(roll):
            v = 0
        else:
            v = sum(roll) + k
            if floor is not None:
                v = max(v, floor)
        total += v
    return total / 6**n


def test_expectation_grid_matches_brute_force():
    grid = expectation_grid(range(1, 4), range(-3, 4), GHOST_DIE)
    assert grid.height == 3 * 7 * 4
    for row in grid.iter_rows(named=True):
        want = brute_mean(row["n"], row["k"], row["floor"], row["fumble"])
        assert Fraction(row["mean_exact"]) == want, row


def test_expectation_means_cover_the_full_ghost_table():
    means = expectation_means(range(1, 8), range(-3, 4), GHOST_DIE)
    assert len(means) == 7 * 7 * 4
    assert means[(3, 2, "plain")] == sympy.Rational(19, 2)
    assert means[(1, -3, "floor0")] == sympy.Rational(1, 2)
    assert means[(7, 0, "fumble")] == sympy.Rational(35, 2)


def test_fumble_table():
    t = fumble_table(range(1, 5), GHOST_DIE)
    assert t["p_fumble_exact"].to_list() == ["0", "1/36", "1/216", "1/1296"]
    assert t["one_in_x"].to_list() == [None, 36.0, 216.0, 1296.0]


def test_versus_grid_partition():
    g = versus_grid(["1D", "2D+1"], ["1D", "３Ｄ"], GHOST_FACES, ties="nobody", fumble="zero")
    assert g.height == 4
    for row in g.iter_rows(named=True):
        assert (
            Fraction(row["win_exact"]) + Fraction(row["tie_exact"]) + Fraction(row["lose_exact"])
            == 1
        )
    same = g.filter((pl.col("attack") == "1D") & (pl.col("defence") == "1D")).row(0, named=True)
    assert same["tie_exact"] == "1/6" and same["win_exact"] == "5/12"
    assert g["defence"].to_list()[1] == "3D"
