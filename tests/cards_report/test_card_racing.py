"""Racing the causal column (issue 37): the interval printed when racing stops a card is
anytime-valid, so stopping at a peek keeps its 95% coverage (known answers)."""

from __future__ import annotations

import random

from workbench.engine.measure.card_racing import Race
from workbench.prob.intervals import Interval

LOOKS = (25, 50, 100, 200)


def _one_race(
    rng: random.Random, truths: dict[str, tuple[float, float]]
) -> tuple[dict[str, Interval], dict[str, int]]:
    """Arms whose paired differences are base won - neutral won, each side a coin with the
    given chances; looks after each round as the card report does; the printed intervals."""
    race = Race(list(truths))
    upto = 0
    for look in LOOKS:
        for arm in race.running():
            pb, pn = truths[arm]
            race.add(
                arm,
                [float(rng.random() < pb) - float(rng.random() < pn) for _ in range(look - upto)],
            )
        upto = look
        if look != LOOKS[-1]:
            race.settle()
    return {arm: race.interval(arm) for arm in truths}, race.stopped


def test_stopped_cards_keep_their_coverage() -> None:
    """300 races of three cards (true effects +0.8, 0 and -0.1): racing stops many of them
    at a peek, and the interval printed for each card covers its true effect in at least
    95% of the races (a fixed-size interval read at a peek would not promise this)."""
    truths = {"strong": (0.9, 0.1), "blank": (0.5, 0.5), "weak": (0.45, 0.55)}
    rng = random.Random(37)
    covered = {arm: 0 for arm in truths}
    stopped_early = 0
    runs = 300
    for _ in range(runs):
        got, stopped = _one_race(rng, truths)
        for arm, (pb, pn) in truths.items():
            covered[arm] += got[arm].low <= pb - pn <= got[arm].high
        stopped_early += stopped.get("strong", LOOKS[-1]) < LOOKS[-1]
    for arm in truths:
        assert covered[arm] / runs >= 0.95, (arm, covered[arm])
    assert stopped_early > runs // 2  # the strong card is mostly stopped at a peek


def test_racing_stops_a_card_clear_of_the_rest_and_not_a_close_one() -> None:
    rng = random.Random(1)
    race = Race(["strong", "a", "b"])
    race.add("strong", [1.0] * 100)
    for arm in ("a", "b"):
        race.add(arm, [float(rng.random() < 0.5) - float(rng.random() < 0.5) for _ in range(100)])
    assert race.settle() == ["strong"]
    assert race.stopped == {"strong": 100}
    assert race.running() == ["a", "b"]
    low, high = race.interval("strong")
    assert 0.8 < low and high == 1.0
