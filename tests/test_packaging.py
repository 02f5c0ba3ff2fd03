"""The wheel carries every package and the card sheets; data_files finds them or a user's folder."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from workbench import data_files
from workbench.datafiles import ENV, packaged_data

ROOT = Path(__file__).resolve().parents[1]
SHEETS = (".csv", ".xlsx", ".parquet", ".md")


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]


def test_every_folder_of_the_package_is_listed_for_the_wheel():
    """pyproject lists packages by hand (data/ is mapped in); a new folder must be added there."""
    listed = set(_setuptools()["packages"])
    folders = {
        ".".join(p.relative_to(ROOT).parts)
        for p in [ROOT / "workbench", *(ROOT / "workbench").rglob("*")]
        if p.is_dir()
        and p.name != "__pycache__"
        and "_vendor" not in p.parts
        and any(f.name != "__pycache__" for f in p.iterdir())
    }
    assert folders - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    # data/ is workbench.data; each folder of sheets in it is listed too (no build warnings),
    # the variants a designer saves beside a sheet are not shipped
    data = {
        ".".join(["workbench.data", *p.relative_to(ROOT / "data").parts])
        for p in [ROOT / "data", *(ROOT / "data").rglob("*")]
        if p.is_dir() and "variants" not in p.parts and "__pycache__" not in p.parts
    }
    assert listed - folders == data
    assert _setuptools()["package-dir"] == {"workbench.data": "data"}


def test_the_packaged_sheets_are_the_data_folder():
    assert packaged_data() == ROOT / "data"
    assert data_files("ghost") == ROOT / "data" / "ghost"
    assert (data_files("ghost") / "cards.csv").read_text(encoding="utf-8").startswith("id,kind,")


def test_a_user_folder_wins_game_by_game(tmp_path, monkeypatch):
    (tmp_path / "ghost").mkdir()
    assert data_files("ghost", data_dir=tmp_path) == tmp_path / "ghost"
    assert data_files("life", data_dir=tmp_path) == ROOT / "data" / "life"  # not there: packaged
    assert data_files(data_dir=tmp_path) == tmp_path
    monkeypatch.setenv(ENV, str(tmp_path))
    assert data_files("ghost") == tmp_path / "ghost"
    assert data_files("ghost", data_dir=ROOT / "data") == ROOT / "data" / "ghost"  # argument first
    monkeypatch.setenv(ENV, str(tmp_path / "missing"))
    with pytest.raises(FileNotFoundError, match=r"^\$WORKBENCH_DATA '.*missing' is not a folder$"):
        data_files("ghost")


def test_a_game_loads_its_sheet_from_the_user_folder(tmp_path, monkeypatch):
    """A user's own data folder (via $WORKBENCH_DATA) reaches the card checks."""
    from workbench.cards.components import component_findings

    (tmp_path / "ghost").mkdir()
    shutil.copy(ROOT / "data" / "ghost" / "cards.csv", tmp_path / "ghost" / "cards.csv")
    with (tmp_path / "ghost" / "cards.csv").open("a", encoding="utf-8") as f:
        f.write("S99,shell,試作,Extra,1,,,,,,+1,,素振り,OnBattle,power +1,,,true\n")
    monkeypatch.setenv(ENV, str(tmp_path))
    row = component_findings("ghost").row(0, named=True)
    assert (row["component"], row["stated"], row["counted"]) == ("cards in the server", 100, 101)


def _buildable_copy(dest: Path) -> Path:
    """pyproject, README, workbench/ and data/ as they are now (no build/ or caches)."""
    dest.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, dest / name)
    for name in ("workbench", "data"):
        shutil.copytree(
            ROOT / name,
            dest / name,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "_vendor"),
        )
    return dest


@pytest.mark.slow  # 3 s on an idle machine, 14 s at load 8; fetches the build backend
def test_the_wheel_carries_the_sheets_and_finds_them_installed(tmp_path):
    """Build the wheel, install it (no dependencies) in a fresh venv, read a sheet there."""
    src = _buildable_copy(tmp_path / "src")
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(src),
            "--no-deps",
            "-q",
            "-w",
            str(tmp_path / "wheel"),
        ],
        capture_output=True,
        text=True,
    )
    if build.returncode != 0:
        pytest.skip(
            f"cannot build a wheel here (build backend unavailable?): {build.stderr[-300:]}"
        )
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    sheets = {
        f"workbench/{p.relative_to(ROOT).as_posix()}"
        for p in (ROOT / "data").rglob("*")
        if p.suffix in SHEETS and p.is_file()
    }
    assert sheets and sheets <= names
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "venv")], check=True
    )
    site = subprocess.run(
        [
            str(tmp_path / "venv" / "bin" / "python"),
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    probe = (
        "import workbench; p = workbench.data_files('mugen') / 'decks' / 'sora.csv'; "
        "print(p.read_text(encoding='utf-8').splitlines()[0])"
    )
    out = subprocess.run(
        [str(tmp_path / "venv" / "bin" / "python"), "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == "name,count"
