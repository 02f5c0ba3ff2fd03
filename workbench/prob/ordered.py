"""Ordered-deck round processes: a stop card ends the round.

The deck holds person cards (``name -> copies``) and one stop card (a game
names it). Each draw puts a person card at the right end of the
*line*; the round ends when the stop card is drawn. Rules are parameters
(:class:`RoundRules`):

- ``stop_first`` — the stop card is the first *acting* draw of the round:
  ``"bottom"`` (the seed: it goes to the bottom, draw again, so every person
  card is drawn), ``"reshuffle"`` (shuffled back and drawn again until a person
  comes first) or ``"end"`` (no special rule: the round ends at once).
- ``opening`` — the seed's variant: draw m cards with no action first; they
  go on the line. ``opening_stop``: a stop card among them is shuffled back
  into the rest of the deck (``"reshuffle"``, the author's current choice) or
  put at the bottom (``"bottom"``). No replacement card is drawn, so the line
  then holds m - 1 opening persons. ``stop_first`` still governs the first
  acting draw after the opening (the author's 25% implies ``"end"`` there).

Readings chosen: the *round length* is the number of person cards on the line
at the round's end (opening cards included; the stop card never counts — when
it is bottomed it is not on the line). A deck whose only card is the stop card
gives a round of length 0. The victim is the person with strictly the most
cards on the line; a tie for most (or an empty line) kills nobody.

How it stays exact without permutations: under every rule above the stop
card's fate depends only on its position, so the person cards keep a uniformly
random order independent of it. The line is the first L cards of that order:
given L it is a multivariate hypergeometric sample. So the round reduces to the
exact law of L (a few cases) and, for deaths, one polynomial product per person
and count — a 40-card deck of 8 people x 6 copies takes milliseconds.

>>> odds = round_odds({"A": 2, "B": 1, "C": 1, "T": 1}, "T")
>>> odds.length.pmf()
{1: 1/5, 2: 1/5, 3: 1/5, 4: 2/5}
>>> odds.death
{'A': 19/30, 'B': 1/20, 'C': 1/20, None: 4/15}

Limits: at most ``MAX_CARDS`` person cards; :meth:`RoundOdds.line` lists every
line composition and refuses more than ``MAX_LINES`` of them.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Literal

from workbench.prob.dist import Dist
from workbench.prob.dist_queries import rational

if TYPE_CHECKING:
    import sympy

MAX_CARDS = 2_000
MAX_LINES = 200_000
_MAX_WORK = 50_000_000

StopFirst = Literal["end", "bottom", "reshuffle"]
OpeningStop = Literal["reshuffle", "bottom"]


@dataclass(frozen=True)
class RoundRules:
    """The round's special rules (see the module docstring).

    >>> RoundRules(stop_first="sideways")
    Traceback (most recent call last):
    ...
    ValueError: stop_first must be one of end, bottom, reshuffle, got 'sideways'
    """

    stop_first: StopFirst = "bottom"
    opening: int = 0
    opening_stop: OpeningStop = "reshuffle"

    def __post_init__(self) -> None:
        if self.stop_first not in ("end", "bottom", "reshuffle"):
            raise ValueError(
                f"stop_first must be one of end, bottom, reshuffle, got {self.stop_first!r}"
            )
        if self.opening_stop not in ("reshuffle", "bottom"):
            raise ValueError(f"opening_stop must be reshuffle or bottom, got {self.opening_stop!r}")
        if not isinstance(self.opening, int) or isinstance(self.opening, bool) or self.opening < 0:
            raise ValueError(f"opening must be a whole number >= 0, got {self.opening!r}")


SEED_RULES = RoundRules()
OPENING_SHUFFLE = RoundRules(stop_first="end", opening=4, opening_stop="reshuffle")
OPENING_BOTTOM = RoundRules(stop_first="end", opening=4, opening_stop="bottom")


def parse_deck(text: str) -> dict[str, int]:
    """``"A:2,B:1,T:1"`` -> ``{"A": 2, "B": 1, "T": 1}`` (full-width ： and ， accepted).

    >>> parse_deck("A:2, B:1,T:1")
    {'A': 2, 'B': 1, 'T': 1}
    >>> parse_deck("A:2,A:1")
    Traceback (most recent call last):
    ...
    ValueError: deck: 'A' is listed twice (item 2)
    """
    deck: dict[str, int] = {}
    items = text.replace("，", ",").replace("：", ":").split(",")
    for i, item in enumerate(items, 1):
        name, sep, count = item.partition(":")
        name = name.strip()
        if not sep or not name:
            raise ValueError(f"deck: item {i} {item.strip()!r} is not NAME:COUNT")
        if name in deck:
            raise ValueError(f"deck: {name!r} is listed twice (item {i})")
        try:
            deck[name] = int(count.strip())
        except ValueError:
            raise ValueError(
                f"deck: count of {name!r} is not a whole number: {count.strip()!r}"
            ) from None
    return _check_people(deck, "deck")


def _check_people(cards: Mapping[str, int], what: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, count in cards.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ValueError(f"{what}[{name!r}] must be a whole number >= 0, got {count!r}")
        out[str(name)] = count
    if sum(out.values()) > MAX_CARDS:
        raise ValueError(f"{what} holds {sum(out.values())} cards, above the limit of {MAX_CARDS}")
    return out


def _split(deck: Mapping[str, int], stop: str) -> dict[str, int]:
    """The person cards of a deck that holds exactly one stop card."""
    people = _check_people(deck, "deck")
    if stop not in people or people[stop] == 0:
        raise ValueError(f"stop: the card {stop!r} is missing from the deck")
    if people[stop] != 1:
        raise ValueError(f"stop: the deck must hold exactly one {stop!r}, got {people[stop]}")
    del people[stop]
    return people


def _to_dist(weights: Mapping[Hashable, Fraction]) -> Dist:
    scale = math.lcm(*(w.denominator for w in weights.values() if w))
    return Dist({o: int(w * scale) for o, w in weights.items() if w})


def _rational(x: Fraction) -> sympy.Rational:
    return rational(x.numerator, x.denominator)


def _lengths(persons: int, rules: RoundRules) -> dict[tuple[int, int], Fraction]:
    """(persons placed on the line, acting draws) -> probability, for one stop card."""
    m, cards = rules.opening, persons + 1
    if m > persons:
        raise ValueError(f"opening ({m}) must not exceed the {persons} person cards")
    starts: list[tuple[Fraction, int, int, bool]] = []  # (p, on line, left in deck, stop uniform)
    if m == 0:
        starts.append((Fraction(1), 0, persons, True))
    else:
        starts.append((Fraction(cards - m, cards), m, persons - m, True))
        starts.append(
            (Fraction(m, cards), m - 1, persons - m + 1, rules.opening_stop == "reshuffle")
        )
    out: dict[tuple[int, int], Fraction] = {}

    def add(key: tuple[int, int], p: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + p

    for p, on_line, left, uniform in starts:
        if left == 0 or not uniform:
            add((on_line + left, left), p)
            continue
        q = p / (left + 1)  # each position of the stop card among the left cards
        if rules.stop_first == "end":
            add((on_line, 0), q)
        elif rules.stop_first == "bottom":
            add((on_line + left, left), q)
        else:
            for j in range(1, left + 1):
                add((on_line + j, j), q / left)
        for j in range(1, left + 1):
            add((on_line + j, j), q)
    return out


def _poly_mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@dataclass(frozen=True)
class RoundOdds:
    """Exact round outcome: ``line_start`` plus L person cards drawn from ``deck``.

    ``added[l]`` is P(L = l); ``acting`` the law of the acting draws.
    """

    people: tuple[str, ...]
    line_start: tuple[int, ...]
    deck: tuple[int, ...]
    added: tuple[Fraction, ...]
    acting: Dist

    @property
    def length(self) -> Dist:
        """Person cards on the line at the round's end (the round length)."""
        base = sum(self.line_start)
        return _to_dist({base + n: w for n, w in enumerate(self.added)})

    @property
    def expected_length(self) -> sympy.Rational:
        """E[round length]."""
        return self.length.mean()

    def expected_length_fraction(self) -> Fraction:
        """:attr:`expected_length` as a ``Fraction`` (no sympy)."""
        return self.length.mean_fraction()

    def _per_line(self) -> list[Fraction]:
        total = sum(self.deck)
        return [w / math.comb(total, n) for n, w in enumerate(self.added)]

    def on_line(self, person: str) -> Dist:
        """Distribution of the number of ``person`` cards on the line at the round's end.

        >>> round_odds({"A": 2, "B": 1, "T": 1}, "T").on_line("A").pmf()
        {0: 1/12, 1: 1/3, 2: 7/12}
        """
        if person not in self.people:
            raise ValueError(f"person {person!r} is not in the deck or on the line")
        i = self.people.index(person)
        c, rest = self.deck[i], sum(self.deck) - self.deck[i]
        out: dict[Hashable, Fraction] = {}
        for n, w in enumerate(self._per_line()):
            for x in range(max(0, n - rest), min(c, n) + 1):
                key = self.line_start[i] + x
                out[key] = out.get(key, Fraction(0)) + w * math.comb(c, x) * math.comb(rest, n - x)
        return _to_dist(out)

    def line(self) -> Dist:
        """Distribution of the line's contents (a count per person, in ``people`` order).

        >>> round_odds({"A": 2, "B": 1, "T": 1}, "T").line().pmf()
        {(0, 1): 1/12, (1, 0): 1/6, (1, 1): 1/6, (2, 0): 1/12, (2, 1): 1/2}
        """
        size = math.prod(c + 1 for c in self.deck)
        if size > MAX_LINES:
            raise ValueError(
                f"the line has {size} possible contents, above the limit of {MAX_LINES}"
            )
        per = self._per_line()
        out: dict[Hashable, Fraction] = {}
        for xs in product(*(range(c + 1) for c in self.deck)):
            w = per[sum(xs)]
            if w:
                ways = math.prod(math.comb(c, x) for c, x in zip(self.deck, xs))
                out[tuple(a + x for a, x in zip(self.line_start, xs))] = w * ways
        return _to_dist(out)

    @property
    def death(self) -> dict[str | None, sympy.Rational]:
        """P(each person dies); key None: nobody dies (a tie for most, or an empty line)."""
        return {who: _rational(p) for who, p in self.death_fractions().items()}

    def death_fractions(self) -> dict[str | None, Fraction]:
        """:attr:`death` as ``Fraction`` values (no sympy).

        >>> round_odds({"A": 1, "T": 1}, "T").death_fractions()
        {'A': Fraction(1, 1), None: Fraction(0, 1)}
        """
        probs = _deaths(self.line_start, self.deck, self._per_line())
        out: dict[str | None, Fraction] = dict(zip(self.people, probs))
        out[None] = 1 - sum(probs, Fraction(0))
        return out


