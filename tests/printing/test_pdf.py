"""The printed ソラ deck read back: pages, paper, fonts, every name the right number of times,
crop marks, backs mirrored; page 1 rendered: no ink outside the cards and their crop marks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.printing.helpers import PT_PER_MM, box_mask, line_counts, render, text_lines
from workbench.cards.deckrules import load_deck
from workbench.datafiles import data_files
from workbench.printing import print_cards
from workbench.printing.fit import text_width
from workbench.printing.sheet import MARGIN_MM, PAPERS, Grid, plan_grid

SORA = data_files("mugen") / "decks" / "sora.csv"


@pytest.fixture(scope="module")
def sora_pdf(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("print") / "sora.pdf"
    result = print_cards("mugen", out, deck=SORA, backs=True)
    return out, result


def test_pages_and_paper(sora_pdf: tuple[Path, object]) -> None:
    out, result = sora_pdf
    reader = PdfReader(out)
    # 40 cards, 9 an A4 page: 5 pages of faces, each followed by its page of backs
    assert len(reader.pages) == 10 == result.pages  # type: ignore[attr-defined]
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == (
            595.3,
            841.9,
        )  # A4 in points


def test_fonts_are_embedded_truetype(sora_pdf: tuple[Path, object]) -> None:
    reader = PdfReader(sora_pdf[0])
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        assert fonts
        for font in fonts.values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType"
            assert "IPAexGothic" in font["/BaseFont"]
            assert (
                "/FontFile2" in font["/FontDescriptor"].get_object()
            )  # the glyphs are in the file


def test_every_name_printed_as_often_as_the_deck_says(sora_pdf: tuple[Path, object]) -> None:
    reader = PdfReader(sora_pdf[0])
    deck = load_deck(SORA).frame
    wanted = dict(zip(deck["name"].to_list(), deck["count"].to_list()))
    faces = line_counts(reader, range(0, 10, 2))
    assert {name: faces[name] for name in wanted} == wanted
    assert sum(wanted.values()) == 40
    backs = line_counts(reader, range(1, 10, 2))
    assert backs == Counter({"むげんの宙へ": 40})


def test_backs_are_mirrored_for_duplex(sora_pdf: tuple[Path, object]) -> None:
    reader = PdfReader(sora_pdf[0])
    grid = plan_grid(PAPERS["a4"], (63, 88))
    # the last page holds cards 37-40: slots 0, 1, 2 (first row) and 3 (second row, left)
    names = [t for t, _, _ in text_lines(reader, 8) if t in ("石礫", "砂時計", "瞬き")]
    assert len(names) == 4
    back_width = text_width("むげんの宙へ", 15) / PT_PER_MM
    centres = sorted(round(x + back_width / 2, 1) for _, x, _ in text_lines(reader, 9))
    mirrored = sorted(round(grid.slot(i, mirrored=True)[0] + 31.5, 1) for i in range(4))
    assert centres == pytest.approx(mirrored, abs=0.2)
    assert mirrored != sorted(round(grid.slot(i)[0] + 31.5, 1) for i in range(4))
    # the lone card of the second row is at the left on the faces, so its back is at the right
    second_row = [x for t, x, y in text_lines(reader, 9) if y > grid.slot(3)[1]]
    assert len(second_row) == 1 and second_row[0] > grid.slot(2)[0]


def _legend_box(grid: Grid) -> tuple[float, float, float, float]:
    """Where the legend may ink: below the crop marks' end, inside the printer's margin."""
    below = max(m.y2 for m in grid.crop_marks() if m.x1 == m.x2)
    return (MARGIN_MM, below, grid.paper[0] - 2 * MARGIN_MM, grid.paper[1] - MARGIN_MM - below)


def test_crop_marks_and_no_ink_outside_the_cards(sora_pdf: tuple[Path, object]) -> None:
    out, result = sora_pdf
    grid = result.grid  # type: ignore[attr-defined]
    px = 4.0
    image = render(out, 0, px)
    ink = image.min(axis=2) < 200
    cards = box_mask(image.shape, grid.trim_boxes(9), px)
    marks = grid.crop_marks()
    mark_boxes = [
        (min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1), abs(m.y2 - m.y1)) for m in marks
    ]
    # the legend: one line below the marks' end, inside the printer's margin
    legend = _legend_box(grid)
    below = legend[1]
    allowed = cards | box_mask(image.shape, [*mark_boxes, legend], px, grow_px=1)
    assert not (ink & ~allowed).any(), "ink in a gutter or margin"
    legend_rows = ink[int(below * px) + 1 : int((grid.paper[1] - MARGIN_MM) * px)]
    assert legend_rows.sum() > 500  # the legend is printed there
    # every crop mark is inked: the middle pixel of each mark line is dark
    assert len(marks) == 2 * 6 + 2 * 6
    for m in marks:
        x, y = int((m.x1 + m.x2) / 2 * px), int((m.y1 + m.y2) / 2 * px)
        assert ink[y - 1 : y + 2, x - 1 : x + 2].any()
    # the gutters between the cards are blank paper (above the legend's line)
    gutter_x = int((grid.slot(0)[0] + 63 + 1.5) * px)
    assert not ink[: int(below * px), gutter_x].any()


def test_bleed_letter_and_size(tmp_path: Path) -> None:
    out = tmp_path / "bleed.pdf"
    result = print_cards("mugen", out, deck=SORA, paper="letter", bleed=3, size=(63, 88), copies=2)
    reader = PdfReader(out)
    # letter with 3 mm bleed fits 2 × 2 cards of 69 × 94 mm: 80 cards on 20 pages
    assert (result.grid.cols, result.grid.rows, result.cards, len(reader.pages)) == (2, 2, 80, 20)
    assert round(float(reader.pages[0].mediabox.width), 1) == 612.0
    image = render(out, 0, 3.0)
    ink = image.min(axis=2) < 200
    bleed_boxes = [(x - 3, y - 3, 69, 94) for x, y, _, _ in result.grid.trim_boxes(4)]
    marks = [
        (min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1), abs(m.y2 - m.y1))
        for m in result.grid.crop_marks()
    ]
    allowed = box_mask(image.shape, [*bleed_boxes, *marks, _legend_box(result.grid)], 3.0)
    assert not (ink & ~allowed).any()
    # the attribute band runs into the bleed: the pixel 1.5 mm above a card's top edge is coloured
    x, y = result.grid.slot(0)
    assert ink[int((y - 1.5) * 3), int((x + 30) * 3)]
    assert not ink[int((y - 4) * 3), int((x + 30) * 3)]  # beyond the bleed: paper


def test_letter_fits_nine_with_narrower_gutters(tmp_path: Path) -> None:
    out = tmp_path / "letter.pdf"
    result = print_cards("mugen", out, deck=SORA, paper="letter")
    grid = result.grid
    assert (grid.cols, grid.rows, result.pages) == (3, 3, 5)
    assert grid.gutter == pytest.approx((279.4 - 10 - 3 * 88) / 2)
    image = render(out, 0, 4.0)
    ink = image.min(axis=2) < 200
    marks = [
        (min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1), abs(m.y2 - m.y1))
        for m in grid.crop_marks()
    ]
    assert not (ink & ~box_mask(image.shape, grid.trim_boxes(9) + marks, 4.0)).any()
    row_gap = int((grid.slot(0)[1] + 88 + grid.gutter / 2) * 4.0)
    assert not ink[row_gap, :].any()  # the gutter between rows is blank paper
