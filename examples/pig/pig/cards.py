"""Pig's card sheet: its schema and its loader (``workbench check pig/cards.csv``).

Each row is one card design; ``copies`` says how many are in the deck.

>>> cards = load_cards()
>>> cards[0], sum(c.copies for c in cards)
(Card(id='one', name='One', points=1, copies=4), 10)
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from workbench.cards.loader import load_sheet
from workbench.cards.schema import Column, Schema

SHEET = Path(__file__).with_name("cards.csv")

SCHEMA = Schema("pig", (
    Column("id", "str", unique=True),
    Column("name", "str"),
    Column("points", "int", min=0, max=99),
    Column("copies", "int", min=1, max=20),
), name="cards")
SCHEMAS = {"cards": SCHEMA}


class Card(NamedTuple):
    """One card design."""

    id: str
    name: str
    points: int
    copies: int


def load_cards(path: str | Path = SHEET) -> tuple[Card, ...]:
    """The card designs of a sheet; ``SheetError`` listing every problem of a bad sheet."""
    sheet = load_sheet(path, SCHEMA).require_clean()
    return tuple(Card(r["id"], r["name"], r["points"], r["copies"])
                 for r in sheet.frame.iter_rows(named=True))
