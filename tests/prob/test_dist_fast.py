"""The fast integer paths of Dist (packed big-int convolution, cached powers) against
the definition, and seeded simulation against the exact answer."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import sympy
from hypothesis import given
from hypothesis import strategies as st

from workbench.prob import Dist, die, mixed_pool, pool
from workbench.prob._dense import dense_power, dense_product

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0 (the ghost game's die)
GHOST_DIE = die(GHOST_FACES)

weights_st = st.dictionaries(st.integers(-30, 30), st.integers(1, 10**6), min_size=1, max_size=6)


def naive_sum(a: dict, b: dict) -> Counter:
    out: Counter = Counter()
    for (x, wx), (y, wy) in itertools.product(a.items(), b.items()):
        out[x + y] += wx * wy
    return out


def normalised(counts) -> dict:
    g = math.gcd(*counts.values())
    return {k: v // g for k, v in sorted(counts.items()) if v}


@given(weights_st, weights_st)
def test_convolution_matches_definition(a, b):
    got = Dist(a) + Dist(b)
    assert got.weights() == normalised(naive_sum(Dist(a).weights(), Dist(b).weights()))
    assert list(got.outcomes()) == sorted(got.outcomes())


@given(st.dictionaries(st.sampled_from([-5000, 0, 3, 7000]), st.integers(1, 9), min_size=1))
def test_sparse_outcomes_take_the_dictionary_path(a):
    d = Dist(a)
    assert (d + d).weights() == normalised(naive_sum(d.weights(), d.weights()))


@given(weights_st, st.integers(0, 6))
def test_repeat_sum_matches_repeated_addition(a, n):
    d = Dist(a)
    slow = Dist.constant(0)
    for _ in range(n):
        slow = slow + d
    assert d.repeat_sum(n) == slow == n @ d


@given(
    st.lists(st.integers(0, 50), min_size=1, max_size=6),
    st.lists(st.integers(0, 50), min_size=1, max_size=6),
)
def test_dense_product_is_polynomial_product(a, b):
    want = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            want[i + j] += x * y
    assert dense_product(a, b) == want


def test_dense_power_huge_counts():
    coeffs = dense_power((1, 1, 1, 1, 1, 1), 200)
    assert coeffs[0] == 1 and coeffs[-1] == 1 and sum(coeffs) == 6**200
    assert coeffs[1] == 200 and len(coeffs) == 1001


def test_constant_shift_stays_sorted_and_exact():
    d = die([5, 1, 3]) + (-10)
    assert d.outcomes() == (-9, -7, -5)
    assert (d + sympy.Rational(1, 2)).mean() == sympy.Rational(-13, 2)


@given(
    counts=st.lists(st.integers(0, 2), min_size=1, max_size=3),
    faces=st.lists(st.lists(st.integers(0, 3), min_size=1, max_size=3), min_size=3, max_size=3),
    modifier=st.integers(-3, 3),
    floor=st.none() | st.integers(-1, 2),
    fumble=st.none() | st.integers(0, 3),
)
def test_mixed_pool_matches_enumeration(counts, faces, modifier, floor, fumble):
    dice = [(n, die(f)) for n, f in zip(counts, faces)]
    listed = [f for n, f in zip(counts, faces) for _ in range(n)]
    total_dice = len(listed)
    out: Counter = Counter()
    for roll in itertools.product(*listed):
        if fumble is not None and total_dice >= 2 and all(x == fumble for x in roll):
            out[0] += 1
            continue
        v = sum(roll) + modifier
        out[v if floor is None else max(v, floor)] += 1
    assert mixed_pool(dice, modifier, floor=floor, fumble=fumble).weights() == normalised(out)


def test_simulation_agrees_with_exact_mean():
    """20,000 seeded draws of ghost 3D+2 (fumble on): mean inside the 99.9% interval."""
    d = pool(3, GHOST_DIE, 2, fumble="zero")
    rng = random.Random(20260425)
    draws = [d.sample(rng) for _ in range(20_000)]
    mean, sd = float(d.mean()), math.sqrt(float(d.variance()))
    half_width = 3.29 * sd / math.sqrt(len(draws))
    assert abs(sum(draws) / len(draws) - mean) < half_width
    # and the fumble frequency: 1/216 expected
    zeros = draws.count(0) / len(draws)
    p = 1 / 216
    assert abs(zeros - p) < 3.29 * math.sqrt(p * (1 - p) / len(draws))


@given(st.lists(st.sampled_from(["G01", "G02", "R10", "a", "b", "ソラ"]), min_size=1, max_size=24))
def test_uniform_of_card_ids_is_the_general_constructor(cards):
    fast, general = Dist.uniform(cards), Dist(dict(Counter(cards)))
    assert list(fast.items()) == list(general.items()) and fast.total == general.total
    assert fast == general and hash(fast) == hash(general)
