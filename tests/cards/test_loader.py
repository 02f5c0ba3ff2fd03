"""load_sheet: typed frames, problems at the right row/column, unusable files, formats."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from workbench.cards import Column, Schema, SheetError, Vocabulary, load_sheet

VOCAB = Vocabulary({"damage": "int", "draw": "int", "atk": "signed turns?", "def": "signed turns?"})
SCHEMA = Schema(
    "demo",
    (
        Column("id", unique=True),
        Column("name", unique=True),
        Column("star", "int", min=1, max=3),
        Column("power", "dice", required=False),
        Column("character", "bool", required=False),
        Column("colour", "str", required=False, allowed=("red", "blue", "green", "yellow")),
        Column("tags", "list", required=False),
        Column("effects", "effects", vocabulary=VOCAB, required=False),
    ),
)

GOOD = (
    "id,name,star,power,character,colour,tags,effects,notes\n"
    "G01,御影さくら,３,３Ｄ＋２,yes,red,a;b,damage 3; draw 1,刀\n"
    "G02,ブリュンヒルデ,2,1D−1,no,blue,,atk +2 def +1 for 2 turns,\n"
    "G03,Spark,1,2D,,,x,,\n"
)


def write(tmp_path: Path, text: str, name: str = "cards.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(sheet) -> list[tuple]:
    return [(r["row"], r["column"], r["rule"]) for r in sheet.problems.iter_rows(named=True)]


def test_good_sheet_is_typed_and_normalised(tmp_path):
    sheet = load_sheet(write(tmp_path, GOOD), SCHEMA)
    assert sheet.ok, sheet.problems
    f = sheet.frame
    assert f.schema["star"] == pl.Int64 and f.schema["character"] == pl.Boolean
    assert f.schema["tags"] == pl.List(pl.String)
    assert f["star"].to_list() == [3, 2, 1]
    assert f["power"].to_list() == ["3D+2", "1D-1", "2D"]
    assert f["character"].to_list() == [True, False, None]
    assert f["tags"].to_list() == [["a", "b"], None, ["x"]]
    assert f["effects"].to_list() == [
        "damage 3; draw 1",
        "atk +2 for 2 turns; def +1 for 2 turns",
        None,
    ]
    assert f["notes"].to_list() == ["刀", None, None]  # extra columns kept, not dropped
    assert sheet.rows == (2, 3, 4)
    rec = sheet.records()[1]
    assert rec["_row"] == 3 and rec["effects"][0].turns == 2
    assert sheet.require_clean() is sheet


def test_bom_and_blank_rows_and_row_numbers(tmp_path):
    text = "\ufeff" + GOOD.replace("G02,", "\nG02,", 1) + ",,,,,,,,\n"
    sheet = load_sheet(write(tmp_path, text), SCHEMA)
    assert sheet.ok
    assert sheet.rows == (2, 4, 5)  # the blank line is spreadsheet row 3


def test_cell_problems_name_row_and_column(tmp_path):
    text = (
        "id,name,star,power,colour,effects\n"
        "A,x,4,3D+,purple,damage\n"
        "A,X,one,2D,red,dammage 2\n"
        "B,y,,1D,blue,atk +1 for two turns\n"
    )
    sheet = load_sheet(write(tmp_path, text), SCHEMA)
    assert problems(sheet) == [
        (2, "star", "range"),
        (2, "power", "dice"),
        (2, "colour", "allowed"),
        (2, "effects", "effects"),
        (3, "id", "unique"),
        (3, "name", "unique"),
        (3, "star", "int"),
        (3, "effects", "effects"),
        (4, "star", "required"),
        (4, "effects", "effects"),
    ]
    messages = sheet.problems["message"].to_list()
    assert "unknown word 'dammage' at character 1 (did you mean 'damage'?)" in messages
    assert "duplicate 'A' (first at row 2)" in messages
    assert sheet.frame.height == 3  # nothing dropped: bad cells are null
    assert sheet.frame["star"].to_list() == [None, None, None]
    with pytest.raises(SheetError) as info:
        sheet.require_clean()
    assert info.value.problems.height == 10
    assert "cards.csv row 2, column star [range]: 4 is above the maximum 3" in str(info.value)


@pytest.mark.parametrize(
    ("text", "rule", "fragment"),
    [
        ("", "empty", "empty"),
        ("\n\n  \n", "empty", "empty"),
        ("G01,x,3\n", "no-header", "none of the expected columns"),
        ("id,nme,star\nG01,x,3\n", "missing-column", "'name' (is 'nme' it?)"),
        ("id,name,star,name\n", "header", "appears twice"),
        ("\nid,name,star\n", "no-header", "row 1 is blank"),
    ],
)
def test_unusable_files_raise_one_sheet_error(tmp_path, text, rule, fragment):
    with pytest.raises(SheetError) as info:
        load_sheet(write(tmp_path, text), SCHEMA)
    assert info.value.problems["rule"].to_list() == [rule]
    assert fragment in str(info.value)


def test_bad_encoding_names_file_and_byte_offset(tmp_path):
    path = tmp_path / "sjis.csv"
    path.write_bytes("id,name,star\nG01,さくら,1\n".encode("cp932"))
    with pytest.raises(SheetError) as info:
        load_sheet(path, SCHEMA)
    message = str(info.value)
    assert message.startswith("sjis.csv [encoding]: not UTF-8: byte 0x82 at byte offset 17")
    assert "Shift_JIS" in message


def test_utf16_and_missing_and_unknown_type(tmp_path):
    (tmp_path / "u.csv").write_bytes("id,name,star\n".encode("utf-16"))
    for path, rule in [
        (tmp_path / "u.csv", "encoding"),
        (tmp_path / "none.csv", "missing"),
        (write(tmp_path, "x", "cards.json"), "format"),
    ]:
        with pytest.raises(SheetError) as info:
            load_sheet(path, SCHEMA)
        assert info.value.problems["rule"].to_list() == [rule]


def test_huge_cells_and_spill_and_unnamed_columns(tmp_path):
    big = "x" * 10_001
    text = f"id,name,star,,notes\nG01,{big},1,stray,{big}\nG02,b,2,,,,extra\n"
    sheet = load_sheet(write(tmp_path, text), SCHEMA)
    assert problems(sheet) == [
        (1, "D", "no-column-name"),
        (2, "name", "huge-cell"),
        (2, "notes", "huge-cell"),
        (3, "G", "extra-cells"),
    ]
    assert sheet.frame["name"].to_list() == [None, "b"]


def test_header_case_and_width_insensitive_and_typo_hint(tmp_path):
    text = "ID,Ｎａｍｅ,star,colur\nG01,a,1,red\n"
    sheet = load_sheet(write(tmp_path, text), SCHEMA)
    assert sheet.frame["id"].to_list() == ["G01"]
    assert problems(sheet) == [(1, "colur", "unknown-column")]
    assert "did you mean 'colour'" in sheet.problems["message"][0]


def test_header_only_sheet_is_empty_not_an_error(tmp_path):
    sheet = load_sheet(write(tmp_path, "id,name,star\n"), SCHEMA)
    assert sheet.ok and sheet.frame.height == 0
    assert sheet.frame.schema["star"] == pl.Int64


def _as_excel(tmp_path: Path, text: str) -> Path:
    """Write the CSV text, cell for cell, as an xlsx workbook with polars."""
    raw = pl.read_csv(write(tmp_path, text, "raw.csv"), infer_schema_length=0)
    path = tmp_path / "cards.xlsx"
    raw.write_excel(path)
    return path


def test_csv_xlsx_and_parquet_give_the_same_frame(tmp_path):
    csv_sheet = load_sheet(write(tmp_path, GOOD), SCHEMA)
    xlsx_sheet = load_sheet(_as_excel(tmp_path, GOOD), SCHEMA)
    assert xlsx_sheet.ok, xlsx_sheet.problems
    assert xlsx_sheet.frame.equals(csv_sheet.frame)
    assert xlsx_sheet.rows == csv_sheet.rows
    parquet = tmp_path / "cards.parquet"
    csv_sheet.frame.write_parquet(parquet)
    pq_sheet = load_sheet(parquet, SCHEMA)
    assert pq_sheet.ok, pq_sheet.problems
    assert pq_sheet.frame.equals(csv_sheet.frame)


def test_xlsx_problems_have_spreadsheet_rows(tmp_path):
    text = "id,name,star\nG01,a,1\nG02,b,9\n"
    sheet = load_sheet(_as_excel(tmp_path, text), SCHEMA)
    assert problems(sheet) == [(3, "star", "range")]


def test_excel_numbers_read_as_whole_numbers(tmp_path):
    path = tmp_path / "typed.xlsx"
    pl.DataFrame({"id": ["A", "B"], "name": ["a", "b"], "star": [1, 3]}).write_excel(path)
    assert load_sheet(path, SCHEMA).frame["star"].to_list() == [1, 3]


def test_corrupt_excel_and_parquet_are_unusable(tmp_path):
    for name, rule in [("bad.xlsx", "excel"), ("bad.parquet", "parquet")]:
        (tmp_path / name).write_bytes(b"not a real file")
        with pytest.raises(SheetError) as info:
            load_sheet(tmp_path / name, SCHEMA)
        assert info.value.problems["rule"].to_list() == [rule]


def test_cross_column_checks_report_at_spreadsheet_rows(tmp_path):
    def no_power_on_star1(frame: pl.DataFrame):
        for i, (star, power) in enumerate(zip(frame["star"], frame["power"])):
            if star == 1 and power is not None:
                yield i, "power", "star1-power", "a ★1 card has no power"

    schema = Schema("demo", SCHEMA.columns, checks=(no_power_on_star1,))
    sheet = load_sheet(write(tmp_path, GOOD), schema)
    assert problems(sheet) == [(4, "power", "star1-power")]


def test_workbook_worksheet_named_like_the_schema_is_preferred(tmp_path):
    import xlsxwriter

    path = tmp_path / "book.xlsx"
    with xlsxwriter.Workbook(path) as book:
        for title, star in [("notes", "x"), ("Cards", "2"), ("other", "3")]:
            ws = book.add_worksheet(title)
            for c, v in enumerate(["id", "name", "star"]):
                ws.write_string(0, c, v)
            for c, v in enumerate(["G01", "a", star]):
                ws.write_string(1, c, v)
    assert load_sheet(path, SCHEMA).frame["star"].to_list() == [2]  # SCHEMA.name == "cards"
    assert load_sheet(path, SCHEMA, sheet="other").frame["star"].to_list() == [3]
    assert load_sheet(path, SCHEMA, sheet=0).problems["rule"].to_list() == ["int"]
    with pytest.raises(SheetError):
        load_sheet(path, SCHEMA, sheet="missing")


def test_a_check_that_crashes_is_a_problem_not_a_traceback(tmp_path):
    def fragile(frame: pl.DataFrame):
        total = sum(frame["star"].to_list())  # TypeError on a null star
        yield None, None, "total", f"{total}"

    schema = Schema("demo", SCHEMA.columns, checks=(fragile,))
    sheet = load_sheet(write(tmp_path, "id,name,star\nA,a,1\nB,b,x\n"), schema)
    assert problems(sheet) == [(None, None, "check-failed"), (3, "star", "int")]
    assert "the check fragile could not run (TypeError" in sheet.problems["message"][0]
