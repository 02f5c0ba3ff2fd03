"""Dice notation as written on cards: ``3D+2``, ``3d6-1``, ``2D+1D+3``, ``３Ｄ＋２``.

Grammar (after normalisation, spaces allowed between tokens)::

    spec  := [sign] term (sign term)*
    term  := COUNT ("D" | "d") [SIDES]  |  NUMBER
    sign  := "+" | "-"

- ``D`` (or ``d``) without sides means the *default faces* (``faces=``; d6
  unless the game says otherwise, e.g. ``(1, 2, 3, 4, 5, 0)`` for a 6 that reads 0).
  ``dN`` / ``DN`` is an ordinary N-sided die 1..N.
- The count is required (``1D``, not ``D``); dice terms are added, never
  subtracted; numbers are summed into one modifier.
- Full-width text is read through NFKC (``３Ｄ＋２`` -> ``3D+2``), and every dash
  that stands for minus on Japanese cards is a minus: U+2212 (−), U+2010..2015,
  U+FE63, U+FF0D, and the long-vowel marks U+30FC (ー) / U+FF70 (ｰ).
- Limits, so nothing hangs: at most 1,000 dice per term and in all, 10,000
  sides per die, modifiers up to 1,000,000, 20 terms, and a size budget
  (possible totals × bits of the largest count <= 15,000,000: e.g. 1000D and
  20d1000 are fine, 1000d20 is refused).

Errors are :class:`NotationError` (a ``ValueError``) with ``.position``, the
0-based index of the offending character in the text as given.

>>> spec = parse_dice("３Ｄ＋２", faces=(1, 2, 3, 4, 5, 0))
>>> str(spec), spec.count, spec.modifier, spec.dist().mean()
('3D+2', 3, 2, 19/2)
>>> parse_dice("3X2")
Traceback (most recent call last):
...
workbench.prob.notation.NotationError: unexpected 'X' at position 1: expected D, d, +, - or the end (in '3X2')
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from workbench.prob.dice import Fumble, die, mixed_pool
from workbench.prob.dist import Dist
from workbench.text import MINUS_LOOKALIKES

__all__ = ["DiceSpec", "DiceTerm", "NotationError", "parse_dice", "parse_side", "side_dist"]

MAX_DICE = 1_000
MAX_SIDES = 10_000
MAX_MODIFIER = 1_000_000
MAX_TERMS = 20
MAX_SIZE = 15_000_000
_MINUS = MINUS_LOOKALIKES
_DIGITS = "0123456789"
_SEPARATORS = ",\uff0c\u3001"


class NotationError(ValueError):
    """Unreadable dice text; ``position`` is the 0-based index of the culprit."""

    def __init__(self, message: str, position: int, text: str) -> None:
        super().__init__(message)
        self.position = position
        self.text = text


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice; ``sides=None`` means the default faces, else 1..sides."""

    count: int
    sides: int | None = None

    def __str__(self) -> str:
        return f"{self.count}D" if self.sides is None else f"{self.count}d{self.sides}"


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """Parsed notation: dice terms, one summed modifier, and what ``D`` means.

    >>> s = parse_dice("2D + 1d6 + 3 - 1")
    >>> str(s), s.count, s.modifier
    ('2D+1d6+2', 3, 2)
    """

    terms: tuple[DiceTerm, ...]
    modifier: int = 0
    faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    _cache: dict[tuple[object, ...], Dist] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    @property
    def count(self) -> int:
        """Number of dice rolled."""
        return sum(t.count for t in self.terms)

    def dice(self) -> list[tuple[int, Dist]]:
        """(count, die) pairs, one per term."""
        return [(t.count, die(self.faces) if t.sides is None else die(t.sides)) for t in self.terms]

    def dist(self, floor: int | None = None, fumble: Fumble = None) -> Dist:
        """Exact distribution of the total; a fumble needs every die on the fumble face.

        >>> parse_dice("2D", faces=range(6)).dist(fumble="zero").p(0)
        1/36
        >>> parse_dice("1D-3", faces=range(6)).dist(floor=0).mean()
        1/2
        """
        key = (floor, fumble)
        if key not in self._cache:
            self._cache[key] = mixed_pool(self.dice(), self.modifier, floor=floor, fumble=fumble)
        return self._cache[key]

    def __str__(self) -> str:
        text = "+".join(str(t) for t in self.terms)
        if not text:
            return str(self.modifier)
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text


