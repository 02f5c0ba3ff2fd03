"""Pig's checks: the conformance kit, a golden playthrough, exact against simulated.

Run with ``python -m pytest tests``. After a deliberate rule change, bump
``version`` in rules.py and write the golden files again with
``WB_GOLDEN=regen python -m pytest tests``.
"""

from __future__ import annotations

from pathlib import Path

from workbench.engine.conformance import check_conformance
from workbench.engine.golden import check_golden
from workbench.engine.players import random_player

from pig.analysis import first_seat_wins, simulated_first_seat
from pig.rules import make_game

GOLDEN = Path(__file__).with_name("golden")


def test_conformance():
    report = check_conformance(make_game(), n_games=300, seed=1)
    assert report.ok, report


def test_golden_playthrough():
    check_golden(make_game(), random_player, 1, GOLDEN, "random_1")


def test_exact_first_seat_share_lies_in_the_simulated_interval():
    exact = float(first_seat_wins())
    rate, (lo, hi) = simulated_first_seat(games=1500, seed=2)
    assert lo <= exact <= hi, (exact, rate, lo, hi)
