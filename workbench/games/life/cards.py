"""Life's card sheets: ``data/life/album.csv`` and ``data/life/dreams.csv``.

Album cards (81 prototype cards, 27 per stage; the seed's "78" is discussed in
``rules.py``) have a stage 1..3, a kind (``event`` or ``regular``), a colour
(red = passion, blue = reason, yellow = desire, green = harmony), a number of
★ marks, a *skill* (regulars: applied when the card is discarded from an
album) and an *event* text (events: everyone follows it). Dream cards have a
*dream* effect (final scoring) and a *skill* (lasting once set aside).

Effect texts use four small closed vocabularies, each implemented by the
rules (``effects.py``):

>>> [e.verb for e in SKILLS.parse("power 1; tip 2")]
['power', 'tip']
>>> EVENTS.parse("reward red 4 1")[0].args
('red', 4, 1)
>>> DREAM_EFFECTS.parse("colour_vp green 1")[0].args
('green', 1)

>>> deck = load_album()
>>> len(deck), sum(c.kind == "event" for c in deck)
(81, 9)
>>> len(load_dreams())
12
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards import Column, Effect, Schema, SheetError, Vocabulary
from workbench.cards.components import Expectation
from workbench.cards.loader import load_sheet
from workbench.datafiles import data_files

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green")
ATTRIBUTES: dict[str, str] = {
    "red": "passion",
    "blue": "reason",
    "yellow": "desire",
    "green": "harmony",
}
_COLOUR_SET = "red|blue|yellow|green"

#: Regular cards' skills, applied to their owner when the card is discarded.
SKILLS = Vocabulary(
    {
        "power": "int",
        "vp": "int",
        "tip": "int",
        "reroll": _COLOUR_SET,
        "relocate": _COLOUR_SET + "|any",
    },
    descriptions={
        "power": "gain N power",
        "vp": "gain N VP",
        "tip": "N times: you may tip one of your dice one face in any direction",
        "reroll": "re-roll your die of that colour where it stands (any orientation)",
        "relocate": "move your die of that colour (any: one of your dice) onto any card "
        "of your album, turned as you like (its top face kept by default)",
    },
)
#: Event texts; every player follows them, from the active player clockwise.
EVENTS = Vocabulary(
    {
        "power": "int",
        "lose": "int",
        "tip": "int",
        "reroll": _COLOUR_SET,
        "reward": _COLOUR_SET + " int int",
        "lowest": "int",
    },
    descriptions={
        "power": "everyone gains N power",
        "lose": "everyone loses N power (not below 0)",
        "tip": "N times: everyone may tip one of their dice one face",
        "reroll": "everyone re-rolls their die of that colour",
        "reward": "reward COLOUR K N: everyone whose COLOUR die shows K or more gains N VP",
        "lowest": "the players with the lowest dice total gain N power",
    },
)
#: Dream skills: lasting once a dream card is set aside at mid-scoring.
DREAM_SKILLS = Vocabulary(
    {"place_power": _COLOUR_SET, "event_power": "int", "discard_vp": "int", "shield": "int"},
    descriptions={
        "place_power": "whenever you place a card of that colour, gain 1 power",
        "event_power": "whenever you organise an event, gain N more power",
        "discard_vp": "whenever you discard a placed card to make room, gain N VP",
        "shield": "N of your ★ do not count at final scoring",
    },
)
#: Dream effects: the dream card left in hand scores at the end.
DREAM_EFFECTS = Vocabulary(
    {
        "colour_vp": _COLOUR_SET + " int",
        "top_vp": _COLOUR_SET + " int int",
        "power_vp": "int",
        "clean_vp": "int",
        "line_vp": "int",
    },
    descriptions={
        "colour_vp": "N VP per card of that colour in your album",
        "top_vp": "top_vp COLOUR K N: N VP when your COLOUR die shows K or more",
        "power_vp": "N VP per power left after covering ★",
        "clean_vp": "N VP when no ★ of yours is left uncovered",
        "line_vp": "N VP per full row or column of your album",
    },
)


def _no_event_text_on_regulars(
    frame: pl.DataFrame,
) -> list[tuple[int | None, str | None, str, str]]:
    out: list[tuple[int | None, str | None, str, str]] = []
    for i, row in enumerate(frame.iter_rows(named=True)):
        if row["kind"] == "regular" and row["event"]:
            out.append((i, "event", "kind", "a regular card has no event text"))
        if row["kind"] == "event" and not row["event"]:
            out.append((i, "event", "kind", "an event card needs event text"))
        if row["kind"] == "event" and (row["skill"] or row["stars"]):
            out.append((i, "skill", "kind", "an event card has no skill and no ★"))
    return out


ALBUM_SCHEMA = Schema(
    "life",
    (
        Column("id", "str", unique=True, description="card id, e.g. J01"),
        Column("stage", "int", min=1, max=3, description="1 junior, 2 adult, 3 senior"),
        Column("kind", "str", allowed=("event", "regular")),
        Column("colour", "str", allowed=COLOURS),
        Column("name_ja", "str", description="Japanese name"),
        Column("name_en", "str", description="English name"),
        Column("stars", "int", required=False, min=0, max=3, description="★ marks (−1 VP each)"),
        Column("skill", "effects", required=False, vocabulary=SKILLS),
        Column("event", "effects", required=False, vocabulary=EVENTS),
        Column("status", "str", required=False, allowed=("prototype", "final")),
    ),
    name="album",
    checks=(_no_event_text_on_regulars,),
)

DREAM_SCHEMA = Schema(
    "life",
    (
        Column("id", "str", unique=True),
        Column("name_ja", "str"),
        Column("name_en", "str"),
        Column("dream", "effects", vocabulary=DREAM_EFFECTS, description="final scoring"),
        Column("skill", "effects", vocabulary=DREAM_SKILLS, description="lasting dream skill"),
        Column("status", "str", required=False, allowed=("prototype", "final")),
    ),
    name="dreams",
)

SCHEMAS: dict[str, Schema] = {"album": ALBUM_SCHEMA, "dreams": DREAM_SCHEMA}
DATA = data_files("life")

#: The component counts the seed states (checked by ``workbench.cards.components``):
#: 78 album cards, but also 27 / 27 / 27 per stage.
COMPONENTS = (
    Expectation(
        "album cards (total)", 78, "seed: アルバムカード（７８枚　２７枚／２７枚／２７枚）", "album"
    ),
    Expectation(
        "album cards: the stages 27 + 27 + 27", 81, "seed: ２７枚／２７枚／２７枚", "album"
    ),
    Expectation(
        "album cards, stage 1 (junior)", 27, "seed: ２７枚", "album", (("stage", (1, "1")),)
    ),
    Expectation(
        "album cards, stage 2 (adult)", 27, "seed: ２７枚", "album", (("stage", (2, "2")),)
    ),
    Expectation(
        "album cards, stage 3 (senior)", 27, "seed: ２７枚", "album", (("stage", (3, "3")),)
    ),
    Expectation("dream cards", 12, "seed: ドリームカード（１２枚）", "dreams"),
)


@dataclass(frozen=True, slots=True)
class AlbumCard:
    """One album card (typed, immutable)."""

    id: str
    stage: int
    kind: str
    colour: str
    name_ja: str
    name_en: str
    stars: int = 0
    skill: tuple[Effect, ...] = ()
    event: tuple[Effect, ...] = ()

    @property
    def is_event(self) -> bool:
        """True for an event card."""
        return self.kind == "event"


@dataclass(frozen=True, slots=True)
class DreamCard:
    """One dream card: the final dream effect and the lasting dream skill."""

    id: str
    name_ja: str
    name_en: str
    dream: tuple[Effect, ...]
    skill: tuple[Effect, ...]


def _load(path: Path, schema: Schema) -> list[dict[str, Any]]:
    """The sheet's records (effects parsed); ``SheetError`` lists every problem."""
    return load_sheet(path, schema).require_clean().records()


