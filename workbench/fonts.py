"""The one font the workbench draws text with: charts, exported reports and printed cards.

IPAexGothic (Debian ``fonts-ipaexfont-gothic``, installed by ``scripts/system-deps.sh``):
Japanese and Latin in one TrueType file with ``glyf`` outlines, so every consumer can
use the same file — vl-convert measures chart text with it, the exported HTML embeds it
(so the browser draws what was measured), and PDF writers embed it in printed sheets.
One family everywhere is what keeps measured and drawn text the same width.

>>> FONT_FAMILY
'IPAexGothic'
>>> font_file().name
'ipaexg.ttf'
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["FONT_FAMILY", "FONT_STACK", "FontMissing", "font_file"]

FONT_FAMILY = "IPAexGothic"
#: CSS font-family value: the project's font first, then fallbacks a browser may have.
FONT_STACK = "'IPAexGothic', 'IPAexゴシック', 'Noto Sans CJK JP', 'DejaVu Sans', sans-serif"

_CANDIDATES = (
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
)


class FontMissing(RuntimeError):
    """The project's font is not installed (run ``make system-deps``)."""


def font_file() -> Path:
    """The TrueType file of :data:`FONT_FAMILY` (``$WORKBENCH_FONT`` overrides the search).

    Raises :class:`FontMissing` with the command that installs it.
    """
    override = os.environ.get("WORKBENCH_FONT")
    for candidate in ([override] if override else []) + list(_CANDIDATES):
        path = Path(candidate)
        if path.is_file():
            return path
    raise FontMissing(
        f"the font {FONT_FAMILY} is not installed: run `make system-deps` "
        "(Debian package fonts-ipaexfont-gothic) or set WORKBENCH_FONT to a .ttf file"
    )
