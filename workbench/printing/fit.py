"""Fitting text into a box: measure with the font that draws it, wrap, shrink, or flag.

Widths come from reportlab's metrics of the project's TrueType font
(:func:`workbench.fonts.font_file`), the very file embedded in the PDF, so the
measured lines are the drawn lines. Wrapping breaks Latin text at spaces and
Japanese text between any two characters, except before closing punctuation
(``。、」）`` …) and after opening brackets. A text that does not fit at the
box's size is shrunk by half points down to its ``min_size``; if it still does
not fit it is cut (the last line ends in ``…``) and :class:`Fitted` says so —
the caller lists it as a problem, so nothing overflows silently.

>>> fitted = fit_text("火花 damage 2", width=100, height=12, size=9, min_size=6)
>>> fitted.lines, fitted.size, fitted.overflow
(('火花 damage 2',), 9.0, False)
>>> long = fit_text("あ" * 400, width=40, height=12, size=9, min_size=6)
>>> long.overflow, long.size, long.lines[-1][-1]
(True, 6.0, '…')
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from workbench.fonts import FONT_FAMILY, font_file

__all__ = ["ASCENT", "LEADING", "Fitted", "fit_text", "register_font", "text_width", "wrap"]

#: line height as a multiple of the font size, and the ascent above the baseline.
LEADING = 1.2
ASCENT = 0.88
_NO_START = set(
    "。、，．・：；！？）」』】〕》〉ー々ゝゞぁぃぅぇぉっゃゅょァィゥェォッャュョ,.;:!?)]}…"
)
_NO_END = set("（「『【〔《〈([{")
_TOKEN = re.compile(r"[A-Za-z0-9\u00c0-\u024f'’\-+/%.,:;!?()]+ *| +|.", re.DOTALL)


@functools.cache
def register_font() -> str:
    """Register the project's font with reportlab once; its reportlab name."""
    pdfmetrics.registerFont(TTFont(FONT_FAMILY, str(font_file())))
    return FONT_FAMILY


def text_width(text: str, size: float) -> float:
    """Width in points of one line at ``size`` points, by the embedded font's metrics.

    >>> round(text_width("あ", 10), 2)
    10.0
    """
    return float(pdfmetrics.stringWidth(text, register_font(), size))


@dataclass(frozen=True)
class Fitted:
    """Lines to draw at ``size`` points; ``overflow`` when the text was cut to fit."""

    lines: tuple[str, ...]
    size: float
    overflow: bool
    needed_lines: int = 0

    @property
    def leading(self) -> float:
        """Distance between baselines (points)."""
        return self.size * LEADING

    def height(self) -> float:
        """Height of the block of lines, top of the first to the bottom of the last (points)."""
        return 0.0 if not self.lines else (len(self.lines) - 1) * self.leading + self.size


def _tokens(paragraph: str) -> list[str]:
    return _TOKEN.findall(paragraph)


def _split_long(token: str, width: float, size: float) -> list[str]:
    """A token wider than the box, cut between characters."""
    parts, current = [], ""
    for ch in token:
        if current and text_width(current + ch, size) > width:
            parts.append(current)
            current = ""
        current += ch
    return parts + ([current] if current else [])


def wrap(text: str, width: float, size: float) -> list[str]:
    """Lines of ``text`` no wider than ``width`` points at ``size`` (hard breaks kept).

    >>> wrap("星の並びは明日の手札を告げる。", width=60, size=10)
    ['星の並びは明', '日の手札を告', 'げる。']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current, used = "", 0.0  # used: width of current, trailing spaces included
        for token in _tokens(paragraph):
            body = token.rstrip()
            if used + text_width(body, size) <= width:
                current, used = current + token, used + text_width(token, size)
                continue
            if token.isspace():
                continue
            if current and token[0] in _NO_START and len(current) > 1:
                token, current = current[-1] + token, current[:-1]  # carry one char down
            if current and current[-1] in _NO_END and len(current) > 1:
                token, current = current[-1] + token, current[:-1]
            if current.strip():
                lines.append(current.rstrip())
            current = ""
            if text_width(token.rstrip(), size) > width:
                *full, current = _split_long(token.rstrip(), width, size)
                lines.extend(full)
            else:
                current = token
            used = text_width(current, size)
        lines.append(current.rstrip())
    return lines


def _fits(lines: list[str], height: float, size: float) -> bool:
    return (len(lines) - 1) * size * LEADING + size <= height + 1e-6


def fit_text(text: str, *, width: float, height: float, size: float, min_size: float) -> Fitted:
    """The largest size from ``size`` down to ``min_size`` (half points) at which the
    wrapped text fits ``width`` × ``height`` points; else cut at ``min_size`` with
    ``overflow=True`` (``needed_lines`` says how many lines the whole text needs)."""
    if not text:
        return Fitted((), float(size), False, 0)
    current = float(size)
    while True:
        lines = wrap(text, width, current)
        if _fits(lines, height, current):
            return Fitted(tuple(lines), current, False, len(lines))
        if current - 0.5 < min_size - 1e-9:
            break
        current -= 0.5
    room = max(0, int((height - current) // (current * LEADING)) + 1) if height >= current else 0
    kept = lines[:room]
    if kept:
        last = kept[-1]
        while last and text_width(last + "…", current) > width:
            last = last[:-1]
        kept[-1] = last + "…"
    return Fitted(tuple(kept), current, True, len(lines))
