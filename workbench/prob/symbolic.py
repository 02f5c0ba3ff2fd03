"""Closed forms with sympy: mean, variance and fumble chance of nD+k in symbols n, k;
generating functions.

The ghost game's die (faces 0..5) gives E[nD+k] = 5n/2 + k and Var = 35n/12.
With the fumble rule (the total becomes 0 when n >= 2 dice all show 0) the
mean loses k * (1/6)^n: the void roll would otherwise have totalled k.
A floor has no short closed form (it depends on the low tail); use
:mod:`workbench.prob.tables` for floored readings.

>>> mean_expr(GHOST_DIE)
k + 5*n/2
>>> variance_expr(GHOST_DIE)
35*n/12
>>> fumble_expr(GHOST_DIE)
Piecewise(((1/6)**n, n >= 2), (0, True))
"""

from __future__ import annotations

from typing import Any

import sympy

from workbench.prob.dice import GHOST_DIE, Fumble, fumble_face
from workbench.prob.dist import Dist

__all__ = [
    "K",
    "N",
    "X",
    "fumble_expr",
    "generating_function",
    "generating_polynomial",
    "mean_expr",
    "variance_expr",
]

N = sympy.Symbol("n", integer=True, nonnegative=True)
K = sympy.Symbol("k", integer=True)
X = sympy.Symbol("x")


def mean_expr(die: Dist = GHOST_DIE, fumble: Fumble = None, n: Any = N, k: Any = K) -> sympy.Expr:
    """E[total of n dice + k] as an expression in n and k (fumble: void total 0).

    >>> mean_expr(GHOST_DIE, fumble="zero")
    Piecewise((k + 5*n/2 - k/6**n, n >= 2), (k + 5*n/2, True))
    >>> mean_expr(GHOST_DIE, fumble="zero").subs({N: 2, K: 3})
    95/12
    """
    plain = n * die.mean() + k
    face = fumble_face(fumble)
    if face is None:
        return plain
    p = die.p(face)
    if p == 0:
        return plain
    # the void roll had total n*face + k; it now counts 0
    return sympy.Piecewise((plain - p**n * (n * face + k), n >= 2), (plain, True))


def variance_expr(die: Dist = GHOST_DIE, n: Any = N) -> sympy.Expr:
    """Var[total of n dice + k] = n Var[die] (the modifier does not matter).

    >>> variance_expr(die=GHOST_DIE, n=3)
    35/4
    """
    return n * die.variance()


def fumble_expr(die: Dist = GHOST_DIE, fumble: Fumble = "zero", n: Any = N) -> sympy.Expr:
    """P(fumble) for n dice: P(face)^n when n >= 2, else 0.

    >>> [fumble_expr(n=i) for i in (1, 2, 3)]
    [0, 1/36, 1/216]
    """
    face = fumble_face(fumble)
    p = sympy.Integer(0) if face is None else die.p(face)
    return sympy.Piecewise((p**n, n >= 2), (0, True))


def generating_function(die: Dist = GHOST_DIE, n: Any = N, modifier: Any = 0) -> sympy.Expr:
    """Probability generating function E[x^(total)] = x^k (sum p_f x^f)^n, symbolic in n.

    >>> generating_function(n=2, modifier=1).expand().coeff(X, 1)
    1/36
    """
    face_poly = sum(p * X**o for o, p in die.pmf().items())
    return X**modifier * face_poly**n


def generating_polynomial(n: int, die: Dist = GHOST_DIE, modifier: int = 0) -> sympy.Poly:
    """The generating function for a fixed n as a ``sympy.Poly`` in x (exact coefficients).

    The coefficient of x^t is P(total = t); totals must be >= 0.

    >>> generating_polynomial(2).coeff_monomial(X**5)
    1/6
    >>> generating_polynomial(1, modifier=-1)
    Traceback (most recent call last):
    ...
    ValueError: a polynomial needs totals >= 0; the lowest total here is -1
    """
    from workbench.prob.dice import pool

    dist = pool(n, die, modifier)
    low = dist.outcomes()[0]
    if low < 0:  # type: ignore[operator]
        raise ValueError(f"a polynomial needs totals >= 0; the lowest total here is {low}")
    return sympy.Poly({(o,): p for o, p in dist.pmf().items()}, X, domain=sympy.QQ)
