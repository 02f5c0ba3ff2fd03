"""Closed forms with sympy: mean, variance and fumble chance of nD+k in symbols n, k;
generating functions.

A d6 whose 6 reads 0 (faces 0..5) gives E[nD+k] = 5n/2 + k and Var = 35n/12.
With a fumble rule (the total becomes 0 when n >= 2 dice all show 0) the
mean loses k * (1/6)^n: the void roll would otherwise have totalled k.
A floor has no short closed form (it depends on the low tail); use
:mod:`workbench.prob.tables` for floored readings.

>>> blank6 = Dist.uniform((1, 2, 3, 4, 5, 0))
>>> mean_expr(blank6)
k + 5*n/2
>>> variance_expr(blank6)
35*n/12
>>> fumble_expr(blank6)
Piecewise(((1/6)**n, n >= 2), (0, True))
"""

from __future__ import annotations

from typing import Any

import sympy

from workbench.prob.dice import Fumble, fumble_face, pool
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


def mean_expr(die: Dist, fumble: Fumble = None, n: Any = N, k: Any = K) -> sympy.Expr:
    """E[total of n dice + k] as an expression in n and k (fumble: void total 0).

    >>> blank6 = Dist.uniform((1, 2, 3, 4, 5, 0))
    >>> mean_expr(blank6, fumble="zero")
    Piecewise((k + 5*n/2 - k/6**n, n >= 2), (k + 5*n/2, True))
    >>> mean_expr(blank6, fumble="zero").subs({N: 2, K: 3})
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


def variance_expr(die: Dist, n: Any = N) -> sympy.Expr:
    """Var[total of n dice + k] = n Var[die] (the modifier does not matter).

    >>> variance_expr(Dist.uniform((1, 2, 3, 4, 5, 0)), n=3)
    35/4
    """
    return n * die.variance()


def fumble_expr(die: Dist, fumble: Fumble = "zero", n: Any = N) -> sympy.Expr:
    """P(fumble) for n dice: P(face)^n when n >= 2, else 0.

    >>> [fumble_expr(Dist.uniform((1, 2, 3, 4, 5, 0)), n=i) for i in (1, 2, 3)]
    [0, 1/36, 1/216]
    """
    face = fumble_face(fumble)
    p = sympy.Integer(0) if face is None else die.p(face)
    return sympy.Piecewise((p**n, n >= 2), (0, True))


def generating_function(die: Dist, n: Any = N, modifier: Any = 0) -> sympy.Expr:
    """Probability generating function E[x^(total)] = x^k (sum p_f x^f)^n, symbolic in n.

    >>> blank6 = Dist.uniform((1, 2, 3, 4, 5, 0))
    >>> generating_function(blank6, n=2, modifier=1).expand().coeff(X, 1)
    1/36
    """
    face_poly = sum(p * X**o for o, p in die.pmf().items())
    return X**modifier * face_poly**n


def generating_polynomial(n: int, die: Dist, modifier: int = 0) -> sympy.Poly:
    """The generating function for a fixed n as a ``sympy.Poly`` in x (exact coefficients).

    The coefficient of x^t is P(total = t); totals must be >= 0.

    >>> blank6 = Dist.uniform((1, 2, 3, 4, 5, 0))
    >>> generating_polynomial(2, blank6).coeff_monomial(X**5)
    1/6
    >>> generating_polynomial(1, blank6, modifier=-1)
    Traceback (most recent call last):
    ...
    ValueError: a polynomial needs totals >= 0; the lowest total here is -1
    """
    dist = pool(n, die, modifier)
    low = dist.outcomes()[0]
    if low < 0:
        raise ValueError(f"a polynomial needs totals >= 0; the lowest total here is {low}")
    return sympy.Poly({(o,): p for o, p in dist.pmf().items()}, X, domain=sympy.QQ)
