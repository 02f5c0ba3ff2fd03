"""Sheet schemas: the columns of a card sheet, their kinds and allowed values.

A game declares its sheet once::

    SCHEMA = Schema("mugen", (
        Column("id", "str", unique=True),
        Column("star", "int", min=1, max=3),
        Column("effects", "effects", vocabulary=VOCABULARY),
    ))

Kinds and the polars dtype each becomes in ``Sheet.frame``:

======== ================= ===============================================
kind     dtype             cell text
======== ================= ===============================================
str      String            as written (NFC)
int      Int64             whole number, full-width and ``−`` allowed
bool     Boolean           true/false, yes/no, y/n, 1/0, ○/×, はい/いいえ
dice     String            dice notation, stored normalised (``３Ｄ＋２`` -> ``3D+2``)
effects  String            effect text in the column's vocabulary, normalised
list     List(String)      items separated by ``;`` ``,`` ``|`` or ``、``
======== ================= ===============================================

``required=True`` means the header must have the column and every card
must fill it; an optional column may be missing (it becomes all null).
``allowed`` limits values (each item, for lists; ``Red`` or ``ｒｅｄ`` reads
as the allowed ``red``); ``min``/``max`` bound
ints; ``unique`` forbids repeats (case- and width-insensitive for text).

>>> Column("star", "int", min=1, max=3).convert("★3".strip("★"))
(3, 3)
>>> Column("star", "int", min=1, max=3).convert("4")
Traceback (most recent call last):
...
workbench.cards.cells.CellError: 4 is above the maximum 3
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from workbench.cards.cells import CellError, to_bool, to_dice, to_int, to_list, to_str
from workbench.cards.effects import EffectError, Vocabulary

KINDS: tuple[str, ...] = ("str", "int", "bool", "dice", "effects", "list")

#: A cross-column check: takes the typed frame, yields
#: (0-based frame row or None, column or None, rule, message).
Check = Callable[[pl.DataFrame], Iterable[tuple[int | None, str | None, str, str]]]


@dataclass(frozen=True, eq=False)
class Column:
    """One column of a sheet (see the module docstring for kinds and options).

    >>> Column("colour", "str", allowed=("red", "blue")).convert("ＲＥＤ")
    ('red', 'red')
    >>> Column("colour", "str", allowed=("red", "blue")).convert("green")
    Traceback (most recent call last):
    ...
    workbench.cards.cells.CellError: 'green' is not one of: red, blue
    """

    name: str
    kind: str = "str"
    required: bool = True
    allowed: Collection[Any] | None = None
    unique: bool = False
    min: int | None = None
    max: int | None = None
    vocabulary: Vocabulary | None = None
    description: str = ""
    faces: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                f"column {self.name!r}: unknown kind {self.kind!r}; known: {', '.join(KINDS)}"
            )
        if self.kind == "effects" and self.vocabulary is None:
            raise ValueError(f"column {self.name!r}: an effects column needs a vocabulary")
        if (self.min is not None or self.max is not None) and self.kind != "int":
            raise ValueError(f"column {self.name!r}: min/max apply to int columns only")
        if self.allowed is not None:
            object.__setattr__(self, "allowed", tuple(self.allowed))

    @property
    def dtype(self) -> pl.DataType:
        """The polars dtype of this column in ``Sheet.frame``."""
        if self.kind == "int":
            return pl.Int64()
        if self.kind == "bool":
            return pl.Boolean()
        if self.kind == "list":
            return pl.List(pl.String())
        return pl.String()

    def convert(self, text: str) -> tuple[Any, Any]:
        """(frame value, parsed value) for one non-empty cell; raises ``CellError``.

        The parsed value is a ``DiceSpec`` for dice, a tuple of ``Effect`` for
        effects, a tuple of str for lists, else the frame value itself.

        >>> Column("hp", "dice").convert("１Ｄ−１")[0]
        '1D-1'
        """
        parsed: Any
        value: Any
        if self.kind == "int":
            value = parsed = to_int(text)
            if self.min is not None and value < self.min:
                raise CellError(f"{value} is below the minimum {self.min}", rule="range")
            if self.max is not None and value > self.max:
                raise CellError(f"{value} is above the maximum {self.max}", rule="range")
        elif self.kind == "bool":
            value = parsed = to_bool(text)
        elif self.kind == "dice":
            parsed = to_dice(text, self.faces)
            value = str(parsed)
        elif self.kind == "effects":
            assert self.vocabulary is not None
            try:
                parsed = self.vocabulary.parse(text)
            except EffectError as exc:
                raise CellError(str(exc), exc.position) from exc
            value = self.vocabulary.format(parsed)
        elif self.kind == "list":
            parsed = to_list(text)
            value = list(parsed)
        else:
            value = parsed = to_str(text)
        if self.allowed is not None:
            if isinstance(value, list):
                value = [self._allowed(item) for item in value]
                parsed = tuple(value)
            else:
                value = parsed = self._allowed(value)
        return value, parsed

    def _allowed(self, item: Any) -> Any:
        """The allowed value ``item`` names: exact, else ignoring case and width."""
        assert self.allowed is not None
        if item in self.allowed:
            return item
        if isinstance(item, str):
            key = unicodedata.normalize("NFKC", item).casefold().strip()
            for choice in self.allowed:
                if (
                    isinstance(choice, str)
                    and unicodedata.normalize("NFKC", choice).casefold() == key
                ):
                    return choice
        shown = item if isinstance(item, int) and not isinstance(item, bool) else repr(item)
        raise CellError(
            f"{shown} is not one of: {', '.join(str(a) for a in self.allowed)}", rule="allowed"
        )


@dataclass(frozen=True, eq=False)
class Schema:
    """The columns of one sheet of one game, plus optional cross-column checks.

    ``name`` tells several sheets of a game apart (the file stem, e.g. ``events``).
    Cells longer than ``max_cell_chars`` are problems.

    >>> s = Schema("demo", (Column("name", unique=True), Column("cost", "int", required=False)))
    >>> s.names, s.required_names
    (('name', 'cost'), ('name',))
    """

    game: str
    columns: tuple[Column, ...]
    name: str = "cards"
    description: str = ""
    max_cell_chars: int = 10_000
    checks: tuple[Check, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "columns", tuple(self.columns))
        object.__setattr__(self, "checks", tuple(self.checks))
        seen: set[str] = set()
        for c in self.columns:
            if c.name in seen:
                raise ValueError(f"schema {self.game}/{self.name}: column {c.name!r} twice")
            seen.add(c.name)

    @property
    def names(self) -> tuple[str, ...]:
        """Every column name, in order."""
        return tuple(c.name for c in self.columns)

    @property
    def required_names(self) -> tuple[str, ...]:
        """The columns a sheet must have."""
        return tuple(c.name for c in self.columns if c.required)

    def column(self, name: str) -> Column:
        """The column called ``name`` (KeyError naming the known ones otherwise)."""
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(
            f"{name!r} is not a column of {self.game}/{self.name}; known: {', '.join(self.names)}"
        )

    def describe(self) -> pl.DataFrame:
        """The schema as a table (name, kind, required, allowed, unique, range, description).

        >>> Schema("demo", (Column("star", "int", min=1, max=3),)).describe().row(0)
        ('star', 'int', True, '', False, '1..3', '')
        """
        rows = []
        for c in self.columns:
            allowed = ", ".join(map(str, c.allowed)) if c.allowed is not None else ""
            if c.vocabulary is not None:
                allowed = "verbs: " + ", ".join(c.vocabulary.verbs)
            bounds = (
                ""
                if c.min is None and c.max is None
                else f"{'' if c.min is None else c.min}..{'' if c.max is None else c.max}"
            )
            rows.append((c.name, c.kind, c.required, allowed, c.unique, bounds, c.description))
        return pl.DataFrame(
            rows,
            orient="row",
            schema=["name", "kind", "required", "allowed", "unique", "range", "description"],
        )
