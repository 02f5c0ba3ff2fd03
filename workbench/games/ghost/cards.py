"""The ghost game's cards: the sheet (``data/ghost/cards.csv``) -> typed frozen cards, and
the closed effect vocabularies the sheet is written in.

One row per card design; ``copies`` says how many physical cards it makes.
Every physical card gets its own id (0, 1, ... in sheet order) because the
rules track each card through the zones.

Columns: ``id`` (design id), ``kind`` (ghost / shell / mandatory), ``name_ja``,
``name_en``, ``copies``, ``physical`` / ``mental`` (ghosts: dice text such as
``３Ｄ＋２``), ``vp`` (勝利うにゅう点), ``ability_name``, ``ability``
(Ghost.Status in :data:`ABILITY`),
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

Three kinds of card (seed section 2): ``ghost`` (ゴースト／イベント: a ghost to
install, or its event side to play), ``shell`` (シェル／イベント: physical /
mental modifiers for an installed ghost, or its event side) and
``mandatory`` (強制イベント, ``Event.System.Mandatory``).

Ghost abilities (``Ghost.Status``), passive unless marked:

========================  ====================================================
``bonus STAT K``          +K to this ghost when it attacks or supports (either
                          side) fighting with STAT (physical, mental or any)
``guard STAT K``          +K to this ghost when it is the defending ghost
``quick``                 may be installed from the archive during a battle,
                          straight in as a support ghost (ブリュンヒルデ)
``steady``                this ghost's dice never fumble
``draw N``                activated once per own turn: download N cards
``cycle``                 activated once per own turn: trash one archive card,
                          download 1
``win_installed N``       special victory: start your turn with N ghosts
                          installed, this one among them
========================  ====================================================

Event effects: ``draw N``, ``skip_turn`` (a chosen user's next turn is
skipped), ``install_named`` (install a ghost from your archive whose name
contains one of the card's ``event_names``), ``trash_shell`` (a chosen
ghost's shell), ``bounce`` (a chosen installed ghost back to its owner's
archive, shell to the trash) and the battle verbs ``power K`` (+K to the
chosen side), ``dice K`` (+K dice for the chosen side's lead ghost),
``switch`` (fight on the other strength), ``negate`` (void the event
revealed just before). Mandatory effects: ``all_draw N``,
``rotate_archives``, ``trash_all_shells``, ``void_lowest``.

>>> ABILITY.parse("bonus physical +2")
(Effect(verb='bonus', args=('physical', 2), turns=None),)
>>> target_kind(EVENT.parse("power +2; draw 1"))
'side'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards import Column, Effect, Schema, Vocabulary, load_sheet
from workbench.cards.components import Expectation
from workbench.datafiles import data_files
from workbench.games.ghost.dice import GHOST_FACES

KINDS = ("ghost", "shell", "mandatory")
STATS_LABEL = {"physical": "物理 physical", "mental": "精神 mental"}
TIMINGS = ("OnYourTurn", "OnBattle", "Not.YourTurn", "Anytime", "System.Mandatory")

ABILITY = Vocabulary(
    {
        "bonus": "physical|mental|any signed",
        "guard": "physical|mental|any signed",
        "quick": "",
        "steady": "",
        "draw": "int",
        "cycle": "",
        "win_installed": "int",
    },
    aliases={"軽量速攻": "quick"},
)
ACTIVATED = frozenset({"draw", "cycle"})
EVENT = Vocabulary(
    {
        "draw": "int",
        "skip_turn": "",
        "install_named": "",
        "trash_shell": "",
        "bounce": "",
        "power": "signed",
        "dice": "signed",
        "switch": "",
        "negate": "",
    }
)
BATTLE_VERBS = frozenset({"power", "dice", "switch", "negate"})
MANDATORY = Vocabulary(
    {"all_draw": "int", "rotate_archives": "", "trash_all_shells": "", "void_lowest": ""}
)
_TARGETS = {
    "skip_turn": "user",
    "trash_shell": "shell",
    "bounce": "ghost",
    "power": "side",
    "dice": "side",
}


def target_kind(effects: tuple[Effect, ...]) -> str:
    """What the player picks when playing these effects: none, user, shell, ghost or side.

    >>> target_kind(())
    'none'
    """
    kinds = {_TARGETS[e.verb] for e in effects if e.verb in _TARGETS}
    if len(kinds) > 1:
        raise ValueError(f"one event may target one kind of thing, got {sorted(kinds)}")
    return kinds.pop() if kinds else "none"


@dataclass(frozen=True, slots=True)
class Strength:
    """A ghost's strength string ``nD±k`` (dice of the 0..5 やさぐれダイス).

    >>> str(Strength(3, 2))
    '3D+2'
    """

    count: int
    modifier: int = 0

    def __str__(self) -> str:
        body = f"{self.count}D" if self.count else ""
        if self.modifier or not body:
            body += f"{self.modifier:+d}" if body else str(self.modifier)
        return body


@dataclass(frozen=True, slots=True)
class GhostCard:
    """One physical card (copies of a sheet row get their own ids)."""

    id: int
    kind: str
    name: str
    name_en: str = ""
    physical: Strength = Strength(0)
    mental: Strength = Strength(0)
    vp: int = 0
    ability: tuple[Effect, ...] = ()
    ability_name: str = ""
    shell: tuple[int, int] = (0, 0)
    event_name: str = ""
    timing: str = ""
    effects: tuple[Effect, ...] = ()
    event_names: tuple[str, ...] = ()
    text: str = ""
    prototype: bool = True
    row: int = 0

    @property
    def is_ghost(self) -> bool:
        return self.kind == "ghost"

    @property
    def is_shell(self) -> bool:
        return self.kind == "shell"

    @property
    def is_mandatory(self) -> bool:
        return self.kind == "mandatory"

    def strength(self, stat: str) -> Strength:
        """The physical or mental strength string.

        >>> GhostCard(0, "ghost", "x", physical=Strength(3, 2)).strength("physical")
        Strength(count=3, modifier=2)
        """
        return self.physical if stat == "physical" else self.mental

    def has(self, verb: str) -> bool:
        """True when the ghost's ability holds this verb."""
        return any(e.verb == verb for e in self.ability)

    def ability_args(self, verb: str) -> tuple[object, ...] | None:
        """Arguments of the first ability effect with this verb, or None."""
        for e in self.ability:
            if e.verb == verb:
                return e.args
        return None

    @property
    def is_battle_event(self) -> bool:
        return any(e.verb in BATTLE_VERBS for e in self.effects)

    @property
    def target(self) -> str:
        return target_kind(self.effects)

    @property
    def label(self) -> str:
        return f"{self.name} [{self.id}]"


