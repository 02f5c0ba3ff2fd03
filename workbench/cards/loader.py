"""Loading a card sheet (CSV, Excel .xlsx, Parquet) against a :class:`Schema`.

``load_sheet(path, schema)`` returns a :class:`Sheet`: the typed polars frame
(every card row is kept; a bad cell becomes null and is reported), the
problems frame (file, row, column, rule, message; rows as a spreadsheet app
numbers them: header = row 1), and the parsed values (dice specs, effects).
A file that cannot be used at all — missing, empty, not UTF-8, no header,
required columns missing, repeated header names, unreadable Excel/Parquet —
raises one :class:`SheetError` with the same details. Fully blank rows are
skipped (they hold no card); cells holding only spaces count as empty.

Hostile or careless files stay cheap and clear (reading and its limits are
:mod:`workbench.cards.reading`): files over
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

import difflib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.cells import CellError, formula_like
from workbench.cards.problems import Problem, SheetError, problems_frame
from workbench.cards.reading import (
    MAX_ROWS,
    MAX_SHEET_BYTES,
    Rows,
    read_any,
    read_cells,
    sheet_error,
)

__all__ = ["MAX_ROWS", "MAX_SHEET_BYTES", "Sheet", "load_sheet", "read_cells", "sheet_of_cells"]
from workbench.cards.schema import Column, Schema


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


def _letter(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(65 + rem) + name
    return name


def _match_header(
    header: list[str | None], schema: Schema, file: str, rows: Rows
) -> tuple[dict[str, int], dict[str, int], list[Problem]]:
    """schema column -> cell index, extra column -> index, problems about the header."""
    names = [unicodedata.normalize("NFKC", h).strip() if h else "" for h in header]
    seen: dict[str, int] = {}
    for i, n in enumerate(names):
        if n and n in seen:
            raise sheet_error(
                file,
                "header",
                f"column {n!r} appears twice in the header "
                f"(columns {_letter(seen[n])} and {_letter(i)})",
                1,
                n,
            )
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
        raise sheet_error(
            file,
            "no-header",
            f"row 1 names none of the expected columns "
            f"({expected}); the first row must be the header",
            1,
        )
    missing = [n for n in schema.required_names if n not in found]
    if missing:
        hints = []
        for n in missing:
            close = difflib.get_close_matches(n, list(extras), n=1, cutoff=0.7)
            hints.append(f"{n!r}" + (f" (is {close[0]!r} it?)" if close else ""))
        raise sheet_error(
            file,
            "missing-column",
            f"required column(s) missing: {', '.join(hints)}; expected columns: {expected}",
            1,
        )
    problems: list[Problem] = []
    absent = [c.name for c in schema.columns if c.name not in found]
    for n in extras:
        close = difflib.get_close_matches(n, absent, n=1, cutoff=0.7)
        if close:
            problems.append(
                Problem(
                    file,
                    1,
                    n,
                    "unknown-column",
                    f"column {n!r} is not in the schema; did you mean {close[0]!r}?",
                )
            )
    for i, n in enumerate(names):
        if not n and any(i < len(cells) and cells[i] is not None for _, cells in rows):
            problems.append(
                Problem(
                    file,
                    1,
                    _letter(i),
                    "no-column-name",
                    f"column {_letter(i)} holds data but has no header",
                )
            )
    return found, extras, problems


def _fold_key(value: Any) -> Any:
    if isinstance(value, str):
        return unicodedata.normalize("NFKC", value).casefold().strip()
    if isinstance(value, list):
        return tuple(value)
    return value


def _read_column(
    column: Column,
    index: int | None,
    rows: Rows,
    schema: Schema,
    file: str,
    problems: list[Problem],
) -> tuple[list[Any], list[Any]]:
    """(frame values, parsed values) of one schema column; problems appended."""
    values: list[Any] = []
    objects: list[Any] = []
    firsts: dict[Any, int] = {}
    for n, cells in rows:
        text = cells[index] if index is not None and index < len(cells) else None
        value = obj = None
        if text is None:
            if column.required:
                problems.append(
                    Problem(file, n, column.name, "required", "empty, but every card needs it")
                )
        elif len(text) > schema.max_cell_chars:
            problems.append(
                Problem(
                    file,
                    n,
                    column.name,
                    "huge-cell",
                    f"{len(text):,} characters (limit {schema.max_cell_chars:,}); cell not read",
                )
            )
        else:
            try:
                value, obj = column.convert(text.strip())
            except CellError as exc:
                problems.append(Problem(file, n, column.name, exc.rule or column.kind, str(exc)))
            except (ValueError, OverflowError, RecursionError) as exc:  # a converter's limit
                problems.append(
                    Problem(
                        file,
                        n,
                        column.name,
                        column.kind,
                        f"cannot be read: {str(exc).splitlines()[0][:200]}",
                    )
                )
            else:
                _formula_warning(
                    column.kind == "str" and column.allowed is None,
                    text,
                    file,
                    n,
                    column.name,
                    problems,
                )
        if column.unique and value is not None:
            key = _fold_key(value)
            if key in firsts:
                problems.append(
                    Problem(
                        file,
                        n,
                        column.name,
                        "unique",
                        f"duplicate {value!r} (first at row {firsts[key]})",
                    )
                )
            else:
                firsts[key] = n
        values.append(value)
        objects.append(obj)
    return values, objects


def _formula_warning(
    applies: bool, text: str, file: str, row: int, column: str, problems: list[Problem]
) -> None:
    why = formula_like(text.strip()) if applies else None
    if why:
        problems.append(
            Problem(
                file,
                row,
                column,
                "formula",
                f"warning: {why}: a spreadsheet app would run this text as a "
                "formula; put a ' in front or reword it",
            )
        )


def _run_checks(
    schema: Schema, frame: pl.DataFrame, numbers: tuple[int, ...], file: str
) -> list[Problem]:
    out: list[Problem] = []
    for check in schema.checks:
        name = getattr(check, "__name__", "check")
        try:
            for index, column, rule, message in check(frame):
                out.append(
                    Problem(file, None if index is None else numbers[index], column, rule, message)
                )
        except Exception as exc:  # a check tripping over bad cells must not hide them
            out.append(
                Problem(
                    file,
                    None,
                    None,
                    "check-failed",
                    f"the check {name} could not run ({type(exc).__name__}: {exc}); "
                    "fix the other problems first",
                )
            )
    return out


def load_sheet(path: str | Path, schema: Schema, *, sheet: str | int | None = None) -> Sheet:
    """Load and validate a sheet file. In a workbook, ``sheet`` picks the worksheet (name,
    or number from 0); by default the one named like ``schema.name`` (e.g. ``events``),
    else the first.

    Raises :class:`SheetError` only for files that cannot be used; everything
    else is in ``Sheet.problems``.
    """
    file, header, rows, stopped = read_any(path, sheet, schema.name)
    return sheet_of_cells(file, header, rows, schema, stopped)


def sheet_of_cells(
    file: str,
    header: list[str | None],
    rows: Rows,
    schema: Schema,
    stopped: Sequence[Problem] = (),
) -> Sheet:
    """The checks of :func:`load_sheet` on cells already read (``file`` names them in the
    problems): a sheet edited in memory is checked exactly as its file would be, without
    one (:func:`~workbench.cards.reading.cells_of_records` gives the cells of text rows)."""
    found, extras, problems = _match_header(header, schema, file, rows)
    problems.extend(stopped)
    width = len(header)
    for n, cells in rows:
        spill = [i for i in range(width, len(cells)) if cells[i] is not None]
        if spill:
            problems.append(
                Problem(
                    file,
                    n,
                    _letter(spill[0]),
                    "extra-cells",
                    f"{len(spill)} cell(s) right of the last header column",
                )
            )
    columns: dict[str, pl.Series] = {}
    parsed: dict[str, tuple[Any, ...]] = {}
    for column in schema.columns:
        values, objects = _read_column(column, found.get(column.name), rows, schema, file, problems)
        columns[column.name] = pl.Series(column.name, values, dtype=column.dtype)
        if column.kind in ("dice", "effects", "list"):
            parsed[column.name] = tuple(objects)
    for name, index in extras.items():
        texts = [cells[index] if index < len(cells) else None for _, cells in rows]
        for (n, _), text in zip(rows, texts):
            if text is not None and len(text) > schema.max_cell_chars:
                problems.append(
                    Problem(
                        file,
                        n,
                        name,
                        "huge-cell",
                        f"{len(text):,} characters (limit {schema.max_cell_chars:,})",
                    )
                )
            elif text is not None:
                _formula_warning(True, text, file, n, name, problems)
        columns[name] = pl.Series(name, texts, dtype=pl.String)
    frame = pl.DataFrame(list(columns.values())) if columns else pl.DataFrame()
    numbers = tuple(n for n, _ in rows)
    problems.extend(_run_checks(schema, frame, numbers, file))
    order = {c.name: i for i, c in enumerate(schema.columns)}
    problems.sort(key=lambda p: (p.row or 0, order.get(p.column or "", len(order))))
    return Sheet(file, schema, frame, problems_frame(problems), numbers, parsed)
