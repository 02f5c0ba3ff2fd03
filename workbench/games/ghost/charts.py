"""Altair charts for the ghost notebook (pure: frames in, charts out).

>>> from workbench.games.ghost.analysis import heatmap_frame
>>> heatmap_chart(heatmap_frame(["2D"], ["2D"])).to_dict()["layer"][0]["mark"]["type"]
'rect'
"""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl

from workbench.charts.balance import seat_win_chart as _seat_win_chart

__all__ = [
    "expectation_chart",
    "fairness_chart",
    "heatmap_chart",
    "length_chart",
    "mandatory_chart",
    "run_out_chart",
    "seat_win_chart",
]


def seat_win_chart(seat_wins: pl.DataFrame, by: str = "seat") -> Any:
    """Win rate per seat, each named as the game names it (``User 1`` …)."""
    return _seat_win_chart(seat_wins, by, word="User")


def heatmap_chart(
    frame: pl.DataFrame, title: str = "P(attacker wins), ties to the defender"
) -> Any:
    """Attack strings (rows) against defence strings (columns), exact value in the tooltip."""
    order = list(dict.fromkeys(frame["attack"].to_list()))
    base = alt.Chart(frame).encode(
        x=alt.X("defence:N", sort=list(dict.fromkeys(frame["defence"].to_list())), title="defence"),
        y=alt.Y("attack:N", sort=order, title="attack"),
    )
    rect = base.mark_rect().encode(
        color=alt.Color("win:Q", scale=alt.Scale(scheme="redblue", domain=[0, 1]), title="P(win)"),
        tooltip=["attack", "defence", "win_exact", alt.Tooltip("win:Q", format=".1%")],
    )
    text = base.mark_text(fontSize=9).encode(text=alt.Text("win:Q", format=".0%"))
    return alt.layer(rect, text).properties(width=380, height=300, title=title)


def fairness_chart(frame: pl.DataFrame) -> Any:
    """Each ghost's VP against its exact win chance, the fitted line, verdict colours
    (the flagged ghosts are named; hover for the others)."""
    base = alt.Chart(frame)
    points = base.mark_circle(size=80).encode(
        x=alt.X(
            "win:Q", title="exact win chance vs the sheet's ghosts", scale=alt.Scale(zero=False)
        ),
        y=alt.Y("vp:Q", title="VP (勝利うにゅう点)"),
        color=alt.Color(
            "verdict:N",
            scale=alt.Scale(
                domain=["fair", "VP too high", "VP too low"],
                range=["#4c78a8", "#e45756", "#f58518"],
            ),
        ),
        tooltip=[
            "name",
            "name_en",
            "physical",
            "mental",
            "vp",
            "win_exact",
            alt.Tooltip("fitted_vp:Q", format=".2f"),
            "verdict",
        ],
    )
    labels = (
        base.transform_filter(alt.datum.verdict != "fair")
        .mark_text(dx=7, align="left", fontSize=10)
        .encode(x="win:Q", y="vp:Q", text="name:N")
    )
    line = (
        base.transform_calculate(mark="'fitted VP for the win chance'")
        .mark_line(color="#888")
        .encode(
            x="win:Q",
            y="fitted_vp:Q",
            strokeDash=alt.StrokeDash(
                "mark:N",
                title=None,
                scale=alt.Scale(range=[[1, 0]]),
                legend=alt.Legend(symbolType="stroke", symbolStrokeColor="#888"),
            ),
        )
    )
    return alt.layer(line, points, labels).properties(
        width=460, height=320, title="Is each ghost's VP fair for its strength?"
    )


