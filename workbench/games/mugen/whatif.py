"""Mugen's what-if hooks (:mod:`workbench.engine.measure.compare`): how the game takes its
card sheet, the exact figures an edit redraws, and the notebook's worked example.

The notebook's exact figures that depend on the sheet (:data:`FIGURES`, each with the
columns it reads): the sample decks' legality and warnings (section 1), the EX warnings
of both ミライ decks (section 1), the pool's counts (section 1), the ソラ deck's cards with
their cheapest costs and EX warnings, and its castable-play odds by turn (section 3).
The draw odds by turn, the deck-out limits and the copies needed (sections 2, 5, 6) are
functions of the deck list's counts alone, not of the sheet.

>>> from workbench.cards.registry import sheet_source
>>> sorted(figures(sheet_source("mugen").sheets, [("cards", "skill1_cost")]))
['ソラ deck: cards and EX warnings', 'ソラ deck: castable play by turn']
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards import SheetError
from workbench.cards.variants import Variant
from workbench.datafiles import data_files
from workbench.engine.measure.sheet_figures import SheetFigure, Sheets, draw_figures
from workbench.games.mugen.analysis import sheet_deck_legality
from workbench.games.mugen.cards import (
    Card,
    cards_from_sheet,
    deck_sheet,
    deck_warnings,
    ex_warnings,
    read_deck,
)
from workbench.games.mugen.odds import deck_table, mana_curve_exact
from workbench.games.mugen.pool import pool_row
from workbench.spec import SheetSource, WhatIfExample

__all__ = [
    "EXAMPLE",
    "PAIRS",
    "SEED",
    "CARD",
    "FIGURES",
    "figures",
    "read_sheets",
    "worked_example",
]

CARD = "C01"
"""The worked example's card: ソラ, the character of the sample ソラ deck."""


PAIRS = 200
"""Pairs of greedy games per question table the notebook's what-if section plays."""
SEED = 1
"""The seed of its games (``workbench compare mugen --games 300 --seed 1`` repeats them)."""


def read_sheets(source: SheetSource) -> dict[str, Any]:
    """The game takes its loaded card sheet as ``card_sheet=``, read in memory.

    >>> from workbench.cards.registry import sheet_source
    >>> read_sheets(sheet_source("mugen"))["card_sheet"].file
    'cards.csv'
    """
    return {"card_sheet": source.sheets["cards"]}


def _decks() -> Path:
    """The sample deck lists of the data folder in use (``$WORKBENCH_DATA`` or the packaged
    one): files no edit changes, each opened once a run (``cards.deck_sheet``)."""
    return data_files("mugen") / "decks"


def _cards(sheets: Sheets) -> Mapping[str, Card]:
    return cards_from_sheet(sheets["cards"])


def _problem(exc: SheetError) -> pl.DataFrame:
    """A deck the edited sheet no longer reads (a name changed): one row saying why."""
    return pl.DataFrame({"problem": [" | ".join(exc.problems["message"].to_list())]})


NAMES = ("name", "name_en")
"""The columns a deck list's rows are looked up by (besides the id)."""
KINDS = tuple(f"skill{i}_kind" for i in (1, 2, 3))
"""The columns a card's EX-only flag reads (every skill EX)."""
SKILLS = (*KINDS, *(f"skill{i}_cost" for i in (1, 2, 3)))
"""The columns a card's cheapest cost reads (a revenge slot has none)."""


def _legality(sheets: Sheets) -> pl.DataFrame:
    rules = data_files("mugen") / "deck_rules.csv"
    sheet = sheets["cards"]
    return sheet_deck_legality(_decks(), sheet, rules, sheet.file).select(
        "deck", "cards", "character", "legal", "broken", "oracle_agrees", "warnings"
    )


OLD_MIRAI = (
    ("C02", 4),
    ("G30", 4),
    ("G28", 4),
    ("G18", 4),
    ("G20", 4),
    ("G25", 4),
    ("G23", 4),
    ("G03", 2),
    ("G04", 2),
    ("G05", 2),
    ("G10", 2),
    ("G16", 2),
    ("G14", 2),
)
"""Version 1's sample ミライ deck (the notebook's section 1: four むげんの翼)."""


def _mirai_ex(sheets: Sheets) -> pl.DataFrame:
    cards = _cards(sheets)
    try:
        rebuilt = read_deck(_decks() / "mirai.csv", cards=cards)
    except SheetError as exc:
        return _problem(exc)
    return pl.DataFrame(
        [
            {"deck": name, "ex_warnings": " | ".join(ex_warnings(deck, cards)) or "none"}
            for name, deck in (("version 1 ミライ", OLD_MIRAI), ("rebuilt ミライ", rebuilt))
        ]
    )


def _pool(sheets: Sheets) -> pl.DataFrame:
    return pl.from_dicts([pool_row("this sheet", _cards(sheets))])


def _sora_curve(sheets: Sheets) -> pl.DataFrame:
    cards = _cards(sheets)
    try:
        deck = read_deck(_decks() / "sora.csv", cards=cards)
    except SheetError as exc:
        return _problem(exc)
    return mana_curve_exact(deck, turns=range(1, 11), cards=cards)


def _sora_cards(sheets: Sheets) -> pl.DataFrame:
    cards = _cards(sheets)
    try:
        deck = read_deck(_decks() / "sora.csv", cards=cards)
    except SheetError as exc:
        return _problem(exc)
    table = deck_table(deck, cards)
    warnings = deck_warnings(deck_sheet(_decks() / "sora.csv"), sheets["cards"])
    text = {
        name: str(w.message) for w in warnings for name in table["name"] if name in str(w.message)
    }
    return table.with_columns(pl.col("name").replace_strict(text, default="").alias("ex_warning"))


FIGURES = (
    SheetFigure("deck legality", {"cards": (*NAMES, "star", "character", *KINDS)}, _legality),
    SheetFigure("ミライ decks: EX warnings", {"cards": (*NAMES, *KINDS)}, _mirai_ex),
    SheetFigure("the pool", {"cards": ("star", "character")}, _pool),
    SheetFigure(
        "ソラ deck: cards and EX warnings",
        {"cards": (*NAMES, "star", "character", *SKILLS)},
        _sora_cards,
    ),
    SheetFigure("ソラ deck: castable play by turn", {"cards": (*NAMES, *SKILLS)}, _sora_curve),
)
"""Every exact figure of the notebook that depends on the sheet, with the columns it reads."""


def figures(
    sheets: Sheets,
    edits: Iterable[tuple[str, str]] | None = None,
    timings: dict[str, float] | None = None,
) -> dict[str, pl.DataFrame]:
    """Title -> frame of the figures ``edits`` ((sheet, column) pairs) touch; all when None."""
    return draw_figures(FIGURES, sheets, edits, timings)


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """ソラ's first skill one MP cheaper (2 -> 1)."""
    return Variant.of("mugen", base, "sora-cheaper").set("cards", CARD, "skill1_cost", "1")


EXAMPLE = WhatIfExample(worked_example, CARD, PAIRS, SEED)
"""The worked example as the game's spec declares it (``GameSpec.whatif``)."""
