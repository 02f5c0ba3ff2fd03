"""A sortable, filterable table of a card sheet for notebooks (ipywidgets).

``SheetView(sheet)`` shows the sheet's rows with their spreadsheet row
numbers; rows with problems are tinted and their messages shown on hover.
The filter box takes words (every word must appear somewhere in the row,
case- and width-insensitive) or ``column=value`` / ``column>3`` style terms.

>>> import polars as pl
>>> f = pl.DataFrame({"name": ["Spark", "Flash", "Storm"], "star": [1, 1, 2]})
>>> filter_sort(f, "star=1", sort="name").get_column("name").to_list()
['Flash', 'Spark']
>>> filter_sort(f, "S", sort="star", descending=True).get_column("name").to_list()
['Storm', 'Spark', 'Flash']
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import ipywidgets as widgets
import polars as pl

from workbench.cards.loader import Sheet
from workbench.ui.table import table_html as table

_TERM = re.compile(r"^(?P<col>[^=<>!]+?)(?P<op>==|=|!=|>=|<=|>|<)(?P<value>.+)$")
ROW = "row"


def _fold(text: Any) -> str:
    return unicodedata.normalize("NFKC", str(text)).casefold()


def _term_filter(frame: pl.DataFrame, term: str) -> pl.Expr | None:
    m = _TERM.match(term)
    if m and m["col"].strip() in frame.columns:
        column, op, value = m["col"].strip(), m["op"], m["value"].strip()
        col = pl.col(column)
        target: Any = value
        if frame.schema[column].is_numeric():
            try:
                target = int(_fold(value))
            except ValueError:
                return pl.lit(False)
        else:
            col = col.cast(pl.String).str.to_lowercase()
            target = value.lower()
        ops = {
            "=": col == target,
            "==": col == target,
            "!=": col != target,
            ">": col > target,
            "<": col < target,
            ">=": col >= target,
            "<=": col <= target,
        }
        return ops[op]
    needle = _fold(term)
    texts = [
        pl.col(c).cast(pl.String).fill_null("")
        if not isinstance(t, pl.List)
        else pl.col(c).list.join(";").fill_null("")
        for c, t in frame.schema.items()
    ]
    joined = pl.concat_str(texts, separator="\u0001").str.normalize("NFKC").str.to_lowercase()
    return joined.str.contains(needle, literal=True)


def filter_sort(
    frame: pl.DataFrame, query: str = "", sort: str | None = None, descending: bool = False
) -> pl.DataFrame:
    """The rows matching every term of ``query``, sorted by ``sort`` (nulls last)."""
    out = frame
    for term in query.split():
        expr = _term_filter(frame, term)
        if expr is not None:
            out = out.filter(expr)
    if sort and sort in out.columns:
        out = out.sort(sort, descending=descending, nulls_last=True, maintain_order=True)
    return out


def table_html(
    frame: pl.DataFrame, problems: dict[int, list[str]] | None = None, limit: int = 500
) -> str:
    """An HTML table in the workbench table style (pure); rows whose ``row`` number has
    problems are tinted, their messages on hover. Past ``limit`` rows it says so."""
    problems = problems or {}
    shown = frame.head(limit)
    marks: dict[int, tuple[str, str]] = {}
    if ROW in shown.columns:
        for i, row in enumerate(shown.get_column(ROW).to_list()):
            if problems.get(row):
                marks[i] = ("wb-sheet-bad", "\n".join(problems[row]))
    more = (
        f"<p>showing the first {limit} of {frame.height} rows: filter to find the others</p>"
        if frame.height > limit
        else ""
    )
    style = "<style>.wb-sheet-bad td{background:#ffebee !important}</style>"
    return style + table(shown, percent_columns=(), row_classes=marks) + more


class SheetView(widgets.VBox):
    """Filter box, sort column, order toggle, 'problems only' switch and the table."""

    def __init__(self, sheet: Sheet | pl.DataFrame, *, limit: int = 500) -> None:
        if isinstance(sheet, Sheet):
            frame = sheet.frame.with_columns(pl.Series(ROW, sheet.rows, dtype=pl.Int64))
            self._problems: dict[int, list[str]] = {}
            for p in sheet.problems.iter_rows(named=True):
                self._problems.setdefault(p["row"], []).append(
                    f"{p['column'] or ''}: {p['message']}"
                )
        else:
            frame = sheet.with_row_index(ROW, offset=2).with_columns(pl.col(ROW).cast(pl.Int64))
            self._problems = {}
        self.frame = frame.select([ROW, *[c for c in frame.columns if c != ROW]])
        self.limit = limit
        self.query = widgets.Text(
            placeholder="filter: words, or column=value, star>1", description="filter"
        )
        self.sort = widgets.Dropdown(
            options=list(self.frame.columns), value=ROW, description="sort by"
        )
        # no icon: an icon font would have to travel with every offline report
        self.descending = widgets.ToggleButton(value=False, description="↓ descending")
        self.only_problems = widgets.Checkbox(
            value=False, description="problems only", disabled=not self._problems
        )
        self.table = widgets.HTML()
        self.count = widgets.Label()
        for w, css in [
            (self.query, "wb-sheet-filter"),
            (self.sort, "wb-sheet-sort"),
            (self.descending, "wb-sheet-order"),
            (self.only_problems, "wb-sheet-problems"),
            (self.table, "wb-sheet-view"),
        ]:
            w.add_class(css)
            w.observe(self._refresh, names="value")
        super().__init__(
            [
                widgets.HBox([self.query, self.sort, self.descending, self.only_problems]),
                self.count,
                self.table,
            ]
        )
        self._refresh()

    def shown(self) -> pl.DataFrame:
        """The rows currently shown (after filter, problem switch and sort)."""
        frame = self.frame
        if self.only_problems.value:
            frame = frame.filter(pl.col(ROW).is_in(list(self._problems)))
        return filter_sort(frame, self.query.value, self.sort.value, self.descending.value)

    def _refresh(self, _change: Any = None) -> None:
        shown = self.shown()
        self.count.value = f"{shown.height} of {self.frame.height} rows"
        self.table.value = table_html(shown, self._problems, self.limit)


class SheetPicker(widgets.VBox):
    """A drop-down of several sheets (label -> Sheet or frame) over a :class:`SheetView`."""

    def __init__(self, sheets: dict[str, Sheet | pl.DataFrame], *, limit: int = 500) -> None:
        if not sheets:
            raise ValueError("SheetPicker needs at least one sheet")
        self.sheets = sheets
        self.limit = limit
        self.choice = widgets.Dropdown(options=list(sheets), description="sheet")
        self.choice.add_class("wb-sheet-choice")
        self.view = SheetView(sheets[self.choice.value], limit=limit)
        self.choice.observe(self._swap, names="value")
        super().__init__([self.choice, self.view])

    def _swap(self, _change: Any = None) -> None:
        self.view = SheetView(self.sheets[self.choice.value], limit=self.limit)
        self.children = (self.choice, self.view)
