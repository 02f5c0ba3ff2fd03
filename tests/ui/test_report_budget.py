"""A report is made on the designer's full budget: the export's kernel does not inherit the
test run's ``WORKBENCH_BUDGET=ci`` (or a shell's) unless the small budget is asked for."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest

from workbench.share.export import ExportError, export_notebook

SIZE = "from workbench.budget import budget\nprint('games:', budget(2000, ci=200))"


def _notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SIZE)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / "sizes.ipynb"
    nbformat.write(nb, path)
    return path


def test_a_report_plays_the_full_budget_even_when_the_shell_says_ci(tmp_path: Path) -> None:
    assert os.environ.get("WORKBENCH_BUDGET") == "ci"  # tests/conftest.py: the test run's
    text = export_notebook(_notebook(tmp_path), tmp_path / "full.html").read_text("utf-8")
    assert "games: 2000" in text and "games: 200\n" not in text


def test_an_unknown_budget_is_refused_before_any_cell_runs(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="^budget 'huge': expected one of full, ci$"):
        export_notebook(_notebook(tmp_path), tmp_path / "x.html", budget="huge")
    assert not (tmp_path / "x.html").exists()
