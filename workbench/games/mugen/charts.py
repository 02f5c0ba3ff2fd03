"""Altair charts for the むげんの宙へ design questions (frames from ``odds`` and ``analysis``).

>>> import polars as pl
>>> exact = pl.DataFrame({"going": ["first"], "turn": [1], "p": [0.35], "probability": ["6497/18278"]})
>>> sim = pl.DataFrame({"going": ["first"], "turn": [1], "p": [0.3], "lo": [0.2], "hi": [0.4],
...                     "measure": ["first n drawn"], "games": [100]})
>>> exact_vs_simulated_chart(exact, sim).to_dict()["facet"]["column"]["field"]
'going'
"""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl


def exact_vs_simulated_chart(exact: pl.DataFrame, simulated: pl.DataFrame, title: str = "") -> Any:
    """Exact curve (line) with simulated frequencies (points and 95% bars), per going first/second."""
    data = _facet_data(exact, simulated)
    base = alt.Chart(data)
    x = alt.X("turn:O", title="own turn", axis=alt.Axis(labelAngle=0))
    y = alt.Y("p:Q", title="probability", scale=alt.Scale(domain=[0, 1]))
    measures = [m for m in dict.fromkeys(simulated["measure"].to_list()) if m]
    palette = ["#4c78a8", "#e45756", "#f58518", "#54a24b", "#b279a2"]
    colour = alt.Color(
        "series:N",
        title="exact or simulated",
        scale=alt.Scale(domain=["exact", *measures], range=["black", *palette[: len(measures)]]),
    )
    base = base.transform_calculate(series="datum.kind == 'exact' ? 'exact' : datum.measure")
    line = (
        base.transform_filter("datum.kind == 'exact'")
        .mark_line()
        .encode(
            x=x,
            y=y,
            color=colour,
            tooltip=["turn", "probability", alt.Tooltip("p:Q", format=".1%")],
        )
    )
    sim = base.transform_filter("datum.kind == 'sim'")
    bars = sim.mark_rule().encode(x=x, y="lo:Q", y2="hi:Q", color=colour)
    points = sim.mark_point(filled=True).encode(
        x=x, y=y, color=colour,
        tooltip=["measure", "turn", "games", alt.Tooltip("p:Q", format=".1%"),
                 alt.Tooltip("lo:Q", format=".1%"), alt.Tooltip("hi:Q", format=".1%")],
    )  # fmt: skip
    layered = alt.layer(line, bars, points).properties(width=280, height=220)
    return layered.facet(column=alt.Column("going:N", title="going")).properties(
        title=title or "P(at least one copy by own turn t): exact (line) and simulated"
    )


def _facet_data(exact: pl.DataFrame, simulated: pl.DataFrame) -> pl.DataFrame:
    """One frame for a faceted layer chart: exact rows and simulated rows side by side."""
    e = exact.select("going", "turn", "p", "probability").with_columns(kind=pl.lit("exact"))
    s = simulated.select("going", "turn", "p", "lo", "hi", "measure", "games").with_columns(
        kind=pl.lit("sim")
    )
    return pl.concat([e, s], how="diagonal_relaxed")


def rates_chart(summary: pl.DataFrame, title: str = "Match-up rates (95% Wilson intervals)") -> Any:
    """One row per measure: the rate as a point with its interval."""
    y = alt.Y("measure:N", title=None, sort=None)
    points = alt.Chart(summary).mark_point(filled=True, size=60).encode(
        x=alt.X("rate:Q", title="rate", scale=alt.Scale(domain=[0, 1])), y=y,
        tooltip=["measure", "k", "n", alt.Tooltip("rate:Q", format=".1%"),
                 alt.Tooltip("lo:Q", format=".1%"), alt.Tooltip("hi:Q", format=".1%")],
    )  # fmt: skip
    bars = alt.Chart(summary).mark_rule().encode(x="lo:Q", x2="hi:Q", y=y)
    half = (
        alt.Chart(pl.DataFrame({"x": [0.5]}))
        .mark_rule(strokeDash=[4, 4], color="grey")
        .encode(x="x:Q")
    )
    return alt.layer(bars, points, half).properties(width=420, height=150, title=title)


def kill_turn_chart(kills: pl.DataFrame, title: str = "Own turn of the kill (games)") -> alt.Chart:
    """Bars: games won by a kill on each of the winner's own turns, coloured by winner;
    every turn from the first kill to the last has its place (an empty turn is not skipped).

    >>> kills = pl.DataFrame({"winner": ["A", "B"], "kill_turn": [10, 15], "games": [3, 1]})
    >>> kill_turn_chart(kills).to_dict()["encoding"]["x"]["scale"]["domain"]
    [10, 11, 12, 13, 14, 15]
    """
    turns = [t for t in kills["kill_turn"].to_list() if t is not None]
    every = list(range(min(turns), max(turns) + 1)) if turns else []
    return (
        alt.Chart(kills)
        .mark_bar()
        .encode(
            x=alt.X(
                "kill_turn:O",
                title="winner's own turn",
                axis=alt.Axis(labelAngle=0),
                scale=alt.Scale(domain=every),
            ),
            y=alt.Y("games:Q", title="games"),
            color=alt.Color("winner:N"),
            tooltip=["winner", "kill_turn", "games"],
        )
        .properties(width=420, height=200, title=title)
    )


def mana_curve_chart(exact: pl.DataFrame, simulated: pl.DataFrame, title: str = "") -> Any:
    """P(a castable play on own turn t): exact with nothing played yet (line), in play (points)."""
    sim = simulated.with_columns(measure=pl.lit("in play (greedy)"))
    return exact_vs_simulated_chart(exact, sim, title or "P(a castable play on own turn t)")
