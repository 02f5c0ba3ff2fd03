"""Read one sheet (CSV, xlsx or Parquet) through ``workbench.cards.load_sheet``.

Every problem names file, spreadsheet row (header = row 1) and column; the
effect and cost columns come back parsed (tuples of
:class:`~workbench.cards.Effect`). Nothing in a cell is ever evaluated.

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

from pathlib import Path
from typing import Any

from workbench.cards import Schema, load_sheet

Row = dict[str, Any]


def read_sheet(path: Path, schema: Schema) -> list[tuple[int, Row]]:
    """(spreadsheet row number, column -> parsed value) for every card row;
    :class:`~workbench.cards.SheetError` listing every problem otherwise."""
    sheet = load_sheet(path, schema).require_clean()
    return [(rec.pop("_row"), rec) for rec in sheet.records()]
