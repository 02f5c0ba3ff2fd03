"""Opposed rolls: P(attacker wins / ties / loses) when two independent totals meet,
under a tie rule (``"defender"``: equal totals go to the defender, ``"attacker"``,
or ``"nobody"``), kept as integer weights (:class:`Versus`).

Kept apart from ``dice.py`` for size; ``dice.py`` (and ``workbench.prob``)
re-export :func:`opposed`, :class:`Versus` and :data:`TIE_RULES`, and this
module imports no dice (its examples do).
"""

from __future__ import annotations

import itertools
import operator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from workbench.prob.dist import Dist
from workbench.prob.dist_queries import exact_text, rational

if TYPE_CHECKING:
    import sympy

__all__ = ["TIE_RULES", "Versus", "opposed"]

TIE_RULES = ("defender", "attacker", "nobody")
Ties = Literal["defender", "attacker", "nobody"]


@dataclass(frozen=True, slots=True)
class Versus:
    """Exact outcome of an opposed roll under a tie rule, kept as integer weights
    out of ``total``; ``win``, ``tie``, ``lose`` and ``equal`` are sympy Rationals
    built when read (``fractions()`` and ``as_dict()`` need no sympy).

    ``win + tie + lose == 1``; ``tie`` is non-zero only when ties go to
    ``"nobody"``; ``equal`` is P(both totals equal) whatever the rule.

    >>> from workbench.prob.dice import die
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

        >>> from workbench.prob.dice import die
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

        >>> from workbench.prob.dice import die
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

    >>> from workbench.prob.dice import die
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

    >>> from workbench.prob.dice import die
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
        while j < len(d_items) and d_items[j][0] < o:
            below_w += d_items[j][1]
            j += 1
        higher += w * below_w
        if j < len(d_items) and d_items[j][0] == o:
            equal += w * d_items[j][1]
    return higher, equal, product - higher - equal
