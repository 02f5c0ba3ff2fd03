"""Brute force by enumerating every arrangement of small multiset decks (the test oracle)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

import sympy
from sympy.utilities.iterables import multiset_permutations

Outcome = Hashable


def R(x: Fraction) -> sympy.Rational:
    """A Fraction as a sympy Rational."""
    return sympy.Rational(x.numerator, x.denominator)


def arrangements(cards: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct order of a multiset deck (each equally likely)."""
    return [tuple(p) for p in multiset_permutations(list(cards))]


def law(
    cards: Sequence[str], event: Callable[[tuple[str, ...]], Outcome]
) -> dict[Outcome, Fraction]:
    """Exact law of event(order) over a uniformly shuffled deck."""
    orders = arrangements(cards)
    out: dict[Outcome, Fraction] = {}
    for order in orders:
        key = event(order)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(orders))
    return out


def play_round(
    cards: Sequence[str], stop: str, stop_first: str, opening: int, opening_stop: str
) -> dict[Outcome, Fraction]:
    """The round played literally on every order; reshuffles enumerate every order again.

    Outcome: (line as a sorted tuple of (person, count), line length, acting draws).
    Results of the acting phase are cached by (deck order, line, first draw?), which
    keeps nested reshuffles polynomial.
    """

    def mix(parts: list[dict[Outcome, Fraction]]) -> dict[Outcome, Fraction]:
        out: dict[Outcome, Fraction] = {}
        for part in parts:
            for k, p in part.items():
                out[k] = out.get(k, Fraction(0)) + p / len(parts)
        return out

    @functools.cache
    def acting_phase(
        deck: tuple[str, ...], line: tuple[str, ...], first: bool
    ) -> dict[Outcome, Fraction]:
        rest, placed = list(deck), list(line)
        opening_cards = len(line)
        while True:
            card = rest.pop(0)
            if card != stop:
                placed.append(card)
                first = False
                continue
            if not first or not rest or stop_first == "end":
                key = (
                    tuple(sorted(Counter(placed).items())),
                    len(placed),
                    len(placed) - opening_cards,
                )
                return {key: Fraction(1)}
            if stop_first == "bottom":
                rest.append(stop)
                first = False
                continue
            # reshuffle until a person comes first: condition on the orders not starting with stop
            return reshuffled(tuple(sorted(rest + [stop])), tuple(sorted(placed)), True)

    @functools.cache
    def reshuffled(
        cards: tuple[str, ...], line: tuple[str, ...], person_first: bool
    ) -> dict[Outcome, Fraction]:
        """Every order of the multiset (only those starting with a person when asked)."""
        orders = [o for o in arrangements(cards) if not person_first or o[0] != stop]
        return mix([acting_phase(o, line, not person_first) for o in orders])

    parts = []
    for order in arrangements(cards):
        deck, line = list(order[opening:]), sorted(c for c in order[:opening] if c != stop)
        if stop not in order[:opening]:
            parts.append(acting_phase(tuple(deck), tuple(line), True))
        elif opening_stop == "bottom":
            parts.append(acting_phase(tuple(deck + [stop]), tuple(line), True))
        else:
            parts.append(reshuffled(tuple(sorted(deck + [stop])), tuple(line), False))
    return mix(parts)


def victim(line: tuple[tuple[str, int], ...]) -> str | None:
    """The person with strictly the most cards, or None."""
    if not line:
        return None
    top = max(c for _, c in line)
    leaders = [n for n, c in line if c == top]
    return leaders[0] if len(leaders) == 1 else None
