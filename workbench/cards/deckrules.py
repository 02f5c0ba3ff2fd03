"""Deck-construction rules as data, and the deck checker.

A rules sheet (e.g. ``data/mugen/deck_rules.csv``) has one rule per row:

========== ===============================================================
rule       a short id, e.g. ``star3-kinds``
select     which cards it counts: ``all`` or ``column==value`` /
           ``column!=value`` over the card sheet (``star==3``, ``character==true``)
measure    ``cards`` (total copies), ``kinds`` (distinct names) or
           ``copies`` (each name separately)
op, value  the bound: ``==`` ``<=`` ``>=`` ``<`` ``>`` ``!=`` and a whole number
description what the designer reads
========== ===============================================================

A deck file has columns ``name,count`` (a name may be the card's ``name``,
``name_en`` or ``id``). :func:`check_deck` returns a problems frame with one
message per broken rule naming the cards; unknown card names are problems too.

>>> import polars as pl
>>> cards = pl.DataFrame({"name": ["A", "B", "C"], "star": [1, 3, 3]})
>>> rules = [DeckRule("per-name", "all", "copies", "<=", 4),
...          DeckRule("star3-cards", "star==3", "cards", "<=", 5)]
>>> for p in check_deck({"A": 5, "B": 3, "C": 3}, cards, rules).iter_rows(named=True):
...     print(p["rule"], "-", p["message"])
per-name - at most 4 copies of a name: A ×5
star3-cards - star==3: 6 cards, at most 5 allowed (B ×3, C ×3)
"""

from __future__ import annotations

import operator
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.cells import CellError, to_bool, to_int
from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.problems import Problem, SheetError, problems_frame
from workbench.cards.schema import Column, Schema

OPS: dict[str, tuple[Callable[[Any, Any], bool], str]] = {
    "==": (operator.eq, "exactly"),
    "<=": (operator.le, "at most"),
    ">=": (operator.ge, "at least"),
    "<": (operator.lt, "fewer than"),
    ">": (operator.gt, "more than"),
    "!=": (operator.ne, "not"),
}
MEASURES = ("cards", "kinds", "copies")


def _select_problems(frame: pl.DataFrame) -> list[tuple[int | None, str | None, str, str]]:
    out: list[tuple[int | None, str | None, str, str]] = []
    for i, text in enumerate(frame["select"].to_list()):
        if text is not None:
            try:
                parse_select(text)
            except ValueError as exc:
                out.append((i, "select", "select", str(exc)))
    return out


RULES_SCHEMA = Schema(
    "deck",
    (
        Column("rule", unique=True, description="short id of the rule"),
        Column("select", description="'all' or column==value / column!=value"),
        Column("measure", allowed=MEASURES, description="cards, kinds or copies (per name)"),
        Column("op", allowed=tuple(OPS), description="comparison"),
        Column("value", "int", min=0, description="the bound"),
        Column("description", required=False, description="the rule in words"),
    ),
    name="deck_rules",
    checks=(_select_problems,),
)

DECK_SCHEMA = Schema(
    "deck",
    (
        Column("name", description="card name (or name_en or id)"),
        Column("count", "int", min=1, description="copies in the deck"),
    ),
    name="deck",
)


@dataclass(frozen=True, slots=True)
class DeckRule:
    """One construction rule (see the module docstring)."""

    rule: str
    select: str
    measure: str
    op: str
    value: int
    description: str = ""

    def __post_init__(self) -> None:
        if self.measure not in MEASURES:
            raise ValueError(f"rule {self.rule!r}: measure must be one of {', '.join(MEASURES)}")
        if self.op not in OPS:
            raise ValueError(f"rule {self.rule!r}: op must be one of {', '.join(OPS)}")
        parse_select(self.select)


def parse_select(text: str) -> tuple[str, str, str] | None:
    """``None`` for ``all``, else (column, op, value text).

    >>> parse_select("star == 3"), parse_select("all")
    (('star', '==', '3'), None)
    """
    folded = unicodedata.normalize("NFKC", text).strip()
    if folded.lower() == "all":
        return None
    if folded.count("==") + folded.count("!=") > 1:
        raise ValueError(f"{text!r} compares more than once: write one column==value")
    for op in ("==", "!="):
        if op in folded:
            column, _, value = folded.partition(op)
            if column.strip() and value.strip():
                return column.strip(), op, value.strip()
    raise ValueError(f"{text!r} is not a selection: write 'all' or column==value")


def load_deck_rules(path: str | Path) -> tuple[DeckRule, ...]:
    """The rules of a rules sheet; :class:`SheetError` if the sheet has any problem."""
    sheet = load_sheet(path, RULES_SCHEMA).require_clean()
    return tuple(
        DeckRule(r["rule"], r["select"], r["measure"], r["op"], r["value"], r["description"] or "")
        for r in sheet.frame.iter_rows(named=True)
    )


def load_deck(path: str | Path) -> Sheet:
    """A deck file (columns name, count) as a :class:`Sheet`."""
    return load_sheet(path, DECK_SCHEMA)


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", str(text)).casefold().strip()


def _unreadable_value(dtype: pl.DataType, text: str) -> str | None:
    """Why ``text`` can never equal a value of a ``dtype`` column, else None."""
    try:
        if dtype == pl.Boolean:
            to_bool(text)
        elif dtype.is_integer():
            to_int(text)
    except CellError as exc:
        return str(exc)
    return None


