"""Altair charts of the detective's design answers (frames from :mod:`.analysis`).

>>> from workbench.games.detective.analysis import death_check
>>> type(odds_chart(death_check({"a": 2, "b": 1}))).__name__
'Chart'
"""

from __future__ import annotations

import altair as alt
import polars as pl

from workbench.charts.base import legend_key

from .cards import COLOUR_HEX


def exact_vs_simulated_chart(
    table: pl.DataFrame,
    x: str = "length",
    title: str = "Round length: exact (bars) vs simulated (points, 99.9 % CI)",
) -> alt.LayerChart:
    """Bars of the exact probability, points and interval rules of the simulation."""
    base = alt.Chart(table).encode(x=alt.X(f"{x}:O", title=x))
    key = legend_key(
        [("exact", "#9ecae1"), ("simulated", "#d62728"), ("simulated, 99.9% interval", "#f4a3a3")]
    )
    bars = key(base.mark_bar(), "exact").encode(y=alt.Y("exact_p:Q", title="probability"))
    rules = key(base.mark_rule(strokeWidth=2), "simulated, 99.9% interval").encode(
        y="low:Q", y2="high:Q"
    )
    points = key(base.mark_point(filled=True), "simulated").encode(y="simulated:Q")
    return (bars + rules + points).properties(title=title, width=360, height=220)


def expected_observed_chart(table: pl.DataFrame) -> alt.Chart:
    """z-scores of observed vs exact expected totals (|z| < 3.29 agrees at 99.9 %); the legend
    reads "agrees at 99.9%: yes / no" as the table beside it does, not true / false."""
    shown = table.with_columns(
        pl.when(pl.col("agrees")).then(pl.lit("yes")).otherwise(pl.lit("no")).alias("agrees")
    )
    return (
        alt.Chart(shown)
        .mark_bar()
        .encode(
            y=alt.Y("quantity:N", sort=None, title=None),
            x=alt.X("z:Q", title="z = (observed − expected) / sd", scale=alt.Scale(domain=[-5, 5])),
            color=alt.Color(
                "agrees:N",
                scale=alt.Scale(domain=["yes", "no"], range=["#2ca02c", "#d62728"]),
                title="agrees at 99.9%",
            ),
            tooltip=["quantity", "expected", "observed", "z"],
        )
        .properties(title="Every simulated round vs the exact deck engine", width=360)
    )


def odds_chart(table: pl.DataFrame) -> alt.Chart:
    """P(each person dies this round) from :func:`~.analysis.death_check`."""
    return (
        alt.Chart(table)
        .mark_bar()
        .encode(
            x=alt.X("person:N", sort=None),
            y=alt.Y("p:Q", title="P(dies)"),
            tooltip=["person", "exact"],
        )
        .properties(width=320, height=200)
    )


def payable_chart(table: pl.DataFrame) -> alt.Chart:
    """P(an icon of each colour is on the line) by number of draws, in the colours' own ink."""
    colours = sorted(set(table["colour"].to_list()))
    return (
        alt.Chart(table)
        .mark_line(point=True)
        .encode(
            x=alt.X("draws:O", title="person cards drawn this round"),
            y=alt.Y("p:Q", title="P(cost payable from the line)"),
            color=alt.Color(
                "colour:N",
                scale=alt.Scale(
                    domain=colours,
                    range=[COLOUR_HEX[c][0] if c != "white" else "#bbbbbb" for c in colours],
                ),
            ),
            tooltip=["colour", "draws", "exact"],
        )
        .properties(width=360, height=220)
    )


def game_length_chart(table: pl.DataFrame) -> alt.Chart:
    """Games by rounds, stacked by how they ended."""
    return (
        alt.Chart(table)
        .mark_bar()
        .encode(
            x=alt.X("rounds:O"),
            y=alt.Y("games:Q"),
            color=alt.Color("end_reason:N"),
        )
        .properties(title="Game length in rounds and how games end", width=360, height=220)
    )


def seat_chart(table: pl.DataFrame) -> alt.LayerChart:
    """Win share per seat with 99.9 % intervals and the fair share."""
    seats = table.filter(pl.col("seat") >= 0).with_columns(
        pl.format("Player {}", pl.col("seat") + 1).alias("player")
    )
    base = alt.Chart(seats).encode(x=alt.X("player:O", title=None))
    key = legend_key(
        [("win share", "#9ecae1"), ("99.9% interval", "black"), ("fair share", "#d62728")]
    )
    bars = key(base.mark_bar(), "win share").encode(y=alt.Y("share:Q", title="win share"))
    rules = key(base.mark_rule(), "99.9% interval").encode(y="low:Q", y2="high:Q")
    fair = key(alt.Chart(seats).mark_rule(strokeDash=[4, 3]), "fair share").encode(y="fair:Q")
    return (bars + rules + fair).properties(title="Seat advantage", width=240, height=200)


def event_chart(table: pl.DataFrame) -> alt.Chart:
    """Plays per game of every event, coloured by kind: one bar per event, labelled by its
    number and name (not the number alone), in the sheet's order."""
    labelled = table.with_columns(
        pl.format("{} {}", pl.col("event"), pl.col("name")).alias("event name")
    )
    return (
        alt.Chart(labelled)
        .mark_bar()
        .encode(
            y=alt.Y("event name:N", sort=labelled["event name"].to_list(), title=None),
            x=alt.X("per_game:Q", title="plays per game"),
            color=alt.Color("kind:N", title="kind"),
            tooltip=["event", "name", "cost", "vp", "needs_dead", "plays"],
        )
        .properties(
            title="Which events are played", width=420, height=max(200, 14 * labelled.height)
        )
    )


__all__ = [
    "exact_vs_simulated_chart",
    "expected_observed_chart",
    "odds_chart",
    "payable_chart",
    "game_length_chart",
    "seat_chart",
    "event_chart",
]
