"""Loading a card sheet (CSV, Excel .xlsx, Parquet) against a :class:`Schema`.

``load_sheet(path, schema)`` returns a :class:`Sheet`: the typed polars frame
(every card row is kept; a bad cell becomes null and is reported), the
problems frame (file, row, column, rule, message; rows as a spreadsheet app
numbers them: header = row 1), and the parsed values (dice specs, effects).
A file that cannot be used at all — missing, empty, not UTF-8, no header,
required columns missing, repeated header names, unreadable Excel/Parquet —
raises one :class:`SheetError` with the same details. Fully blank rows are
skipped (they hold no card); cells holding only spaces count as empty.

Hostile or careless files stay cheap and clear: files over
:data:`MAX_SHEET_BYTES` or :data:`MAX_ROWS` rows are refused before parsing
(a card sheet is far smaller); a quote that is never closed is reported at
the row where it opens (the rows before it are still checked); a converter
tripping over a cell (an absurd number, say) becomes that cell's problem;
and text cells a spreadsheet app would run as a formula (``=…``, ``@…``,
``+``/``-`` before text) are flagged with the rule ``formula``.

>>> import tempfile, pathlib
>>> from workbench.cards import Column, Schema
>>> schema = Schema("demo", (Column("name", unique=True), Column("cost", "int", min=0)))
>>> path = pathlib.Path(tempfile.mkdtemp()) / "cards.csv"
>>> _ = path.write_text("name,cost\\nslash,２\\nslash,x\\n", encoding="utf-8")
>>> sheet = load_sheet(path, schema)
>>> sheet.frame["cost"].to_list()
[2, None]
>>> for p in sheet.problems.iter_rows(): print(p)
('cards.csv', 3, 'name', 'unique', "duplicate 'slash' (first at row 2)")
('cards.csv', 3, 'cost', 'int', "'x' is not a whole number")
"""

from __future__ import annotations

import csv
import difflib
import io
import os
import unicodedata
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.cells import CellError, formula_like
from workbench.cards.problems import Problem, SheetError, problems_frame
from workbench.cards.schema import Column, Schema

Rows = list[tuple[int, list[str | None]]]
MAX_SHEET_BYTES = 8 * 1024 * 1024
MAX_ROWS = 20_000
csv.field_size_limit(max(csv.field_size_limit(), MAX_SHEET_BYTES))


@dataclass(frozen=True, eq=False)
class Sheet:
    """A loaded sheet: ``.frame`` (typed), ``.problems``, ``.rows`` (spreadsheet row per
    frame row) and ``.parsed`` (column -> parsed value per frame row, for dice,
    effects and list columns)."""

    file: str
    schema: Schema
    frame: pl.DataFrame
    problems: pl.DataFrame
    rows: tuple[int, ...]
    parsed: Mapping[str, tuple[Any, ...]]

    @property
    def ok(self) -> bool:
        """True when the sheet has no problems."""
        return self.problems.height == 0

    def require_clean(self) -> Sheet:
        """This sheet, or :class:`SheetError` listing every problem."""
        if not self.ok:
            raise SheetError(self.problems)
        return self

    def records(self) -> list[dict[str, Any]]:
        """One dict per card: frame values, with dice/effects/list columns parsed
        (``DiceSpec``, tuple of ``Effect``, tuple of str), plus ``_row``."""
        out = []
        for i, rec in enumerate(self.frame.iter_rows(named=True)):
            for name, values in self.parsed.items():
                rec[name] = values[i]
            rec["_row"] = self.rows[i]
            out.append(rec)
        return out


def _error(file: str, rule: str, message: str, row: int | None = None,
           column: str | None = None) -> SheetError:
    return SheetError([Problem(file, row, column, rule, message)])


