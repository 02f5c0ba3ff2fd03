"""Chart hygiene applied to every chart the workbench draws: no clipped words.

:func:`tidy_spec` rewrites a Vega-Lite spec (a dict) so that

- no title, axis or legend text is truncated (``labelLimit``/``titleLimit``/
  ``limit`` raised: Vega's default cuts labels at 180 px with ``…``);
- long chart, axis and legend titles wrap into lines (a y-axis title longer
  than the plot no longer runs off the picture);
- a title left to Vega-Lite's default (the field name) reads as words:
  ``mean_turns`` → ``mean turns``; labels drawn from data values lose their
  underscores the same way;
- an axis shared by layers has one title in words, the first one written: Vega-Lite
  would join every layer's field into "rate per attempt, replaced lo, replaced hi";
- a title written as an identifier (``draw_rate``) or as ``p`` reads as words
  (``draw rate``, ``probability``);
- every text is set in the project's one font (:data:`workbench.fonts.FONT_FAMILY`,
  registered with vl-convert by :func:`register_font`), which the exported
  report embeds, so the width vl-convert measured is the width the browser draws.

The ``workbench`` altair renderer (:func:`svg_renderer`, enabled by
:func:`workbench.charts.enable_offline`) draws SVG through vl-convert after
:func:`tidy_spec`, so notebooks get it without changing a chart function.

>>> spec = {"mark": "bar", "encoding": {"x": {"field": "mean_turns", "type": "quantitative"}},
...         "title": "rate by player (95% Wilson interval; red: fair share of the seats)"}
>>> out = tidy_spec(spec)
>>> out["encoding"]["x"]["title"], out["title"]
('mean turns', ['rate by player (95% Wilson interval; red: fair', 'share of the seats)'])
"""

from __future__ import annotations

import copy
import functools
import re
import textwrap
from typing import Any

from workbench.fonts import FONT_FAMILY, FontMissing, font_file

TITLE_WIDTH = 48
AXIS_TITLE_WIDTH = 40
NO_LIMIT = 100_000  # px: Vega treats 0 as 'no limit' inconsistently across versions
_CHANNELS = {
    "x",
    "y",
    "x2",
    "y2",
    "color",
    "fill",
    "stroke",
    "size",
    "shape",
    "opacity",
    "theta",
    "radius",
    "row",
    "column",
    "facet",
    "strokeDash",
}
_PLAIN_LABEL = "replace(datum.label, /_/g, ' ')"
_GUIDE = {
    "x": "axis",
    "y": "axis",
    "row": "header",
    "column": "header",
    "facet": "header",
    "color": "legend",
    "fill": "legend",
    "stroke": "legend",
    "shape": "legend",
    "strokeDash": "legend",
    "opacity": "legend",
    "size": "legend",
}
CONFIG = {
    "axis": {"labelLimit": NO_LIMIT, "titleLimit": NO_LIMIT},
    "legend": {"labelLimit": NO_LIMIT, "titleLimit": NO_LIMIT, "symbolLimit": NO_LIMIT},
    "header": {"labelLimit": NO_LIMIT, "titleLimit": NO_LIMIT},
    "title": {"limit": NO_LIMIT},
}


def wrap(text: str, width: int) -> str | list[str]:
    """``text`` as one line, or as lines of at most ``width`` characters (never a cut word).

    >>> wrap("short", 10), wrap("one two three four", 9)
    ('short', ['one two', 'three', 'four'])
    """
    if len(text) <= width:
        return text
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or text


_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)+$")
_WORDS = {"p": "probability", "p_exact": "probability"}


def words(title: str) -> str:
    """A title written as a field name, in words.

    >>> words("draw_rate"), words("p"), words("win rate (sole wins)")
    ('draw rate', 'probability', 'win rate (sole wins)')
    """
    if title in _WORDS:
        return _WORDS[title]
    return title.replace("_", " ") if _IDENTIFIER.match(title) else title


def _wrap_title(title: Any, width: int) -> Any:
    if isinstance(title, str):
        return wrap(words(title), width)
    if isinstance(title, dict) and isinstance(title.get("text"), str):
        return {**title, "text": wrap(title["text"], width)}
    return title


