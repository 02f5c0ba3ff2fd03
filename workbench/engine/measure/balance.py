"""Balance report over a simulation frame: seat win rates with Wilson 95% intervals,
game length, score gap and decisiveness (polars frames; charts in
:mod:`workbench.charts.balance`).

>>> from workbench.engine.conformance.toy import TakeAway
>>> from workbench.engine.runs.simulate import simulate
>>> r = balance_report(simulate(TakeAway(), n=200, seed=1))
>>> r.seat_wins.select("seat", "games", "wins").rows()
[(0, 200, 109), (1, 200, 91)]
>>> r.decisiveness["draws"]
0.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Any

import polars as pl

from workbench.prob.intervals import wilson


def seat_long(df: pl.DataFrame, keep: list[str] | None = None) -> pl.DataFrame:
    """One row per (game, seat): player, score, sole win, shared win, fair share (+ ``keep``).

    The fair share is what a seat's sole-win rate would be if seats were
    equal: the share of games with a single winner, divided by the seats
    (so draws do not make every seat look weak).
    """
    parts = []
    for seat in range(int(df["seats"].max())):  # type: ignore[arg-type]
        has_player = f"player_{seat}" in df.columns
        parts.append(
            df.filter(pl.col("seats") > seat).select(
                *(keep or []),
                pl.col("game"),
                pl.lit(seat, pl.Int64).alias("seat"),
                (pl.col(f"player_{seat}") if has_player else pl.lit("?")).alias("player"),
                pl.col(f"score_{seat}").alias("score"),
                (pl.col("winner") == seat).fill_null(False).alias("sole"),
                (pl.col("draw") & pl.col("winners").list.contains(seat)).alias("shared"),
                (pl.col("winner").is_not_null().cast(pl.Float64) / pl.col("seats")).alias("fair"),
            )
        )
    return pl.concat(parts)


def _win_table(long: pl.DataFrame, by: str | list[str]) -> pl.DataFrame:
    """Games, sole and shared wins, win rate with its Wilson interval, per seat or player."""
    keys = [by] if isinstance(by, str) else by
    table = (
        long.group_by(keys)
        .agg(
            pl.len().alias("games"),
            pl.col("sole").sum().alias("wins"),
            pl.col("shared").sum().alias("shared_wins"),
            pl.col("fair").mean().alias("fair_share"),
            pl.col("score").mean().alias("mean_score"),
        )
        .sort(keys)
    )
    bounds = [wilson(int(w), int(g)) for w, g in zip(table["wins"], table["games"])]
    return table.with_columns(
        (pl.col("wins") / pl.col("games")).alias("win_rate"),
        pl.Series("low", [lo for lo, _ in bounds], dtype=pl.Float64),
        pl.Series("high", [hi for _, hi in bounds], dtype=pl.Float64),
    ).select(
        *keys, "games", "wins", "shared_wins", "win_rate", "low", "high", "fair_share", "mean_score"
    )


def seat_win_rates(df: pl.DataFrame, by: str | list[str] | None = None) -> pl.DataFrame:
    """Win rate per seat with 95% Wilson intervals, per group of ``by`` columns (sweeps).

    >>> from workbench.engine.conformance.toy import make_takeaway
    >>> from workbench.engine.runs.sweep import sweep, InlineExecutor
    >>> df = sweep(make_takeaway, {"stones": [1, 4]}, n=20, seed=0, executor=InlineExecutor())
    >>> seat_win_rates(df, by="stones").filter(pl.col("stones") == 1).select("seat", "win_rate").rows()
    [(0, 1.0), (1, 0.0)]
    """
    groups = [] if by is None else [by] if isinstance(by, str) else list(by)
    missing = [c for c in groups if c not in df.columns]
    if missing:
        raise ValueError(f"no column {missing[0]!r} to group by; columns: {df.columns}")
    return _win_table(seat_long(df, keep=groups), [*groups, "seat"])


@dataclass(frozen=True)
class BalanceReport:
    """Frames and figures of a balance report; ``charts()`` draws them, notebooks show HTML."""

    games: int
    seat_wins: pl.DataFrame
    player_wins: pl.DataFrame | None
    lengths: pl.DataFrame
    length_stats: dict[str, float]
    gaps: pl.DataFrame
    decisiveness: dict[str, float]
    decisive_margin: float

    def summary(self) -> pl.DataFrame:
        """The headline numbers as (measure, value) rows."""
        d, s = self.decisiveness, self.length_stats
        rows = [
            ("games", float(self.games)),
            ("draws (share)", d["draws"]),
            (f"decided by ≥ {self.decisive_margin:g} (share)", d["decisive"]),
            ("mean score gap", d["mean_gap"]),
            ("mean length (turns)", s["mean"]),
            ("median length", s["median"]),
            ("length, 10% quantile", s["p10"]),
            ("length, 90% quantile", s["p90"]),
        ]
        return pl.DataFrame(rows, schema=["measure", "value"], orient="row")

    def findings(self) -> list[str]:
        """Plain sentences: seats whose 95% interval excludes their fair share, draws, margins.

        >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayParams
        >>> from workbench.engine.runs.simulate import simulate
        >>> report = balance_report(simulate(TakeAway(TakeAwayParams(stones=4)), n=300, seed=0))
        >>> report.findings()[0]  # exact: 1/3
        'seat 0 (P1) wins less than its fair share: 27.7% (22.9%–33.0%) against 50.0%'
        """
        out = []
        for row in self.seat_wins.iter_rows(named=True):
            lo, hi, fair = row["low"], row["high"], row["fair_share"]
            if lo > fair or hi < fair:
                side = "more" if lo > fair else "less"
                out.append(
                    f"seat {row['seat']} (P{row['seat'] + 1}) wins {side} than its fair share: "
                    f"{row['win_rate']:.1%} ({lo:.1%}–{hi:.1%}) against {fair:.1%}"
                )
        if not out:
            out.append(f"no seat advantage shows at 95% over {self.games} games")
        d = self.decisiveness
        if d["draws"]:
            out.append(f"{d['draws']:.1%} of the games are draws")
        out.append(f"{d['decisive']:.1%} are won by a margin of {self.decisive_margin:g} or more")
        return out

    def _repr_html_(self) -> str:
        parts = [f"<h4>Balance over {self.games} games</h4>"]
        parts.append("<ul>" + "".join(f"<li>{escape(x)}</li>" for x in self.findings()) + "</ul>")
        parts.append(_table(self.summary()))
        parts.append(_table(self.seat_wins))
        if self.player_wins is not None:
            parts.append(_table(self.player_wins))
        return "\n".join(parts)


def _table(df: pl.DataFrame) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in df.columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{_fmt(v)}</td>" for v in row) + "</tr>" for row in df.iter_rows()
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}" if not math.isnan(v) else ""
    return escape(str(v)) if v is not None else ""


def balance_report(df: pl.DataFrame, decisive_margin: float = 1.0) -> BalanceReport:
    """The balance report of a :func:`~workbench.engine.runs.simulate.simulate` frame."""
    need = {"seats", "winner", "winners", "draw", "margin"}
    missing = need - set(df.columns)
    if missing:
        raise ValueError(
            f"balance_report needs a simulate() frame; missing columns {sorted(missing)}"
        )
    if df.height == 0:
        raise ValueError("balance_report needs at least one game")
    long = seat_long(df)
    seat_wins = _win_table(long, "seat")
    player_wins = _win_table(long, "player") if long["player"].n_unique() > 1 else None
    length = (
        pl.coalesce(pl.col("turns"), pl.col("actions")) if "turns" in df.columns else pl.lit(None)
    )
    lens = df.select(length.alias("length"))["length"].drop_nulls()
    if lens.len():
        stats = {
            "mean": float(lens.mean()),  # type: ignore[arg-type]
            "median": float(lens.median()),  # type: ignore[arg-type]
            "p10": float(lens.quantile(0.1, "nearest")),  # type: ignore[arg-type]
            "p90": float(lens.quantile(0.9, "nearest")),  # type: ignore[arg-type]
            "min": float(lens.min()),  # type: ignore[arg-type]
            "max": float(lens.max()),  # type: ignore[arg-type]
        }
    else:
        stats = {k: float("nan") for k in ("mean", "median", "p10", "p90", "min", "max")}
    lengths = lens.to_frame("length").group_by("length").len("games").sort("length")
    gaps = df.group_by("margin").len("games").sort("margin")
    decided = df.filter(~pl.col("draw") & (pl.col("margin") >= decisive_margin)).height
    decisiveness = {
        "draws": float(df["draw"].sum()) / df.height,
        "decisive": decided / df.height,
        "mean_gap": float(df["margin"].mean()),  # type: ignore[arg-type]
    }
    return BalanceReport(
        df.height, seat_wins, player_wins, lengths, stats, gaps, decisiveness, decisive_margin
    )
