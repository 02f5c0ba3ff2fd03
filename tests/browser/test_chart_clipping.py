"""Chart text in the EXPORTED report, as Chromium draws it: every <text> box inside its
SVG's box (nothing clipped), set in the project font the report embeds. Fast: a small
notebook whose labels were cut before (a generic sans-serif measured narrower than the
browser drew); slow: every notebook of notebooks/."""

from __future__ import annotations

from pathlib import Path

import altair as alt
import nbformat
import polars as pl
import pytest

from tests.browser.chart_clipping import EMBEDDED_FONT_JS, clipped_chart_text
from workbench.charts.tidy import svg_renderer
from workbench.share.export import export_notebook

pytestmark = pytest.mark.browser
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _labels_chart() -> alt.Chart:
    frame = pl.DataFrame(
        {
            "reading": [
                "floor0_fumble",
                "in play (greedy)",
                "A wins going second",
                "御影さくらの探偵無宿",
            ],
            "probability": [0.25, 0.5, 0.125, 0.875],
        }
    )
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            y=alt.Y("reading:N", title="reading of the dice"),
            x=alt.X("probability:Q", title="probability"),
            color=alt.Color("reading:N", title="reading"),
        )
        .properties(title="期待値 by reading", width=160)
    )


def _probe(folder: Path) -> Path:
    """A notebook whose one output is the chart as the workbench renderer draws it
    (drawn here, so the export need not start a kernel)."""
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("labels_chart()")
    cell.outputs = [
        nbformat.v4.new_output("display_data", data=svg_renderer(_labels_chart().to_dict()))
    ]
    nb.cells = [cell]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / "labels.ipynb"
    nbformat.write(nb, path)
    return path


def test_exported_chart_text_is_inside_its_picture(tmp_path: Path, watched_page) -> None:
    report = export_notebook(_probe(tmp_path), tmp_path / "labels.html", execute=False)
    page = watched_page.page
    page.goto(report.as_uri())
    found = clipped_chart_text(page)
    assert found["charts"] == 1 and found["texts"] >= 10
    assert found["clipped"] == []
    assert page.evaluate(EMBEDDED_FONT_JS) == 1, "the report must carry IPAexGothic itself"
    family = page.evaluate("() => document.querySelector('svg text').getAttribute('font-family')")
    assert family == "IPAexGothic"
    # the check can fail: text drawn wider than measured leaves the picture
    page.add_style_tag(content="svg text { letter-spacing: 4px !important; }")
    widened = clipped_chart_text(page)
    assert any("floor0 fumble" in c["text"] or "A wins" in c["text"] for c in widened["clipped"])
    assert watched_page.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")))
def test_no_chart_text_clipped_in_exported_notebook(
    name: str, tmp_path: Path, watched_page, build_dir: Path
) -> None:
    report = export_notebook(NOTEBOOKS / f"{name}.ipynb", tmp_path / f"{name}.html")
    page = watched_page.page
    page.goto(report.as_uri())
    found = clipped_chart_text(page)
    print(
        f"{name}: {found['charts']} charts, {found['texts']} texts, "
        f"{len(found['clipped'])} clipped, {report.stat().st_size / 1e6:.2f} MB"
    )
    assert found["clipped"] == [], f"{name}: chart text clipped in Chromium: {found['clipped']}"
    if found["charts"]:
        assert page.evaluate(EMBEDDED_FONT_JS) == 1
