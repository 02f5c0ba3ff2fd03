"""Shared chart helpers: offline rendering, saving to PNG/SVG, exact-text tooltips.

Conventions every chart in ``workbench.charts`` follows:

- charts are pure functions of a polars frame (or a ``Dist``) returning an
  altair chart; nothing is fetched from a CDN: notebooks call
  :func:`enable_offline` (the ``svg`` renderer, drawn by vl-convert);
- a probability shown as a mark carries two tooltips: the exact text column
  (``"<name>_exact"``, a ``"p/q"`` string) and the float formatted as a
  percentage — see :func:`exact_tooltips`.

>>> exact_tooltips("p")[0].to_dict()
{'field': 'p_exact', 'title': 'p (exact)', 'type': 'nominal'}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import altair as alt

from workbench.charts.tidy import register, register_font, tidy_spec

__all__ = ["enable_offline", "exact_tooltips", "legend_key", "save_chart"]

_FORMATS = {".png", ".svg", ".pdf", ".html"}


def enable_offline(renderer: str = "svg") -> str:
    """Render charts without the internet (``svg`` or ``png`` through vl-convert).

    ``svg`` is the workbench renderer: SVG after :func:`workbench.charts.tidy.tidy_spec`
    (no clipped title, axis or legend text; field names read as words).

    >>> enable_offline()
    'svg'
    >>> import altair as alt; alt.renderers.active
    'workbench'
    """
    if renderer not in {"svg", "png"}:
        raise ValueError(f"renderer must be 'svg' or 'png' (offline), got {renderer!r}")
    alt.renderers.enable(register() if renderer == "svg" else renderer)
    return renderer


def exact_tooltips(*fields: str, percent: bool = True) -> list[alt.Tooltip]:
    """Tooltips for probability columns: ``<field>_exact`` text then ``<field>`` as a float."""
    tips: list[alt.Tooltip] = []
    for name in fields:
        tips.append(alt.Tooltip(f"{name}_exact:N", title=f"{name} (exact)"))
        tips.append(alt.Tooltip(f"{name}:Q", title=name, format=".2%" if percent else ".4f"))
    return tips


def legend_key(
    entries: Sequence[tuple[str, str]], title: str | None = None
) -> Callable[[Any, str], Any]:
    """Marks drawn in fixed colours, named in one legend: ``key = legend_key([("exact",
    "black"), ("95% interval", "#888")])``, then ``key(line, "exact")`` colours a layer
    and gives it its legend entry (a mark whose colour only a title explains is not read).

    >>> import polars as pl
    >>> key = legend_key([("exact", "black"), ("simulated", "#e45756")], "series")
    >>> layer = key(alt.Chart(pl.DataFrame({"x": [1]})).mark_line(), "exact").to_dict()
    >>> layer["encoding"]["color"]["scale"], layer["transform"]
    ({'domain': ['exact', 'simulated'], 'range': ['black', '#e45756']}, [{'calculate': "'exact'", 'as': 'wb_key'}])
    """
    domain, colours = [n for n, _ in entries], [c for _, c in entries]
    colour = alt.Color("wb_key:N", scale=alt.Scale(domain=domain, range=colours), title=title)

    def key(chart: Any, name: str) -> Any:
        if name not in domain:
            raise ValueError(f"{name!r} is not one of the legend's entries {domain}")
        return chart.transform_calculate(wb_key="'" + name.replace("'", "\\'") + "'").encode(
            color=colour
        )

    return key


def save_chart(chart: alt.TopLevelMixin, path: str | Path, scale: float = 2.0) -> Path:
    """Write a chart offline; the format follows the suffix (.png, .svg, .pdf, .html).

    >>> import tempfile, polars as pl
    >>> c = alt.Chart(pl.DataFrame({"x": [1, 2], "y": [3, 4]})).mark_bar().encode(x="x:O", y="y:Q")
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     out = save_chart(c, Path(tmp) / "c.svg")
    ...     out.read_text()[:4]
    '<svg'
    """
    import vl_convert as vlc

    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in _FORMATS:
        raise ValueError(f"cannot save a chart as {target.name!r}: use one of {sorted(_FORMATS)}")
    spec = tidy_spec(chart.to_dict())
    register_font()
    target.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".png":
        target.write_bytes(vlc.vegalite_to_png(spec, scale=scale))
    elif suffix == ".svg":
        target.write_text(vlc.vegalite_to_svg(spec), encoding="utf-8")
    elif suffix == ".pdf":
        target.write_bytes(vlc.vegalite_to_pdf(spec))
    else:
        target.write_text(vlc.vegalite_to_html(spec, bundle=True), encoding="utf-8")
    return target