def _decode(data: bytes, file: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise _error(file, "encoding", "the file is UTF-16 (Excel 'Unicode text'); "
                     "save it as 'CSV UTF-8'")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        hint = ""
        try:
            data.decode("cp932")
            hint = "; it looks like Shift_JIS (cp932): save it as 'CSV UTF-8'"
        except UnicodeDecodeError:
            pass
        raise _error(file, "encoding", f"not UTF-8: byte 0x{data[exc.start]:02x} at byte "
                     f"offset {exc.start} cannot be read{hint}") from None


def _read_csv(path: Path, file: str, delimiter: str
              ) -> tuple[list[str | None], Rows, list[Problem]]:
    """Header, rows and the problem that stopped reading early (a quote never closed)."""
    text = _decode(path.read_bytes(), file)
    if "\x00" in text:
        at = text.index("\x00")
        raise _error(file, "csv", f"a NUL byte at character {at + 1} (row "
                     f"{text.count(chr(10), 0, at) + 1}): this is not a text sheet", None)
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
            why = ("a quote opened in this row is never closed" if "end of data" in str(exc)
                   else f"a quote is misplaced ({exc})")
            stopped.append(Problem(file, row, None, "csv", f"{why}; this row and the "
                                   "rest of the file were not read"))
            break
        records.append(record)
        if len(records) > MAX_ROWS + 1:
            raise _error(file, "too-large", f"more than {MAX_ROWS:,} rows: is this a card "
                         "sheet? (split it)")
    cells = [(n, [c if c.strip() else None for c in rec]) for n, rec in enumerate(records, 1)]
    header, rows = _split_header(cells, file)
    return header, rows, stopped


def _split_header(cells: Rows, file: str) -> tuple[list[str | None], Rows]:
    cells = [(n, rec) for n, rec in cells if any(c is not None for c in rec)]
    if not cells:
        raise _error(file, "empty", "the file is empty (no header, no cards)")
    header_row, header = cells[0]
    if header_row != 1:
        raise _error(file, "no-header", f"row 1 is blank: the header must be the first row "
                     f"(found it at row {header_row})")
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


def _read_xlsx(path: Path, file: str, sheet: str | int | None, prefer: str | None
               ) -> tuple[list[str | None], Rows]:
    if sheet is None and prefer:
        try:
            import fastexcel

            names = fastexcel.read_excel(path).sheet_names
            sheet = next((n for n in names if n.casefold() == prefer.casefold()), None)
        except Exception:  # unreadable: reported by read_excel below
            sheet = None
    kwargs: dict[str, Any] = {"sheet_name": sheet} if isinstance(sheet, str) else \
        {"sheet_id": (sheet or 0) + 1}
    try:
        frame = pl.read_excel(path, engine="calamine", has_header=False,
                              infer_schema_length=0, **kwargs)
    except Exception as exc:  # the Excel reader raises many kinds of errors
        raise _error(file, "excel", f"cannot be read as an Excel workbook: "
                     f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    return _split_header(_read_frame_cells(frame, has_header=True), file)


def _read_parquet(path: Path, file: str) -> tuple[list[str | None], Rows]:
    try:
        frame = pl.read_parquet(path)
    except Exception as exc:  # polars raises ComputeError, OSError, ...
        raise _error(file, "parquet", f"cannot be read as Parquet: {exc}") from None
    return list(frame.columns), _read_frame_cells(frame, has_header=False)


def read_cells(path: str | Path, *, sheet: str | int | None = None, prefer: str | None = None
               ) -> tuple[str, list[str | None], Rows]:
    """(display file name, header cells, [(spreadsheet row, cells)]) for any supported file.

    For workbooks, ``sheet`` names or numbers (from 0) the worksheet; without it the
    worksheet called ``prefer`` is read if there is one, else the first."""
    file, header, rows, _ = _read_any(path, sheet, prefer)
    return file, header, rows


def _check_unzipped_size(path: Path, file: str) -> None:
    """A workbook is a zip: refuse one that unpacks to more than 8x the sheet limit
    (a zip bomb would fill memory before any row is counted)."""
    try:
        with zipfile.ZipFile(path) as archive:
            size = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return  # not a zip: the Excel reader reports it
    if size > 8 * MAX_SHEET_BYTES:
        raise _error(file, "too-large", f"the workbook unpacks to {size / 1e6:.0f} MB; "
                     f"at most {8 * MAX_SHEET_BYTES / 1e6:.0f} MB are read")


def _read_any(path: str | Path, sheet: str | int | None, prefer: str | None
              ) -> tuple[str, list[str | None], Rows, list[Problem]]:
    path = Path(path)
    file = path.name
    try:
        if not path.is_file():
            raise _error(str(path), "missing", "no such file" if not path.exists() else
                         "not a file")
        size = path.stat().st_size
    except OSError as exc:  # a path too long, a loop of links, no permission
        raise _error(str(path), "missing", f"cannot be read: {exc.strerror or exc}") from None
    if size > MAX_SHEET_BYTES:
        raise _error(file, "too-large", f"the file is {size / 1e6:.1f} MB; sheets up to "
                     f"{MAX_SHEET_BYTES / 1e6:.1f} MB are read (is this the card sheet?)")
    if not os.access(path, os.R_OK):
        raise _error(file, "missing", "cannot be read: permission denied")
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
        raise _error(file, "format", f"unknown file type {suffix!r}; "
                     "use .csv, .tsv, .xlsx or .parquet")
    if len(rows) > MAX_ROWS:
        raise _error(file, "too-large", f"{len(rows):,} rows; at most {MAX_ROWS:,} "
                     "(is this a card sheet?)")
    return file, header, rows, stopped


def _letter(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(65 + rem) + name
    return name


def _match_header(header: list[str | None], schema: Schema, file: str, rows: Rows
                  ) -> tuple[dict[str, int], dict[str, int], list[Problem]]:
    """schema column -> cell index, extra column -> index, problems about the header."""
    names = [unicodedata.normalize("NFKC", h).strip() if h else "" for h in header]
    seen: dict[str, int] = {}
    for i, n in enumerate(names):
        if n and n in seen:
            raise _error(file, "header", f"column {n!r} appears twice in the header "
                         f"(columns {_letter(seen[n])} and {_letter(i)})", 1, n)
        seen[n] = i
    lower = {n.casefold(): i for n, i in seen.items() if n}
    found: dict[str, int] = {}
    for c in schema.columns:
        if c.name in seen:
            found[c.name] = seen[c.name]
        elif c.name.casefold() in lower:
            found[c.name] = lower[c.name.casefold()]
    extras = {n: i for n, i in seen.items() if n and i not in found.values()}
    expected = ", ".join(schema.names)
    if schema.columns and not found:
        raise _error(file, "no-header", f"row 1 names none of the expected columns "
                     f"({expected}); the first row must be the header", 1)
    missing = [n for n in schema.required_names if n not in found]
    if missing:
        hints = []
        for n in missing:
            close = difflib.get_close_matches(n, list(extras), n=1, cutoff=0.7)
            hints.append(f"{n!r}" + (f" (is {close[0]!r} it?)" if close else ""))
        raise _error(file, "missing-column", f"required column(s) missing: {', '.join(hints)}; "
                     f"expected columns: {expected}", 1)
    problems: list[Problem] = []
    absent = [c.name for c in schema.columns if c.name not in found]
    for n in extras:
        close = difflib.get_close_matches(n, absent, n=1, cutoff=0.7)
        if close:
            problems.append(Problem(file, 1, n, "unknown-column",
                                    f"column {n!r} is not in the schema; did you mean {close[0]!r}?"))
    for i, n in enumerate(names):
        if not n and any(i < len(cells) and cells[i] is not None for _, cells in rows):
            problems.append(Problem(file, 1, _letter(i), "no-column-name",
                                    f"column {_letter(i)} holds data but has no header"))
    return found, extras, problems


def _fold_key(value: Any) -> Any:
    if isinstance(value, str):
        return unicodedata.normalize("NFKC", value).casefold().strip()
    if isinstance(value, list):
        return tuple(value)
    return value


def _read_column(column: Column, index: int | None, rows: Rows, schema: Schema, file: str,
                 problems: list[Problem]) -> tuple[list[Any], list[Any]]:
    """(frame values, parsed values) of one schema column; problems appended."""
    values: list[Any] = []
    objects: list[Any] = []
    firsts: dict[Any, int] = {}
    for n, cells in rows:
        text = cells[index] if index is not None and index < len(cells) else None
        value = obj = None
        if text is None:
            if column.required:
                problems.append(Problem(file, n, column.name, "required",
                                        "empty, but every card needs it"))
        elif len(text) > schema.max_cell_chars:
            problems.append(Problem(file, n, column.name, "huge-cell",
                                    f"{len(text):,} characters (limit "
                                    f"{schema.max_cell_chars:,}); cell not read"))
        else:
            try:
                value, obj = column.convert(text.strip())
            except CellError as exc:
                problems.append(Problem(file, n, column.name, exc.rule or column.kind, str(exc)))
            except (ValueError, OverflowError, RecursionError) as exc:  # a converter's limit
                problems.append(Problem(file, n, column.name, column.kind,
                                        f"cannot be read: {str(exc).splitlines()[0][:200]}"))
            else:
                _formula_warning(column.kind == "str" and column.allowed is None, text, file,
                                 n, column.name, problems)
        if column.unique and value is not None:
            key = _fold_key(value)
            if key in firsts:
                problems.append(Problem(file, n, column.name, "unique",
                                        f"duplicate {value!r} (first at row {firsts[key]})"))
            else:
                firsts[key] = n
        values.append(value)
        objects.append(obj)
    return values, objects


def _formula_warning(applies: bool, text: str, file: str, row: int, column: str,
                     problems: list[Problem]) -> None:
    why = formula_like(text.strip()) if applies else None
    if why:
        problems.append(Problem(file, row, column, "formula",
                                f"warning: {why}: a spreadsheet app would run this text as a "
                                "formula; put a ' in front or reword it"))


def _run_checks(schema: Schema, frame: pl.DataFrame, numbers: tuple[int, ...], file: str
                ) -> list[Problem]:
    out: list[Problem] = []
    for check in schema.checks:
        name = getattr(check, "__name__", "check")
        try:
            for index, column, rule, message in check(frame):
                out.append(Problem(file, None if index is None else numbers[index],
                                   column, rule, message))
        except Exception as exc:  # a check tripping over bad cells must not hide them
            out.append(Problem(file, None, None, "check-failed",
                               f"the check {name} could not run ({type(exc).__name__}: {exc}); "
                               "fix the other problems first"))
    return out


def load_sheet(path: str | Path, schema: Schema, *, sheet: str | int | None = None) -> Sheet:
    """Load and validate a sheet file. In a workbook, ``sheet`` picks the worksheet (name,
    or number from 0); by default the one named like ``schema.name`` (e.g. ``events``),
    else the first.

    Raises :class:`SheetError` only for files that cannot be used; everything
    else is in ``Sheet.problems``.
    """
    file, header, rows, stopped = _read_any(path, sheet, schema.name)
    found, extras, problems = _match_header(header, schema, file, rows)
    problems.extend(stopped)
    width = len(header)
    for n, cells in rows:
        spill = [i for i in range(width, len(cells)) if cells[i] is not None]
        if spill:
            problems.append(Problem(file, n, _letter(spill[0]), "extra-cells",
                                    f"{len(spill)} cell(s) right of the last header column"))
    columns: dict[str, pl.Series] = {}
    parsed: dict[str, tuple[Any, ...]] = {}
    for column in schema.columns:
        values, objects = _read_column(column, found.get(column.name), rows, schema, file,
                                       problems)
        columns[column.name] = pl.Series(column.name, values, dtype=column.dtype)
        if column.kind in ("dice", "effects", "list"):
            parsed[column.name] = tuple(objects)
    for name, index in extras.items():
        texts = [cells[index] if index < len(cells) else None for _, cells in rows]
        for (n, _), text in zip(rows, texts):
            if text is not None and len(text) > schema.max_cell_chars:
                problems.append(Problem(file, n, name, "huge-cell",
                                        f"{len(text):,} characters (limit "
                                        f"{schema.max_cell_chars:,})"))
            elif text is not None:
                _formula_warning(True, text, file, n, name, problems)
        columns[name] = pl.Series(name, texts, dtype=pl.String)
    frame = pl.DataFrame(list(columns.values())) if columns else pl.DataFrame()
    numbers = tuple(n for n, _ in rows)
    problems.extend(_run_checks(schema, frame, numbers, file))
    order = {c.name: i for i, c in enumerate(schema.columns)}
    problems.sort(key=lambda p: (p.row or 0, order.get(p.column or "", len(order))))
    return Sheet(file, schema, frame, problems_frame(problems), numbers, parsed)
