"""prob.deck against brute-force enumeration of every order of small multiset decks."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import example, given
from hypothesis import strategies as st

from tests.deck.deck_brute import R, arrangements, law
from workbench.prob.deck import (
    DrawSchedule,
    Mulligan,
    Need,
    copies_needed,
    expected_first_position,
    first_copy_position,
    hypergeometric,
    p_by_turn,
    p_draw,
    p_groups,
    parse_target,
)

MUGEN_FIRST = DrawSchedule(3, 1)  # the mugen seed: 3-card opening hand going first, 1 draw a turn
MUGEN_SECOND = DrawSchedule(4, 1)  # ... and 4 cards going second


def deck_of(sizes: list[int], deck: int) -> list[str]:
    cards = [f"g{i}" for i, k in enumerate(sizes) for _ in range(k)]
    return cards + ["x"] * (deck - len(cards))


@st.composite
def small_draw(draw: st.DrawFn) -> tuple[int, int, int]:
    deck = draw(st.integers(1, 8))
    return deck, draw(st.integers(0, deck)), draw(st.integers(0, deck))


@given(small_draw(), st.integers(0, 4))
def test_p_draw_matches_enumeration(case: tuple[int, int, int], k: int) -> None:
    deck, copies, seen = case
    counts = law(deck_of([copies], deck), lambda o: o[:seen].count("g0"))
    assert p_draw(deck, copies, seen, at_least=k) == R(
        sum((p for c, p in counts.items() if c >= k), Fraction(0))
    )
    assert p_draw(deck, copies, seen, exactly=k) == R(counts.get(k, Fraction(0)))
    assert p_draw(deck, copies, seen, at_most=k) == R(
        sum((p for c, p in counts.items() if c <= k), Fraction(0))
    )
    assert hypergeometric(deck, copies, seen).pmf() == {c: R(p) for c, p in sorted(counts.items())}


@given(st.lists(st.integers(0, 3), min_size=1, max_size=3), st.integers(0, 8), st.data())
def test_p_groups_matches_enumeration(sizes: list[int], extra: int, data: st.DataObject) -> None:
    deck = min(sum(sizes) + extra, 8) if sum(sizes) <= 8 else sum(sizes)
    if deck > 8 or deck == 0:
        return
    seen = data.draw(st.integers(0, deck))
    needs = []
    for k in sizes:
        low = data.draw(st.integers(0, 3))
        high = data.draw(st.one_of(st.none(), st.integers(0, 3)))
        needs.append(Need(k, low, high))

    def ok(order: tuple[str, ...]) -> bool:
        hand = order[:seen]
        return all(n.allows(hand.count(f"g{i}")) for i, n in enumerate(needs))

    assert p_groups(deck, needs, seen) == R(law(deck_of(sizes, deck), ok).get(True, Fraction(0)))


@given(st.integers(1, 8), st.integers(1, 8), st.data())
def test_first_copy_position_matches_enumeration(
    deck: int, copies: int, data: st.DataObject
) -> None:
    copies = min(copies, deck)
    positions = law(deck_of([copies], deck), lambda o: o.index("g0") + 1)
    dist = first_copy_position(deck, copies)
    assert dist.pmf() == {j: R(p) for j, p in sorted(positions.items())}
    assert dist.mean() == expected_first_position(deck, copies)


def brute_by_turn(
    deck: int, copies: int, seen: int, hand: int, k: int, mull: Mulligan | None
) -> Fraction:
    cards = deck_of([copies], deck)
    orders = arrangements(cards)
    total = Fraction(0)
    for order in orders:
        if mull is not None and order[:hand].count("g0") < mull.below:
            new = hand if mull.hand_size is None else mull.hand_size
            n = new + seen - hand
            again = arrangements(cards)
            hits = sum(1 for o in again if o[:n].count("g0") >= k)
            total += Fraction(hits, len(again) * len(orders))
        elif order[:seen].count("g0") >= k:
            total += Fraction(1, len(orders))
    return total


@given(
    st.integers(2, 7),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 3),
    st.booleans(),
    st.integers(1, 2),
    st.integers(0, 2),
)
@example(2, 1, 2, 0, True, 1, 0)  # whole deck in the kept hand: no later draws
@example(3, 3, 2, 1, True, 2, 0)  # a hand with fewer copies than 2 cannot happen: skipped
def test_p_by_turn_with_mulligan_matches_enumeration(
    deck: int, copies: int, hand: int, turn: int, use_mull: bool, k: int, smaller: int
) -> None:
    copies, hand = min(copies, deck), min(hand, deck)
    schedule = DrawSchedule(hand, 1)
    if schedule.seen(turn) > deck:
        return
    mull = Mulligan(1, max(hand - smaller, 0)) if use_mull else None
    got = p_by_turn(deck, copies, turn, schedule, at_least=k, mulligan=mull)
    assert got == R(brute_by_turn(deck, copies, schedule.seen(turn), hand, k, mull))


@given(st.integers(1, 8), st.integers(0, 8), st.sampled_from(["1/2", "0.9", "1", "1/100"]))
def test_copies_needed_is_the_fewest(deck: int, seen: int, target: str) -> None:
    seen = min(seen, deck)
    goal = sympy.Rational(target)
    found = copies_needed(deck, seen, target)
    by_copies = [
        R(law(deck_of([k], deck), lambda o: "g0" in o[:seen]).get(True, Fraction(0)))
        for k in range(deck + 1)
    ]
    fewest = next((k for k, p in enumerate(by_copies) if p >= goal), None)
    assert found.copies == fewest
    assert found.probability == (by_copies[fewest] if fewest is not None else by_copies[-1])


def test_published_and_seed_numbers() -> None:
    # Karsten-style: 4 copies in 40 cards, 7 seen -> about 55.2%
    assert float(p_draw(40, 4, 7)) == pytest.approx(0.5522, abs=1e-4)
    # mugen: first player sees 3 + t cards by their turn t, second 4 + t
    assert MUGEN_FIRST.seen(5) == 8 and MUGEN_SECOND.seen(5) == 9
    assert p_by_turn(40, 4, 5, MUGEN_SECOND) == p_draw(40, 4, 9)
    assert p_by_turn(40, 4, 5, MUGEN_FIRST, extra_draws=2) == p_draw(40, 4, 10)
    # ghost: a 5-card hand from 100 holding one of 10 mandatory events
    assert p_draw(100, 10, 5) == 1 - sympy.Rational(sympy.binomial(90, 5), sympy.binomial(100, 5))
    assert copies_needed(40, 10, "0.9").copies == 8
    assert copies_needed(40, 10, "0.9", max_copies=4).copies is None


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda: p_draw(10, 11, 3), "copies"),
        (lambda: p_draw(10, -1, 3), "copies"),
        (lambda: p_draw(10, 2, 11), "seen"),
        (lambda: p_draw(0, 0, 0), "deck"),
        (lambda: p_draw(20_000, 2, 3), "deck"),
        (lambda: p_groups(10, [Need(6), Need(6)], 3), "needs"),
        (lambda: Need(-1), "copies"),
        (lambda: p_draw(10, 2, 3, exactly=1, at_least=1), "exactly"),
        (lambda: parse_target("0"), "target"),
        (lambda: parse_target("1.5"), "target"),
        (lambda: parse_target("lots"), "target"),
        (lambda: copies_needed(40, 5, 0.5, max_copies=-1), "max_copies"),
        (lambda: p_by_turn(10, 2, 20, MUGEN_FIRST), "seen"),
        (lambda: first_copy_position(10, 0), "copies"),
        (lambda: DrawSchedule(-3), "opening"),
    ],
)
def test_bad_input_names_the_argument(call, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        call()
