"""Draws without replacement: exact hand, by-turn, position and inverse questions.

Everything is integer arithmetic (``math.comb``) inside and a sympy ``Rational``
outside (built last; sympy is imported on first use). The ``*_fraction``
twins answer with :class:`fractions.Fraction` and never import sympy (the
command line uses them). A deck is described by its size; a *group* is the set of cards you
care about (``copies`` of them in the deck); ``seen`` is how many cards have
been drawn from the top of a shuffled deck.

>>> p_draw(40, 4, 7, at_least=1)
5047/9139
>>> p_groups(40, [Need(4, at_least=1), Need(4, at_least=1)], 7)
221419/776815

Limits (checked, :class:`ValueError` beyond them): a deck of at most
``MAX_DECK`` = 1,000 cards; the several-groups question works on a polynomial
of ``seen + 1`` coefficients per group, so it never enumerates hands.

Turn schedules follow the mugen seed (003) by default: the first player draws
3 cards and then 1 at the start of each of their turns (turn 1 included), so
by their turn t they have seen ``3 + t`` cards; the second player ``4 + t``.
Revenge draws are extra draws (``extra_draws``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from workbench.prob.dist import Dist
from workbench.prob.dist_queries import rational

if TYPE_CHECKING:
    import sympy

MAX_DECK = 1_000


def _count(name: str, value: Any, minimum: int = 0) -> int:
    """An int argument >= minimum, or a ValueError naming the argument."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value


def _check_deck(deck: int, copies: int, seen: int) -> None:
    _count("deck", deck, 1)
    if deck > MAX_DECK:
        raise ValueError(f"deck of {deck} cards is above the limit of {MAX_DECK}")
    _count("copies", copies)
    _count("seen", seen)
    if copies > deck:
        raise ValueError(f"copies ({copies}) is larger than the deck ({deck})")
    if seen > deck:
        raise ValueError(f"seen ({seen}) is larger than the deck ({deck})")


def _rational(num: int, den: int) -> sympy.Rational:
    return rational(num, den)


def _sympy(value: Fraction) -> sympy.Rational:
    return rational(value.numerator, value.denominator)


def hypergeometric(deck: int, copies: int, seen: int) -> Dist:
    """Exact distribution of the number of group cards among ``seen`` cards.

    >>> hypergeometric(5, 2, 2).pmf()
    {0: 3/10, 1: 3/5, 2: 1/10}
    """
    _check_deck(deck, copies, seen)
    rest = deck - copies
    return Dist(
        {
            k: math.comb(copies, k) * math.comb(rest, seen - k)
            for k in range(min(copies, seen) + 1)
            if seen - k <= rest
        }
    )


def _bounds(
    at_least: int | None, exactly: int | None, at_most: int | None
) -> tuple[int, int | None]:
    if exactly is not None:
        if at_least is not None or at_most is not None:
            raise ValueError("exactly cannot be combined with at_least or at_most")
        _count("exactly", exactly)
        return exactly, exactly
    low = 1 if at_least is None and at_most is None else _count("at_least", at_least or 0)
    if at_most is not None:
        _count("at_most", at_most)
    return low, at_most


def p_draw(
    deck: int,
    copies: int,
    seen: int,
    *,
    at_least: int | None = None,
    exactly: int | None = None,
    at_most: int | None = None,
) -> sympy.Rational:
    """P(at least / exactly / at most k group cards among ``seen``); default: at least 1.

    ``at_least`` and ``at_most`` may be combined (a range).

    >>> p_draw(40, 4, 7)
    5047/9139
    >>> p_draw(8, 2, 3, exactly=1)
    15/28
    >>> p_draw(8, 2, 3, at_most=0)
    5/14
    """
    return _rational(*_draw_ratio(deck, copies, seen, at_least, exactly, at_most))