def _deaths(
    start: tuple[int, ...], deck: tuple[int, ...], per_line: list[Fraction]
) -> list[Fraction]:
    """P(person i has strictly the most) for line = start + a uniform l-subset of deck."""
    k, top = len(deck), max(deck, default=0) + 1
    if k * k * top * top * (sum(deck) + 1) > _MAX_WORK:
        raise ValueError(f"deck too large for the exact death odds ({k} people, {sum(deck)} cards)")
    result = []
    for i in range(k):
        ways = [0] * (sum(deck) + 1)  # ways[l]: l-subsets that make person i the victim
        for x in range(deck[i] + 1):
            v = start[i] + x
            if v == 0:
                continue
            poly = [math.comb(deck[i], x)]
            for j in range(k):
                if j != i:
                    room = min(deck[j], v - start[j] - 1)
                    if room < 0:
                        break
                    poly = _poly_mul(poly, [math.comb(deck[j], y) for y in range(room + 1)])
            else:
                for d, w in enumerate(poly):
                    ways[x + d] += w
        result.append(sum((w * per_line[n] for n, w in enumerate(ways) if w), Fraction(0)))
    return result


def round_odds(deck: Mapping[str, int], stop: str, rules: RoundRules = SEED_RULES) -> RoundOdds:
    """Exact odds of one round from a shuffled deck (empty line at the start).

    >>> seven = {**{p: 1 for p in "ABCDEFG"}, "T": 1}  # one card each of 7 people + the stop
    >>> round_odds(seven, "T").death[None]             # deaths need a 1-card line
    7/8
    >>> round_odds(seven, "T").expected_length
    35/8
    """
    people = _split(deck, stop)
    names = tuple(people)
    lengths = _lengths(sum(people.values()), rules)
    added = [Fraction(0)] * (sum(people.values()) + 1)
    acting: dict[Hashable, Fraction] = {}
    for (n, a), p in lengths.items():
        added[n] += p
        acting[a] = acting.get(a, Fraction(0)) + p
    return RoundOdds(
        names, (0,) * len(names), tuple(people.values()), tuple(added), _to_dist(acting)
    )


