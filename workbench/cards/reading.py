"""Reading a sheet file into cells: CSV/TSV, Excel workbooks, Parquet, with limits.

:func:`read_cells` returns (display file name, header cells, [(spreadsheet row,
cells)]); :func:`read_any` also returns the problem that stopped a CSV early
(a quote never closed: the rows before it are kept). A file that cannot be
used raises :class:`~workbench.cards.problems.SheetError` naming why: missing
or unreadable, over :data:`MAX_SHEET_BYTES` or :data:`MAX_ROWS` rows, a
workbook unpacking to more than 8x the byte limit (a zip bomb), not UTF-8
(with a hint for Shift_JIS and UTF-16), NUL bytes, no header.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "c.csv"
>>> _ = path.write_text('name,cost\\nslash,2\\nguard,"3\\n', encoding="utf-8")
>>> file, header, rows, stopped = read_any(path, None, None)
>>> header, rows, [str(p) for p in stopped]
(['name', 'cost'], [(2, ['slash', '2'])], ['c.csv row 3 [csv]: a quote opened in this row is never closed; this row and the rest of the file were not read'])
"""

from __future__ import annotations

import csv
import io
import os
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.bounded import (
    parquet_shape,
    read_parquet_bounded,
    unreadable_column,
    unzipped_bytes,
)
from workbench.cards.problems import Problem, SheetError

Rows = list[tuple[int, list[str | None]]]
MAX_SHEET_BYTES = 8 * 1024 * 1024
MAX_ROWS = 20_000
MAX_COLUMNS = 2_000
csv.field_size_limit(max(csv.field_size_limit(), MAX_SHEET_BYTES))


def sheet_error(
    file: str, rule: str, message: str, row: int | None = None, column: str | None = None
) -> SheetError:
    """A SheetError with one problem."""
    return SheetError([Problem(file, row, column, rule, message)])


