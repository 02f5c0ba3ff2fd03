"""Exact dice against the peers (icepool, dyce) in one process: ``python bench/dice.py``.

Tasks (from shared/guides/dice.md), all with the ghost die (faces 0..5) except
keep-highest:

- sum of 20 and of 100 dice (the whole distribution);
- the full ghost table: 1..7 dice x modifier -3..+3 x 4 readings (floor at 0
  or not, fumble or not) -> 196 exact means;
- opposed 10 dice vs 10 dice -> P(attacker wins), ties to the defender;
- 20d6 keep highest 5 (ours goes through icepool via the bridge: ratio ~1).

Every tool builds its dice afresh inside each timed call and our convolution
cache is cleared before each call, so no run profits from an earlier one.
Before timing, the answers of all three tools are checked to agree.
Prints a table of best-of-N times and ratios; the last line is
``min speedup vs icepool: <x>`` over the sum, table and opposed tasks.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool
from dyce import H, P

from workbench.prob._dense import dense_pool
from workbench.prob.dice import D6, GHOST_DIE, GHOST_FACES, _moments, opposed, pool
from workbench.prob.icepool_bridge import keep_highest
from workbench.prob.tables import READINGS, expectation_means

NS, KS = range(1, 8), range(-3, 4)
HEADLINE = ("sum 20", "sum 100", "ghost table", "opposed 10v10")


# -- ours ----------------------------------------------------------------------
def ours_sum(n: int) -> Callable[[], Any]:
    return lambda: pool(n, GHOST_DIE)


def ours_table() -> dict[tuple[int, int, str], Any]:
    return expectation_means(NS, KS, GHOST_DIE, READINGS)


def ours_opposed() -> Any:
    return opposed(pool(10, GHOST_DIE), pool(10, GHOST_DIE), ties="defender").win


def ours_keep() -> Any:
    return keep_highest(20, D6, 5)


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
                die = total.map(_ice_reading(n, k, r.floor, r.fumble is not None))
                out[(n, k, r.key)] = die.mean()
    return out


def ice_opposed() -> Fraction:
    a = 10 @ icepool.Die(GHOST_FACES)
    d = 10 @ icepool.Die(GHOST_FACES)
    return Fraction((a > d).probability(True))


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


def dyce_opposed() -> Fraction:
    a = 10 @ H(GHOST_FACES)
    gt = a.gt(10 @ H(GHOST_FACES))
    return Fraction(gt[True], gt.total)


def dyce_keep() -> Any:
    return (20 @ P(6)).at(slice(-5, None))


TASKS: list[tuple[str, Callable[[], Any], Callable[[], Any], Callable[[], Any], int]] = [
    ("sum 20", ours_sum(20), ice_sum(20), dyce_sum(20), 20),
    ("sum 100", ours_sum(100), ice_sum(100), dyce_sum(100), 7),
    ("ghost table", ours_table, ice_table, dyce_table, 7),
    ("opposed 10v10", ours_opposed, ice_opposed, dyce_opposed, 20),
    ("20d6 keep 5", ours_keep, ice_keep, dyce_keep, 5),
]


def check_agreement() -> None:
    """The three tools give the same answers (exactly where both are exact)."""
    for n in (20, 100):
        ours, ice, dy = pool(n, GHOST_DIE), ice_sum(n)(), dyce_sum(n)()
        assert dict(ours.items()) == dict(ice.items()) == dict(dy.items()), f"sum {n}"
    means, ice_means, dyce_means = ours_table(), ice_table(), dyce_table()
    assert {k: Fraction(int(v.p), int(v.q)) for k, v in means.items()} == ice_means
    assert all(abs(float(means[k]) - v) < 1e-9 for k, v in dyce_means.items())
    win = ours_opposed()
    assert Fraction(int(win.p), int(win.q)) == ice_opposed() == dyce_opposed()
    keep = ours_keep()
    assert dict(keep.items()) == {o: int(q) for o, q in ice_keep().items()}
    assert dict(keep.items()) == dict(dyce_keep().items())


def best_of(fn: Callable[[], Any], repeat: int, clear: bool) -> float:
    best = float("inf")
    for _ in range(repeat):
        if clear:
            dense_pool.cache_clear()
            _moments.cache_clear()
        gc.collect()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    check_agreement()
    rows = []
    for name, ours, ice, dy, repeat in TASKS:
        t_ours = best_of(ours, repeat, clear=True)
        t_ice = best_of(ice, repeat, clear=False)
        t_dyce = best_of(dy, repeat, clear=False)
        rows.append((name, t_ours, t_ice, t_dyce))
    print(
        f"{'task':<16}{'ours ms':>10}{'icepool ms':>12}{'dyce ms':>10}{'x icepool':>11}{'x dyce':>9}"
    )
    for name, t_ours, t_ice, t_dyce in rows:
        print(
            f"{name:<16}{t_ours * 1e3:>10.3f}{t_ice * 1e3:>12.3f}{t_dyce * 1e3:>10.3f}"
            f"{t_ice / t_ours:>11.2f}{t_dyce / t_ours:>9.2f}"
        )
    speedup = min(t_ice / t_ours for name, t_ours, t_ice, _ in rows if name in HEADLINE)
    print(f"min speedup vs icepool: {speedup:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
