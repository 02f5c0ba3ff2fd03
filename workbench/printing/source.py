"""Which cards to print: a game's layout and sheets (or a variant sheet), a deck list or all.

Every sheet is loaded through the game's schema exactly as ``workbench check``
does, and a deck is checked against its ``deck_rules.csv`` (the nearest one above
the deck file, else the game's) with :func:`workbench.cards.deckrules.check_deck`;
a sheet or deck with problems raises :class:`~workbench.cards.problems.SheetError`
(nothing is printed from a broken sheet). Sizes are bounded before anything is
laid out: at most :data:`MAX_COPIES` copies and :data:`MAX_CARDS` cards a run.

>>> layout = game_layout("mugen")
>>> sheets = game_sheets("mugen", layout)
>>> run = all_cards(layout, sheets)
>>> len(run), run[0].record["name"], run[0].count
(37, '火花', 1)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.cards.deckrules import check_deck, load_deck, load_deck_rules
from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.problems import Problem, SheetError, problems_frame
from workbench.cards.registry import game_schemas, schema_for, sheet_files
from workbench.datafiles import data_files
from workbench.printing.layout import (
    LAYOUT_FILE,
    Face,
    LayoutError,
    PrintLayout,
    load_layout,
    template_columns,
)
from workbench.registry import spec

__all__ = [
    "MAX_CARDS",
    "MAX_COPIES",
    "Entry",
    "all_cards",
    "check_columns",
    "deck_cards",
    "game_layout",
    "game_sheets",
    "records",
    "repeat",
]

MAX_COPIES = 50
MAX_CARDS = 2000


@dataclass(frozen=True)
class Entry:
    """One card design to print ``count`` times, with the face that draws it."""

    face: Face
    record: Mapping[str, Any]
    count: int


def game_layout(game: str, data_dir: str | Path | None = None) -> PrintLayout:
    """The game's print layout (the file its spec names, ``GameSpec.print_layout``, in its
    data folder); :class:`LayoutError` if none."""
    path = data_files(game, data_dir) / (spec(game).print_layout or LAYOUT_FILE)
    if not path.is_file():
        raise LayoutError(
            f"game {game!r} has no {LAYOUT_FILE} in {path.parent} "
            "(copy one from data/mugen/ and edit it)"
        )
    return load_layout(path)


def records(sheet: Sheet) -> list[dict[str, Any]]:
    """A sheet's card rows as dicts (raw cell values) with ``_file``, ``_row`` and ``_id``."""
    stem = Path(sheet.file).stem
    out = []
    for row, rec in zip(sheet.rows, sheet.frame.iter_rows(named=True)):
        out.append({**rec, "_file": sheet.file, "_row": row, "_id": f"{stem}:{row}"})
    return out


def game_sheets(
    game: str,
    layout: PrintLayout,
    variant: str | Path | None = None,
    data_dir: str | Path | None = None,
) -> dict[str, Sheet]:
    """The sheets the layout prints (stem -> checked Sheet); ``variant`` (a sheet file, or a
    variant folder of the what-if loop) replaces the sheets of its stems. SheetError for
    problems, LookupError for a variant of no known sheet."""
    files = sheet_files(game, data_files(game, data_dir))
    schemas = game_schemas(game)
    sheets: dict[str, Sheet] = {}
    for path in _variant_files(game, layout, variant):
        schema = schema_for(path, game)
        stem = next((s for s, v in schemas.items() if v is schema), path.stem)
        if stem not in layout.faces:
            raise LookupError(f"{path}: sheet {stem!r} has no face in {layout.file}")
        sheets[stem] = load_sheet(path, schema).require_clean()
    for stem in layout.faces:
        if stem in sheets:
            continue
        if stem not in files or stem not in schemas:
            raise LookupError(f"{layout.file}: faces.{stem}: game {game!r} has no sheet {stem!r}")
        sheets[stem] = load_sheet(files[stem], schemas[stem]).require_clean()
    for stem, sheet in sheets.items():
        check_columns(layout, layout.faces[stem], sheet.frame.columns)
    return sheets


#: what a template may use besides the sheet's columns (see :mod:`workbench.printing.layout`).
RUN_COLUMNS = ("_copies", "_id", "_row", "_file")


def check_columns(layout: PrintLayout, face: Face, columns: list[str]) -> None:
    r""":class:`LayoutError` (one line: the face, the box and the name) for a column the face
    reads that its sheet does not have — it would print blank.

    >>> from workbench.printing.layout import parse_layout
    >>> layout = parse_layout('[faces.cards]\n[[faces.cards.boxes]]\ntext = "{nme}"\nbox = [1, 1, 9, 9]')
    >>> check_columns(layout, layout.faces["cards"], ["id", "name"])
    Traceback (most recent call last):
    ...
    workbench.printing.layout.LayoutError: print_layout.toml: faces.cards.boxes[0] (box): unknown column 'nme' (the sheet cards has: id, name)
    """
    known = set(columns) | set(RUN_COLUMNS)
    where = f"{layout.file}: faces.{face.sheet}"
    used = [(f"{where}.title", face.title)]
    used += [(f"{where}.copies", face.copies)] if face.copies else []
    used += [(f"{where}.band.column", face.band.column)] if face.band else []
    if face.art is not None:
        used += [(f"{where}.art.label", c) for c in template_columns(face.art.label)]
    for i, box in enumerate(face.boxes):
        here = f"{where}.boxes[{i}] ({box.name})"
        used += [(here, c) for c in box.columns]
        used += [(f"{here}.unless", box.unless)] if box.unless else []
    for place, column in used:
        if column not in known:
            raise LayoutError(
                f"{place}: unknown column {column!r} (the sheet {face.sheet} has: "
                f"{', '.join(c for c in columns)})"
            )


