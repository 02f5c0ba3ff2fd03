"""Exact round odds for the detective: the deck engine, and a brute-force tree.

A module of its own for size: the analyses (:mod:`.analysis`) and the tests
ask it; the rules never do.

:func:`exact_round` asks :mod:`workbench.prob.ordered` (the exact ordered-deck
engine) for one round from a deck composition under the game's parameters.
:func:`round_tree` walks every draw of the same process as the rules table
(memoised, exact fractions): it checks the engine in the tests and covers the
``opening_replace`` reading the engine does not model.

Round length = person cards on the line at the round's end (opening cards
included, the tragic night not), with no card cleared during the round.

>>> from workbench.games.detective.params import DetectiveParams
>>> deck = {"a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1, "g": 1}
>>> exact_round(deck, DetectiveParams()).expected_length
35/8
>>> round_tree(deck, DetectiveParams())[0].mean()
35/8
>>> immediate_night(deck, DetectiveParams(opening=4, opening_replace=True))
1/4
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

import sympy

from workbench.prob.dist import Dist
from workbench.prob.ordered import RoundOdds, RoundRules, round_odds

from .params import DetectiveParams

NIGHT_KEY = "tragic night"
STARTING_DECK: Mapping[str, int] = {**{p: 1 for p in "ABCDEFG"}, NIGHT_KEY: 1}
"""The seed's round-1 deck: one card of each of 7 people (not 勿忘草) + the tragic night."""


def round_rules(params: DetectiveParams) -> RoundRules:
    """The ordered-deck rules matching the game's parameters.

    >>> round_rules(DetectiveParams(opening=4)).stop_first
    'end'
    """
    if params.opening_replace and params.opening:
        raise ValueError("opening_replace is not modelled by prob.ordered; use round_tree")
    if params.opening:
        return RoundRules(
            stop_first="end",
            opening=params.opening,
            opening_stop=params.opening_tragic,  # type: ignore[arg-type]
        )
    return RoundRules(stop_first="bottom" if params.first_card_rule else "end")


def exact_round(deck: Mapping[str, int], params: DetectiveParams) -> RoundOdds:
    """Exact odds (``.length``, ``.death``) of a round from ``deck`` (person -> cards)."""
    return round_odds({**deck, NIGHT_KEY: 1}, NIGHT_KEY, round_rules(params))


def _frac(x: Fraction) -> sympy.Rational:
    return sympy.Rational(x.numerator, x.denominator)


