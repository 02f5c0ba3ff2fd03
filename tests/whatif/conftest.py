"""What-if tests: answers cached in a temporary folder, never in the user's cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from workbench.datafiles import data_files


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path_factory.getbasetemp() / "wb-cache"))


@pytest.fixture
def data_copy(tmp_path: Path):
    """A copy of one game's sheets (the variant is saved beside it)."""

    def copy(game: str) -> Path:
        target = tmp_path / "data" / game
        shutil.copytree(data_files(game), target, ignore=shutil.ignore_patterns("variants"))
        return target

    return copy
