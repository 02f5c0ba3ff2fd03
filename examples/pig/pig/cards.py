"""Pig's one sheet, ``die.csv``: the faces of the die (``workbench check pig/die.csv``).

One row per face, all equally likely: ``points`` added to the turn total, or
``busts`` (the turn ends with nothing). The standard die: 1 busts, 2..6 score
their face. Edit the sheet to try another die (a d8, two bust faces ...).

>>> faces = load_die()
>>> len(faces), faces[0], faces[5]
(6, Face(face=1, points=0, busts=True), Face(face=6, points=6, busts=False))
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from pig.die import SHEET, Face
from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.schema import Column, Schema
from workbench.spec import SheetSource

__all__ = ["SCHEMA", "SHEET", "Face", "faces_of", "load_die", "read_sheets"]


def _one_bust_at_least(frame: pl.DataFrame):  # type: ignore[no-untyped-def]
    """A die without a bust face would let a turn go on for ever."""
    if frame.height and not frame["busts"].fill_null(False).any():
        yield None, "busts", "no-bust", "no face busts: a turn could never end; mark one true"


SCHEMA = Schema(
    "pig",
    (
        Column("face", "int", unique=True, min=1, max=100),
        Column("points", "int", min=0, max=100),
        Column("busts", "bool"),
        Column("note", "str", required=False),
    ),
    name="die",
    checks=(_one_bust_at_least,),
)


def load_die(path: str | Path = SHEET) -> tuple[Face, ...]:
    """The faces of a die sheet, checked against :data:`SCHEMA`; ``SheetError`` listing
    every problem of a bad sheet (the rules read the shipped sheet through
    :func:`pig.die.read_die`, which comes here for any other bytes)."""
    return faces_of(load_sheet(path, SCHEMA))


def faces_of(sheet: Sheet) -> tuple[Face, ...]:
    """The faces of a loaded die sheet; ``SheetError`` listing every problem of a bad one."""
    frame = sheet.require_clean().frame
    return tuple(Face(r["face"], r["points"], r["busts"]) for r in frame.iter_rows(named=True))


def read_sheets(source: SheetSource) -> dict[str, Any]:
    """The game takes its die as ``faces=``, read from the loaded sheet in memory
    (``GameSpec.sheets``)."""
    return {"faces": faces_of(source.sheets["die"])}
