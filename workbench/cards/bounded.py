"""Sizes measured before a sheet is read, never taken on a file's word (issue 27 items 1, 2, 12).

- :func:`unzipped_bytes` inflates every entry of a workbook (a zip) in bounded
  chunks and counts what comes out, stopping as soon as the count passes the
  limit: an archive whose entries declare small sizes but inflate to gigabytes
  is refused after reading at most ``limit`` bytes of output, with memory for
  one chunk.
- :func:`parquet_shape` reads a Parquet file's row count and column types from
  its footer; :func:`read_parquet_bounded` then reads at most ``rows`` rows, a
  slice at a time, and stops when the cells pass a byte budget. Column types a
  card sheet cannot hold (binary, nested lists, arrays, structs) are refused by
  name before any row is read.

>>> import io, zipfile, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "w.xlsx"
>>> with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
...     z.writestr("a.xml", b"x" * 5000)
>>> unzipped_bytes(path, 10_000), unzipped_bytes(path, 1_000)
(5000, 1001)
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Any

import polars as pl

CHUNK = 64 * 1024
_LOCAL_HEADER = struct.Struct("<IHHHHHIIIHH")
_LOCAL_MAGIC = 0x04034B50


def _entry_offsets(path: Path) -> list[tuple[int, int, int]]:
    """(local header offset, method, declared compressed size) of each entry, from the
    central directory (the sizes are not trusted, only where each entry starts)."""
    import zipfile

    with zipfile.ZipFile(path) as archive:
        return [
            (info.header_offset, info.compress_type, info.compress_size)
            for info in archive.infolist()
        ]


def unzipped_bytes(path: str | Path, limit: int) -> int:
    """Bytes the archive's entries really inflate to, counted while inflating; stops
    at ``limit + 1``. ValueError when ``path`` is not a zip (the caller's reader says so)."""
    path = Path(path)
    import zipfile

    try:
        entries = _entry_offsets(path)
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise ValueError(f"not a zip archive ({exc})") from None
    total = 0
    file_size = path.stat().st_size
    with path.open("rb") as fh:
        for offset, method, declared in entries:
            fh.seek(offset)
            head = fh.read(_LOCAL_HEADER.size)
            if len(head) < _LOCAL_HEADER.size or _LOCAL_HEADER.unpack(head)[0] != _LOCAL_MAGIC:
                raise ValueError("an entry's local header is missing")
            name_len, extra_len = _LOCAL_HEADER.unpack(head)[9:11]
            fh.seek(offset + _LOCAL_HEADER.size + name_len + extra_len)
            if method == zipfile.ZIP_STORED:  # stored bytes cannot exceed the file itself
                total += min(declared, file_size)
            elif method == zipfile.ZIP_DEFLATED:
                total += _inflated(fh, limit + 1 - total)
            else:  # bzip2, lzma...: not made by spreadsheet programs; the reader decides
                total += declared
            if total > limit:
                return limit + 1
    return total


def _inflated(fh: Any, budget: int) -> int:
    """Bytes one raw deflate stream (read from ``fh``) inflates to, at most ``budget``."""
    inflater = zlib.decompressobj(-15)
    out = 0
    while out < budget and not inflater.eof:
        data = inflater.unconsumed_tail or fh.read(CHUNK)
        if not data:
            break
        try:
            out += len(inflater.decompress(data, min(CHUNK, budget - out)))
        except zlib.error:
            break  # a damaged stream: the Excel reader reports it
    return min(out, budget)


#: column types a card sheet can hold (a list of them reads as "a; b")
_PLAIN = (
    pl.String,
    pl.Boolean,
    pl.Date,
    pl.Datetime,
    pl.Time,
    pl.Categorical,
    pl.Enum,
    pl.Null,
    pl.Decimal,
)


def _plain(dtype: Any) -> bool:
    return dtype.is_numeric() or isinstance(dtype, _PLAIN) or dtype in _PLAIN


def unreadable_column(schema: dict[str, Any]) -> str | None:
    """'column x is binary' for the first column a card sheet cannot hold, else None.

    >>> unreadable_column({"name": pl.String, "tags": pl.List(pl.String)}) is None
    True
    >>> unreadable_column({"name": pl.String, "blob": pl.Binary})
    "column 'blob' holds Binary values"
    """
    for name, dtype in schema.items():
        inner = dtype.inner if isinstance(dtype, pl.List) else dtype
        if not _plain(inner):
            return f"column {str(name)[:60]!r} holds {dtype} values"
    return None


def parquet_shape(path: str | Path) -> tuple[int, dict[str, Any]]:
    """(rows, column types) from a Parquet file's footer, without reading its rows."""
    schema = dict(pl.read_parquet_schema(path))
    rows = pl.scan_parquet(path).select(pl.len()).collect().item()
    return int(rows), schema


def read_parquet_bounded(
    path: str | Path, rows: int, max_bytes: int, step: int = 64
) -> pl.DataFrame:
    """At most ``rows`` rows, ``step`` at a time; ValueError once the cells pass ``max_bytes``."""
    scan = pl.scan_parquet(path)
    parts: list[pl.DataFrame] = []
    size = 0.0
    for start in range(0, max(rows, 1), step):
        part = scan.slice(start, min(step, rows - start)).collect()
        size += part.estimated_size()
        if size > max_bytes:
            raise ValueError(
                f"its cells hold more than {max_bytes / 1e6:.0f} MB by row {start + part.height:,}"
            )
        parts.append(part)
        if part.height < step:
            break
    return pl.concat(parts) if parts else scan.head(0).collect()
