"""Ghost's what-if hooks (:mod:`workbench.engine.measure.compare`): how the game takes a
sheet, the exact figures an edit redraws, and the notebook's worked example.

>>> from workbench.cards.registry import sheet_files
>>> sorted(figures(sheet_files("ghost")))
['battle fairness']
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.variants import Variant
from workbench.games.ghost.analysis import ghost_fairness
from workbench.games.ghost.cards import load_cards

__all__ = ["PAIRS", "SEED", "CARD", "figures", "sheet_params", "worked_example"]

CARD = "G04"
"""The worked example's card: うにゅう, the weakest ghost (3 copies, 1D / 1D+1, 1 VP)."""


PAIRS = 200
"""Pairs of greedy games per question table the notebook's what-if section plays."""
SEED = 1
"""The seed of its games (``workbench compare ghost --games 300 --seed 1`` repeats them)."""


def sheet_params(files: Mapping[str, Path]) -> dict[str, Any]:
    """The game reads its card sheet from the ``sheet`` parameter."""
    return {"sheet": str(files["cards"])}


def figures(files: Mapping[str, Path]) -> dict[str, pl.DataFrame]:
    """Each ghost's exact battle odds against the sheet's ghosts, its VP and verdict."""
    fair = ghost_fairness(load_cards(files["cards"]))
    return {"battle fairness": fair.select("name", "physical", "mental", "vp", "copies",
                                           "win_exact", "win", "verdict")}


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """うにゅう's physical dice raised from 1D to 2D+1 (a designer lifting the weakest ghost)."""
    return Variant.of("ghost", base, "unyu-2d1").set("cards", CARD, "physical", "2D+1")