def load_album(path: str | Path | None = None) -> tuple[AlbumCard, ...]:
    """The album cards of a sheet (default ``data/life/album.csv``); raises ``SheetError``."""
    return album_cards(_load(Path(path) if path else DATA / "album.csv", ALBUM_SCHEMA))


def album_cards(rows: Sequence[Mapping[str, Any]]) -> tuple[AlbumCard, ...]:
    """The album cards of a loaded, clean sheet's records (``Sheet.records()``)."""
    return tuple(
        AlbumCard(
            r["id"],
            r["stage"],
            r["kind"],
            r["colour"],
            r["name_ja"],
            r["name_en"],
            r["stars"] or 0,
            r["skill"] or (),
            r["event"] or (),
        )
        for r in rows
    )


def load_dreams(path: str | Path | None = None) -> tuple[DreamCard, ...]:
    """The dream cards of a sheet (default ``data/life/dreams.csv``)."""
    return dream_cards(_load(Path(path) if path else DATA / "dreams.csv", DREAM_SCHEMA))


def dream_cards(rows: Sequence[Mapping[str, Any]]) -> tuple[DreamCard, ...]:
    """The dream cards of a loaded, clean sheet's records (``Sheet.records()``)."""
    return tuple(
        DreamCard(r["id"], r["name_ja"], r["name_en"], r["dream"], r["skill"]) for r in rows
    )


def check_deck(
    album: Sequence[AlbumCard],
    dreams: Sequence[DreamCard],
    *,
    stages: int = 3,
    players: int = 4,
    per_round: int | None = None,
) -> None:
    """Raise ``ValueError`` when the cards cannot play a game (e.g. a stage deck too small).

    >>> check_deck(load_album()[:5], load_dreams(), players=4)
    Traceback (most recent call last):
    ...
    ValueError: stage 1 deck has 5 cards; 4 players need at least 24 (6 per player)
    """
    for s in range(1, stages + 1):
        n = sum(c.stage == s for c in album)
        need = (per_round or 2 * players) * 3
        if n < need:
            raise ValueError(
                f"stage {s} deck has {n} cards; {players} players need at least "
                f"{need} ({need // players} per player)"
            )
    if not dreams:
        raise ValueError("no dream cards")


__all__ = [
    "ALBUM_SCHEMA",
    "DREAM_SCHEMA",
    "SCHEMAS",
    "SKILLS",
    "EVENTS",
    "DREAM_SKILLS",
    "DREAM_EFFECTS",
    "COLOURS",
    "AlbumCard",
    "DreamCard",
    "album_cards",
    "dream_cards",
    "load_album",
    "load_dreams",
    "check_deck",
    "SheetError",
]
