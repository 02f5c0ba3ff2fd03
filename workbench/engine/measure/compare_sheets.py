"""The two card sheets of a paired comparison: what ``base`` and ``variant`` name, as files.

:func:`sheet_set` turns a :class:`~workbench.cards.variants.Variant`, a saved variant
folder, a folder of sheets, one sheet file or ``None`` (the game's data folder) into a
:class:`SheetSet` — the game's sheets as files, their content hash (the cache key) and the
parameters that make the game read them (its spec's ``sheets.read``). An unsaved variant
is written once under the cache folder, named by its content hash. A variant of another
game, or a sheet failing its checks, is a :class:`CompareError` (one line).

>>> s = sheet_set("life", None)
>>> sorted(s.files), len(s.hash)
(['album', 'dreams'], 64)
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from workbench.cards.loader import load_sheet
from workbench.cards.problems import SheetError, frame_problems
from workbench.cards.registry import guess_game, set_schemas, sheet_files, sheet_source
from workbench.cards.variants import Variant, content_hash, is_variant, load_variant, read_manifest
from workbench.datafiles import data_files
from workbench.engine.measure.compare_settings import settings_label
from workbench.registry import spec

__all__ = ["CompareError", "SheetSet", "cache_root", "sheet_set"]


class CompareError(ValueError):
    """A comparison that cannot be made as asked (one line naming the argument)."""


@dataclass(frozen=True)
class SheetSet:
    """A game's sheets as files (stem -> path), their content hash, and a label; with
    ``settings``, parameters changed on top of them (``--set KEY=VALUE``: one side of a
    comparison is sheets and settings)."""

    game: str
    files: Mapping[str, Path]
    hash: str
    label: str
    settings: Mapping[str, Any] = field(default_factory=dict)

    def params(self) -> dict[str, Any]:
        """The parameters that make the game play on these sheets (``GameSpec.sheets.read``
        of them, loaded), with the settings on top."""
        sheets = spec(self.game).require("sheets", for_="workbench compare")
        return {**sheets.read(sheet_source(self.game, self.files)), **self.settings}

    @property
    def key(self) -> str:
        """The sheets' content hash, and the settings when there are any: what a side's
        games and cached answers are keyed by.

        >>> s = sheet_set("life", None)
        >>> s.key == s.hash, s.with_settings({"stages": 2}).key == s.hash
        (True, False)
        """
        if not self.settings:
            return self.hash
        text = json.dumps(sorted(self.settings.items()), default=list)
        return hashlib.sha256(f"{self.hash}\0{text}".encode()).hexdigest()

    def with_settings(self, settings: Mapping[str, Any]) -> SheetSet:
        """These sheets with ``settings`` (checked by the caller) on top, labelled with them."""
        if not settings:
            return self
        return replace(
            self,
            settings=dict(settings),
            label=f"{self.label} with {settings_label(settings)}",
        )


def cache_root() -> Path:
    """Where materialised variants and cached answers live (``$WORKBENCH_CACHE``, else
    ``~/.cache/workbench``)."""
    root = os.environ.get("WORKBENCH_CACHE") or Path.home() / ".cache" / "workbench"
    return Path(root)


def _materialise(v: Variant) -> dict[str, Path]:
    if not v.touched():
        return v.source_files()
    folder = cache_root() / "sheets" / v.game / v.content_hash()[:20]
    if not (folder / v.game).is_dir():
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = folder.with_name(folder.name + f".tmp{os.getpid()}")
        v.write_sheets(tmp)
        try:
            os.replace(tmp, folder)
        except OSError:  # another process wrote the same content first
            shutil.rmtree(tmp, ignore_errors=True)
    return sheet_files(v.game, folder / v.game)


def sheet_set(game: str, source: Variant | str | os.PathLike[str] | None) -> SheetSet:
    """The sheets ``source`` names for ``game`` (see the module docstring); CompareError
    for another game's variant or sheet, or a sheet that fails its checks."""
    if source is None:
        files = sheet_files(game, data_files(game))
        label = "base"
    elif isinstance(source, Variant):
        if source.game != game:
            raise CompareError(f"variant {source.name!r} is a {source.game} variant, not {game}")
        files, label = _materialise(source), source.name
    else:
        path = Path(source)
        if is_variant(path):
            of = str(read_manifest(path)["game"])
            if of != game:
                raise CompareError(f"{path}: a variant of {of}, not of {game}")
            files, label = _materialise(load_variant(path)), path.name
        elif path.is_dir():
            folder = path / game if (path / game).is_dir() else path
            files, label = sheet_files(game, folder), path.name
            if not files:
                raise CompareError(f"{path}: none of {game}'s sheets are in this folder")
        elif path.is_file():
            other = guess_game(path)
            if other is not None and other != game:
                raise CompareError(f"{path}: a {other} sheet, not a {game} one")
            files = sheet_files(game, data_files(game))
            if path.stem not in files:
                raise CompareError(
                    f"{path}: {game} has no sheet named {path.stem!r} (sheets: {', '.join(files)})"
                )
            files = {**files, path.stem: path}
            label = path.name
        else:
            raise CompareError(f"{path}: no such file or folder")
    _check_clean(game, files)
    return SheetSet(
        game, dict(files), content_hash({s: p.read_bytes() for s, p in files.items()}), label
    )


def _check_clean(game: str, files: Mapping[str, Path]) -> None:
    try:  # each sheet against the others of this set (detective's events name its people)
        schemas = set_schemas(game, files)
    except SheetError as exc:  # a sheet the others are read against is refused: name its path
        first = frame_problems(exc.problems)[0]
        path = next((p for p in files.values() if Path(p).name == first.file), first.file)
        raise CompareError(f"{path}: fails its checks: {first}") from None
    for stem, path in files.items():
        try:
            problems = frame_problems(load_sheet(path, schemas[stem]).problems)
        except SheetError as exc:
            problems = frame_problems(exc.problems)
        errors = [p for p in problems if not p.message.startswith("warning:")]
        if errors:
            more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
            raise CompareError(f"{path}: fails its checks: {errors[0]}{more}")
