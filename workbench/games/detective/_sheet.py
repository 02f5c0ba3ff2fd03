"""Read one CSV sheet against a :class:`~workbench.cards.Schema` into parsed rows.

Uses ``workbench.cards.load_sheet`` for the checks when it is available and
parses the cells with each column's own converter, so effect and cost columns
come back as tuples of :class:`~workbench.cards.Effect`. Every problem names
file, spreadsheet row (header = row 1) and column; nothing is evaluated.

>>> import tempfile, pathlib
>>> from workbench.cards import Column, Schema
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "t.csv").write_text("a,b\\nx,2\\ny,z\\n", encoding="utf-8")
>>> read_sheet(d / "t.csv", Schema("demo", (Column("a"), Column("b", "int"))))
Traceback (most recent call last):
...
workbench.cards.problems.SheetError: t.csv row 3, column b [int]: 'z' is not a whole number
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from workbench.cards import Problem, Schema, SheetError
from workbench.cards.cells import CellError

Row = dict[str, Any]


def read_sheet(path: Path, schema: Schema) -> list[tuple[int, Row]]:
    """(spreadsheet row number, column -> parsed value) for every card row."""
    if not path.is_file():
        raise SheetError([Problem(path.name, None, None, "missing", f"file not found: {path}")])
    with path.open(encoding="utf-8-sig", newline="") as fh:
        table = list(csv.reader(fh))
    if not table:
        raise SheetError([Problem(path.name, None, None, "empty", "the file is empty")])
    header = [h.strip() for h in table[0]]
    problems = [Problem(path.name, 1, name, "required", "required column is missing")
                for name in schema.required_names if name not in header]
    problems += [Problem(path.name, 1, h, "unknown", f"unknown column (known: "
                         f"{', '.join(schema.names)})") for h in header if h not in schema.names]
    rows: list[tuple[int, Row]] = []
    seen: dict[str, dict[str, int]] = {c.name: {} for c in schema.columns if c.unique}
    for n, cells in enumerate(table[1:], start=2):
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(header):
            problems.append(Problem(path.name, n, None, "width",
                                    f"{len(cells)} cells but the header has {len(header)}"))
            continue
        row: Row = {}
        for col in schema.columns:
            text = cells[header.index(col.name)].strip() if col.name in header and \
                header.index(col.name) < len(cells) else ""
            if not text:
                if col.required and col.name in header:
                    problems.append(Problem(path.name, n, col.name, "required", "empty cell"))
                row[col.name] = None
                continue
            try:
                row[col.name] = col.convert(text)[1]
            except CellError as exc:
                problems.append(Problem(path.name, n, col.name, col.kind if col.kind != "str"
                                        else "allowed", str(exc)))
                continue
            if col.name in seen:
                key = str(row[col.name]).casefold()
                if key in seen[col.name]:
                    problems.append(Problem(path.name, n, col.name, "unique",
                                            f"{text!r} repeats row {seen[col.name][key]}"))
                seen[col.name].setdefault(key, n)
        rows.append((n, row))
    if problems:
        raise SheetError(problems)
    return rows
