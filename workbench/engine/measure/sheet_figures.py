"""The exact figures of a game's card sheets, each saying which sheet columns it reads.

A game's ``whatif`` module lists its exact figures (battle tables, deck odds,
EX warnings, pool statistics, ...) as :class:`SheetFigure` values: a short title,
the columns of each sheet the figure reads, and a function from the loaded sheets
(stem -> ``workbench.cards.Sheet``, in memory: no file is opened) to a frame. An edit touches a figure when it changes a
column the figure reads on a sheet it reads, or adds, removes or renames a row
of such a sheet (a row's key is in the diff then, or the column ``*``): only the
touched figures are redrawn (:func:`draw_figures`). The columns are declared by
hand beside each figure and checked by the tests (an edit to a declared column
moves the figure by the brute-forced amount; a column left out would leave a
figure stale, so the declarations are generous: every column the figure's
loader turns into a field it uses).

>>> import polars as pl
>>> count = SheetFigure("rows", {"cards": ("vp",)}, lambda sheets: pl.DataFrame({"n": [1]}))
>>> count.touched_by([("cards", "vp")]), count.touched_by([("cards", "name")])
(True, False)
>>> count.touched_by([("cards", ANY)]), count.touched_by([("people", "vp")])
(True, False)
>>> sorted(draw_figures([count], {}, edits=[("cards", "name")])), sorted(draw_figures([count], {}))
([], ['rows'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

__all__ = ["ANY", "SheetFigure", "draw_figures", "edited_columns", "touched_titles"]

ANY = "*"
"""A column name that touches every figure reading the sheet: a row added, removed or
re-keyed (the diff names a removed row's column ``*``)."""

Sheets = Mapping[str, Any]
"""Stem -> loaded sheet (``workbench.cards.Sheet``): what a figure is drawn from."""


@dataclass(frozen=True)
class SheetFigure:
    """One exact figure: ``title``, the columns it reads per sheet stem, and how it is drawn."""

    title: str
    reads: Mapping[str, Sequence[str]]
    draw: Callable[[Sheets], pl.DataFrame]

    def touched_by(self, edits: Iterable[tuple[str, str]]) -> bool:
        """True when one of ``edits`` ((sheet, column) pairs) changes what this figure reads."""
        for sheet, column in edits:
            columns = self.reads.get(sheet)
            if columns is not None and (column == ANY or column in columns):
                return True
        return False


def touched_titles(
    figures: Sequence[SheetFigure], edits: Iterable[tuple[str, str]] | None
) -> list[str]:
    """The titles of the figures ``edits`` touch (every figure when ``edits`` is None)."""
    if edits is None:
        return [f.title for f in figures]
    edits = list(edits)
    return [f.title for f in figures if f.touched_by(edits)]


def draw_figures(
    figures: Sequence[SheetFigure],
    sheets: Sheets,
    edits: Iterable[tuple[str, str]] | None = None,
    timings: dict[str, float] | None = None,
) -> dict[str, pl.DataFrame]:
    """Title -> frame of the figures ``edits`` touch (all when None), drawn from the loaded ``sheets``;
    each one's wall time in seconds goes into ``timings`` when given."""
    import time

    wanted = set(touched_titles(figures, edits))
    out = {}
    for f in figures:
        if f.title in wanted:
            start = time.perf_counter()
            out[f.title] = f.draw(sheets)
            if timings is not None:
                timings[f.title] = time.perf_counter() - start
    return out


def edited_columns(diff: pl.DataFrame, keys: Mapping[str, str]) -> set[tuple[str, str]]:
    """(sheet, column) pairs of a variant's diff, a row's key column (a row added or
    re-keyed) and a removed row both read as :data:`ANY`.

    >>> d = pl.DataFrame({"sheet": ["cards", "cards", "cards"], "card": ["a", "b", "c"],
    ...                   "column": ["vp", "id", "*"]})
    >>> sorted(edited_columns(d, {"cards": "id"}))
    [('cards', '*'), ('cards', 'vp')]
    """
    out: set[tuple[str, str]] = set()
    for row in diff.iter_rows(named=True):
        column: Any = row["column"]
        out.add((row["sheet"], ANY if column == keys.get(row["sheet"]) else column))
    return out
