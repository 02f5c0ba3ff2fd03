"""Closed forms against the exact engine; seeded simulations against exact answers (99.9%)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.prob import deck_symbolic as sym
from workbench.prob.deck import (
    DrawSchedule,
    expected_first_position,
    first_copy_position,
    p_by_turn,
    p_draw,
)
from workbench.prob.ordered import OPENING_SHUFFLE, RoundRules, immediate_stop, round_odds

MUGEN_SECOND = DrawSchedule(4, 1)  # the mugen seed going second: 4-card opening hand
Z999 = 3.2905  # two-sided 99.9% normal quantile


@given(st.integers(1, 60), st.data())
def test_closed_forms_match_the_engine(deck: int, data: st.DataObject) -> None:
    copies = data.draw(st.integers(1, deck))
    seen = data.draw(st.integers(0, deck))
    assert sym.at(sym.p_none(), N=deck, K=copies, n=seen) == p_draw(deck, copies, seen, exactly=0)
    assert sym.at(sym.p_none_product(), N=deck, K=copies, n=seen) == p_draw(
        deck, copies, seen, at_most=0
    )
    assert sym.at(sym.p_at_least_one(), N=deck, K=copies, n=seen) == p_draw(deck, copies, seen)
    assert (
        sym.at(sym.expected_first_position(), N=deck, K=copies)
        == first_copy_position(deck, copies).mean()
    )
    assert expected_first_position(deck, copies) == first_copy_position(deck, copies).mean()


@given(st.integers(2, 30), st.data())
def test_round_forms_match_the_engine(cards: int, data: st.DataObject) -> None:
    deck = {f"p{i}": 1 for i in range(cards - 1)} | {"T": 1}
    assert sym.at(sym.p_stop_first(), N=cards) == round_odds(deck, "T", RoundRules("end")).acting.p(
        0
    )
    for rule in ("end", "bottom"):
        exact = round_odds(deck, "T", RoundRules(rule)).expected_length  # type: ignore[arg-type]
        assert sym.at(sym.expected_round_length(rule), N=cards) == exact
    m = data.draw(st.integers(1, cards - 1))
    for how in ("reshuffle", "bottom"):
        rules = RoundRules("end", m, how)  # type: ignore[arg-type]
        assert sym.at(sym.p_immediate_stop(how), N=cards, m=m) == immediate_stop(deck, "T", rules)


def test_symbolic_errors() -> None:
    with pytest.raises(ValueError, match="unknown symbol"):
        sym.at(sym.p_none(), X=3)
    with pytest.raises(ValueError, match="every symbol"):
        sym.at(sym.p_none(), N=3)


def inside(hits: int, trials: int, p: float) -> bool:
    sd = math.sqrt(p * (1 - p) / trials)
    return abs(hits / trials - p) <= Z999 * sd + 1e-12


def test_by_turn_simulation_agrees() -> None:
    rng = random.Random(2026)
    deck = [1] * 3 + [0] * 37
    trials, hits = 20_000, 0
    for _ in range(trials):
        rng.shuffle(deck)
        hits += sum(deck[: MUGEN_SECOND.seen(4)]) >= 1
    assert inside(hits, trials, float(p_by_turn(40, 3, 4, MUGEN_SECOND)))


def simulate_round(
    deck: list[str], stop: str, rules: RoundRules, rng: random.Random
) -> tuple[int, str | None]:
    cards = list(deck)
    rng.shuffle(cards)
    line: list[str] = []
    opening = [cards.pop(0) for _ in range(rules.opening)]
    line += [c for c in opening if c != stop]
    if stop in opening:
        if rules.opening_stop == "bottom":
            cards.append(stop)
        else:
            cards.append(stop)
            rng.shuffle(cards)
    first = True
    while True:
        card = cards.pop(0)
        if card == stop and first and cards and rules.stop_first != "end":
            cards.append(stop)
            if rules.stop_first == "reshuffle":
                rng.shuffle(cards)
                while cards[0] == stop:
                    rng.shuffle(cards)
            first = False
            continue
        if card == stop:
            break
        line.append(card)
        first = False
    counts = {c: line.count(c) for c in set(line)}
    top = max(counts.values(), default=0)
    leaders = [c for c, k in counts.items() if k == top]
    return len(line), leaders[0] if len(leaders) == 1 else None


@pytest.mark.parametrize(
    "rules", [RoundRules(), OPENING_SHUFFLE, RoundRules("reshuffle", 3, "bottom")]
)
def test_round_simulation_agrees_on_a_40_card_deck(rules: RoundRules) -> None:
    composition = {chr(65 + i): 1 + i % 6 for i in range(8)} | {"T": 1}
    deck = [n for n, c in composition.items() for _ in range(c)]
    odds = round_odds(composition, "T", rules)
    rng = random.Random(7)
    trials = 6_000
    runs = [simulate_round(deck, "T", rules, rng) for _ in range(trials)]
    for person in ("F", "E", None):
        p = float(odds.death[person])
        assert inside(sum(v == person for _, v in runs), trials, p), person
    length = odds.length
    mean, sd = float(length.mean()), math.sqrt(float(length.variance()))
    assert abs(sum(n for n, _ in runs) / trials - mean) <= Z999 * sd / math.sqrt(trials)
