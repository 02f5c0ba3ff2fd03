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

from collections.abc import Mapping
from pathlib import Path

from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.problems import SheetError
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


def game_schemas(game: str) -> dict[str, Schema]:
    """File stem -> schema for one game; ImportError if its cards module is missing
    (:class:`~workbench.engine.kernel.registry.UnknownGame`, a ValueError, for an unknown game)."""
    module = game_module(game, "cards")
    found: dict[str, Schema] = {}
    maker = getattr(module, "schemas", None)
    if callable(maker):
        table = maker()
        if not isinstance(table, Mapping):
            raise TypeError(f"{module.__name__}.schemas() must return a mapping "
                            f"file stem -> Schema, got {type(table).__name__}")
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


def schema_for(path: str | Path, game: str) -> Schema:
    """The schema of one sheet file, by its stem; LookupError naming the known stems."""
    table = game_schemas(game)
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


def load_game_sheets(game: str, root: str | Path | None = None
                     ) -> tuple[dict[str, Sheet], list[str]]:
    """Every sheet of a game loaded through its schema: (stem -> Sheet, notes).

    Notes say what could not be loaded and why (no cards module yet, an unusable
    file, a CSV the game declares no schema for) — for notebooks, never raising.
    """
    notes: list[str] = []
    sheets: dict[str, Sheet] = {}
    try:
        schemas = game_schemas(game)
    except ImportError as exc:
        return {}, [f"{game}: no cards module yet ({exc})"]
    folder = Path(root) if root is not None else data_files(game)
    for stem, path in sheet_files(game, folder).items():
        try:
            sheets[stem] = load_sheet(path, schemas[stem])
        except SheetError as exc:
            notes.append(f"{game}/{path.name}: unusable — {exc}")
    for path in sorted(folder.glob("*.csv")):
        if path.stem not in schemas and path.stem != "deck_rules":
            notes.append(f"{game}/{path.name}: the game declares no schema for this sheet "
                         "(read as plain text where needed)")
    return sheets, notes
