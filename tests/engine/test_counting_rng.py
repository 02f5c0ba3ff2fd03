"""CountingRandom keeps its getstate() checkpoints where each block of 2**14 words is
first passed, draws as random.Random does, and survives pickling (issue 22 item 1: the
session's per-draw counting made cheaper must not move them)."""

from __future__ import annotations

import pickle
import random

from workbench.engine.kernel.rng import CountingRandom

BLOCK = 1 << 14


def test_checkpoints_land_where_each_block_is_first_passed() -> None:
    r, plain = CountingRandom(3), random.Random(3)
    expected, block = [], 1
    for _ in range(40_000):
        assert r.randrange(1000) == plain.randrange(1000)
        if r.words >= block * BLOCK:
            expected.append(r.words)
            block += 1
    assert sorted(r._checkpoints) == expected and len(expected) == 2
    r.rewind(expected[0] - 5)  # drawing past a kept checkpoint again keeps no new one
    for _ in range(10):
        r.randrange(1000)
    assert sorted(r._checkpoints) == expected


def test_a_pickled_rng_draws_on_and_counts_from_zero() -> None:
    r = CountingRandom(8)
    for _ in range(100):
        r.random()
    copy, mark = pickle.loads(pickle.dumps(r)), r.words
    assert copy.words == 0 and mark == 200
    assert [copy.randrange(10**9), copy.randrange(6)] == [r.randrange(10**9), r.randrange(6)]
    assert copy.words == r.words - mark > 0
