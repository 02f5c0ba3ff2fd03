"""Life's charts (altair): the exact die chain and the simulated answers with intervals.

>>> from workbench.games.life.simstats import simulate_random
>>> chart_placement(simulate_random(10, seed=1)).to_dict()["hconcat"][0]["title"]
'placement replaces a card'
"""

from __future__ import annotations

import altair as alt
import polars as pl

from workbench.charts.base import legend_key
from workbench.games.life.analysis import p_top_table
from workbench.games.life.simstats import mid_vp_by_seat, order_space_value, placement_by_stage

__all__ = ["chart_mid_vp", "chart_order_spaces", "chart_placement", "chart_top_chain"]


def chart_top_chain(kmax: int = 8, face: int = 6) -> alt.FacetChart:
    """Exact P(top = face) after k random rolls, one panel per start face — start faces
    whose curves are the same (by the die's symmetry) share one panel ("start top 2, 3,
    4 or 5"); on one panel the six lines hid each other."""
    data = p_top_table(kmax, face)
    curves = data.sort("k").group_by("start_top", maintain_order=True).agg(pl.col("p"))
    groups: dict[tuple[str, ...], list[int]] = {}
    for start, ps in curves.sort("start_top").iter_rows():
        groups.setdefault(tuple(ps), []).append(start)
    label = {
        s: "start top "
        + (", ".join(map(str, g[:-1])) + f" or {g[-1]}" if len(g) > 1 else str(g[0]))
        for g in groups.values()
        for s in g
    }
    data = data.with_columns(pl.col("start_top").replace_strict(label).alias("start"))
    data = data.filter(pl.col("start_top").is_in([g[0] for g in groups.values()]))
    return (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=alt.X("k:O", title="random rolls k", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("p_float:Q", title=f"P(top = {face})"),
            tooltip=["k", "start", "p"],
        )
        .properties(width=190, height=170)
        .facet(column=alt.Column("start:N", title=None))
        .properties(title=f"Exact P(top = {face}) after k random rolls, by the die's start face")
    )


def _bars_with_intervals(
    data: pl.DataFrame, x: str, y: str, lo: str, hi: str, title: str, ytitle: str
) -> alt.LayerChart:
    base = alt.Chart(data).encode(x=alt.X(f"{x}:O"))
    key = legend_key([("mean (simulated)", "#4c78a8"), ("95% interval", "black")])
    bars = key(base.mark_bar(opacity=0.7), "mean (simulated)").encode(
        y=alt.Y(f"{y}:Q", title=ytitle)
    )
    rules = key(base.mark_rule(), "95% interval").encode(y=f"{lo}:Q", y2=f"{hi}:Q")
    return (bars + rules).properties(width=260, height=200, title=title)


def chart_placement(df: pl.DataFrame) -> alt.HConcatChart:
    """Forced-discard and failure rates per stage with 95% intervals."""
    t = placement_by_stage(df)
    return alt.hconcat(
        _bars_with_intervals(
            t,
            "stage",
            "replaced_rate",
            "replaced_lo",
            "replaced_hi",
            "placement replaces a card",
            "rate per attempt",
        ),
        _bars_with_intervals(
            t,
            "stage",
            "failed_rate",
            "failed_lo",
            "failed_hi",
            "new card cannot be placed",
            "rate per attempt",
        ),
    )


def chart_order_spaces(df: pl.DataFrame) -> alt.LayerChart:
    """Final VP relative to the game mean by order space picked, with 95% intervals."""
    return _bars_with_intervals(
        order_space_value(df),
        "space",
        "vp_vs_mean",
        "lo",
        "hi",
        "value of each order space",
        "VP vs game mean",
    )


def chart_mid_vp(df: pl.DataFrame) -> alt.LayerChart:
    """Mid-scoring VP by seat with 95% intervals."""
    return _bars_with_intervals(
        mid_vp_by_seat(df).with_columns(pl.format("Player {}", pl.col("seat") + 1).alias("player")),
        "player",
        "mid_vp",
        "mid_lo",
        "mid_hi",
        "mid-scoring VP by seat",
        "mean VP",
    )
