"""Tables and formulas a designer reads (issue 26 item 3): no column shown twice, rates
as percentages (bounds only when what they bound is one), long fractions as a
percentage with the fraction on hover, sympy's Piecewise as cases — never
``Piecewise(…, True)``."""

from __future__ import annotations

import re

import polars as pl
import sympy

from workbench.prob.dist import Dist
from workbench.prob.symbolic import fumble_expr
from workbench.ui.notebook import mathml
from workbench.ui.table import table_html


def _heads(html: str) -> list[str]:
    return re.findall(r"<th(?: [^>]*)?>(.*?)</th>", html)


def test_a_float_twin_of_an_exact_column_is_not_repeated() -> None:
    frame = pl.DataFrame(
        {"turn": [1, 2], "probability": ["6497/18278", "1/2"], "p": [6497 / 18278, 0.5]}
    )
    html = table_html(frame)
    assert _heads(html) == ["turn", "probability"]
    assert "35.5%" in html and 'title="exactly 6497/18278"' in html
    # a float that differs is a column of its own
    assert "p" in _heads(table_html(frame.with_columns(pl.col("p") + 0.01)))


def test_rates_are_percentages_and_bounds_follow_what_they_bound() -> None:
    frame = pl.DataFrame(
        {
            "seat": [0],
            "fair": [0.25],
            "A wins (greedy)": [0.82],
            "relocated": [0.339],
            "relocated_lo": [0.324],
            "relocated_hi": [0.354],
            "rate": [0.052],
            "lo": [0.047],
            "hi": [0.057],
        }
    )
    cells = re.findall(r"<td[^>]*>(.*?)</td>", table_html(frame))
    assert cells == [
        "Player 1",
        "25.0%",
        "82.0%",
        "0.339",
        "0.324",
        "0.354",
        "5.2%",
        "4.7%",
        "5.7%",
    ]


def test_long_fractions_read_as_percentages_with_the_fraction_on_hover() -> None:
    html = mathml(sympy.Rational(6497, 18278))
    assert html.startswith('<span class="wb-long-fraction" title="exactly 6497/18278">35.5%')
    assert mathml(sympy.Rational(5, 2)).startswith("<math")


def test_piecewise_is_drawn_as_cases() -> None:
    expr = fumble_expr(Dist.uniform((1, 2, 3, 4, 5, 0)))
    html = mathml(expr)
    assert isinstance(expr, sympy.Piecewise)
    assert "piecewise" not in html.lower() and "True" not in html
    assert html.count("<mtr>") == 2 and "otherwise" in html and "if" in html


def test_a_pivot_says_what_its_columns_are() -> None:
    wide = pl.DataFrame({"n": [1, 2], "-1": ["1/3", "1/4"], "0": ["1/2", "1/5"]})
    html = table_html(wide, pivot="modifier k", percent_columns=["-1", "0"])
    assert "<th></th><th colspan='2' class='wb-pivot'>modifier k →</th>" in html
    assert _heads(html)[-3:] == ["n", "-1", "0"] and "33.3%" in html