def _variant_files(game: str, layout: PrintLayout, variant: str | Path | None) -> list[Path]:
    """The sheet files a variant replaces: the file itself, or the printed sheets in a
    variant folder (``variants/<name>/`` holding ``<game>/cards.csv``, or the sheets)."""
    if variant is None:
        return []
    path = Path(variant)
    if not path.is_dir():
        return [path]
    folder = path / game if (path / game).is_dir() else path
    found = {stem: p for stem, p in sheet_files(game, folder).items() if stem in layout.faces}
    if not found:
        raise LookupError(
            f"{variant}: no sheet of {', '.join(layout.faces)} for game {game!r} in this folder"
        )
    return list(found.values())


def _count(record: Mapping[str, Any], column: str | None) -> int:
    value = record.get(column) if column else 1
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 1


def all_cards(layout: PrintLayout, sheets: Mapping[str, Sheet]) -> list[Entry]:
    """Every card of every printed sheet, as many times as its ``copies`` column says (once
    when the face names no such column)."""
    return [
        Entry(face, rec, _count(rec, face.copies))
        for stem, face in layout.faces.items()
        for rec in records(sheets[stem])
    ]


def _key(text: Any) -> str:
    return unicodedata.normalize("NFKC", str(text)).casefold().strip()


def _rules_path(deck: Path, game: str, data_dir: str | Path | None) -> Path | None:
    for folder in [deck.parent, *deck.parent.parents][:4]:
        if (folder / "deck_rules.csv").is_file():
            return folder / "deck_rules.csv"
    fallback = data_files(game, data_dir) / "deck_rules.csv"
    return fallback if fallback.is_file() else None


def deck_cards(
    game: str,
    layout: PrintLayout,
    sheets: Mapping[str, Sheet],
    deck: str | Path,
    data_dir: str | Path | None = None,
) -> list[Entry]:
    """The cards of a deck list (name,count), checked like ``workbench check`` checks it;
    SheetError listing every problem of a deck that breaks the game's rules."""
    deck = Path(deck)
    face = layout.deck_face
    cards = sheets[face.sheet]
    listing = load_deck(deck)
    rules_path = _rules_path(deck, game, data_dir)
    rules = load_deck_rules(rules_path) if rules_path is not None else ()
    problems = listing.problems
    checked = check_deck(listing, cards, rules)
    if problems.height or checked.height:
        raise SheetError(problems_frame([*_rows(problems), *_rows(checked)]))
    lookup: dict[str, dict[str, Any]] = {}
    for column in ("id", "name_en", face.title, "name"):
        if column in cards.frame.columns:
            for rec in records(cards):
                if rec.get(column) is not None:
                    lookup[_key(rec[column])] = rec
    entries: dict[str, Entry] = {}
    for row in listing.frame.iter_rows(named=True):
        rec = lookup[_key(row["name"])]
        old = entries.get(rec["_id"])
        entries[rec["_id"]] = Entry(face, rec, (old.count if old else 0) + int(row["count"]))
    return list(entries.values())


def _rows(frame: Any) -> list[Problem]:
    return [
        Problem(*r) for r in frame.select(["file", "row", "column", "rule", "message"]).iter_rows()
    ]


def repeat(entries: list[Entry], copies: int = 1) -> list[tuple[Face, dict[str, Any]]]:
    """The cards in print order (each design ``count × copies`` times, side by side), each
    record carrying ``_copies``; ValueError past :data:`MAX_COPIES` / :data:`MAX_CARDS`.

    >>> face = Face("cards", "name", ())
    >>> [r["_copies"] for _, r in repeat([Entry(face, {"name": "a"}, 2)], copies=2)]
    [4, 4, 4, 4]
    """
    if not 1 <= copies <= MAX_COPIES:
        raise ValueError(f"copies must be 1 to {MAX_COPIES}, got {copies}")
    total = sum(e.count for e in entries) * copies
    if total > MAX_CARDS:
        raise ValueError(f"{total:,} cards to print; at most {MAX_CARDS:,} in one run")
    out: list[tuple[Face, dict[str, Any]]] = []
    for entry in entries:
        n = entry.count * copies
        record = {**entry.record, "_copies": n}
        out.extend((entry.face, record) for _ in range(n))
    return out
