"""The deck subcommands through workbench.cli.main, plus one real subprocess run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_draws(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys, "draws", "--deck", "40", "--copies", "4", "--seen", "7", "--at-least", "1"
    )
    assert out == {"probability": "5047/9139"}
    out = run_json(capsys, "draws", "--deck", "8", "--copies", "2", "--seen", "3", "--exactly", "1")
    assert out == {"probability": "15/28"}
    # mugen: going second, turn 3, one revenge draw -> 4 + 3 + 1 = 8 cards seen
    out = run_json(
        capsys,
        "draws",
        "--deck",
        "40",
        "--copies",
        "4",
        "--turn",
        "3",
        "--going",
        "second",
        "--extra",
        "1",
    )
    assert out == run_json(capsys, "draws", "--deck", "40", "--copies", "4", "--seen", "8")


def test_copies_needed(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "copies-needed", "--deck", "40", "--seen", "10", "--target", "0.9")
    assert out == {"copies": 8, "probability": "121456/131461"}
    out = run_json(
        capsys,
        "copies-needed",
        "--deck",
        "40",
        "--seen",
        "10",
        "--target",
        "90%",
        "--max-copies",
        "4",
    )
    assert out == {"copies": None, "probability": "12797/18278"}


def test_round(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys, "round", "--deck", "A:2,B:1,C:1,T:1", "--stop", "T", "--stop-first", "bottom"
    )
    assert out["length"] == {"1": "1/5", "2": "1/5", "3": "1/5", "4": "2/5"}
    assert out["death"] == {"A": "19/30", "B": "1/20", "C": "1/20", "none": "4/15"}
    out = run_json(
        capsys,
        "round",
        "--deck",
        "A:1,B:1,C:1,D:1,E:1,F:1,G:1,N:1",
        "--stop",
        "N",
        "--stop-first",
        "end",
        "--opening",
        "4",
    )
    assert out["no_action"] == "9/40"
    assert main(["round", "--deck", "A:2,T:1", "--stop", "T"]) == 0
    assert "19/30" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["draws", "--deck", "40", "--copies", "41", "--seen", "7"], "--copies"),
        (["draws", "--deck", "40", "--copies", "-1", "--seen", "7"], "--copies"),
        (["draws", "--deck", "40", "--copies", "4"], "--seen"),
        (["draws", "--deck", "40", "--copies", "4", "--seen", "3", "--turn", "2"], "--seen"),
        (["copies-needed", "--deck", "40", "--seen", "10", "--target", "1.5"], "--target"),
        (["copies-needed", "--deck", "40", "--seen", "10", "--target", "0"], "--target"),
        (["copies-needed", "--deck", "40", "--seen", "50", "--target", "0.5"], "--seen"),
        (["round", "--deck", "A:2,B:1", "--stop", "T"], "--stop"),
        (["round", "--deck", "A:2,B:x,T:1", "--stop", "T"], "--deck"),
        (["round", "--deck", "A:-2,T:1", "--stop", "T"], "--deck"),
        (["round", "--deck", "A:2,T:1", "--stop", "T", "--opening", "3"], "--opening"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], flag: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and flag in err


def test_argparse_errors_exit_2() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["draws", "--deck", "forty", "--copies", "4", "--seen", "7"])
    assert exc.value.code == 2


def test_subprocess_round() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench",
            "round",
            "--deck",
            "A:2,B:1,C:1,T:1",
            "--stop",
            "T",
            "--stop-first",
            "bottom",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["death"]["none"] == "4/15"
