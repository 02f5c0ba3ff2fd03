"""Life's what-if hooks (:mod:`workbench.engine.measure.compare`): how the game takes its
sheets, the exact figures an edit redraws, and the notebook's worked example.

>>> from workbench.cards.registry import sheet_files
>>> figures(sheet_files("life"))["stars by stage"].columns
['stage', 'stars', 'cards', 'probability', 'p']
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.stats import value_counts
from workbench.cards.variants import Variant
from workbench.games.life.cards import load_album, load_dreams

__all__ = ["PAIRS", "SEED", "CARD", "figures", "sheet_params", "worked_example"]

CARD = "J04"
"""The worked example's card: 秘密基地 (stage 1, red, ★1, skill power 1)."""


PAIRS = 150
"""Pairs of greedy games per question table the notebook's what-if section plays."""
SEED = 1
"""The seed of its games (``workbench compare life --games 200 --seed 1`` repeats them)."""


def sheet_params(files: Mapping[str, Path]) -> dict[str, Any]:
    """The game takes its album and dream cards as ``album=`` / ``dreams=``."""
    return {"album": load_album(files["album"]), "dreams": load_dreams(files["dreams"])}


def figures(files: Mapping[str, Path]) -> dict[str, pl.DataFrame]:
    """The share of each star count among each stage's regular cards (exact)."""
    album = pl.DataFrame([{"stage": c.stage, "stars": c.stars} for c in load_album(files["album"])
                          if not c.is_event])
    parts = [value_counts(album.filter(pl.col("stage") == s), "stars")
             .with_columns(pl.lit(s).alias("stage")) for s in sorted(set(album["stage"]))]
    return {"stars by stage": pl.concat(parts).select("stage", "stars", "cards", "probability", "p")}


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """秘密基地 given a second star (★1 -> ★2)."""
    return Variant.of("life", base, "secret-base-2star").set("album", CARD, "stars", "2")
