"""Pig's checks: the conformance kit, a golden playthrough, exact against simulated.

Run with ``python -m pytest tests`` after ``pip install -e .``. After a
deliberate rule change, bump ``version`` in rules.py and write the golden
files again with ``WB_GOLDEN=regen python -m pytest tests``.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from pig.analysis import first_seat_wins, simulated_first_seat
from pig.cards import load_die
from pig.die import CHECKED_SHEET_SHA256, SHEET, Face, read_die
from pig.players import hold
from pig.rules import make_game

from workbench.cards.problems import SheetError
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


def test_the_shipped_die_is_read_plainly_and_any_other_die_is_checked(tmp_path):
    """The pinned bytes are the shipped sheet's, read plainly to the checked loader's faces;
    other bytes go through the check (a bad cell named by row and column, a good edit read
    as written); a game on the shipped die never imports polars."""
    assert hashlib.sha256(SHEET.read_bytes()).hexdigest() == CHECKED_SHEET_SHA256
    assert (
        read_die() == load_die() == tuple(Face(f, f if f > 1 else 0, f == 1) for f in range(1, 7))
    )
    bad = tmp_path / "die.csv"
    bad.write_text("face,points,busts\n1,x,true\n2,2,false\n", encoding="utf-8")
    with pytest.raises(SheetError, match=r"die.csv row 2, column points \[int\]"):
        read_die(bad)
    bad.write_text("face,points,busts\n1,0,true\n2,2,false\n3,3,false\n", encoding="utf-8")
    assert [f.points for f in read_die(bad)] == [0, 2, 3]
    code = "import sys; from pig.rules import make_game; make_game(goal=9); print(sorted(m for m in sys.modules if m.startswith('polars'))[:1])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
