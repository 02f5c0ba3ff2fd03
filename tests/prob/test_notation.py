"""Dice notation: readings, full-width text, positioned errors, fuzzing."""

from __future__ import annotations

import time

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from workbench.prob.dice import D6, die, pool
from workbench.prob.notation import DiceSpec, DiceTerm, NotationError, parse_dice

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0 (the ghost game's die)
GHOST_DIE = die(GHOST_FACES)


@pytest.mark.parametrize(
    ("text", "normal", "count", "modifier"),
    [
        ("3D+2", "3D+2", 3, 2),
        ("3d6-1", "3d6-1", 3, -1),
        ("2D+1D+3", "2D+1D+3", 3, 3),
        ("３Ｄ＋２", "3D+2", 3, 2),
        ("１Ｄ−１", "1D-1", 1, -1),
        ("１Ｄー１", "1D-1", 1, -1),
        ("１Ｄ－１", "1D-1", 1, -1),
        ("1d", "1D", 1, 0),
        (" 2 D + 1 ", "2D+1", 2, 1),
        ("1 + 2d8 - 3", "2d8-2", 2, -2),
        ("-3", "-3", 0, -3),
        ("0", "0", 0, 0),
        ("3D+0", "3D", 3, 0),
        ("２Ｄ　＋　１", "2D+1", 2, 1),
    ],
)
def test_readings(text, normal, count, modifier):
    spec = parse_dice(text)
    assert (str(spec), spec.count, spec.modifier) == (normal, count, modifier)


def test_default_faces_and_explicit_sides():
    ghost = parse_dice("３Ｄ＋２", faces=GHOST_FACES)
    assert ghost.dist() == pool(3, GHOST_DIE, 2)
    assert ghost.dist().mean() == sympy.Rational(19, 2)
    assert parse_dice("3d6+2", faces=GHOST_FACES).dist() == pool(3, D6, 2)
    assert parse_dice("3D6+2", faces=GHOST_FACES).dist().mean() == sympy.Rational(25, 2)
    mixed = parse_dice("2D+1d4+3", faces=GHOST_FACES).dist()
    assert mixed == pool(2, GHOST_DIE) + pool(1, die(4)) + 3
    assert parse_dice("1D-3", faces=GHOST_FACES).dist(floor=0).mean() == sympy.Rational(1, 2)
    assert parse_dice("2D+3", faces=GHOST_FACES).dist(fumble="zero").p(0) == sympy.Rational(1, 36)
    # a d6 in the roll can never show 0: no fumble possible
    assert parse_dice("1D+1d6", faces=GHOST_FACES).dist(fumble="zero").p(0) == 0


def test_spec_is_frozen_value():
    a, b = parse_dice("3D+2"), parse_dice("３Ｄ＋２")
    assert a == b and hash(a) == hash(b)
    assert a.terms == (DiceTerm(3),)
    assert isinstance(a, DiceSpec)
    with pytest.raises(AttributeError):
        a.modifier = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("", 0, "empty"),
        ("D", 0, "write 1D"),
        ("3D+", 3, "text ends"),
        ("3X2", 1, "'X'"),
        ("３Ｘ２", 1, "U+FF38"),
        ("3D-1D", 3, "subtracted"),
        ("1001D", 0, "at most 1,000"),
        ("600D+600D", 5, "in all"),
        ("3d10001", 2, "limit of 10,000"),
        ("3d0", 2, "at least one side"),
        ("1000d20", 0, "too large"),
        ("9" * 5000, 0, "over the limit"),
        ("2D+3 4", 5, "'4'"),
        ("3DD", 2, "expected +, - or the end"),
        ("1D++1", 3, "expected a number"),
    ],
)
def test_errors_name_the_position(text, position, words):
    with pytest.raises(NotationError) as info:
        parse_dice(text)
    assert info.value.position == position
    assert words in str(info.value)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, ValueError)


def test_bad_faces_argument():
    with pytest.raises(ValueError, match="faces must be"):
        parse_dice("1D", faces=[])
    with pytest.raises(TypeError):
        parse_dice(3)  # type: ignore[arg-type]


@given(st.text(alphabet=st.sampled_from("0123456789dDx+-−ー＋３Ｄ 　.e*/()"), max_size=14))
def test_fuzz_parses_or_raises_clearly(text):
    try:
        spec = parse_dice(text)
    except NotationError as err:
        assert 0 <= err.position <= len(text)
        return
    assert parse_dice(str(spec)) == spec


@given(st.text(max_size=12))
def test_fuzz_any_unicode(text):
    start = time.perf_counter()
    try:
        parse_dice(text)
    except NotationError as err:
        assert 0 <= err.position <= len(text)
    assert time.perf_counter() - start < 1


@given(
    terms=st.lists(st.tuples(st.integers(1, 4), st.none() | st.integers(1, 8)), max_size=3),
    modifier=st.integers(-20, 20),
)
def test_round_trip_and_dist(terms, modifier):
    spec = DiceSpec(tuple(DiceTerm(n, s) for n, s in terms), modifier)
    again = parse_dice(str(spec))
    assert again == spec
    want = sum(
        (pool(n, D6 if s is None else die(s)) for n, s in terms), start=pool(0, D6, modifier)
    )
    assert again.dist() == want


def test_sides_of_several_ghosts():
    from workbench.prob.dice import side
    from workbench.prob.notation import parse_side, side_dist

    specs = parse_side("３Ｄ＋２、1D+1, 2D", faces=GHOST_FACES)
    assert [str(s) for s in specs] == ["3D+2", "1D+1", "2D"]
    want = side(*(s.dist(fumble="zero") for s in specs))
    assert side_dist("３Ｄ＋２、1D+1, 2D", GHOST_FACES, fumble="zero") == want
    # each ghost fumbles on its own: a 2D supporter's fumble does not void the 3D+2
    assert want.p(3 + 1) > 0
    with pytest.raises(NotationError) as info:
        parse_side("3D+2,,1D")
    assert info.value.position == 5 and "'3D+2,,1D'" in str(info.value)
    with pytest.raises(NotationError) as info:
        parse_side("1D, 2X")
    assert info.value.position == 5
