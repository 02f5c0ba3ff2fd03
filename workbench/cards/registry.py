"""A game's sheet schemas and data files, as its spec declares them (``GameSpec.sheets``).

A game declares its sheets once (:class:`workbench.spec.Sheets`): their stems in the
order they load, ``schemas(loaded)`` (a schema may name values of an earlier sheet:
detective's events name the people of its people sheet) and ``read(source)`` (the
parameters that make the game play on loaded sheets). This module loads sheets
through those declarations; the sheets themselves are found by
:func:`workbench.data_files` (the packaged ``data/`` folder, ``$WORKBENCH_DATA``, a
``root=`` folder, or the folder a designer's package declares).

>>> from workbench.registry import register, unregister, spec
>>> from dataclasses import replace
>>> register(replace(spec("peek"), name="demo"))
>>> guess_game("data/demo/decks/a.csv")
'demo'
>>> guess_game("elsewhere/cards.csv") is None
True
>>> unregister("demo")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.problems import Problem, SheetError, frame_problems
from workbench.cards.schema import Schema
from workbench.datafiles import data_files
from workbench.registry import game_names, spec
from workbench.spec import FixedSchemas, Sheets, SheetSource

__all__ = [
    "game_schemas",
    "guess_game",
    "load_game_sheets",
    "reads_other_sheets",
    "schema_for",
    "set_problems",
    "set_schemas",
    "sheet_files",
    "sheet_source",
]

SUFFIXES = (".csv", ".xlsx", ".parquet")


def guess_game(path: str | Path) -> str | None:
    """The game named by a ``data/<game>/...`` path (or any path part equal to a game)."""
    parts = Path(path).parts
    games = game_names()
    for i, part in enumerate(parts[:-1]):
        if part == "data" and parts[i + 1] in games:
            return parts[i + 1]
    for part in reversed(parts[:-1]):
        if part in games:
            return part
    return None


def _sheets(game: str) -> Sheets | None:
    return spec(game).sheets


def reads_other_sheets(game: str) -> bool:
    """Whether a sheet's schema depends on another sheet of the same set (the spec's
    ``schemas`` is not :class:`~workbench.spec.FixedSchemas`), so a check of one sheet
    must read its neighbours.

    >>> reads_other_sheets("detective"), reads_other_sheets("life"), reads_other_sheets("peek")
    (True, False, False)
    """
    sheets = _sheets(game)
    return sheets is not None and not isinstance(sheets.schemas, FixedSchemas)


def _schemas(sheets: Sheets, loaded: Mapping[str, Sheet]) -> dict[str, Schema]:
    table = sheets.schemas(loaded)
    return {str(k): v for k, v in table.items() if isinstance(v, Schema)}


def set_schemas(
    game: str,
    files: Mapping[str, Any],
    load: Callable[[Any, Schema], Sheet] = load_sheet,
    start: Mapping[str, Schema] | None = None,
) -> dict[str, Schema]:
    """The schemas for one set of a game's sheets (stem -> file, possibly in different
    folders): the sheets a later schema reads are loaded from this set, in the spec's
    order (one that is missing here: the packaged one's; one that is refused:
    ``SheetError`` with its problems, as the game's loader would raise them). ``load``
    loads one of ``files`` with a schema (default :func:`load_sheet` of a path; a sheet
    edited in memory gives its own); ``start``: the schemas before any sheet of the set is
    loaded, when the caller has them already (default: the spec's ``schemas({})``, which
    may read the packaged sheets).

    >>> sorted(set_schemas("life", {}))
    ['album', 'dreams']
    """
    sheets = _sheets(game)
    if sheets is None:
        return {}
    schemas = dict(start) if start is not None else _schemas(sheets, {})
    if not reads_other_sheets(game):
        return schemas
    loaded: dict[str, Sheet] = {}
    for stem in sheets.stems[:-1]:
        path = files.get(stem)
        if path is None or stem not in schemas:
            continue
        try:
            loaded[stem] = load(path, schemas[stem])
        except SheetError as exc:
            if set(exc.problems["rule"]) != {"missing"}:
                raise
            continue
        schemas = _schemas(sheets, loaded)
    return schemas


def game_schemas(game: str, folder: str | Path | None = None) -> dict[str, Schema]:
    """File stem -> schema for one game ({} for a game that declares no sheets;
    :class:`~workbench.registry.UnknownGame`, a ValueError, for an unknown game).

    ``folder``: the folder of the sheets to check, for a game whose schemas read another
    of its sheets (:func:`reads_other_sheets`): read as :func:`set_schemas` reads a set.
    """
    if folder is None or not reads_other_sheets(game):
        sheets = _sheets(game)
        return {} if sheets is None else _schemas(sheets, {})
    return set_schemas(game, _files_in(game, Path(folder)))


def set_problems(
    game: str,
    files: Mapping[str, Any],
    load: Callable[[Any, Schema], Sheet] = load_sheet,
    start: Mapping[str, Schema] | None = None,
) -> list[Problem]:
    """Every problem of one set of a game's sheets, each read with :func:`set_schemas`
    (a neighbour the others are read against that is refused itself: its problems);
    ``load`` and ``start`` as :func:`set_schemas` takes them."""
    try:
        schemas = set_schemas(game, files, load, start)
    except SheetError as exc:
        return frame_problems(exc.problems)
    out: list[Problem] = []
    for stem, path in files.items():
        try:
            out += frame_problems(load(path, schemas[stem]).problems)
        except SheetError as exc:
            out += frame_problems(exc.problems)
    return out


def schema_for(path: str | Path, game: str) -> Schema:
    """The schema of one sheet file, by its stem (read with the sheets beside it, see
    :func:`game_schemas`; a game with one sheet reads any file with it); LookupError
    naming the known stems."""
    table = game_schemas(game, Path(path).parent)
    stem = Path(path).stem
    if stem in table:
        return table[stem]
    if len(table) == 1:
        return next(iter(table.values()))
    known = ", ".join(sorted(table)) or "none"
    raise LookupError(f"game {game!r} declares no schema for sheet {stem!r} (known: {known})")


def _files_in(game: str, folder: Path) -> dict[str, Path]:
    sheets = _sheets(game)
    out: dict[str, Path] = {}
    for stem in sheets.stems if sheets is not None else ():
        for suffix in SUFFIXES:
            candidate = folder / f"{stem}{suffix}"
            if candidate.is_file():
                out[stem] = candidate
                break
    return out


def sheet_files(game: str, root: str | Path | None = None) -> dict[str, Path]:
    """Stem -> existing data file (csv, xlsx or parquet) for each sheet of a game
    (in ``root``, else in :func:`workbench.data_files` of the game).

    >>> sorted(sheet_files("detective"))
    ['events', 'people']
    """
    return _files_in(game, Path(root) if root is not None else data_files(game))


def sheet_source(game: str, files: Mapping[str, str | Path] | None = None) -> SheetSource:
    """A game's sheets loaded and checked (default: its own), as the game reads them
    (``GameSpec.sheets.read``); ``SheetError`` listing the problems of a refused sheet.

    >>> sorted(sheet_source("life").sheets)
    ['album', 'dreams']
    """
    paths = {s: Path(p) for s, p in (files or sheet_files(game)).items()}
    schemas = set_schemas(game, paths)
    loaded: dict[str, Any] = {
        stem: load_sheet(path, schemas[stem]).require_clean() for stem, path in paths.items()
    }
    return SheetSource(loaded, paths)


def load_game_sheets(
    game: str, root: str | Path | None = None
) -> tuple[dict[str, Sheet], list[str]]:
    """Every sheet of a game loaded through its schema: (stem -> Sheet, notes).

    Notes say what could not be loaded and why (no sheets declared, an unusable file, a
    CSV the game declares no schema for) — for notebooks, never raising.
    """
    notes: list[str] = []
    sheets: dict[str, Sheet] = {}
    if _sheets(game) is None:
        return {}, [f"{game}: declares no sheets (GameSpec.sheets)"]
    folder = Path(root) if root is not None else data_files(game)
    try:
        schemas = game_schemas(game, folder)
    except SheetError as exc:  # a sheet the others are read against is refused itself
        notes.append(f"{game}: {exc} (the other sheets read against the packaged one)")
        schemas = game_schemas(game)
    for stem, path in sheet_files(game, folder).items():
        try:
            sheets[stem] = load_sheet(path, schemas[stem])
        except SheetError as exc:
            notes.append(f"{game}/{path.name}: unusable — {exc}")
    for path in sorted(folder.glob("*.csv")):
        if path.stem not in schemas and path.stem != "deck_rules":
            notes.append(
                f"{game}/{path.name}: the game declares no schema for this sheet "
                "(read as plain text where needed)"
            )
    return sheets, notes