def death_given_line(
    line: Mapping[str, int], deck: Mapping[str, int], stop: str, *, stop_at_bottom: bool = False
) -> RoundOdds:
    """Mid-round odds: ``line`` is already on the table, ``deck`` is what is left (with the stop).

    The stop card lies uniformly among the remaining cards (or at the bottom).

    >>> death_given_line({"A": 1}, {"A": 1, "B": 1, "T": 1}, "T").death
    {'A': 5/6, 'B': 0, None: 1/6}
    """
    placed = _check_people(line, "line")
    people = _split(deck, stop)
    if stop in placed:
        raise ValueError(f"line: the stop card {stop!r} cannot be on the line mid-round")
    names = tuple(dict.fromkeys([*placed, *people]))
    left = sum(people.values())
    added = [Fraction(0)] * (left + 1)
    if stop_at_bottom:
        added[left] = Fraction(1)
    else:
        added = [Fraction(1, left + 1)] * (left + 1)
    acting = _to_dist({n: w for n, w in enumerate(added)})
    return RoundOdds(
        names,
        tuple(placed.get(n, 0) for n in names),
        tuple(people.get(n, 0) for n in names),
        tuple(added),
        acting,
    )


def suspect(deck: Mapping[str, int], person: str, stop: str) -> dict[str, int]:
    """The next round's deck after a *suspect* (one card of ``person`` from the supply).

    A suspected card goes *outside*; the reset shuffles it into the next deck.

    >>> suspect({"A": 1, "T": 1}, "B", "T")
    {'A': 1, 'T': 1, 'B': 1}
    """
    if person == stop:
        raise ValueError(f"person: the stop card {stop!r} is not in the supply")
    out = _check_people(deck, "deck")
    out[person] = out.get(person, 0) + 1
    return out


