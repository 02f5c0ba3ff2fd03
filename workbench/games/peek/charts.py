"""A chart of peeking checks: each player's win rate with its interval, and the honest 1/4.

>>> from workbench.games.peek.analysis import PeekCheck
>>> import sympy
>>> c = PeekCheck("random", 100, 24, (0.17, 0.33), sympy.Rational(1, 4))
>>> check_chart([c]).to_dict()["layer"][0]["mark"]["type"]
'point'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import altair as alt
import polars as pl

from workbench.games.peek.analysis import PeekCheck


def check_chart(checks: Sequence[PeekCheck]) -> Any:
    """Win rate (point), 95% interval (rule) per player; the honest chance as a red line."""
    df = pl.DataFrame(
        {
            "player": [c.player for c in checks],
            "win_rate": [c.win_rate for c in checks],
            "low": [c.interval[0] for c in checks],
            "high": [c.interval[1] for c in checks],
        }
    )
    base = alt.Chart(df).encode(y=alt.Y("player:N", title=None))
    points = base.mark_point(filled=True).encode(
        x=alt.X("win_rate:Q", scale=alt.Scale(domain=[0, 1]), title="Player 1 wins")
    )
    bars = base.mark_rule().encode(x="low:Q", x2="high:Q")
    honest = float(checks[0].honest) if checks else 0.25
    line = alt.Chart(pl.DataFrame({"honest": [honest]})).mark_rule(color="red").encode(x="honest:Q")
    return alt.layer(points, bars, line).properties(title="Peek: an honest player wins 1/4")