def _tidy_encoding(encoding: dict[str, Any], height: int | None = None) -> None:
    for channel, definition in encoding.items():
        if channel not in _CHANNELS or not isinstance(definition, dict):
            continue
        width = AXIS_TITLE_WIDTH
        if channel in ("y", "y2") and height:  # a y title runs along the plot's height
            width = max(12, min(AXIS_TITLE_WIDTH, height // 7))
        if "title" in definition:
            if definition["title"] is not None:
                definition["title"] = _wrap_title(definition["title"], width)
        elif isinstance(definition.get("field"), str) and "aggregate" not in definition:
            plain = words(definition["field"].replace("_", " "))
            if plain != definition["field"]:
                definition["title"] = wrap(plain, width)
        for part in ("axis", "legend", "header"):
            sub = definition.get(part)
            if isinstance(sub, dict) and isinstance(sub.get("title"), str):
                sub["title"] = wrap(sub["title"], AXIS_TITLE_WIDTH)
        guide = _GUIDE.get(channel)
        if (
            guide
            and definition.get("type") in ("nominal", "ordinal")
            and definition.get(guide, {}) is not None
        ):
            sub = definition.setdefault(guide, {})
            if isinstance(sub, dict) and "labelExpr" not in sub:
                sub["labelExpr"] = _PLAIN_LABEL


def _walk(node: Any, top: bool, height: int | None = None) -> None:
    if isinstance(node, list):
        for item in node:
            _walk(item, False, height)
        return
    if not isinstance(node, dict):
        return
    if isinstance(node.get("height"), int):
        height = node["height"]
    if "title" in node and (
        "mark" in node
        or "layer" in node
        or "facet" in node
        or top
        or "hconcat" in node
        or "vconcat" in node
        or "concat" in node
        or "spec" in node
    ):
        node["title"] = _wrap_title(node["title"], TITLE_WIDTH)
    if isinstance(node.get("layer"), list):
        _one_title_per_axis(node["layer"])
    if isinstance(node.get("encoding"), dict):
        _tidy_encoding(node["encoding"], height)
    for key in ("layer", "hconcat", "vconcat", "concat", "spec"):
        if key in node:
            _walk(node[key], False, height)


@functools.cache
def register_font() -> bool:
    """Let vl-convert measure and draw with :data:`FONT_FAMILY` (once per process);
    False when the font is not installed (charts then fall back to vl-convert's own).

    >>> register_font()
    True
    """
    import vl_convert as vlc

    try:
        folder = font_file().parent
    except FontMissing:
        return False
    vlc.register_font_directory(str(folder))
    return True


def _one_title_per_axis(layers: list[Any]) -> None:
    """Give every layer's ``x`` (``y``) — and ``x2`` (``y2``) — the same title: the first
    explicit one, else the first layer's field in words (Vega-Lite merges equal titles
    into one and joins different ones with commas).

    >>> ls = [{"encoding": {"y": {"field": "rate", "title": "rate per attempt"}}},
    ...       {"encoding": {"y": {"field": "lo"}, "y2": {"field": "hi"}}}]
    >>> _one_title_per_axis(ls); ls[1]["encoding"]["y"]["title"], ls[1]["encoding"]["y2"]["title"]
    ('rate per attempt', 'rate per attempt')
    """
    for axis in ("x", "y"):
        found = [
            layer["encoding"][axis]
            for layer in layers
            if isinstance(layer, dict)
            and isinstance(layer.get("encoding"), dict)
            and isinstance(layer["encoding"].get(axis), dict)
        ]
        if len(found) < 2 or any("title" in enc and enc["title"] is None for enc in found):
            continue
        title = next((enc["title"] for enc in found if enc.get("title")), None)
        if title is None:
            field = found[0].get("field")
            if not isinstance(field, str) or "aggregate" in found[0]:
                continue
            title = words(field.replace("_", " "))
        for layer in layers:
            enc = layer.get("encoding") if isinstance(layer, dict) else None
            for channel in (axis, axis + "2"):
                if isinstance(enc, dict) and isinstance(enc.get(channel), dict):
                    enc[channel]["title"] = title


def tidy_spec(spec: dict[str, Any]) -> dict[str, Any]:
    """A copy of a Vega-Lite spec with the hygiene above (the chart's own config wins).

    >>> tidy_spec({"mark": "bar"})["config"]["font"]
    'IPAexGothic'
    """
    out = copy.deepcopy(spec)
    config = out.setdefault("config", {})
    config.setdefault("font", FONT_FAMILY)
    for part, settings in CONFIG.items():
        mine = config.setdefault(part, {})
        for key, value in settings.items():
            mine.setdefault(key, value)
    _walk(out, True)
    return out


def svg_renderer(spec: dict[str, Any], **_options: Any) -> dict[str, str]:
    """altair renderer: the tidied spec as SVG drawn by vl-convert (no CDN)."""
    import vl_convert as vlc

    register_font()
    return {"image/svg+xml": vlc.vegalite_to_svg(tidy_spec(spec))}


def register() -> str:
    """Register the ``workbench`` renderer with altair (idempotent); returns its name."""
    import altair as alt

    if "workbench" not in alt.renderers.names():
        alt.renderers.register("workbench", svg_renderer)
    return "workbench"
