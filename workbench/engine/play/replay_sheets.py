"""The card sheets a game was played on, as a replay records them.

A replay is (game, version, parameters, seed, actions) *and the sheets*: the same
actions on other cards are another game. For every sheet the game reads, a
:class:`SheetPlayed` records its content hash (sha256 of the bytes: the file's, or an
edited sheet's CSV text as :meth:`~workbench.cards.variants.Variant.texts` gives it),
the file name it was read from, and for an edited sheet what makes it: the variant's
edits (with the hash of the sheet they were made on), or, for a sheet given in memory
with no edits to say it, its rows as text.

Which sheets a game plays on is known where it is built: :func:`game_on_sheets` builds
a game on a variant or on loaded sheets (``GameSpec.make_game``) and remembers them for
that game object; a game built any other way plays on the files its parameters name
(a ``path`` parameter away from its default: mugen's ``cards_path``, detective's
``cards_folder``), else on its own packaged sheets (:func:`sheets_played`).
:func:`sheets_differ` says in one line how a replay's sheets differ from a game's.

>>> from workbench.engine.conformance.toy import TakeAway
>>> from workbench.registry import make_game
>>> sheets_played(TakeAway())
()
>>> played = sheets_played(make_game("life"))
>>> [(s.stem, s.file, len(s.sha256)) for s in played]
[('album', 'album.csv', 64), ('dreams', 'dreams.csv', 64)]
>>> sheets_differ(played, played)
''
"""

from __future__ import annotations

import dataclasses
import hashlib
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.registry import spec
from workbench.spec import MissingPart, SheetSource

__all__ = [
    "SheetPlayed",
    "game_on_sheets",
    "played_on",
    "sheets_differ",
    "sheets_from_json",
    "sheets_played",
    "sheets_to_json",
]

MAX_ROWS_KEPT = 2_000
"""An in-memory sheet of more rows than this is recorded by its hash alone."""


@dataclass(frozen=True)
class SheetPlayed:
    """One sheet a game was played on (see the module docstring)."""

    stem: str
    sha256: str
    file: str = ""
    """The file name it was read from ('' for a sheet that lived in memory only)."""
    base_sha256: str = ""
    """For an edited sheet: the hash of the sheet the ``edits`` were made on."""
    edits: tuple[Mapping[str, Any], ...] = ()
    """A variant's edits of this sheet (``Edit.as_json()``), in order."""
    rows: tuple[tuple[str, ...], ...] = ()
    """An edited sheet's cells, header first, when no edits say what it is."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sha256": self.sha256}
        if self.file:
            out["file"] = self.file
        if self.base_sha256:
            out["base_sha256"] = self.base_sha256
        if self.edits:
            out["edits"] = [dict(e) for e in self.edits]
        if self.rows:
            out["rows"] = [list(r) for r in self.rows]
        return out

    def said(self) -> str:
        """What the sheet is, in a few words (``cards.csv 1a2b3c4d``, ``… with 2 edits``)."""
        name = self.file or f"{self.stem} (in memory)"
        extra = ""
        if self.edits:
            extra = f" with {len(self.edits)} edit{'s' if len(self.edits) > 1 else ''}"
        elif self.rows:
            extra = f" of {max(0, len(self.rows) - 1)} rows"
        return f"{name} {self.sha256[:8]}{extra}"


def sheets_to_json(sheets: Sequence[SheetPlayed]) -> dict[str, Any]:
    """stem -> the sheet's record (``SheetPlayed.as_json``)."""
    return {s.stem: s.as_json() for s in sheets}


def sheets_from_json(data: Mapping[str, Mapping[str, Any]]) -> tuple[SheetPlayed, ...]:
    """Back from :func:`sheets_to_json` (the values checked already:
    :func:`~workbench.engine.play.replay_checks.checked_sheets`)."""
    return tuple(
        SheetPlayed(
            stem,
            str(d["sha256"]),
            str(d.get("file", "")),
            str(d.get("base_sha256", "")),
            tuple(dict(e) for e in d.get("edits", ())),
            tuple(tuple(r) for r in d.get("rows", ())),
        )
        for stem, d in data.items()
    )


_played: weakref.WeakKeyDictionary[Any, tuple[SheetPlayed, ...]] = weakref.WeakKeyDictionary()
_hashes: dict[tuple[str, int, int], str] = {}


def played_on(game: Any, sheets: Sequence[SheetPlayed]) -> Any:
    """Remember that ``game`` (this object) plays on ``sheets``; returns the game."""
    _played[game] = tuple(sheets)
    return game


