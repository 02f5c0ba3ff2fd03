"""Closed forms for deck questions, with sympy symbols N (deck size), K (copies), n (seen).

Each form is a sympy expression; :func:`at` substitutes numbers and gives the
exact Rational, which the tests check against :mod:`workbench.prob.deck` and
:mod:`workbench.prob.ordered`. (General dice forms live in ``prob.symbolic``.)

>>> p_none()
binomial(-K + N, n)/binomial(N, n)
>>> at(p_none(), N=40, K=4, n=7)
4092/9139
>>> p_stop_first()
1/N
"""

from __future__ import annotations

from typing import Any

import sympy

N, K, n, m = sympy.symbols("N K n m", integer=True, nonnegative=True)


def at(expr: sympy.Expr, **values: Any) -> sympy.Rational:
    """The exact value of a closed form at given N, K, n, m.

    >>> at(expected_first_position(), N=40, K=4)
    41/5
    """
    known = {"N": N, "K": K, "n": n, "m": m}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ValueError(f"unknown symbol(s) {', '.join(unknown)}; use N, K, n, m")
    value = sympy.simplify(sympy.combsimp(expr.subs({known[k]: v for k, v in values.items()})))
    if not value.is_Rational:
        raise ValueError(f"give every symbol a value: {value} still has {value.free_symbols}")
    return sympy.Rational(value)


def p_none() -> sympy.Expr:
    """P(no copy among n seen) = C(N-K, n) / C(N, n)."""
    return sympy.binomial(N - K, n) / sympy.binomial(N, n)


def p_none_product() -> sympy.Expr:
    """The same as a falling-factorial ratio: (N-K)_n / (N)_n.

    >>> at(p_none_product(), N=40, K=4, n=7) == at(p_none(), N=40, K=4, n=7)
    True
    """
    return sympy.ff(N - K, n) / sympy.ff(N, n)


def p_at_least_one() -> sympy.Expr:
    """P(at least one copy among n seen) = 1 - C(N-K, n) / C(N, n).

    >>> at(p_at_least_one(), N=40, K=4, n=7)
    5047/9139
    """
    return 1 - p_none()


def p_stop_first() -> sympy.Expr:
    """P(the one stop card is drawn first), derived from the hypergeometric term: 1/N.

    >>> p_stop_first().subs(N, 8)
    1/8
    """
    return sympy.simplify(sympy.binomial(1, 1) * sympy.binomial(N - 1, 0) / sympy.binomial(N, 1))


def expected_first_position() -> sympy.Expr:
    """E[position of the first of K copies in N cards] = (N + 1) / (K + 1)."""
    return (N + 1) / (K + 1)


def expected_round_length(rule: str = "bottom") -> sympy.Expr:
    """E[person cards on the line] for N cards with one stop card.

    ``"end"`` (no first-card rule): (N - 1)/2; ``"bottom"`` (seed 002): the
    stop card first sends it under the deck, so every person card is drawn:
    (N - 1)(N + 2) / (2N).

    >>> at(expected_round_length(), N=8)
    35/8
    """
    if rule == "end":
        return (N - 1) / 2
    if rule == "bottom":
        return (N - 1) * (N + 2) / (2 * N)
    raise ValueError(f"rule must be 'end' or 'bottom', got {rule!r}")


def p_immediate_stop(opening_stop: str = "reshuffle") -> sympy.Expr:
    """P(the first acting draw after an m-card opening is the stop card), N cards.

    ``"reshuffle"``: (N-m)/N * 1/(N-m) + m/N * 1/(N-m+1) = 1/N + m/(N(N-m+1));
    ``"bottom"``: 1/N. (The author's 25% is 1/(N-m), the chance given the stop
    card was not in the opening.)

    >>> at(p_immediate_stop(), N=8, m=4), at(p_immediate_stop("bottom"), N=8, m=4)
    (9/40, 1/8)
    """
    if opening_stop == "reshuffle":
        return 1 / N + m / (N * (N - m + 1))
    if opening_stop == "bottom":
        return 1 / N
    raise ValueError(f"opening_stop must be 'reshuffle' or 'bottom', got {opening_stop!r}")
