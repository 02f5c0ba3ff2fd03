"""Altair charts of card pools; each takes a frame from :mod:`workbench.cards.stats`.

>>> import polars as pl
>>> from workbench.cards.stats import value_counts
>>> counts_chart(value_counts(pl.DataFrame({"star": [1, 1, 2]}), "star")).to_dict()["mark"]["type"]
'bar'
"""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl

#: the colour words the games use, drawn in their own colour
COLOUR_RANGE = {
    "red": "#d32f2f",
    "blue": "#1976d2",
    "yellow": "#fbc02d",
    "green": "#388e3c",
    "black": "#212121",
    "white": "#bdbdbd",
    "purple": "#7b1fa2",
    "orange": "#f57c00",
}


def counts_chart(
    frame: pl.DataFrame, title: str | None = None, *, colours: bool = False
) -> alt.Chart:
    """Bars of cards per value (the frame of ``value_counts`` or ``cost_curve``).

    ``colours=True`` paints each bar in the colour its value names.
    """
    column = frame.columns[0]
    data = frame.with_columns(pl.col(column).cast(pl.String).fill_null("(empty)"))
    sort = None if frame.schema[column].is_numeric() else "-y"
    colour: Any = alt.value("#546e7a")
    if colours:
        values = data[column].to_list()
        colour = alt.Color(
            f"{column}:N",
            legend=None,
            scale=alt.Scale(domain=values, range=[COLOUR_RANGE.get(v, "#90a4ae") for v in values]),
        )
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(f"{column}:N", title=column, sort=sort, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("cards:Q", title="cards"),
            color=colour,
            tooltip=[column, "cards", "probability", alt.Tooltip("p:Q", format=".1%")],
        )
        .properties(width=360, height=200, title=title or f"cards per {column}")
    )


def cost_curve_chart(frame: pl.DataFrame, title: str = "Cost curve") -> alt.Chart:
    """Bars of cards per cost, costs in numeric order (frame of ``cost_curve``)."""
    data = frame.drop_nulls("cost")
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("cost:O", title="cost", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("cards:Q", title="cards"),
            tooltip=["cost", "cards", "probability", alt.Tooltip("p:Q", format=".1%")],
        )
        .properties(width=360, height=200, title=title)
    )


def strength_vs_vp_chart(
    frame: pl.DataFrame, title: str = "Expected strength against VP"
) -> alt.Chart:
    """Points: each ghost's exact expected strength (physical and mental) against its VP,
    with a least-squares line per stat (frame of ``dice_strength``)."""
    base = alt.Chart(frame).encode(
        x=alt.X("expected:Q", title="expected strength (やさぐれダイス)"),
        y=alt.Y("vp:Q", title="victory points"),
        color=alt.Color("stat:N", title="stat"),
    )
    wins = [c for c in frame.columns if c.startswith("p_win_vs_")]
    extra: list[Any] = (
        [alt.Tooltip("win:Q", format=".1%", title=wins[0].replace("_", " "))]
        if wins and "win" in frame.columns
        else []
    )
    points = base.mark_circle(size=70, opacity=0.8).encode(
        tooltip=[
            "label",
            "stat",
            "dice",
            "mean",
            alt.Tooltip("expected:Q", format=".2f"),
            "p_fumble",
            *extra,
            "vp",
        ]
    )
    trend = base.transform_regression("expected", "vp", groupby=["stat"]).mark_line(
        strokeDash=[4, 3]
    )
    return (points + trend).properties(width=420, height=260, title=title)


def deck_cost_chart(
    frame: pl.DataFrame, title: str = "Share of each cost in the deck"
) -> alt.Chart:
    """Bars: the share of each cost among a deck's 40 cards (frame of ``deck_cost_share``)."""
    return (
        alt.Chart(frame.drop_nulls("cost"))
        .mark_bar(color="#5e35b1")
        .encode(
            x=alt.X("cost:O", title="cost (cheapest skill)", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("p:Q", title="share of the deck", axis=alt.Axis(format="%")),
            tooltip=["cost", "cards", "probability", alt.Tooltip("p:Q", format=".1%")],
        )
        .properties(width=360, height=200, title=title)
    )
