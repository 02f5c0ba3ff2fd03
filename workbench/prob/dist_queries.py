"""What an exact distribution answers: probabilities, its pmf, cdf and survival,
moments and quantiles, as sympy ``Rational`` (sympy imported on first use), as
``fractions.Fraction`` or as ``"p/q"`` text from the integers.

:class:`DistQueries` is the part of :class:`~workbench.prob.dist.Dist` that
asks questions of its integer weights (``_weights``, sorted where comparable,
and their sum ``_total``); ``dist.py`` holds building, combining and sampling,
and imports this module (never the other way round). :func:`rational` and
:func:`exact_text` are importable from either module.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy


_RATIONAL: Any = None


def rational(num: Any, den: int = 1) -> sympy.Rational:
    """sympy ``Rational(num, den)``, importing sympy on the first call.

    >>> rational(6, 4)
    3/2
    """
    global _RATIONAL
    if _RATIONAL is None:
        from sympy import Rational

        _RATIONAL = Rational
    return _RATIONAL(num, den)


def exact_text(num: Any, den: int = 1) -> str:
    """``num/den`` reduced, as text, without sympy (``"0"``, ``"1"``, ``"-1/2"``); ``num``
    may be any rational (an int, a ``Fraction``, a sympy ``Rational``). The workbench's one
    way to write an exact probability.

    >>> exact_text(6, 36), exact_text(0, 5), exact_text(4, 4), exact_text(-2, 4)
    ('1/6', '0', '1', '-1/2')
    >>> from fractions import Fraction
    >>> exact_text(Fraction(2, 4)), exact_text(1)
    ('1/2', '1')
    """
    if type(num) is not int:
        f = Fraction(num) / den
        num, den = f.numerator, f.denominator
    g = math.gcd(num, den)
    num, den = num // g, den // g
    return str(num) if den == 1 else f"{num}/{den}"


def _fraction(num: Any, den: int) -> Fraction:
    return Fraction(num, den) if type(num) is int else Fraction(num) / den


_COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "=": operator.eq,
    "!=": operator.ne,
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
}


class DistQueries:
    """The questions a :class:`~workbench.prob.dist.Dist` answers (exact; see the module docstring)."""

    __slots__ = ()
    _weights: dict[Any, int]  # outcomes: any hashable values, added and compared as given
    _total: int

    def p(self, outcome: Hashable) -> sympy.Rational:
        """Exact P(X = outcome).

        >>> from workbench.prob import Dist
        >>> Dist.uniform(range(6)).p(0)
        1/6
        """
        return rational(self._weights.get(outcome, 0), self._total)

    def pmf(self) -> dict[Hashable, sympy.Rational]:
        """Outcome -> exact probability."""
        from sympy import Rational

        t = self._total
        return {o: Rational(w, t) for o, w in self._weights.items()}

    def pmf_fractions(self) -> dict[Hashable, Fraction]:
        """Outcome -> exact probability as a ``Fraction`` (no sympy).

        >>> from workbench.prob import Dist
        >>> Dist.uniform([0, 0, 1]).pmf_fractions()
        {0: Fraction(2, 3), 1: Fraction(1, 3)}
        """
        t = self._total
        return {o: Fraction(w, t) for o, w in self._weights.items()}

    def pmf_text(self) -> dict[Hashable, str]:
        """Outcome -> exact probability as ``"p/q"`` text, from the integers (no sympy).

        >>> from workbench.prob import Dist
        >>> Dist.uniform([0, 0, 1, 2]).pmf_text()
        {0: '1/2', 1: '1/4', 2: '1/4'}
        """
        t = self._total
        return {o: exact_text(w, t) for o, w in self._weights.items()}

    def probability(self, op: str, value: Any) -> sympy.Rational:
        """Exact P(X op value) for op in ==, !=, >=, <=, >, <.

        >>> from workbench.prob import Dist
        >>> Dist.uniform(range(1, 7)).probability(">", 4)
        1/3
        """
        cmp = _COMPARISONS.get(op)
        if cmp is None:
            raise ValueError(f"unknown comparison {op!r}; use one of {sorted(_COMPARISONS)}")
        hit = sum(w for o, w in self._weights.items() if cmp(o, value))
        return rational(hit, self._total)

    def where(self, predicate: Callable[[Any], bool]) -> sympy.Rational:
        """Exact P(predicate(X))."""
        hit = sum(w for o, w in self._weights.items() if predicate(o))
        return rational(hit, self._total)

    def _moment_sums(self) -> tuple[Any, Any]:
        """(sum of outcome x weight, sum of outcome^2 x weight)."""
        s1 = s2 = 0
        for o, w in self._weights.items():
            ow = o * w
            s1 += ow
            s2 += o * ow
        return s1, s2

    def mean(self) -> sympy.Rational:
        """Exact expectation (numeric outcomes).

        >>> from workbench.prob import Dist
        >>> Dist.uniform([0, 1, 2, 3, 4, 5]).mean()
        5/2
        """
        return rational(sum(o * w for o, w in self._weights.items()), self._total)

    def mean_fraction(self) -> Fraction:
        """:meth:`mean` as a ``Fraction`` (no sympy; rational outcomes).

        >>> from workbench.prob import Dist
        >>> Dist.uniform(range(1, 7)).mean_fraction()
        Fraction(7, 2)
        """
        return _fraction(sum(o * w for o, w in self._weights.items()), self._total)

    def variance(self) -> sympy.Rational:
        """Exact variance.

        >>> from workbench.prob import Dist
        >>> Dist.uniform(range(1, 7)).variance()
        35/12
        """
        t = self._total
        s1, s2 = self._moment_sums()
        return rational(s2 * t - s1 * s1, t * t)

    def variance_fraction(self) -> Fraction:
        """:meth:`variance` as a ``Fraction`` (no sympy; rational outcomes).

        >>> from workbench.prob import Dist
        >>> Dist.uniform(range(1, 7)).variance_fraction()
        Fraction(35, 12)
        """
        t = self._total
        s1, s2 = self._moment_sums()
        return _fraction(s2 * t - s1 * s1, t * t)

    def std(self) -> sympy.Expr:
        """Exact standard deviation (a sympy expression, possibly a surd)."""
        from sympy import sqrt

        return sqrt(self.variance())

    def quantile(self, q: Any) -> Hashable:
        """Smallest outcome x with P(X <= x) >= q (q exact: int, Rational or 'p/q').

        >>> from workbench.prob import Dist
        >>> Dist.uniform(range(1, 7)).quantile("1/2")
        3
        """
        qr = rational(q)
        if not 0 <= qr <= 1:
            raise ValueError(f"quantile must be in [0, 1], got {q}")
        acc = 0
        o: Hashable  # (a declaration: no code)
        for o, w in self._weights.items():
            acc += w
            if rational(acc, self._total) >= qr:
                return o
        last: Hashable = next(reversed(self._weights))
        return last

    def cdf(self) -> dict[Hashable, sympy.Rational]:
        """Outcome -> exact P(X <= outcome)."""
        from sympy import Rational

        acc, t, out = 0, self._total, {}
        for o, w in self._weights.items():
            acc += w
            out[o] = Rational(acc, t)
        return out

    def sf(self) -> dict[Hashable, sympy.Rational]:
        """Outcome -> exact P(X >= outcome)."""
        from sympy import Rational

        acc, t, out = self._total, self._total, {}
        for o, w in self._weights.items():
            out[o] = Rational(acc, t)
            acc -= w
        return out
