"""Which characters the embedded font can draw, and the card texts it cannot.

A character missing from the font's character map prints as an empty box (tofu): an
emoji, Hangul, or a rare kanji such as 𠮷 (U+20BB7) in IPAexGothic. Printing and
``workbench check`` list each one as a :class:`~workbench.cards.problems.Problem` at the
file, row and column of the cell that holds it, with its place in the cell, so the
designer can replace it before the cards are cut. The coverage is read from the very
font file that is embedded (:func:`workbench.fonts.font_file`, its ``cmap`` table).

>>> missing("御影さくら ３Ｄ＋２ ★●")
[]
>>> missing("吉田 𠮷田 😀")
['𠮷', '😀']
>>> [str(p) for p in cell_problems({"name": "😀 spark", "_file": "cards.csv", "_row": 3}, ["name"])]
["cards.csv row 3, column name [glyph]: '😀' (U+1F600) at character 1 is not in the font IPAexGothic: it would print as an empty box; write it another way"]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

from fontTools.ttLib import TTFont

from workbench.cards.problems import Problem
from workbench.fonts import FONT_FAMILY, font_file

__all__ = ["cell_problems", "coverage", "missing"]

#: characters that are layout, not ink: never looked up in the font.
_NOT_DRAWN = frozenset("\n\r\t\u200b\u200c\u200d\ufe0e\ufe0f")


@functools.cache
def coverage() -> frozenset[int]:
    """The code points the embedded font has a glyph for (its best ``cmap``)."""
    with TTFont(str(font_file()), lazy=True) as font:
        return frozenset(font.getBestCmap())


def missing(text: str) -> list[str]:
    """The characters of ``text`` the font cannot draw, each once, in order of appearance."""
    known = coverage()
    return list(dict.fromkeys(c for c in text if ord(c) not in known and c not in _NOT_DRAWN))


def cell_problems(record: Mapping[str, Any], columns: Iterable[str]) -> list[Problem]:
    """One problem per (column, character) of ``record`` that the font cannot draw.

    ``record`` carries ``_file`` and ``_row`` (a printed sheet's row); list cells are
    read as their items joined by ``・`` as the face prints them.
    """
    problems = []
    for column in dict.fromkeys(columns):
        if column.startswith("_"):
            continue
        value = record.get(column)
        if value is None or isinstance(value, bool | int | float):
            continue
        text = "・".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        for char in missing(text):
            problems.append(
                Problem(
                    str(record.get("_file", "sheet")),
                    record.get("_row"),
                    column,
                    "glyph",
                    f"{char!r} (U+{ord(char):04X}) at character {text.index(char) + 1} is not "
                    f"in the font {FONT_FAMILY}: it would print as an empty box; write it "
                    "another way",
                )
            )
    return problems
