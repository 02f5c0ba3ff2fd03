"""Detective's charts say what its tables say: the z-score chart's legend reads yes / no."""

from __future__ import annotations

import polars as pl

from workbench.games.detective.charts import expected_observed_chart


def test_the_z_chart_legend_reads_yes_and_no_as_its_table_does() -> None:
    table = pl.DataFrame(
        {
            "quantity": ["total round length", "deaths of yuri"],
            "expected": [1847.7, 16.8],
            "observed": [1799, 30],
            "z": [-0.727, 3.4],
            "agrees": [True, False],
        }
    )
    spec = expected_observed_chart(table).to_dict()
    rows = next(iter(spec["datasets"].values()))
    assert [r["agrees"] for r in rows] == ["yes", "no"]
    color = spec["encoding"]["color"]
    assert color["scale"]["domain"] == ["yes", "no"] and color["title"] == "agrees at 99.9%"
    assert table["agrees"].to_list() == [True, False]  # the caller's table is not changed
