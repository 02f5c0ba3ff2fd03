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
from workbench.games.detective.analysis import payable_after
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


LINES = (4, 8)
"""Line lengths of :func:`figures`' payment odds (a round lays 4 to 8 people, see the notebook)."""


def figures(files: Mapping[str, Path]) -> dict[str, pl.DataFrame]:
    """Every event's cost in cards, VP, VP per card, and the exact chance that a line of
    4 or 8 people drawn from all the person cards pays its cost, by event number (the
    same rows before and after an edit, so the moved ones line up)."""
    cards = load_cards(files["events"].parent)
    pool = {who: p.copies for who, p in cards.people.items()}
    colours = {who: p.colour for who, p in cards.people.items()}
    rows = []
    for e in cards.events:
        paid = sum(n for _, n in e.cost)
        per = sympy.Rational(e.vp, paid) if paid else sympy.oo
        row: dict[str, object] = {"no": e.no, "name": e.name_ja, "vp": e.vp,
                                  "cost": "; ".join(f"{c} {n}" for c, n in e.cost), "cards": paid,
                                  "vp_per_card": str(per)}
        for k in LINES:
            chance = payable_after(pool, colours, dict(e.cost), k)
            row[f"p_line{k}_exact"], row[f"p_line{k}"] = str(chance), float(chance)
        rows.append(row)
    return {"events": pl.DataFrame(rows).sort("no")}


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """Event 2 one orange card cheaper (black 1; orange 1; blue 1)."""
    return Variant.of("detective", base, "crime-cheaper").set(
        "events", EVENT, "cost", "black 1; orange 1; blue 1")
