"""Detective's what-if hooks (:mod:`workbench.engine.measure.compare`): how the game takes
its sheets, the exact figures an edit redraws, and the notebook's worked example.

>>> from workbench.cards.registry import sheet_files
>>> figures(sheet_files("detective"))["events"].columns[:4]
['no', 'name', 'vp', 'cost']
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import polars as pl
import sympy

from workbench.cards.variants import Variant
from workbench.games.detective.cards import load_cards

__all__ = ["PAIRS", "SEED", "EVENT", "figures", "sheet_params", "worked_example"]

EVENT = "2"
"""The worked example's event: 二十年前の罪 (5 VP, four cards: black 1, orange 2, blue 1)."""


PAIRS = 300
"""Pairs of greedy games per question table the notebook's what-if section plays."""
SEED = 1
"""The seed of its games (``workbench compare detective --games 400 --seed 1`` repeats them)."""


def sheet_params(files: Mapping[str, Path]) -> dict[str, Any]:
    """The game reads people.csv and events.csv from the ``cards_folder`` parameter."""
    folder = files["events"].parent
    if files["people"].parent != folder:
        raise ValueError("detective reads people.csv and events.csv from one folder")
    return {"cards_folder": str(folder)}


def figures(files: Mapping[str, Path]) -> dict[str, pl.DataFrame]:
    """Every event's cost in cards, VP and VP per card (exact), cheapest VP first."""
    cards = load_cards(files["events"].parent)
    rows = []
    for e in cards.events:
        paid = sum(n for _, n in e.cost)
        per = sympy.Rational(e.vp, paid) if paid else sympy.oo
        rows.append({"no": e.no, "name": e.name_ja, "vp": e.vp,
                     "cost": "; ".join(f"{c} {n}" for c, n in e.cost), "cards": paid,
                     "vp_per_card": str(per), "p": float(per)})
    return {"events": pl.DataFrame(rows).sort("p", "no", descending=[True, False])}


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """Event 2 one orange card cheaper (black 1; orange 1; blue 1)."""
    return Variant.of("detective", base, "crime-cheaper").set(
        "events", EVENT, "cost", "black 1; orange 1; blue 1")
