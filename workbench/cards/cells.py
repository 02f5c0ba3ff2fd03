"""Reading one cell of a sheet: normalisation and the per-kind converters.

Every converter takes the cell text (already stripped, never empty) and
returns the typed value or raises :class:`CellError` with a message a
designer understands. Full-width digits, signs and letters are folded with
NFKC, and the minus look-alikes (``−``, ``–``, ``‐``) read as ``-``; but
look-alike digits that NFKC would silently turn into plain ones (circled
``⑩``, superscript ``²``) are refused with their position, whole numbers
have at most :data:`MAX_DIGITS` digits (so they fit the Int64 column), and
:func:`formula_like` spots text a spreadsheet app would run as a formula.

>>> to_int("３")
3
>>> to_int("−2")
-2
>>> to_bool("○"), to_bool("no")
(True, False)
>>> to_list("a; b ;c")
('a', 'b', 'c')
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from workbench.text import MINUS_TABLE

_INT = re.compile(r"[+-]?\d+(?:\.0+)?")
MAX_DIGITS = 18  # any 18-digit number fits a signed 64-bit column
_ASCII_DIGITS = frozenset("0123456789")
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?%?")
_TRUE = frozenset({"true", "t", "yes", "y", "1", "○", "◯", "✓", "✔", "はい", "有", "あり"})
_FALSE = frozenset({"false", "f", "no", "n", "0", "×", "✗", "いいえ", "無", "なし"})
LIST_SEPARATORS = ";,|、"
_LIST_SPLIT = re.compile(r"[;,|、]")


class CellError(ValueError):
    """A cell that does not fit its column; ``.position`` is 1-based or None, ``.rule``
    overrides the problem's rule id (default: the column kind)."""

    def __init__(self, message: str, position: int | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.position = position
        self.rule = rule


def fold(text: str) -> str:
    """NFKC-fold a cell and read minus look-alikes as ``-`` (for numbers and dice).

    >>> fold("３Ｄ＋２"), fold("１Ｄ−１")
    ('3D+2', '1D-1')
    """
    return unicodedata.normalize("NFKC", text).translate(MINUS_TABLE).strip()


def lookalike_digit(text: str) -> int | None:
    """0-based position of the first character that NFKC reads as digits but is
    neither an ASCII nor a full-width digit (``⑩``, ``²``, ``₃``), else None.

    >>> lookalike_digit("３Ｄ＋２") is None, lookalike_digit("1D+⑩")
    (True, 3)
    """
    for i, ch in enumerate(text):
        if ch.isascii() or "\uff10" <= ch <= "\uff19":
            continue
        if any(c in _ASCII_DIGITS for c in unicodedata.normalize("NFKC", ch)):
            return i
    return None


def _refuse_lookalikes(text: str) -> None:
    at = lookalike_digit(text)
    if at is not None:
        ch = text[at]
        raise CellError(
            f"{ch!r} (U+{ord(ch):04X}) at character {at + 1} looks like a digit "
            "but is not one; write it with 0-9",
            at + 1,
        )


def formula_like(text: str) -> str | None:
    """Why a spreadsheet app would run this text cell as a formula, else None:
    it starts with ``=`` or ``@``, or with ``+``/``-`` followed by more than a number.

    >>> formula_like("=SUM(A1)"), formula_like("+2"), formula_like("-cmd|'/C calc'!A0")
    ("starts with '='", None, "starts with '-'")
    """
    head = text[:1]
    if head in ("=", "@") and len(text) > 1 and text != "==":
        return f"starts with {head!r}"
    if head in ("+", "-") and len(text) > 1 and not _NUMBER.fullmatch(text.replace(" ", "")):
        return f"starts with {head!r}"
    return None


def to_str(text: str) -> str:
    """Text as written (NFC-normalised so equal-looking names compare equal).

    >>> to_str("御影さくら")
    '御影さくら'
    """
    return unicodedata.normalize("NFC", text)


def to_int(text: str) -> int:
    """A whole number; ``3.0`` (as spreadsheets export it) reads as 3.

    >>> to_int("+4"), to_int("3.0")
    (4, 3)
    >>> to_int("2.5")
    Traceback (most recent call last):
    ...
    workbench.cards.cells.CellError: '2.5' is not a whole number
    >>> to_int("9" * 19)
    Traceback (most recent call last):
    ...
    workbench.cards.cells.CellError: '9999999999999999999' is too large: at most 18 digits
    """
    _refuse_lookalikes(text)
    folded = fold(text).replace(" ", "")
    if not _INT.fullmatch(folded):
        shown = text if len(text) <= 40 else text[:39] + "…"
        raise CellError(f"{shown!r} is not a whole number")
    digits = folded.split(".")[0].lstrip("+-").lstrip("0")
    if len(digits) > MAX_DIGITS:
        shown = text if len(text) <= 40 else text[:39] + "…"
        raise CellError(f"{shown!r} is too large: at most {MAX_DIGITS} digits")
    return int(folded.split(".")[0])


def to_bool(text: str) -> bool:
    """yes/no in the usual spellings (true/false, y/n, 1/0, ○/×, はい/いいえ).

    >>> to_bool("TRUE")
    True
    >>> to_bool("maybe")
    Traceback (most recent call last):
    ...
    workbench.cards.cells.CellError: 'maybe' is not yes/no (write true or false)
    """
    key = fold(text).lower()
    if key in _TRUE:
        return True
    if key in _FALSE:
        return False
    raise CellError(f"{text!r} is not yes/no (write true or false)")


def to_list(text: str) -> tuple[str, ...]:
    """Items separated by ``;``, ``,``, ``|`` or ``、``; an empty item is an error.

    >>> to_list("red")
    ('red',)
    >>> to_list("red;;blue")
    Traceback (most recent call last):
    ...
    workbench.cards.cells.CellError: empty item at character 5 (two separators in a row?)
    """
    items: list[str] = []
    start = 0
    for piece in _LIST_SPLIT.split(text):
        item = to_str(piece.strip())
        if not item:
            raise CellError(
                f"empty item at character {start + 1} (two separators in a row?)", start + 1
            )
        items.append(item)
        start += len(piece) + 1
    return tuple(items)


def to_dice(text: str, faces: tuple[int, ...] | None = None) -> Any:
    """Dice text through ``workbench.prob.notation.parse_dice`` (full-width allowed).

    >>> str(to_dice("３Ｄ＋２"))
    '3D+2'
    """
    _refuse_lookalikes(text)
    # dice text needs workbench.prob, which loads sympy (about a second): sheets
    # without dice columns, and `workbench check` on them, load without it
    from workbench.cards._dice import parse_dice_text

    try:
        return parse_dice_text(text, faces)
    except ValueError as exc:
        position = getattr(exc, "position", None)  # 0-based in workbench.prob.notation
        raise CellError(
            f"{text!r} is not dice notation: {exc}", None if position is None else position + 1
        ) from exc
