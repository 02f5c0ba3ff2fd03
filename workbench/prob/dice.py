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
import itertools
import operator
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from workbench.prob._dense import dense_pool, dense_power
from workbench.prob.dist import Dist, exact_text, rational

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

TIE_RULES = ("defender", "attacker", "nobody")
Ties = Literal["defender", "attacker", "nobody"]
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
        return sum(o * w for o, w in dist.items()), dist.total  # type: ignore[operator,misc]
    dlo, weights = dense
    counts = dense_power(weights, n)
    total, first = _moments(weights, n)
    base = dlo * n + modifier
    numerator = first + base * total
    void, at = 0, -1
    if face is not None and n >= 2:
        void, at = d.weight(face) ** n, face * n - dlo * n  # type: ignore[operator]
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
    lo = sum(dlo * n for (n, _), (dlo, _) in zip(rolled, dense))  # type: ignore[misc]
    kinds: dict[tuple[int, ...], int] = {}
    for (n, _), (_, weights) in zip(rolled, dense):  # type: ignore[misc]
        kinds[weights] = kinds.get(weights, 0) + n
    counts: Sequence[int] = dense_pool(tuple(kinds.items())) if kinds else (1,)
    base = lo + modifier
    if not void and (floor is None or base >= floor):
        total = 1
        for n, d in rolled:
            total *= d.total**n
        return Dist._from_dense(base, counts, total)
    if void:
        counts = list(counts)
        counts[face * count - lo] -= void  # type: ignore[index,operator]
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


@dataclass(frozen=True, slots=True)
class Versus:
    """Exact outcome of an opposed roll under a tie rule, kept as integer weights
    out of ``total``; ``win``, ``tie``, ``lose`` and ``equal`` are sympy Rationals
    built when read (``fractions()`` and ``as_dict()`` need no sympy).

    ``win + tie + lose == 1``; ``tie`` is non-zero only when ties go to
    ``"nobody"``; ``equal`` is P(both totals equal) whatever the rule.

    >>> v = opposed(die(2), die(2))
    >>> v.win_weight, v.lose_weight, v.equal_weight, v.total
    (1, 3, 2, 4)
    """

    win_weight: int
    tie_weight: int
    lose_weight: int
    equal_weight: int
    total: int
    ties: str

    @property
    def win(self) -> sympy.Rational:
        """P(attacker wins), ties counted per the rule."""
        return rational(self.win_weight, self.total)

    @property
    def tie(self) -> sympy.Rational:
        """P(nobody wins): equal totals when ties go to nobody, else 0."""
        return rational(self.tie_weight, self.total)

    @property
    def lose(self) -> sympy.Rational:
        """P(attacker loses), ties counted per the rule."""
        return rational(self.lose_weight, self.total)

    @property
    def equal(self) -> sympy.Rational:
        """P(both totals equal), whatever the rule."""
        return rational(self.equal_weight, self.total)

    def fractions(self) -> dict[str, Fraction]:
        """``{"win", "tie", "lose", "equal"}`` as ``Fraction`` (no sympy).

        >>> opposed(die(2), die(2), ties="nobody").fractions()["tie"]
        Fraction(1, 2)
        """
        t = self.total
        return {
            "win": Fraction(self.win_weight, t),
            "tie": Fraction(self.tie_weight, t),
            "lose": Fraction(self.lose_weight, t),
            "equal": Fraction(self.equal_weight, t),
        }

    def as_dict(self) -> dict[str, str]:
        """``{"win": "p/q", "tie": "p/q", "lose": "p/q"}`` (from the integers, no sympy).

        >>> opposed(die(2), die(2), ties="nobody").as_dict()
        {'win': '1/4', 'tie': '1/2', 'lose': '1/4'}
        """
        t = self.total
        return {
            "win": exact_text(self.win_weight, t),
            "tie": exact_text(self.tie_weight, t),
            "lose": exact_text(self.lose_weight, t),
        }


def opposed(attack: Dist, defence: Dist, ties: Ties = "defender") -> Versus:
    """P(attacker wins / ties / loses) comparing independent totals.

    >>> v = opposed(die(6), die(6))
    >>> v.win, v.tie, v.lose, v.equal
    (5/12, 0, 7/12, 1/6)
    >>> opposed(die(6), die(6), ties="attacker").win
    7/12
    """
    if ties not in TIE_RULES:
        raise ValueError(f"ties must be one of {', '.join(TIE_RULES)}; got {ties!r}")
    higher, equal, lower = _compare_weights(attack, defence)
    win, tie, lose = higher, 0, lower
    if ties == "attacker":
        win += equal
    elif ties == "defender":
        lose += equal
    else:
        tie = equal
    return Versus(win, tie, lose, equal, attack.total * defence.total, ties)


def _compare_weights(attack: Dist, defence: Dist) -> tuple[int, int, int]:
    """Integer weights of attack > defence, ==, < (dense: running sums; else one merge).

    >>> _compare_weights(die(6), die(6) + 2)
    (6, 4, 26)
    >>> _compare_weights(die([0, 10**9]), die(2))
    (2, 0, 2)
    """
    da, dd = attack._dense(), defence._dense()
    product = attack.total * defence.total
    if da is not None and dd is not None:
        (lo_a, wa), (lo_d, wd) = da, dd
        # below[i]: defence weight under attack outcome lo_a + i (running sum, clipped)
        running = [0, *itertools.accumulate(wd)]
        start = lo_a - lo_d  # index in running of the first attack outcome
        left = min(max(-start, 0), len(wa))
        inner = running[max(start, 0) : max(start + len(wa), 0)][: len(wa) - left]
        below = [0] * left + inner + [running[-1]] * (len(wa) - left - len(inner))
        higher = sum(map(operator.mul, wa, below))
        a0, d0 = max(start, 0) - start, max(start, 0)
        equal = sum(map(operator.mul, wa[a0:], wd[d0:])) if a0 < len(wa) else 0
        return higher, equal, product - higher - equal
    d_items = list(defence.items())
    below_w = 0  # weight of defence outcomes strictly below the current attack outcome
    j = 0
    higher = equal = 0
    for o, w in attack.items():
        while j < len(d_items) and d_items[j][0] < o:  # type: ignore[operator]
            below_w += d_items[j][1]
            j += 1
        higher += w * below_w
        if j < len(d_items) and d_items[j][0] == o:
            equal += w * d_items[j][1]
    return higher, equal, product - higher - equal
