"""Reading printed PDFs back (pypdf) and rendering them (pypdfium2) for the printing tests."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from pypdf import PdfReader

from workbench.datafiles import data_files

PT_PER_MM = 72 / 25.4


def text_lines(reader: PdfReader, page: int) -> list[tuple[str, float, float]]:
    """(text, x, y) of every text-showing operation of a page, positions in mm from the
    top-left corner."""
    height = float(reader.pages[page].mediabox.height)
    found: list[tuple[str, float, float]] = []

    fragments: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        fragments.append((text, tm[4] / PT_PER_MM, (height - tm[5]) / PT_PER_MM))

    reader.pages[page].extract_text(visitor_text=visit)
    # a line whose characters span two font subsets comes in pieces on the same baseline
    for text, x, y in fragments:
        if found and abs(found[-1][2] - y) < 0.01 and not found[-1][0].endswith("\n"):
            found[-1] = (found[-1][0] + text, found[-1][1], y)
        else:
            found.append((text, x, y))
    return [(text.strip(), x, y) for text, x, y in found if text.strip()]


def line_counts(reader: PdfReader, pages: range) -> Counter[str]:
    """How many times each whole line of text is drawn on the pages."""
    return Counter(text for p in pages for text, _, _ in text_lines(reader, p))


def render(path: Path, page: int = 0, px_per_mm: float = 4.0) -> np.ndarray:
    """Page ``page`` as an RGB array (rows = y), ``px_per_mm`` pixels a millimetre."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        image = pdf[page].render(scale=px_per_mm / PT_PER_MM).to_pil().convert("RGB")
    finally:
        pdf.close()
    return np.asarray(image)


def box_mask(
    shape: tuple[int, ...],
    boxes: list[tuple[float, float, float, float]],
    px_per_mm: float,
    grow_px: int = 2,
) -> np.ndarray:
    """True inside any of the (x, y, w, h) mm boxes, grown by ``grow_px`` for anti-aliasing."""
    mask = np.zeros(shape[:2], dtype=bool)
    for x, y, w, h in boxes:
        x0, y0 = int(x * px_per_mm) - grow_px, int(y * px_per_mm) - grow_px
        x1, y1 = int((x + w) * px_per_mm) + grow_px + 1, int((y + h) * px_per_mm) + grow_px + 1
        mask[max(y0, 0) : y1, max(x0, 0) : x1] = True
    return mask


def game_copy(tmp: Path, game: str = "mugen") -> Path:
    """A data folder holding a copy of one game's sheets (to edit in a test); its game folder."""
    folder = tmp / game
    shutil.copytree(data_files(game), folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return folder
