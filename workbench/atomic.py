"""Writing a file so that a reader sees the old content or the new, never half of it.

One helper for every file the workbench writes as a whole (replays, playtests, reports):
the text goes to a temporary file in the same folder, is flushed to disk, then renamed
over the target (``os.replace`` is atomic on one file system).

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     p = write_text_atomic(pathlib.Path(d) / "a.json", "{}")
...     p.read_text(), sorted(x.name for x in p.parent.iterdir())
('{}', ['a.json'])
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["write_text_atomic"]


def write_text_atomic(path: str | os.PathLike[str], text: str, *, shared: bool = False) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; returns the path.

    ``shared``: the file gets the usual permissions (``0666`` less the umask) instead of
    ``mkstemp``'s private ``0600`` — for reports meant to be passed around.
    """
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if shared:
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
