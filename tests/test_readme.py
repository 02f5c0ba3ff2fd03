"""The README works on a fresh clone as written (issue 39, items 14 and 17): every file its
examples read is in the repository, every `workbench` example line parses, the quick ones
run to exit 0 as written (their outputs sent to a temporary folder), the long ones run with
fewer games (as written under ``-m slow``), what the examples write in the checkout is
git-ignored, and the README and docs/whatif.md name only modules and folders that exist."""

from __future__ import annotations

import importlib
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from workbench.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
WHATIF = (ROOT / "docs" / "whatif.md").read_text(encoding="utf-8")

#: run as written in the default test run (seconds at most, outputs redirected)
QUICK = ("dice", "versus", "draws", "copies-needed", "round", "check", "print", "new")
#: long as written: the default run plays fewer games, ``-m slow`` the README's own count
FEWER_GAMES = {"play": "200", "compare": "60", "cards": "6", "tune": "12"}
#: servers and notebook runs: their own tests start them (tests/browser, tests/share)
NOT_RUN = ("export", "app", "playtest")
OUTPUTS = ("--out", "--dir")


def _examples() -> list[list[str]]:
    """The `workbench …` lines of the README's bash blocks, as argument lists (no comment)."""
    lines = []
    for block in re.findall(r"```bash\n(.*?)```", README, re.DOTALL):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words[:1] == ["workbench"]:
                lines.append(words[1:])
    return lines


EXAMPLES = _examples()


def test_the_readme_shows_every_command_kind() -> None:
    shown = {argv[0] for argv in EXAMPLES}
    assert set(QUICK) | set(FEWER_GAMES) | set(NOT_RUN) == shown


def test_every_file_an_example_reads_is_in_the_repository() -> None:
    read = [
        word
        for argv in EXAMPLES
        for before, word in zip(argv, argv[1:])
        if before not in OUTPUTS and re.match(r"(data|notebooks|examples|docs)/", word)
    ]
    assert "data/ghost/variants/unyu-2d1" in read and len(read) >= 4
    missing = [word for word in read if not (ROOT / word).exists()]
    assert missing == []
    tracked = subprocess.run(
        ["git", "ls-files", "--error-unmatch", *read], cwd=ROOT, capture_output=True, text=True
    )
    assert tracked.returncode == 0, tracked.stderr  # committed, not just present here


def _redirected(argv: list[str], tmp_path: Path) -> list[str]:
    out = list(argv)
    for i, word in enumerate(argv[:-1]):
        if word in OUTPUTS:
            out[i + 1] = str(tmp_path / Path(argv[i + 1]).name)
    return out


def _fewer(argv: list[str]) -> list[str]:
    out = list(argv)
    out[out.index("--games") + 1] = FEWER_GAMES[argv[0]]
    if "--trials" in out:  # the tuner's trials each play the games: two show it runs
        out[out.index("--trials") + 1] = "2"
    return out


@pytest.mark.parametrize(
    "argv", [a for a in EXAMPLES if a[0] in QUICK], ids=lambda a: " ".join(a)[:40]
)
def test_quick_examples_run_as_written(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(ROOT)
    code = main(_redirected(argv, tmp_path))
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.strip() or err.strip()
    if argv[0] == "new":
        assert (tmp_path / "games" / "mygame" / "pyproject.toml").is_file()
    if argv[0] == "print":
        assert (tmp_path / "sora.pdf").stat().st_size > 10_000


@pytest.mark.parametrize("argv", [a for a in EXAMPLES if a[0] in FEWER_GAMES], ids=lambda a: a[0])
def test_long_examples_run_with_fewer_games(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)
    code = main(_fewer(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    assert '"games"' in out


@pytest.mark.slow
@pytest.mark.parametrize("argv", [a for a in EXAMPLES if a[0] in FEWER_GAMES], ids=lambda a: a[0])
def test_long_examples_run_as_written(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)
    assert main(argv) == 0


def test_what_the_examples_write_in_the_checkout_is_ignored() -> None:
    written = [
        "sora.pdf",
        "playtest-detective-0.json",
        "build/life.html",
        "build/reports/index.html",
        "data/ghost/variants/my-unyu/variant.json",
        "data/ghost/variants/my-unyu/ghost/cards.csv",
    ]
    ignored = subprocess.run(
        ["git", "check-ignore", *written], cwd=ROOT, capture_output=True, text=True
    ).stdout.split()
    assert ignored == written
    kept = "data/ghost/variants/unyu-2d1/variant.json"
    assert subprocess.run(["git", "check-ignore", "-q", kept], cwd=ROOT).returncode == 1


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(target, name):
                return False
            target = getattr(target, name)
        return True
    return False


@pytest.mark.parametrize("text", [README, WHATIF], ids=["README.md", "docs/whatif.md"])
def test_named_modules_exist(text: str) -> None:
    named = set(re.findall(r"`(workbench(?:\.[A-Za-z_]\w*)+)", text))
    assert named and sorted(n for n in named if not _resolves(n)) == []


def test_the_layout_table_names_folders_that_exist_and_every_package() -> None:
    table = README.split("## Layout", 1)[1].split("\n## ", 1)[0]
    paths = re.findall(r"^\| `([^`]+)`", table, re.MULTILINE)
    paths += re.findall(r"^\| `[^`]+`, `([^`]+)`", table, re.MULTILINE)
    assert [p for p in paths if "<" not in p and not (ROOT / p).exists()] == []
    packages = {
        f"workbench/{p.name}/"
        for p in (ROOT / "workbench").iterdir()
        if (p / "__init__.py").is_file() and p.name not in ("data",)
    }
    assert sorted(packages - set(paths) - {"workbench/games/"}) == []
    notebooks = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert sorted(n for n in notebooks if n not in README) == []
