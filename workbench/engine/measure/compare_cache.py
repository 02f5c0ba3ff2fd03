"""The compare cache: answers kept under ``$WORKBENCH_CACHE``, used only when they prove
themselves (issue 39 item 6).

An entry is two files named by the question's key (``<key hash>.parquet`` and
``<key hash>.json``). The JSON holds the whole key, the table's sha256, its shape,
and an HMAC of them with this user's secret (``~/.config/workbench/cache-secret``,
``$XDG_CONFIG_HOME`` honoured; made on first use, ``0600``, never in the cache
folder), so an entry edited by hand or written by someone else into a shared cache
folder does not verify. Before a table is used:

- both files must be regular files of bounded size (:data:`MAX_TABLE_BYTES`,
  :data:`MAX_NOTE_BYTES`): a 4.8-million-row file is refused by its size unread;
- the key, the bytes' sha256 and the HMAC must match;
- its columns, types and rows must be the comparison's (:func:`table_problem`): every
  question asked present, at most :data:`MAX_ROWS` rows.

An entry that fails is not trusted: :func:`read_cached` says why on stderr in one line
and the comparison is played again (and written anew). Writing is atomic (a temporary
name, then a rename; the table before the note that vouches for it).

>>> table_problem(pl.DataFrame({"question": ["q"]}), {"q"})
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
from collections.abc import Collection
from pathlib import Path
from typing import Any

import polars as pl

__all__ = [
    "COLUMNS",
    "MAX_COLUMNS",
    "MAX_NOTE_BYTES",
    "MAX_ROWS",
    "MAX_TABLE_BYTES",
    "read_cached",
    "secret_file",
    "table_problem",
    "write_cached",
]

FORMAT = "workbench-compare-cache/1"
MAX_TABLE_BYTES = 1024 * 1024
"""A cached table is a few kilobytes (one row per measure); larger is not ours."""
MAX_NOTE_BYTES = 64 * 1024
MAX_ROWS = 10_000

_FLOAT = (pl.Float64, pl.Float32, pl.Int64, pl.Int32, pl.Null)
COLUMNS: dict[str, tuple[Any, ...]] = {
    "question": (pl.String,),
    "measure": (pl.String,),
    "kind": (pl.String,),
    "base": _FLOAT,
    "variant": _FLOAT,
    "difference": _FLOAT,
    "low": _FLOAT,
    "high": _FLOAT,
    "changed": (pl.Boolean,),
}
"""The columns every comparison table has and the types each may have (a table has others
too: references, conclusions, verdicts, half-widths)."""
MAX_COLUMNS = 64
_SCALARS = (*_FLOAT, pl.String, pl.Boolean)


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


def _mac(secret: bytes, key: str, digest: str, rows: int) -> str:
    return hmac.new(secret, f"{FORMAT}\0{key}\0{digest}\0{rows}".encode(), "sha256").hexdigest()


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


def table_problem(table: pl.DataFrame, questions: Collection[str]) -> str | None:
    """Why ``table`` is not the comparison of ``questions`` (None when it is).

    >>> table_problem(pl.DataFrame({c: [] for c in COLUMNS}), {"q"}) is None
    False
    """
    if not set(COLUMNS) <= set(table.columns) or table.width > MAX_COLUMNS:
        return "its columns are not a comparison table"
    for name in table.columns:
        kinds = COLUMNS.get(name, _SCALARS)
        if not any(table.schema[name] == k for k in kinds):
            return f"column {name!r} is {table.schema[name]}"
    if not 1 <= table.height <= MAX_ROWS:
        return f"{table.height:,} rows"
    found = set(table["question"].to_list())
    if found != set(questions):
        missing = sorted(set(questions) - found)
        return f"question {missing[0]!r} is missing" if missing else "it answers other questions"
    return None


def read_cached(path: Path, key: str, questions: Collection[str]) -> pl.DataFrame | None:
    """The cached table at ``path`` for ``key``, when it verifies (see the module
    docstring); None when there is none or it fails (then one line on stderr says why)."""
    note_path = _note_path(path)
    if not path.exists() and not note_path.exists():
        return None
    why = _problem(path, note_path, key, questions)
    if isinstance(why, pl.DataFrame):
        return why
    if why:
        sys.stderr.write(
            f"workbench compare: the cached answers {path.name} are not used ({why}); "
            "playing the games again\n"
        )
    return None


def _problem(
    path: Path, note_path: Path, key: str, questions: Collection[str]
) -> pl.DataFrame | str:
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
    if not isinstance(note, dict) or note.get("format") != FORMAT:
        return "its note is not a cache note"
    if note.get("key") != key:
        return "it was cached for another question"
    digest = hashlib.sha256(raw).hexdigest()
    rows = note.get("rows")
    if note.get("sha256") != digest or type(rows) is not int:
        return "its content does not match its hash: edited since it was written"
    mac = note.get("mac")
    if not isinstance(mac, str) or not hmac.compare_digest(mac, _mac(secret, key, digest, rows)):
        return "it was not written by this user's workbench"
    try:
        table = pl.read_parquet(io.BytesIO(raw))
    except (OSError, pl.exceptions.PolarsError, ValueError) as e:
        return f"unreadable ({type(e).__name__})"
    if table.height != rows:
        return f"{table.height:,} rows where its note says {rows:,}"
    return table_problem(table, questions) or table


def write_cached(path: Path, key: str, table: pl.DataFrame) -> None:
    """Keep ``table`` as the answers for ``key`` (nothing when there is no secret)."""
    secret = _secret()
    if secret is None:
        return
    buffer = io.BytesIO()
    table.write_parquet(buffer)
    raw = buffer.getvalue()
    digest = hashlib.sha256(raw).hexdigest()
    note = {
        "format": FORMAT,
        "key": key,
        "sha256": digest,
        "rows": table.height,
        "mac": _mac(secret, key, digest, table.height),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    for target, data in ((path, raw), (_note_path(path), json.dumps(note).encode())):
        tmp = target.with_name(f".{target.name}.{os.getpid()}")
        tmp.write_bytes(data)
        os.replace(tmp, target)
