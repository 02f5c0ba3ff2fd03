"""prob.ordered against the round played literally on every order of small decks."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from tests.deck.deck_brute import R, arrangements, play_round, victim
from workbench.prob.ordered import (
    OPENING_BOTTOM,
    OPENING_SHUFFLE,
    RoundRules,
    clear,
    death_given_line,
    immediate_stop,
    parse_deck,
    round_odds,
    suspect,
)

STOP = "tragic night"  # the detective seed's round-1 deck: 7 people x 1 + the stop card
STARTING_DECK = {**{p: 1 for p in "ABCDEFG"}, STOP: 1}


def marginal(out: dict, key) -> dict:
    res: dict = {}
    for outcome, p in out.items():
        k = key(outcome)
        res[k] = res.get(k, Fraction(0)) + p
    return {k: R(v) for k, v in sorted(res.items(), key=lambda kv: (kv[0] is None, str(kv[0])))}


rules_st = st.builds(
    RoundRules,
    st.sampled_from(["end", "bottom", "reshuffle"]),
    st.integers(0, 3),
    st.sampled_from(["reshuffle", "bottom"]),
)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=4), rules_st)
def test_round_matches_literal_play(counts: list[int], rules: RoundRules) -> None:
    if sum(counts) > 7 or rules.opening > sum(counts):
        return
    deck = {chr(65 + i): c for i, c in enumerate(counts)} | {"T": 1}
    cards = [n for n, c in deck.items() for _ in range(c)]
    brute = play_round(cards, "T", rules.stop_first, rules.opening, rules.opening_stop)
    odds = round_odds(deck, "T", rules)
    assert odds.length.pmf() == marginal(brute, lambda o: o[1])
    assert odds.acting.pmf() == marginal(brute, lambda o: o[2])
    deaths = marginal(brute, lambda o: victim(o[0]))
    assert {k: v for k, v in odds.death.items() if v} == deaths
    names = odds.people
    lines = marginal(brute, lambda o: tuple(dict(o[0]).get(n, 0) for n in names))
    assert odds.line().pmf() == lines
    for n in names:
        assert odds.on_line(n).pmf() == marginal(brute, lambda o, n=n: dict(o[0]).get(n, 0))


@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=3),
    st.lists(st.integers(0, 2), max_size=3),
    st.booleans(),
)
def test_mid_round_matches_enumeration(counts: list[int], placed: list[int], bottom: bool) -> None:
    if sum(counts) > 7:
        return
    deck = {chr(65 + i): c for i, c in enumerate(counts)} | {"T": 1}
    line = {chr(65 + i): c for i, c in enumerate(placed)}
    cards = [n for n, c in deck.items() for _ in range(c) if n != "T"]
    orders = [o + ("T",) for o in arrangements(cards)] if bottom else arrangements(cards + ["T"])
    out: dict = {}
    for o in orders:
        drawn = list(o[: o.index("T")])
        final = {n: line.get(n, 0) + drawn.count(n) for n in set(line) | set(drawn)}
        key = victim(tuple((n, c) for n, c in sorted(final.items()) if c))
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(orders))
    got = death_given_line(line, deck, "T", stop_at_bottom=bottom).death
    assert {k: v for k, v in got.items() if v} == {k: R(v) for k, v in out.items()}


def test_seed_starting_deck() -> None:
    odds = round_odds(STARTING_DECK, STOP)
    # first-card rule: the night is never first; it is last with weight 2 (bottomed or last)
    assert odds.length.pmf() == {
        **{n: sympy.Rational(1, 8) for n in range(1, 7)},
        7: sympy.Rational(1, 4),
    }
    assert odds.death[None] == sympy.Rational(7, 8)
    assert all(odds.death[p] == sympy.Rational(1, 56) for p in "ABCDEFG")


def test_the_authors_25_percent() -> None:
    assert immediate_stop(STARTING_DECK, STOP) == sympy.Rational(9, 40)
    assert immediate_stop(STARTING_DECK, STOP, OPENING_BOTTOM) == sympy.Rational(1, 8)
    assert immediate_stop(STARTING_DECK, STOP, RoundRules(stop_first="bottom", opening=4)) == 0
    # the author's figure: conditional on the night not being in the opening 4
    cards = [n for n, c in STARTING_DECK.items() for _ in range(c)]
    orders = [o for o in arrangements(cards) if STOP not in o[:4]]
    assert Fraction(sum(o[4] == STOP for o in orders), len(orders)) == Fraction(1, 4)
    # and the opening holds 4 person cards unless the night was among them
    length = round_odds(STARTING_DECK, STOP, OPENING_SHUFFLE).length
    assert length.probability("<", 3) == 0


def test_suspect_and_clear_change_the_odds() -> None:
    deck = suspect(STARTING_DECK, "A", STOP)
    assert deck["A"] == 2
    assert round_odds(deck, STOP).death["A"] > round_odds(STARTING_DECK, STOP).death["A"]
    line = {"A": 2, "B": 1}
    rest = {"C": 1, "D": 1, STOP: 1}
    assert death_given_line(line, rest, STOP).death["A"] == 1
    assert death_given_line(clear(line, "A"), rest, STOP).death["A"] == 0


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda: round_odds({"A": 1}, "T"), "stop"),
        (lambda: round_odds({"A": 1, "T": 2}, "T"), "stop"),
        (lambda: round_odds({"A": -1, "T": 1}, "T"), "deck"),
        (lambda: round_odds({"A": 1, "T": 1}, "T", RoundRules(opening=2)), "opening"),
        (lambda: RoundRules(opening=-1), "opening"),
        (lambda: RoundRules(opening_stop="top"), "opening_stop"),  # type: ignore[arg-type]
        (lambda: round_odds({"A": 3000, "T": 1}, "T"), "deck"),
        (lambda: round_odds({chr(65 + i): 20 for i in range(40)} | {"T": 1}, "T").line(), "limit"),
        (lambda: parse_deck("A2,B:1"), "item 1"),
        (lambda: parse_deck("A:x"), "count"),
        (lambda: clear({"A": 0}, "A"), "person"),
        (lambda: suspect({"T": 1}, "T", "T"), "person"),
        (lambda: death_given_line({"T": 1}, {"T": 1}, "T"), "line"),
    ],
)
def test_bad_input_names_the_argument(call, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        call()


def test_large_deck_is_exact_and_fast() -> None:
    deck = {chr(65 + i): 1 + i % 6 for i in range(8)} | {"T": 1}
    odds = round_odds(deck, "T", OPENING_SHUFFLE)
    death = odds.death
    assert sum(death.values()) == 1
    assert odds.length.total > 0
