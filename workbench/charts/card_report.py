"""The card report as a chart: cards ranked by their causal effect, each with its 95%
interval and its printed face beside it (:func:`workbench.printing.faces`, the game's print
layout), so the designer sees which card it is without looking an id up.

The faces are inline SVG images (``data:`` URLs): the chart draws offline and an exported
report carries them. Each row is as tall as a face, the labels are not cut, and the
interval's axis always shows 0 (no effect).

>>> import polars as pl
>>> from workbench.engine.measure.card_report import CardReport
>>> t = pl.DataFrame({"card": ["a", "b"], "label": ["a A", "b B"], "effect": [0.1, -0.02],
...     "effect_low": [0.05, -0.08], "effect_high": [0.15, 0.04], "effect_pairs": [50, 50],
...     "verdict": ["higher", "too few games to say"]})
>>> chart = card_effect_chart(CardReport("mugen", ("greedy",), 50, 0, t), faces=False)
>>> [layer["mark"]["type"] for layer in chart.to_dict()["layer"]]
['rule', 'rule', 'point']
>>> faces = card_effect_chart(CardReport("mugen", ("greedy",), 50, 0, t)).to_dict()["hconcat"][0]
>>> faces["encoding"]["description"]["field"]  # a face's label is its words, not its URL again
'label'
"""

from __future__ import annotations

import base64
import re
from typing import Any

import altair as alt
import polars as pl

__all__ = ["card_effect_chart", "face_urls"]

ROW_PX = 96
FACE_W, FACE_H = 63, 88


def face_urls(game: str, rows: list[dict[str, Any]]) -> list[str]:
    """Each sheet row's face as a ``data:image/svg+xml`` URL ('' when the game has no print
    layout or the face cannot be drawn)."""
    from workbench.printing import faces

    out = []
    for row in rows:
        try:
            html = str(faces(game, [row], 1, px_per_mm=1.0))
        except (OSError, ValueError, KeyError, LookupError):
            out.append("")
            continue
        found = re.search(r"<svg.*?</svg>", html, re.S)
        svg = found.group(0) if found else ""
        out.append("data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode())
    return out


def _rows_of(game: str, cards: list[str]) -> list[dict[str, Any]]:
    from workbench.cards.variants import Variant

    found: dict[str, dict[str, Any]] = {}
    for table in Variant.of(game).tables().values():
        k = table.header.index(table.key)
        for row in table.rows:
            if row[k] in cards:
                found.setdefault(row[k], dict(zip(table.header, row, strict=True)))
    return [found.get(c, {}) for c in cards]


def card_effect_chart(report: Any, *, top: int | None = None, faces: bool = True) -> Any:
    """Cards ranked by causal effect on their owner's win rate (percentage points) with 95%
    intervals, the face of each on the left; ``top`` keeps the first cards only (an altair
    layer chart, or with faces a horizontal concatenation)."""
    ranked = report.ranked()
    if top is not None:
        ranked = ranked.head(top)
    data = ranked.select(
        "card",
        "label",
        (pl.col("effect") * 100).alias("effect"),
        (pl.col("effect_low") * 100).alias("low"),
        (pl.col("effect_high") * 100).alias("high"),
        pl.col("effect_pairs").alias("pairs"),
        "verdict",
    )
    if faces:
        urls = face_urls(report.game, _rows_of(report.game, data["card"].to_list()))
        data = data.with_columns(pl.Series("face", urls, dtype=pl.String))
    order = data["label"].to_list()
    height = max(ROW_PX * max(1, data.height), 120)
    y = alt.Y("label:N", sort=order, title=None, axis=alt.Axis(labelLimit=0, labelFontSize=12))
    base = alt.Chart(alt.Data(values=data.to_dicts()))
    span = [min(0.0, *data["low"].to_list()), max(0.0, *data["high"].to_list())]
    title = "effect on its owner's win rate, percentage points (95% interval)"
    scale = alt.Scale(domain=span, nice=True)
    x = alt.X("effect:Q", title=title, scale=scale)
    tips = [
        alt.Tooltip("label:N", title="card"),
        alt.Tooltip("effect:Q", format="+.1f", title="effect (pts)"),
        alt.Tooltip("low:Q", format="+.1f"),
        alt.Tooltip("high:Q", format="+.1f"),
        alt.Tooltip("pairs:Q", title="paired owner games"),
        alt.Tooltip("verdict:N"),
    ]
    zero = alt.Chart(alt.Data(values=[{"x": 0}])).mark_rule(color="#888", strokeDash=[4, 3])
    bars = base.mark_rule(strokeWidth=3, color="#1976d2").encode(
        y=y, x=alt.X("low:Q", title=title, scale=scale), x2="high:Q", tooltip=tips
    )
    points = base.mark_point(filled=True, size=70, color="#0d47a1").encode(y=y, x=x, tooltip=tips)
    intervals = alt.layer(zero.encode(x="x:Q"), bars, points).properties(
        width=420, height=height, title="Cards ranked by cause (neutral-card replay)"
    )
    if not faces:
        return intervals
    pictures = (
        base.mark_image(width=FACE_W, height=FACE_H)
        .encode(
            y=alt.Y("label:N", sort=order, axis=None),
            url="face:N",
            description="label:N",  # the face's words, not its data: URL a second time
        )
        .properties(width=FACE_W + 6, height=height)
    )
    both = alt.hconcat(pictures, intervals, spacing=4).resolve_scale(y="shared")
    return both.configure_view(stroke=None)
