"""One card face (or back) as a list of shapes in millimetres, and as SVG.

:func:`face_shapes` lays out one card of a sheet by its :class:`Face`: the
background, the colour band, the art box and every text box fitted by
:mod:`workbench.printing.fit`. Shapes are plain values (origin at the card's
top-left trim corner, y down, sizes in mm, font sizes in points), drawn the
same way by the PDF writer (:mod:`workbench.printing.sheet`) and by
:func:`shapes_svg` for notebook previews, so a preview shows what prints.
A text that does not fit its box even at its smallest size is cut and comes
back as a :class:`~workbench.cards.problems.Problem` (file, row, column, rule
``fit``), like a sheet problem.

>>> from workbench.printing.layout import parse_layout
>>> layout = parse_layout('''
... [faces.cards]
... [[faces.cards.boxes]]
... text = "{name}"
... box = [3, 3, 57, 8]
... ''')
>>> face = layout.faces["cards"]
>>> shapes, problems = face_shapes(layout, face, {"name": "火花", "_row": 2}, (63, 88))
>>> [s.text for s in shapes if isinstance(s, Text)], problems
(['火花'], [])
>>> _, problems = face_shapes(layout, face, {"name": "長" * 300, "_row": 7, "_file": "cards.csv"}, (63, 88))
>>> str(problems[0])[:48]
'cards.csv row 7, column name [fit]: box 1 needs '
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from workbench.cards.effects import Vocabulary
from workbench.cards.problems import Problem
from workbench.fonts import FONT_STACK
from workbench.printing.fit import ASCENT, fit_text, text_width
from workbench.printing.glyphs import cell_problems
from workbench.printing.layout import (
    Face,
    PrintLayout,
    TextBox,
    render_template,
    template_columns,
)
from workbench.printing.wording import players_words

__all__ = ["Line", "Rect", "Shape", "Text", "back_shapes", "face_shapes", "shapes_svg"]

PT_PER_MM = 72 / 25.4
PADDING_MM = 0.6
#: the longest text one box lays out (characters); a longer one is cut and listed.
MAX_BOX_TEXT = 4_000


@dataclass(frozen=True)
class Rect:
    """A rectangle (mm); ``fill``/``stroke`` None draws no fill/outline."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.3