def _normalise(text: str) -> tuple[str, list[int]]:
    """NFKC per character, minus look-alikes to '-'; returns (text, original index of each char)."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        norm = "-" if ch in _MINUS else unicodedata.normalize("NFKC", ch)
        for c in norm:
            out.append(c)
            where.append(i)
    return "".join(out), where


def _describe(ch: str) -> str:
    return repr(ch) if ch.isascii() and ch.isprintable() else f"{ch!r} (U+{ord(ch):04X})"


class _Reader:
    def __init__(
        self, text: str, faces: tuple[int, ...], offset: int = 0, shown: str | None = None
    ) -> None:
        self.original = text
        self.text, self.where = _normalise(text)
        self.offset, self.shown = offset, text if shown is None else shown
        self.faces = faces
        self.i = 0

    def fail(self, message: str, at: int | None = None) -> NotationError:
        at = self.i if at is None else at
        return NotationError(f"{message} (in {self.shown!r})", self.pos(at), self.shown)

    def pos(self, at: int) -> int:
        """Position in the shown text of normalised character ``at``."""
        local = self.where[at] if at < len(self.where) else len(self.original)
        return self.offset + local

    def unexpected(self, expected: str) -> NotationError:
        if self.i >= len(self.text):
            return self.fail(
                f"text ends at position {self.pos(len(self.text))}: expected {expected}"
            )
        ch = self.original[self.where[self.i]]
        return self.fail(
            f"unexpected {_describe(ch)} at position {self.pos(self.i)}: expected {expected}"
        )

    def skip_space(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def number(self, what: str, limit: int) -> int:
        start = self.i
        while self.peek() and self.peek() in _DIGITS:
            self.i += 1
        digits = self.text[start : self.i]
        if len(digits) > len(str(limit)) or int(digits) > limit:
            pos = self.pos(start)
            raise self.fail(
                f"{what} {digits} at position {pos} is over the limit of {limit:,}", start
            )
        return int(digits)

    def parse(self) -> DiceSpec:
        if not self.text.strip():
            raise self.fail(f"empty dice notation at position {self.pos(0)}", 0)
        terms: list[DiceTerm] = []
        modifier = 0
        sign = 1
        self.skip_space()
        if self.peek() in ("+", "-"):
            sign = -1 if self.peek() == "-" else 1
            self.i += 1
        while True:
            self.skip_space()
            if not self.peek() or self.peek() not in _DIGITS:
                hint = "a number (write 1D, not D)" if self.peek() in ("D", "d") else "a number"
                raise self.unexpected(hint)
            start = self.i
            value = self.number("number", MAX_MODIFIER)
            dice_before = len(terms)
            self.skip_space()
            if self.peek() in ("D", "d"):
                if sign < 0:
                    raise self.fail(
                        f"dice cannot be subtracted (position {self.pos(start)})", start
                    )
                terms.append(self.dice_term(value, start))
                self.check_size(terms, start)
            else:
                modifier += sign * value
            if len(terms) > MAX_TERMS:
                raise self.fail(
                    f"more than {MAX_TERMS} dice terms at position {self.pos(start)}", start
                )
            self.skip_space()
            if not self.peek():
                break
            if self.peek() not in ("+", "-"):
                after_dice = len(terms) > dice_before
                raise self.unexpected("+, - or the end" if after_dice else "D, d, +, - or the end")
            sign = -1 if self.peek() == "-" else 1
            self.i += 1
        if abs(modifier) > MAX_MODIFIER:
            raise self.fail(f"modifier {modifier} is over the limit of {MAX_MODIFIER:,}", 0)
        return DiceSpec(tuple(terms), modifier, self.faces)

    def dice_term(self, count: int, start: int) -> DiceTerm:
        if count > MAX_DICE:
            raise self.fail(
                f"{count} dice at position {self.pos(start)}: at most {MAX_DICE:,}", start
            )
        self.i += 1  # the D
        if self.peek() and self.peek() in _DIGITS:
            at = self.i
            sides = self.number("die size", MAX_SIDES)
            if sides < 1:
                raise self.fail(f"a die needs at least one side (position {self.pos(at)})", at)
            return DiceTerm(count, sides)
        return DiceTerm(count, None)

    def check_size(self, terms: list[DiceTerm], start: int) -> None:
        dice = sum(t.count for t in terms)
        if dice > MAX_DICE:
            raise self.fail(
                f"{dice} dice in all at position {self.pos(start)}: at most {MAX_DICE:,}", start
            )
        spread = max(self.faces) - min(self.faces) + 1
        sides = [(t.count, len(self.faces) if t.sides is None else t.sides) for t in terms]
        span = sum(t.count * ((spread if t.sides is None else t.sides) - 1) for t in terms) + 1
        size = span * sum(n * math.log2(max(s, 2)) for n, s in sides)
        if size > MAX_SIZE:
            term = self.original[self.where[start] : self.where[self.i - 1] + 1]
            raise self.fail(
                f"{term} at position {self.pos(start)} makes the roll too large to compute"
                f" exactly in seconds ({span:,} totals of {dice} dice; limit {MAX_SIZE:,} total-bits)",
                start,
            )


def parse_dice(text: str, faces: Iterable[int] = (1, 2, 3, 4, 5, 6)) -> DiceSpec:
    """Read dice notation; ``faces`` is what a bare ``D`` means.

    >>> parse_dice("3d6-1").dist().mean()
    19/2
    >>> str(parse_dice("１Ｄ−１"))
    '1D-1'
    >>> parse_dice("3D+")
    Traceback (most recent call last):
    ...
    workbench.prob.notation.NotationError: text ends at position 3: expected a number (in '3D+')
    >>> try:
    ...     parse_dice("３Ｘ２")
    ... except NotationError as err:
    ...     print(err.position, err)
    1 unexpected 'Ｘ' (U+FF38) at position 1: expected D, d, +, - or the end (in '３Ｘ２')
    """
    if not isinstance(text, str):
        raise TypeError(f"dice notation must be text, got {type(text).__name__}")
    return _Reader(text, _faces(faces)).parse()


def _faces(faces: Iterable[int]) -> tuple[int, ...]:
    face_tuple = tuple(faces)
    if not face_tuple or not all(type(f) is int for f in face_tuple):
        raise ValueError(f"faces must be a non-empty list of ints, got {face_tuple!r}")
    return face_tuple


def parse_side(text: str, faces: Iterable[int] = (1, 2, 3, 4, 5, 6)) -> tuple[DiceSpec, ...]:
    """One side of a battle: each ghost's roll, separated by commas (``,`` ``，`` ``、``).
    Each roll has its own fumble; :func:`side_dist` sums them. Error positions
    count in the whole text.

    >>> [str(s) for s in parse_side("３Ｄ＋２、1D+1", faces=range(6))]
    ['3D+2', '1D+1']
    >>> parse_side("3D+2, 1X")
    Traceback (most recent call last):
    ...
    workbench.prob.notation.NotationError: unexpected 'X' at position 7: expected D, d, +, - or the end (in '3D+2, 1X')
    """
    if not isinstance(text, str):
        raise TypeError(f"dice notation must be text, got {type(text).__name__}")
    face_tuple = _faces(faces)
    specs, start = [], 0
    for i, ch in enumerate(text + ","):
        if ch in _SEPARATORS:
            specs.append(_Reader(text[start:i], face_tuple, offset=start, shown=text).parse())
            start = i + 1
    return tuple(specs)


def side_dist(
    text: str,
    faces: Iterable[int] = (1, 2, 3, 4, 5, 6),
    *,
    floor: int | None = None,
    fumble: Fumble = None,
) -> Dist:
    """Total of a side written as comma-separated rolls, each with its own floor and fumble.

    >>> side_dist("2D, 1D", faces=range(6), fumble="zero").p(0)
    1/216
    >>> side_dist("3D", faces=range(6), fumble="zero") == parse_dice("3D", range(6)).dist(fumble="zero")
    True
    """
    total = Dist.constant(0)
    for spec in parse_side(text, faces):
        total = total + spec.dist(floor=floor, fumble=fumble)
    return total
