"""Fuzzed sheets: any bytes or any cells give problems or one SheetError, never a traceback."""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cards import SheetError, load_sheet
from workbench.cards.problems import PROBLEM_SCHEMA

from .test_loader import SCHEMA

CELLS = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "1",
            "３",
            "−2",
            "3.0",
            "2.5",
            "yes",
            "○",
            "3D+2",
            "３Ｄ＋２",
            "1D−1",
            "D",
            "red",
            "purple",
            "a;;b",
            "damage 3",
            "atk +2 for 2 turns",
            "for",
            "dammage",
            "G01",
            "g01",
            "御影さくら",
            "\n",
            '"',
            ",",
            "x" * 10_050,
        ]
    ),
    st.text(max_size=12),
)
HEADERS = st.lists(
    st.sampled_from(
        [
            "id",
            "name",
            "star",
            "power",
            "character",
            "colour",
            "tags",
            "effects",
            "notes",
            "",
            "Name",
            "nme",
            "star",
        ]
    ),
    min_size=0,
    max_size=9,
)


def _load(data: bytes, suffix: str = ".csv"):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_bytes(data)
        try:
            sheet = load_sheet(path, SCHEMA)
        except SheetError as exc:
            assert exc.problems.schema == pl.Schema(PROBLEM_SCHEMA)
            assert exc.problems.height >= 1 and str(exc)
            return None
    assert sheet.problems.schema == pl.Schema(PROBLEM_SCHEMA)
    return sheet


@given(st.binary(max_size=200))
def test_any_bytes(data):
    _load(data)


@given(st.binary(max_size=100))
def test_any_bytes_as_excel_or_parquet(data):
    _load(data, ".xlsx")
    _load(data, ".parquet")


@given(HEADERS, st.lists(st.lists(CELLS, max_size=10), max_size=6))
def test_any_cells(header, rows):
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows(rows)
    sheet = _load(buffer.getvalue().encode("utf-8"))
    if sheet is None:
        return
    # nothing silently dropped: every non-blank data record is a frame row
    records = [r for r in csv.reader(io.StringIO(buffer.getvalue(), newline=""))][1:]
    assert sheet.frame.height == sum(1 for r in records if any(c.strip() for c in r))
    assert all(r >= 1 for r in sheet.problems["row"].drop_nulls())


XLSX_CELLS = st.sampled_from(
    [
        "",
        "1",
        "３",
        "−2",
        "2.5",
        "yes",
        "○",
        "3D+2",
        "１Ｄ−１",
        "red",
        "purple",
        "a;b",
        "damage 3",
        "atk +2 def +1 for 2 turns",
        "dammage",
        "G01",
        "g01",
        "御影さくら",
        "x y",
        "TRUE",
        "0",
    ]
)
COLUMNS = ["id", "name", "star", "power", "character", "colour", "tags", "effects", "notes"]


@settings(max_examples=15)
@given(
    st.lists(
        st.lists(XLSX_CELLS, min_size=len(COLUMNS), max_size=len(COLUMNS)), min_size=1, max_size=5
    )
)
def test_csv_and_xlsx_agree_on_frame_and_problems(rows):
    raw = pl.DataFrame(rows, schema=COLUMNS, orient="row")
    with tempfile.TemporaryDirectory() as folder:
        csv_path, xlsx_path = Path(folder) / "s.csv", Path(folder) / "s.xlsx"
        raw.write_csv(csv_path)
        raw.write_excel(xlsx_path)
        blank = all(all(c == "" for c in r) for r in rows)
        try:
            a = load_sheet(csv_path, SCHEMA)
        except SheetError:
            assert blank
            return
        b = load_sheet(xlsx_path, SCHEMA)
    assert b.frame.equals(a.frame)
    assert b.rows == a.rows
    assert b.problems.drop("file").equals(a.problems.drop("file"))


def _game_sheets():
    from workbench.cards.registry import game_schemas, sheet_files
    from workbench.registry import game_names

    out = []
    for game in game_names():
        try:
            schemas, files = game_schemas(game), sheet_files(game)
        except ImportError:
            continue
        out += [(game, stem, schemas[stem], path) for stem, path in files.items()]
    return out


GAME_SHEETS = _game_sheets()


@settings(max_examples=30)
@given(st.sampled_from(GAME_SHEETS or [None]), st.data())
def test_mutated_game_sheets_give_problems_never_tracebacks(target, data):
    if target is None:
        return
    _, _, schema, path = target
    records = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
    for _ in range(data.draw(st.integers(1, 4))):
        r = data.draw(st.integers(1, len(records) - 1))
        c = data.draw(st.integers(0, len(records[r]) - 1))
        records[r][c] = data.draw(CELLS)
    buffer = io.StringIO()
    csv.writer(buffer).writerows(records)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.name
        copy.write_text(buffer.getvalue(), encoding="utf-8")
        try:
            sheet = load_sheet(copy, schema)
        except SheetError:
            return
    assert sheet.frame.height == len([r for r in records[1:] if any(x.strip() for x in r)])
