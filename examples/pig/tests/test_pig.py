"""Pig's checks: the conformance kit, a golden playthrough, exact against simulated.

Run with ``python -m pytest tests`` after ``pip install -e .``. After a
deliberate rule change, bump ``version`` in rules.py and write the golden
files again with ``WB_GOLDEN=regen python -m pytest tests``.
"""

from __future__ import annotations

from pathlib import Path

from pig.analysis import first_seat_wins, simulated_first_seat
from pig.players import hold
from pig.rules import make_game

from workbench.engine.conformance import check_conformance
from workbench.engine.conformance.golden import check_golden
from workbench.engine.players import random_player

GOLDEN = Path(__file__).with_name("golden")


def test_conformance():
    report = check_conformance(make_game(goal=30), n_games=200, seed=1)
    assert report.ok, report


def test_golden_playthroughs():
    check_golden(make_game(goal=30), random_player, 1, GOLDEN, "random_1")
    check_golden(make_game(goal=30), [hold(20), hold(10)], 2, GOLDEN, "hold_2")


def test_exact_first_seat_share_lies_in_the_simulated_interval():
    """hold:20 against hold:20, to 30: policy evaluation against 2,000 simulated games."""
    exact = first_seat_wins(("hold:20", "hold:20"), goal=30)
    rate, (lo, hi) = simulated_first_seat(("hold:20", "hold:20"), games=2000, seed=2, goal=30)
    assert lo <= exact <= hi, (exact, rate, lo, hi)
