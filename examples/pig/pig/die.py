"""The die's faces as the rules read them, and the shipped sheet read without the sheet
machinery.

:mod:`pig.cards` checks a die sheet against its schema (the workbench's loader: polars,
every problem named by row and column). The shipped ``die.csv`` passed that check, and
its exact bytes are pinned here by their SHA-256: a game on those very bytes reads them
with Python's ``csv`` module alone, so a process that only plays or solves Pig does not
import polars (about 0.3 CPU s and 34 MB: more than a solve to 30 takes). Any other
bytes — a designer's edited die — go through the checked loader, as before. The test
``tests/pig`` loads the pinned sheet both ways and compares the faces.

>>> faces = read_die()
>>> len(faces), faces[0], faces[5]
(6, Face(face=1, points=0, busts=True), Face(face=6, points=6, busts=False))
"""

from __future__ import annotations

import csv
import hashlib
import io
from pathlib import Path
from typing import NamedTuple

__all__ = ["CHECKED_SHEET_SHA256", "SHEET", "Face", "read_die"]

SHEET = Path(__file__).with_name("die.csv")

CHECKED_SHEET_SHA256 = "cf116be75cf36104a0fd063d50d1209a21aca04891d2fc7816657165310fd914"
"""The SHA-256 of the shipped ``die.csv``, whose schema check is clean (see the module
docstring); bytes with another digest are checked by :func:`pig.cards.load_die`."""


class Face(NamedTuple):
    """One face of the die."""

    face: int
    points: int
    busts: bool


def read_die(path: str | Path = SHEET) -> tuple[Face, ...]:
    """The faces of a die sheet: the pinned shipped bytes read plainly, any other file
    through the schema check (``SheetError`` listing every problem of a bad sheet)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        data = b""  # missing or unreadable: the checked loader says so in its own words
    if hashlib.sha256(data).hexdigest() != CHECKED_SHEET_SHA256:
        from pig.cards import load_die  # the schema check (imports polars)

        return load_die(path)
    rows = csv.DictReader(io.StringIO(data.decode("utf-8")))
    return tuple(Face(int(r["face"]), int(r["points"]), r["busts"] == "true") for r in rows)
