"""Print and play: card faces drawn from the sheet, and sheets of them to cut out (issue 28).

- :mod:`~workbench.printing.layout` — a game's ``print_layout.toml``: which column goes
  where, fonts sizes, colours, the band by kind (data a designer edits);
- :mod:`~workbench.printing.wording` — effect cells in the players' words (the layout's
  ``[phrases]``), so no rule-engine text reaches a card;
- :mod:`~workbench.printing.glyphs` — the characters the embedded font can draw (one
  it cannot is a problem at its file, row and column);
- :mod:`~workbench.printing.fit` — measuring, wrapping and shrinking text with the font
  that is embedded, and flagging text that still does not fit;
- :mod:`~workbench.printing.face` — one face as shapes, and as SVG for previews;
- :mod:`~workbench.printing.sheet` — imposition (grid, crop marks, bleed, mirrored
  backs) and the PDF;
- :mod:`~workbench.printing.source` — which cards: a deck list, a variant sheet, or all.

:func:`faces` draws a few cards inline in a notebook; :func:`print_cards` writes the
PDF (``workbench print`` is a thin command over it).

Why reportlab. Three maintained ways were weighed. *reportlab* (BSD, pure Python with
small C helpers, a wheel for every platform) draws on a PDF canvas directly and embeds
TrueType fonts as subsets — the Japanese glyphs of IPAexGothic included — and its
``stringWidth`` reads the same font file, so the width the layout measures is the width
that prints. *WeasyPrint* lays out HTML/CSS well but needs Pango, HarfBuzz and
fontconfig system libraries, and its line breaking happens inside the renderer, out of
reach of the fit check, so overflow could not be reported per card. *SVG faces through
a converter* (CairoSVG, rsvg-convert, vl-convert-style) also needs cairo/librsvg, adds a
second text engine, and resolves fonts by family name at conversion time, so what is
measured and what is drawn could differ. reportlab alone gives exact placement in
millimetres, font subsets embedded, and no system dependency beyond the font file.
Its limit: TrueType outlines only (``glyf``), so Noto CJK's CFF ``.ttc`` cannot be used;
the project's font is a ``.ttf`` (:mod:`workbench.fonts`).

>>> from workbench.printing.source import game_layout, game_sheets, records
>>> rows = records(game_sheets("mugen", game_layout("mugen"))["cards"])
>>> html = faces("mugen", rows, n=2)
>>> html.count("<svg"), html.problems
(2, [])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.effects import Effect, Vocabulary
from workbench.cards.loader import Sheet
from workbench.cards.problems import Problem
from workbench.cards.registry import game_schemas
from workbench.printing.face import back_shapes, face_shapes, shapes_svg
from workbench.printing.glyphs import cell_problems
from workbench.printing.layout import Face, LayoutError, PrintLayout, template_columns
from workbench.printing.sheet import PAPERS, Grid, NoFit, plan_grid, write_pdf
from workbench.printing.source import (
    Entry,
    all_cards,
    deck_cards,
    game_layout,
    game_sheets,
    records,
    repeat,
)

__all__ = [
    "PAPERS",
    "FacesHTML",
    "LayoutError",
    "NoFit",
    "PrintResult",
    "faces",
    "print_cards",
    "printed_glyph_problems",
]


class FacesHTML(str):
    """HTML of card faces: a plain ``str`` that Jupyter shows inline; ``.problems`` lists the
    texts that did not fit."""

    problems: list[Problem]

    def _repr_html_(self) -> str:
        return str(self)


def _face_for(layout: PrintLayout, columns: Sequence[str], sheet: str | None) -> Face:
    if sheet is not None:
        if sheet not in layout.faces:
            raise LayoutError(
                f"{layout.file}: no [faces.{sheet}] (known: {', '.join(layout.faces)})"
            )
        return layout.faces[sheet]
    known = set(columns)

    def overlap(face: Face) -> int:
        return sum(c in known for box in face.boxes for c in box.columns) + 10 * (
            face.title in known
        )

    return max(layout.faces.values(), key=overlap)


def _rows(cards: Sheet | pl.DataFrame | Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(cards, Sheet):
        return records(cards)
    if isinstance(cards, pl.DataFrame):
        return [{**r, "_row": i + 2} for i, r in enumerate(cards.iter_rows(named=True))]
    return [dict(r) for r in cards]


def effect_vocabularies(game: str, stem: str) -> dict[str, Vocabulary]:
    """The sheet's effect columns and their vocabularies (none for a sheet of no schema).

    >>> sorted(effect_vocabularies("life", "album"))
    ['event', 'skill']
    """
    try:
        schema = game_schemas(game).get(stem)
    except (ImportError, ValueError):
        return {}
    if schema is None:
        return {}
    found: dict[str, Vocabulary] = {}
    for column in schema.columns:
        vocabulary = getattr(column, "vocabulary", None)
        if isinstance(vocabulary, Vocabulary):
            found[column.name] = vocabulary
    return found


def _as_sheet_text(game: str, stem: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows from ``Sheet.records()`` carry parsed effects: back to the sheet's own words
    (the column's vocabulary), so a face reads the same from either kind of row."""
    try:
        schema = game_schemas(game).get(stem)
    except (ImportError, ValueError):
        schema = None
    columns = {c.name: c for c in schema.columns} if schema is not None else {}
    out = []
    for row in rows:
        fixed = dict(row)
        for name, value in row.items():
            if isinstance(value, tuple) and value and all(isinstance(v, Effect) for v in value):
                vocabulary = getattr(columns.get(name), "vocabulary", None)
                fixed[name] = (
                    vocabulary.format(value)
                    if vocabulary is not None
                    else "; ".join(" ".join([v.verb, *map(str, v.args)]) for v in value)
                )
        out.append(fixed)
    return out


