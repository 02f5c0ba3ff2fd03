"""The tuner on a game whose answer is known exactly: Low Card at two seats, both
players keeping whatever they are dealt (low:9). The hand that is not the lower one
wins nothing when the two are equal, so "no single winner" is the chance that two
cards dealt from the deck are worth the same: a count over pairs of the deck's cards.
The tuner varies the points of the card "four" and must propose a value whose exact
tie chance lies inside the interval it reports on fresh seeds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from workbench.engine.measure.tune import parse_cell, parse_goal, tune

CARDS = {"one": (1, 4), "two": (2, 3), "three": (3, 2), "four": (4, 1)}
PLAYERS = "low:9,low:9"


def exact_tie(four_points: int) -> Fraction:
    """P(the two dealt cards are worth the same) with "four" worth ``four_points``:
    every ordered pair of distinct cards of the deck, equally likely (the set-aside
    card before them leaves the pair's law unchanged)."""
    points = [
        (four_points if name == "four" else p) for name, (p, n) in CARDS.items() for _ in range(n)
    ]
    pairs = list(itertools.permutations(range(len(points)), 2))
    return Fraction(sum(points[a] == points[b] for a, b in pairs), len(pairs))


def test_exact_tie_chances_by_brute_force() -> None:
    assert exact_tie(4) == Fraction(10, 45)
    assert [exact_tie(p) for p in (1, 2, 3)] == [
        Fraction(14, 45),
        Fraction(13, 45),
        Fraction(12, 45),
    ]


def test_the_proposal_lies_within_its_interval_of_the_exact_answer(game, tmp_path) -> None:
    goal = parse_goal("no single winner=0.28..0.32")  # 13/45 and 14/45 meet it, 10/45 does not
    cell = parse_cell("cards:four:points=0..4")
    got = tune(
        "lowcard",
        [goal],
        [cell],
        players=PLAYERS,
        games=200,
        trials=6,
        seed=5,
        keep=1,
        journal=tmp_path / "t.journal",
    )
    assert got.base["no single winner"] == pytest.approx(float(exact_tie(4)), abs=0.06)
    assert got.proposals, got.as_json()
    best = got.proposals[0]
    points = best.values[cell.name]
    assert points in (1, 2), got.as_json()  # the only values whose exact answer meets the goal
    low, high = best.intervals["no single winner"]
    assert low <= float(exact_tie(points)) <= high
    assert best.changes == {cell.name: (4, points)}
