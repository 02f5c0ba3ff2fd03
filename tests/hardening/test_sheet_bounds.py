"""Sheet sizes measured, not believed (issue 27 items 1, 2 and 12).

Classes: a Parquet file whose footer says more rows than the limit is refused
before its rows are read; a workbook whose zip entries lie about their sizes is
measured while inflating, whatever it declares; column types a card sheet cannot
hold and file names no file system takes end in one named problem.
"""

from __future__ import annotations

import functools
import io
import struct
import time
import zipfile
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.cards import Column, Schema, SheetError, load_sheet, reading
from workbench.cards.bounded import unzipped_bytes
from workbench.cli import main

SCHEMA = Schema("demo", (Column("name", unique=True), Column("cost", "int", required=False)))
LIMIT = 8 * reading.MAX_SHEET_BYTES


def _refused(path: Path, *words: str) -> str:
    start = time.process_time()
    with pytest.raises(SheetError) as info:
        load_sheet(path, SCHEMA)
    assert time.process_time() - start < 10
    message = str(info.value)
    for word in words:
        assert word in message, (word, message)
    return message


def test_parquet_rows_are_counted_from_the_footer(tmp_path, monkeypatch):
    path = tmp_path / "cards.parquet"
    rows = reading.MAX_ROWS * 50
    pl.DataFrame({"name": pl.repeat("a", rows, eager=True)}).write_parquet(path)
    assert path.stat().st_size < 100_000

    def no_full_read(*args, **kwargs):
        raise AssertionError("the rows were read before they were counted")

    monkeypatch.setattr(pl, "read_parquet", no_full_read)
    monkeypatch.setattr(reading, "read_parquet_bounded", no_full_read)
    _refused(path, f"{rows:,} rows", f"at most {reading.MAX_ROWS:,}")


def test_parquet_cells_over_the_budget_stop_early(tmp_path):
    path = tmp_path / "cards.parquet"
    big = "x" * 2_000_000  # 40 rows of 2 MB: 80 MB of cells in a small file
    pl.DataFrame({"name": [f"{i}{big}" for i in range(40)]}).write_parquet(path)
    assert path.stat().st_size < reading.MAX_SHEET_BYTES
    _refused(path, "more than 67 MB", "too-large")


@pytest.mark.parametrize(
    ("column", "words"),
    [
        (pl.Series("blob", [b"\x00\x01", b"x"], dtype=pl.Binary), ["'blob'", "Binary"]),
        (pl.Series("deep", [[[1]], [[2, 3]]]), ["'deep'", "List(List"]),
        (pl.Series("arr", [[1, 2], [3, 4]], dtype=pl.Array(pl.Int64, 2)), ["'arr'", "Array"]),
        (pl.Series("rec", [{"a": 1}, {"a": 2}]), ["'rec'", "Struct"]),
    ],
)
def test_parquet_columns_a_sheet_cannot_hold_are_named(tmp_path, capsys, column, words):
    path = tmp_path / "cards.parquet"
    pl.DataFrame([pl.Series("name", ["a", "b"]), column]).write_parquet(path)
    _refused(path, *words)
    code = main(["check", str(path)])
    _, err = capsys.readouterr()
    assert code in (1, 2) and "Traceback" not in err and "unexpected" not in err


def test_parquet_lists_of_text_still_read(tmp_path):
    path = tmp_path / "cards.parquet"
    pl.DataFrame({"name": ["a", "b"], "tags": [["x", "y"], ["z"]]}).write_parquet(path)
    assert load_sheet(path, Schema("demo", (Column("name"), Column("tags")))).ok


@functools.cache
def _honest_zip(real: int) -> bytes:
    """A workbook of one deflated entry of ``real`` bytes, made once per size (deflating 70 MB
    took about half a CPU second, and each example asked for it again)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"<a>" + b" " * (real - 7) + b"</a>")
    return out.getvalue()


def _lying_zip(path: Path, real: int, declared: int) -> Path:
    """One deflated entry of ``real`` bytes whose headers declare ``declared``."""
    data = bytearray(_honest_zip(real))
    local = data.find(b"PK\x03\x04")
    struct.pack_into("<I", data, local + 22, declared)  # uncompressed size, local header
    central = data.find(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, declared)  # ... and central directory
    path.write_bytes(bytes(data))
    return path


@settings(
    deadline=None, max_examples=6, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(declared=st.integers(0, 2**32 - 1), real=st.sampled_from([10_000, 3 * 10**6, 70 * 10**6]))
def test_workbook_size_is_counted_while_inflating(tmp_path_factory, declared, real):
    path = _lying_zip(tmp_path_factory.mktemp("x") / "cards.xlsx", real, declared)
    assert unzipped_bytes(path, LIMIT) == min(real, LIMIT + 1)
    if real > LIMIT:
        _refused(path, "unpacks to more than 67 MB")


def test_a_file_name_no_file_system_takes(tmp_path, capsys):
    name = tmp_path / ("c" * 5000 + ".csv")
    with pytest.raises(SheetError, match="cannot be read"):
        load_sheet(name, SCHEMA)
    code = main(["check", str(name)])
    _, err = capsys.readouterr()
    assert code == 2 and len(err.splitlines()) == 1 and "unexpected" not in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [
        ["dice", "3D"],
        ["dice", "3D", "--json"],
        ["draws", "--deck", "40", "--copies", "4", "--seen", "7"],
        ["round", "--deck", "A:2,T:1", "--stop", "T"],
    ],
)
def test_a_full_disk_on_stdout_is_one_line(argv):
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "workbench", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"workbench {argv[0]}: cannot write the output: No space left on device"
    ]
