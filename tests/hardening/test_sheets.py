"""Issue 16's sheet examples: huge numbers, an unterminated quote, big files, formula text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from workbench.cards import Column, Schema, SheetError, load_sheet
from workbench.cards.cells import CellError, formula_like, lookalike_digit, to_int
from workbench.cards.reading import MAX_SHEET_BYTES
from workbench.cli import main

SCHEMA = Schema(
    "demo",
    (
        Column("name", unique=True),
        Column("cost", "int", required=False),
        Column("text", required=False),
        Column("power", "dice", required=False),
    ),
)


def sheet(tmp_path: Path, text: str, name: str = "cards.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[tuple[int | None, str | None, str]]:
    return [
        (p["row"], p["column"], p["rule"])
        for p in load_sheet(path, SCHEMA).problems.iter_rows(named=True)
    ]


@pytest.mark.parametrize("number", [str(2**63), str(-(2**63) - 1), "9" * 4301, "1" * 5000])
def test_huge_numbers_are_cell_problems(tmp_path, number):
    path = sheet(tmp_path, f"name,cost\na,1\nb,{number}\nc,3\n")
    loaded = load_sheet(path, SCHEMA)
    assert problems(path) == [(3, "cost", "int")]
    assert loaded.frame["cost"].to_list() == [1, None, 3]
    assert "at most 18 digits" in loaded.problems["message"][0]


def test_eighteen_digits_still_read():
    assert to_int("9" * 18) == 10**18 - 1
    with pytest.raises(CellError):
        to_int("1" + "0" * 18)


@pytest.mark.parametrize(("cell", "at"), [("②", 1), ("²", 1), ("1⑩", 2)])
def test_lookalike_digits_are_refused_with_their_character(tmp_path, cell, at):
    path = sheet(tmp_path, f"name,cost,power\na,{cell},\nb,1,{cell}D\n")
    found = load_sheet(path, SCHEMA).problems
    assert [(r, c) for r, c, _ in problems(path)] == [(2, "cost"), (3, "power")]
    assert f"at character {at}" in found["message"][0]
    assert lookalike_digit("３Ｄ＋２") is None


def test_unterminated_quote_is_reported_at_its_row(tmp_path):
    rows = [f"p{i},{i}" for i in range(37)]
    rows[2] = 'p2,"2'  # the quote opens on spreadsheet row 4 and never closes
    path = sheet(tmp_path, "name,cost\n" + "\n".join(rows) + "\n")
    loaded = load_sheet(path, SCHEMA)
    assert problems(path) == [(4, None, "csv")]
    assert "never closed" in loaded.problems["message"][0]
    assert loaded.frame["name"].to_list() == ["p0", "p1"]  # the rows before it are checked


def test_big_file_is_refused_up_front(tmp_path):
    path = tmp_path / "cards.csv"
    with path.open("w", encoding="utf-8") as fh:
        fh.write("name,cost\n")
        line = "a" * 999 + ",1\n"
        for _ in range(MAX_SHEET_BYTES // len(line) + 2):
            fh.write(line)
    with pytest.raises(SheetError) as info:
        load_sheet(path, SCHEMA)
    assert "too-large" in str(info.value) and "MB" in str(info.value)


def test_zip_bomb_workbook_is_refused_before_unpacking(tmp_path):
    import zipfile

    path = tmp_path / "cards.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"<a>" + b" " * 100_000_000 + b"</a>")
    assert path.stat().st_size < 200_000
    with pytest.raises(SheetError, match="unpacks to more than 67 MB"):
        load_sheet(path, SCHEMA)


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ('=HYPERLINK("http://x")', True),
        ("@SUM(A1)", True),
        ("+cmd|' /C calc'!A0", True),
        ("-2+3+cmd", True),
        ("+2", False),
        ("-1", False),
        ("50%", False),
        ("ordinary", False),
    ],
)
def test_formula_like_text_is_flagged(tmp_path, text, flagged):
    assert (formula_like(text) is not None) == flagged
    path = sheet(tmp_path, "name,text,notes\n" + f'a,"{text.replace(chr(34), 2 * chr(34))}",x\n')
    rules = [(c, r) for _, c, r in problems(path)]
    assert rules == ([("text", "formula")] if flagged else [])
    path = sheet(tmp_path, "name,notes\n" + f'a,"{text.replace(chr(34), 2 * chr(34))}"\n')
    assert [(c, r) for _, c, r in problems(path)] == ([("notes", "formula")] if flagged else [])


def test_check_folder_goes_on_past_bad_files(tmp_path, capsys):
    folder = tmp_path / "data" / "ghost"
    folder.mkdir(parents=True)
    (folder / "bad.xlsx").write_bytes(b"not a zip")
    (folder / "huge.csv").write_text("id,name\n1," + "9" * 5000 + "\n")
    code = main(["check", str(tmp_path / "data"), "--game", "ghost", "--json"])
    out, err = capsys.readouterr()
    assert code == 2
    files = {p["file"] for p in json.loads(out)}
    assert files == {"bad.xlsx", "huge.csv"}
    assert all(line.startswith("workbench check: ") for line in err.splitlines())
