"""Variants: a named set of edits on a game's card sheets, checked, diffed, saved, loaded back.

A :class:`Variant` is a base (a game's folder of sheets) plus edits — set one
cell, add a row, remove a row — each checked before it is kept: the edited
sheet goes through the very loader and schema ``workbench check`` uses, and
an edit that brings a problem the sheet did not have is refused with that
problem's message (:class:`EditRefused`); the variant is unchanged. Where a game's
sheets name each other's rows (its ``schemas(folder)`` reads a neighbour: detective's
events name the people of its people.csv), every sheet of the variant is checked
against the variant's own neighbours, so renaming or removing a person an event
names is refused at that event's row and column. Variants
are values (every edit returns a new one), so undo is keeping the old one.

**Edits live in memory.** A variant reads its base and source sheets once, the first
time it needs them, and every variant made from it by edits shares what was read: an
edit, its check (the loader's own checks run on the edited cells,
:func:`~workbench.cards.loader.sheet_of_cells`), the tables, the diff, the texts and the
content hash open no file and write none. Files are written when the designer saves
(:meth:`Variant.save`, :meth:`Variant.write_sheets`).

On disk a variant is a folder beside its base::

    data/ghost/variants/<name>/variant.json      name, edits, provenance
    data/ghost/variants/<name>/ghost/cards.csv   every sheet of the game, edited or copied

The sheets sit in a ``<game>/`` folder so the variant is a data folder of its
own (``data_dir=``, ``$WORKBENCH_DATA``) and ``workbench check`` finds their
schemas by file stem and the game by the folder name. The provenance records
the base files' sha256, the date and the game's rules version. The folder is
written under a temporary name and renamed into place (atomic: a reader sees
the old variant or the new one, never half of one).

>>> import tempfile, shutil
>>> base = Path(tempfile.mkdtemp()) / "life"
>>> _ = shutil.copytree(sheet_folder("life"), base)
>>> v = Variant.of("life", base, "lucky-j04").set("album", "J04", "stars", "2")
>>> v.diff().rows()
[('album', 'J04', 'stars', '1', '2')]
>>> v.set("album", "J04", "stars", "x")
Traceback (most recent call last):
...
workbench.cards.variants.EditRefused: album.csv row 5, column stars [int]: 'x' is not a whole number
>>> saved = v.save()
>>> saved.relative_to(base).as_posix()
'variants/lucky-j04'
>>> load_variant(saved).diff().equals(v.diff())
True
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.loader import Sheet, sheet_of_cells
from workbench.cards.problems import Problem, SheetError, frame_problems
from workbench.cards.reading import cells_of_records, read_cells
from workbench.cards.registry import (
    game_schemas,
    reads_other_sheets,
    set_problems,
    set_schemas,
    sheet_files,
)
from workbench.cards.schema import Schema
from workbench.datafiles import data_files
from workbench.registry import make_game
from workbench.spec import SheetSource

__all__ = [
    "Edit",
    "EditRefused",
    "SheetTable",
    "Variant",
    "content_hash",
    "load_variant",
    "sheet_folder",
]

MANIFEST = "variant.json"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


class EditRefused(ValueError):
    """An edit that would bring a problem ``workbench check`` reports; ``.problem`` says where."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))