def event_allowed(card: GhostCard, seat: int, turn: int, in_battle: bool) -> bool:
    """May ``seat`` play this event now (``in_battle``: face down in a battle; else as
    the turn's action when ``seat == turn``, as a reaction when not)?

    >>> c = GhostCard(0, "ghost", "x", timing="Not.YourTurn")
    >>> event_allowed(c, 1, 0, True), event_allowed(c, 0, 0, True), event_allowed(c, 1, 0, False)
    (True, False, True)
    >>> event_allowed(c, 0, 0, False)
    False
    """
    if card.is_mandatory or not card.timing:
        return False
    if in_battle:
        return card.timing in ("OnBattle", "Anytime") or (
            card.timing == "Not.YourTurn" and seat != turn
        )
    if card.is_battle_event:  # a battle verb has nothing to act on outside a battle
        return False
    return card.timing in (
        ("OnYourTurn", "Anytime") if seat == turn else ("Not.YourTurn", "Anytime")
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
        Column("timing", required=False, allowed=TIMINGS + tuple("Event." + t for t in TIMINGS)),
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
            out.append(
                GhostCard(
                    id=len(out),
                    kind=rec["kind"],
                    name=rec["name_ja"],
                    name_en=rec["name_en"] or "",
                    physical=_strength(rec["physical"]),
                    mental=_strength(rec["mental"]),
                    vp=rec["vp"] or 0,
                    ability=tuple(rec["ability"] or ()),
                    ability_name=rec["ability_name"] or "",
                    shell=(rec["shell_physical"] or 0, rec["shell_mental"] or 0),
                    event_name=rec["event_name"] or "",
                    timing=_timing(rec["timing"] or ""),
                    effects=tuple(rec["effect"] or ()),
                    event_names=tuple(rec["event_names"] or ()),
                    text=rec["text_ja"] or "",
                    prototype=bool(rec["prototype"]),
                    row=rec["_row"],
                )
            )
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


__all__ = [
    "ABILITY",
    "EFFECTS",
    "EVENT",
    "MANDATORY",
    "SCHEMA",
    "SHEET",
    "STATS_LABEL",
    "Effect",
    "GhostCard",
    "Strength",
    "cards_from_records",
    "designs",
    "event_allowed",
    "load_cards",
    "load_sheet_frame",
    "target_kind",
]
