"""Imposition: cards on the page in a grid, crop marks, backs mirrored for duplex; the PDF.

:func:`plan_grid` puts as many cards as fit on the paper inside a margin the
printer can reach (:data:`MARGIN_MM`; crop marks live there), centred. Without
bleed the cards sit up to :data:`GUTTER_MM` apart (less when that makes room for
one more row or column) so scissors have room; with bleed each card is drawn
bleed mm larger on every side and the bleeds touch. Nine poker cards (63 × 88 mm)
fit A4 (3 mm apart) and Letter (2.7 mm apart, its 279.4 mm being short); with
3 mm bleed only six fit A4 (3 × 69 mm > 200 mm), with 1.5 mm bleed nine do.

Backs (``backs=True``): after each page of faces a page of backs, each card's
back at the mirror image of its face's place (flip on the long edge), so a
duplex print puts every back behind its face.

>>> grid = plan_grid(PAPERS["a4"], (63, 88))
>>> grid.cols, grid.rows, grid.per_page, round(grid.left, 2), round(grid.top, 2)
(3, 3, 9, 7.5, 13.5)
>>> grid.slot(0), grid.slot(0, mirrored=True) == grid.slot(2)
((7.5, 13.5), True)
>>> plan_grid(PAPERS["a4"], (63, 88), bleed=3).per_page
6
>>> letter = plan_grid(PAPERS["letter"], (63, 88))
>>> letter.per_page, round(letter.gutter, 2)
(9, 2.7)
>>> plan_grid(PAPERS["a4"], (250, 88))
Traceback (most recent call last):
...
workbench.printing.sheet.NoFit: a 250×88 mm card (bleed 0 mm) does not fit on 210×297 mm paper inside 5 mm margins
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from workbench.printing.face import PADDING_MM, Line, Rect, Shape, Text, text_shapes
from workbench.printing.fit import register_font

__all__ = ["GUTTER_MM", "MARGIN_MM", "PAPERS", "Grid", "NoFit", "plan_grid", "write_pdf"]

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 5.0
GUTTER_MM = 3.0
MARK_GAP_MM = 1.0
MARK_COLOUR = "#000000"


class NoFit(ValueError):
    """No card of this size fits the paper."""


@dataclass(frozen=True)
class Grid:
    """Where the cards go on a page (mm, origin top-left of the paper)."""

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    gutter: float
    cols: int
    rows: int
    left: float
    top: float

    @property
    def per_page(self) -> int:
        """Cards on one page."""
        return self.cols * self.rows

    @property
    def step(self) -> tuple[float, float]:
        """From one card's trim corner to the next one's (mm)."""
        return (
            self.card[0] + 2 * self.bleed + self.gutter,
            self.card[1] + 2 * self.bleed + self.gutter,
        )

    def slot(self, index: int, mirrored: bool = False) -> tuple[float, float]:
        """The trim box's top-left corner of the ``index``-th card of a page (row by row);
        ``mirrored``: where its back goes on the backs page."""
        row, col = divmod(index, self.cols)
        x = self.left + self.bleed + col * self.step[0]
        if mirrored:
            x = self.paper[0] - x - self.card[0]
        return x, self.top + self.bleed + row * self.step[1]

    def trim_boxes(
        self, count: int, mirrored: bool = False
    ) -> list[tuple[float, float, float, float]]:
        """(x, y, w, h) of the first ``count`` cards' trim boxes."""
        return [(*self.slot(i, mirrored), *self.card) for i in range(count)]

    def crop_marks(self) -> list[Line]:
        """Short lines in the margins continuing every trim edge (none inside the grid)."""
        w, h = self.card
        right = self.paper[0] - self.left
        bottom = self.paper[1] - self.top
        length = max(1.0, min(5.0, min(self.left, self.top) - MARK_GAP_MM - 0.5))
        xs = sorted({round(self.slot(c)[0] + dx, 4) for c in range(self.cols) for dx in (0, w)})
        ys = sorted(
            {round(self.slot(r * self.cols)[1] + dy, 4) for r in range(self.rows) for dy in (0, h)}
        )
        marks = []
        for x in xs:
            marks.append(
                Line(x, self.top - MARK_GAP_MM - length, x, self.top - MARK_GAP_MM, MARK_COLOUR)
            )
            marks.append(
                Line(x, bottom + MARK_GAP_MM, x, bottom + MARK_GAP_MM + length, MARK_COLOUR)
            )
        for y in ys:
            marks.append(
                Line(self.left - MARK_GAP_MM - length, y, self.left - MARK_GAP_MM, y, MARK_COLOUR)
            )
            marks.append(Line(right + MARK_GAP_MM, y, right + MARK_GAP_MM + length, y, MARK_COLOUR))
        return marks


