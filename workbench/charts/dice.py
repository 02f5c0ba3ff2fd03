"""Dice charts: a distribution, at-least curves, a battle heat map.

Each takes a :class:`~workbench.prob.Dist` or a frame from
:mod:`workbench.prob.tables`, and carries exact ``"p/q"`` tooltips
(:func:`workbench.charts.base.exact_tooltips`).

>>> from workbench.prob.dice import die, pool
>>> distribution_chart(pool(2, die((1, 2, 3, 4, 5, 0)))).to_dict()["mark"]["type"]
'bar'
"""

from __future__ import annotations

from collections.abc import Mapping

import altair as alt
import polars as pl

from workbench.charts.base import exact_tooltips
from workbench.prob.dist import Dist
from workbench.prob.tables import distribution_table

__all__ = ["at_least_chart", "distribution_chart", "expectation_chart", "versus_heatmap"]


def _table(data: Dist | pl.DataFrame) -> pl.DataFrame:
    return distribution_table(data) if isinstance(data, Dist) else data


def distribution_chart(data: Dist | pl.DataFrame, title: str = "P(total)") -> alt.Chart:
    """Bars of P(total = x) with exact tooltips.

    >>> from workbench.prob.dice import D6
    >>> spec = distribution_chart(D6, "d6").to_dict()
    >>> spec["encoding"]["tooltip"][1]["field"]
    'p_exact'
    """
    frame = _table(data).drop("weight", strict=False)
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("outcome:O", title="total", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("p:Q", title="probability", axis=alt.Axis(format="%")),
            tooltip=[alt.Tooltip("outcome:O", title="total"), *exact_tooltips("p", "at_least")],
        )
        .properties(width=420, height=220, title=title)
    )


def at_least_chart(data: Dist | Mapping[str, Dist], title: str = "P(total >= x)") -> alt.Chart:
    """Step curves of P(total >= x), one per labelled roll.

    >>> from workbench.prob.dice import D6, pool
    >>> c = at_least_chart({"2D": pool(2, D6), "3D": pool(3, D6)})
    >>> c.to_dict()["encoding"]["color"]["field"]
    'roll'
    """
    named = {"roll": data} if isinstance(data, Dist) else dict(data)
    frames = [
        distribution_table(d).drop("weight").with_columns(pl.lit(label).alias("roll"))
        for label, d in named.items()
    ]
    frame = pl.concat(frames)
    return (
        alt.Chart(frame)
        .mark_line(interpolate="step-after", point=True)
        .encode(
            x=alt.X("outcome:Q", title="x (total)"),
            y=alt.Y("at_least:Q", title="P(total >= x)", axis=alt.Axis(format="%")),
            color=alt.Color("roll:N", title="roll", sort=list(named)),
            tooltip=["roll:N", alt.Tooltip("outcome:Q", title="x"), *exact_tooltips("at_least")],
        )
        .properties(width=420, height=240, title=title)
    )


def versus_heatmap(
    grid: pl.DataFrame, value: str = "win", title: str = "P(attacker wins)"
) -> alt.LayerChart:
    """Attack strings (rows) × defence strings (columns), coloured by P(``value``),
    each cell labelled with its percentage; tooltips exact. ``grid`` is
    :func:`workbench.prob.tables.versus_grid` output.

    >>> from workbench.prob.tables import versus_grid
    >>> c = versus_heatmap(versus_grid(["1D", "2D"], ["1D", "2D"], (1, 2, 3, 4, 5, 6)))
    >>> [layer["mark"]["type"] for layer in c.to_dict()["layer"]]
    ['rect', 'text']
    """
    if value not in ("win", "tie", "lose"):
        raise ValueError(f"value must be win, tie or lose, got {value!r}")
    attacks = list(dict.fromkeys(grid["attack"].to_list()))
    defences = list(dict.fromkeys(grid["defence"].to_list()))
    base = alt.Chart(grid).encode(
        x=alt.X("defence:N", sort=defences, title="defence", axis=alt.Axis(labelAngle=-45)),
        y=alt.Y("attack:N", sort=attacks, title="attack"),
        tooltip=["attack:N", "defence:N", *exact_tooltips("win", "tie", "lose")],
    )
    cells = base.mark_rect().encode(
        color=alt.Color(
            f"{value}:Q",
            title=f"P({value})",
            scale=alt.Scale(scheme="redblue", domain=[0, 1], domainMid=0.5),
            legend=alt.Legend(format="%"),
        )
    )
    v = f"datum.{value}"
    honest = (  # never print 0% or 100% for something merely unlikely
        f"{v} == 1 ? '100%' : {v} >= 0.995 ? '>99%' : {v} == 0 ? '0%' : {v} < 0.005 ? '<1%'"
        f" : format({v}, '.0%')"
    )
    labels = (
        base.transform_calculate(label=honest)
        .mark_text(fontSize=9)
        .encode(
            text=alt.Text("label:N"),
            color=alt.condition(
                f"datum.{value} > 0.8 || datum.{value} < 0.2",
                alt.value("white"),
                alt.value("black"),
            ),
        )
    )
    size = max(28 * len(defences), 200), max(22 * len(attacks), 200)
    return (cells + labels).properties(width=size[0], height=size[1], title=title)


def expectation_chart(
    grid: pl.DataFrame, relative_to: str | None = "plain", title: str | None = None
) -> alt.FacetChart:
    """Mean of nD+k against k, one line per reading, one panel per n
    (:func:`workbench.prob.tables.expectation_grid` output). With ``relative_to``
    (a reading key) the chart shows each reading's mean minus that reading's,
    which is where the readings differ; ``None`` plots the means themselves.

    >>> from workbench.prob.tables import expectation_grid
    >>> from workbench.prob.dice import D6
    >>> expectation_chart(expectation_grid([1, 2], [-1, 0], D6)).to_dict()["facet"]["column"]["field"]
    'n'
    """
    frame = grid
    y_field, y_title = "mean", "expected total"
    if relative_to is not None:
        base = grid.filter(pl.col("reading") == relative_to).select(
            "n", "k", pl.col("mean").alias("base_mean")
        )
        if base.is_empty():
            raise ValueError(f"no reading {relative_to!r} in the grid")
        frame = grid.join(base, on=["n", "k"]).with_columns(
            (pl.col("mean") - pl.col("base_mean")).alias("difference")
        )
        y_field, y_title = "difference", f"mean minus the {relative_to} reading"
    default = (
        "E[nD+k] by reading"
        if relative_to is None
        else f"E[nD+k] against the {relative_to} reading"
    )
    return (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("k:O", title="modifier k", axis=alt.Axis(labelAngle=0)),
            y=alt.Y(f"{y_field}:Q", title=y_title),
            color=alt.Color("reading:N", title="reading"),
            strokeDash=alt.StrokeDash("reading:N"),
            tooltip=["dice:N", "reading:N", alt.Tooltip("mean_exact:N", title="mean (exact)")],
        )
        .properties(width=140, height=180)
        .facet(column=alt.Column("n:O", title="dice"))
        .properties(title=title or default)
    )
