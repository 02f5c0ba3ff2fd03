"""Dice pools, fumbles and opposed rolls against brute-force enumeration."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from workbench.prob import Dist
from workbench.prob.dice import D6, die, p_fumble, pool, side
from workbench.prob.versus import opposed

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0 (the ghost game's die)
GHOST_DIE = die(GHOST_FACES)


def brute_pool(n, faces, modifier=0, floor=None, fumble_face=None):
    """Every roll of n dice listed: Counter of totals (the definition, no tricks)."""
    counts: Counter = Counter()
    for roll in itertools.product(faces, repeat=n):
        if fumble_face is not None and n >= 2 and all(f == fumble_face for f in roll):
            counts[0] += 1
            continue
        total = sum(roll) + modifier
        if floor is not None and total < floor:
            total = floor
        counts[total] += 1
    size = len(faces) ** n
    return {k: Fraction(v, size) for k, v in counts.items()}


def as_fractions(dist: Dist):
    return {k: Fraction(int(p.p), int(p.q)) for k, p in dist.pmf().items()}


faces_st = st.lists(st.integers(-3, 6), min_size=1, max_size=4)


@given(
    n=st.integers(0, 4),
    faces=faces_st,
    modifier=st.integers(-4, 4),
    floor=st.none() | st.integers(-2, 3),
    fumble=st.none() | st.integers(-3, 6),
)
def test_pool_matches_enumeration_for_any_faces(n, faces, modifier, floor, fumble):
    got = pool(n, die(faces), modifier, floor=floor, fumble=fumble)
    assert as_fractions(got) == brute_pool(n, faces, modifier, floor, fumble)


@given(
    n=st.integers(0, 5),
    modifier=st.integers(-3, 3),
    floor=st.sampled_from([None, 0]),
    fumble=st.sampled_from([None, "zero"]),
)
def test_ghost_pool_matches_enumeration(n, modifier, floor, fumble):
    got = pool(n, GHOST_DIE, modifier, floor=floor, fumble=fumble)
    face = 0 if fumble else None
    assert as_fractions(got) == brute_pool(n, GHOST_FACES, modifier, floor, face)


@given(n=st.integers(0, 3), modifier=st.integers(-2, 2), fumble=st.sampled_from([None, 0]))
def test_general_path_for_fraction_faces(n, modifier, fumble):
    faces = [Fraction(0), Fraction(1, 2), Fraction(3, 2)]
    got = pool(n, die(faces), modifier, fumble=fumble)
    assert as_fractions(got) == brute_pool(n, faces, modifier, None, fumble)


def test_ghost_fumble_is_exactly_total_zero():
    """With faces 0..5 the all-zero roll is the only way to total 0."""
    for n in range(2, 7):
        plain = pool(n, GHOST_DIE)
        assert plain.p(0) == sympy.Rational(1, 6**n) == p_fumble(n, GHOST_DIE)
        assert pool(n, GHOST_DIE, 3, fumble="zero").p(0) == p_fumble(n, GHOST_DIE)
        assert pool(n, GHOST_DIE, 3, fumble="zero").p(3) == 0


def test_known_ghost_values():
    assert pool(3, GHOST_DIE, 2).mean() == sympy.Rational(19, 2)
    assert pool(3, GHOST_DIE, 2).variance() == sympy.Rational(35, 4)
    assert p_fumble(2, GHOST_DIE) == sympy.Rational(1, 36)
    assert p_fumble(1, GHOST_DIE) == 0
    # 1D-3: the seed's "0 (-0.5)"; floored at 0 the mean is 1/2, not 0.
    assert pool(1, GHOST_DIE, -3).mean() == sympy.Rational(-1, 2)
    assert pool(1, GHOST_DIE, -3, floor=0).mean() == sympy.Rational(1, 2)
    # 2D+3 with the fumble: 8 - 3/36
    assert pool(2, GHOST_DIE, 3, fumble="zero").mean() == sympy.Rational(8) - sympy.Rational(1, 12)
    assert pool(7, GHOST_DIE).mean() == sympy.Rational(35, 2)
    assert pool(3, D6).p(18) == sympy.Rational(1, 216)


def test_pool_rejects_bad_arguments():
    with pytest.raises(ValueError, match="non-negative int"):
        pool(-1)
    with pytest.raises(ValueError, match="non-negative int"):
        pool(True)
    with pytest.raises(ValueError, match="fumble must be"):
        pool(2, GHOST_DIE, fumble="ones")
    with pytest.raises(ValueError, match="at least one face"):
        die([])


def brute_opposed(a_faces_n, d_faces_n, ties):
    a = brute_pool(*a_faces_n)
    d = brute_pool(*d_faces_n)
    win = tie = lose = Fraction(0)
    for x, px in a.items():
        for y, py in d.items():
            p = px * py
            if x > y or (x == y and ties == "attacker"):
                win += p
            elif x < y or (x == y and ties == "defender"):
                lose += p
            else:
                tie += p
    return win, tie, lose


@given(
    na=st.integers(0, 3),
    nd=st.integers(0, 3),
    ka=st.integers(-3, 3),
    kd=st.integers(-3, 3),
    ties=st.sampled_from(["defender", "attacker", "nobody"]),
    fumble=st.sampled_from([None, 0]),
)
def test_opposed_matches_enumeration(na, nd, ka, kd, ties, fumble):
    attack = pool(na, GHOST_DIE, ka, fumble=fumble)
    defence = pool(nd, GHOST_DIE, kd, fumble=fumble)
    v = opposed(attack, defence, ties=ties)
    want = brute_opposed(
        (na, GHOST_FACES, ka, None, fumble), (nd, GHOST_FACES, kd, None, fumble), ties
    )
    assert (v.win, v.tie, v.lose) == tuple(sympy.Rational(f.numerator, f.denominator) for f in want)
    assert v.win + v.tie + v.lose == 1
    eq = brute_opposed(
        (na, GHOST_FACES, ka, None, fumble), (nd, GHOST_FACES, kd, None, fumble), "nobody"
    )[1]
    assert v.equal == sympy.Rational(eq.numerator, eq.denominator)


def test_side_sums_each_ghosts_own_roll():
    """Two ghosts 1D+1 and 2D each fumble on their own: the side is their sum."""
    two = side(pool(1, GHOST_DIE, 1, fumble="zero"), pool(2, GHOST_DIE, fumble="zero"))
    counts: Counter = Counter()
    for a, b, c in itertools.product(GHOST_FACES, repeat=3):
        second = 0 if (b == 0 and c == 0) else b + c
        counts[a + 1 + second] += 1
    assert as_fractions(two) == {k: Fraction(v, 216) for k, v in counts.items()}
    assert side() == Dist.constant(0)


def test_opposed_rejects_unknown_tie_rule():
    with pytest.raises(ValueError, match="ties must be one of"):
        opposed(D6, D6, ties="draw")  # type: ignore[arg-type]


def test_large_pool_is_exact_and_normalised():
    big = pool(100, GHOST_DIE)
    assert big.total == 6**100
    assert big.mean() == 250
    assert big.variance() == sympy.Rational(35 * 100, 12)