def round_tree(
    deck: Mapping[str, int], params: DetectiveParams
) -> tuple[Dist, dict[str | None, sympy.Rational], sympy.Rational]:
    """(length Dist, P(victim) with None for nobody, P(first acting draw is the night))
    by enumerating every draw, exactly as the rules table plays a round."""
    names = tuple(sorted(deck))
    counts = tuple(deck[n] for n in names)
    p = params

    @cache
    def acting(
        pool: tuple[int, ...],
        night: int,
        bottom: bool,
        line: tuple[int, ...],
        first: bool,
        acted: bool,
    ) -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
        total = sum(pool) + night
        if total == 0:
            return (((sum(line), _victim(line), 0), Fraction(1)),) if bottom else ()
        out: dict[tuple[int, int, int], Fraction] = {}
        if night:
            w = Fraction(night, total)
            if first and p.first_card_rule and (sum(pool) > 0 or bottom):
                sub = acting(pool, 0, True, line, True, acted)
            else:
                sub = (((sum(line), _victim(line), int(not acted)), Fraction(1)),)
            for k, v in sub:
                out[k] = out.get(k, Fraction(0)) + w * v
        for i, c in enumerate(pool):
            if c:
                w = Fraction(c, total)
                nl = line[:i] + (line[i] + 1,) + line[i + 1 :]
                np = pool[:i] + (c - 1,) + pool[i + 1 :]
                for k, v in acting(np, night, bottom, nl, False, True):
                    out[k] = out.get(k, Fraction(0)) + w * v
        return tuple(out.items())

    @cache
    def opening(
        pool: tuple[int, ...], held: bool, line: tuple[int, ...], left: int
    ) -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
        if left <= 0 or sum(pool) + (0 if held else 1) == 0:
            if held and p.opening_tragic == "bottom":
                return acting(pool, 0, True, line, False, False)
            return acting(pool, 1, False, line, False, False)
        total = sum(pool) + (0 if held else 1)
        out: dict[tuple[int, int, int], Fraction] = {}
        branches = []
        if not held:
            branches.append(
                (Fraction(1, total), pool, True, line, left if p.opening_replace else left - 1)
            )
        for i, c in enumerate(pool):
            if c:
                branches.append(
                    (
                        Fraction(c, total),
                        pool[:i] + (c - 1,) + pool[i + 1 :],
                        held,
                        line[:i] + (line[i] + 1,) + line[i + 1 :],
                        left - 1,
                    )
                )
        for w, np, h, nl, lf in branches:
            for k, v in opening(np, h, nl, lf):
                out[k] = out.get(k, Fraction(0)) + w * v
        return tuple(out.items())

    zero = (0,) * len(names)
    if p.opening:
        result = opening(counts, False, zero, p.opening)
    else:
        result = acting(counts, 1, False, zero, True, False)
    length: dict[int, Fraction] = {}
    death: dict[str | None, Fraction] = {n: Fraction(0) for n in names}
    death[None] = Fraction(0)
    immediate = Fraction(0)
    for (n, victim, imm), w in result:
        length[n] = length.get(n, Fraction(0)) + w
        key = names[victim] if victim >= 0 else None
        death[key] += w
        immediate += w * imm
    den = 1
    for w in length.values():
        den = den * w.denominator // _gcd(den, w.denominator)
    dist = Dist({k: int(v * den) for k, v in length.items()})
    return dist, {k: _frac(v) for k, v in death.items()}, _frac(immediate)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def _victim(line: tuple[int, ...]) -> int:
    top = max(line, default=0)
    if top == 0 or line.count(top) > 1:
        return -1
    return line.index(top)


def immediate_night(deck: Mapping[str, int], params: DetectiveParams) -> sympy.Rational:
    """P(the round's first draw with an action is the tragic night: nobody acts)."""
    return round_tree(deck, params)[2]


def actions_per_round(persons: int, params: DetectiveParams) -> Dist:
    """The number of investigation draws with an action in a round whose deck holds
    ``persons`` person cards + the tragic night (opening draws and the night have none;
    which people they are does not matter), exactly as the rules table draws them.

    >>> actions_per_round(7, DetectiveParams()).mean()
    35/8
    >>> actions_per_round(7, DetectiveParams(opening=4)).mean()
    7/4
    """
    p = params

    def add(out: dict[int, Fraction], w: Fraction, sub: dict[int, Fraction], shift: int) -> None:
        for k, v in sub.items():
            out[k + shift] = out.get(k + shift, Fraction(0)) + w * v

    @cache
    def acting(left: int, in_pool: bool, first: bool) -> dict[int, Fraction]:
        total = left + in_pool
        if total == 0:  # the night waits at the bottom
            return {0: Fraction(1)}
        out: dict[int, Fraction] = {}
        if in_pool:
            to_bottom = first and p.first_card_rule and left > 0
            add(
                out,
                Fraction(1, total),
                acting(left, False, True) if to_bottom else {0: Fraction(1)},
                0,
            )
        if left:
            add(out, Fraction(left, total), acting(left - 1, in_pool, False), 1)
        return out

    @cache
    def opening(left: int, held: bool, to_draw: int) -> dict[int, Fraction]:
        total = left + (0 if held else 1)
        if to_draw <= 0 or total == 0:
            if held and p.opening_tragic == "bottom":
                return acting(left, False, False)
            return acting(left, True, False)
        out: dict[int, Fraction] = {}
        if not held:
            add(
                out,
                Fraction(1, total),
                opening(left, True, to_draw if p.opening_replace else to_draw - 1),
                0,
            )
        if left:
            add(out, Fraction(left, total), opening(left - 1, held, to_draw - 1), 0)
        return out

    dist = opening(persons, False, p.opening) if p.opening else acting(persons, True, True)
    den = 1
    for w in dist.values():
        den = den * w.denominator // _gcd(den, w.denominator)
    return Dist({k: int(v * den) for k, v in dist.items()})
