"""Argument checks shared by the subcommands: bounded whole numbers, look-alike digits.

Every number read from the command line is bounded *before* it is used, and
its digits are counted before ``int()`` sees them, so no argument can make a
command hang or end in a traceback. Full-width digits (``４０``) read as ASCII;
circled, superscript and other look-alike digits (``⑩``, ``²``), which NFKC
would silently turn into plain digits, are refused with their position.

>>> whole("--deck", 1, 100)("４０")
40
>>> whole("--deck", 1, 100)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 0 is below the minimum 1
>>> lookalike_digit("3D+⑩")
3
"""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Callable

from workbench.cli import CliError
from workbench.text import fold_minus

_ASCII = frozenset("0123456789")
_FULL_WIDTH = frozenset(chr(0xFF10 + i) for i in range(10))


def lookalike_digit(text: str) -> int | None:
    """0-based position of the first character NFKC reads as digits that is not an
    ASCII or full-width digit (``⑩``, ``²``, ``₃``, ``𝟑``), else None.

    >>> lookalike_digit("３Ｄ＋２") is None, lookalike_digit("²D")
    (True, 0)
    """
    for i, ch in enumerate(text):
        if ch in _ASCII or ch in _FULL_WIDTH or ch.isascii():
            continue
        if any(c in _ASCII for c in unicodedata.normalize("NFKC", ch)):
            return i
    return None


def refuse_lookalikes(text: str, what: str) -> None:
    """CliError naming ``what`` and the position of a look-alike digit in ``text``.

    >>> refuse_lookalikes("⑩D", "notation")
    Traceback (most recent call last):
    ...
    workbench.cli.CliError: notation: '⑩' (U+2469) at position 0 looks like a digit but is not one; write it with 0-9 (in '⑩D')
    """
    at = lookalike_digit(text)
    if at is not None:
        ch = text[at]
        raise CliError(
            f"{what}: {ch!r} (U+{ord(ch):04X}) at position {at} looks like a digit "
            f"but is not one; write it with 0-9 (in {_short(text)!r})"
        )


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_whole(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from ``text`` (full-width digits and minus look-alikes allowed),
    checked against ``low``/``high`` before any arithmetic; CliError otherwise.

    >>> parse_whole("−3", "--floor", -10, 10)
    -3
    >>> parse_whole("9" * 5000, "--floor", -10, 10)
    Traceback (most recent call last):
    ...
    workbench.cli.CliError: --floor: '99999999999999999999999999999999999999999999999999999999999…' is too long for a whole number (at most 10)
    """
    if not isinstance(text, str):
        raise CliError(f"{what}: expected text, got {type(text).__name__}")
    refuse_lookalikes(text, what)
    folded = unicodedata.normalize("NFKC", text).strip()
    folded = fold_minus(folded)
    sign, digits = (folded[0], folded[1:]) if folded[:1] in "+-" and folded else ("", folded)
    if not digits or not all(c in _ASCII for c in digits):
        raise CliError(f"{what}: {_short(text)!r} is not a whole number")
    limit = max(abs(low or 0), abs(high or 0), 1) if (low is not None or high is not None) else None
    if limit is not None and len(digits.lstrip("0")) > len(str(limit)):
        raise CliError(
            f"{what}: {_short(text)!r} is too long for a whole number "
            f"(at most {high if high is not None else limit})"
        )
    if limit is None and len(digits) > 18:
        raise CliError(f"{what}: {_short(text)!r} is too long for a whole number")
    value = int(sign + digits)
    if low is not None and value < low:
        raise CliError(f"{what}: {value} is below the minimum {low}")
    if high is not None and value > high:
        raise CliError(f"{what}: {value} is above the maximum {high}")
    return value


def whole(what: str, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type=`` for a bounded whole number (errors name ``what``)."""

    def convert(text: str) -> int:
        try:
            return parse_whole(text, what, low, high)
        except CliError as exc:  # argparse prefixes "argument <what>: "
            raise argparse.ArgumentTypeError(str(exc).removeprefix(f"{what}: ")) from None

    convert.__name__ = "whole number"
    return convert
