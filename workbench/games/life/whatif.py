"""Life's what-if hooks (:mod:`workbench.engine.measure.compare`): how the game takes its
sheets, the exact figures an edit redraws, and the notebook's worked example.

The notebook's exact figures that depend on the sheets (:data:`FIGURES`, each with the
columns it reads): the album's cards and stars by stage and kind and the cards a stage
holds against the most a game uses (its opening tables), the share of each star count
among a stage's regular cards, and of each colour. The dice chains, reachable tops, best
totals, the mid-scoring mean and the relocate gain (sections 1, 2 and 4) are functions of
the dice and the scoring rules alone, not of the sheets.

>>> from workbench.cards.registry import sheet_source
>>> figures(sheet_source("life").sheets)["stars by stage"].columns
['stage', 'stars', 'cards', 'probability', 'p']
>>> sorted(figures(sheet_source("life").sheets, [("album", "colour")]))
['colours by stage']
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import polars as pl

from workbench.cards.stats import value_counts
from workbench.cards.variants import Variant
from workbench.engine.measure.sheet_figures import SheetFigure, Sheets, draw_figures
from workbench.games.life.cards import album_cards, dream_cards
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

CARD = "J04"
"""The worked example's card: 秘密基地 (stage 1, red, ★1, skill power 1)."""


PAIRS = 150
"""Pairs of greedy games per question table the notebook's what-if section plays."""
SEED = 1
"""The seed of its games (``workbench compare life --games 200 --seed 1`` repeats them)."""


def read_sheets(source: SheetSource) -> dict[str, Any]:
    """The game takes its album and dream cards as ``album=`` / ``dreams=``, read from the
    loaded sheets in memory.

    >>> from workbench.cards.registry import sheet_source
    >>> from workbench.games.life.cards import load_album
    >>> read_sheets(sheet_source("life"))["album"] == load_album()
    True
    """
    return {
        "album": album_cards(source.sheets["album"].require_clean().records()),
        "dreams": dream_cards(source.sheets["dreams"].require_clean().records()),
    }


def _album(sheets: Sheets) -> pl.DataFrame:
    return pl.DataFrame(
        [
            (c.stage, c.kind, c.colour, c.stars)
            for c in album_cards(sheets["album"].require_clean().records())
        ],
        schema=["stage", "kind", "colour", "stars"],
        orient="row",
    )


def _by_stage_and_kind(sheets: Sheets) -> pl.DataFrame:
    """The notebook's opening table: cards and stars by stage and kind."""
    return (
        _album(sheets)
        .group_by("stage", "kind")
        .agg(pl.len().alias("cards"), pl.col("stars").sum())
        .sort("stage", "kind")
    )


def _stage_sizes(sheets: Sheets) -> pl.DataFrame:
    """Cards per stage on the sheet against the most a game draws from a stage: 2 cards a
    player a round, 3 rounds a stage (18 with 3 players, 24 with 4)."""
    sizes = _album(sheets).group_by("stage").agg(pl.len().alias("cards on the sheet")).sort("stage")
    return sizes.with_columns(
        *(pl.lit(2 * n * 3).alias(f"used with {n} players") for n in (3, 4)),
        (pl.col("cards on the sheet") >= 2 * 4 * 3).alias("enough for 4"),
    )


def _shares(sheets: Sheets, column: str) -> pl.DataFrame:
    regular = _album(sheets).filter(pl.col("kind") != "event")
    parts = [
        value_counts(regular.filter(pl.col("stage") == s), column).with_columns(
            pl.lit(s).alias("stage")
        )
        for s in sorted(set(regular["stage"]))
    ]
    return pl.concat(parts).select("stage", column, "cards", "probability", "p")


FIGURES = (
    SheetFigure(
        "cards and stars by stage and kind",
        {"album": ("stage", "kind", "stars")},
        _by_stage_and_kind,
    ),
    SheetFigure(
        "cards per stage against the cards a game uses", {"album": ("stage",)}, _stage_sizes
    ),
    SheetFigure(
        "stars by stage",
        {"album": ("stage", "kind", "stars")},
        lambda sheets: _shares(sheets, "stars"),
    ),
    SheetFigure(
        "colours by stage",
        {"album": ("stage", "kind", "colour")},
        lambda sheets: _shares(sheets, "colour"),
    ),
)
"""Every exact figure of the notebook that depends on the sheets, with the columns it reads."""


def figures(
    sheets: Sheets,
    edits: Iterable[tuple[str, str]] | None = None,
    timings: dict[str, float] | None = None,
) -> dict[str, pl.DataFrame]:
    """Title -> frame of the figures ``edits`` ((sheet, column) pairs) touch; all when None."""
    return draw_figures(FIGURES, sheets, edits, timings)


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """秘密基地 given a second star (★1 -> ★2)."""
    return Variant.of("life", base, "secret-base-2star").set("album", CARD, "stars", "2")


EXAMPLE = WhatIfExample(worked_example, CARD, PAIRS, SEED)
"""The worked example as the game's spec declares it (``GameSpec.whatif``)."""
