"""``workbench new``: the scaffolded game works as written (registry, tests' logic, 100 CLI
games); bad names and folders are one line, exit 2, nothing written."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from workbench import registry
from workbench.cli import main
from workbench.scaffold import FILES, new_game

BIN = Path(sys.executable).parent


@pytest.fixture
def scaffolded(tmp_path):
    """A new game 'brew' in tmp_path, importable and registered in this process."""
    project = new_game("brew", tmp_path)
    sys.path.insert(0, str(project))
    registry.register(importlib.import_module("brew").SPEC)
    try:
        yield project
    finally:
        registry.unregister("brew")
        sys.path.remove(str(project))
        for mod in [m for m in sys.modules if m == "brew" or m.startswith("brew.")]:
            del sys.modules[mod]


def test_every_file_is_written_and_the_game_is_registered(scaffolded, capsys):
    for path in FILES.values():
        assert (scaffolded / path.replace("{{name}}", "brew")).is_file(), path
    assert (scaffolded / "tests" / "golden" / "random_1.txt").read_text().startswith("start | ")
    text = (scaffolded / "pyproject.toml").read_text()
    assert '[project.entry-points."workbench.games"]\nbrew = "brew"' in text
    assert "{{" not in "".join(p.read_text() for p in scaffolded.rglob("*") if p.is_file())
    assert (
        main(
            [
                "play",
                "brew",
                "--players",
                "cautious:4,random",
                "--games",
                "100",
                "--seed",
                "1",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 100 and sum(p["wins"] + p["draws"] for p in out["players"]) >= 100


def test_the_scaffolded_layout_prints_every_card(scaffolded, tmp_path, capsys):
    from pypdf import PdfReader

    out = tmp_path / "brew.pdf"
    assert main(["print", "brew", "--backs", "--out", str(out)]) == 0
    assert "10 cards, 9 a page (3×3), 2 A4 page(s) of faces + 2 of backs" in capsys.readouterr().err
    reader = PdfReader(out)
    text = [line for page in reader.pages[::2] for line in page.extract_text().splitlines()]
    # cards.csv: One ×4, Two ×3, Three ×2, Four ×1
    assert [text.count(n) for n in ("One", "Two", "Three", "Four")] == [4, 3, 2, 1]
    assert reader.pages[1].extract_text().count("Brew") == 9


def test_the_scaffolded_tests_pass(scaffolded):
    spec = importlib.util.spec_from_file_location(
        "test_brew", scaffolded / "tests" / "test_brew.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.test_golden_playthrough()
    module.test_exact_first_seat_share_lies_in_the_simulated_interval()
    from brew.rules import make_game

    from workbench.engine.conformance import check_conformance

    assert check_conformance(make_game(), n_games=60, seed=1).ok
    from brew.analysis import first_seat_wins

    exact = first_seat_wins()
    assert 0 < exact < 1 and exact.q > 1  # an exact fraction, not a float


@pytest.mark.parametrize(
    "argv, message",
    [
        (["new", "Bad-Name"], "use lower-case letters"),
        (["new", "random"], "standard module"),
        (["new", "peek"], "registered already"),
        (["new", "fine", "--dir", "/dev/null"], "is not a folder"),
        (["new", "fine", "--dir", "/dev/null/x"], "cannot create it"),
    ],
)
def test_bad_names_and_folders_are_one_line_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_a_missing_folder_is_created(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert main(["new", "brew", "--dir", "~/games/cards"]) == 0  # the README's example
    assert (tmp_path / "games" / "cards" / "brew" / "pyproject.toml").is_file()
    assert "wrote" in capsys.readouterr().out


def test_an_existing_project_is_never_overwritten(tmp_path, capsys):
    (tmp_path / "brew").mkdir()
    (tmp_path / "brew" / "keep.txt").write_text("mine")
    assert main(["new", "brew", "--dir", str(tmp_path)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brew"]
    assert (tmp_path / "brew" / "keep.txt").read_text() == "mine"


@pytest.mark.slow
def test_pip_install_and_100_games_through_the_command_line(tmp_path):
    """The real path: pip install -e into this venv, the entry point, the CLI; then uninstalled."""
    project = new_game("brewtest", tmp_path)
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "-e", str(project)]
    subprocess.run(pip, check=True, timeout=300)
    try:
        out = subprocess.run(
            [
                str(BIN / "workbench"),
                "play",
                "brewtest",
                "--players",
                "cautious,random",
                "--games",
                "100",
                "--seed",
                "1",
                "--json",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "PYTHONPATH": ""},
        )
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["games"] == 100
    finally:
        subprocess.run(
            [sys.executable, "-m", "pip", "uninstall", "-q", "-y", "brewtest-game"],
            check=True,
            timeout=300,
        )