def faces(
    game: str,
    cards: Sheet | pl.DataFrame | Iterable[Mapping[str, Any]],
    n: int = 6,
    *,
    sheet: str | None = None,
    size: tuple[float, float] = (63.0, 88.0),
    px_per_mm: float = 3.0,
    layout: PrintLayout | None = None,
    guides: bool = False,
) -> FacesHTML:
    """The first ``n`` cards of ``cards`` (sheet rows: a Sheet, a polars frame or dicts of
    column -> value) drawn by the game's print layout, side by side, as inline SVG in HTML.

    ``sheet`` names the face (e.g. ``"events"``) when the game has several; otherwise the
    face whose columns the rows have is used. A pure function of (game, rows): an edited
    row draws the edited card (the what-if loop shows a card before and after this way).
    ``.problems`` of the result lists texts cut to fit, like sheet problems; ``guides``
    outlines the text boxes.
    """
    layout = layout or game_layout(game)
    rows = _rows(cards)[: max(0, min(n, 200))]
    face = _face_for(layout, list(rows[0]) if rows else [], sheet)
    rows = _as_sheet_text(game, face.sheet, rows)
    vocabularies = effect_vocabularies(game, face.sheet)
    parts, problems = [], []
    for rec in rows:
        if face.copies and "_copies" not in rec:  # count marks as the sheet's copies say
            rec = {**rec, "_copies": rec.get(face.copies)}
        shapes, found = face_shapes(
            layout, face, rec, size, guides=guides, vocabularies=vocabularies
        )
        problems.extend(found)
        title = str(rec.get(face.title) or "")
        parts.append(shapes_svg(shapes, size, px_per_mm=px_per_mm, title=title))
    notes = "".join(
        f"<div style='color:#a00;font-size:12px'>{escape(str(p))}</div>" for p in problems
    )
    html = FacesHTML(
        "<div class='wb-faces' style='display:flex;flex-wrap:wrap;gap:8px'>"
        + "".join(parts)
        + "</div>"
        + notes
    )
    html.problems = problems
    return html


@dataclass(frozen=True)
class PrintResult:
    """What :func:`print_cards` wrote: pages, cards, the grid and the texts cut to fit."""

    out: Path
    pages: int
    cards: int
    grid: Grid
    problems: list[Problem]
    entries: list[Entry]
    backs: bool = False

    @property
    def sheets_of_paper(self) -> int:
        """Pages of faces (the backs of a duplex print are on the same sheets); a legend that
        found no margin takes a card slot of its own (:func:`~workbench.printing.sheet.write_pdf`)."""
        return self.pages // 2 if self.backs else self.pages


def print_cards(
    game: str,
    out: str | Path,
    *,
    deck: str | Path | None = None,
    variant: str | Path | None = None,
    paper: str = "a4",
    size: tuple[float, float] = (63.0, 88.0),
    bleed: float = 0.0,
    backs: bool = False,
    copies: int = 1,
    data_dir: str | Path | None = None,
    guides: bool = False,
) -> PrintResult:
    """Write the cards of a deck list (or of every printed sheet) to a PDF at ``out``.

    Raises LayoutError, SheetError (a sheet or deck with problems), LookupError, NoFit or
    ValueError (bad numbers) before writing anything.
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}")
    layout = game_layout(game, data_dir)
    grid = plan_grid(PAPERS[paper], size, bleed)
    sheets = game_sheets(game, layout, variant, data_dir)
    entries = (
        deck_cards(game, layout, sheets, deck, data_dir)
        if deck is not None
        else all_cards(layout, sheets)
    )
    cards = repeat(entries, copies)
    drawn, problems, seen = [], [], set()
    vocabularies = {stem: effect_vocabularies(game, stem) for stem in layout.faces}
    for face, record in cards:
        shapes, found = face_shapes(
            layout, face, record, size, bleed, guides, vocabularies[face.sheet]
        )
        drawn.append(shapes)
        if record["_id"] not in seen:
            problems.extend(found)
            seen.add(record["_id"])
    back = back_shapes(layout, size, bleed) if backs else None
    pages = write_pdf(out, grid, drawn, back, title=f"{game} cards", legend=layout.legend)
    return PrintResult(Path(out), pages, len(cards), grid, problems, entries, backs)


def printed_glyph_problems(game: str, sheet: Sheet) -> list[Problem]:
    """For ``workbench check``: the characters of a sheet's printed cells that the card font
    cannot draw (rule ``glyph``, at file, row and column). None when the game has no print
    layout or does not print this sheet.

    >>> import shutil, tempfile, pathlib
    >>> from workbench.cards.loader import load_sheet
    >>> from workbench.cards.registry import game_schemas
    >>> from workbench.datafiles import data_files
    >>> copy = pathlib.Path(tempfile.mkdtemp()) / "cards.csv"
    >>> text = (data_files("mugen") / "cards.csv").read_text(encoding="utf-8")
    >>> _ = copy.write_text(text.replace("火花,Spark", "火花😀,Spark"), encoding="utf-8")
    >>> found = printed_glyph_problems("mugen", load_sheet(copy, game_schemas("mugen")["cards"]))
    >>> [(p.row, p.column, p.rule) for p in found]
    [(2, 'name', 'glyph')]
    """
    try:
        layout = game_layout(game)
    except LayoutError:
        return []
    stem = Path(sheet.file).stem
    face = layout.faces.get(stem)
    if face is None:
        return []
    printed = [face.title, *(c for box in face.boxes for c in box.columns)]
    if face.art is not None:
        printed += template_columns(face.art.label)
    known = set(sheet.frame.columns)
    columns = [c for c in printed if c in known]
    return [p for rec in records(sheet) for p in cell_problems(rec, columns)]