def _matches(value: Any, dtype: pl.DataType, op: str, text: str) -> bool:
    try:
        if dtype == pl.Boolean:
            wanted: Any = to_bool(text)
        elif dtype.is_integer():
            wanted = to_int(text)
        else:
            return (_key(value) == _key(text)) == (op == "==") if value is not None else op == "!="
    except CellError:
        return op == "!="
    return (value == wanted) == (op == "==")


def check_deck(
    deck: Sheet | pl.DataFrame | Mapping[str, int],
    cards: Sheet | pl.DataFrame,
    rules: Sequence[DeckRule],
    *,
    file: str | None = None,
    name_columns: Sequence[str] = ("name", "name_en", "id"),
) -> pl.DataFrame:
    """Problems of a deck against construction rules: one per broken rule, naming the cards."""
    card_frame = cards.frame if isinstance(cards, Sheet) else cards
    entries: list[tuple[Any, Any, int | None]]
    if isinstance(deck, Sheet):
        file = file or deck.file
        entries = [
            (r["name"], r["count"], deck.rows[i])
            for i, r in enumerate(deck.frame.iter_rows(named=True))
        ]
    elif isinstance(deck, pl.DataFrame):
        entries = [(r["name"], r["count"], i + 2) for i, r in enumerate(deck.iter_rows(named=True))]
    else:
        entries = [(n, c, None) for n, c in deck.items()]
    file = file or "deck"
    lookup: dict[str, int] = {}
    names = [c for c in name_columns if c in card_frame.columns]
    if not names:
        raise SheetError(
            [
                Problem(
                    file,
                    None,
                    None,
                    "cards",
                    f"the card sheet has none of the name columns {', '.join(name_columns)}",
                )
            ]
        )
    for column in reversed(names):
        for i, value in enumerate(card_frame[column].to_list()):
            if value is not None:
                lookup[_key(value)] = i
    problems: list[Problem] = []
    counts: dict[int, int] = {}
    rows: dict[int, int | None] = {}
    for name, count, row in entries:
        if name is None or count is None:
            continue  # already a problem of the deck sheet
        index = lookup.get(_key(name))
        if index is None:
            problems.append(
                Problem(file, row, "name", "unknown-card", f"{name!r} is not in the card sheet")
            )
            continue
        counts[index] = counts.get(index, 0) + count
        rows.setdefault(index, row)
    label = card_frame[names[0]].to_list()
    for rule in rules:
        problems.extend(_check_rule(rule, counts, rows, card_frame, label, file))
    return problems_frame(problems)


def _check_rule(
    rule: DeckRule,
    counts: dict[int, int],
    rows: dict[int, int | None],
    cards: pl.DataFrame,
    label: list[Any],
    file: str,
) -> list[Problem]:
    select = parse_select(rule.select)
    chosen = dict(counts)
    if select is not None:
        column, op, text = select
        if column not in cards.columns:
            return [
                Problem(
                    file,
                    None,
                    None,
                    rule.rule,
                    f"rule selects on {column!r}, which the card sheet does not have",
                )
            ]
        values = cards[column].to_list()
        dtype = cards.schema[column]
        unreadable = _unreadable_value(dtype, text)
        if unreadable is not None:
            return [
                Problem(
                    file,
                    None,
                    None,
                    rule.rule,
                    f"rule selects {rule.select!r}, but "
                    f"{column!r} holds {dtype} values: {unreadable}",
                )
            ]
        if not any(_matches(v, dtype, op, text) for v in values):
            seen = sorted({str(v) for v in values if v is not None})
            shown = ", ".join(seen[:8]) + (", …" if len(seen) > 8 else "")
            return [
                Problem(
                    file,
                    None,
                    None,
                    rule.rule,
                    f"rule selects {rule.select!r}, which "
                    f"matches no card of the card sheet ({column} is {shown or 'empty'}); "
                    "the rule would check nothing",
                )
            ]
        chosen = {i: c for i, c in counts.items() if _matches(values[i], dtype, op, text)}
    compare, words = OPS[rule.op]
    scope = "" if select is None else f"{rule.select}: "
    why = f" — {rule.description}" if rule.description else ""

    def listing(ids: Sequence[int]) -> str:
        return ", ".join(
            f"{label[i]} ×{chosen[i]}" for i in sorted(ids, key=lambda i: rows[i] or 0)
        )

    if rule.measure == "copies":
        bad = [i for i, c in chosen.items() if not compare(c, rule.value)]
        if not bad:
            return []
        row = rows[bad[0]] if len(bad) == 1 else None
        return [
            Problem(
                file,
                row,
                "count",
                rule.rule,
                f"{scope}{words} {rule.value} copies of a name: {listing(bad)}{why}",
            )
        ]
    amount = sum(chosen.values()) if rule.measure == "cards" else len(chosen)
    if compare(amount, rule.value):
        return []
    unit = "cards" if rule.measure == "cards" else "kinds"
    named = f" ({listing(list(chosen))})" if chosen and len(chosen) <= 12 else ""
    return [
        Problem(
            file,
            None,
            "count" if unit == "cards" else "name",
            rule.rule,
            f"{scope}{amount} {unit}, {words} {rule.value} "
            f"{'allowed' if rule.op in ('<=', '<') else 'required'}{named}{why}",
        )
    ]
