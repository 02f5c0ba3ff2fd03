"""The tuner's trials as a chart: each trial's distance outside its goals against the
size of its edit, pruned and finished trials apart, the proposals circled.

The lower left corner is what the tuner looks for: on the goals (0 outside) with the
smallest edit. A trial stopped early is drawn at the distance its first games showed.

>>> records = [{"number": 0, "state": "complete", "miss": 0.2, "size": 0.0},
...            {"number": 1, "state": "pruned", "miss": 1.3, "size": 1.5},
...            {"number": 2, "state": "complete", "miss": 0.0, "size": 1.25}]
>>> chart = trials_chart(records, proposals=[2])
>>> [layer["mark"]["type"] for layer in chart.to_dict()["layer"]]
['point', 'point']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import altair as alt
import polars as pl

__all__ = ["trials_chart", "trials_frame"]


def trials_frame(records: Sequence[dict[str, Any]], proposals: Iterable[int] = ()) -> pl.DataFrame:
    """One row per trial with a distance: number, state, distance outside the goals (a
    pruned trial's first-games distance), edit size, proposal (bool).

    >>> trials_frame([{"number": 3, "state": "pruned", "miss": 1.25, "size": 2.0}]).row(0)
    (3, 'pruned', 0.25, 2.0, False)
    """
    chosen = set(proposals)
    rows = [
        {
            "trial": r["number"],
            "state": r["state"],
            "outside goals": r["miss"] - (1.0 if r["state"] == "pruned" else 0.0),
            "edit size": r["size"],
            "proposal": r["number"] in chosen,
        }
        for r in records
        if r.get("miss") is not None
    ]
    schema = {
        "trial": pl.Int64,
        "state": pl.String,
        "outside goals": pl.Float64,
        "edit size": pl.Float64,
        "proposal": pl.Boolean,
    }
    return pl.DataFrame(rows, schema=schema)


def trials_chart(
    records: Sequence[dict[str, Any]], proposals: Iterable[int] = (), width: int = 420
) -> Any:
    """Distance outside the goals (y) against edit size (x), one point a trial."""
    frame = trials_frame(records, proposals)
    base = alt.Chart(frame).encode(
        x=alt.X("edit size:Q", title="edit size (cells changed + relative size)"),
        y=alt.Y("outside goals:Q", title="distance outside the goals"),
        tooltip=["trial:Q", "state:N", "outside goals:Q", "edit size:Q"],
    )
    points = base.mark_point(filled=True, size=50, opacity=0.7).encode(
        color=alt.Color("state:N", title="trial", scale=alt.Scale(domain=["complete", "pruned"]))
    )
    circled = (
        base.transform_filter(alt.datum.proposal)
        .mark_point(size=260, strokeWidth=2, color="black")
        .encode()
    )
    return alt.layer(points, circled).properties(width=width, height=260, title="Tuner trials")
