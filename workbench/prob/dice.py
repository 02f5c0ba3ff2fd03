"""Dice from faces, pools with a modifier, floors and fumbles, opposed rolls.

A die is any list of faces: a game whose d6 has a 6-face that counts 0 uses
``die((1, 2, 3, 4, 5, 0))`` (a game keeps its die in its own package). With a
fumble rule, two or more dice all showing the fumble face make the roll a
fumble; one die never fumbles.

Readings chosen where the seed is vague (both kept as parameters):

- ``fumble="zero"``: a fumbled roll is *void*, so the pool's total becomes 0
  whatever the modifier or floor (a seed says "the attack is as if it
  never happened"). ``fumble=None`` ignores the rule, as the seed's appendix
  table does. ``fumble=<face value>`` makes another face the fumble face.
- ``floor=0``: totals below 0 count as 0 (the appendix writes 1D-3 as
  "0 (-0.5)", i.e. both readings); ``floor=None`` keeps negative totals.
- In an opposed roll each fighter rolls its own dice (and may fumble on its
  own); a side with supporters is the sum of their pools (:func:`side`).
  Opposed rolls and their tie rules are :mod:`~workbench.prob.versus`
  (re-exported here).

>>> blank6 = die((1, 2, 3, 4, 5, 0))  # a d6 whose 6 reads 0
>>> pool(3, blank6, 2).mean()
19/2
>>> pool(2, blank6, fumble="zero").p(0)
1/36
>>> opposed(pool(3, blank6, 2), pool(3, blank6, 1)).win
4249/7776
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from workbench.prob._dense import dense_pool, dense_power
from workbench.prob.dist import Dist
from workbench.prob.dist_queries import rational
from workbench.prob.versus import TIE_RULES, Versus, opposed

if TYPE_CHECKING:
    import sympy

__all__ = [
    "D6",
    "TIE_RULES",
    "Versus",
    "die",
    "fumble_face",
    "mixed_pool",
    "opposed",
    "p_fumble",
    "pool",
    "side",
]

Fumble = None | str | int


def die(faces: int | Iterable[Hashable]) -> Dist:
    """A fair die: ``die(6)`` is 1..6; ``die([1, 2, 3, 4, 5, 0])`` lists the faces
    (a repeated face counts twice).

    >>> die(4).pmf()
    {1: 1/4, 2: 1/4, 3: 1/4, 4: 1/4}
    >>> die([0, 0, 1]).p(0)
    2/3
    >>> die(0)
    Traceback (most recent call last):
    ...
    ValueError: a die needs at least one face, got 0
    """
    if isinstance(faces, bool):
        raise ValueError(f"a die needs faces, got {faces!r}")
    if isinstance(faces, int):
        if faces < 1:
            raise ValueError(f"a die needs at least one face, got {faces}")
        return Dist.uniform(range(1, faces + 1))
    listed = list(faces)
    if not listed:
        raise ValueError("a die needs at least one face, got none")
    return Dist.uniform(listed)


D6 = die(6)


def fumble_face(fumble: Fumble) -> int | None:
    """The face value a fumble rule watches: ``"zero"`` -> 0, an int -> itself.

    >>> fumble_face("zero"), fumble_face(None), fumble_face(1)
    (0, None, 1)
    >>> fumble_face("ones")
    Traceback (most recent call last):
    ...
    ValueError: fumble must be None, 'zero' or a face value, got 'ones'
    """
    if fumble is None:
        return None
    if fumble == "zero":
        return 0
    if isinstance(fumble, int) and not isinstance(fumble, bool):
        return fumble
    raise ValueError(f"fumble must be None, 'zero' or a face value, got {fumble!r}")


def _as_die(d: Dist | int | Iterable[Hashable]) -> Dist:
    return d if isinstance(d, Dist) else die(d)


def _check_count(n: Any) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"number of dice must be a non-negative int, got {n!r}")
    return n


def p_fumble(n: int, die: Dist, fumble: Fumble = "zero") -> sympy.Rational:
    """Exact P(all n dice show the fumble face); 0 for n < 2.

    >>> [p_fumble(n, D6, fumble=6) for n in (1, 2, 3)]
    [0, 1/36, 1/216]
    """
    return rational(*_fumble_ratio(n, die, fumble))


def p_fumble_fraction(n: int, die: Dist, fumble: Fumble = "zero") -> Fraction:
    """:func:`p_fumble` as a ``Fraction`` (no sympy).

    >>> p_fumble_fraction(2, die((1, 2, 3, 4, 5, 0)))
    Fraction(1, 36)
    """
    return Fraction(*_fumble_ratio(n, die, fumble))


def _fumble_ratio(n: int, die: Dist, fumble: Fumble) -> tuple[int, int]:
    face = fumble_face(fumble)
    if _check_count(n) < 2 or face is None:
        return 0, 1
    return die.weight(face) ** n, die.total**n


def pool(
    n: int,
    die: Dist | Iterable[int] = D6,
    modifier: int = 0,
    *,
    floor: int | None = None,
    fumble: Fumble = None,
) -> Dist:
    """Total of n dice plus ``modifier``; totals below ``floor`` count as ``floor``;
    with a fumble rule, n >= 2 dice all on the fumble face make the total 0 (void).

    >>> blank6 = die((1, 2, 3, 4, 5, 0))  # a d6 whose 6 reads 0
    >>> pool(1, blank6, -3, floor=0).mean()
    1/2
    >>> pool(1, blank6, -3).mean()
    -1/2
    >>> pool(2, blank6, 3, fumble="zero").p(0), pool(2, blank6, 3).p(3)
    (1/36, 1/36)
    >>> pool(3, D6).probability(">=", 16)
    5/108
    >>> pool(2, (1, 2, 3, 4, 5, 0)) == pool(2, blank6)   # faces work as a die too
    True
    """
    if floor is None and fumble is None and type(n) is int and n >= 0 and type(modifier) is int:
        d = _as_die(die)
        dense = d._dense()
        if dense is not None:  # the common case, without mixed_pool's bookkeeping
            lo, weights = dense
            return Dist._from_dense(lo * n + modifier, dense_power(weights, n), d.total**n)
    return mixed_pool([(n, die)], modifier, floor=floor, fumble=fumble)


def pool_mean(
    n: int,
    die: Dist | Iterable[int] = D6,
    modifier: int = 0,
    *,
    floor: int | None = None,
    fumble: Fumble = None,
) -> sympy.Rational:
    """Exact mean of :func:`pool` with the same arguments, from the dice's weights
    without building the distribution (the expectation tables' fast path).

    >>> blank6 = die((1, 2, 3, 4, 5, 0))  # a d6 whose 6 reads 0
    >>> pool_mean(3, blank6, 2, fumble="zero"), pool_mean(1, blank6, -3, floor=0)
    (1025/108, 1/2)
    """
    return rational(*_pool_mean_ratio(n, die, modifier, floor, fumble))


def pool_mean_fraction(
    n: int,
    die: Dist | Iterable[int] = D6,
    modifier: int = 0,
    *,
    floor: int | None = None,
    fumble: Fumble = None,
) -> Fraction:
    """:func:`pool_mean` as a ``Fraction`` (no sympy).

    >>> pool_mean_fraction(2, D6, 1, fumble=1)
    Fraction(95, 12)
    """
    num, den = _pool_mean_ratio(n, die, modifier, floor, fumble)
    return Fraction(num, den) if type(num) is int else Fraction(num) / den


def _pool_mean_ratio(
    n: int, die: Dist | Iterable[int], modifier: Any, floor: int | None, fumble: Fumble
) -> tuple[Any, int]:
    """(numerator, denominator) of the mean of :func:`pool`."""
    d = _as_die(die)
    _check_count(n)
    dense = d._dense()
    face = fumble_face(fumble)
    if dense is None or type(modifier) is not int:
        dist = pool(n, d, modifier, floor=floor, fumble=fumble)
        return sum(o * w for o, w in dist.items()), dist.total
    dlo, weights = dense
    counts = dense_power(weights, n)
    total, first = _moments(weights, n)
    base = dlo * n + modifier
    numerator = first + base * total
    void, at = 0, -1
    if face is not None and n >= 2:
        void, at = d.weight(face) ** n, face * n - dlo * n
        numerator -= void * (base + at)  # the voided roll counts 0, not its total
    if floor is not None and base < floor:
        for i in range(min(floor - base, len(counts))):
            w = counts[i] - (void if i == at else 0)
            numerator += w * (floor - base - i)
    return numerator, total


@functools.lru_cache(maxsize=1024)
def _moments(weights: tuple[int, ...], n: int) -> tuple[int, int]:
    """(sum of weights, sum of index x weight) of the n-th power's coefficients."""
    counts = dense_power(weights, n)
    return sum(counts), sum(i * w for i, w in enumerate(counts))


def mixed_pool(
    dice: Sequence[tuple[int, Dist | Iterable[int]]],
    modifier: int = 0,
    *,
    floor: int | None = None,
    fumble: Fumble = None,
) -> Dist:
    """Like :func:`pool` for several kinds of dice rolled together (``2D+1d6``):
    the fumble needs every die of the roll on the fumble face.

    >>> blank6 = die((1, 2, 3, 4, 5, 0))  # a d6 whose 6 reads 0
    >>> mixed_pool([(1, blank6), (1, die([0, 1]))], fumble="zero").p(0)
    1/12
    >>> mixed_pool([(2, D6), (1, blank6)], 1) == pool(2, D6) + pool(1, blank6) + 1
    True
    """
    face = fumble_face(fumble)
    rolled = [(n, _as_die(d)) for n, d in dice if _check_count(n)]
    count = sum(n for n, _ in rolled)
    void = 0
    if face is not None and count >= 2:
        void = 1
        for n, d in rolled:
            void *= d.weight(face) ** n
    dense = [d._dense() for _, d in rolled]
    if type(modifier) is not int or any(x is None for x in dense):
        return _pool_general(rolled, modifier, floor, face, void)
    forms = [x for x in dense if x is not None]  # every one (checked above)
    lo = sum(dlo * n for (n, _), (dlo, _) in zip(rolled, forms, strict=True))
    kinds: dict[tuple[int, ...], int] = {}
    for (n, _), (_, weights) in zip(rolled, forms, strict=True):
        kinds[weights] = kinds.get(weights, 0) + n
    counts: Sequence[int] = dense_pool(tuple(kinds.items())) if kinds else (1,)
    base = lo + modifier
    if not void and (floor is None or base >= floor):
        total = 1
        for n, d in rolled:
            total *= d.total**n
        return Dist._from_dense(base, counts, total)
    if void and face is not None:  # (a void roll needs a fumble face)
        counts = list(counts)
        counts[face * count - lo] -= void
    out: dict[int, int] = {}
    if floor is not None and base < floor:
        cut = min(floor - base, len(counts))
        below = sum(counts[:cut])
        if below:
            out[floor] = below
        counts = counts[cut:]
        base += cut
    for i, w in enumerate(counts):
        if w:
            out[base + i] = out.get(base + i, 0) + w
    if void:
        out[0] = out.get(0, 0) + void
    return Dist._trusted(dict(sorted(out.items())))


def _pool_general(
    rolled: list[tuple[int, Dist]], modifier: Any, floor: Any, face: Any, void: int
) -> Dist:
    """Any numeric faces (Fractions, sympy numbers): plain convolution."""
    total: dict[Any, int] = {0: 1}
    count = 0
    for n, d in rolled:
        count += n
        for _ in range(n):
            step: dict[Any, int] = {}
            for s, ws in total.items():
                for f, wf in d.items():
                    step[s + f] = step.get(s + f, 0) + ws * wf
            total = step
    out: dict[Any, int] = {}
    if void:
        total[face * count] -= void
        out[0] = void
    for s, w in total.items():
        if w:
            v = s + modifier
            if floor is not None and v < floor:
                v = floor
            out[v] = out.get(v, 0) + w
    return Dist(out)


def side(*pools: Dist | int) -> Dist:
    """One side of a battle: the sum of every fighter's own roll (and fixed bonuses).

    >>> blank6 = die((1, 2, 3, 4, 5, 0))  # a d6 whose 6 reads 0
    >>> side(pool(1, blank6), pool(1, blank6), 2) == pool(2, blank6, 2)
    True
    >>> side(pool(2, blank6, fumble="zero"), 1).p(1)
    1/36
    """
    total: Dist = Dist.constant(0)
    for part in pools:
        total = total + part
    return total
