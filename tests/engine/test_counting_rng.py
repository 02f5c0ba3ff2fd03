"""CountingRandom keeps its getstate() checkpoints where each block of 2**14 words is
first passed, draws as random.Random does, and keeps its position and checkpoints through
pickling (issue 22 item 1: the session's per-draw counting made cheaper must not move them; a
session's undo after unpickling rewinds to positions counted before it)."""

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


def test_a_pickled_rng_keeps_its_position_and_rewinds_as_the_original() -> None:
    r = CountingRandom(8)
    while r.words < 3 * BLOCK // 2:  # past the first checkpoint
        r.randrange(1000)
    mark = r.words
    copy = pickle.loads(pickle.dumps(r))
    assert copy.words == mark and len(r._checkpoints) == 1
    assert sorted(copy._checkpoints) == sorted(r._checkpoints)
    assert [copy.randrange(10**9), copy.randrange(6)] == [r.randrange(10**9), r.randrange(6)]
    assert copy.words == r.words
    for one in (r, copy):
        one.rewind(BLOCK + 7)  # from the kept checkpoint
    assert copy.random() == r.random()
    for one in (r, copy):
        one.rewind(5)  # from the seed
    assert copy.getrandbits(70) == r.getrandbits(70)


def test_an_rng_pickled_as_a_plain_state_counts_from_zero() -> None:
    """A pickle made before positions were kept (random.Random's own: the getstate()
    tuple) still loads; its position is then unknown, so it starts at zero."""
    r = CountingRandom(8)
    for _ in range(100):
        r.random()
    copy = CountingRandom()
    copy.__setstate__(random.Random.getstate(r))
    following = r.random()
    assert copy.words == 0 and copy.random() == following
    copy.rewind(0)  # position 0 is where it was restored
    assert copy.random() == following and copy.words == 2
