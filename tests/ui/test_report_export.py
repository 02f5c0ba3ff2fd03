"""Offline reports: the same notebook gives the same bytes; MathJax travels only with TeX,
the widget manager only with widgets; the provenance is one folded line, no date."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from workbench.share.export import export_notebook

WIDGET = (
    "import ipywidgets as w\nb = w.VBox([w.Button(description='御影さくら')])\n"
    "b.add_class('wb-board')\nb"
)
CHART = (
    "from workbench.ui.notebook import setup\nsetup()\nimport altair as alt, polars as pl\n"
    "alt.Chart(pl.DataFrame({'n': [1, 2], 'mean': [2.5, 5.0]})).mark_bar()"
    ".encode(x='n:O', y='mean').properties(title='期待値')"
)
FRAME = "import polars as pl\npl.DataFrame({'p_win': [0.25], 'p_win_exact': ['1/4']})"
SYMPY = "from workbench.ui.notebook import setup\nsetup()\nimport sympy\nsympy.Rational(5, 2) * sympy.Symbol('n')"


def _notebook(folder: Path, name: str, markdown: str, *codes: str) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(markdown),
        *(nbformat.v4.new_code_cell(c) for c in codes),
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / f"{name}.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.slow  # two kernels: ~30 s on the shared 2-core machine
def test_two_exports_are_byte_identical(tmp_path: Path) -> None:
    nb = _notebook(tmp_path, "probe", "# Report\n\nmean $\\frac{5n}{2}$", WIDGET, CHART, FRAME)
    first = export_notebook(nb, tmp_path / "a.html").read_bytes()
    second = export_notebook(nb, tmp_path / "b.html").read_bytes()
    assert first == second
    text = first.decode("utf-8")
    assert len(first) <= 2_510_000  # MathJax + the widget manager, and the chart font (~5 KB)
    assert 'data-name="mathjax"' in text and 'data-name="html-manager"' in text
    assert re.search(r"<details class=.wb-provenance", text)
    assert not re.search(r"20\d\d-\d\d-\d\d", text), "a date makes reports differ"
    assert "wb-m1" in text  # widget model ids renamed in order
    assert "cdn.jsdelivr" not in text and "cdnjs" not in text


@pytest.mark.slow
def test_scripts_only_when_needed(tmp_path: Path) -> None:
    plain = export_notebook(
        _notebook(tmp_path, "plain", "# Costs $3 and $4", FRAME), tmp_path / "plain.html"
    ).read_text(encoding="utf-8")
    assert "text/x-wb-packed" not in plain and "require.js" not in plain
    assert "wb-table" in plain or "25.0%" in plain or "p_win" in plain
    maths = export_notebook(
        _notebook(tmp_path, "maths", "# sympy", SYMPY), tmp_path / "maths.html"
    ).read_text(encoding="utf-8")
    assert "<math" in maths and 'data-name="mathjax"' not in maths  # MathML: the browser draws it
    assert len(plain.encode()) < 600_000


@pytest.mark.parametrize("code", [WIDGET])
def test_widgets_bring_the_manager_but_not_mathjax(tmp_path: Path, code: str) -> None:
    text = export_notebook(
        _notebook(tmp_path, "w", "# Board", code), tmp_path / "w.html"
    ).read_text(encoding="utf-8")
    assert 'data-name="html-manager"' in text and 'data-name="mathjax"' not in text
    assert "static snapshot" in text


@pytest.mark.slow
@pytest.mark.parametrize("name", ["life", "01_card_sheets", "02_your_own_game"])
def test_a_real_notebook_exports_byte_identically(name: str, tmp_path: Path) -> None:
    """Seeded simulations, widget ids, chart data order: nothing may vary between runs."""
    notebook = Path(__file__).resolve().parents[2] / "notebooks" / f"{name}.ipynb"
    first = export_notebook(notebook, tmp_path / "a.html").read_bytes()
    second = export_notebook(notebook, tmp_path / "b.html").read_bytes()
    assert first == second
    assert len(first) <= 2_500_000
