"""The exact distribution type: an immutable map outcome -> positive integer weight.

Weights are Python ints inside; every probability that leaves the public
methods is a sympy ``Rational``, built only then (sympy is imported on first
use, so code that needs no Rational never loads it). The ``*_fraction``
methods answer the same questions with :class:`fractions.Fraction` for callers
that want no sympy (the command line, tables of exact text). Floats appear
only in :meth:`Dist.sample` (simulation). The questions (probabilities,
pmf, cdf, moments, quantiles) are :class:`~workbench.prob.dist_queries.DistQueries`,
which ``Dist`` inherits; this module builds, combines and samples.

>>> d6 = Dist.uniform(range(1, 7))
>>> (2 @ d6).probability(">=", 10)
1/6
>>> (2 @ d6).mean()
7
>>> (d6 + 1).pmf()[7]
1/6
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from workbench.prob._dense import dense_power, dense_product
from workbench.prob.dist_queries import DistQueries, exact_text, rational

if TYPE_CHECKING:
    import sympy

__all__ = ["Dist", "E", "P", "exact_text", "rational"]


class Dist(DistQueries):
    """An exact finite distribution; immutable and hashable.

    Outcomes are kept sorted when they are mutually comparable.
    Zero weights are dropped; the weights are divided by their gcd.

    >>> Dist({1: 2, 2: 2})
    Dist({1: 1, 2: 1})
    >>> Dist({})
    Traceback (most recent call last):
    ...
    ValueError: a distribution needs at least one outcome with positive weight
    """

    __slots__ = ("_weights", "_total", "_hash", "_dense_form")

    def __init__(self, weights: Mapping[Hashable, int]) -> None:
        items: list[tuple[Any, int]] = []  # outcomes as given (sorted when comparable)
        for outcome, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool):
                raise TypeError(f"weight of {outcome!r} must be an int, got {weight!r}")
            if weight < 0:
                raise ValueError(f"weight of {outcome!r} is negative: {weight}")
            if weight:
                items.append((outcome, weight))
        if not items:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        try:
            items.sort(key=lambda kv: kv[0])
        except TypeError:
            pass
        g = 0
        for _, w in items:
            g = math.gcd(g, w)
        if g > 1:
            items = [(o, w // g) for o, w in items]
        self._weights: dict[Any, int] = dict(items)
        self._total: int = sum(w for _, w in items)
        self._hash: int | None = None
        self._dense_form: tuple[int, tuple[int, ...]] | None | Literal[False] = False

    # -- construction -------------------------------------------------------
    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each listed outcome once (repeats add weight).

        >>> Dist.uniform([0, 0, 1]).pmf()
        {0: 2/3, 1: 1/3}
        >>> Dist.uniform(["b", "a", "b", "b"]) == Dist({"a": 1, "b": 3}), Dist.uniform(["b", "a"])
        (True, Dist({'a': 1, 'b': 1}))
        """
        weights: dict[Any, int] = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        if weights and all(type(o) is str for o in weights):  # card draws: sorted, no checks
            return cls._trusted(dict(sorted(weights.items())))
        if weights and all(type(o) is int for o in weights):
            lo, hi = min(weights), max(weights)
            if len(weights) == sum(weights.values()) and hi - lo < 8 * len(weights) + 256:
                dense = [0] * (hi - lo + 1)
                for o in weights:
                    dense[o - lo] = 1
                return cls._from_dense(lo, dense, len(weights))
            return cls._trusted(dict(sorted(weights.items())))
        return cls(weights)

    @classmethod
    def constant(cls, outcome: Hashable) -> Dist:
        """A certain outcome.

        >>> Dist.constant(3).probability("==", 3)
        1
        """
        return cls({outcome: 1})

    @classmethod
    def _trusted(cls, weights: dict[Hashable, int]) -> Dist:
        """Build from weights known to be positive ints in sorted outcome order
        (fast path: no validation, no sorting; still divided by the gcd)."""
        g = math.gcd(*weights.values())
        if g > 1:
            weights = {o: w // g for o, w in weights.items()}
        self = object.__new__(cls)
        self._weights = weights
        self._total = sum(weights.values())
        self._hash = None
        self._dense_form = False
        return self

    @classmethod
    def _from_dense(cls, lo: int, weights: Sequence[int], total: int | None = None) -> Dist:
        """Build from integer outcomes lo, lo+1, ... with weights >= 0 (some positive).
        With ``total`` (the sum of the weights) the weights are taken as having no
        common factor: a product of reduced distributions' polynomials has none
        (Gauss's lemma), so sums of dice skip the gcd and the sum.

        >>> Dist._from_dense(-1, [1, 0, 2]), Dist._from_dense(0, [1, 2, 1], total=4)
        (Dist({-1: 1, 1: 2}), Dist({0: 1, 1: 2, 2: 1}))
        """
        weights_by: dict[Hashable, int] = {lo + i: w for i, w in enumerate(weights) if w}
        if total is None:
            return cls._trusted(weights_by)
        self = object.__new__(cls)
        self._weights = weights_by
        self._total = total
        self._hash = None
        self._dense_form = False
        if weights[0] and weights[-1] and len(weights) <= 8 * len(weights_by) + 257:
            self._dense_form = (lo, tuple(weights))  # what _dense() would compute
        return self

    def _dense(self) -> tuple[int, tuple[int, ...]] | None:
        """(lowest outcome, weights of lowest..highest) when every outcome is an int
        and the outcomes are not too sparse for a dense list (else None); kept.

        >>> Dist({0: 1, 2: 3})._dense(), Dist({0: 1, 10**9: 1})._dense()
        ((0, (1, 0, 3)), None)
        """
        form = self._dense_form
        if form is False:
            form = self._dense_form = self._dense_compute()
        return form

    def _dense_compute(self) -> tuple[int, tuple[int, ...]] | None:
        keys = self._weights.keys()
        if not all(type(o) is int for o in keys):
            return None
        lo = next(iter(keys))
        hi = next(reversed(keys))
        if hi - lo > 8 * len(keys) + 256:
            return None
        dense = [0] * (hi - lo + 1)
        for o, w in self._weights.items():
            dense[o - lo] = w
        return lo, tuple(dense)

    # -- access -------------------------------------------------------------
    @property
    def total(self) -> int:
        """Sum of the integer weights."""
        return self._total

    def weights(self) -> dict[Any, int]:
        """A copy of the outcome -> integer weight map."""
        return dict(self._weights)

    def outcomes(self) -> tuple[Any, ...]:
        """The outcomes, sorted where comparable."""
        return tuple(self._weights)

    def items(self) -> Iterator[tuple[Any, int]]:
        """(outcome, integer weight) pairs."""
        return iter(self._weights.items())

    def __len__(self) -> int:
        return len(self._weights)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._weights)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._weights

    def weight(self, outcome: Hashable) -> int:
        """Integer weight of one outcome (0 when absent)."""
        return self._weights.get(outcome, 0)

    # -- transformations ----------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """Distribution of f(X).

        >>> Dist.uniform(range(1, 7)).map(lambda x: x % 2).pmf()
        {0: 1/2, 1: 1/2}
        """
        out: dict[Hashable, int] = {}
        for o, w in self._weights.items():
            k = f(o)
            out[k] = out.get(k, 0) + w
        return Dist(out)

    def combine(self, other: Dist, f: Callable[[Any, Any], Hashable]) -> Dist:
        """Distribution of f(X, Y) for independent X (self) and Y (other)."""
        out: dict[Hashable, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                k = f(a, b)
                out[k] = out.get(k, 0) + wa * wb
        return Dist(out)

    def floor(self, lowest: Any) -> Dist:
        """max(X, lowest).

        >>> (Dist.uniform(range(6)) - 2).floor(0).p(0)
        1/2
        """
        return self.map(lambda x: x if x >= lowest else lowest)

    def clamp(self, lowest: Any, highest: Any) -> Dist:
        """min(max(X, lowest), highest)."""
        if lowest > highest:
            raise ValueError(f"clamp: lowest {lowest} above highest {highest}")
        return self.map(lambda x: lowest if x < lowest else highest if x > highest else x)

    def repeat_sum(self, n: int) -> Dist:
        """Sum of n independent copies (square-and-multiply over convolution).

        >>> Dist.uniform(range(1, 7)).repeat_sum(3).p(18)
        1/216
        """
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"number of dice must be a non-negative int, got {n!r}")
        dense = self._dense()
        if dense is not None:
            lo, weights = dense
            return Dist._from_dense(lo * n, dense_power(weights, n), self._total**n)
        result = Dist.constant(0)
        base = self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    # -- operators ----------------------------------------------------------
    def __add__(self, other: Any) -> Dist:
        if isinstance(other, Dist):
            return _convolve(self, other)
        if type(other) is int:
            return Dist._trusted({o + other: w for o, w in self._weights.items()})
        return Dist({o + other: w for o, w in self._weights.items()})

    __radd__ = __add__

    def __sub__(self, other: Any) -> Dist:
        if isinstance(other, Dist):
            return _convolve(self, -other)
        return Dist({o - other: w for o, w in self._weights.items()})

    def __rsub__(self, other: Any) -> Dist:
        result: Dist = (-self) + other
        return result

    def __neg__(self) -> Dist:
        return Dist({-o: w for o, w in self._weights.items()})

    def __rmatmul__(self, n: int) -> Dist:
        """``n @ die``: the sum of n dice."""
        return self.repeat_sum(n)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._weights == other._weights

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._weights.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Dist({self._weights!r})"

    # -- simulation ---------------------------------------------------------
    def sample(self, rng: random.Random) -> Hashable:
        """One outcome drawn with the given rng (simulation only)."""
        r = rng.randrange(self._total)
        o: Hashable  # (a declaration: no code)
        for o, w in self._weights.items():
            if r < w:
                return o
            r -= w
        raise AssertionError("unreachable")


def _convolve(a: Dist, b: Dist) -> Dist:
    """Distribution of X + Y for independent X, Y (integer fast path)."""
    da, db = a._dense(), b._dense()
    if da is not None and db is not None:
        lo_a, wa = da
        lo_b, wb = db
        return Dist._from_dense(lo_a + lo_b, dense_product(wa, wb), a.total * b.total)
    return a.combine(b, operator.add)


def P(dist: Dist, op: str = "==", value: Any = None) -> sympy.Rational:
    """sympy.stats-style free function: exact P(X op value).

    >>> P(Dist.uniform(range(1, 7)), ">=", 5)
    1/3
    """
    return dist.probability(op, value)


def E(dist: Dist) -> sympy.Rational:
    """Exact expectation.

    >>> E(Dist.uniform(range(1, 7)))
    7/2
    """
    return dist.mean()
