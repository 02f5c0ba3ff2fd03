"""{{Title}}'s card sheet: its schema and its loader (``workbench check {{name}}/cards.csv``).

Each row is one card design; ``copies`` says how many are in the deck.

>>> cards = load_cards()
>>> cards[0], sum(c.copies for c in cards)
(Card(id='one', name='One', points=1, copies=4), 10)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.schema import Column, Schema
from workbench.spec import SheetSource

SHEET = Path(__file__).with_name("cards.csv")

SCHEMA = Schema("{{name}}", (
    Column("id", "str", unique=True),
    Column("name", "str"),
    Column("points", "int", min=0, max=99),
    Column("copies", "int", min=1, max=20),
), name="cards")


class Card(NamedTuple):
    """One card design."""

    id: str
    name: str
    points: int
    copies: int


def load_cards(path: str | Path = SHEET) -> tuple[Card, ...]:
    """The card designs of a sheet; ``SheetError`` listing every problem of a bad sheet."""
    return cards_of(load_sheet(path, SCHEMA))


def cards_of(sheet: Sheet) -> tuple[Card, ...]:
    """The card designs of a loaded sheet; ``SheetError`` listing every problem of a bad one."""
    frame = sheet.require_clean().frame
    return tuple(Card(r["id"], r["name"], r["points"], r["copies"])
                 for r in frame.iter_rows(named=True))


def read_sheets(source: SheetSource) -> dict[str, Any]:
    """How the game reads its sheets (``GameSpec.sheets``): the ``cards=`` of ``make_game``,
    from the loaded sheet in memory, so a what-if variant never needs a file."""
    return {"cards": cards_of(source.sheets["cards"])}
