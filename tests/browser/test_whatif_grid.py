"""Chromium: the what-if grid of the life notebook, served by Voila — a refused value shows its
check's message at the cell and changes nothing, a good one redraws the before/after figures."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import nbformat
import pytest

from workbench.share.app import free_port, start_voila, stop_voila
from workbench.share.browser import screenshot, wait_for_http

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def _grid_notebook(folder: Path, game: str) -> Path:
    """The game notebook's what-if setup and grid cells, as a notebook of their own (the rest
    of the notebook takes a minute to run and has nothing to do with the grid)."""
    nb = nbformat.read(ROOT / "notebooks" / f"{game}.ipynb", as_version=4)
    cells = [c for c in nb.cells if c.metadata.get("whatif") in ("setup", "grid")]
    assert [c.metadata["whatif"] for c in cells] == ["setup", "grid"]
    out = nbformat.v4.new_notebook(
        cells=cells,
        metadata={
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
    )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}_whatif.ipynb"
    path.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return path


def test_a_refused_then_an_accepted_edit_in_the_life_grid(
    tmp_path: Path, watched_page, build_dir: Path, monkeypatch
) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))
    nb = _grid_notebook(tmp_path / "nb", "life")
    port = free_port()
    proc: subprocess.Popen[bytes] = start_voila(nb, port, tmp_path / "jupyter")
    try:
        wait_for_http(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=90, proc=proc)
        page = watched_page.page
        page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
        cell = ".wb-grid-cell[data-row='4'][data-col='stars']"  # J05 (spreadsheet row 6)
        page.wait_for_selector(cell, timeout=120_000)
        figures = page.locator(".wb-whatif-figures")
        before = figures.inner_text()
        assert "stars by stage" in before  # the worked example's J04 edit already moved it

        page.click(cell)
        page.fill(f"{cell} input", "x")
        page.press(f"{cell} input", "Enter")
        error = page.wait_for_selector(".wb-grid-error", timeout=30_000)
        assert error is not None and "'x' is not a whole number" in error.inner_text()
        assert figures.inner_text() == before
        assert "J05" not in page.locator(".wb-whatif-diff").inner_text()

        page.click(cell)
        page.fill(f"{cell} input", "2")
        page.press(f"{cell} input", "Enter")
        page.wait_for_function(
            "() => document.querySelector('.wb-whatif-diff').innerText.includes('J05')",
            timeout=30_000,
        )
        page.wait_for_function(
            "(b) => document.querySelector('.wb-whatif-figures').innerText !== b",
            arg=before,
            timeout=30_000,
        )
        assert page.locator(".wb-grid-error").count() == 0
        assert page.locator(cell).inner_text().strip() == "2"
        screenshot(page, build_dir / "e2e", "whatif-grid-life")
        assert watched_page.errors == []
    finally:
        stop_voila(proc)
