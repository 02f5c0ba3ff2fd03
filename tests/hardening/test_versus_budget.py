"""``versus``'s budget predicts what adding a side's rolls costs (issue 27 item 5).

Property: over random sides, the predicted CPU time of adding the rolls stays
within a small factor of the measured time, so whatever the budget admits
finishes in seconds and what it refuses would not have.
"""

from __future__ import annotations

import argparse
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.cli.dice_cmd import MAX_WORK, SECONDS_PER_WORK, _side_dist, side_work
from workbench.prob.notation import parse_side

FACES = tuple(range(1, 7))
ROLL = st.builds(
    lambda n, s: f"{n}d{s}" if s else f"{n}D", st.integers(100, 400), st.sampled_from([0, 2, 3, 10])
)


def _check_prediction(rolls: list[str]) -> None:
    specs = parse_side(",".join(rolls), FACES)
    predicted = side_work(specs, FACES)[-1] * SECONDS_PER_WORK
    args = argparse.Namespace(fumble="none", floor=None)
    start = time.process_time()
    _side_dist(specs, args)
    took = time.process_time() - start
    assert took < 4 * predicted + 0.3, (rolls, took, predicted)
    if predicted > 0.3:  # large enough to time: not a wild over-estimate either
        assert took > predicted / 6, (rolls, took, predicted)


@pytest.mark.slow
@settings(deadline=None, max_examples=6)
@given(rolls=st.lists(ROLL, min_size=2, max_size=3))
def test_the_prediction_follows_the_measured_cost(rolls):
    _check_prediction(rolls)


def test_the_prediction_follows_the_cost_of_one_large_side():
    _check_prediction(["300D", "300D"])


@pytest.mark.parametrize("side", ["1000d2,1000d2,1000d2,1000d2", "1000D,1000D", "600D,600D"])
def test_the_issue_pools_are_refused_at_once(capsys, side):
    start = time.process_time()
    assert main(["versus", side, "3D", "--json"]) == 2
    assert time.process_time() - start < 1.0
    err = capsys.readouterr().err
    assert "too large to compute exactly in seconds" in err and err.count("\n") == 1


def test_everything_admitted_is_within_the_budget():
    for side in ["500D,500D", "200D,200D,200D,200D", "1000d2,1000d2,1000d2"]:
        assert side_work(parse_side(side, FACES), FACES)[-1] <= MAX_WORK
