"""Balance charts (altair) for :class:`~workbench.engine.measure.balance.BalanceReport`.

>>> from workbench.engine.conformance.toy import TakeAway
>>> from workbench.engine.runs.simulate import simulate
>>> from workbench.engine.measure.balance import balance_report
>>> chart = seat_win_chart(balance_report(simulate(TakeAway(), n=50, seed=1)).seat_wins)
>>> chart.to_dict()["layer"][0]["mark"]["type"]
'bar'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import altair as alt
import polars as pl

from workbench.charts.base import legend_key

if TYPE_CHECKING:
    from workbench.engine.measure.balance import BalanceReport


def seat_names_of(seats: pl.Expr, word: str = "Player") -> pl.Expr:
    """Seats counted from 0 as people read them: ``Player 1`` … (the game's word).

    >>> pl.select(seat_names_of(pl.Series([0, 2]), "User")).to_series().to_list()
    ['User 1', 'User 3']
    """
    return pl.format(f"{word} {{}}", seats + 1)


def seat_win_chart(seat_wins: pl.DataFrame, by: str = "seat", word: str = "Player") -> Any:
    """Win rate per seat (named ``Player 1`` …, in the game's ``word``) or per player, with its
    95% interval and the fair share as a tick."""
    who = seat_names_of(pl.col(by), word) if by == "seat" else pl.col(by).cast(pl.String)
    data = seat_wins.with_columns(who.alias("who"))
    base = alt.Chart(data).encode(x=alt.X("who:N", title=by, sort=None))
    key = legend_key(
        [("win rate", "#4c78a8"), ("95% interval", "black"), ("fair share", "#e45756")]
    )
    bars = key(base.mark_bar(), "win rate").encode(
        y=alt.Y("win_rate:Q", title="win rate (sole wins)", scale=alt.Scale(domain=[0, 1])),
        tooltip=["who", "games", "wins", "shared_wins", alt.Tooltip("win_rate:Q", format=".3f")],
    )
    errors = key(base.mark_rule(), "95% interval").encode(y="low:Q", y2="high:Q")
    fair = key(base.mark_tick(thickness=2, size=30), "fair share").encode(y="fair_share:Q")
    return alt.layer(bars, errors, fair).properties(
        width=220, height=180, title=f"win rate by {by} (95% Wilson interval; red: fair share)"
    )


def histogram_chart(counts: pl.DataFrame, value: str, title: str) -> alt.Chart:
    """Bars of ``games`` per ``value`` (a frame already counted)."""
    return (
        alt.Chart(counts)
        .mark_bar(color="#72b7b2")
        .encode(
            x=alt.X(f"{value}:Q", title=value),
            y=alt.Y("games:Q", title="games"),
            tooltip=[value, "games"],
        )
        .properties(width=220, height=180, title=title)
    )


def balance_chart(report: BalanceReport) -> Any:
    """The report's three charts side by side (plus win rate by player when several)."""
    charts: list[Any] = [
        seat_win_chart(report.seat_wins),
        histogram_chart(report.lengths, "length", "game length (turns)"),
        histogram_chart(report.gaps, "margin", "score gap: winner − runner-up"),
    ]
    if report.player_wins is not None:
        charts.append(seat_win_chart(report.player_wins, by="player"))
    return alt.hconcat(*charts)


def sweep_win_chart(
    rates: pl.DataFrame, x: str, colour: str | None = None, word: str = "Player"
) -> Any:
    """Seat win rates against a swept parameter (from ``seat_win_rates(df, by=...)``).

    One line per seat (``Player 1`` …) with its 95% band; ``colour`` facets a second parameter.
    """
    data = rates.with_columns(seat_names_of(pl.col("seat"), word).alias("seat"))
    base = alt.Chart(data).encode(x=alt.X(f"{x}:O", title=x), color=alt.Color("seat:N"))
    band = base.mark_errorbar(ticks=True).encode(y=alt.Y("low:Q", title="win rate"), y2="high:Q")
    line = base.mark_line(point=True).encode(
        y=alt.Y("win_rate:Q", scale=alt.Scale(domain=[0, 1])),
        tooltip=["seat", x, "games", alt.Tooltip("win_rate:Q", format=".3f")],
    )
    chart = alt.layer(band, line).properties(width=260, height=180)
    if colour is not None:
        return chart.facet(column=alt.Column(f"{colour}:O", title=colour))
    return chart.properties(title=f"win rate by seat against {x} (95% intervals)")
