"""Japanese card names must render in chart exports (PNG needs a CJK font installed
by scripts/system-deps.sh; a missing font draws identical 'tofu' boxes)."""

from __future__ import annotations

import glob
import os

import altair as alt
import polars as pl
import pytest
import vl_convert as vlc

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def _png(title: str) -> bytes:
    chart = alt.Chart(pl.DataFrame({"x": [1, 2], "y": [3, 4]})).mark_bar().encode(x="x:O", y="y")
    return vlc.vegalite_to_png(chart.properties(title=title).to_dict(), scale=1)


def test_japanese_titles_render_as_distinct_glyphs() -> None:
    if not glob.glob("/usr/share/fonts/**/*CJK*", recursive=True):
        if IN_CI:
            pytest.fail(
                "no CJK font under CI=true: scripts/system-deps.sh should install fonts-noto-cjk"
            )
        pytest.skip("no CJK font installed (make system-deps)")
    a, b = _png("御影さくら"), _png("探偵無宿")
    assert a[:8] == b"\x89PNG\r\n\x1a\n"
    assert a != b, "two different Japanese titles rendered identically: the glyphs are tofu"


def test_japanese_title_survives_svg_export() -> None:
    chart = (
        alt.Chart(pl.DataFrame({"x": [1]}))
        .mark_point()
        .encode(x="x")
        .properties(title="むげんの宙へ")
    )
    svg = vlc.vegalite_to_svg(chart.to_dict())
    assert "むげんの宙へ" in svg
