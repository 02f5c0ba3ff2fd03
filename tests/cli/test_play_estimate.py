"""`workbench play`'s time estimate against the real time of the same short match (issue 38):
within 2x either way, from a warm decision sample, never rounded up to a second.

The comparison is of two CPU times taken in the same process, but on shared cores CPU time
itself swells with contention (a busy sibling core, a cold cache): a CI run once timed the
estimate's sample in a quiet moment and the match in a busy one (0.50 s against 1.06 s).
So the estimate and the match are timed in turn up to three times, and one round within 2x
passes; an estimator that is really off (a wrong decision count, a budget not scaled) misses
in every round."""

from __future__ import annotations

import time

import pytest

from workbench.cli import _budget
from workbench.engine.runs.match import play_match

ROUNDS = 3


@pytest.mark.parametrize(
    ("game", "specs", "games"),
    [("pig", ["ismcts:50", "hold:20"], 4), ("mugen", ["ismcts:30", "greedy"], 3)],
)
def test_the_estimate_is_within_twice_the_cpu_time_the_match_takes(game, specs, games):
    rounds = []
    for _ in range(ROUNDS):
        estimate, _ = _budget.match_estimate(game, specs, games, 0, None)
        start = time.process_time()
        play_match(game, specs, games, 0)
        real = time.process_time() - start
        rounds.append((round(estimate.seconds, 3), round(real, 3)))
        if real / 2 <= estimate.seconds <= 2 * real:
            return
    pytest.fail(f"(estimate, real) CPU seconds in {ROUNDS} rounds: {rounds}")


def test_a_cheap_match_is_estimated_in_fractions_of_a_second():
    estimate, _ = _budget.match_estimate("mugen", ["greedy", "greedy"], 2, 0, None)
    assert 0 < estimate.seconds < 0.5
    assert _budget.say_seconds(0.0042) == "4.2 ms"
