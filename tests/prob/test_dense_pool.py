"""Pools by the power recurrence (issue 18) against the packed-integer method and the
definition, on random faces and weights (hypothesis)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.prob import Dist, die, mixed_pool, pool
from workbench.prob._dense import (
    _costs,
    dense_pool,
    dense_power,
    kronecker_pool,
    recurrence_pool,
)
from workbench.prob.notation import parse_dice

weights_st = st.lists(st.integers(0, 12), min_size=1, max_size=7)
big_weights_st = st.lists(st.sampled_from([0, 1, 1, 2, 7, 10**6, 10**12]), min_size=1, max_size=5)


def brute(kinds) -> tuple[int, ...]:
    """prod P_i^{n_i} by multiplying one die at a time."""
    out = [1]
    for weights, n in kinds:
        for _ in range(n):
            step = [0] * (len(out) + len(weights) - 1)
            for i, x in enumerate(out):
                for j, y in enumerate(weights):
                    step[i + j] += x * y
            out = step
    return tuple(out)


def palindrome(w: list[int]) -> tuple[int, ...]:
    return tuple(w + w[-2::-1])


kind_st = st.tuples(
    st.one_of(
        weights_st.map(tuple),
        weights_st.map(palindrome),
        st.integers(1, 30).map(lambda s: (1,) * s),
        big_weights_st.map(tuple),
    ),
    st.integers(0, 9),
)


@given(st.lists(kind_st, min_size=1, max_size=3))
def test_both_methods_match_brute_force(kinds):
    kinds = tuple(kinds)
    want = brute(kinds)
    assert dense_pool(kinds) == want
    assert kronecker_pool(kinds) == want
    if all(w[0] for w, n in kinds if n):
        assert recurrence_pool(kinds) == want


@given(st.integers(1, 20), st.integers(0, 150))
@settings(max_examples=30, deadline=None)
def test_fair_die_pools_match_the_packed_power(sides, n):
    assert recurrence_pool((((1,) * sides, n),)) == kronecker_pool((((1,) * sides, n),))


@given(
    st.dictionaries(st.integers(-20, 20), st.integers(1, 9), min_size=1, max_size=6),
    st.integers(0, 60),
)
@settings(max_examples=60)
def test_pool_of_any_die_matches_repeated_addition(weights, n):
    d = Dist(weights)
    slow = Dist.constant(0)
    for _ in range(n):
        slow = slow + d
    assert n @ d == slow == pool(n, d)


@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20])),
        min_size=1,
        max_size=4,
    )
)
@settings(max_examples=60)
def test_mixed_pools_match_sums_of_pools(terms):
    want = Dist.constant(0)
    for n, sides in terms:
        want = want + pool(n, die(sides))
    assert mixed_pool([(n, die(s)) for n, s in terms]) == want


def test_the_notation_limit_is_exact():
    """1000 ghost dice: total, ends, symmetry and one coefficient by the binomial formula."""
    d = parse_dice("1000D", faces=(1, 2, 3, 4, 5, 0)).dist()
    weights = d.weights()
    assert d.total == 6**1000 and weights[0] == weights[5000] == 1
    assert all(weights[k] == weights[5000 - k] for k in range(0, 5001, 97))
    from math import comb

    k = 2500
    want = sum((-1) ** i * comb(1000, i) * comb(k - 6 * i + 999, 999) for i in range(k // 6 + 1))
    assert weights[k] == want


def test_recurrence_needs_a_constant_term():
    with pytest.raises(ValueError, match="constant term"):
        recurrence_pool((((0, 1), 3),))


def test_large_pools_take_the_recurrence_small_ones_the_packed_power():
    kron, rec = _costs((((1,) * 6, 500),))
    assert rec < kron / 10
    kron, rec = _costs((((1,) * 6, 3),))
    assert kron < rec


def test_two_d4_plus_one_d8_by_definition():
    want = Counter(sum(r) for r in itertools.product(range(1, 5), range(1, 5), range(1, 9)))
    got = parse_dice("2d4+1d8").dist()
    assert got.weights() == dict(sorted(want.items()))
    assert dense_power((1, 1, 1, 1), 2) == (1, 2, 3, 4, 3, 2, 1)