def clear(line: Mapping[str, int], person: str) -> dict[str, int]:
    """The line after a *clear* (one ``person`` card moves outside; it returns next round).

    >>> clear({"A": 2, "B": 1}, "A")
    {'A': 1, 'B': 1}
    """
    out = _check_people(line, "line")
    if out.get(person, 0) == 0:
        raise ValueError(f"person: no {person!r} card on the line to clear")
    out[person] -= 1
    return out


def immediate_stop(
    deck: Mapping[str, int], stop: str, rules: RoundRules = OPENING_SHUFFLE
) -> sympy.Rational:
    """P(the first acting draw is the stop card): the round ends with no action.

    For an 8-card deck and a 4-card opening, P(5th card is the stop | the stop
    was not among the first 4) = 1/4 leaves out the 1/2 chance that the stop
    is in the opening. Exactly, with the first acting draw allowed to end the
    round (``stop_first="end"``): shuffled back 9/40 (22.5%); put at the bottom
    1/8 (12.5%); the plain shuffle (stop 5th) is 1/8 too. With the base
    first-card rule still on after the opening (``"bottom"``/``"reshuffle"``) it is 0.

    >>> eight = {**{p: 1 for p in "ABCDEFG"}, "T": 1}
    >>> immediate_stop(eight, "T"), immediate_stop(eight, "T", OPENING_BOTTOM)
    (9/40, 1/8)
    """
    return round_odds(deck, stop, rules).acting.p(0)
