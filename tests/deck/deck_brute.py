"""Brute force by enumerating every arrangement of small multiset decks (the test oracle)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

from sympy.utilities.iterables import multiset_permutations

Outcome = Hashable


def arrangements(cards: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct order of a multiset deck (each equally likely)."""
    return [tuple(p) for p in multiset_permutations(list(cards))]


def law(cards: Sequence[str], event: Callable[[tuple[str, ...]], Outcome]) -> dict[Outcome, Fraction]:
    """Exact law of event(order) over a uniformly shuffled deck."""
    orders = arrangements(cards)
    out: dict[Outcome, Fraction] = {}
    for order in orders:
        key = event(order)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(orders))
    return out


def play_round(cards: Sequence[str], stop: str, stop_first: str, opening: int,
               opening_stop: str) -> dict[Outcome, Fraction]:
    """The round played literally on every order; reshuffles enumerate every order again.

    Outcome: (line as a sorted tuple of (person, count), line length, acting draws).
    """
    out: dict[Outcome, Fraction] = {}

    def finish(line: list[str], acting: int, p: Fraction) -> None:
        key = (tuple(sorted(Counter(line).items())), len(line), acting)
        out[key] = out.get(key, Fraction(0)) + p

    def acting_phase(deck: list[str], line: list[str], p: Fraction, first: bool) -> None:
        deck, line, acting = list(deck), list(line), 0
        while True:
            card = deck.pop(0)
            if card != stop:
                line.append(card)
                acting += 1
                first = False
                continue
            if not first or not deck or stop_first == "end":
                return finish(line, acting, p)
            if stop_first == "bottom":
                deck.append(stop)
                first = False
                continue
            # reshuffle until a person comes first: condition on the orders not starting with stop
            orders = [o for o in arrangements(deck + [stop]) if o[0] != stop]
            for o in orders:
                acting_phase(list(o), line, p / len(orders), False)
            return None

    orders = arrangements(cards)
    for order in orders:
        p = Fraction(1, len(orders))
        deck, line, stop_seen = list(order), [], False
        for _ in range(opening):
            card = deck.pop(0)
            if card == stop:
                stop_seen = True
            else:
                line.append(card)
        if not stop_seen:
            acting_phase(deck, line, p, True)
        elif opening_stop == "bottom":
            acting_phase(deck + [stop], line, p, True)
        else:
            again = arrangements(deck + [stop])
            for o in again:
                acting_phase(list(o), line, p / len(again), True)
    return out


def victim(line: tuple[tuple[str, int], ...]) -> str | None:
    """The person with strictly the most cards, or None."""
    if not line:
        return None
    top = max(c for _, c in line)
    leaders = [n for n, c in line if c == top]
    return leaders[0] if len(leaders) == 1 else None
