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

import html
import re
import unicodedata
from typing import Any

import ipywidgets as widgets
import polars as pl

from workbench.cards.loader import Sheet

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
        ops = {"=": col == target, "==": col == target, "!=": col != target, ">": col > target,
               "<": col < target, ">=": col >= target, "<=": col <= target}
        return ops[op]
    needle = _fold(term)
    texts = [pl.col(c).cast(pl.String).fill_null("") if not isinstance(t, pl.List)
             else pl.col(c).list.join(";").fill_null("")
             for c, t in frame.schema.items()]
    joined = pl.concat_str(texts, separator="\u0001").str.normalize("NFKC").str.to_lowercase()
    return joined.str.contains(needle, literal=True)


def filter_sort(frame: pl.DataFrame, query: str = "", sort: str | None = None,
                descending: bool = False) -> pl.DataFrame:
    """The rows matching every term of ``query``, sorted by ``sort`` (nulls last)."""
    out = frame
    for term in query.split():
        expr = _term_filter(frame, term)
        if expr is not None:
            out = out.filter(expr)
    if sort and sort in out.columns:
        out = out.sort(sort, descending=descending, nulls_last=True, maintain_order=True)
    return out


def table_html(frame: pl.DataFrame, problems: dict[int, list[str]] | None = None,
               limit: int = 200) -> str:
    """An HTML table (pure); rows whose ``row`` number has problems are tinted."""
    problems = problems or {}
    head = "".join(f"<th>{html.escape(c)}</th>" for c in frame.columns)
    body = []
    for rec in frame.head(limit).iter_rows(named=True):
        notes = problems.get(rec.get(ROW, -1), [])
        attrs = (f' class="wb-sheet-bad" title="{html.escape(chr(10).join(notes))}"'
                 if notes else "")
        cells = "".join(f"<td>{'' if v is None else html.escape(_show(v))}</td>"
                        for v in rec.values())
        body.append(f"<tr{attrs}>{cells}</tr>")
    more = (f"<p>showing {limit} of {frame.height} rows</p>" if frame.height > limit else "")
    style = ("<style>.wb-sheet-table td,.wb-sheet-table th{padding:2px 6px;"
             "border-bottom:1px solid #ddd;text-align:left;white-space:nowrap}"
             ".wb-sheet-bad{background:#ffebee}</style>")
    return (f"{style}<table class='wb-sheet-table'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>{more}")


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "; ".join(map(str, value))
    return str(value)


class SheetView(widgets.VBox):
    """Filter box, sort column, order toggle, 'problems only' switch and the table."""

    def __init__(self, sheet: Sheet | pl.DataFrame, *, limit: int = 200) -> None:
        if isinstance(sheet, Sheet):
            frame = sheet.frame.with_columns(pl.Series(ROW, sheet.rows, dtype=pl.Int64))
            self._problems: dict[int, list[str]] = {}
            for p in sheet.problems.iter_rows(named=True):
                self._problems.setdefault(p["row"], []).append(
                    f"{p['column'] or ''}: {p['message']}")
        else:
            frame = sheet.with_row_index(ROW, offset=2).with_columns(pl.col(ROW).cast(pl.Int64))
            self._problems = {}
        self.frame = frame.select([ROW, *[c for c in frame.columns if c != ROW]])
        self.limit = limit
        self.query = widgets.Text(placeholder="filter: words, or column=value, star>1",
                                  description="filter")
        self.sort = widgets.Dropdown(options=list(self.frame.columns), value=ROW,
                                     description="sort by")
        self.descending = widgets.ToggleButton(value=False, description="descending",
                                               icon="sort-amount-desc")
        self.only_problems = widgets.Checkbox(value=False, description="problems only",
                                              disabled=not self._problems)
        self.table = widgets.HTML()
        self.count = widgets.Label()
        for w, css in [(self.query, "wb-sheet-filter"), (self.sort, "wb-sheet-sort"),
                       (self.descending, "wb-sheet-order"), (self.only_problems,
                                                             "wb-sheet-problems"),
                       (self.table, "wb-sheet-view")]:
            w.add_class(css)
            w.observe(self._refresh, names="value")
        super().__init__([widgets.HBox([self.query, self.sort, self.descending,
                                        self.only_problems]), self.count, self.table])
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

    def __init__(self, sheets: dict[str, Sheet | pl.DataFrame], *, limit: int = 200) -> None:
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