def plan_grid(paper: tuple[float, float], card: tuple[float, float], bleed: float = 0.0) -> Grid:
    """The most cards of ``card`` size (+ ``bleed``) that fit ``paper``, centred; :class:`NoFit`."""
    cell_w, cell_h = card[0] + 2 * bleed, card[1] + 2 * bleed
    room_w, room_h = paper[0] - 2 * MARGIN_MM, paper[1] - 2 * MARGIN_MM
    cols, rows = int(room_w // cell_w + 1e-9), int(room_h // cell_h + 1e-9)
    if cols < 1 or rows < 1:
        raise NoFit(
            f"a {card[0]:g}×{card[1]:g} mm card (bleed {bleed:g} mm) does not fit on "
            f"{paper[0]:g}×{paper[1]:g} mm paper inside {MARGIN_MM:g} mm margins"
        )
    gutter = 0.0
    if bleed == 0:  # as much room for scissors as the most cards leave, up to GUTTER_MM
        gutter = min(
            [GUTTER_MM]
            + [
                (room - n * cell) / (n - 1)
                for room, n, cell in ((room_w, cols, cell_w), (room_h, rows, cell_h))
                if n > 1
            ]
        )
    used_w = cols * cell_w + (cols - 1) * gutter
    used_h = rows * cell_h + (rows - 1) * gutter
    return Grid(
        paper, card, bleed, gutter, cols, rows, (paper[0] - used_w) / 2, (paper[1] - used_h) / 2
    )


def _draw(
    canvas: Canvas, shapes: Sequence[Shape], origin: tuple[float, float], page_h: float, font: str
) -> None:
    ox, oy = origin
    for shape in shapes:
        if isinstance(shape, Rect):
            if shape.fill:
                canvas.setFillColor(HexColor(shape.fill))
            if shape.stroke:
                canvas.setStrokeColor(HexColor(shape.stroke))
                canvas.setLineWidth(shape.width * mm)
            canvas.rect(
                (ox + shape.x) * mm,
                (page_h - oy - shape.y - shape.h) * mm,
                shape.w * mm,
                shape.h * mm,
                stroke=int(bool(shape.stroke)),
                fill=int(bool(shape.fill)),
            )
        elif isinstance(shape, Line):
            canvas.setStrokeColor(HexColor(shape.colour))
            canvas.setLineWidth(shape.width * mm)
            canvas.line(
                (ox + shape.x1) * mm,
                (page_h - oy - shape.y1) * mm,
                (ox + shape.x2) * mm,
                (page_h - oy - shape.y2) * mm,
            )
        elif isinstance(shape, Text):
            canvas.setFont(font, shape.size)
            canvas.setFillColor(HexColor(shape.colour))
            x, y = (ox + shape.x) * mm, (page_h - oy - shape.y) * mm
            {
                "start": canvas.drawString,
                "middle": canvas.drawCentredString,
                "end": canvas.drawRightString,
            }[shape.anchor](x, y, shape.text)


def _legend_shapes(legend: str, grid: Grid) -> list[Shape]:
    """The legend in the margin under the grid, below the crop marks (nothing when there is
    no legend or no room for one line)."""
    page_w, page_h = grid.paper
    below_marks = max([m.y2 for m in grid.crop_marks() if m.x1 == m.x2] + [0.0]) + 0.5
    room = page_h - MARGIN_MM - below_marks
    if not legend or room < 2.0:
        return []
    # the box's padding reaches over the marks' end and the margin: the ink stays between
    area = (MARGIN_MM, below_marks - PADDING_MM, page_w - 2 * MARGIN_MM, room + 2 * PADDING_MM)
    return text_shapes(
        legend, area, size=7.0, min_size=4.5, colour="#444444", align="center", valign="bottom"
    )[0]


def legend_card(legend: str, size: tuple[float, float]) -> list[Shape]:
    """The legend on a card of its own (cut out with the others) when the paper leaves no
    margin for it under the cards (letter paper, or a bleed).

    >>> [s.text for s in legend_card("●＝この印刷での枚数", (63, 88)) if isinstance(s, Text)]
    ['凡例', '●＝この印刷での枚数']
    """
    w, h = size
    shapes: list[Shape] = [Rect(0, 0, w, h, fill="#ffffff", stroke="#333333", width=0.3)]
    shapes += text_shapes("凡例", (3, 3, w - 6, 8), size=10, min_size=6, colour="#333333")[0]
    lines = legend.replace("　", "\n")  # one mark a line
    shapes += text_shapes(lines, (3, 12, w - 6, h - 15), size=8, min_size=4.5, colour="#333333")[0]
    return shapes


def write_pdf(
    out: str | Path,
    grid: Grid,
    faces: Sequence[Sequence[Shape]],
    back: Sequence[Shape] | None = None,
    *,
    title: str = "cards",
    legend: str = "",
) -> int:
    """Write the cards (one list of shapes each, in order) to ``out``; the number of pages.

    ``legend`` (what the marks on the cards mean) is printed in the foot margin of every
    page of faces, or, when the paper leaves no room there, on a card of its own after the
    last card.

    The file is written next to ``out`` first and renamed into place, so a failure
    leaves any earlier file as it was. Fonts are embedded (TrueType subsets).
    """
    out = Path(out)
    font = register_font()
    page_w, page_h = grid.paper
    fd, tmp = tempfile.mkstemp(suffix=".pdf", dir=out.parent)
    os.close(fd)
    pages = 0
    try:
        canvas = Canvas(
            tmp,
            pagesize=(page_w * mm, page_h * mm),
            pageCompression=1,
            initialFontName=font,
            initialFontSize=9,
        )
        canvas.setTitle(title)
        canvas.setCreator("workbench print")
        marks = grid.crop_marks()
        foot = _legend_shapes(legend, grid)
        if legend and not foot:  # no margin for it on this paper: a card of its own, last
            faces = [*faces, legend_card(legend, grid.card)]
        for start in range(0, max(len(faces), 1), grid.per_page):
            chunk = faces[start : start + grid.per_page]
            _draw(canvas, [*marks, *foot], (0, 0), page_h, font)
            for i, shapes in enumerate(chunk):
                _draw(canvas, shapes, grid.slot(i), page_h, font)
            canvas.showPage()
            pages += 1
            if back is not None:
                _draw(canvas, marks, (0, 0), page_h, font)
                for i in range(len(chunk)):
                    _draw(canvas, back, grid.slot(i, mirrored=True), page_h, font)
                canvas.showPage()
                pages += 1
        canvas.save()
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return pages
