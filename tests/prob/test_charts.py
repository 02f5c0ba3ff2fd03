"""Dice charts render offline (vl-convert) with the exact numbers in their data."""

from __future__ import annotations

import json

import pytest

from workbench.charts import (
    at_least_chart,
    distribution_chart,
    enable_offline,
    expectation_chart,
    save_chart,
    versus_heatmap,
)
from workbench.prob.dice import die, pool
from workbench.prob.tables import expectation_grid, versus_grid

GHOST_FACES = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0 (the ghost game's die)
GHOST_DIE = die(GHOST_FACES)


def data_rows(chart):
    spec = chart.to_dict()
    return next(iter(spec["datasets"].values()))


def test_distribution_chart_carries_exact_text(tmp_path):
    chart = distribution_chart(pool(2, GHOST_DIE, fumble="zero"), "2D")
    rows = data_rows(chart)
    assert rows[0] == {
        "outcome": 0,
        "p_exact": "1/36",
        "p": pytest.approx(1 / 36),
        "at_least_exact": "1",
        "at_least": 1.0,
        "at_most_exact": "1/36",
        "at_most": pytest.approx(1 / 36),
        "one_in_x": 36.0,
        "at_least_one_in_x": 1.0,
    }
    svg = save_chart(chart, tmp_path / "d.svg").read_text()
    assert svg.startswith("<svg") and "2D" in svg


def test_at_least_chart_png(tmp_path):
    chart = at_least_chart({"2D+1": pool(2, GHOST_DIE, 1), "3D": pool(3, GHOST_DIE)})
    rows = data_rows(chart)
    assert {r["roll"] for r in rows} == {"2D+1", "3D"}
    png = save_chart(chart, tmp_path / "a.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_heatmap_labels_cells(tmp_path):
    grid = versus_grid(["1D", "2D", "3D+2"], ["1D", "3D+1"], GHOST_FACES, fumble="zero")
    chart = versus_heatmap(grid)
    svg = save_chart(chart, tmp_path / "h.svg").read_text()
    assert "55%" in svg  # 3D+2 vs 3D+1 with the fumble: 25493/46656 = 54.6%
    rows = data_rows(chart)
    cell = next(r for r in rows if r["attack"] == "3D+2" and r["defence"] == "3D+1")
    assert cell["win_exact"] == "25493/46656"
    with pytest.raises(ValueError, match="win, tie or lose"):
        versus_heatmap(grid, value="draw")


def test_expectation_chart_and_offline_renderer(tmp_path):
    assert enable_offline() == "svg"
    with pytest.raises(ValueError):
        enable_offline("default")
    chart = expectation_chart(expectation_grid([1, 2, 3], range(-3, 4), GHOST_DIE))
    spec = json.loads(chart.to_json())
    assert spec["facet"]["column"]["field"] == "n"
    assert save_chart(chart, tmp_path / "e.svg").stat().st_size > 1000
    with pytest.raises(ValueError, match="cannot save"):
        save_chart(chart, tmp_path / "e.jpg")


def test_expectation_chart_relative_to_plain():
    grid = expectation_grid([1], [-3, 0], GHOST_DIE)
    rows = data_rows(expectation_chart(grid))
    diff = {(r["k"], r["reading"]): r["difference"] for r in rows}
    assert diff[(-3, "floor0")] == 1.0 and diff[(0, "fumble")] == 0.0
    with pytest.raises(ValueError, match="no reading"):
        expectation_chart(grid, relative_to="nonsense")
    assert "difference" not in data_rows(expectation_chart(grid, relative_to=None))[0]
