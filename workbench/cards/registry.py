"""Finding a game's sheet schemas and data files.

A game's ``cards`` module (found through :mod:`workbench.engine.kernel.registry`)
declares its schemas in one of these ways (looked up in this order):

1. ``schemas()`` returning a mapping file stem -> :class:`Schema`
   (for schemas that depend on another sheet, e.g. event vocabularies that
   name the people of the people sheet);
2. ``SCHEMAS``, the same mapping as a constant;
3. module-level :class:`Schema` constants, keyed by their ``Schema.name``;
4. a single ``SCHEMA`` (used for any file stem when it is the module's only
   schema; a game with named schemas gets a "no schema for this sheet" error
   for an unknown stem rather than a wrong schema).

The sheets themselves are found by :func:`workbench.data_files` (the packaged
``data/`` folder, ``$WORKBENCH_DATA`` or a ``root=`` folder).

>>> from workbench.engine.kernel.registry import register, unregister
>>> register("demo", "mypackage.demo")
>>> guess_game("data/demo/decks/a.csv")
'demo'
>>> guess_game("elsewhere/cards.csv") is None
True
>>> unregister("demo")
"""

from __future__ import annotations

import inspect
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.problems import Problem, SheetError, frame_problems
from workbench.cards.schema import Schema
from workbench.datafiles import data_files
from workbench.engine.kernel.registry import game_module, game_names


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


def reads_other_sheets(game: str) -> bool:
    """Whether the game's ``schemas()`` takes a folder: a sheet's schema there depends on
    another sheet of the same folder (detective's events name the people of its people.csv),
    so a check of one sheet must read its neighbours.

    >>> reads_other_sheets("detective"), reads_other_sheets("life")
    (True, False)
    """
    maker = getattr(game_module(game, "cards"), "schemas", None)
    return callable(maker) and bool(inspect.signature(maker).parameters)


def game_schemas(game: str, folder: str | Path | None = None) -> dict[str, Schema]:
    """File stem -> schema for one game; ImportError if its cards module is missing
    (:class:`~workbench.engine.kernel.registry.UnknownGame`, a ValueError, for an unknown game).

    ``folder``: the folder of the sheets to check, for a game whose schemas read another
    of its sheets (:func:`reads_other_sheets`); where that sheet is missing there, the
    packaged one is read; where it is there but refused, its problems are raised
    (``SheetError``: the file, row and column of each), as the game's loader would."""
    module = game_module(game, "cards")
    found: dict[str, Schema] = {}
    maker = getattr(module, "schemas", None)
    if callable(maker):
        table = None
        if folder is not None and reads_other_sheets(game):
            try:
                table = maker(Path(folder))
            except SheetError as exc:
                if set(exc.problems["rule"]) != {"missing"}:
                    raise
            except OSError:
                pass
        if table is None:
            table = maker()
        if not isinstance(table, Mapping):
            raise TypeError(
                f"{module.__name__}.schemas() must return a mapping "
                f"file stem -> Schema, got {type(table).__name__}"
            )
        found.update(_checked(table, game))
    constant = getattr(module, "SCHEMAS", None)
    if isinstance(constant, Mapping):
        found.update({k: v for k, v in _checked(constant, game).items() if k not in found})
    for value in vars(module).values():
        if isinstance(value, Schema) and value.name not in found:
            found[value.name] = value
    return found


def _checked(table: Mapping[str, object], game: str) -> dict[str, Schema]:
    return {str(k): v for k, v in table.items() if isinstance(v, Schema)}


def set_schemas(game: str, files: Mapping[str, str | Path]) -> dict[str, Schema]:
    """The schemas for one set of a game's sheets (stem -> file, possibly in different
    folders): for a game whose schemas read another sheet, read from this set's sheet
    (copied side by side into a scratch folder), else :func:`game_schemas` as it is."""
    if not reads_other_sheets(game):
        return game_schemas(game)
    with tempfile.TemporaryDirectory(prefix="wb-sheets-") as tmp:
        for stem, path in files.items():
            shutil.copyfile(path, Path(tmp) / f"{stem}{Path(path).suffix}")
        return game_schemas(game, tmp)


def set_problems(game: str, files: Mapping[str, str | Path]) -> list[Problem]:
    """Every problem of one set of a game's sheets, each read with :func:`set_schemas`
    (a neighbour the others are read against that is refused itself: its problems)."""
    try:
        schemas = set_schemas(game, files)
    except SheetError as exc:
        return frame_problems(exc.problems)
    out: list[Problem] = []
    for stem, path in files.items():
        try:
            out += frame_problems(load_sheet(path, schemas[stem]).problems)
        except SheetError as exc:
            out += frame_problems(exc.problems)
    return out


def schema_for(path: str | Path, game: str) -> Schema:
    """The schema of one sheet file, by its stem (read with the sheets beside it, see
    :func:`game_schemas`); LookupError naming the known stems."""
    table = game_schemas(game, Path(path).parent)
    stem = Path(path).stem
    if stem in table:
        return table[stem]
    module = game_module(game, "cards")
    single = getattr(module, "SCHEMA", None)
    if len(table) == 1 and isinstance(single, Schema) and single in table.values():
        return single
    known = ", ".join(sorted(table)) or "none"
    raise LookupError(f"game {game!r} declares no schema for sheet {stem!r} (known: {known})")


def sheet_files(game: str, root: str | Path | None = None) -> dict[str, Path]:
    """Stem -> existing data file (csv, xlsx or parquet) for each schema of a game
    (in ``root``, else in :func:`workbench.data_files` of the game)."""
    folder = Path(root) if root is not None else data_files(game)
    out: dict[str, Path] = {}
    for stem in game_schemas(game):
        for suffix in (".csv", ".xlsx", ".parquet"):
            candidate = folder / f"{stem}{suffix}"
            if candidate.is_file():
                out[stem] = candidate
                break
    return out


def load_game_sheets(
    game: str, root: str | Path | None = None
) -> tuple[dict[str, Sheet], list[str]]:
    """Every sheet of a game loaded through its schema: (stem -> Sheet, notes).

    Notes say what could not be loaded and why (no cards module yet, an unusable
    file, a CSV the game declares no schema for) — for notebooks, never raising.
    """
    notes: list[str] = []
    sheets: dict[str, Sheet] = {}
    folder = Path(root) if root is not None else data_files(game)
    try:
        schemas = game_schemas(game, folder)
    except ImportError as exc:
        return {}, [f"{game}: no cards module yet ({exc})"]
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
