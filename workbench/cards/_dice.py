"""Adapter to the dice notation of ``workbench.prob.notation``.

The sheet loader validates and normalises dice columns through
``parse_dice``. While that module is missing (it is built in parallel) a
tiny local reader of ``nD[s]±k`` sums stands in; it gives the same
normalised text for the common forms and is dropped once notation exists.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

_TERM = re.compile(r"([+-]?)(?:(\d*)D(\d*)|(\d+))", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _FallbackSpec:
    text: str
    count: int
    modifier: int

    def __str__(self) -> str:
        return self.text


def _fallback(text: str) -> _FallbackSpec:
    folded = unicodedata.normalize("NFKC", text).replace("\u2212", "-").replace(" ", "")
    if not folded:
        raise ValueError("empty dice text")
    pos, count, modifier = 0, 0, 0
    parts: list[str] = []
    while pos < len(folded):
        m = _TERM.match(folded, pos)
        if not m or (pos > 0 and not m.group(1)):
            err = ValueError(f"unexpected {folded[pos]!r} at character {pos + 1}")
            err.position = pos + 1  # type: ignore[attr-defined]
            raise err
        sign = -1 if m.group(1) == "-" else 1
        if m.group(4) is not None:
            modifier += sign * int(m.group(4))
        else:
            n = int(m.group(2) or 1)
            count += sign * n
            parts.append(f"{'-' if sign < 0 else ('+' if parts else '')}{n}D{m.group(3)}")
        pos = m.end()
    body = "".join(parts)
    if modifier or not body:
        body += f"{modifier:+d}" if body else str(modifier)
    return _FallbackSpec(body, count, modifier)


def parse_dice_text(text: str, faces: tuple[int, ...] | None = None) -> Any:
    """A dice spec for ``text``: ``str()`` of it is the normalised ASCII form.

    >>> str(parse_dice_text("３Ｄ＋２"))
    '3D+2'
    """
    try:
        from workbench.prob.notation import parse_dice
    except ImportError:
        return _fallback(text)
    if faces is None:
        return parse_dice(text)
    return parse_dice(text, faces=faces)
