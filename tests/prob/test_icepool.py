"""Ours against icepool: sums, pools with fumbles, opposed rolls, and the bridge."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import sympy
from hypothesis import given
from hypothesis import strategies as st

from workbench.prob.dice import D6, die, pool
from workbench.prob.icepool_bridge import (
    explode,
    from_icepool,
    keep_highest,
    keep_lowest,
    reroll,
    to_icepool,
)
from workbench.prob.tables import distribution_table
from workbench.prob.versus import opposed

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0 (the ghost game's die)
GHOST_DIE = die(GHOST_FACES)


def ice_pmf(ice_die):
    den = ice_die.denominator()
    return {o: sympy.Rational(q, den) for o, q in ice_die.items()}


@given(
    faces=st.lists(st.integers(-2, 7), min_size=1, max_size=5),
    n=st.integers(0, 8),
    k=st.integers(-4, 4),
)
def test_sums_match_icepool(faces, n, k):
    ours = pool(n, die(faces), k)
    theirs = n @ icepool.Die(faces) + k
    assert ours.pmf() == ice_pmf(theirs)


@given(n=st.integers(1, 9), k=st.integers(-3, 3), floor=st.sampled_from([None, 0]))
def test_fumble_pools_match_icepool(n, k, floor):
    ghost = icepool.Die([1, 2, 3, 4, 5, 0])

    def rule(*roll):
        if n >= 2 and all(x == 0 for x in roll):
            return 0
        total = sum(roll) + k
        return total if floor is None else max(total, floor)

    theirs = icepool.map(rule, *([ghost] * n)) if n <= 4 else None
    ours = pool(n, GHOST_DIE, k, floor=floor, fumble="zero")
    if theirs is not None:
        assert ours.pmf() == ice_pmf(theirs)
    # icepool the fast way: the all-zero roll is the only total 0
    fast = (n @ ghost).map(
        lambda t: 0 if (t == 0 and n >= 2) else (t + k if floor is None else max(t + k, floor))
    )
    assert ours.pmf() == ice_pmf(fast)


@given(na=st.integers(0, 10), nd=st.integers(0, 10), ka=st.integers(-3, 3), kd=st.integers(-3, 3))
def test_opposed_matches_icepool(na, nd, ka, kd):
    ghost = icepool.Die([1, 2, 3, 4, 5, 0])
    a, d = na @ ghost + ka, nd @ ghost + kd
    v = opposed(pool(na, GHOST_DIE, ka), pool(nd, GHOST_DIE, kd), ties="nobody")
    assert v.win == sympy.Rational(Fraction((a > d).probability(True)))
    assert v.tie == sympy.Rational(Fraction((a == d).probability(True)))
    assert v.lose == sympy.Rational(Fraction((a < d).probability(True)))


def test_round_trip_keeps_integer_weights():
    for d in (D6, GHOST_DIE, die([0, 0, 1]), pool(5, GHOST_DIE, 2, fumble="zero")):
        assert from_icepool(to_icepool(d)) == d


def test_keep_highest_against_enumeration():
    for n, keep in [(3, 1), (4, 3), (3, 2), (2, 0)]:
        counts: dict[int, int] = {}
        for roll in itertools.product(range(1, 7), repeat=n):
            s = sum(sorted(roll)[n - keep :])
            counts[s] = counts.get(s, 0) + 1
        assert keep_highest(n, D6, keep).pmf() == {
            s: sympy.Rational(c, 6**n) for s, c in counts.items()
        }
    low = keep_lowest(3, D6, 1)
    assert low.p(6) == sympy.Rational(1, 216)


def test_explode_and_reroll_by_hand():
    once = explode(D6, depth=1)
    assert (
        once.p(7) == sympy.Rational(1, 36) and once.p(6) == 0 and once.p(5) == sympy.Rational(1, 6)
    )
    assert reroll(D6, [1, 2], depth=1).p(1) == sympy.Rational(1, 18)
    assert reroll(D6, [1], depth=None) == die([2, 3, 4, 5, 6])
    # results get our tables
    table = distribution_table(keep_highest(20, D6, 5))
    assert table["at_least_exact"][0] == "1" and table["outcome"][-1] == 30


def test_bridge_rejects_bad_arguments():
    import pytest

    with pytest.raises(ValueError, match="keep must be"):
        keep_highest(2, D6, 3)
    with pytest.raises(TypeError):
        from_icepool(3)
