"""Component counts of each game's card data against the numbers its seed states.

A game states its numbers in its spec (``GameSpec.components``: a tuple of
:class:`Expectation`), and may add findings of its own with
``GameSpec.extra_findings() -> DataFrame`` (e.g. its sample decks against the
deck size, through :func:`deck_findings`).

A mismatch is a *finding* (a row with ``ok == False``), never an exception: a
seed may state 78 cards but also 27 / 27 / 27 per stage. Counts use the
``copies`` column where a sheet has one (one row per design, several physical
cards), else one card per row.

>>> import polars as pl
>>> stated = (Expectation("cards (total)", 78, "seed: 78", "album"),
...           Expectation("cards, stage 3", 27, "seed: 27", "album", (("stage", (3,)),)))
>>> f = count_findings("demo", stated, {"album": pl.DataFrame({"stage": [1, 2, 3] * 27})})
>>> f.select("component", "stated", "counted", "ok").rows()
[('cards (total)', 78, 81, False), ('cards, stage 3', 27, 27, True)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from workbench.cards.loader import load_sheet
from workbench.cards.problems import SheetError
from workbench.cards.registry import game_schemas, sheet_files
from workbench.datafiles import data_files
from workbench.registry import game_names, spec

FINDING_SCHEMA = {
    "game": pl.String,
    "component": pl.String,
    "stated": pl.Int64,
    "counted": pl.Int64,
    "ok": pl.Boolean,
    "source": pl.String,
    "note": pl.String,
}


@dataclass(frozen=True, slots=True)
class Expectation:
    """A number the seed (or the issue) states, and how to count it in the sheets."""

    component: str
    stated: int
    source: str
    sheet: str
    where: tuple[tuple[str, tuple[object, ...]], ...] = ()
    op: str = "=="
    each: str | None = None  # count per value of this column; every group must match


def _count(frames: Mapping[str, pl.DataFrame], e: Expectation) -> tuple[int | None, str]:
    sheet, _, mode = e.sheet.partition("#")
    frame = frames.get(sheet)
    if frame is None:
        return None, f"sheet {sheet!r} not found"
    for column, values in e.where:
        if column not in frame.columns:
            return None, f"sheet {sheet!r} has no column {column!r}"
        frame = frame.filter(
            pl.col(column).is_in(
                [v for v in values if isinstance(v, str) == (frame.schema[column] == pl.String)]
            )
        )
    if e.each is not None:
        return _count_each(frame, e)
    if mode != "rows" and "copies" in frame.columns:
        copies = frame["copies"].cast(pl.Int64, strict=False).fill_null(1)
        return int(copies.sum()), "sum of copies"
    return frame.height, "one card per row"


def _count_each(frame: pl.DataFrame, e: Expectation) -> tuple[int | None, str]:
    """The count shared by every group, or None naming the groups that differ."""
    assert e.each is not None
    if e.each not in frame.columns:
        return None, f"no column {e.each!r}"
    weight = (
        pl.col("copies").cast(pl.Int64, strict=False).fill_null(1)
        if "copies" in frame.columns
        else pl.lit(1)
    )
    groups = frame.group_by(e.each).agg(weight.sum().alias("n")).sort(e.each)
    counts = dict(groups.iter_rows())
    off = {k: n for k, n in counts.items() if n != e.stated}
    if not off:
        return e.stated, f"each of {len(counts)} {e.each} values"
    listed = ", ".join(f"{k}: {n}" for k, n in off.items())
    common = max(set(counts.values()), key=list(counts.values()).count)
    return common, f"{len(off)} of {len(counts)} differ ({listed})"


def load_frames(game: str, root: str | Path | None = None) -> dict[str, pl.DataFrame]:
    """Each usable sheet of a game as its typed frame (problems or not); a CSV the game
    declares no schema for is read as text, so it can still be counted."""
    frames: dict[str, pl.DataFrame] = {}
    try:
        schemas = game_schemas(game)
        files = sheet_files(game, root)
    except ImportError:
        schemas, files = {}, {}
    for stem, path in files.items():
        try:
            frames[stem] = load_sheet(path, schemas[stem]).frame
        except SheetError:
            continue
    folder = Path(root) if root is not None else data_files(game)
    for path in sorted(folder.glob("*.csv")):
        if path.stem not in frames and path.stem != "deck_rules":
            try:
                frames[path.stem] = pl.read_csv(path, infer_schema_length=0)
            except Exception:  # unreadable: reported as 'not found' by the findings
                continue
    return frames


def deck_findings(
    folder: str | Path, size: int, *, game: str = "", source: str = "the stated deck size"
) -> pl.DataFrame:
    """Each legal sample deck (``name,count`` files not named ``illegal_*``) in ``folder``
    against the stated deck size."""
    rows = []
    for path in sorted(Path(folder).glob("*.csv")):
        if path.stem.startswith("illegal"):
            continue
        try:
            counted: int | None = int(pl.read_csv(path)["count"].sum())
            note = "sum of count"
        except Exception as exc:  # a broken deck file is a finding here, not a crash
            counted, note = None, f"cannot read: {exc}"
        rows.append(
            (
                game,
                f"deck {path.stem}",
                size,
                counted,
                None if counted is None else counted == size,
                source,
                note,
            )
        )
    return pl.DataFrame(rows, schema=FINDING_SCHEMA, orient="row")


def component_findings(game: str, frames: Mapping[str, pl.DataFrame] | None = None) -> pl.DataFrame:
    """Stated vs counted for one game (columns game, component, stated, counted, ok, source,
    note): its spec's ``components`` counted in ``frames`` (default: the game's sheets),
    then its ``extra_findings()``. A game that declares neither has no findings."""
    declared = spec(game)
    if declared.components is None and declared.extra_findings is None:
        return pl.DataFrame(schema=FINDING_SCHEMA)
    found = pl.DataFrame(schema=FINDING_SCHEMA)
    if declared.components is not None:
        if frames is None:
            frames = load_frames(game)
        found = count_findings(game, declared.components.load(), frames)
    if declared.extra_findings is not None:
        found = pl.concat([found, declared.extra_findings()])
    return found


def count_findings(
    game: str, expectations: Iterable[Expectation], frames: Mapping[str, pl.DataFrame]
) -> pl.DataFrame:
    """Each stated number counted in ``frames`` (sheet stem -> frame), one finding per row."""
    rows = []
    for e in expectations:
        counted, note = _count(frames, e)
        ok = (
            None
            if counted is None
            else (
                counted >= e.stated
                if e.op == ">="
                else counted == e.stated and "differ" not in note
            )
        )
        stated_note = f"at least {e.stated}; " if e.op == ">=" else ""
        rows.append((game, e.component, e.stated, counted, ok, e.source, stated_note + note))
    return pl.DataFrame(rows, schema=FINDING_SCHEMA, orient="row")


def all_findings() -> pl.DataFrame:
    """The findings of every registered game."""
    return pl.concat([component_findings(g) for g in game_names()])
