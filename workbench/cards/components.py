"""Component counts of each game's card data against the numbers its seed states.

A mismatch is a *finding* (a row with ``ok == False``), never an exception:
the life seed, for one, states 78 album cards but also 27 / 27 / 27 per stage.
Counts use the ``copies`` column where a sheet has one (one row per design,
several physical cards), else one card per row; mugen decks sum ``count``.

>>> import polars as pl
>>> frames = {"album": pl.DataFrame({"stage": [1, 2, 3] * 27}),
...           "dreams": pl.DataFrame({"id": list(range(12))})}
>>> f = component_findings("life", frames)
>>> f.select("component", "stated", "counted", "ok").rows()[:2]
[('album cards (total)', 78, 81, False), ('album cards: the stages 27 + 27 + 27', 81, 81, True)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from workbench.cards.loader import load_sheet
from workbench.cards.problems import SheetError
from workbench.cards.registry import DATA, game_schemas, sheet_files

FINDING_SCHEMA = {"game": pl.String, "component": pl.String, "stated": pl.Int64,
                  "counted": pl.Int64, "ok": pl.Boolean, "source": pl.String, "note": pl.String}


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


EXPECTATIONS: dict[str, tuple[Expectation, ...]] = {
    "ghost": (
        Expectation("cards in the server", 100, "seed: カード １００枚。（とりあえず規定。）", "cards"),
    ),
    "detective": (
        Expectation("person cards", 39, "seed: 人物カード（３９枚／各４枚、覚醒７枚）", "people",
                    (("card", ("person", "awakened")),)),
        Expectation("people", 8, "seed: 8 people × 4 cards", "people#rows",
                    (("card", ("person",)),)),
        Expectation("base person cards (8 × 4)", 32, "seed: 各４枚", "people",
                    (("card", ("person",)),)),
        Expectation("cards of each person", 4, "seed: 各４枚", "people",
                    (("card", ("person",)),), each="person"),
        Expectation("awakened cards", 7, "seed: 覚醒７枚", "people", (("card", ("awakened",)),)),
        Expectation("tragic night", 1, "seed: 惨劇の夜（１枚）", "people",
                    (("card", ("tragic_night",)),)),
        Expectation("event cards", 60, "seed: イベントカード（６０枚）", "events"),
    ),
    "mugen": (
        Expectation("generic skills (distinct)", 30, "issue #4: at least 30 distinct skills",
                    "cards#rows", (("character", (False, "false")),), ">="),
        Expectation("character skills (distinct)", 4, "issue #4: at least 4 characters",
                    "cards#rows", (("character", (True, "true")),), ">="),
    ),
    "life": (
        Expectation("album cards (total)", 78, "seed: アルバムカード（７８枚　２７枚／２７枚／２７枚）",
                    "album"),
        Expectation("album cards: the stages 27 + 27 + 27", 81, "seed: ２７枚／２７枚／２７枚",
                    "album"),
        Expectation("album cards, stage 1 (junior)", 27, "seed: ２７枚", "album",
                    (("stage", (1, "1")),)),
        Expectation("album cards, stage 2 (adult)", 27, "seed: ２７枚", "album",
                    (("stage", (2, "2")),)),
        Expectation("album cards, stage 3 (senior)", 27, "seed: ２７枚", "album",
                    (("stage", (3, "3")),)),
        Expectation("dream cards", 12, "seed: ドリームカード（１２枚）", "dreams"),
    ),
}


def _count(frames: Mapping[str, pl.DataFrame], e: Expectation) -> tuple[int | None, str]:
    sheet, _, mode = e.sheet.partition("#")
    frame = frames.get(sheet)
    if frame is None:
        return None, f"sheet {sheet!r} not found"
    for column, values in e.where:
        if column not in frame.columns:
            return None, f"sheet {sheet!r} has no column {column!r}"
        frame = frame.filter(pl.col(column).is_in(
            [v for v in values if isinstance(v, str) == (frame.schema[column] == pl.String)]))
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
    weight = (pl.col("copies").cast(pl.Int64, strict=False).fill_null(1)
              if "copies" in frame.columns else pl.lit(1))
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
    folder = Path(root) if root is not None else DATA / game
    for path in sorted(folder.glob("*.csv")):
        if path.stem not in frames and path.stem != "deck_rules":
            try:
                frames[path.stem] = pl.read_csv(path, infer_schema_length=0)
            except Exception:  # unreadable: reported as 'not found' by the findings
                continue
    return frames


def deck_findings(folder: str | Path | None = None, size: int = 40) -> pl.DataFrame:
    """Each legal sample deck (files not named ``illegal_*``) against the stated deck size."""
    folder = Path(folder) if folder is not None else DATA / "mugen" / "decks"
    rows = []
    for path in sorted(folder.glob("*.csv")):
        if path.stem.startswith("illegal"):
            continue
        try:
            counted: int | None = int(pl.read_csv(path)["count"].sum())
            note = "sum of count"
        except Exception as exc:  # a broken deck file is a finding here, not a crash
            counted, note = None, f"cannot read: {exc}"
        rows.append(("mugen", f"deck {path.stem}", size, counted,
                     None if counted is None else counted == size,
                     "seed: カード40枚のデッキ", note))
    return pl.DataFrame(rows, schema=FINDING_SCHEMA, orient="row")


def component_findings(game: str, frames: Mapping[str, pl.DataFrame] | None = None
                       ) -> pl.DataFrame:
    """Stated vs counted for one game (columns game, component, stated, counted, ok, source,
    note); ``frames`` defaults to the game's sheets under ``data/<game>/``."""
    if frames is None:
        frames = load_frames(game)
    rows = []
    for e in EXPECTATIONS.get(game, ()):
        counted, note = _count(frames, e)
        ok = None if counted is None else (counted >= e.stated if e.op == ">=" else
                                           counted == e.stated and "differ" not in note)
        stated_note = f"at least {e.stated}; " if e.op == ">=" else ""
        rows.append((game, e.component, e.stated, counted, ok, e.source, stated_note + note))
    found = pl.DataFrame(rows, schema=FINDING_SCHEMA, orient="row")
    if game == "mugen":
        found = pl.concat([found, deck_findings()])
    return found


def all_findings() -> pl.DataFrame:
    """The findings of every game (a game whose cards module is missing shows 'not found')."""
    from workbench.games import GAMES

    return pl.concat([component_findings(g) for g in GAMES])
