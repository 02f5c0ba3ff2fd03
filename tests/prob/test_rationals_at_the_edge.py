"""Issue 18: tables and opposed rolls compute with integers and Fractions; the public
API still answers with sympy Rationals, equal to what the tables print."""

from __future__ import annotations

import math
import subprocess
import sys
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.prob import deck_tables, tables
from workbench.prob.deck import (
    DrawSchedule,
    Mulligan,
    copies_needed,
    copies_needed_fraction,
    p_by_turn,
    p_by_turn_fraction,
    p_draw,
    p_draw_fraction,
    parse_target,
)
from workbench.prob.dice import (
    D6,
    die,
    p_fumble,
    p_fumble_fraction,
    pool,
    pool_mean,
    pool_mean_fraction,
)
from workbench.prob.dist import Dist
from workbench.prob.ordered import RoundRules, round_odds
from workbench.prob.versus import opposed

BLANK6 = die((1, 2, 3, 4, 5, 0))


def as_sympy(x: Fraction) -> sympy.Rational:
    return sympy.Rational(x.numerator, x.denominator)


def test_public_values_are_sympy():
    v = opposed(pool(3, BLANK6, 2), pool(3, BLANK6, 1))
    for value in (
        v.win,
        v.tie,
        v.lose,
        v.equal,
        pool(2, D6).mean(),
        pool(2, D6).variance(),
        p_fumble(2, BLANK6),
        pool_mean(3, BLANK6, 2, fumble="zero"),
        p_draw(40, 4, 7),
        p_by_turn(40, 4, 2, DrawSchedule(3)),
        copies_needed(40, 10, 0.9).probability,
        round_odds({"A": 2, "T": 1}, "T").expected_length,
        parse_target("90%"),
    ):
        assert isinstance(value, sympy.Basic), value
    assert v.win == sympy.Rational(4249, 7776)


def test_importing_the_exact_core_loads_no_sympy():
    code = (
        "import sys; import workbench.prob, workbench.prob.dice, workbench.prob.deck, "
        "workbench.prob.ordered, workbench.prob.notation; "
        "print('sympy' in sys.modules, 'polars' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


@given(
    st.dictionaries(st.integers(-8, 8), st.integers(1, 20), min_size=1, max_size=5),
    st.dictionaries(st.integers(-8, 8), st.integers(1, 20), min_size=1, max_size=5),
    st.sampled_from(["defender", "attacker", "nobody"]),
)
@settings(max_examples=60)
def test_versus_fractions_equal_the_rationals(a, d, ties):
    v = opposed(Dist(a), Dist(d), ties=ties)
    f = v.fractions()
    assert {k: as_sympy(x) for k, x in f.items()} == {
        "win": v.win,
        "tie": v.tie,
        "lose": v.lose,
        "equal": v.equal,
    }
    assert v.as_dict() == {k: str(getattr(v, k)) for k in ("win", "tie", "lose")}
    assert f["win"] + f["tie"] + f["lose"] == 1


@given(st.dictionaries(st.integers(-8, 8), st.integers(1, 20), min_size=1, max_size=5))
def test_dist_fractions_equal_the_rationals(weights):
    d = Dist(weights)
    assert as_sympy(d.mean_fraction()) == d.mean()
    assert as_sympy(d.variance_fraction()) == d.variance()
    assert {o: as_sympy(p) for o, p in d.pmf_fractions().items()} == d.pmf()
    assert d.pmf_text() == {o: str(p) for o, p in d.pmf().items()}


@pytest.mark.parametrize("n", [0, 1, 2, 5])
@pytest.mark.parametrize("k", [-3, 0, 2])
@pytest.mark.parametrize(
    ("floor", "fumble"), [(None, None), (0, None), (None, "zero"), (0, "zero")]
)
def test_means_and_fumbles(n, k, floor, fumble):
    assert as_sympy(pool_mean_fraction(n, BLANK6, k, floor=floor, fumble=fumble)) == pool_mean(
        n, BLANK6, k, floor=floor, fumble=fumble
    )
    assert as_sympy(p_fumble_fraction(n, BLANK6)) == p_fumble(n, BLANK6)


def test_expectation_grid_matches_the_sympy_means():
    grid = tables.expectation_grid(range(1, 4), range(-3, 4), BLANK6)
    for row in grid.iter_rows(named=True):
        d = pool(
            row["n"], BLANK6, row["k"], floor=row["floor"], fumble="zero" if row["fumble"] else None
        )
        assert row["mean_exact"] == str(d.mean()) and row["variance_exact"] == str(d.variance())
        assert row["mean"] == float(d.mean())


def test_versus_grid_matches_opposed():
    g = tables.versus_grid(["3D+2", "2D"], ["3D+1", "1D,1D"], (1, 2, 3, 4, 5, 0), fumble="zero")
    row = g.filter(attack="3D+2", defence="3D+1").row(0, named=True)
    assert row["win_exact"] == "25493/46656" and row["tie_exact"] == "0"


def test_a_table_of_397_dice_does_not_overflow():
    """total / weight beyond the largest float: "1 in X" is inf, the exact text stays exact."""
    t = tables.distribution_table(pool(397, D6))
    assert t["one_in_x"][0] == math.inf
    assert t["p_exact"][0] == f"1/{6**397}"
    assert t["p"].sum() == pytest.approx(1.0)


def test_deck_fraction_twins_equal_the_rationals():
    for seen in (0, 3, 10, 40):
        assert as_sympy(p_draw_fraction(40, 4, seen)) == p_draw(40, 4, seen)
    for t in range(0, 6):
        for mull in (None, Mulligan()):
            assert as_sympy(
                p_by_turn_fraction(40, 3, t, DrawSchedule(3), mulligan=mull)
            ) == p_by_turn(40, 3, t, DrawSchedule(3), mulligan=mull)
    for target in ("0.5", 0.9, "99%", "1"):
        a, b = copies_needed_fraction(40, 10, target), copies_needed(40, 10, target)
        assert a.copies == b.copies and as_sympy(a.probability) == b.probability  # type: ignore[arg-type]


def test_round_fraction_twins_equal_the_rationals():
    for rules in (RoundRules(), RoundRules("end", 2), RoundRules("reshuffle", 1, "bottom")):
        odds = round_odds({"A": 3, "B": 2, "C": 1, "T": 1}, "T", rules)
        assert {w: as_sympy(p) for w, p in odds.death_fractions().items()} == odds.death
        assert as_sympy(odds.expected_length_fraction()) == odds.expected_length


def test_deck_tables_print_the_rationals():
    seven = {**{p: 1 for p in "ABCDEFG"}, "T": 1}
    t = deck_tables.rules_table(seven, "T")
    for row, rule in zip(t.iter_rows(named=True), deck_tables.RULES.values()):
        odds = round_odds(seven, "T", rule)
        assert row["expected_length_exact"] == str(odds.expected_length)
        assert row["nobody_dies_exact"] == str(odds.death[None])
    pos = deck_tables.position_table(10, 3)
    assert pos["by_then_exact"].to_list()[-1] == "1"
    assert deck_tables.exact_text(sympy.Rational(2, 4)) == "1/2"
