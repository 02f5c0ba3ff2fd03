"""The die orientation model: rolls in four directions, opposite faces, 24 orientations."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.games.life import dice as D

orientations = st.integers(0, 23)
directions = st.sampled_from(D.DIRECTIONS)


def test_24_orientations_with_opposite_faces_summing_to_7():
    assert len(D.ORIENTATIONS) == 24 == len(set(D.ORIENTATIONS))
    for top, north, east in D.ORIENTATIONS:
        faces = {top, north, east, 7 - top, 7 - north, 7 - east}
        assert faces == {1, 2, 3, 4, 5, 6}
    assert all(len(D.WITH_TOP[f]) == 4 for f in range(1, 7))


@pytest.mark.parametrize(
    ("direction", "expected"),
    [
        ("N", (5, 1, 3)),  # the south face (7 - 2) comes up, the old top faces north
        ("S", (2, 6, 3)),  # the north face comes up, the bottom faces north
        ("E", (4, 2, 1)),  # the west face (7 - 3) comes up, the old top faces east
        ("W", (3, 2, 6)),  # the east face comes up, the bottom faces east
    ],
)
def test_roll_each_direction_from_1_2_3(direction, expected):
    assert D.orientation(D.roll(D.index_of(1, 2, 3), direction)) == expected


@given(orientations, directions)
def test_four_rolls_in_one_direction_return_to_start(o, d):
    assert D.roll_path(o, d * 4) == o
    assert D.roll_path(o, d * 2) != o


@given(orientations, directions)
def test_roll_then_back_is_identity_and_keeps_the_axis_face(o, d):
    assert D.roll(D.roll(o, d), D.OPPOSITE[d]) == o
    top, north, east = D.orientation(o)
    new = D.orientation(D.roll(o, d))
    kept = east if d in "NS" else north
    assert (new[2] if d in "NS" else new[1]) == kept
    assert new[0] not in (top, 7 - top)  # a side face comes up


def test_each_direction_brings_up_a_different_side_face():
    for o in range(24):
        tops = {D.TOP[D.roll(o, d)] for d in D.DIRECTIONS}
        t = D.TOP[o]
        assert tops == {1, 2, 3, 4, 5, 6} - {t, 7 - t}


def test_rolls_reach_all_24_orientations_and_only_one_handedness():
    reached = {
        D.roll_path(0, path) for k in range(5) for path in itertools.product(D.DIRECTIONS, repeat=k)
    }
    assert reached == set(range(24))
    assert (1, 3, 2) not in D.ORIENTATIONS  # the mirror-image die


def test_bad_inputs_are_clear_errors():
    with pytest.raises(ValueError, match="unknown direction 'Q'"):
        D.roll(0, "Q")
    with pytest.raises(ValueError, match="opposite faces sum to 7"):
        D.index_of(2, 5)
    with pytest.raises(ValueError, match="not an orthogonal"):
        D.direction_between((0, 0), (0, 2))
