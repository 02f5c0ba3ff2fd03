"""Every subcommand's parser driven with random strings and numbers (issue 16).

Whatever the arguments, ``workbench`` must end with 0, 1 or 2; on 2 with one
line per message, each starting with ``workbench``; never an exception, and
within a few seconds a case (the work budget is checked before computing).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.registry import game_names

LIMIT_SECONDS = 10.0
SETTINGS = settings(
    deadline=None,  # examples: the profile's (60; HYPOTHESIS_PROFILE=slow: 500)
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

WORDS = st.sampled_from(
    [
        "",
        " ",
        "-",
        "--",
        "0",
        "-1",
        "1e999999999",
        "1/0",
        "nan",
        "⑩",
        "²",
        "３",
        "−2",
        "9" * 40,
        "9" * 5000,
        "none",
        "zero",
        "\x00",
        "\u202e",
        "D",
        "1000D",
        "1000D,1000D",
        "3D+2",
        "A:2,T:1",
        "T",
        "０．９",
        "90%",
    ]
)
NUMBERS = st.integers(min_value=-(10**30), max_value=10**30).map(str)
TEXT = st.text(max_size=24)
VALUE = st.one_of(WORDS, NUMBERS, TEXT)
NOTATION = st.one_of(VALUE, st.from_regex(r"\A[0-9]{1,4}[dD][0-9]{0,5}([+-][0-9]{1,7})?\Z"))


def _check(capsys: pytest.CaptureFixture[str], argv: list[str], one_line: bool = True) -> None:
    start = time.perf_counter()
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse reports its own errors as exit 2
        code = int(exc.code) if isinstance(exc.code, int) else 2
    took = time.perf_counter() - start
    _, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code, err)
    assert took < LIMIT_SECONDS, (argv, took)
    if code == 2:
        lines = err.splitlines()
        assert lines and all(line.startswith("workbench") for line in lines), (argv, err)
        if one_line:
            assert len(lines) == 1, (argv, err)


def _flags(draw: st.DrawFn, names: list[str]) -> list[str]:
    out: list[str] = []
    for name in draw(st.lists(st.sampled_from(names), max_size=4, unique=True)):
        out += [name, draw(VALUE)]
    return out


@SETTINGS
@given(data=st.data())
def test_fuzz_dice(capsys, data):
    argv = ["dice", data.draw(NOTATION)]
    argv += data.draw(st.composite(lambda d: _flags(d, ["--faces", "--floor", "--fumble"]))())
    argv += data.draw(st.sampled_from([[], ["--json"]]))
    _check(capsys, argv)


@SETTINGS
@given(data=st.data())
def test_fuzz_versus(capsys, data):
    argv = ["versus", data.draw(NOTATION), data.draw(NOTATION)]
    argv += data.draw(
        st.composite(lambda d: _flags(d, ["--faces", "--floor", "--fumble", "--ties"]))()
    )
    argv += data.draw(st.sampled_from([[], ["--json"]]))
    _check(capsys, argv)


@SETTINGS
@given(data=st.data())
def test_fuzz_draws(capsys, data):
    argv = [
        "draws",
        "--deck",
        data.draw(st.one_of(VALUE, st.integers(0, 60).map(str))),
        "--copies",
        data.draw(st.one_of(VALUE, st.integers(0, 8).map(str))),
    ]
    argv += data.draw(
        st.composite(
            lambda d: _flags(
                d,
                [
                    "--seen",
                    "--turn",
                    "--going",
                    "--opening",
                    "--per-turn",
                    "--extra",
                    "--at-least",
                    "--exactly",
                    "--at-most",
                ],
            )
        )()
    )
    _check(capsys, argv)


@SETTINGS
@given(data=st.data())
def test_fuzz_copies_needed(capsys, data):
    argv = [
        "copies-needed",
        "--deck",
        data.draw(st.one_of(VALUE, st.integers(1, 60).map(str))),
        "--seen",
        data.draw(st.one_of(VALUE, st.integers(0, 60).map(str))),
        "--target",
        data.draw(VALUE),
    ]
    argv += data.draw(st.composite(lambda d: _flags(d, ["--at-least", "--max-copies"]))())
    _check(capsys, argv)


@SETTINGS
@given(data=st.data())
def test_fuzz_round(capsys, data):
    deck = data.draw(
        st.one_of(
            VALUE,
            st.lists(st.tuples(st.text(max_size=4), st.integers(-2, 5)), max_size=8).map(
                lambda items: ",".join(f"{n}:{c}" for n, c in items) + ",T:1"
            ),
        )
    )
    argv = ["round", "--deck", deck, "--stop", data.draw(st.one_of(st.just("T"), VALUE))]
    argv += data.draw(
        st.composite(lambda d: _flags(d, ["--opening", "--stop-first", "--opening-stop"]))()
    )
    _check(capsys, argv)


@SETTINGS
@given(data=st.data())
def test_fuzz_check(capsys, tmp_path_factory, data):
    folder: Path = tmp_path_factory.mktemp("fuzz")
    name = data.draw(
        st.text(min_size=1, max_size=12).filter(
            lambda s: "/" not in s and "\x00" not in s and s not in (".", "..")
        )
    )
    if data.draw(st.booleans()):
        (folder / (name + ".csv")).write_bytes(data.draw(st.binary(max_size=300)))
        name += ".csv"
    argv = ["check", str(folder / name)]
    argv += data.draw(st.composite(lambda d: _flags(d, ["--game", "--rules", "--cards"]))())
    argv += data.draw(st.sampled_from([[], ["--json"], ["--deck"]]))
    _check(capsys, argv, one_line=False)


@SETTINGS
@given(data=st.data())
def test_fuzz_export_and_app(capsys, tmp_path_factory, data):
    folder: Path = tmp_path_factory.mktemp("fuzz")
    out = str(folder / data.draw(st.text(max_size=10).filter(lambda s: "\x00" not in s)))
    _check(
        capsys,
        [
            "export",
            str(folder / data.draw(VALUE).replace("\x00", "")),
            "--out",
            out,
            "--no-execute",
        ],
    )
    game = data.draw(VALUE.filter(lambda s: s not in game_names()))
    argv = ["app", game, "--build", str(folder)]
    argv += data.draw(
        st.composite(lambda d: _flags(d, ["--port", "--seed", "--ip", "--max-kernels"]))()
    )
    _check(capsys, argv)
