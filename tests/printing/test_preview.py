"""``faces(game, rows)``: the notebook preview draws the same face from a Sheet, from its
parsed ``records()`` (what the what-if loop passes) and from plain dicts of sheet text."""

from __future__ import annotations

import re

import pytest

from workbench.cards.registry import load_game_sheets
from workbench.printing import faces


@pytest.mark.parametrize(
    ("game", "stem"),
    [("mugen", "cards"), ("ghost", "cards"), ("detective", "events"), ("life", "dreams")],
)
def test_parsed_records_and_sheet_rows_draw_the_same_face(game: str, stem: str) -> None:
    sheet = load_game_sheets(game)[0][stem]
    from_sheet = faces(game, sheet, n=4)
    from_records = faces(game, sheet.records(), n=4, sheet=stem)
    assert from_sheet == from_records and from_sheet.count("<svg") == 4
    assert "Effect(" not in from_records and from_sheet.problems == []


def test_an_edited_row_draws_the_edited_card() -> None:
    sheet = load_game_sheets("mugen")[0]["cards"]
    row = sheet.records()[0]
    before = faces("mugen", [row], n=1)
    after = faces("mugen", [{**row, "name": "大火花", "skill1_cost": 0}], n=1)
    texts = re.findall(r">([^<]*)</text>", after)
    assert "大火花" in texts and "コスト0：2ダメージ" in texts
    assert "火花" in re.findall(r">([^<]*)</text>", before) and "コスト1：2ダメージ" in before


def test_guides_outline_every_text_box() -> None:
    from workbench.printing.face import GUIDE_COLOUR
    from workbench.printing.source import game_layout

    sheet = load_game_sheets("mugen")[0]["cards"]
    boxes = len(game_layout("mugen").faces["cards"].boxes)
    assert faces("mugen", sheet, n=2, guides=True).count(GUIDE_COLOUR) == 2 * boxes == 14
    assert GUIDE_COLOUR not in faces("mugen", sheet, n=2)


def test_preview_count_marks_follow_the_copies_column() -> None:
    sheet = load_game_sheets("ghost")[0]["cards"]
    copies = sheet.frame["copies"].to_list()[:3]
    assert copies == [1, 2, 2]
    assert faces("ghost", sheet, n=3).count("●") == 5
