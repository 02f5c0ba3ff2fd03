"""Print robustness (issue 39, item 9): characters the font cannot draw are problems at file,
row and column in ``workbench print`` and ``workbench check``; a layout column the sheet does
not have, a box that is not a finite number and an over-long layout text are refused with one
line before anything is drawn."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.printing.helpers import game_copy
from workbench.cli import main
from workbench.printing import LayoutError, print_cards
from workbench.printing.face import MAX_BOX_TEXT, face_shapes
from workbench.printing.glyphs import missing
from workbench.printing.layout import MAX_TEXT, parse_layout

BOX = '[faces.cards]\n[[faces.cards.boxes]]\ntext = "{name}"\n'


def _tofu_sheet(tmp_path: Path) -> Path:
    folder = game_copy(tmp_path)
    sheet = folder / "cards.csv"
    text = sheet.read_text(encoding="utf-8")
    text = text.replace("火花,Spark", "火花😀,Spark").replace("Flash Cut", "Flash 한글 Cut")
    sheet.write_text(text.replace("小さな祈り", "小さな𠮷"), encoding="utf-8")
    return sheet


EXPECTED = [
    "cards.csv row 2, column name [glyph]: '😀' (U+1F600) at character 3",
    "cards.csv row 3, column name_en [glyph]: '한' (U+D55C) at character 7",
    "cards.csv row 3, column name_en [glyph]: '글' (U+AE00) at character 8",
    "cards.csv row 4, column name [glyph]: '𠮷' (U+20BB7) at character 4",
]


def test_the_font_lacks_emoji_hangul_and_the_rare_kanji() -> None:
    assert missing("😀한𠮷吉★●◆【】ＤＬ") == ["😀", "한", "𠮷"]


def test_print_lists_missing_glyphs_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tofu.pdf"
    code = main(["print", "mugen", "--variant", str(_tofu_sheet(tmp_path)), "--out", str(out)])
    stdout, err = capsys.readouterr()
    assert code == 1 and out.is_file()
    assert [line[: len(e)] for line, e in zip(stdout.splitlines(), EXPECTED)] == EXPECTED
    assert len(stdout.splitlines()) == 4
    assert "0 text(s) cut to fit, 4 character(s) the font cannot draw" in err


def test_check_lists_missing_glyphs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", str(_tofu_sheet(tmp_path)), "--game", "mugen"])
    stdout, _ = capsys.readouterr()
    assert code == 1
    assert [line[: len(e)] for line, e in zip(stdout.splitlines(), EXPECTED)] == EXPECTED


def test_an_unknown_layout_column_is_refused(tmp_path: Path) -> None:
    folder = game_copy(tmp_path)
    layout = folder / "print_layout.toml"
    layout.write_text(
        layout.read_text(encoding="utf-8").replace('text = "{flavour}"', 'text = "{flavor}"'),
        encoding="utf-8",
    )
    out = tmp_path / "x.pdf"
    with pytest.raises(LayoutError) as caught:
        print_cards("mugen", out, data_dir=tmp_path)
    message = str(caught.value)
    assert message.startswith("print_layout.toml: faces.cards.boxes[5] (flavour): unknown column")
    assert "'flavor'" in message and "\n" not in message and not out.exists()


@pytest.mark.parametrize("box", ["[nan, 1, 9, 9]", "[1, 1, inf, 9]", "[1, -nan, 9, 9]"])
def test_a_box_that_is_not_finite_is_refused(box: str) -> None:
    with pytest.raises(LayoutError, match="box must be finite numbers in mm"):
        parse_layout(BOX + f"box = {box}\n")


def test_long_layout_texts_are_refused_at_once() -> None:
    started = time.process_time()
    with pytest.raises(LayoutError, match=f"100,000 characters; at most {MAX_TEXT:,}"):
        parse_layout(BOX.replace("{name}", "x" * 100_000) + "box = [1, 1, 9, 9]\n")
    with pytest.raises(LayoutError, match="legend: 3,000 characters"):
        parse_layout('legend = "' + "●" * 3000 + '"\n' + BOX + "box = [1, 1, 9, 9]\n")
    assert time.process_time() - started < 5  # refused before any measuring


def test_a_long_card_text_is_cut_and_listed() -> None:
    layout = parse_layout(BOX + "box = [1, 1, 60, 80]\nmin_size = 3\n")
    record = {"name": "x" * 100_000, "_file": "cards.csv", "_row": 2}
    _, problems = face_shapes(layout, layout.faces["cards"], record, (63, 88))
    rules = [(p.column, p.rule) for p in problems]
    assert rules[0] == ("name", "fit") and f"(at most {MAX_BOX_TEXT:,})" in problems[0].message