def p_draw_fraction(
    deck: int,
    copies: int,
    seen: int,
    *,
    at_least: int | None = None,
    exactly: int | None = None,
    at_most: int | None = None,
) -> Fraction:
    """:func:`p_draw` as a ``Fraction`` (no sympy).

    >>> p_draw_fraction(40, 4, 7)
    Fraction(5047, 9139)
    """
    return Fraction(*_draw_ratio(deck, copies, seen, at_least, exactly, at_most))


def _draw_ratio(
    deck: int,
    copies: int,
    seen: int,
    at_least: int | None,
    exactly: int | None,
    at_most: int | None,
) -> tuple[int, int]:
    _check_deck(deck, copies, seen)
    low, high = _bounds(at_least, exactly, at_most)
    return group_ways(deck, [Need(copies, low, high)], seen), math.comb(deck, seen)


@dataclass(frozen=True)
class Need:
    """A group of ``copies`` cards and how many of them must be seen (inclusive bounds).

    >>> Need.exactly(3, 1)
    Need(copies=3, at_least=1, at_most=1)
    """

    copies: int
    at_least: int = 0
    at_most: int | None = None

    def __post_init__(self) -> None:
        _count("copies", self.copies)
        _count("at_least", self.at_least)
        if self.at_most is not None:
            _count("at_most", self.at_most)

    @classmethod
    def exactly(cls, copies: int, k: int) -> Need:
        """Exactly k of the group."""
        return cls(copies, k, k)

    def allows(self, k: int) -> bool:
        """Whether seeing k of the group meets the need."""
        return k >= self.at_least and (self.at_most is None or k <= self.at_most)


def _poly_mul(a: list[int], b: list[int], cap: int) -> list[int]:
    """Product of two coefficient lists, truncated after degree ``cap``."""
    out = [0] * min(len(a) + len(b) - 1, cap + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: cap + 1 - i]):
                out[i + j] += x * y
    return out


def group_ways(deck: int, needs: Sequence[Need], seen: int) -> int:
    """Number of ``seen``-card subsets of the deck (cards distinguishable) meeting every need.

    >>> group_ways(4, [Need(1, 1), Need(1, 1)], 2)
    1
    """
    total = sum(n.copies for n in needs)
    _check_deck(deck, min(total, deck), seen)
    if total > deck:
        raise ValueError(f"needs: the groups hold {total} cards, more than the deck ({deck})")
    poly = [1]
    for need in needs:
        factor = [
            math.comb(need.copies, k) if need.allows(k) else 0
            for k in range(min(need.copies, seen) + 1)
        ]
        poly = _poly_mul(poly, factor, seen)
    rest = deck - total
    return sum(w * math.comb(rest, seen - k) for k, w in enumerate(poly) if seen - k <= rest)


def p_groups(deck: int, needs: Sequence[Need] | Mapping[str, Need], seen: int) -> sympy.Rational:
    """P(every group's need is met among ``seen`` cards) — multivariate hypergeometric.

    >>> p_groups(10, {"X": Need(2, at_least=1), "Z": Need(3, at_most=0)}, 3)
    5/24
    """
    items = list(needs.values()) if isinstance(needs, Mapping) else list(needs)
    ways = group_ways(deck, items, seen)  # validates seen <= deck
    return _rational(ways, math.comb(deck, seen))


@dataclass(frozen=True)
class DrawSchedule:
    """How many cards a player has seen by their turn t: opening + per_turn draws.

    ``first_turn_draw=False`` skips the draw of the player's first turn.

    >>> DrawSchedule(3).seen(1), DrawSchedule(4).seen(1), DrawSchedule(7, 1, False).seen(3)
    (4, 5, 9)
    """

    opening: int
    per_turn: int = 1
    first_turn_draw: bool = True

    def __post_init__(self) -> None:
        _count("opening", self.opening)
        _count("per_turn", self.per_turn)

    def seen(self, turn: int, extra_draws: int = 0) -> int:
        """Cards seen by the given turn (1 = the player's first turn), plus extra draws."""
        _count("turn", turn, 0)
        _count("extra_draws", extra_draws)
        draws = turn if self.first_turn_draw else max(turn - 1, 0)
        return self.opening + self.per_turn * draws + extra_draws