def _file_hash(path: Path) -> str:
    """sha256 of a file's bytes, kept while its size and time are unchanged."""
    st = path.stat()
    key = (str(path.resolve()), st.st_mtime_ns, st.st_size)
    found = _hashes.get(key)
    if found is None:
        found = _hashes[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _of_files(files: Mapping[str, Path]) -> tuple[SheetPlayed, ...]:
    return tuple(SheetPlayed(stem, _file_hash(p), p.name) for stem, p in sorted(files.items()))


def _cells(sheet: Any) -> tuple[tuple[str, ...], ...]:
    """A loaded sheet's cells as text, header first (``workbench.cards.Sheet.frame``)."""
    frame = sheet.frame
    header = tuple(str(c) for c in frame.columns)
    body = tuple(tuple("" if v is None else str(v) for v in row) for row in frame.iter_rows())
    return (header, *body)


def _rows_text(rows: Sequence[Sequence[str]]) -> bytes:
    import csv
    import io

    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode()


def _of_source(source: SheetSource) -> tuple[SheetPlayed, ...]:
    out = []
    for stem, sheet in sorted(source.sheets.items()):
        path = source.files.get(stem)
        if path is not None:
            out.append(SheetPlayed(stem, _file_hash(Path(path)), Path(path).name))
            continue
        rows = _cells(sheet)
        kept = rows if len(rows) <= MAX_ROWS_KEPT + 1 else ()
        out.append(SheetPlayed(stem, hashlib.sha256(_rows_text(rows)).hexdigest(), rows=kept))
    return tuple(out)


def _of_variant(variant: Any) -> tuple[SheetPlayed, ...]:
    """A :class:`~workbench.cards.variants.Variant`'s sheets: hashes of its texts, and the
    edits of each edited sheet with the hash of its base sheet."""
    texts = variant.texts()
    base = {s: _file_hash(p) for s, p in variant.base_files().items()}
    source = variant.source_files()
    out = []
    for stem, data in sorted(texts.items()):
        edits = tuple(e.as_json() for e in variant.edits if e.sheet == stem)
        digest = hashlib.sha256(data).hexdigest()
        name = source[stem].name if stem in source else f"{stem}.csv"
        if edits:
            out.append(SheetPlayed(stem, digest, name, base.get(stem, ""), edits))
        else:
            out.append(SheetPlayed(stem, digest, name))
    return tuple(out)


def game_on_sheets(name: str, params: Mapping[str, Any] | None = None, sheets: Any = None) -> Any:
    """Game ``name`` with ``params``, playing on ``sheets`` — a
    :class:`~workbench.cards.variants.Variant` or a :class:`~workbench.spec.SheetSource`
    (loaded sheets) — and remembered as played on them, so its replays record them.

    >>> from workbench.cards.registry import sheet_source
    >>> from workbench.registry import make_game
    >>> g = game_on_sheets("life", {"players": 3}, sheet_source("life"))
    >>> g.num_players, sheets_played(g) == sheets_played(make_game("life"))
    (3, True)
    """
    declared = spec(name)
    if sheets is None:
        return played_on(declared.make_game(params), sheets_played(declared.make_game(params)))
    if isinstance(sheets, SheetSource):
        return played_on(declared.make_game(params, sheets), _of_source(sheets))
    from workbench.cards.registry import sheet_source
    from workbench.cards.variants import Variant

    if not isinstance(sheets, Variant):
        raise TypeError(f"sheets must be a Variant or a SheetSource, got {type(sheets).__name__}")
    if sheets.game != name:
        raise ValueError(f"variant {sheets.name!r} is a {sheets.game} variant, not {name}")
    try:  # in memory, as the game reads loaded sheets
        game = declared.make_game(params, sheets.sheet_source())
    except MissingPart:  # a game that reads an edited sheet from a file: the variant's files
        from workbench.engine.measure.compare_sheets import sheet_set

        game = declared.make_game(params, sheet_source(name, sheet_set(name, sheets).files))
    return played_on(game, _of_variant(sheets))


def _path_params(game: Any) -> dict[str, Path]:
    """The files a game's ``path`` parameters name away from their defaults."""
    p = game.params
    if p is None or not dataclasses.is_dataclass(p) or isinstance(p, type):
        return {}
    out = {}
    for f in dataclasses.fields(p):
        value = getattr(p, f.name)
        if not f.metadata.get("path") or not value or value == f.default:
            continue
        path = Path(str(value))
        if not path.is_absolute() and not path.exists():
            from workbench.datafiles import packaged_data

            path = packaged_data().parent / path
        out[f.name] = path
    return out


def sheets_played(game: Any) -> tuple[SheetPlayed, ...]:
    """The sheets ``game`` plays on (see the module docstring); ``()`` for a game that
    declares no sheets."""
    known = _played.get(game) if _is_weakrefable(game) else None
    if known is not None:
        return known
    try:
        declared = spec(game.name)
    except ValueError:
        return ()
    if declared.sheets is None:
        return ()
    from workbench.cards.registry import sheet_files

    files = sheet_files(declared.name)
    stems = set(declared.sheets.stems)
    for path in _path_params(game).values():
        if path.is_dir():
            files.update(sheet_files(declared.name, path))
        elif path.is_file() and path.stem in stems:
            files[path.stem] = path
    return _of_files(files)


def _is_weakrefable(game: Any) -> bool:
    try:
        weakref.ref(game)
    except TypeError:
        return False
    return True


def sheets_differ(recorded: Sequence[SheetPlayed], now: Sequence[SheetPlayed]) -> str:
    """'' when a replay's sheets are the game's; else one line naming each sheet that
    differs (the replay's and the game's), those the replay has that the game does not,
    and the other way round.

    >>> a = SheetPlayed("cards", "1" * 64, "cards.csv")
    >>> b = SheetPlayed("cards", "2" * 64, "cards.csv", "1" * 64, ({"kind": "set"},))
    >>> sheets_differ((b,), (a,))
    'the replay was played on other sheets: cards: cards.csv 22222222 with 1 edit in the replay, cards.csv 11111111 here'
    """
    if not recorded:
        return ""  # a replay written before sheets were recorded: nothing to check
    mine = {s.stem: s for s in now}
    theirs = {s.stem: s for s in recorded}
    parts = []
    for stem, r in theirs.items():
        n = mine.get(stem)
        if n is None:
            parts.append(f"{stem}: {r.said()} in the replay, the game reads no {stem} sheet")
        elif n.sha256 != r.sha256:
            parts.append(f"{stem}: {r.said()} in the replay, {n.said()} here")
    parts += [f"{stem}: not in the replay" for stem in mine if stem not in theirs]
    if not parts:
        return ""
    return "the replay was played on other sheets: " + "; ".join(parts)