@dataclass(frozen=True)
class Line:
    """A straight line (mm)."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = "#000000"
    width: float = 0.25


@dataclass(frozen=True)
class Text:
    """One line of text: ``x`` is where ``anchor`` (start/middle/end) sits, ``y`` the baseline;
    ``width`` the measured width (mm), ``box`` the text box it must stay in (mm)."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    anchor: str
    width: float
    box: tuple[float, float, float, float]

    @property
    def extent(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the line's ink, by the font's measurement (mm)."""
        left = {"start": self.x, "middle": self.x - self.width / 2, "end": self.x - self.width}[
            self.anchor
        ]
        top = self.y - ASCENT * self.size / PT_PER_MM
        return left, top, left + self.width, top + self.size / PT_PER_MM


Shape = Rect | Line | Text


def _scaled(
    box: tuple[float, float, float, float], sx: float, sy: float
) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return x * sx, y * sy, w * sx, h * sy


def _problem(record: Mapping[str, Any], box: TextBox, message: str) -> Problem:
    columns = [c for c in box.columns if not c.startswith("_")]
    longest = max(columns, key=lambda c: len(str(record.get(c) or "")), default=None)
    return Problem(str(record.get("_file", "sheet")), record.get("_row"), longest, "fit", message)


def text_shapes(
    text: str,
    area: tuple[float, float, float, float],
    *,
    size: float,
    min_size: float,
    colour: str,
    align: str = "left",
    valign: str = "top",
) -> tuple[list[Shape], Any]:
    """The lines of ``text`` fitted into ``area`` (mm) and the :class:`Fitted` result."""
    x, y, w, h = area
    inner_w, inner_h = max(w - 2 * PADDING_MM, 0.1), max(h - 2 * PADDING_MM, 0.1)
    fitted = fit_text(
        text, width=inner_w * PT_PER_MM, height=inner_h * PT_PER_MM, size=size, min_size=min_size
    )
    block = fitted.height() / PT_PER_MM
    top = (
        y
        + PADDING_MM
        + {"top": 0.0, "middle": (inner_h - block) / 2, "bottom": inner_h - block}[valign]
    )
    anchor = {"left": "start", "center": "middle", "right": "end"}[align]
    ax = {"left": x + PADDING_MM, "center": x + w / 2, "right": x + w - PADDING_MM}[align]
    shapes: list[Shape] = []
    for i, line in enumerate(fitted.lines):
        baseline = top + (ASCENT * fitted.size + i * fitted.leading) / PT_PER_MM
        shapes.append(
            Text(
                ax,
                baseline,
                line,
                fitted.size,
                colour,
                anchor,
                text_width(line, fitted.size) / PT_PER_MM,
                area,
            )
        )
    return shapes, fitted


GUIDE_COLOUR = "#4a90e2"


def face_shapes(
    layout: PrintLayout,
    face: Face,
    record: Mapping[str, Any],
    size: tuple[float, float],
    bleed: float = 0.0,
    guides: bool = False,
    vocabularies: Mapping[str, Vocabulary] | None = None,
) -> tuple[list[Shape], list[Problem]]:
    """The shapes of one card's face at ``size`` (w, h mm) and the problems of its text;
    ``guides`` outlines every text box (for a designer moving boxes in the layout).

    Problems: characters the font cannot draw (rule ``glyph``), effect verbs with no
    phrase (``words``, see :mod:`workbench.printing.wording`; ``vocabularies`` maps the
    sheet's effect columns to their vocabulary) and texts cut to fit (``fit``).
    """
    printed = [c for box in face.boxes for c in box.columns]
    if face.art is not None:
        printed += template_columns(face.art.label)
    problems: list[Problem] = cell_problems(record, printed)
    record, unworded = players_words(
        record, vocabularies or {}, layout.phrases, layout.words, layout.phrase_join
    )
    problems += unworded
    w, h = size
    sx, sy = w / layout.reference[0], h / layout.reference[1]
    scale = min(sx, sy)
    shapes: list[Shape] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=face.background)]
    if face.band is not None:
        bx, by, bw, bh = _scaled(face.band.box, sx, sy)
        x0 = bx - bleed if bx < 0.01 else bx
        y0 = by - bleed if by < 0.01 else by
        x1 = bx + bw + (bleed if bx + bw > w - 0.01 else 0)
        y1 = by + bh + (bleed if by + bh > h - 0.01 else 0)
        shapes.append(Rect(x0, y0, x1 - x0, y1 - y0, fill=face.band.colour(record)))
    if face.art is not None:
        area = _scaled(face.art.box, sx, sy)
        shapes.append(Rect(*area, fill=face.art.fill, stroke="#999999", width=0.2))
        label = render_template(face.art.label, record, layout.words)
        shapes.extend(
            text_shapes(
                label,
                area,
                size=6 * scale,
                min_size=3 * scale,
                colour="#888888",
                align="center",
                valign="middle",
            )[0]
        )
    for i, box in enumerate(face.boxes, 1):
        if box.unless is not None and record.get(box.unless) not in (None, "", False):
            continue
        area = _scaled(box.box, sx, sy)
        if box.fill is not None:
            shapes.append(Rect(*area, fill=box.fill))
        text = render_template(box.text, record, layout.words)
        if len(text) > MAX_BOX_TEXT:
            problems.append(
                _problem(
                    record,
                    box,
                    f"{len(text):,} characters for one box (at most {MAX_BOX_TEXT:,}); "
                    "printed cut short — shorten the text",
                )
            )
            text = text[:MAX_BOX_TEXT]
        lines, fitted = text_shapes(
            text,
            area,
            size=box.size * scale,
            min_size=box.min_size * scale,
            colour=box.colour,
            align=box.align,
            valign=box.valign,
        )
        shapes.extend(lines)
        if guides:
            shapes.append(Rect(*area, stroke=GUIDE_COLOUR, width=0.15))
        if fitted.overflow:
            name = box.name if box.name != "box" else f"box {i}"
            problems.append(
                _problem(
                    record,
                    box,
                    (
                        f"{name} needs {fitted.needed_lines} lines at {fitted.size:g} pt, the "
                        f"{box.box[2]:g}×{box.box[3]:g} mm box holds {len(fitted.lines)}; printed cut "
                        "short — shorten the text or enlarge the box in print_layout.toml"
                    ),
                )
            )
    if bleed == 0:
        shapes.append(Rect(0, 0, w, h, stroke=face.border, width=0.3))
    return shapes, problems


def back_shapes(layout: PrintLayout, size: tuple[float, float], bleed: float = 0.0) -> list[Shape]:
    """The back of a card (the same for every card of the game)."""
    w, h = size
    scale = min(w / layout.reference[0], h / layout.reference[1])
    back = layout.back
    shapes: list[Shape] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=back.fill)]
    inset = 4 * scale
    shapes.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=back.colour, width=0.4))
    shapes.extend(
        text_shapes(
            back.text,
            (inset * 2, inset * 2, w - 4 * inset, h - 4 * inset),
            size=back.size * scale,
            min_size=4,
            colour=back.colour,
            align="center",
            valign="middle",
        )[0]
    )
    return shapes


def _svg_shape(shape: Shape) -> str:
    if isinstance(shape, Rect):
        fill = shape.fill or "none"
        stroke = f' stroke="{shape.stroke}" stroke-width="{shape.width:g}"' if shape.stroke else ""
        return (
            f'<rect x="{shape.x:.2f}" y="{shape.y:.2f}" width="{shape.w:.2f}" '
            f'height="{shape.h:.2f}" fill="{fill}"{stroke}/>'
        )
    if isinstance(shape, Line):
        return (
            f'<line x1="{shape.x1:.2f}" y1="{shape.y1:.2f}" x2="{shape.x2:.2f}" '
            f'y2="{shape.y2:.2f}" stroke="{shape.colour}" stroke-width="{shape.width:g}"/>'
        )
    return (
        f'<text x="{shape.x:.2f}" y="{shape.y:.2f}" font-size="{shape.size / PT_PER_MM:.3f}" '
        f'fill="{shape.colour}" text-anchor="{shape.anchor}" '
        f'textLength="{shape.width:.2f}" lengthAdjust="spacingAndGlyphs">'
        f"{escape(shape.text)}</text>"
    )


def shapes_svg(
    shapes: Sequence[Shape], size: tuple[float, float], *, px_per_mm: float = 3.0, title: str = ""
) -> str:
    """One card as an inline SVG (mm user units), drawn with the project's font.

    >>> svg = shapes_svg([Rect(0, 0, 63, 88, fill="#ffffff")], (63, 88))
    >>> svg.startswith('<svg') and 'viewBox="-0.3 -0.3 63.6 88.6"' in svg
    True
    """
    w, h = size
    body = "".join(_svg_shape(s) for s in shapes)
    label = f"<title>{escape(title)}</title>" if title else ""
    edge = 0.3  # room for the half of the border line drawn outside the card
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-edge:g} {-edge:g} {w + 2 * edge:g} '
        f'{h + 2 * edge:g}" '
        f'width="{w * px_per_mm:.0f}" height="{h * px_per_mm:.0f}" '
        f'style="font-family:{escape(FONT_STACK)}">{label}{body}</svg>'
    )
