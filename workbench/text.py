"""Characters Japanese card text uses for a minus sign: one table for the whole workbench.

Dice notation, sheet cells, effect text and the command line all read these
as ``-``. Two kinds:

- :data:`MINUS_SIGNS`: dashes that only ever mean minus in a number: U+2212
  (−), U+2010..U+2015 (‐ ‑ ‒ – — ―), U+FE63 (﹣) and U+FF0D (－);
- :data:`LONG_VOWEL_MARKS`: ー (U+30FC) and ｰ (U+FF70), typed for a minus in
  ``１Ｄー１`` but a vowel mark inside words (ルール), so text that also holds
  names (effects) folds only the signs.

>>> fold_minus("１Ｄ−１, ３Ｄー２")
'１Ｄ-１, ３Ｄ-２'
>>> fold_minus("ルール −1", long_vowels=False)
'ルール -1'
"""

from __future__ import annotations

MINUS_SIGNS = "\u2212\u2010\u2011\u2012\u2013\u2014\u2015\ufe63\uff0d"
"""Dashes that stand for minus wherever they appear."""

LONG_VOWEL_MARKS = "\u30fc\uff70"
"""ー and ｰ: a minus in a number or dice string, a vowel mark in words."""

MINUS_LOOKALIKES = MINUS_SIGNS + LONG_VOWEL_MARKS
"""Everything read as ``-`` in numbers and dice."""

MINUS_TABLE = str.maketrans(dict.fromkeys(MINUS_LOOKALIKES, "-"))
"""``str.translate`` table for numbers and dice."""

SIGN_TABLE = str.maketrans(dict.fromkeys(MINUS_SIGNS, "-"))
"""``str.translate`` table for text that also holds words (long vowel marks kept)."""


def fold_minus(text: str, *, long_vowels: bool = True) -> str:
    """``text`` with every minus look-alike as ``-`` (long vowel marks too unless told not)."""
    return text.translate(MINUS_TABLE if long_vowels else SIGN_TABLE)