def _decode(data: bytes, file: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise sheet_error(
            file, "encoding", "the file is UTF-16 (Excel 'Unicode text'); save it as 'CSV UTF-8'"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        hint = ""
        try:
            data.decode("cp932")
            hint = "; it looks like Shift_JIS (cp932): save it as 'CSV UTF-8'"
        except UnicodeDecodeError:
            pass
        raise sheet_error(
            file,
            "encoding",
            f"not UTF-8: byte 0x{data[exc.start]:02x} at byte "
            f"offset {exc.start} cannot be read{hint}",
        ) from None


def _read_csv(
    path: Path, file: str, delimiter: str
) -> tuple[list[str | None], Rows, list[Problem]]:
    """Header, rows and the problem that stopped reading early (a quote never closed)."""
    text = _decode(path.read_bytes(), file)
    if "\x00" in text:
        at = text.index("\x00")
        raise sheet_error(
            file,
            "csv",
            f"a NUL byte at character {at + 1} (row "
            f"{text.count(chr(10), 0, at) + 1}): this is not a text sheet",
            None,
        )
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    records: list[list[str]] = []
    stopped: list[Problem] = []
    while True:
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            row = len(records) + 1
            why = (
                "a quote opened in this row is never closed"
                if "end of data" in str(exc)
                else f"a quote is misplaced ({exc})"
            )
            stopped.append(
                Problem(
                    file,
                    row,
                    None,
                    "csv",
                    f"{why}; this row and the rest of the file were not read",
                )
            )
            break
        records.append(record)
        if len(records) > MAX_ROWS + 1:
            raise sheet_error(
                file, "too-large", f"more than {MAX_ROWS:,} rows: is this a card sheet? (split it)"
            )
    header, rows = cells_of_records(records, file)
    return header, rows, stopped


def cells_of_records(records: Sequence[Sequence[str]], file: str) -> tuple[list[str | None], Rows]:
    """Text records (the header first, as a CSV file holds them) as the loader reads them:
    blank cells None, blank rows dropped, each row numbered as in the file. The same for a
    CSV file and for a sheet edited in memory (``workbench.cards.variants``).

    >>> cells_of_records([["id", "vp"], ["", ""], ["a", " "]], "cards.csv")
    (['id', 'vp'], [(3, ['a', None])])
    """
    if len(records) > MAX_ROWS + 1:
        raise sheet_error(
            file, "too-large", f"more than {MAX_ROWS:,} rows: is this a card sheet? (split it)"
        )
    cells = [(n, [c if c.strip() else None for c in rec]) for n, rec in enumerate(records, 1)]
    return _split_header(cells, file)


def _split_header(cells: Rows, file: str) -> tuple[list[str | None], Rows]:
    cells = [(n, rec) for n, rec in cells if any(c is not None for c in rec)]
    if not cells:
        raise sheet_error(file, "empty", "the file is empty (no header, no cards)")
    header_row, header = cells[0]
    if header_row != 1:
        raise sheet_error(
            file,
            "no-header",
            f"row 1 is blank: the header must be the first row (found it at row {header_row})",
        )
    return header, cells[1:]


def _read_frame_cells(frame: pl.DataFrame, has_header: bool) -> Rows:
    out: Rows = []
    columns = []
    for name, dtype in frame.schema.items():
        col = frame[name]
        if isinstance(dtype, pl.List):
            col = col.cast(pl.List(pl.String)).list.join("; ")  # a Parquet list cell -> "a; b"
        columns.append(col.cast(pl.String).to_list())
    start = 1 if has_header else 2
    for i in range(frame.height):
        out.append((start + i, [c[i] if c[i] is None or c[i].strip() else None for c in columns]))
    return out


def _read_xlsx(
    path: Path, file: str, sheet: str | int | None, prefer: str | None
) -> tuple[list[str | None], Rows]:
    if sheet is None and prefer:
        try:
            import fastexcel

            names = fastexcel.read_excel(path).sheet_names
            sheet = next((n for n in names if n.casefold() == prefer.casefold()), None)
        except Exception:  # unreadable: reported by read_excel below
            sheet = None
    kwargs: dict[str, Any] = (
        {"sheet_name": sheet} if isinstance(sheet, str) else {"sheet_id": (sheet or 0) + 1}
    )
    try:
        frame = pl.read_excel(
            path, engine="calamine", has_header=False, infer_schema_length=0, **kwargs
        )
    except Exception as exc:  # the Excel reader raises many kinds of errors
        raise sheet_error(
            file,
            "excel",
            f"cannot be read as an Excel workbook: "
            f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}",
        ) from None
    return _split_header(_read_frame_cells(frame, has_header=True), file)


def _read_parquet(path: Path, file: str) -> tuple[list[str | None], Rows]:
    """The row count and column types from the footer first (a 60 KB file can hold
    3x10^7 rows), then at most the limit's rows, a slice at a time."""
    try:
        count, schema = parquet_shape(path)
    except Exception as exc:  # polars raises ComputeError, OSError, ...
        raise sheet_error(
            file, "parquet", f"cannot be read as Parquet: {_first_line(exc)}"
        ) from None
    if count > MAX_ROWS:
        raise sheet_error(
            file, "too-large", f"{count:,} rows; at most {MAX_ROWS:,} (is this a card sheet?)"
        )
    if len(schema) > MAX_COLUMNS:
        raise sheet_error(file, "too-large", f"{len(schema):,} columns; at most {MAX_COLUMNS:,}")
    unreadable = unreadable_column(schema)
    if unreadable is not None:
        raise sheet_error(
            file,
            "parquet",
            f"{unreadable}; a card sheet holds text, numbers, true/false, dates and lists of them",
        )
    try:
        frame = read_parquet_bounded(path, count, 8 * MAX_SHEET_BYTES)
        return list(frame.columns), _read_frame_cells(frame, has_header=False)
    except ValueError as exc:
        raise sheet_error(
            file, "too-large", f"{exc}; at most {8 * MAX_SHEET_BYTES / 1e6:.0f} MB are read"
        ) from None
    except Exception as exc:  # a damaged page, a type polars cannot cast to text
        raise sheet_error(
            file, "parquet", f"cannot be read as Parquet: {_first_line(exc)}"
        ) from None


def _first_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return (text[:200] + "…" if len(text) > 200 else text) or type(exc).__name__


def read_cells(
    path: str | Path, *, sheet: str | int | None = None, prefer: str | None = None
) -> tuple[str, list[str | None], Rows]:
    """(display file name, header cells, [(spreadsheet row, cells)]) for any supported file.

    For workbooks, ``sheet`` names or numbers (from 0) the worksheet; without it the
    worksheet called ``prefer`` is read if there is one, else the first."""
    file, header, rows, _ = read_any(path, sheet, prefer)
    return file, header, rows


def _check_unzipped_size(path: Path, file: str) -> None:
    """A workbook is a zip: refuse one that unpacks to more than 8x the sheet limit
    (a zip bomb would fill memory before any row is counted). The bytes are counted
    while inflating, not taken from the sizes the archive declares."""
    limit = 8 * MAX_SHEET_BYTES
    try:
        declared = 0
        with zipfile.ZipFile(path) as archive:
            declared = sum(info.file_size for info in archive.infolist())
        size = unzipped_bytes(path, limit)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return  # not a zip: the Excel reader reports it
    if size > limit:
        said = f" (it declares {declared / 1e6:.0f} MB)" if declared <= limit else ""
        raise sheet_error(
            file,
            "too-large",
            f"the workbook unpacks to more than "
            f"{limit / 1e6:.0f} MB{said}; at most {limit / 1e6:.0f} MB are read",
        )


def read_any(
    path: str | Path, sheet: str | int | None, prefer: str | None
) -> tuple[str, list[str | None], Rows, list[Problem]]:
    path = Path(path)
    file = path.name
    try:
        if not path.is_file():
            raise sheet_error(
                str(path), "missing", "no such file" if not path.exists() else "not a file"
            )
        size = path.stat().st_size
    except OSError as exc:  # a path too long, a loop of links, no permission
        raise sheet_error(str(path), "missing", f"cannot be read: {exc.strerror or exc}") from None
    if size > MAX_SHEET_BYTES:
        raise sheet_error(
            file,
            "too-large",
            f"the file is {size / 1e6:.1f} MB; sheets up to "
            f"{MAX_SHEET_BYTES / 1e6:.1f} MB are read (is this the card sheet?)",
        )
    if not os.access(path, os.R_OK):
        raise sheet_error(file, "missing", "cannot be read: permission denied")
    suffix = path.suffix.lower()
    stopped: list[Problem] = []
    if suffix in (".xlsx", ".xlsm", ".ods"):
        _check_unzipped_size(path, file)
    if suffix in (".xlsx", ".xlsm", ".xls", ".ods"):
        header, rows = _read_xlsx(path, file, sheet, prefer)
    elif suffix == ".parquet":
        header, rows = _read_parquet(path, file)
    elif suffix in (".csv", ".tsv", ".txt"):
        header, rows, stopped = _read_csv(path, file, "\t" if suffix == ".tsv" else ",")
    else:
        raise sheet_error(
            file, "format", f"unknown file type {suffix!r}; use .csv, .tsv, .xlsx or .parquet"
        )
    if len(rows) > MAX_ROWS:
        raise sheet_error(
            file, "too-large", f"{len(rows):,} rows; at most {MAX_ROWS:,} (is this a card sheet?)"
        )
    return file, header, rows, stopped
