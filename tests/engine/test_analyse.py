"""The engine side of the boards' analysis mode: estimates from the seat's view, exact chance."""

from __future__ import annotations

import random

import pytest
import sympy

from workbench.engine.kernel.protocol import IllegalAction
from workbench.engine.players.analyse import analyse
from workbench.games.peek.rules import make_game


def _dealt(mine: int, theirs: int):
    g = make_game()
    return g, g.apply(g.apply(g.initial_state(), mine), theirs)


def test_chance_steps_give_their_exact_distribution() -> None:
    g = make_game()
    got = analyse(g, g.initial_state(), None, 0, None)
    assert [(o.outcome, o.label, o.probability) for o in got] == [
        (c, f"deal {c} to seat 1", sympy.Rational(1, 4)) for c in (1, 2, 3, 4)
    ]


def test_estimates_do_not_depend_on_what_the_seat_cannot_see() -> None:
    """Seat 1's card differs, seat 0's view does not: same rng, same estimates."""
    g, a = _dealt(2, 1)
    _, b = _dealt(2, 4)
    ea = analyse(g, a, 0, 400, random.Random(7))
    assert ea == analyse(g, b, 0, 400, random.Random(7))
    assert sorted(e.action for e in ea) == [1, 2, 3, 4]
    assert sum(e.simulations for e in ea) == 400
    for e in ea:
        lo, hi = e.interval
        assert lo <= 0.25 <= hi and lo <= e.win_rate <= hi
        assert e.label == f"name {e.action} as seat 2's card"
    assert [e.simulations for e in ea] == sorted((e.simulations for e in ea), reverse=True)


def test_wrong_seat_end_and_budgets() -> None:
    g, s = _dealt(1, 1)
    with pytest.raises(IllegalAction, match="seat 1 is not to move"):
        analyse(g, s, 1, 10, random.Random(0))
    assert [e.simulations for e in analyse(g, s, 0, "0.05s", random.Random(0))]
    assert analyse(g, g.apply(s, 1), 0, 10, random.Random(0)) == []
    with pytest.raises(ValueError):
        analyse(g, s, 0, True, random.Random(0))
