"""Issue 16's command-line examples, one test each: each once crashed, hung or answered wrong."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from workbench.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("workbench"), err
    for word in words:
        assert word in err, (word, err)


def test_dice_397d_table_prints_exact_rows_without_overflow(capsys):
    code, out, _ = run(capsys, "dice", "397D")
    assert code == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines()[3:]}
    top = rows["2382"]  # 397 sixes: P = 1/6^397, "1 in" 6^397 ~ 1.1e+309 (beyond a float)
    assert top[1] == f"1/{6**397}"
    digits = str(6**397)
    assert top[-1] == f"{digits[0]}.{digits[1:3]}e+{len(digits) - 1}"
    assert Fraction(rows["397"][1]) == Fraction(1, 6**397)


def test_versus_budget_counts_every_roll_of_a_side(capsys):
    start = time.perf_counter()
    code, _, err = run(capsys, "versus", "1000D,1000D", "1D")
    one_line_error(code, err, "attack", "roll 2", "too large")
    code, _, err = run(capsys, "versus", ",".join(["1000D"] * 20), "1D")
    one_line_error(code, err, "attack")
    assert time.perf_counter() - start < 5


def test_versus_with_a_few_supporters_still_answers(capsys):
    code, out, _ = run(capsys, "versus", "1D,1D", "2D", "--ties", "nobody", "--json")
    assert code == 0
    data = json.loads(out)  # two d6 against two d6: the same distribution, symmetric
    assert Fraction(data["win"]) == Fraction(data["lose"]) == (1 - Fraction(146, 1296)) / 2


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("1/0", ["--target", "divides by zero"]),
        ("1e999999999", ["--target", "not a probability"]),
        ("1e-999999999", ["--target"]),
        ("9" * 5000, ["--target"]),
        ("nan", ["--target"]),
        ("pi/4", ["--target"]),
    ],
)
def test_copies_needed_target_never_hangs_or_crashes(capsys, target, words):
    start = time.perf_counter()
    code, _, err = run(capsys, "copies-needed", "--deck", "40", "--seen", "10", "--target", target)
    one_line_error(code, err, *words)
    assert time.perf_counter() - start < 2


def test_copies_needed_full_width_percent(capsys):
    code, out, _ = run(
        capsys, "copies-needed", "--deck", "40", "--seen", "10", "--target", "９０％", "--json"
    )
    assert code == 0 and json.loads(out) == {"copies": 8, "probability": "121456/131461"}


def test_round_refuses_a_person_named_like_the_nobody_key(capsys):
    code, _, err = run(capsys, "round", "--deck", "none:2,B:1,T:1", "--stop", "T")
    one_line_error(code, err, "--deck", "'none'")
    code, out, _ = run(capsys, "round", "--deck", "A:2,B:1,T:1", "--stop", "T", "--json")
    death = json.loads(out)["death"]
    assert sum(Fraction(p) for p in death.values()) == 1


@pytest.mark.parametrize(("text", "char"), [("⑩D", "U+2469"), ("²D", "U+00B2"), ("3D+₂", "U+2082")])
def test_lookalike_digits_are_refused_with_their_position(capsys, text, char):
    code, _, err = run(capsys, "dice", text)
    one_line_error(code, err, "notation", char, f"position {text.index(text.strip('D+3')[0])}")


def test_fumble_that_cannot_apply_is_warned_and_changes_nothing(capsys):
    code, out, err = run(capsys, "dice", "3D", "--fumble", "zero", "--json")
    assert code == 0 and "warning: --fumble" in err and "0 face" in err
    _, plain, _ = run(capsys, "dice", "3D", "--json")
    assert json.loads(out) == json.loads(plain)
    code, _, err = run(capsys, "dice", "1D", "--fumble", "zero", "--faces", "0,1,2")
    assert code == 0 and "never fumbles" in err
    code, _, err = run(capsys, "dice", "3D", "--fumble", "zero", "--faces", "0,1,2", "--json")
    assert code == 0 and err == ""


def test_values_starting_with_a_dash(capsys):
    code, _, err = run(capsys, "dice", "-1D6+3")
    one_line_error(code, err, "cannot be subtracted", "position 1")
    code, out, _ = run(capsys, "dice", "2D", "--faces", "-1,0,1", "--json")
    assert code == 0 and json.loads(out)["mean"] == "0" and json.loads(out)["variance"] == "4/3"
    code, out, _ = run(capsys, "dice", "-3", "--json")
    assert code == 0 and json.loads(out)["distribution"] == {"-3": "1"}


@pytest.mark.parametrize(
    ("flag", "value"), [("--extra", "-5"), ("--per-turn", "-1"), ("--opening", "-2")]
)
def test_errors_name_the_flag_as_typed(capsys, flag, value):
    code, _, err = run(capsys, "draws", "--deck", "40", "--copies", "4", "--turn", "3", flag, value)
    one_line_error(code, err, flag)


@pytest.mark.parametrize(
    "argv",
    [
        ["draws", "--deck", "9" * 5000, "--copies", "4", "--seen", "7"],
        ["dice", "3D", "--floor", "9" * 5000],
        ["round", "--deck", "A:" + "9" * 5000 + ",T:1", "--stop", "T"],
        ["app", "ghost", "--port", "70000"],
        ["app", "ghost", "--seed", "9" * 5000],
    ],
)
def test_huge_numbers_are_refused_before_use(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and err.startswith("workbench"), err


def _cli(
    *argv: str, env: dict[str, str] | None = None, pipe: str = ""
) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "workbench", *argv]
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    if pipe:
        return subprocess.run(
            " ".join(map(_quote, command)) + f" | {pipe}",
            shell=True,
            capture_output=True,
            env=full_env,
            timeout=120,
        )
    return subprocess.run(command, capture_output=True, env=full_env, timeout=120)


def _quote(word: str) -> str:
    import shlex

    return shlex.quote(word)


def test_closed_pipe_ends_quietly():
    done = subprocess.run(
        f'{_quote(sys.executable)} -m workbench dice 1000D | head -1; echo "rc=${{PIPESTATUS[0]}}"',
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.stderr == b"", done.stderr
    assert done.stdout.decode().splitlines()[-1] == "rc=0"


def test_output_is_utf8_whatever_the_locale():
    for encoding in ("ascii", "latin-1"):
        done = _cli(
            "round",
            "--deck",
            "探偵:2,T:1",
            "--stop",
            "T",
            "--json",
            env={"PYTHONIOENCODING": encoding, "LC_ALL": "C"},
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout.decode("utf-8"))["death"]["探偵"] == "1"
