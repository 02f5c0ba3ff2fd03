"""Exact dice against the peers (icepool, dyce) and a float FFT, in one process:
``python bench/dice.py [--quick]``.

Tasks (from shared/guides/dice.md), all with the ghost die (a d6 whose 6 reads
0, faces 0..5) except keep-highest:

- sum of 20 and of 100 dice (the whole distribution);
- the full ghost table: 1..7 dice x modifier -3..+3 x 4 readings (floor at 0
  or not, fumble or not) -> 196 exact means;
- opposed 10 dice vs 10 dice -> P(attacker wins), ties to the defender (and 3 vs
  3, a small question where icepool's own overhead dominates: printed, no goal);
- 20d6 keep highest 5 (ours goes through icepool via the bridge: the overhead
  of the bridge is printed, goal <= 10%).

Then the **growth table**: the sum of N dice for N = 10 .. 1,000 (the notation's
limit) by the workbench (``pool``), by the packed-integer ``pow`` the
workbench used before the power recurrence, by icepool, by dyce and by a float
FFT (numpy, probabilities only: not exact), with the ratios to icepool and to
the FFT and each tool's growth exponent over N = 100 .. 1,000 (least squares
on log time). Goal: within 8x of the FFT at every N, while exact. icepool and
dyce take about a minute each at N = 1,000; ``--quick`` stops them at 200.

Every tool builds its dice afresh inside each timed call and our caches are
cleared before each call, so no run profits from an earlier one. Before
timing, the answers are checked to agree (exactly between the exact tools; the
FFT within 1e-12 of the exact probabilities). Times are CPU time of this
process (``time.process_time``: other work on the machine does not count), the
best of several runs (a single run when one takes over a second).
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool
import numpy as np
from dyce import H, P

from workbench.prob._dense import dense_pool, kronecker_pool
from workbench.prob.dice import D6, _moments, die, pool
from workbench.prob.dist import Dist
from workbench.prob.icepool_bridge import keep_highest
from workbench.prob.tables import READINGS, expectation_means
from workbench.prob.versus import opposed

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # the ghost game's die: a d6 whose 6 reads 0
NS, KS = range(1, 8), range(-3, 4)
HEADLINE = ("sum 20", "sum 100", "ghost table", "opposed 10v10")  # the >= 20x icepool goal
GROWTH_NS = (10, 50, 100, 200, 500, 1000)
FIT_FROM = 100

sys.setrecursionlimit(20_000)  # icepool sums n dice by recursion on n


def clear_caches() -> None:
    dense_pool.cache_clear()
    _moments.cache_clear()


# -- ours ----------------------------------------------------------------------
def ours_sum(n: int) -> Callable[[], Any]:
    return lambda: pool(n, die(GHOST_FACES))


def ours_table() -> dict[tuple[int, int, str], Any]:
    return expectation_means(NS, KS, die(GHOST_FACES), READINGS)


def ours_opposed(n: int) -> Callable[[], Any]:
    return lambda: opposed(pool(n, die(GHOST_FACES)), pool(n, die(GHOST_FACES))).win


def ours_keep() -> Any:
    return keep_highest(20, D6, 5)


def packed_sum(n: int) -> Callable[[], Any]:
    """``ours_sum`` by the method before issue 18: one packed big-integer ``pow``."""

    def run() -> Dist:
        d = die(GHOST_FACES)
        lo, weights = d._dense()  # type: ignore[misc]
        return Dist._from_dense(lo * n, kronecker_pool(((weights, n),)), d.total**n)

    return run


# -- icepool ---------------------------------------------------------------------
def _ice_reading(n: int, k: int, floor: int | None, fumble: bool) -> Callable[[int], int]:
    def rule(total: int) -> int:
        if fumble and n >= 2 and total == 0:  # faces 0..5: total 0 <=> all dice show 0
            return 0
        value = total + k
        return value if floor is None or value >= floor else floor

    return rule


def ice_sum(n: int) -> Callable[[], Any]:
    return lambda: n @ icepool.Die(GHOST_FACES)


def ice_table() -> dict[tuple[int, int, str], Fraction]:
    out = {}
    for n in NS:
        total = n @ icepool.Die(GHOST_FACES)
        for k in KS:
            for r in READINGS:
                die_ = total.map(_ice_reading(n, k, r.floor, r.fumble is not None))
                out[(n, k, r.key)] = die_.mean()
    return out


def ice_opposed(n: int) -> Callable[[], Fraction]:
    def run() -> Fraction:
        a = n @ icepool.Die(GHOST_FACES)
        d = n @ icepool.Die(GHOST_FACES)
        return Fraction((a > d).probability(True))

    return run


def ice_keep() -> Any:
    return icepool.Die(range(1, 7)).pool(20).highest(5).sum()


# -- dyce ------------------------------------------------------------------------
def dyce_sum(n: int) -> Callable[[], Any]:
    return lambda: n @ H(GHOST_FACES)


def dyce_table() -> dict[tuple[int, int, str], float]:
    out = {}
    for n in NS:
        total = n @ H(GHOST_FACES)
        for k in KS:
            for r in READINGS:
                rule = _ice_reading(n, k, r.floor, r.fumble is not None)
                counts: dict[int, int] = {}
                for o, c in total.items():
                    counts[rule(o)] = counts.get(rule(o), 0) + c
                out[(n, k, r.key)] = H(counts).mean()
    return out


def dyce_opposed(n: int) -> Callable[[], Fraction]:
    def run() -> Fraction:
        a = n @ H(GHOST_FACES)
        gt = a.gt(n @ H(GHOST_FACES))
        return Fraction(gt[True], gt.total)

    return run


def dyce_keep() -> Any:
    return (20 @ P(6)).at(slice(-5, None))


# -- a float FFT and a plain Python loop --------------------------------------------
def fft_sum(n: int) -> Callable[[], Any]:
    """P(total = k) for k = 0 .. 5n by one real FFT, a power and the inverse (floats)."""

    def run() -> Any:
        p = np.bincount(np.asarray(GHOST_FACES)) / len(GHOST_FACES)
        length = (len(p) - 1) * n + 1
        size = 1 << (length - 1).bit_length()
        return np.fft.irfft(np.fft.rfft(p, size) ** n, size)[:length]

    return run


def loop_opposed(n: int) -> Callable[[], Fraction]:
    """What a script would write: convolve a dict n times, compare every pair."""

    def run() -> Fraction:
        totals = {0: 1}
        for _ in range(n):
            step: dict[int, int] = {}
            for s, w in totals.items():
                for f in GHOST_FACES:
                    step[s + f] = step.get(s + f, 0) + w
            totals = step
        win = sum(wa * wd for a, wa in totals.items() for d, wd in totals.items() if a > d)
        return Fraction(win, len(GHOST_FACES) ** (2 * n))

    return run


TASKS: list[tuple[str, Callable[[], Any], Callable[[], Any], Callable[[], Any]]] = [
    ("sum 20", ours_sum(20), ice_sum(20), dyce_sum(20)),
    ("sum 100", ours_sum(100), ice_sum(100), dyce_sum(100)),
    ("ghost table", ours_table, ice_table, dyce_table),
    ("opposed 10v10", ours_opposed(10), ice_opposed(10), dyce_opposed(10)),
    ("opposed 3v3", ours_opposed(3), ice_opposed(3), dyce_opposed(3)),
    ("20d6 keep 5", ours_keep, ice_keep, dyce_keep),
]


def _fraction(value: Any) -> Fraction:
    return Fraction(int(value.p), int(value.q))


def check_agreement() -> None:
    """The three tools give the same answers (exactly where both are exact)."""
    for n in (20, 100):
        ours, ice, dy = ours_sum(n)(), ice_sum(n)(), dyce_sum(n)()
        assert dict(ours.items()) == dict(ice.items()) == dict(dy.items()), f"sum {n}"
    means, ice_means, dyce_means = ours_table(), ice_table(), dyce_table()
    assert {k: _fraction(v) for k, v in means.items()} == ice_means
    assert all(abs(float(means[k]) - v) < 1e-9 for k, v in dyce_means.items())
    for n in (3, 10):
        win = _fraction(ours_opposed(n)())
        assert win == ice_opposed(n)() == dyce_opposed(n)() == loop_opposed(n)(), n
    keep = ours_keep()
    assert dict(keep.items()) == {o: int(q) for o, q in ice_keep().items()}
    assert dict(keep.items()) == dict(dyce_keep().items())


def timed(
    fn: Callable[[], Any], clear: bool, budget: float = 0.3, most: int = 200
) -> tuple[float, Any]:
    """(best time, last result): runs until ``budget`` seconds are spent (at least 3 runs,
    at most ``most``; one run when it takes over a second). As ``timeit`` does, the
    garbage collector is collected once and then off while timing: a ``gc.collect()``
    before every run would add ~0.1 ms of cold caches to each (more than a small task)."""
    best, spent, runs, result = math.inf, 0.0, 0, None
    gc.collect()
    gc.disable()
    try:
        while runs < most and (spent < budget or runs < 3) and not (runs and best > 1.0):
            if clear:
                clear_caches()
            start = time.process_time()
            result = fn()
            took = time.process_time() - start
            best, spent, runs = min(best, took), spent + took, runs + 1
    finally:
        gc.enable()
    return best, result


def slope(ns: list[int], times: list[float]) -> float:
    """Least-squares exponent b of time ~ N^b."""
    xs, ys = [math.log(n) for n in ns], [math.log(t) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def task_table() -> tuple[float, float]:
    """Print the task table; (min speedup vs icepool on the headline tasks, bridge overhead)."""
    rows = []
    for name, ours, ice, dy in TASKS:
        rows.append((name, timed(ours, True)[0], timed(ice, False)[0], timed(dy, False)[0]))
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (CPU ms, process_time)")
    print(
        f"{'task':<16}{'ours ms':>10}{'icepool ms':>12}{'dyce ms':>10}"
        f"{'x icepool':>11}{'x dyce':>9}"
    )
    for name, t_ours, t_ice, t_dyce in rows:
        print(
            f"{name:<16}{t_ours * 1e3:>10.3f}{t_ice * 1e3:>12.3f}{t_dyce * 1e3:>10.3f}"
            f"{t_ice / t_ours:>11.2f}{t_dyce / t_ours:>9.2f}"
        )
    speedup = min(t_ice / t_ours for name, t_ours, t_ice, _ in rows if name in HEADLINE)
    return speedup, bridge_overhead()


def bridge_overhead(rounds: int = 7) -> float:
    """The keep-highest bridge against icepool alone, timed in alternating rounds (best
    of each): on a shared machine, timing one after the other measures the load too."""
    ours, ice = math.inf, math.inf
    for _ in range(rounds):
        ours = min(ours, timed(ours_keep, True)[0])
        ice = min(ice, timed(ice_keep, False)[0])
    return ours / ice - 1


def small_question() -> None:
    """3 dice against 3: the workbench against the loop a script would write."""
    t_ours = timed(ours_opposed(3), True, most=2000)[0]
    t_fraction = timed(
        lambda: opposed(pool(3, die(GHOST_FACES)), pool(3, die(GHOST_FACES))).fractions()["win"],
        True,
        most=2000,
    )[0]
    t_loop = timed(loop_opposed(3), False, most=2000)[0]
    print(
        f"\nopposed 3v3: workbench {t_ours * 1e6:.1f} us (.win, a sympy Rational), "
        f"{t_fraction * 1e6:.1f} us (.fractions()), plain Python loop {t_loop * 1e6:.1f} us: "
        f"loop / workbench = {t_loop / t_ours:.2f}"
    )


def growth_table(peers_up_to: int) -> float:
    """Print the growth table; returns the largest ours/FFT ratio."""
    tools: dict[str, Callable[[int], Callable[[], Any]]] = {
        "ours": ours_sum,
        "packed pow": packed_sum,
        "icepool": ice_sum,
        "dyce": dyce_sum,
        "FFT": fft_sum,
    }
    times: dict[str, dict[int, float]] = {name: {} for name in tools}
    for n in GROWTH_NS:
        results = {}
        for name, make in tools.items():
            if name in ("icepool", "dyce") and n > peers_up_to:
                continue
            times[name][n], results[name] = timed(make(n), clear=name == "ours")
        exact = dict(results["ours"].items())
        assert dict(results["packed pow"].items()) == exact, f"packed pow, N = {n}"
        for name in ("icepool", "dyce"):
            if name in results:
                assert dict(results[name].items()) == exact, f"{name}, N = {n}"
        total = results["ours"].total
        worst = max(
            abs(float(Fraction(exact.get(k, 0), total)) - p) for k, p in enumerate(results["FFT"])
        )
        assert worst < 1e-12, f"FFT off by {worst} at N = {n}"
        print(f"  N = {n} checked", file=sys.stderr, flush=True)

    def ms(name: str, n: int) -> str:
        t = times[name].get(n)
        return f"{t * 1e3:>11.3f}" if t is not None else f"{'-':>11}"

    print(
        f"\nsum of N ghost dice (ms)\n{'N':>6}"
        + "".join(f"{t:>11}" for t in tools)
        + f"{'x icepool':>11}{'ours/FFT':>10}"
    )
    ratios = []
    for n in GROWTH_NS:
        ours = times["ours"][n]
        ice = times["icepool"].get(n)
        ratio = ours / times["FFT"][n]
        ratios.append(ratio)
        x_ice = f"{ice / ours:>11.1f}" if ice is not None else f"{'-':>11}"
        print(f"{n:>6}" + "".join(ms(t, n) for t in tools) + x_ice + f"{ratio:>10.2f}")
    exps = []
    for name in tools:
        ns = [n for n in GROWTH_NS if n >= FIT_FROM and n in times[name]]
        exps.append(
            f"{slope(ns, [times[name][n] for n in ns]):>11.2f}" if len(ns) > 1 else f"{'-':>11}"
        )
    print(f"{'N^b':>6}" + "".join(exps) + f"   (b fitted over N = {FIT_FROM}..)")
    return max(ratios)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="icepool and dyce in the growth table only up to N = 200",
    )
    args = parser.parse_args(argv)
    check_agreement()
    speedup, bridge = task_table()
    small_question()
    fft_ratio = growth_table(200 if args.quick else max(GROWTH_NS))
    print(f"\nkeep-highest bridge overhead: {bridge:+.1%} (goal <= +10%)")
    print(f"largest ours/FFT ratio: {fft_ratio:.2f} (goal <= 8, while exact)")
    print(f"min speedup vs icepool: {speedup:.2f} (goal >= 20 on {', '.join(HEADLINE)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
