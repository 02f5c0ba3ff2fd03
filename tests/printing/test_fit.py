"""Text stays in its box: wrapping by the font's widths (property test), shrinking, and a
long text cut and reported as a problem (file, row, column) — checked on the rendered page."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.printing.helpers import box_mask, game_copy, render
from workbench.printing import faces, print_cards
from workbench.printing.face import PT_PER_MM, Text, face_shapes
from workbench.printing.fit import fit_text, text_width, wrap
from workbench.printing.source import game_layout, game_sheets, records

ALPHABET = "むげんの宙へ火花一閃。、「」（）ー damage heal 2 Sky Cannon ★●"


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet=ALPHABET, max_size=120), st.floats(30, 200), st.sampled_from([6.0, 8.0, 11.0])
)
def test_wrapped_lines_fit_and_keep_every_character(text: str, width: float, size: float) -> None:
    lines = wrap(text, width, size)
    assert all(text_width(line, size) <= width + 1e-6 for line in lines)
    # nothing lost but the spaces at the line breaks
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_japanese_punctuation_never_starts_a_line() -> None:
    lines = wrap("星の並びは明日の手札を告げる。それでも宙を焦がすには足りる。", 60, 10)
    assert all(line[0] not in "。、」）" for line in lines)
    assert "".join(lines) == "星の並びは明日の手札を告げる。それでも宙を焦がすには足りる。"


def test_shrinks_before_it_cuts() -> None:
    text = "相手に3ダメージ。カードを1枚引く。" * 2
    roomy = fit_text(text, width=150, height=40, size=9, min_size=5)
    tight = fit_text(text, width=150, height=20, size=9, min_size=5)
    assert (roomy.size, roomy.overflow) == (9.0, False)
    assert 5 <= tight.size < 9 and not tight.overflow and tight.height() <= 20
    cut = fit_text(text * 10, width=150, height=20, size=9, min_size=5)
    assert cut.overflow and cut.size == 5 and cut.height() <= 20 and cut.lines[-1].endswith("…")
    assert cut.needed_lines > len(cut.lines)


@pytest.mark.parametrize("game", ["mugen", "ghost", "detective", "life"])
def test_every_card_fits_and_every_line_stays_in_its_box(game: str) -> None:
    """Each drawn line's extent, by the font's own measurement, lies inside its box."""
    layout = game_layout(game)
    sheets = game_sheets(game, layout)
    lines = 0
    for stem, face in layout.faces.items():
        for rec in records(sheets[stem]):
            shapes, problems = face_shapes(layout, face, {**rec, "_copies": 4}, (63, 88))
            assert problems == []
            for text in (s for s in shapes if isinstance(s, Text)):
                left, top, right, bottom = text.extent
                x, y, w, h = text.box
                assert (
                    x <= left and right <= x + w + 1e-6 and y <= top and bottom <= y + h + 1e-6
                ), text
                lines += 1
    assert lines > 100


def _long_variant(tmp: Path) -> Path:
    """A copy of mugen's cards with a deliberately long flavour text on 火花 (row 2)."""
    folder = game_copy(tmp)
    rows = list(csv.reader((folder / "cards.csv").open(encoding="utf-8")))
    column = rows[0].index("flavour")
    rows[1][column] = "指先に灯る小さな火は、やがて宙を焦がす大きな炎になる。" * 12
    variant = tmp / "long" / "cards.csv"
    variant.parent.mkdir()
    with variant.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    return variant


def test_long_text_is_a_problem_and_its_ink_stays_in_the_box(tmp_path: Path) -> None:
    variant = _long_variant(tmp_path)
    # the game's layout with every text red, so the text's ink can be found on the page
    folder = game_copy(tmp_path / "red")
    layout_file = folder / "print_layout.toml"
    text = layout_file.read_text(encoding="utf-8")
    for colour in ('"#444444"', '"#7a2e00"', '"#555555"', '"#777777"'):
        text = text.replace(f"colour = {colour}", 'colour = "#ff0000"')
    text = text.replace("min_size = 7\n", 'min_size = 7\ncolour = "#ff0000"\n', 1)
    layout_file.write_text(
        text.replace("size = 8.5\n", 'size = 8.5\ncolour = "#ff0000"\n'), encoding="utf-8"
    )
    out = tmp_path / "long.pdf"
    result = print_cards("mugen", out, variant=variant, data_dir=tmp_path / "red")
    assert [(p.file, p.row, p.column, p.rule) for p in result.problems] == [
        ("cards.csv", 2, "flavour", "fit")
    ]
    assert "flavour needs" in result.problems[0].message
    # page 1, 火花 first: red ink only inside the text boxes the layout placed
    layout = game_layout("mugen", tmp_path / "red")
    px = 4.0
    image = render(out, 0, px).astype(int)
    red = (image[:, :, 0] > 150) & (image[:, :, 1] < 120) & (image[:, :, 2] < 120)
    boxes = []
    for i in range(result.grid.per_page):
        x0, y0 = result.grid.slot(i)
        boxes += [
            (x0 + x, y0 + y, w, h) for x, y, w, h in (b.box for b in layout.faces["cards"].boxes)
        ]
    assert red.sum() > 500
    assert not (red & ~box_mask(image.shape, boxes, px, grow_px=1)).any()
    # the flavour box of card 1 is full of red ink down to its last line
    fx, fy, fw, fh = layout.faces["cards"].boxes[-2].box
    x0, y0 = result.grid.slot(0)
    band = red[
        int((y0 + fy + fh - 3) * px) : int((y0 + fy + fh) * px),
        int((x0 + fx) * px) : int((x0 + fx + fw) * px),
    ]
    assert np.count_nonzero(band) > 50


def test_faces_preview_reports_the_same_problem(tmp_path: Path) -> None:
    from workbench.cards.loader import load_sheet
    from workbench.games.mugen.card_schema import SCHEMA

    sheet = load_sheet(_long_variant(tmp_path), SCHEMA)
    html = faces("mugen", sheet, n=3)
    assert html.count("<svg") == 3 and "火花" in html and "一閃" in html
    assert [(p.row, p.column) for p in html.problems] == [(2, "flavour")]
    assert html._repr_html_() == str(html)
    assert PT_PER_MM > 2


def test_a_long_effect_text_is_reported_at_its_cell(tmp_path: Path) -> None:
    """A legal but very long chain of effects (the sheet check passes) cannot fit the skills box."""
    folder = game_copy(tmp_path)
    rows = list(csv.reader((folder / "cards.csv").open(encoding="utf-8")))
    column = rows[0].index("skill1_effects")
    rows[3][column] = "; ".join(["damage 2", "heal 3", "draw 1"] * 40)
    variant = tmp_path / "cards.csv"
    with variant.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    result = print_cards("mugen", tmp_path / "effects.pdf", variant=variant)
    assert [(p.file, p.row, p.column, p.rule) for p in result.problems] == [
        ("cards.csv", 4, "skill1_effects", "fit")
    ]
    assert result.problems[0].message.startswith("skills needs ")
