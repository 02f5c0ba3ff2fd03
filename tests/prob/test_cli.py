"""``workbench dice`` / ``workbench versus`` through main() and once as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from workbench.cli import main

GHOST = ["--faces", "0,1,2,3,4,5"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_dice_json_is_exact(capsys):
    code, out, _ = run(capsys, "dice", "3D+2", *GHOST, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"mean", "variance", "distribution"}
    assert data["mean"] == "19/2" and data["variance"] == "35/4"
    assert data["distribution"]["2"] == "1/216"
    assert sum(Fraction(p) for p in data["distribution"].values()) == 1


def test_dice_json_floor_and_fumble(capsys):
    _, out, _ = run(capsys, "dice", "1D-3", *GHOST, "--floor", "0", "--json")
    assert json.loads(out)["mean"] == "1/2"
    _, out, _ = run(capsys, "dice", "２Ｄ＋３", *GHOST, "--fumble", "zero", "--json")
    data = json.loads(out)
    assert (
        data["mean"] == "95/12"
        and data["distribution"]["0"] == "1/36"
        and "3" not in data["distribution"]
    )


def test_dice_table_is_readable(capsys):
    code, out, _ = run(capsys, "dice", "2d6")
    assert code == 0
    assert "mean 7 (7.0000)" in out
    assert any(line.split()[:2] == ["7", "1/6"] for line in out.splitlines())


def test_versus_json(capsys):
    _, out, _ = run(capsys, "versus", "3D+2", "3D+1", *GHOST, "--ties", "nobody", "--json")
    assert json.loads(out) == {"win": "4249/7776", "tie": "469/5184", "lose": "5647/15552"}
    _, out, _ = run(capsys, "versus", "3D+2", "3D+1", *GHOST, "--fumble", "zero", "--json")
    data = json.loads(out)
    assert data == {"win": "25493/46656", "tie": "0", "lose": "21163/46656"}
    _, out, _ = run(capsys, "versus", "1d6", "1d6", "--ties", "attacker", "--json")
    assert json.loads(out)["win"] == "7/12"


def test_versus_table(capsys):
    code, out, _ = run(capsys, "versus", "1D", "1D", *GHOST)
    assert code == 0 and "attacker wins" in out and "equal totals 1/6" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["dice", "3X2"], "position 1"),
        (["dice", "3D+", "--json"], "position 3"),
        (["versus", "1D", "D"], "defence: unexpected 'D' at position 0"),
        (["dice", "1D", "--faces", "1,q"], "item 2 'q'"),
        (["dice", "1D", "--fumble", "sometimes"], "--fumble"),
    ],
)
def test_bad_input_exit_2_one_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_bad_tie_rule_is_argparse_error(capsys):
    with pytest.raises(SystemExit) as info:
        main(["versus", "1D", "1D", "--ties", "draw"])
    assert info.value.code == 2


def test_python_dash_m_workbench():
    done = subprocess.run(
        [sys.executable, "-m", "workbench", "versus", "３Ｄ＋２", "3D+1", *GHOST, "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["win"] == "4249/7776"
    bad = subprocess.run(
        [sys.executable, "-m", "workbench", "dice", "1Ｄ＋"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "position 3" in bad.stderr


def test_versus_with_supporters(capsys):
    _, out, _ = run(capsys, "versus", "1D,1D", "2D", *GHOST, "--ties", "nobody", "--json")
    data = json.loads(out)
    # two single dice never fumble; 2D fumbles to 0, which only changes a 0-0 tie
    assert data["win"] == data["lose"]
    code, _, err = run(capsys, "versus", "1D, 1X", "2D", *GHOST)
    assert code == 2 and "attack: unexpected 'X' at position 5" in err
