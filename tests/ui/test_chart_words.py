"""Charts read as words (issue 26 item 2): one axis title per axis in words (not the
layers' fields joined), every mark in a legend, colour centred on the question's
reference (the ladder on the fair share), no turn left out of an axis."""

from __future__ import annotations

import re

import polars as pl
import vl_convert as vlc

from workbench.charts.balance import seat_win_chart
from workbench.charts.tidy import register_font, tidy_spec
from workbench.engine.runs.ladder import Ladder, ladder_chart
from workbench.games.life.charts import chart_mid_vp
from workbench.games.life.simstats import simulate_random
from workbench.games.mugen.charts import kill_turn_chart

SEATS = pl.DataFrame(
    {
        "seat": [0, 1, 2],
        "games": [30] * 3,
        "wins": [8, 10, 12],
        "shared_wins": [0] * 3,
        "win_rate": [8 / 30, 10 / 30, 12 / 30],
        "low": [0.14, 0.19, 0.25],
        "high": [0.44, 0.51, 0.58],
        "fair_share": [1 / 3] * 3,
    }
)


def _svg(chart: object) -> str:
    register_font()
    return vlc.vegalite_to_svg(tidy_spec(chart.to_dict()))  # type: ignore[attr-defined]


def _axis_titles(svg: str) -> list[str]:
    return re.findall(r"aria-label=\"[XY]-axis titled '([^']*)'", svg)


def test_layered_axes_keep_one_title_in_words() -> None:
    assert _axis_titles(_svg(seat_win_chart(SEATS))) == ["seat", "win rate (sole wins)"]
    titles = _axis_titles(_svg(chart_mid_vp(simulate_random(10, seed=1))))
    assert titles[-1] == "mean VP" and not any("," in t for t in titles)


def test_every_mark_of_the_seat_chart_is_in_its_legend() -> None:
    svg = _svg(seat_win_chart(SEATS))
    legend = re.findall(r"role-legend-label[^>]*>(.*?)</g>", svg, re.S)
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", "".join(legend))
    assert labels == ["win rate", "95% interval", "fair share"]


def test_ladder_colours_are_centred_on_the_fair_share() -> None:
    frame = pl.DataFrame(
        {
            "player": ["a", "b"],
            "opponent": ["b", "a"],
            "games": [30, 30],
            "wins": [9, 12],
            "draws": [0, 0],
            "win_rate": [0.3, 0.4],
            "low": [0.17, 0.25],
            "high": [0.48, 0.58],
            "fair_share": [0.3, 0.3],
        }
    )
    colour = ladder_chart(Ladder("x", ("a", "b"), frame)).to_dict()["layer"][0]["encoding"]["color"]
    assert colour["scale"]["domainMid"] == 0.3 and "fair share 30%" in colour["title"]


def test_the_kill_turn_axis_marks_every_turn() -> None:
    kills = pl.DataFrame({"winner": ["A", "B", "A"], "kill_turn": [9, 10, 15], "games": [2, 3, 1]})
    svg = _svg(kill_turn_chart(kills))
    labels = re.findall(r"X-axis titled [^:]*: ([^\"]*)\"", svg)
    assert labels and "11" in labels[0] and "14" in labels[0]


def test_ladder_text_is_white_only_on_cells_dark_against_the_fair_share() -> None:
    # ghost's ladder: fair share 21%; osla beat random 15% of games (a light cell: black
    # text), greedy 1% of osla (dark red: white), 78% and 99.5% dark blue (white)
    rates = [0.15, 0.01, 0.78, 0.995, 0.66]
    frame = pl.DataFrame(
        {
            "player": ["a", "b", "c", "d", "e"],
            "opponent": ["b", "c", "d", "e", "a"],
            "games": [200] * 5,
            "wins": [round(r * 200) for r in rates],
            "draws": [0] * 5,
            "win_rate": rates,
            "low": rates,
            "high": rates,
            "fair_share": [0.21] * 5,
        }
    )
    chart = ladder_chart(Ladder("x", tuple("abcde"), frame)).to_dict()
    text = chart["layer"][1]["encoding"]
    assert text["color"]["field"] == "ink" and text["color"]["scale"]["range"] == ["black", "white"]
    rows = next(iter(chart["datasets"].values()))
    assert [(r["label"], r["ink"]) for r in rows] == [
        ("15", "black"),
        ("1", "white"),
        ("78", "white"),
        ("99.5", "white"),
        ("66", "black"),
    ]
