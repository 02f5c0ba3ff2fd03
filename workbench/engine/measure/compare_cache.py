"""The compare cache: answers kept under ``$WORKBENCH_CACHE``, used only when they prove
themselves (issue 39 item 6), and read back without polars (issue 38: a cached re-ask
through the command line in under half a second).

An entry is two files named by the question's key (``<key hash>.parquet`` and
``<key hash>.json``). The JSON note holds the whole key, the table's sha256, its shape,
its answers as plain values (each column's type and the rows), and an HMAC of them with
this user's secret (``~/.config/workbench/cache-secret``, ``$XDG_CONFIG_HOME`` honoured;
made on first use, ``0600``, never in the cache folder), so an entry edited by hand or
written by someone else into a shared cache folder does not verify. Before a table is
used:

- both files must be regular files of bounded size (:data:`MAX_TABLE_BYTES`,
  :data:`MAX_NOTE_BYTES`): a 4.8-million-row file is refused by its size unread;
- the key, the bytes' sha256 and the HMAC must match;
- its columns, types and rows must be the comparison's (:func:`answers_problem`): every
  question asked present, at most :data:`MAX_ROWS` rows.

An entry that fails is not trusted: :func:`read_answers` (the plain rows, no polars) and
:func:`read_cached` (the table) say why on stderr in one line and the comparison is played
again (and written anew). Writing is atomic (a temporary name, then a rename; the table
before the note that vouches for it).

A comparison asked by files (the command line: sheets named by path) is also remembered
by how it was asked (:func:`remember_request`): the request, every file its answer was
read from (sha256) and the folders they lie in (their listings), the sheet sets' labels
and notes, and the key of its answers, under the same HMAC. :func:`recall_request` finds
those answers again by hashing the files only: no sheet is loaded, no game is built.

>>> answers_problem({"question": "String"}, [["q"]], {"q"})
'its columns are not a comparison table'
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import os
import secrets
import stat
import sys
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import polars as pl

__all__ = [
    "COLUMNS",
    "MAX_COLUMNS",
    "MAX_NOTE_BYTES",
    "MAX_ROWS",
    "MAX_TABLE_BYTES",
    "Answers",
    "Recalled",
    "answers_problem",
    "read_answers",
    "read_cached",
    "recall_request",
    "remember_request",
    "secret_file",
    "table_problem",
    "write_cached",
]

FORMAT = "workbench-compare-cache/2"
OLD_FORMATS = ("workbench-compare-cache/1",)
"""Notes of an earlier format (no plain answers): played again quietly, then rewritten."""
MAX_TABLE_BYTES = 1024 * 1024
"""A cached table is a few kilobytes (one row per measure); larger is not ours."""
MAX_NOTE_BYTES = 4 * MAX_TABLE_BYTES
"""The note carries the answers as JSON too (a few kilobytes)."""
MAX_ROWS = 10_000
MAX_INPUT_BYTES = 64 * 1024 * 1024
"""A request's input file (a sheet, a manifest, questions.py) larger than this is not
hashed: the request is asked again the long way (which bounds its sheets itself)."""

_FLOAT = ("Float64", "Float32", "Int64", "Int32", "Null")
COLUMNS: dict[str, tuple[str, ...]] = {
    "question": ("String",),
    "measure": ("String",),
    "kind": ("String",),
    "base": _FLOAT,
    "variant": _FLOAT,
    "difference": _FLOAT,
    "low": _FLOAT,
    "high": _FLOAT,
    "changed": ("Boolean",),
}
"""The columns every comparison table has and the types each may have, by polars' name
(a table has others too: references, conclusions, verdicts, half-widths)."""
MAX_COLUMNS = 64
_SCALARS = (*_FLOAT, "String", "Boolean")


@dataclass(frozen=True)
class Answers:
    """A verified cache entry's answers: each column's type (polars' name), the rows as
    plain values, and the table's parquet bytes (for :meth:`table`)."""

    schema: Mapping[str, str]
    values: tuple[tuple[Any, ...], ...]
    parquet: bytes = field(repr=False)

    def rows(self) -> list[dict[str, Any]]:
        """One dict per row, as ``DataFrame.iter_rows(named=True)`` gives them."""
        names = list(self.schema)
        return [dict(zip(names, r, strict=True)) for r in self.values]

    def table(self) -> pl.DataFrame:
        """The table itself (polars imported here)."""
        import polars as pl

        return pl.read_parquet(io.BytesIO(self.parquet))


def secret_file() -> Path:
    """Where this user's cache secret lives (outside the cache folder)."""
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "workbench" / "cache-secret"


def _secret() -> bytes | None:
    """This user's secret (made on first use, ``0600``); None when it cannot be had (then
    nothing is read from or written to the cache)."""
    path = secret_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32))
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > 200:
            return None
        text = path.read_text(encoding="ascii").strip()
        return bytes.fromhex(text) if len(text) == 64 else None
    except (OSError, ValueError):
        return None


