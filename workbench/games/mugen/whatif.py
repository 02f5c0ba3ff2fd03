"""Mugen's what-if hooks (:mod:`workbench.engine.measure.compare`): how the game takes its
card sheet, the exact figures an edit redraws, and the notebook's worked example.

>>> from workbench.cards.registry import sheet_files
>>> sorted(figures(sheet_files("mugen")))
['ソラ deck: cards and EX warnings', 'ソラ deck: castable play by turn']
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.deckrules import load_deck
from workbench.cards.variants import Variant
from workbench.datafiles import data_files
from workbench.games.mugen.cards import deck_warnings, load_cards, read_sheet
from workbench.games.mugen.decks import SAMPLE_DECKS
from workbench.games.mugen.odds import deck_table, mana_curve_exact

__all__ = ["PAIRS", "SEED", "CARD", "figures", "sheet_params", "worked_example"]

CARD = "C01"
"""The worked example's card: ソラ, the character of the sample ソラ deck."""


PAIRS = 200
"""Pairs of greedy games per question table the notebook's what-if section plays."""
SEED = 1
"""The seed of its games (``workbench compare mugen --games 300 --seed 1`` repeats them)."""


def sheet_params(files: Mapping[str, Path]) -> dict[str, Any]:
    """The game reads its card sheet from the ``cards_path`` parameter."""
    return {"cards_path": str(files["cards"])}


def figures(files: Mapping[str, Path]) -> dict[str, pl.DataFrame]:
    """The ソラ deck's exact castable-play odds by turn, its cards and the EX warnings."""
    cards = load_cards(files["cards"])
    deck = SAMPLE_DECKS["sora"]
    curve = mana_curve_exact(deck, turns=range(1, 6), cards=cards)
    table = deck_table(deck, cards)
    warnings = deck_warnings(load_deck(data_files("mugen") / "decks" / "sora.csv"),
                             read_sheet(files["cards"]))
    text = {name: str(w.message) for w in warnings for name in table["name"]
            if name in str(w.message)}
    table = table.with_columns(pl.col("name").replace_strict(text, default="").alias("ex_warning"))
    return {"ソラ deck: castable play by turn": curve, "ソラ deck: cards and EX warnings": table}


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """ソラ's first skill one MP cheaper (2 -> 1)."""
    return Variant.of("mugen", base, "sora-cheaper").set("cards", CARD, "skill1_cost", "1")
