"""The ghost game's card sheet (``data/ghost/cards.csv``) -> typed frozen cards.

One row per card design; ``copies`` says how many physical cards it makes.
Every physical card gets its own id (0, 1, ... in sheet order) because the
rules track each card through the zones.

Columns: ``id`` (design id), ``kind`` (ghost / shell / mandatory), ``name_ja``,
``name_en``, ``copies``, ``physical`` / ``mental`` (ghosts: dice text such as
``３Ｄ＋２``), ``vp`` (勝利うにゅう点), ``ability_name``, ``ability``
(Ghost.Status in :data:`~workbench.games.ghost.model.ABILITY`),
``shell_physical`` / ``shell_mental`` (shells: modifiers), ``event_name``,
``timing`` (OnYourTurn, OnBattle, Not.YourTurn, Anytime, System.Mandatory;
``Event.`` in front is fine), ``effect`` (the event side, or the mandatory
event), ``event_names`` (names ``install_named`` looks for), ``text_ja``
(the card text as written), ``prototype`` (false only for the seed's cards).

>>> cards = load_cards()
>>> len(cards), sum(c.is_ghost for c in cards), sum(c.is_shell for c in cards)
(100, 60, 25)
>>> sakura = next(c for c in cards if c.name == "御影さくら")
>>> str(sakura.physical), str(sakura.mental), sakura.vp, sakura.prototype
('3D+2', '3D+1', 5, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards import Column, Schema, Vocabulary, load_sheet
from workbench.cards.components import Expectation
from workbench.datafiles import data_files
from workbench.games.ghost.dice import GHOST_FACES
from workbench.games.ghost.model import (
    ABILITY,
    BATTLE_VERBS,
    EVENT,
    KINDS,
    MANDATORY,
    TIMINGS,
    Effect,
    GhostCard,
    Strength,
    target_kind,
)

SHEET = data_files("ghost") / "cards.csv"

#: The component counts the seed states (checked by ``workbench.cards.components``).
COMPONENTS = (
    Expectation("cards in the server", 100, "seed: カード １００枚。（とりあえず規定。）", "cards"),
)
EFFECTS = Vocabulary({**EVENT.verbs, **MANDATORY.verbs})
_EVENT_VERBS = frozenset(EVENT.verbs)
_MANDATORY_VERBS = frozenset(MANDATORY.verbs)


def _timing(text: str) -> str:
    return text.removeprefix("Event.")


def _checks(frame: pl.DataFrame) -> Iterable[tuple[int | None, str | None, str, str]]:
    """Cross-column rules: what each kind must and must not fill."""
    for i, row in enumerate(frame.iter_rows(named=True)):
        kind, effect, timing = row["kind"], row["effect"] or "", row["timing"]
        if kind == "ghost":
            for col in ("physical", "mental", "vp"):
                if row[col] is None:
                    yield i, col, "ghost", "a ghost needs physical, mental and vp"
        elif row["ability"]:
            yield i, "ability", "ability", "only ghosts have a Ghost.Status ability"
        if kind == "shell" and row["shell_physical"] is None and row["shell_mental"] is None:
            yield i, "shell_physical", "shell", "a shell needs a physical or mental modifier"
        if kind != "ghost" and (row["physical"] or row["mental"]):
            yield i, "physical", "kind", f"a {kind} card has no dice strength"
        if timing is not None and (_timing(timing) == "System.Mandatory") != (kind == "mandatory"):
            yield i, "timing", "timing", "System.Mandatory is the timing of mandatory cards only"
        if (timing is None) != (not effect):
            yield i, "timing", "timing", "an event side needs both a timing and an effect"
        verbs = {part.split()[0] for part in effect.split(";") if part.strip()}
        allowed = _MANDATORY_VERBS if kind == "mandatory" else _EVENT_VERBS
        for verb in sorted(verbs - allowed):
            yield i, "effect", "effect", f"{verb!r} is not a {kind} effect"
        try:
            target_kind(EFFECTS.parse(effect))
        except ValueError as exc:
            yield i, "effect", "target", str(exc)
        if timing and _timing(timing) in ("OnYourTurn",) and verbs & BATTLE_VERBS:
            yield i, "timing", "timing", "battle effects need OnBattle, Anytime or Not.YourTurn"
        if "install_named" in verbs and not row["event_names"]:
            yield i, "event_names", "event_names", "install_named needs names to look for"


SCHEMA = Schema(
    "ghost",
    (
        Column("id", unique=True, description="design id"),
        Column("kind", allowed=KINDS),
        Column("name_ja", unique=True, description="名前 as printed"),
        Column("name_en", required=False),
        Column("copies", "int", min=1, max=100),
        Column("physical", "dice", required=False, faces=GHOST_FACES, description="物理"),
        Column("mental", "dice", required=False, faces=GHOST_FACES, description="精神"),
        Column("vp", "int", required=False, min=0, description="勝利うにゅう点"),
        Column("ability_name", required=False),
        Column("ability", "effects", required=False, vocabulary=ABILITY),
        Column("shell_physical", "int", required=False),
        Column("shell_mental", "int", required=False),
        Column("event_name", required=False),
        Column("timing", required=False,
               allowed=TIMINGS + tuple("Event." + t for t in TIMINGS)),
        Column("effect", "effects", required=False, vocabulary=EFFECTS),
        Column("event_names", "list", required=False),
        Column("text_ja", required=False),
        Column("prototype", "bool"),
    ),
    description="「何か」 ghost / shell / mandatory event cards",
    checks=(_checks,),
)


def _strength(spec: Any) -> Strength:
    if spec is None:
        return Strength(0)
    return Strength(int(spec.count), int(spec.modifier))


def cards_from_records(records: list[dict[str, Any]]) -> tuple[GhostCard, ...]:
    """Expand sheet records (``Sheet.records()``) into one card per copy."""
    out: list[GhostCard] = []
    for rec in records:
        for _ in range(rec["copies"]):
            out.append(GhostCard(
                id=len(out), kind=rec["kind"], name=rec["name_ja"],
                name_en=rec["name_en"] or "", physical=_strength(rec["physical"]),
                mental=_strength(rec["mental"]), vp=rec["vp"] or 0,
                ability=tuple(rec["ability"] or ()), ability_name=rec["ability_name"] or "",
                shell=(rec["shell_physical"] or 0, rec["shell_mental"] or 0),
                event_name=rec["event_name"] or "", timing=_timing(rec["timing"] or ""),
                effects=tuple(rec["effect"] or ()), event_names=tuple(rec["event_names"] or ()),
                text=rec["text_ja"] or "", prototype=bool(rec["prototype"]), row=rec["_row"],
            ))
    return tuple(out)


def load_sheet_frame(path: str | Path | None = None) -> pl.DataFrame:
    """The typed sheet (one row per design), raising SheetError on any problem."""
    return load_sheet(path or SHEET, SCHEMA).require_clean().frame


@lru_cache(maxsize=8)
def _load(path: str) -> tuple[GhostCard, ...]:
    sheet = load_sheet(path, SCHEMA).require_clean()
    return cards_from_records(sheet.records())


def load_cards(path: str | Path | None = None) -> tuple[GhostCard, ...]:
    """Every physical card of a sheet (default ``data/ghost/cards.csv``)."""
    return _load(str(path or SHEET))


def designs(cards: Iterable[GhostCard]) -> list[GhostCard]:
    """One card per design (the first copy), in sheet order."""
    seen: set[int] = set()
    out = []
    for c in cards:
        if c.row not in seen:
            seen.add(c.row)
            out.append(c)
    return out


__all__ = ["EFFECTS", "SCHEMA", "SHEET", "Effect", "cards_from_records", "designs",
           "load_cards", "load_sheet_frame"]
