"""{{Title}}'s checks: the conformance kit, a golden playthrough, exact against simulated.

Run with ``python -m pytest tests``. After a deliberate rule change, bump
``version`` in rules.py and write the golden files again with
``WB_GOLDEN=regen python -m pytest tests``.
"""

from __future__ import annotations

from pathlib import Path

from workbench.engine.conformance.check import check_conformance
from workbench.engine.conformance.golden import check_golden
from workbench.engine.players.basic import random_player
from workbench.engine.measure.skilled import ask

from {{name}}.analysis import first_seat_wins, simulated_first_seat
from {{name}}.rules import make_game

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


def test_balance_questions_answer_for_two_levels():
    asked = ask("{{name}}", ["random", "greedy"], games=20, seed=3)
    seat_rows = asked.answers.filter(asked.answers["measure"].str.starts_with("seat "))
    assert seat_rows.height == 2 * make_game().num_players
    assert asked.metrics.height == 2
