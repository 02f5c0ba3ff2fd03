"""The two card sheets of a paired comparison: what ``base`` and ``variant`` name, as files.

:func:`sheet_set` turns a :class:`~workbench.cards.variants.Variant`, a saved variant
folder, a folder of sheets, one sheet file or ``None`` (the game's data folder) into a
:class:`SheetSet` — the game's sheets as files, their content hash (the cache key) and the
parameters that make the game read them (its spec's ``sheets.read``). An unsaved variant
is written once under the cache folder, named by its content hash, and used again only
while its files still hash to that name (an edited copy is written anew). A variant of
another game, a manifest that cannot be read or names sheets the folder does not hold,
or a sheet failing its checks, is a :class:`CompareError` (one line).

A saved variant's provenance is checked (issue 39 item 6): when the base sheets it was
saved from have changed since (their sha256 differ from the ones its ``variant.json``
recorded) or the game's rules version moved, :attr:`SheetSet.notes` says so in words,
for the command to print: the comparison then measures those changes too.

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
from typing import TYPE_CHECKING, Any

from workbench.datafiles import data_files
from workbench.engine.measure.compare_settings import settings_label
from workbench.registry import spec

if TYPE_CHECKING:
    from workbench.cards.variants import Variant

# The card modules (and polars with them) are imported where sheets are read, not here:
# a comparison answered from the cache reads no sheet (issue 38).

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
    notes: tuple[str, ...] = ()
    """What the reader should know about these sheets (a saved variant whose base moved)."""
    inputs: tuple[Path, ...] = ()
    """The other files these sheets were read with: a saved variant's manifest and the
    base sheets its notes compare against (what a remembered request re-hashes)."""

    def params(self) -> dict[str, Any]:
        """The parameters that make the game play on these sheets (``GameSpec.sheets.read``
        of them, loaded), with the settings on top."""
        from workbench.cards.registry import sheet_source

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
    """The variant's sheets as files: its own when unedited, else a copy under the cache
    folder named by its content hash, written anew when the copy there no longer hashes to
    that name (a folder is never reused by its name alone)."""
    from workbench.cards.registry import sheet_files

    if not v.touched():
        return v.source_files()
    wanted = v.content_hash()
    folder = cache_root() / "sheets" / v.game / wanted[:20]
    if _holds(v.game, folder, wanted):
        return sheet_files(v.game, folder / v.game)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = folder.with_name(folder.name + f".tmp{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    v.write_sheets(tmp)
    old = folder.with_name(folder.name + f".old{os.getpid()}")
    try:
        if folder.exists():
            os.replace(folder, old)
        os.replace(tmp, folder)
    except OSError:  # another process wrote the same content first
        shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(old, ignore_errors=True)
    if not _holds(v.game, folder, wanted):
        raise CompareError(f"{folder}: cannot write the variant's sheets there")
    return sheet_files(v.game, folder / v.game)


def _holds(game: str, folder: Path, wanted: str) -> bool:
    """Whether ``folder`` holds the game's sheets with content hash ``wanted``."""
    from workbench.cards.registry import sheet_files
    from workbench.cards.variants import content_hash

    files = sheet_files(game, folder / game) if (folder / game).is_dir() else {}
    if not files:
        return False
    try:
        return content_hash({s: p.read_bytes() for s, p in files.items()}) == wanted
    except OSError:
        return False


def _provenance_notes(path: Path, manifest: Mapping[str, Any], v: Variant) -> tuple[str, ...]:
    """What moved since the variant at ``path`` was saved: its base sheets (their sha256
    against the ones recorded) and the game's rules version."""
    notes = []
    recorded = manifest.get("base_sha256")
    if isinstance(recorded, dict):
        now = {s: hashlib.sha256(p.read_bytes()).hexdigest() for s, p in v.base_files().items()}
        moved = sorted(s for s, h in recorded.items() if s in now and now[s] != h)
        gone = sorted(s for s in recorded if s not in now)
        for stem in moved:
            notes.append(
                f"{path.name} was saved from a {stem} sheet that has changed since "
                f"(sha256 {str(recorded[stem])[:12]}… then, {now[stem][:12]}… now in "
                f"{v.base}): the difference measures those changes too"
            )
        for stem in gone:
            notes.append(f"{path.name} was saved from a {stem} sheet that {v.base} no longer has")
    version = manifest.get("rules_version")
    current = str(spec(v.game).version)
    if isinstance(version, str) and version != current:
        notes.append(
            f"{path.name} was saved under {v.game}'s rules version {version[:20]}; "
            f"the game is now at version {current}"
        )
    return tuple(notes)


def sheet_set(game: str, source: Variant | str | os.PathLike[str] | None) -> SheetSet:
    """The sheets ``source`` names for ``game`` (see the module docstring); CompareError
    for another game's variant or sheet, or a sheet that fails its checks."""
    from workbench.cards.registry import guess_game, sheet_files
    from workbench.cards.variants import (
        MANIFEST,
        Variant,
        content_hash,
        is_variant,
        load_variant,
        read_manifest,
    )

    notes: tuple[str, ...] = ()
    inputs: tuple[Path, ...] = ()
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
            try:  # a manifest is read as untrusted: any refusal is one line
                manifest = read_manifest(path)
                of = str(manifest["game"])
                if of != game:
                    raise CompareError(f"{path}: a variant of {of}, not of {game}")
                loaded = load_variant(path)
            except CompareError:
                raise
            except (ValueError, KeyError, TypeError, OSError) as e:
                raise CompareError(" ".join(str(e).split())[:300]) from None
            files, label = _materialise(loaded), path.name
            notes = _provenance_notes(path, manifest, loaded)
            inputs = (path / MANIFEST, *loaded.base_files().values())
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
        game,
        dict(files),
        content_hash({s: p.read_bytes() for s, p in files.items()}),
        label,
        notes=notes,
        inputs=inputs,
    )


def _check_clean(game: str, files: Mapping[str, Path]) -> None:
    from workbench.cards.loader import load_sheet
    from workbench.cards.problems import SheetError, frame_problems
    from workbench.cards.registry import set_schemas

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
