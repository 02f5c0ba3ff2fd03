"""Chart hygiene: no title, axis or legend text is cut, in a synthetic worst case (fast)
and in every chart the notebooks draw (slow: executes the notebooks and collects the
specs vl-convert is asked to draw)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import altair as alt
import nbformat
import polars as pl
import pytest
import vl_convert as vlc

from workbench.charts.tidy import tidy_spec

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ELLIPSIS = "…"


def svg_texts(svg: str) -> list[str]:
    """Every text element's words (tspans joined by a space), unescaped."""
    out = []
    for body in re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S):
        parts = re.findall(r"<tspan[^>]*>(.*?)</tspan>", body, flags=re.S) or [body]
        out.append(html.unescape(" ".join(p.strip() for p in parts)))
    return out


def spec_titles(spec: Any) -> list[str]:
    """Chart, axis and legend titles written in a spec (lines joined by a space)."""
    found: list[str] = []

    def text(value: Any) -> str | None:
        if isinstance(value, dict):
            value = value.get("text")
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return " ".join(value)
        return value if isinstance(value, str) and value else None

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "title" and key not in ("tooltip", "config") and text(v):
                    found.append(text(v))  # type: ignore[arg-type]
                elif k not in ("data", "datasets", "config", "tooltip"):
                    walk(v, k)
        elif isinstance(node, list):
            for item in node:
                walk(item, key)

    walk(spec)
    return found


def assert_nothing_cut(spec: dict[str, Any], svg: str, where: str) -> None:
    texts = svg_texts(svg)
    cut = [t for t in texts if t.rstrip().endswith(ELLIPSIS)]
    assert cut == [], f"{where}: text cut short: {cut}"
    joined = "\n".join(texts)
    for title in spec_titles(spec):
        words = " ".join(title.split())
        assert words in " ".join(joined.split()), f"{where}: title {title!r} not drawn whole"


def test_long_titles_labels_and_legends_are_drawn_whole() -> None:
    long_label = "a night among the stars where nobody sleeps and the detective waits"
    frame = pl.DataFrame(
        {
            "reading": ["floor0_fumble", "plain_reading_of_the_dice"],
            "mean_minus_the_plain_reading": [0.5, -0.25],
            "event": [long_label, "b"],
        }
    )
    chart = (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x="event:N",
            y="mean_minus_the_plain_reading:Q",
            color="reading:N",
        )
        .properties(
            title="rate by player (95% Wilson interval; red: fair share of every seat)",
            width=120,
            height=80,
        )
    )
    raw = vlc.vegalite_to_svg(chart.to_dict())
    assert any(t.endswith(ELLIPSIS) for t in svg_texts(raw)), "the worst case must cut by default"
    spec = tidy_spec(chart.to_dict())
    svg = vlc.vegalite_to_svg(spec)
    assert_nothing_cut(spec, svg, "synthetic")
    texts = svg_texts(svg)
    assert long_label in texts and "floor0 fumble" in texts and "plain reading of the dice" in texts
    assert "mean minus the plain reading" in texts


_RECORDER = """
import json as _wb_json, vl_convert as _wb_vlc
_wb_drawn = []
_wb_svg = _wb_vlc.vegalite_to_svg
def _wb_record(spec, *args, **kwargs):
    svg = _wb_svg(spec, *args, **kwargs)
    _wb_drawn.append({"spec": spec if isinstance(spec, dict) else _wb_json.loads(spec), "svg": svg})
    return svg
_wb_vlc.vegalite_to_svg = _wb_record
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")))
def test_every_notebook_chart_is_drawn_whole(name: str, tmp_path: Path) -> None:
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    out = tmp_path / "drawn.json"
    nb.cells.insert(0, nbformat.v4.new_code_cell(_RECORDER))
    nb.cells.append(
        nbformat.v4.new_code_cell(f"open({str(out)!r}, 'w').write(_wb_json.dumps(_wb_drawn))")
    )
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    ).execute()
    drawn = json.loads(out.read_text())
    for k, item in enumerate(drawn):
        assert_nothing_cut(item["spec"], item["svg"], f"{name} chart {k + 1}")
    print(f"{name}: {len(drawn)} charts drawn whole")


def _rows(chart: Any) -> list[dict[str, Any]]:
    spec = chart.to_dict()
    return next(iter(spec["datasets"].values()))


def test_overlapping_series_become_panels() -> None:
    from workbench.games.ghost import analysis as ga
    from workbench.games.ghost import charts as gc
    from workbench.games.life import charts as lc

    life = lc.chart_top_chain(4)
    starts = sorted({r["start"] for r in _rows(life)})
    assert starts == ["start top 1", "start top 2, 3, 4 or 5", "start top 6"]
    assert life.to_dict()["facet"]["column"]["field"] == "start"
    ghost = _rows(gc.expectation_chart(ga.expectation_table()))
    floored = {r["dice"]: r["delta"] for r in ghost if r["reading"] == "totals floored at 0"}
    assert floored["1D-3"] == pytest.approx(1.0)  # plain mean -1/2, floored 1/2
    assert floored["3D"] == pytest.approx(0.0)
    assert {r["reading"] for r in ghost} == {
        "totals floored at 0",
        "a fumble voids the roll",
        "floored at 0 and fumble voids (the rules' default)",
    }
