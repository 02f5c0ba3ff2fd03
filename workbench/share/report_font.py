"""The project's font inside an exported report, cut down to the characters its charts use.

vl-convert lays out chart text with :data:`workbench.fonts.FONT_FAMILY`; a browser
without that font draws the same SVG in a wider fallback and the last letters
fall off the picture ("floor0 fumbl"). The report therefore carries the font
itself as an ``@font-face`` (WOFF, base64), subset with fontTools to the
characters of the charts' ``<text>`` elements: a few dozen kilobytes instead of
the 6 MB TrueType file, Japanese included.

>>> chars = chart_characters({"cells": [{"outputs": [
...     {"data": {"image/svg+xml": '<svg><text x="1">御影 p&amp;q</text></svg>'}}]}]})
>>> sorted(chars)
[' ', '&', 'p', 'q', '影', '御']
>>> css = font_face_css(chars)
>>> css.startswith("<style>@font-face{font-family:'IPAexGothic'") and "font/woff" in css
True
"""

from __future__ import annotations

import base64
import html
import io
import re
from collections.abc import Iterable
from typing import Any

from workbench.fonts import FONT_FAMILY, FontMissing, font_file

_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
_TAG = re.compile(r"<[^>]+>")
#: Always kept: the digits and signs of axis numbers (every other character comes from the
#: charts' own text, which is all in the SVG: a static chart draws nothing new later).
BASIC = "0123456789.,%+-−– "


def _svg_sources(nb: Any) -> Iterable[str]:
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            for mime in ("image/svg+xml", "text/html"):
                value = data.get(mime)
                if value:
                    yield "".join(value) if isinstance(value, list) else value


def chart_characters(nb: Any) -> set[str]:
    """Every character drawn in an SVG ``<text>`` of the notebook's outputs."""
    chars: set[str] = set()
    for source in _svg_sources(nb):
        for body in _TEXT.findall(source):
            chars.update(html.unescape(_TAG.sub("", body)))
    return {c for c in chars if c not in "\n\r\t"}


def subset_font(chars: Iterable[str]) -> bytes:
    """The project font as WOFF, with only ``chars`` (plus :data:`BASIC`) kept.

    >>> len(subset_font("期待値")) < 8_000
    True
    """
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff"
    options.name_IDs = [1, 2, 4, 6]  # family, style, full and PostScript names
    options.drop_tables += ["vhea", "vmtx", "VORG"]  # charts write horizontally
    options.notdef_outline = True
    options.hinting = False  # outlines and advance widths stay; hints are most of the bytes
    font = subset.load_font(str(font_file()), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(set(chars) | set(BASIC))))
    subsetter.subset(font)
    buffer = io.BytesIO()
    subset.save_font(font, buffer, options)
    return buffer.getvalue()


def font_face_css(chars: Iterable[str]) -> str:
    """A ``<style>`` declaring :data:`FONT_FAMILY` from the embedded subset; empty when
    the font is not installed (the report then falls back as before)."""
    try:
        data = subset_font(chars)
    except FontMissing:
        return ""
    body = base64.b64encode(data).decode("ascii")
    return (
        f"<style>@font-face{{font-family:'{FONT_FAMILY}';font-style:normal;font-weight:100 900;"
        f"src:url(data:font/woff;base64,{body}) format('woff');}}</style>"
    )


def report_font_css(nb: Any) -> str:
    """The ``@font-face`` a report of ``nb`` needs: empty when it draws no chart text."""
    chars = chart_characters(nb)
    return font_face_css(chars) if chars else ""
