"""Altair charts for deck odds; each takes a frame from ``workbench.prob.deck_tables``.

>>> from workbench.prob.deck import DrawSchedule
>>> from workbench.prob.deck_tables import by_turn_table
>>> by_turn_chart(by_turn_table(40, [1, 2], [1, 2, 3], DrawSchedule(3))).to_dict()["mark"]["type"]
'line'
"""

from __future__ import annotations

import altair as alt
import polars as pl

from workbench.charts.base import exact_tooltips
from workbench.prob.deck_tables import NOBODY


def by_turn_chart(frame: pl.DataFrame, title: str = "P(at least one copy by turn t)") -> alt.Chart:
    """Curves of P against turn, one per copy count (faceted by ``going`` when present)."""
    chart = (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("turn:O", title="turn", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("p:Q", title="probability", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("copies:N", title="copies"),
            tooltip=["turn", "copies", "seen", *exact_tooltips("p")],
        )
    )
    if "going" in frame.columns:
        return (
            chart.properties(width=260, height=220)
            .facet(column=alt.Column("going:N", title="going"))
            .properties(title=title)
        )
    return chart.properties(width=420, height=260, title=title)


def round_length_chart(frame: pl.DataFrame, title: str = "Round length") -> alt.Chart:
    """Bars: P(length = n) for the round length (person cards on the line)."""
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X(
                "length:O",
                title="person cards on the line at the round's end",
                axis=alt.Axis(labelAngle=0),
            ),
            y=alt.Y("p:Q", title="probability"),
            tooltip=["length", *exact_tooltips("p")],
        )
        .properties(width=420, height=220, title=title)
    )


def death_chart(frame: pl.DataFrame, title: str = "Who dies this round") -> alt.Chart:
    """Bars per person (and nobody, in grey): P(that person dies)."""
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("person:N", title=None, sort=None, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("p:Q", title="probability"),
            color=alt.condition(
                alt.datum.person == NOBODY, alt.value("#9e9e9e"), alt.value("#b71c1c")
            ),
            tooltip=["person", *exact_tooltips("p")],
        )
        .properties(width=420, height=220, title=title)
    )


def suspect_chart(frame: pl.DataFrame, title: str = "P(dies) after suspecting") -> alt.Chart:
    """Heat map: rows = the suspected person, columns = who dies (frame of ``suspect_table``)."""
    return (
        alt.Chart(frame)
        .mark_rect()
        .encode(
            x=alt.X("person:N", title="dies", sort=None),
            y=alt.Y("suspected:N", title="suspected", sort=None),
            color=alt.Color("p:Q", title="probability", scale=alt.Scale(scheme="reds")),
            tooltip=["suspected", "person", *exact_tooltips("p")],
        )
        .properties(title=title)
    )