@dataclass(frozen=True)
class Edit:
    """One edit: ``set`` a cell (``column`` to ``value``), ``add`` a row (``cells``, after
    ``card`` when given) or ``remove`` the row of ``card``. Cards are named by the sheet's key
    (its first unique column)."""

    kind: str
    sheet: str
    card: str
    column: str = ""
    value: str = ""
    cells: tuple[tuple[str, str], ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "sheet": self.sheet,
            "card": self.card,
            "column": self.column,
            "value": self.value,
            "cells": [list(c) for c in self.cells],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Edit:
        return cls(
            str(d["kind"]),
            str(d["sheet"]),
            str(d["card"]),
            str(d.get("column", "")),
            str(d.get("value", "")),
            tuple((str(a), str(b)) for a, b in d.get("cells", ())),
        )


@dataclass(frozen=True)
class SheetTable:
    """A sheet as text cells (what a spreadsheet app shows): header, rows, the key column."""

    stem: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    key: str

    @classmethod
    def read(cls, path: Path, schema: Schema) -> SheetTable:
        _, header, rows = read_cells(path, prefer=schema.name)
        names = tuple(h or "" for h in header)
        width = len(names)
        body = tuple(
            tuple((c or "") for c in (cells + [None] * width)[:width]) for _, cells in rows
        )
        key = next((c.name for c in schema.columns if c.unique and c.name in names), names[0])
        return cls(path.stem, names, body, key)

    def index(self, card: str) -> int:
        """The row index of ``card`` (KeyError naming the sheet when absent)."""
        k = self.header.index(self.key)
        for i, row in enumerate(self.rows):
            if row[k] == card:
                return i
        raise KeyError(f"{self.stem}: no card {card!r} in column {self.key}")

    def cell(self, card: str, column: str) -> str:
        return self.rows[self.index(card)][self._col(column)]

    def _col(self, column: str) -> int:
        if column not in self.header:
            raise KeyError(f"{self.stem}: no column {column!r} (columns: {', '.join(self.header)})")
        return self.header.index(column)

    def apply(self, edit: Edit) -> SheetTable:
        """This table with one edit made (KeyError for an unknown card or column)."""
        rows = list(self.rows)
        if edit.kind == "set":
            i, c = self.index(edit.card), self._col(edit.column)
            rows[i] = rows[i][:c] + (edit.value,) + rows[i][c + 1 :]
        elif edit.kind == "add":
            cells = dict(edit.cells)
            unknown = [c for c in cells if c not in self.header]
            if unknown:
                raise KeyError(f"{self.stem}: no column {unknown[0]!r}")
            at = self.index(edit.card) + 1 if edit.card else len(rows)
            rows.insert(at, tuple(cells.get(h, "") for h in self.header))
        elif edit.kind == "remove":
            del rows[self.index(edit.card)]
        else:
            raise ValueError(f"unknown edit kind {edit.kind!r}")
        return replace(self, rows=tuple(rows))

    def csv_text(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.header)
        writer.writerows(self.rows)
        return out.getvalue()

    def frame(self) -> pl.DataFrame:
        """The cells as a frame of text columns (for a grid)."""
        return pl.DataFrame(
            {h: [r[i] for r in self.rows] for i, h in enumerate(self.header)},
            schema={h: pl.String for h in self.header},
        )


def sheet_folder(game: str, data_dir: str | os.PathLike[str] | None = None) -> Path:
    """The folder of a game's sheets (:func:`workbench.data_files`)."""
    return data_files(game, data_dir)


def content_hash(texts: Mapping[str, bytes]) -> str:
    """sha256 over sheets by stem (name and bytes), the key of cached answers.

    >>> content_hash({"a": b"x"}) == content_hash({"a": b"x"}) != content_hash({"a": b"y"})
    True
    """
    h = hashlib.sha256()
    for stem in sorted(texts):
        h.update(stem.encode() + b"\0" + hashlib.sha256(texts[stem]).digest())
    return h.hexdigest()


def _sheet(table: SheetTable, schema: Schema) -> Sheet:
    """The table loaded and checked as its CSV file would be, in memory."""
    file = f"{table.stem}.csv"
    header, rows = cells_of_records((table.header, *table.rows), file)
    return sheet_of_cells(file, header, rows, schema)


def _problems(table: SheetTable, schema: Schema) -> list[Problem]:
    try:
        return frame_problems(_sheet(table, schema).problems)
    except SheetError as exc:
        return frame_problems(exc.problems)


def _key(p: Problem) -> tuple[Any, ...]:
    return (p.column, p.rule, p.message)


def _set_problems(
    game: str, tables: Mapping[str, SheetTable], schemas: Mapping[str, Schema]
) -> list[Problem]:
    """:func:`~workbench.cards.registry.set_problems` of these tables, loaded in memory
    (``schemas``: the game's, before any of them is read)."""
    return set_problems(game, tables, _sheet, schemas)


@dataclass(frozen=True)
class Variant:
    """A named set of edits on a game's sheets in ``base`` (see the module docstring)."""

    game: str
    base: Path
    name: str
    edits: tuple[Edit, ...] = ()
    source: Path | None = None
    """Where the sheets are read from when not ``base`` (a saved variant's ``<game>/`` folder)."""
    done: int = 0
    """How many of ``edits`` the ``source`` sheets already hold (a loaded variant's)."""
    read: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """What was read from disk, once, the first time any of it is needed (schemas, files,
    tables, bytes): shared by every variant made from this one by edits, so an edit reads
    no file."""

    def _disk(self) -> dict[str, Any]:
        if not self.read:
            schemas = game_schemas(self.game)
            base = sheet_files(self.game, self.base)
            source = sheet_files(self.game, self.source or self.base)
            self.read.update(
                schemas=schemas,
                base_files=base,
                base_tables={s: SheetTable.read(p, schemas[s]) for s, p in base.items()},
                source_files=source,
                source_tables={s: SheetTable.read(p, schemas[s]) for s, p in source.items()},
                source_bytes={s: p.read_bytes() for s, p in source.items()},
            )
        return self.read

    def __post_init__(self) -> None:
        check_name(self.name)  # every variant, made here or loaded: save() writes by name

    @classmethod
    def of(
        cls, game: str, base: str | os.PathLike[str] | None = None, name: str = "variant"
    ) -> Variant:
        """A variant with no edits yet on ``base`` (default: the game's data folder)."""
        check_name(name)
        folder = Path(base) if base is not None else sheet_folder(game)
        if not sheet_files(game, folder):
            raise FileNotFoundError(f"{folder}: none of {game}'s sheets are here")
        return cls(game, folder, name)

    # -- the sheets ---------------------------------------------------------
    def schemas(self) -> dict[str, Schema]:
        return dict(self._disk()["schemas"])

    def base_files(self) -> dict[str, Path]:
        return dict(self._disk()["base_files"])

    def base_tables(self) -> dict[str, SheetTable]:
        return dict(self._disk()["base_tables"])

    def source_files(self) -> dict[str, Path]:
        return dict(self._disk()["source_files"])

    def tables(self) -> dict[str, SheetTable]:
        """Every sheet with the edits made."""
        tables = dict(self._disk()["source_tables"])
        for e in self.edits[self.done :]:
            tables[e.sheet] = tables[e.sheet].apply(e)
        return tables

    def sheet_source(self) -> SheetSource:
        """Every sheet loaded and checked in memory from its cells, as the game reads them
        (``GameSpec.sheets.read``): no file is read or written. ``files`` names the sheets
        the edits leave as they are on disk (a game that reads its sheets from files can
        play on those; an edited one lives in memory only); ``SheetError`` for a sheet
        that fails its checks."""
        tables = self.tables()
        schemas = set_schemas(self.game, tables, _sheet, self.schemas())
        loaded = {stem: _sheet(t, schemas[stem]).require_clean() for stem, t in tables.items()}
        touched = self.touched()
        files = {s: p for s, p in self.source_files().items() if s not in touched}
        return SheetSource(loaded, files)

    def touched(self) -> set[str]:
        """The sheets the edits not yet in ``source`` change."""
        return {e.sheet for e in self.edits[self.done :]}

    def texts(self) -> dict[str, bytes]:
        """Stem -> file bytes: edited sheets as CSV, the others as they are on disk."""
        touched = self.touched()
        tables = self.tables() if touched else {}
        kept = self._disk()["source_bytes"]
        return {
            stem: tables[stem].csv_text().encode() if stem in touched else kept[stem]
            for stem in self.source_files()
        }

    def content_hash(self) -> str:
        return content_hash(self.texts())

    # -- editing ------------------------------------------------------------
    def edit(self, e: Edit) -> Variant:
        """This variant with ``e`` made, or :class:`EditRefused` (nothing changes)."""
        return self._edited(e.sheet, (e,))

    def set_cells(self, sheet: str, card: str, cells: Mapping[str, str]) -> Variant:
        """Set several cells of one row, checked once together (a change that is only
        consistent whole, e.g. an event side's timing and effect blanked together)."""
        return self._edited(
            sheet, tuple(Edit("set", sheet, card, c, str(v)) for c, v in cells.items())
        )

    def _edited(self, sheet: str, edits: tuple[Edit, ...]) -> Variant:
        """This variant with ``edits`` (all on ``sheet``) made and checked once."""
        schemas = self.schemas()
        if sheet not in schemas:
            raise KeyError(f"{self.game} has no sheet {sheet!r} (sheets: {', '.join(schemas)})")
        tables = self.tables()
        before = after = tables[sheet]
        for e in edits:
            after = after.apply(e)
        old = {_key(p) for p in _problems(before, schemas[sheet])}
        for p in _problems(after, schemas[sheet]):
            if _key(p) not in old:
                raise EditRefused(p)
        if reads_other_sheets(self.game):  # an edit here can break a reference there
            known = {(p.file, *_key(p)) for p in _set_problems(self.game, tables, schemas)}
            for p in _set_problems(self.game, {**tables, sheet: after}, schemas):
                if (p.file, *_key(p)) not in known:
                    raise EditRefused(p)
        return replace(self, edits=(*self.edits, *edits))

    def set(self, sheet: str, card: str, column: str, value: str) -> Variant:
        """Set one cell (the text a designer types)."""
        return self.edit(Edit("set", sheet, card, column, str(value)))

    def add(self, sheet: str, cells: Mapping[str, str], after: str = "") -> Variant:
        """Add a row (after card ``after``, else at the end)."""
        return self.edit(
            Edit("add", sheet, after, cells=tuple((k, str(v)) for k, v in cells.items()))
        )

    def duplicate(self, sheet: str, card: str, new_key: str) -> Variant:
        """Add a copy of ``card`` right after it, keyed ``new_key``."""
        t = self.tables()[sheet]
        cells = dict(zip(t.header, t.rows[t.index(card)], strict=True))
        cells[t.key] = new_key
        return self.add(sheet, cells, after=card)

    def remove(self, sheet: str, card: str) -> Variant:
        return self.edit(Edit("remove", sheet, card))

    # -- showing and saving -------------------------------------------------
    def diff(self) -> pl.DataFrame:
        """sheet, card, column, before, after: every cell that differs from the base."""
        rows: list[tuple[str, str, str, str, str]] = []
        base = self.base_tables()
        for stem, now in self.tables().items():
            old = base[stem]
            k = old.header.index(old.key)
            was = {r[k]: r for r in old.rows}
            kept = {r[now.header.index(now.key)]: r for r in now.rows}
            for card, row in kept.items():
                if card not in was:
                    rows += [
                        (stem, card, h, "", v) for h, v in zip(now.header, row, strict=True) if v
                    ]
                    continue
                for h, v in zip(now.header, row, strict=True):
                    before = was[card][old.header.index(h)] if h in old.header else ""
                    if v != before:
                        rows.append((stem, card, h, before, v))
            rows += [(stem, card, "*", "card", "removed") for card in was if card not in kept]
        return pl.DataFrame(
            rows,
            schema={
                "sheet": pl.String,
                "card": pl.String,
                "column": pl.String,
                "before": pl.String,
                "after": pl.String,
            },
            orient="row",
        )

    def provenance(self) -> dict[str, Any]:
        """Base file hashes, the date (UTC) and the game's rules version."""
        return {
            "base": str(self.base),
            "base_sha256": {
                s: hashlib.sha256(p.read_bytes()).hexdigest() for s, p in self.base_files().items()
            },
            "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "rules_version": str(make_game(self.game).version),
        }

    def write_sheets(self, folder: Path) -> dict[str, Path]:
        """Write every sheet under ``folder/<game>/`` (no manifest); stem -> path."""
        out = {}
        (folder / self.game).mkdir(parents=True, exist_ok=True)
        for stem, data in self.texts().items():
            suffix = ".csv" if stem in self.touched() else self.source_files()[stem].suffix
            out[stem] = folder / self.game / f"{stem}{suffix}"
            out[stem].write_bytes(data)
        return out

    def save(self, folder: str | os.PathLike[str] | None = None) -> Path:
        """Write the variant to ``folder`` (default ``<base>/variants/<name>``) atomically."""
        target = Path(folder) if folder is not None else self.base / "variants" / self.name
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
        try:
            self.write_sheets(tmp)
            manifest = {
                "game": self.game,
                "name": self.name,
                **self.provenance(),
                "base": _base_as_seen_from(self.base, target),
                "edits": [e.as_json() for e in self.edits],
            }
            (tmp / MANIFEST).write_text(
                json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            old = None
            if target.exists():
                old = target.with_name(f".{target.name}.old-{os.getpid()}")
                os.replace(target, old)
            os.replace(tmp, target)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return target


def _base_as_seen_from(base: Path, target: Path) -> str:
    """The base folder as the manifest records it: relative to the variant's own folder
    when the variant lives inside the base (``<base>/variants/<name>``, so a clone of the
    project elsewhere finds its base), else absolute.

    >>> _base_as_seen_from(Path("/d/ghost"), Path("/d/ghost/variants/v1"))
    '../..'
    >>> _base_as_seen_from(Path("/d/ghost"), Path("/elsewhere/v1"))
    '/d/ghost'
    """
    base_abs, target_abs = Path(os.path.abspath(base)), Path(os.path.abspath(target))
    if base_abs in target_abs.parents:
        return os.path.relpath(base_abs, target_abs)
    return str(base_abs)


def check_name(name: Any, where: str = "") -> str:
    """``name`` when it is a variant name (:data:`NAME`: one folder name, no path), else
    ValueError in one line (prefixed by ``where``, the file it came from).

    >>> check_name("unyu-2d1")
    'unyu-2d1'
    >>> check_name("../../victim", "v/variant.json")
    Traceback (most recent call last):
    ...
    ValueError: v/variant.json: variant name '../../victim': letters, digits, '-', '_' and '.' only (at most 64, starting with a letter or digit)
    """
    if not isinstance(name, str) or not NAME.fullmatch(name):
        shown = repr(name) if len(repr(name)) <= 80 else repr(name)[:79] + "…"
        raise ValueError(
            f"{where + ': ' if where else ''}variant name {shown}: letters, digits, '-', '_' "
            "and '.' only (at most 64, starting with a letter or digit)"
        )
    return name


def _edits(raw: Any, file: Path) -> tuple[Edit, ...]:
    """The edits of a manifest, each checked for its shape (ValueError in one line)."""
    if not isinstance(raw, list) or len(raw) > 100_000:
        raise ValueError(f"{file}: 'edits' should be a list of edits")
    out = []
    for i, e in enumerate(raw, 1):
        try:
            if not isinstance(e, dict) or e.get("kind") not in ("set", "add", "remove"):
                raise ValueError("its kind should be set, add or remove")
            out.append(Edit.from_json(e))
        except (KeyError, ValueError, TypeError) as exc:
            why = f"no {exc}" if isinstance(exc, KeyError) else str(exc)[:100]
            raise ValueError(f"{file}: edit {i} is not an edit ({why})") from None
    return tuple(out)


def is_variant(path: str | os.PathLike[str]) -> bool:
    """True for a folder written by :meth:`Variant.save`."""
    return (Path(path) / MANIFEST).is_file()


def read_manifest(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The ``variant.json`` of a saved variant (ValueError naming the file when unreadable)."""
    file = Path(path) / MANIFEST
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{file}: not a variant manifest ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise ValueError(f"{file}: not a variant manifest (no game)")
    if "name" in data:
        check_name(data["name"], str(file))
    from workbench.registry import game_names

    if data["game"] not in game_names():
        shown = data["game"] if len(data["game"]) <= 60 else data["game"][:59] + "…"
        raise ValueError(f"{file}: names game {shown!r}, which is not installed")
    return data


def load_variant(
    path: str | os.PathLike[str], base: str | os.PathLike[str] | None = None
) -> Variant:
    """A saved variant back: its sheets as saved, its edits and base for the diff."""
    folder = Path(path)
    data = read_manifest(folder)
    game = str(data["game"])
    recorded = Path(str(data.get("base") or ""))
    if base is not None:
        base_folder = Path(base)
    else:
        base_folder = (
            recorded if recorded.is_absolute() else Path(os.path.normpath(folder / recorded))
        )
    if not base_folder.is_dir():
        base_folder = folder.parent.parent
    if not sheet_files(game, folder / game):
        raise ValueError(f"{folder}: the variant holds none of {game}'s sheets")
    edits = _edits(data.get("edits", ()), folder / MANIFEST)
    name = check_name(data.get("name", folder.name), str(folder / MANIFEST))
    return Variant(game, base_folder, name, edits, folder / game, len(edits))