def mandatory_chart(frame: pl.DataFrame) -> Any:
    """P(a starting hand / the table's first hands hold a mandatory event) by their count."""
    long = frame.unpivot(
        index="mandatory", on=["p_at_least_one", "p_table"], variable_name="who", value_name="p"
    )
    return (
        alt.Chart(long)
        .mark_line(point=True)
        .encode(
            x=alt.X("mandatory:Q", title="mandatory events in 100 cards"),
            y=alt.Y("p:Q", title="P(at least one)", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("who:N", title=""),
            tooltip=["mandatory", alt.Tooltip("p:Q", format=".3f")],
        )
        .properties(width=380, height=220, title="Mandatory events in the starting hands (exact)")
    )


def length_chart(frame: pl.DataFrame, title: str = "Game length (user turns, 95% interval)") -> Any:
    """Mean user turns by number of users with the interval as a rule."""
    data = frame.with_columns(pl.col("players").cast(pl.String).alias("users"))
    base = alt.Chart(data).encode(x=alt.X("users:N", title="users"))
    bars = base.mark_bar(color="#72b7b2").encode(
        y=alt.Y("mean_turns:Q", title="user turns"),
        tooltip=[
            "players",
            "games",
            alt.Tooltip("mean_turns:Q", format=".1f"),
            "end_vp",
            "end_void",
        ],
    )
    rules = base.mark_rule().encode(y="low:Q", y2="high:Q")
    return alt.layer(bars, rules).properties(width=260, height=200, title=title)


def expectation_chart(frame: pl.DataFrame) -> Any:
    """How far each reading's exact mean lies from the plain reading (the seed's own
    arithmetic), per dice string, one panel per reading: drawn as four series on one
    panel the readings hid each other, since they differ only at a few strings."""
    names = {
        "floor0": "totals floored at 0",
        "fumble": "a fumble voids the roll",
        "floor0_fumble": "floored at 0 and fumble voids (the rules' default)",
    }
    readings = [r for r in names if r in frame.columns]
    diff = frame.select("dice", *[(pl.col(r) - pl.col("plain")).alias(r) for r in readings])
    long = diff.unpivot(index="dice", on=readings, variable_name="reading", value_name="delta")
    long = long.with_columns(pl.col("reading").replace(names))
    return (
        alt.Chart(long)
        .mark_bar()
        .encode(
            x=alt.X("dice:N", sort=frame["dice"].to_list(), title="dice"),
            y=alt.Y("delta:Q", title="difference from plain"),
            color=alt.condition("datum.delta < 0", alt.value("#b3261e"), alt.value("#3b6ea8")),
            tooltip=["dice", "reading", alt.Tooltip("delta:Q", format="+.4f", title="difference")],
        )
        .properties(width=620, height=120)
        .facet(
            row=alt.Row(
                "reading:N",
                sort=[names[r] for r in readings],
                title=None,
                header=alt.Header(
                    labelAngle=0, labelAlign="left", labelAnchor="start", labelOrient="top"
                ),
            ),
        )
        .properties(title="Each reading of nD±k against the plain one (the seed's arithmetic)")
    )


def run_out_chart(endings: pl.DataFrame, table: pl.DataFrame) -> Any:
    """The user turn each simulated game ended on, coloured by how it ended, one panel
    per number of users; the red rule is the exact latest run-out turn (``bound``)."""
    data = endings.join(table.select("players", "bound"), on="players")
    top = 4 * (max(int(v) for v in (*data["bound"], *data["user_turns"])) // 4 + 1)
    base = alt.Chart(data)
    bars = base.mark_bar(opacity=0.8).encode(
        x=alt.X(
            "user_turns:Q",
            bin=alt.Bin(step=4, extent=[0, top]),
            title="user turn the game ended on",
            scale=alt.Scale(domain=[0, top]),
            axis=alt.Axis(values=list(range(0, top + 1, 8))),
        ),
        y=alt.Y("count():Q", title="games", stack=True),
        color=alt.Color(
            "end:N", title="ending", sort=["server", "void", "special", "vp", "master"]
        ),
        tooltip=["end:N", "count():Q"],
    )
    bound = (
        base.transform_calculate(mark="'latest run-out (exact)'")
        .mark_rule(color="#b3261e", strokeWidth=2)
        .encode(
            x=alt.X("bound:Q", scale=alt.Scale(domain=[0, top])),
            strokeDash=alt.StrokeDash(
                "mark:N",
                title=None,
                scale=alt.Scale(range=[[1, 0]]),
                legend=alt.Legend(
                    symbolType="stroke", symbolStrokeColor="#b3261e", symbolStrokeWidth=2
                ),
            ),
        )
    )
    return (
        alt.layer(bars, bound)
        .properties(width=420, height=90)
        .facet(row=alt.Row("players:O", title="users"))
        .properties(title="The turn games end (simulated); red: latest run-out (exact)")
    )
