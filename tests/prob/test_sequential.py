"""Sequential stopping and control variates keep their 95% coverage on known answers.

Each check replays a comparison many times with a known true difference and counts the
intervals that miss it; the count must stay within a binomial bound for a 5% miss rate
(the 99.9% quantile of Binomial(runs, 0.05), so a valid interval fails this test about
once in a thousand seeds). The peeking check shows the harness can fail: a fixed-size
interval looked at after every chunk and stopped when it excludes 0 misses far more.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from workbench.prob.control_variates import control_variate_mean
from workbench.prob.intervals import pair_counts, paired_newcombe
from workbench.prob.sequential import ConfidenceSequence, racing_alpha, stop_reason


def binomial_quantile(n: int, p: float, q: float) -> int:
    """The smallest k with P(Binomial(n, p) <= k) >= q."""
    total = 0.0
    for k in range(n + 1):
        total += math.comb(n, k) * p**k * (1 - p) ** (n - k)
        if total >= q:
            return k
    return n


def test_binomial_quantile_matches_the_published_table() -> None:
    # Binomial(20, 0.5): P(X <= 14) = 0.9793, P(X <= 15) = 0.9941
    assert binomial_quantile(20, 0.5, 0.99) == 15
    assert binomial_quantile(200, 0.05, 0.999) == 21


def coupled_pair(rng: random.Random, p0: float, p1: float, keep: float = 0.7) -> float:
    """One paired difference (variant - base) of two 0/1 outcomes with rates ``p0``, ``p1``:
    the same deal decides both ``keep`` of the time (common random numbers)."""
    u = rng.random()
    base = u < p0
    variant = u < p1 if rng.random() < keep else rng.random() < p1
    return float(variant) - float(base)


def sequential_misses(
    runs: int, truth: float, draw: Callable[[random.Random], float], seed: int, **stop: float
) -> tuple[int, float]:
    """Misses of the confidence sequence at its stopping time, and the mean pairs played."""
    misses, played = 0, 0
    for r in range(runs):
        rng = random.Random(seed * 100_003 + r)
        cs = ConfidenceSequence(-1.0, 1.0)
        while cs.n < stop.get("most", 2000):
            cs.update(draw(rng))
            if stop_reason(cs.interval, 0.0, stop.get("width")) is not None:
                break
        low, high = cs.interval
        misses += not low <= truth <= high
        played += cs.n
    return misses, played / runs


@pytest.mark.parametrize("p1", [0.4, 0.45])
def test_confidence_sequence_covers_the_true_difference_where_it_stops(p1: float) -> None:
    runs = 200
    misses, played = sequential_misses(
        runs, p1 - 0.4, lambda rng: coupled_pair(rng, 0.4, p1), seed=1, width=0.15, most=1500
    )
    assert misses <= binomial_quantile(runs, 0.05, 0.999)
    assert 50 < played < 1500  # it did stop early on the narrow-enough rule


def test_peeking_at_a_fixed_size_interval_fails_the_same_check() -> None:
    """Newcombe's paired interval looked at every 10 pairs, stopped once it excludes 0,
    with no true difference: the harness above catches it."""
    runs, misses = 100, 0
    for r in range(runs):
        rng = random.Random(r)
        pairs: list[tuple[bool, bool]] = []
        while len(pairs) < 1000:
            for _ in range(10):
                u = rng.random()
                pairs.append((u < 0.4, u < 0.4 if rng.random() < 0.7 else rng.random() < 0.4))
            low, high = paired_newcombe(*pair_counts(pairs))
            if low > 0 or high < 0:
                misses += 1
                break
    assert misses > binomial_quantile(runs, 0.05, 0.999)


def test_the_sequence_is_valid_at_every_look_not_only_at_the_stop() -> None:
    """Anytime validity: the share of runs whose interval *ever* misses stays under 5%."""
    runs, ever = 200, 0
    for r in range(runs):
        rng = random.Random(10_000 + r)
        cs = ConfidenceSequence(-1.0, 1.0)
        for _ in range(600):
            cs.update(coupled_pair(rng, 0.3, 0.4))
            low, high = cs.interval
            if not low <= 0.1 <= high:
                ever += 1
                break
    assert ever <= binomial_quantile(runs, 0.05, 0.999)


def test_racing_alpha_narrows_each_arm_so_all_hold_together() -> None:
    wide, narrow = ConfidenceSequence(), ConfidenceSequence(alpha=racing_alpha(0.05, 5))
    rng = random.Random(4)
    for _ in range(300):
        d = coupled_pair(rng, 0.5, 0.55)
        wide.update(d)
        narrow.update(d)
    assert narrow.interval.low < wide.interval.low < wide.interval.high < narrow.interval.high


def test_bad_values_are_refused_and_change_nothing() -> None:
    cs = ConfidenceSequence(0.0, 1.0)
    cs.update(1.0)
    before = cs.interval
    with pytest.raises(ValueError, match="outside the sequence's bounds"):
        cs.update(1.5)
    assert cs.n == 1 and cs.interval == before
    with pytest.raises(ValueError, match="alpha"):
        ConfidenceSequence(alpha=1.0)
    with pytest.raises(ValueError, match="empty"):
        ConfidenceSequence(1.0, 1.0)


def correlated(rng: random.Random, py: float, px: float) -> tuple[float, float]:
    """A skilled outcome ``y`` (rate ``py``) and a greedy one ``x`` (rate ``px``) on the
    same deal, correlated through the deal."""
    u = rng.random()
    y = u < py if rng.random() < 0.8 else rng.random() < py
    return float(y), float(u < px)


@pytest.mark.parametrize("known", [False, True])
def test_control_variate_interval_keeps_95_percent_coverage(known: bool) -> None:
    runs, n, m = 400, 40, 400
    misses, halves, plains = 0, 0.0, 0.0
    for r in range(runs):
        rng = random.Random(20_000 + r)
        pairs = [correlated(rng, 0.6, 0.5) for _ in range(m)]
        y = [a for a, _ in pairs[:n]]
        x = [b for _, b in pairs]
        est = control_variate_mean(y, x, control_mean=0.5 if known else None)
        misses += not est.low <= 0.6 <= est.high
        halves += est.half
        plains += est.plain_half
    # both tails: an interval too wide would hide the games it claims to save
    assert binomial_quantile(runs, 0.05, 0.001) <= misses <= binomial_quantile(runs, 0.05, 0.999)
    assert halves < 0.8 * plains  # rho^2 about 0.5 here: the width shrinks by about 0.7


def test_an_uncorrelated_control_gives_about_the_plain_interval() -> None:
    rng = random.Random(5)
    y = [float(rng.random() < 0.5) for _ in range(200)]
    x = [float(rng.random() < 0.5) for _ in range(2000)]
    est = control_variate_mean(y, x)
    assert abs(est.rho) < 0.2
    assert 0.95 < est.half / est.plain_half < 1.05
    assert abs(est.value - sum(y) / 200) < 0.02


# --- Pig: the true answers are the solver's values of each line-up (goal 12) ---------------


@pytest.fixture(scope="module")
def pig() -> dict[str, object]:
    from workbench.engine.players.specs import player_from_spec
    from workbench.engine.solve.solver import evaluate
    from workbench.registry import make_game

    game = make_game("pig", goal=12)
    hold = {k: player_from_spec(f"hold:{k}", "pig") for k in (6, 8, 10)}
    value = {k: evaluate(game, [hold[k], hold[10]]).value[0] for k in hold}
    return {"game": game, "hold": hold, "value": value}


def pig_wins(pig: dict[str, object], k: int, seed: int) -> float:
    """1.0 when seat 1 holding at ``k`` beats seat 2 holding at 10 in game ``seed``."""
    from workbench.engine import playout

    game, hold = pig["game"], pig["hold"]
    r = playout(game, [hold[k], hold[10]], seed)  # type: ignore[index]
    return float(game.winners(r.final) == (0,))  # type: ignore[attr-defined]


def pig_coverage(pig: dict[str, object], runs: int) -> tuple[int, int]:
    """(sequential misses, control-variate misses) over ``runs`` replications of the paired
    comparison hold:6 against hold:10 (same seeds), the control hold:8 against hold:10."""
    value = pig["value"]
    truth = value[6] - value[10]  # type: ignore[index]
    seq_miss = cv_miss = 0
    for r in range(runs):
        first = 1_000_000 * (r + 1)
        cs = ConfidenceSequence(-1.0, 1.0)
        i = first
        while cs.n < 600 and stop_reason(cs.interval, None, 0.4) is None:
            cs.update(pig_wins(pig, 6, i) - pig_wins(pig, 10, i))
            i += 1
        seq_miss += not cs.interval.low <= truth <= cs.interval.high
        base = [pig_wins(pig, 10, first + j) for j in range(30)]
        y = [pig_wins(pig, 6, first + j) - b for j, b in enumerate(base)]
        x = [pig_wins(pig, 8, first + j) - b for j, b in enumerate(base)]
        est = control_variate_mean(y, x, control_mean=value[8] - value[10])  # type: ignore[index]
        cv_miss += not est.low <= truth <= est.high
    return seq_miss, cv_miss


def test_pig_sequential_and_control_variate_intervals_cover_the_solvers_answer(pig) -> None:  # type: ignore[no-untyped-def]
    runs = 20
    seq_miss, cv_miss = pig_coverage(pig, runs)
    bound = binomial_quantile(runs, 0.05, 0.999)
    assert seq_miss <= bound and cv_miss <= bound


@pytest.mark.slow
def test_pig_coverage_over_many_replications(pig) -> None:  # type: ignore[no-untyped-def]
    runs = 300
    seq_miss, cv_miss = pig_coverage(pig, runs)
    assert seq_miss <= binomial_quantile(runs, 0.05, 0.999)
    lo, hi = binomial_quantile(runs, 0.05, 0.001), binomial_quantile(runs, 0.05, 0.999)
    assert lo <= cv_miss <= hi
