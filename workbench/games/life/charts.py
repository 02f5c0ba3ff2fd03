"""Life's charts (altair): the exact die chain and the simulated answers with intervals.

>>> from workbench.games.life.simstats import simulate_random
>>> chart_placement(simulate_random(10, seed=1)).to_dict()["hconcat"][0]["title"]
'placement replaces a card'
"""

from __future__ import annotations

import altair as alt
import polars as pl

from workbench.games.life.analysis import p_top_table
from workbench.games.life.simstats import mid_vp_by_seat, order_space_value, placement_by_stage

__all__ = ["chart_mid_vp", "chart_order_spaces", "chart_placement", "chart_top_chain"]


def chart_top_chain(kmax: int = 8, face: int = 6) -> alt.Chart:
    """Exact P(top = face) after k random rolls, one line per start face."""
    data = p_top_table(kmax, face)
    return alt.Chart(data).mark_line(point=True).encode(
        x=alt.X("k:O", title="random rolls k"),
        y=alt.Y("p_float:Q", title=f"P(top = {face})"),
        color=alt.Color("start_top:N", title="start top"),
        tooltip=["k", "start_top", "p"]).properties(width=360, height=220,
                                                    title=f"Exact P(top = {face}) after k rolls")


def _bars_with_intervals(data: pl.DataFrame, x: str, y: str, lo: str, hi: str,
                         title: str, ytitle: str) -> alt.LayerChart:
    base = alt.Chart(data).encode(x=alt.X(f"{x}:O"))
    bars = base.mark_bar(opacity=0.7).encode(y=alt.Y(f"{y}:Q", title=ytitle))
    rules = base.mark_rule(color="black").encode(y=f"{lo}:Q", y2=f"{hi}:Q")
    return (bars + rules).properties(width=260, height=200, title=title)


def chart_placement(df: pl.DataFrame) -> alt.HConcatChart:
    """Forced-discard and failure rates per stage with 95% intervals."""
    t = placement_by_stage(df)
    return alt.hconcat(
        _bars_with_intervals(t, "stage", "replaced_rate", "replaced_lo", "replaced_hi",
                             "placement replaces a card", "rate per attempt"),
        _bars_with_intervals(t, "stage", "failed_rate", "failed_lo", "failed_hi",
                             "new card cannot be placed", "rate per attempt"))


def chart_order_spaces(df: pl.DataFrame) -> alt.LayerChart:
    """Final VP relative to the game mean by order space picked, with 95% intervals."""
    return _bars_with_intervals(order_space_value(df), "space", "vp_vs_mean", "lo", "hi",
                                "value of each order space", "VP vs game mean")


def chart_mid_vp(df: pl.DataFrame) -> alt.LayerChart:
    """Mid-scoring VP by seat with 95% intervals."""
    return _bars_with_intervals(mid_vp_by_seat(df), "seat", "mid_vp", "mid_lo", "mid_hi",
                                "mid-scoring VP by seat", "mean VP")