@dataclass(frozen=True)
class Mulligan:
    """Redraw a fresh hand once when the opening hand has fewer than ``below`` group cards.

    The old hand is shuffled back; the new hand has ``hand_size`` cards (default:
    the same size) and is kept whatever it holds.
    """

    below: int = 1
    hand_size: int | None = None


def p_by_turn(
    deck: int,
    copies: int,
    turn: int,
    schedule: DrawSchedule,
    *,
    at_least: int = 1,
    extra_draws: int = 0,
    mulligan: Mulligan | None = None,
) -> sympy.Rational:
    """P(at least k group cards seen by the player's turn t).

    >>> first, second = DrawSchedule(3), DrawSchedule(4)  # opening hands of 3 and 4
    >>> p_by_turn(40, 4, 1, first)                      # 4 cards seen
    6497/18278
    >>> p_by_turn(40, 4, 1, second)                     # 5 cards seen
    3903/9139
    >>> p_by_turn(40, 4, 1, first, mulligan=Mulligan()) > p_by_turn(40, 4, 1, first)
    True
    """
    return _sympy(
        p_by_turn_fraction(
            deck,
            copies,
            turn,
            schedule,
            at_least=at_least,
            extra_draws=extra_draws,
            mulligan=mulligan,
        )
    )


def p_by_turn_fraction(
    deck: int,
    copies: int,
    turn: int,
    schedule: DrawSchedule,
    *,
    at_least: int = 1,
    extra_draws: int = 0,
    mulligan: Mulligan | None = None,
) -> Fraction:
    """:func:`p_by_turn` as a ``Fraction`` (no sympy).

    >>> p_by_turn_fraction(40, 4, 1, DrawSchedule(3))
    Fraction(6497, 18278)
    """
    seen = schedule.seen(turn, extra_draws)
    _check_deck(deck, copies, seen)
    _count("at_least", at_least)
    if mulligan is None:
        return p_draw_fraction(deck, copies, seen, at_least=at_least)
    hand = schedule.opening
    new_hand = hand if mulligan.hand_size is None else _count("hand_size", mulligan.hand_size)
    later = seen - hand
    if new_hand + later > deck:
        raise ValueError(
            f"mulligan hand of {new_hand} plus {later} draws exceeds the deck ({deck})"
        )
    total = Fraction(0)
    opening = hypergeometric(deck, copies, hand)
    for h in range(min(copies, hand) + 1):
        if not opening.weight(h):  # impossible hands (too few other cards) cost nothing
            continue
        p_h = Fraction(opening.weight(h), opening.total)
        if h >= mulligan.below:  # keep: need at_least - h more among the later draws
            need = max(at_least - h, 0)
            if need == 0:
                total += p_h
            elif later:
                total += p_h * p_draw_fraction(deck - hand, copies - h, later, at_least=need)
        else:
            total += p_h * p_draw_fraction(deck, copies, new_hand + later, at_least=at_least)
    return total


def first_copy_position(deck: int, copies: int) -> Dist:
    """Exact distribution of the position (1 = top) of the first group card.

    >>> first_copy_position(4, 2).pmf()
    {1: 1/2, 2: 1/3, 3: 1/6}
    """
    _check_deck(deck, copies, 0)
    _count("copies", copies, 1)
    # P(first at j) = C(deck - j, copies - 1) / C(deck, copies)
    return Dist({j: math.comb(deck - j, copies - 1) for j in range(1, deck - copies + 2)})


def expected_first_position(deck: int, copies: int) -> sympy.Rational:
    """E[position of the first group card] = (deck + 1) / (copies + 1).

    >>> expected_first_position(40, 4)
    41/5
    """
    _check_deck(deck, copies, 0)
    _count("copies", copies, 1)
    return _rational(deck + 1, copies + 1)


