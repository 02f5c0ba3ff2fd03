"""The sensitivity map as a tornado chart: per cell, the effect of one step up and one step
down on the measure, each with its 95% interval, the cells that move it most on top.

>>> import polars as pl
>>> from workbench.engine.measure.sensitivity import Sensitivity
>>> t = pl.DataFrame({"cell": ["s a x", "s a x", "s b y"], "card": ["a", "a", "b"],
...     "column": ["x", "x", "y"], "step": [1, -1, 1], "from": ["2", "2", "1"],
...     "to": ["3", "1", "2"], "effect": [0.1, -0.05, 0.01], "low": [0.05, -0.1, -0.03],
...     "high": [0.15, 0.0, 0.05], "pairs": [40, 40, 40], "rate": [True] * 3,
...     "refined": [True, True, False], "verdict": ["higher", "too few games to say", "x"]})
>>> chart = tornado_chart(Sensitivity("mugen", "win:0", 40, t))
>>> [layer["mark"]["type"] for layer in chart.to_dict()["layer"]]
['rule', 'bar', 'rule']
"""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl

from workbench.engine.measure.sensitivity import measure_words

__all__ = ["tornado_chart"]

ROW_PX = 34


def tornado_chart(sensitivity: Any, *, top: int = 5) -> Any:
    """The ``top`` cells that move the measure most (refined ones first), a bar per step
    (up in one colour, down in the other) and its 95% interval as a line across it."""
    ranked = sensitivity.ranked()
    cells = list(dict.fromkeys(ranked["cell"].to_list()))[:top]
    rate = bool(ranked["rate"][0]) if ranked.height else True
    scale = 100.0 if rate else 1.0
    data = ranked.filter(pl.col("cell").is_in(cells)).select(
        pl.col("cell"),
        (
            pl.col("card")
            + pl.lit(" ")
            + pl.col("column")
            + pl.lit(" (")
            + pl.col("from")
            + pl.lit(")")
        ).alias("label"),
        pl.when(pl.col("step") > 0)
        .then(pl.lit("one step up"))
        .otherwise(pl.lit("one step down"))
        .alias("step"),
        pl.col("to"),
        (pl.col("effect") * scale).alias("effect"),
        (pl.col("low") * scale).alias("low"),
        (pl.col("high") * scale).alias("high"),
        "pairs",
        "verdict",
    )
    order = list(dict.fromkeys(data["label"].to_list()))
    unit = "percentage points" if rate else "difference"
    measure = measure_words(sensitivity.game, sensitivity.measure)
    title = f"effect on {measure}, {unit} (95% interval)"
    span = (
        [min(0.0, *data["low"].to_list()), max(0.0, *data["high"].to_list())]
        if data.height
        else [0, 1]
    )
    xscale = alt.Scale(domain=span, nice=True)
    y = alt.Y("label:N", sort=order, title=None, axis=alt.Axis(labelLimit=0))
    colour = alt.Color(
        "step:N",
        scale=alt.Scale(domain=["one step up", "one step down"], range=["#1976d2", "#e65100"]),
        legend=alt.Legend(title=None, orient="bottom"),
    )
    offset = alt.YOffset("step:N", sort=["one step up", "one step down"])
    tips = [
        alt.Tooltip("cell:N"),
        alt.Tooltip("to:N", title="edited to"),
        alt.Tooltip("effect:Q", format="+.2f"),
        alt.Tooltip("low:Q", format="+.2f"),
        alt.Tooltip("high:Q", format="+.2f"),
        alt.Tooltip("pairs:Q", title="paired games"),
        alt.Tooltip("verdict:N"),
    ]
    base = alt.Chart(alt.Data(values=data.to_dicts()))
    bars = base.mark_bar(opacity=0.55, height=10).encode(
        y=y,
        yOffset=offset,
        x=alt.X("effect:Q", title=title, scale=xscale),
        color=colour,
        tooltip=tips,
    )
    whiskers = base.mark_rule(strokeWidth=2).encode(
        y=y, yOffset=offset, x="low:Q", x2="high:Q", color=colour, tooltip=tips
    )
    zero = alt.Chart(alt.Data(values=[{"x": 0}])).mark_rule(color="#555").encode(x="x:Q")
    return alt.layer(zero, bars, whiskers).properties(
        width=420,
        height=max(120, ROW_PX * len(order)),
        title=f"The {len(order)} cells that move {measure} most",
    )