def _mac(secret: bytes, *parts: object) -> str:
    text = "\0".join([FORMAT, *map(str, parts)])
    return hmac.new(secret, text.encode(), "sha256").hexdigest()


def _note_path(table: Path) -> Path:
    return table.with_suffix(".json")


def _bounded_read(path: Path, limit: int) -> bytes | str:
    """The bytes of a regular file of at most ``limit`` bytes, else why not."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return "not a regular file"
        if info.st_size > limit:
            return f"{info.st_size:,} bytes, more than a cached comparison has ({limit:,})"
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as e:
        return f"unreadable ({e.strerror or e})"
    return raw if len(raw) <= limit else f"more than {limit:,} bytes"


def answers_problem(
    schema: Mapping[str, str], values: Sequence[Sequence[Any]], questions: Collection[str]
) -> str | None:
    """Why answers with these column types (polars' names) and rows are not the comparison
    of ``questions`` (None when they are).

    >>> answers_problem({c: t[0] for c, t in COLUMNS.items()}, [], {"q"})
    '0 rows'
    """
    if not set(COLUMNS) <= set(schema) or len(schema) > MAX_COLUMNS:
        return "its columns are not a comparison table"
    for name, kind in schema.items():
        if kind not in COLUMNS.get(name, _SCALARS):
            return f"column {name!r} is {kind}"
    if not 1 <= len(values) <= MAX_ROWS:
        return f"{len(values):,} rows"
    at = list(schema).index("question")
    found = {r[at] for r in values}
    if found != set(questions):
        missing = sorted(set(questions) - found)
        return f"question {missing[0]!r} is missing" if missing else "it answers other questions"
    return None


def _schema(table: pl.DataFrame) -> dict[str, str]:
    return {name: str(kind) for name, kind in table.schema.items()}


def table_problem(table: pl.DataFrame, questions: Collection[str]) -> str | None:
    """Why ``table`` is not the comparison of ``questions`` (None when it is):
    :func:`answers_problem` of its types and rows.

    >>> import polars as pl
    >>> table_problem(pl.DataFrame({"question": ["q"]}), {"q"})
    'its columns are not a comparison table'
    """
    return answers_problem(_schema(table), table.rows(), questions)


def read_answers(path: Path, key: str, questions: Collection[str]) -> Answers | None:
    """The cached answers at ``path`` for ``key`` as plain values (no polars), when they
    verify (see the module docstring); None when there are none or they fail (then one
    line on stderr says why)."""
    note_path = _note_path(path)
    if not path.exists() and not note_path.exists():
        return None
    why = _problem(path, note_path, key, questions)
    if isinstance(why, Answers):
        return why
    if why:
        sys.stderr.write(
            f"workbench compare: the cached answers {path.name} are not used ({why}); "
            "playing the games again\n"
        )
    return None


def read_cached(path: Path, key: str, questions: Collection[str]) -> pl.DataFrame | None:
    """The cached table at ``path`` for ``key``, when it verifies (:func:`read_answers`);
    None when there is none or it fails (then one line on stderr says why)."""
    import polars as pl

    answers = read_answers(path, key, questions)
    if answers is None:
        return None
    try:
        table = answers.table()
    except (OSError, pl.exceptions.PolarsError, ValueError) as e:
        why = f"unreadable ({type(e).__name__})"
    else:
        if table.height != len(answers.values):
            why = f"{table.height:,} rows where its note says {len(answers.values):,}"
        elif _schema(table) != dict(answers.schema):
            why = "its table and its note disagree"
        else:
            return table
    sys.stderr.write(
        f"workbench compare: the cached answers {path.name} are not used ({why}); "
        "playing the games again\n"
    )
    return None


def _problem(path: Path, note_path: Path, key: str, questions: Collection[str]) -> Answers | str:
    secret = _secret()
    if secret is None:
        return ""  # no secret, no cache: quietly played again
    note_raw = _bounded_read(note_path, MAX_NOTE_BYTES)
    if isinstance(note_raw, str):
        return f"its note: {note_raw}"
    raw = _bounded_read(path, MAX_TABLE_BYTES)
    if isinstance(raw, str):
        return raw
    try:
        note = json.loads(note_raw)
    except (ValueError, RecursionError):
        return "its note is not JSON"
    if isinstance(note, dict) and note.get("format") in OLD_FORMATS:
        return ""  # written by an earlier workbench: played again quietly, then rewritten
    if not isinstance(note, dict) or note.get("format") != FORMAT:
        return "its note is not a cache note"
    if note.get("key") != key:
        return "it was cached for another question"
    digest = hashlib.sha256(raw).hexdigest()
    rows = note.get("rows")
    if note.get("sha256") != digest or type(rows) is not int:
        return "its content does not match its hash: edited since it was written"
    schema, values = note.get("schema"), note.get("values")
    answers = json.dumps([schema, values])
    mac = note.get("mac")
    if not isinstance(mac, str) or not hmac.compare_digest(
        mac, _mac(secret, key, digest, rows, answers)
    ):
        return "it was not written by this user's workbench"
    if not isinstance(schema, dict) or not isinstance(values, list):
        return "its note holds no answers"
    if not all(isinstance(r, list) and len(r) == len(schema) for r in values):
        return "its answers are not rows of its columns"
    if len(values) != rows:
        return f"{len(values):,} rows where its note says {rows:,}"
    return answers_problem(schema, values, questions) or Answers(
        dict(schema), tuple(tuple(r) for r in values), raw
    )


def write_cached(path: Path, key: str, table: pl.DataFrame) -> None:
    """Keep ``table`` as the answers for ``key`` (nothing when there is no secret)."""
    secret = _secret()
    if secret is None:
        return
    buffer = io.BytesIO()
    table.write_parquet(buffer)
    raw = buffer.getvalue()
    digest = hashlib.sha256(raw).hexdigest()
    schema, values = _schema(table), [list(r) for r in table.rows()]
    answers = json.dumps([schema, values])
    note = {
        "format": FORMAT,
        "key": key,
        "sha256": digest,
        "rows": table.height,
        "schema": schema,
        "values": values,
        "mac": _mac(secret, key, digest, table.height, answers),
    }
    _write_atomic([(path, raw), (_note_path(path), json.dumps(note).encode())])


def _write_atomic(files: Sequence[tuple[Path, bytes]]) -> None:
    """Each file under a temporary name, then renamed into place, in the order given."""
    for target, data in files:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{os.getpid()}")
        tmp.write_bytes(data)
        os.replace(tmp, target)


REQUEST_FORMAT = "workbench-compare-request/1"


@dataclass(frozen=True)
class Recalled:
    """What a remembered request says: where its answers are and under which key, the
    questions they answer, and each side's sheet set as plain values (files, hash, label,
    notes)."""

    key: str
    table: Path
    questions: tuple[str, ...]
    sides: tuple[Mapping[str, Any], ...]


def request_file(root: Path, game: str, request: str) -> Path:
    """Where the request ``request`` (a JSON text naming how a comparison was asked) is
    remembered under the cache folder ``root``."""
    name = hashlib.sha256(request.encode()).hexdigest()[:32]
    return root / "compare" / game / "asked" / f"{name}.json"


def _file_sha256(path: Path) -> str | None:
    raw = _bounded_read(path, MAX_INPUT_BYTES)
    return None if isinstance(raw, str) else hashlib.sha256(raw).hexdigest()


def _listing(folder: Path) -> list[str] | None:
    try:
        return sorted(os.listdir(folder))
    except OSError:
        return None


def _request_mac(secret: bytes, entry: Mapping[str, Any]) -> str:
    body = {k: v for k, v in entry.items() if k != "mac"}
    return _mac(secret, REQUEST_FORMAT, json.dumps(body, sort_keys=True))


def remember_request(
    where: Path,
    request: str,
    answers: Recalled,
    inputs: Collection[Path],
) -> None:
    """Remember that ``request`` is answered by ``answers`` for as long as every file of
    ``inputs`` keeps its bytes and every folder they lie in keeps its names (nothing when
    there is no secret or an input cannot be read)."""
    secret = _secret()
    if secret is None:
        return
    files: dict[str, str] = {}
    for path in sorted({os.path.abspath(p) for p in inputs}):
        digest = _file_sha256(Path(path))
        if digest is None:
            return
        files[path] = digest
    folders: dict[str, list[str]] = {}
    for folder in sorted({os.path.dirname(p) for p in files}):
        names = _listing(Path(folder))
        if names is None:
            return
        folders[folder] = names
    entry: dict[str, Any] = {
        "format": REQUEST_FORMAT,
        "request": request,
        "key": answers.key,
        "table": str(answers.table),
        "questions": list(answers.questions),
        "sides": [dict(s) for s in answers.sides],
        "files": files,
        "folders": folders,
    }
    entry["mac"] = _request_mac(secret, entry)
    _write_atomic([(where, json.dumps(entry, ensure_ascii=False).encode())])


def recall_request(where: Path, request: str) -> Recalled | None:
    """The answers remembered for ``request`` at ``where``, when the entry verifies (this
    user's HMAC, the same request) and every file it was answered from still has its
    sha256 and every folder its names; else None (quietly: a changed sheet is the usual
    reason, and the comparison is then asked the long way)."""
    secret = _secret()
    if secret is None or not where.exists():
        return None
    raw = _bounded_read(where, MAX_NOTE_BYTES)
    if isinstance(raw, str):
        return None
    try:
        entry = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(entry, dict) or entry.get("format") != REQUEST_FORMAT:
        return None
    mac = entry.get("mac")
    if not isinstance(mac, str) or not hmac.compare_digest(mac, _request_mac(secret, entry)):
        return None
    if entry.get("request") != request:
        return None
    for path, digest in entry["files"].items():
        if _file_sha256(Path(path)) != digest:
            return None
    for folder, names in entry["folders"].items():
        if _listing(Path(folder)) != names:
            return None
    return Recalled(
        entry["key"],
        Path(entry["table"]),
        tuple(entry["questions"]),
        tuple(entry["sides"]),
    )