def parse_target(value: Any, name: str = "target") -> sympy.Rational:
    """An exact probability in (0, 1] from 0.9, '0.9', '9/10' or '90%'.

    >>> parse_target("0.9"), parse_target("90%"), parse_target(1)
    (9/10, 9/10, 1)
    """
    return _sympy(parse_target_fraction(value, name))


def parse_target_fraction(value: Any, name: str = "target") -> Fraction:
    """:func:`parse_target` as a ``Fraction`` (read by ``fractions``, no sympy).

    >>> parse_target_fraction(" 90 %"), parse_target_fraction(0.9)
    (Fraction(9, 10), Fraction(9, 10))
    >>> parse_target_fraction("1/0")
    Traceback (most recent call last):
    ...
    ValueError: target must be a probability such as 0.9 or 9/10, got '1/0'
    """
    text = str(value).strip()
    try:
        result = _read_ratio(text[:-1]) / 100 if text.endswith("%") else _read_ratio(text)
    except (TypeError, ValueError, ZeroDivisionError):
        raise ValueError(
            f"{name} must be a probability such as 0.9 or 9/10, got {value!r}"
        ) from None
    if not 0 < result <= 1:
        raise ValueError(f"{name} must be in (0, 1], got {value!r}")
    return result


def _read_ratio(text: str) -> Fraction:
    """``"0.9"``, ``"9 / 10"``, ``"0.5/2"``: read as sympy's ``Rational(str)`` reads
    text (spaces dropped, one ``/`` between two decimals), without sympy."""
    if text.count("/") > 1:
        raise ValueError(text)
    num, slash, den = text.replace(" ", "").rpartition("/")
    return Fraction(num) / Fraction(den) if slash else Fraction(den)


@dataclass(frozen=True)
class CopiesNeeded:
    """The fewest copies meeting a target (None when no allowed count does) and P there:
    a sympy ``Rational`` from :func:`copies_needed`, a ``Fraction`` from
    :func:`copies_needed_fraction`."""

    copies: int | None
    probability: sympy.Rational | Fraction


def copies_needed(
    deck: int, seen: int, target: Any, *, at_least: int = 1, max_copies: int | None = None
) -> CopiesNeeded:
    """Fewest copies giving P(at least k among ``seen``) >= target, with that exact P.

    Without ``max_copies`` every count up to the deck size is allowed. When no
    allowed count reaches the target, ``copies`` is None and ``probability``
    is the best reachable one.

    >>> copies_needed(40, 10, 0.9)
    CopiesNeeded(copies=8, probability=121456/131461)
    >>> copies_needed(40, 10, 0.9, max_copies=4).copies is None
    True
    """
    found = copies_needed_fraction(deck, seen, target, at_least=at_least, max_copies=max_copies)
    probability = found.probability
    assert isinstance(probability, Fraction)  # copies_needed_fraction's
    return CopiesNeeded(found.copies, _sympy(probability))


def copies_needed_fraction(
    deck: int, seen: int, target: Any, *, at_least: int = 1, max_copies: int | None = None
) -> CopiesNeeded:
    """:func:`copies_needed` with the probability as a ``Fraction`` (no sympy).

    >>> copies_needed_fraction(40, 10, "9/10")
    CopiesNeeded(copies=8, probability=Fraction(121456, 131461))
    """
    goal = parse_target_fraction(target)
    limit = deck if max_copies is None else _count("max_copies", max_copies)
    _check_deck(deck, min(limit, deck), seen)
    _count("at_least", at_least)
    high = min(limit, deck)
    best = p_draw_fraction(deck, high, seen, at_least=at_least)
    if best < goal:
        return CopiesNeeded(None, best)
    low = -1  # P rises with the copies: bisect for the fewest with P >= goal
    while high - low > 1:
        mid = (low + high) // 2
        p_mid = p_draw_fraction(deck, mid, seen, at_least=at_least)
        if p_mid >= goal:
            high, best = mid, p_mid
        else:
            low = mid
    return CopiesNeeded(high, best)
