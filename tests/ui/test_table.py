"""The one table style (workbench.ui.table): what a designer reads in notebooks and reports."""

from __future__ import annotations

import re
from fractions import Fraction

import polars as pl
import pytest
import sympy

from workbench.ui.table import Table, as_fraction, percent, table_html


def _cells(html: str) -> list[list[str]]:
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, flags=re.S)
    return [
        [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r, re.S)]
        for r in rows
    ]


def test_no_shape_dtype_quotes_or_null() -> None:
    f = pl.DataFrame({"name": ["a", None], "n": [1, None], "rate": [0.5, None]})
    html = table_html(f)
    for junk in ("shape:", "str", "i64", "f64", "null", '"a"', "…"):
        assert junk not in re.sub(r"<style>.*?</style>", "", html, flags=re.S), junk
    assert _cells(html) == [["name", "n", "rate"], ["a", "1", "50.0%"], ["", "", ""]]


def test_exact_twin_folds_into_percent_with_fraction_on_hover() -> None:
    f = pl.DataFrame({"p_win": [6497 / 18278], "p_win_exact": ["6497/18278"]})
    html = table_html(f, digits=2)
    assert _cells(html)[1] == ["35.55%"]  # 6497/18278 = 0.35545...
    assert 'title="exactly 6497/18278"' in html
    assert "p win exact" not in html
    beside = table_html(f, digits=1, exact="beside")
    assert _cells(beside)[1] == ["35.5%6497/18278"]


def test_sympy_rationals_are_exact_values() -> None:
    f = pl.DataFrame(
        {"chance": [sympy.Rational(1, 3), sympy.Rational(2, 3)]}, schema={"chance": pl.Object}
    )
    html = table_html(f)
    assert [r[0] for r in _cells(html)[1:]] == ["33.3%", "66.7%"]
    assert 'title="exactly 2/3"' in html


def test_intervals_are_clamped_and_tiny_values_never_print_as_exponents() -> None:
    f = pl.DataFrame({"rate": [0.0, 1.0], "low": [1.7347e-18, 0.93], "high": [0.05, 1.0000000002]})
    rows = _cells(table_html(f))
    assert rows[1] == ["0.0%", "<0.1%", "5.0%"]
    assert rows[2] == ["100.0%", "93.0%", "100.0%"]


def test_non_probability_numbers_stay_numbers() -> None:
    f = pl.DataFrame({"mean_turns": [0.5, 12.25], "low": [0.2, 11.0], "cost_exact": ["1/2", "7/3"]})
    rows = _cells(table_html(f))
    # one format per column: as many decimals as its most precise value needs (up to 3)
    assert rows[1:] == [["0.50", "0.2", "0.500"], ["12.25", "11.0", "2.333"]]


def test_every_row_shown_and_long_text_wrapped_not_cut() -> None:
    long = "opening of 4; a night among the stars where nobody sleeps " * 3
    f = pl.DataFrame({"i": list(range(120)), "text": [long] * 120})
    html = table_html(f)
    assert html.count("<tr>") == 121
    assert long.strip() in html and "120 rows" in html
    assert "white-space:normal" in html and "overflow-wrap:break-word" in html
    assert "max-width:28em" in html  # long text wraps inside its column, words stay whole


def test_seats_from_one_and_no_seat() -> None:
    f = pl.DataFrame({"seat": [-1, 0, 1], "wins": [3, 4, 5]})
    assert [r[0] for r in _cells(table_html(f))[1:]] == ["nobody", "Player 1", "Player 2"]
    named = table_html(f, seat_names=["User 1", "User 2"])
    assert [r[0] for r in _cells(named)[1:]] == ["nobody", "User 1", "User 2"]


def test_japanese_name_then_english_gloss() -> None:
    f = pl.DataFrame({"id": ["g1"], "name_en": ["Something"], "vp": [3], "name_ja": ["何か"]})
    assert _cells(table_html(f))[0] == ["id", "vp", "name ja", "name en"]


def test_html_is_escaped() -> None:
    assert "<script>" not in table_html(pl.DataFrame({"x": ["<script>alert(1)</script>"]}))


def test_table_object_and_fraction_helpers() -> None:
    assert Table(pl.DataFrame({"x": [1]}))._repr_html_().count("<td") == 1
    assert as_fraction(sympy.Rational(3, 4)) == Fraction(3, 4)
    assert percent(0.5, 0) == "50%"
    with pytest.raises(ValueError, match="exact="):
        table_html(pl.DataFrame({"x": [1]}), exact="nope")
