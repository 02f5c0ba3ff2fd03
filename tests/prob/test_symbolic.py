"""Closed forms agree with the exact pools for every small n and k."""

from __future__ import annotations

import pytest
import sympy

from workbench.prob.dice import D6, die, p_fumble, pool
from workbench.prob.symbolic import (
    K,
    N,
    X,
    fumble_expr,
    generating_function,
    generating_polynomial,
    mean_expr,
    variance_expr,
)

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0 (the ghost game's die)
GHOST_DIE = die(GHOST_FACES)


def test_ghost_closed_forms():
    assert mean_expr(GHOST_DIE) == sympy.Rational(5, 2) * N + K
    assert variance_expr(GHOST_DIE) == sympy.Rational(35, 12) * N
    assert fumble_expr(GHOST_DIE).subs(N, 4) == sympy.Rational(1, 1296)


@pytest.mark.parametrize("faces", [(1, 2, 3, 4, 5, 0), (1, 2, 3, 4, 5, 6), (0, 0, 1, 3)])
@pytest.mark.parametrize("fumble", [None, "zero"])
def test_mean_and_variance_match_pools(faces, fumble):
    d = die(faces)
    for n in range(0, 7):
        for k in range(-3, 4):
            exact = pool(n, d, k, fumble=fumble)
            assert mean_expr(d, fumble).subs({N: n, K: k}) == exact.mean()
            if fumble is None:
                assert variance_expr(d).subs(N, n) == exact.variance()
        assert fumble_expr(d, "zero").subs(N, n) == p_fumble(n, d)


def test_generating_polynomial_is_the_distribution():
    for n in range(0, 6):
        poly = generating_polynomial(n, GHOST_DIE, 2)
        want = pool(n, GHOST_DIE, 2).pmf()
        assert {m[0]: c for m, c in poly.terms()} == want
        assert poly.eval(1) == 1
    assert sympy.Poly(generating_function(D6, 3).expand(), X) == generating_polynomial(3, D6)


def test_generating_function_is_symbolic_in_n():
    g = generating_function(GHOST_DIE)
    # derivative at x = 1 is the mean, for every n
    assert sympy.simplify(sympy.diff(g, X).subs(X, 1)) == sympy.Rational(5, 2) * N
