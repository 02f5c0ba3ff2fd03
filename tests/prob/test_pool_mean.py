"""pool_mean (the expectation tables' fast path) equals the mean of the full pool."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from workbench.prob.dice import D6, die, pool, pool_mean

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0 (the ghost game's die)
GHOST_DIE = die(GHOST_FACES)

DICE = [GHOST_DIE, D6, die([0, 0, 1, 2]), die([-1, 0, 2])]


@given(
    st.integers(0, 7),
    st.sampled_from(DICE),
    st.integers(-8, 8),
    st.sampled_from([None, 0, 1, -2]),
    st.sampled_from([None, "zero", 2, -1]),
)
def test_pool_mean_equals_the_mean_of_the_pool(n, d, k, floor, fumble) -> None:
    assert (
        pool_mean(n, d, k, floor=floor, fumble=fumble)
        == pool(n, d, k, floor=floor, fumble=fumble).mean()
    )


def test_every_cell_of_the_ghost_table() -> None:
    for n in range(1, 8):
        for k in range(-3, 4):
            for floor in (None, 0):
                for fumble in (None, "zero"):
                    fast = pool_mean(n, GHOST_DIE, k, floor=floor, fumble=fumble)
                    assert fast == pool(n, GHOST_DIE, k, floor=floor, fumble=fumble).mean()
