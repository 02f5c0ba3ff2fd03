"""The むげんの宙へ card sheet (``data/mugen/cards.csv``) as typed frozen cards.

One row per card. A card's *timeline* is up to three skills, each in four
columns ``skillN_kind`` (plain, set, super_set, revenge, ex), ``skillN_cost``
(MP, 0..10; empty for revenge), ``skillN_turns`` (counters of a set or super
set skill) and ``skillN_effects`` (the closed vocabulary of
:mod:`workbench.games.mugen.effects`). A ``revenge`` slot holds the
【リベンジ時】 effect, usable only free through a revenge draw. ``trait`` holds
a character's additional trait (追加特性) in the same vocabulary. The sheet
goes through ``workbench.cards.load_sheet`` with :data:`SCHEMA`; the
timeline rules are cross-column checks, reported at their row and column
(both in :mod:`~workbench.games.mugen.card_schema`, re-exported here).

>>> pool = load_cards()
>>> pool["C01"].name, pool["C01"].trait_text
('ソラ', 'atk +1')
>>> [s.label for s in pool["G02"].skills]
['2: damage 3', '4: damage 5']
>>> pool["G07"].revenge.label
'【リベンジ時】 damage 2'
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards import Problem, SheetError, load_sheet
from workbench.cards.components import FINDING_SCHEMA, Expectation, deck_findings
from workbench.cards.deckrules import load_deck
from workbench.datafiles import data_files, packaged_data
from workbench.games.mugen.card_schema import MAX_COST, MAX_SKILLS, SCHEMA, SKILL_KINDS
from workbench.games.mugen.effects import TimedEffect, from_vocabulary

ROOT = packaged_data().parent
"""The folder other relative ``cards_path`` parameters are read from (the repository's)."""
DATA = data_files("mugen")
"""The game's data folder when the module was imported (readers look it up when called)."""
CARDS_CSV = DATA / "cards.csv"
DECK_SIZE = 40
DEFAULT_CARDS = "data/mugen/cards.csv"
"""The ``cards_path`` parameter's default: the game's own sheet, from the data folder in use."""


def data_folder(data_dir: str | os.PathLike[str] | None = None) -> Path:
    """The game's data folder now: ``data_dir``, else ``$WORKBENCH_DATA``, else the packaged
    sheets (:func:`workbench.datafiles.data_files`, asked at every call, not at import)."""
    return data_files("mugen", data_dir)


def cards_file(
    path: str | os.PathLike[str] | None = None, data_dir: str | os.PathLike[str] | None = None
) -> Path:
    """The card sheet a reader reads, as the other games find theirs: ``path`` when it is
    absolute (a variant's or a designer's own file); ``None`` or a path under ``data/mugen/``
    (the parameter's default form) from the data folder in use (``data_dir``, else
    ``$WORKBENCH_DATA``, else the packaged sheets); other relative paths from the repository.

    >>> cards_file() == data_folder() / "cards.csv" == cards_file(DEFAULT_CARDS)
    True
    >>> cards_file("data/mugen/seed_pool/cards.csv") == data_folder() / "seed_pool" / "cards.csv"
    True
    """
    if path is None:
        return data_folder(data_dir) / "cards.csv"
    p = Path(path)
    if p.is_absolute():
        return p
    if p.parts[:2] == ("data", "mugen"):
        return data_folder(data_dir).joinpath(*p.parts[2:])
    return ROOT / p


#: The component counts the issue asks for (checked by ``workbench.cards.components``).
COMPONENTS = (
    Expectation(
        "generic skills (distinct)",
        30,
        "issue #4: at least 30 distinct skills",
        "cards#rows",
        (("character", (False, "false")),),
        ">=",
    ),
    Expectation(
        "character skills (distinct)",
        4,
        "issue #4: at least 4 characters",
        "cards#rows",
        (("character", (True, "true")),),
        ">=",
    ),
)


def extra_findings(folder: str | Path | None = None) -> pl.DataFrame:
    """The sample decks (``decks/*.csv``, not ``illegal_*``) against the seed's 40 cards, then
    :func:`ex_findings` (EX-only cards with more copies than a game can use: warnings)."""
    folder = Path(folder) if folder is not None else data_folder() / "decks"
    sizes = deck_findings(folder, DECK_SIZE, game="mugen", source="seed: カード40枚のデッキ")
    return pl.concat([sizes, ex_findings(folder)])


EX_SOURCE = "seed: EXスキルはゲーム中に一度しか発動できません"


def ex_findings(folder: str | Path) -> pl.DataFrame:
    """One finding per EX-only card of each sample deck: stated 1 (usable once a game),
    counted its copies; ``ok`` False with a note starting 'warning:' when copies would be dead.
    A warning, not a construction rule: the deck stays legal. Unreadable decks are left to
    the size findings.

    The decks are read against the sheet beside their folder (``<folder>/../cards.csv``)
    when there is one, else the data folder's.

    >>> ex_findings(DATA / "decks").select("component", "stated", "counted", "ok").rows()
    [('EX copies, deck mirai: むげんの翼', 1, 1, True)]
    """
    beside = Path(folder).parent / "cards.csv"
    sheet = beside if beside.is_file() else cards_file()
    cards = load_cards(sheet)
    rows = []
    for path in sorted(Path(folder).glob("*.csv")):
        if path.stem.startswith("illegal"):
            continue
        try:
            deck = read_deck(path, sheet)
        except (SheetError, OSError, ValueError):
            continue
        for card_id, n in deck:
            if ex_only(cards[card_id]):
                warned = ex_warnings(((card_id, n),), cards)
                note = (
                    "warning: " + warned[0].removeprefix("ex-copies: ")
                    if warned
                    else "usable once a game"
                )
                rows.append(
                    (
                        "mugen",
                        f"EX copies, deck {path.stem}: {cards[card_id].name}",
                        1,
                        n,
                        not warned,
                        EX_SOURCE,
                        note,
                    )
                )
    return pl.DataFrame(rows, schema=FINDING_SCHEMA, orient="row")


def deck_warnings(deck: Any, cards: Any) -> list[Problem]:
    """Warnings for a deck file (``workbench check`` prints them; they never fail the check):
    EX-only cards with more copies than a game can use, at the deck row of the card.

    ``deck`` is a loaded deck sheet (name, count), ``cards`` this game's loaded card sheet;
    a sheet with problems gives no warnings (its problems are reported instead).

    >>> from workbench.cards.deckrules import load_deck
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = Path(tmp) / "wings.csv"
    ...     _ = path.write_text("name,count\\nミライ,4\\nむげんの翼,4\\n", encoding="utf-8")
    ...     [str(w) for w in deck_warnings(load_deck(path), read_sheet())]
    ['wings.csv row 3, column count [ex-copies]: warning: むげんの翼 ×4: its only skill is EX, usable once a game: 3 copies can never be used']
    """
    needed = {"id", "name", "name_en", "star", "character", "skill1_kind"}
    if (
        not deck.ok
        or not cards.ok
        or "name" not in deck.frame.columns
        or not needed <= set(cards.frame.columns)
    ):
        return []
    pool = {rec["id"]: _card(rec) for rec in cards.records()}
    lookup = {key.casefold(): c.id for c in pool.values() for key in (c.id, c.name, c.name_en)}
    counts: dict[str, int] = {}
    first_row: dict[str, int] = {}
    for rec in deck.records():
        card_id = lookup.get(str(rec["name"]).strip().casefold())
        if card_id is not None:
            counts[card_id] = counts.get(card_id, 0) + int(rec["count"])
            first_row.setdefault(card_id, rec["_row"])
    out = []
    for card_id, n in counts.items():
        for message in ex_warnings(((card_id, n),), pool):
            out.append(
                Problem(
                    deck.file,
                    first_row[card_id],
                    "count",
                    "ex-copies",
                    "warning: " + message.removeprefix("ex-copies: "),
                )
            )
    return out


@dataclass(frozen=True, slots=True)
class Skill:
    """One skill of a card's timeline."""

    kind: str
    cost: int
    turns: int
    effects: tuple[TimedEffect, ...]

    @property
    def is_set(self) -> bool:
        """Set and super set skills go to the set zone."""
        return self.kind in ("set", "super_set")

    @property
    def now(self) -> tuple[TimedEffect, ...]:
        """The one-shot effects that resolve on activation."""
        return tuple(e for e in self.effects if e.timing == "now" and e.verb not in ("atk", "def"))

    @property
    def atk(self) -> int:
        """Attack boost while set."""
        return sum(e.amount for e in self.effects if e.verb == "atk")

    @property
    def defence(self) -> int:
        """Defence boost while set."""
        return sum(e.amount for e in self.effects if e.verb == "def")

    @property
    def label(self) -> str:
        """Short text as on the card, e.g. ``3 set(2): def +2``."""
        text = "; ".join(str(e) for e in self.effects)
        if self.kind == "revenge":
            return f"【リベンジ時】 {text}"
        kind = {"plain": "", "set": " set", "super_set": " super set", "ex": " EX"}[self.kind]
        turns = f"({self.turns})" if self.is_set else ""
        return f"{self.cost}{kind}{turns}: {text}"


@dataclass(frozen=True, slots=True)
class Card:
    """One card: name, star, character or generic, trait, timeline of skills."""

    id: str
    name: str
    name_en: str
    star: int
    character: bool
    attribute: str
    trait_name: str
    trait: tuple[TimedEffect, ...]
    skills: tuple[Skill, ...]
    flavour: str
    prototype: bool

    @property
    def revenge(self) -> Skill | None:
        """The 【リベンジ時】 skill, if the card has one."""
        return next((s for s in self.skills if s.kind == "revenge"), None)

    @property
    def trait_text(self) -> str:
        """The additional trait as vocabulary text ('' when none)."""
        return "; ".join(str(e) for e in self.trait)


def _card(rec: Mapping[str, Any]) -> Card:
    skills = []
    for n in range(1, MAX_SKILLS + 1):
        kind = rec.get(f"skill{n}_kind")
        if kind:
            effects = from_vocabulary(rec.get(f"skill{n}_effects") or ())
            skills.append(
                Skill(
                    kind, rec.get(f"skill{n}_cost") or 0, rec.get(f"skill{n}_turns") or 0, effects
                )
            )
    return Card(
        id=rec["id"], name=rec["name"], name_en=rec["name_en"], star=rec["star"],
        character=bool(rec["character"]), attribute=rec.get("attribute") or "",
        trait_name=rec.get("trait_name") or "", trait=from_vocabulary(rec.get("trait") or ()),
        skills=tuple(skills), flavour=rec.get("flavour") or "", prototype=bool(rec.get("prototype")),
    )  # fmt: skip


def read_sheet(
    path: str | Path | None = None, data_dir: str | os.PathLike[str] | None = None
) -> Any:
    """The loaded sheet (``.frame``, ``.problems`` with file, row, column, rule, message);
    ``path`` and ``data_dir`` as :func:`cards_file` takes them.

    >>> read_sheet().problems.height
    0
    """
    return load_sheet(cards_file(path, data_dir), SCHEMA)


@cache
def _load(path: str, mtime: float) -> Mapping[str, Card]:
    return cards_from_sheet(read_sheet(path))


def cards_from_sheet(sheet: Any) -> Mapping[str, Card]:
    """Card id -> Card of a loaded card sheet (``workbench.cards.Sheet``), in memory;
    ``SheetError`` listing every problem.

    >>> cards_from_sheet(read_sheet()) == load_cards()
    True
    """
    return {rec["id"]: _card(rec) for rec in sheet.require_clean().records()}


def load_cards(
    path: str | Path | None = None, data_dir: str | os.PathLike[str] | None = None
) -> Mapping[str, Card]:
    """Card id -> Card; raises ``SheetError`` listing every problem (cached by file time);
    ``path`` and ``data_dir`` as :func:`cards_file` takes them."""
    p = cards_file(path, data_dir).resolve()
    return _load(str(p), p.stat().st_mtime if p.exists() else 0.0)


# -- decks as (card id, count) pairs, and the EX rule on them (decks.py builds on these) --
Deck = tuple[tuple[str, int], ...]


def normalise(deck: Iterable[tuple[str, int]] | Iterable[str]) -> Deck:
    """A deck as sorted (card id, count) pairs, from pairs or a flat list of ids.

    >>> normalise(["G02", "G01", "G02"])
    (('G01', 1), ('G02', 2))
    """
    counts: dict[str, int] = {}
    for item in deck:
        card, n = (item, 1) if isinstance(item, str) else item
        counts[card] = counts.get(card, 0) + int(n)
    return tuple(sorted((c, n) for c, n in counts.items() if n))


def ex_only(card: Card) -> bool:
    """A card whose every skill usable from hand is an EX skill and that has no 【リベンジ時】
    effect (a revenge draw could use any copy of that): usable once a game.

    >>> cards = load_cards()
    >>> ex_only(cards["G28"]), ex_only(cards["C01"]), ex_only(cards["G02"])
    (True, False, False)
    """
    kinds = {s.kind for s in card.skills}
    return kinds == {"ex"}


def ex_warnings(
    deck: Iterable[tuple[str, int]], cards: Mapping[str, Card], ex_scope: str = "name"
) -> list[str]:
    """More copies of EX-only cards than can ever be used (seed: 「EXスキルはゲーム中に一度しか
    発動できません」), as 'ex-copies: ...' lines: a warning, not a construction rule (the deck
    stays legal and playable). ``ex_scope="player"``: one EX skill in all, so every EX-only card
    shares one use.

    >>> cards = load_cards()
    >>> ex_warnings((("C02", 4), ("G28", 4)), cards)
    ['ex-copies: むげんの翼 ×4: its only skill is EX, usable once a game: 3 copies can never be used']
    >>> ex_warnings((("G28", 1), ("G31", 1)), cards), ex_warnings((("G28", 1), ("G31", 1)), cards, "player")
    ([], ['ex-copies: むげんの翼 ×1, 終焉の鐘 ×1: EX-only cards share one EX use a game (ex_scope=player): 1 copy can never be used'])
    """
    only = [(c, n) for c, n in normalise(deck) if c in cards and ex_only(cards[c])]
    if ex_scope == "player":
        total = sum(n for _, n in only)
        if total <= 1:
            return []
        names = ", ".join(f"{cards[c].name} ×{n}" for c, n in only)
        return [
            f"ex-copies: {names}: EX-only cards share one EX use a game (ex_scope=player): "
            f"{_copies(total - 1)} can never be used"
        ]
    return [
        f"ex-copies: {cards[c].name} ×{n}: its only skill is EX, usable once a game: "
        f"{_copies(n - 1)} can never be used"
        for c, n in only
        if n > 1
    ]


def _copies(n: int) -> str:
    return f"{n} cop{'y' if n == 1 else 'ies'}"


@cache
def _deck_sheet(path: str, mtime: float) -> Any:
    return load_deck(path)


def deck_sheet(path: str | Path) -> Any:
    """A deck file loaded (``workbench.cards.Sheet``; cached by file time: the sample decks
    a what-if redraw reads are opened once a run)."""
    resolved = Path(path).resolve()
    return _deck_sheet(str(resolved), resolved.stat().st_mtime if resolved.exists() else 0.0)


def read_deck(
    path: str | Path,
    cards_path: str | Path | None = None,
    data_dir: str | os.PathLike[str] | None = None,
    *,
    cards: Mapping[str, Card] | None = None,
) -> Deck:
    """A deck file (columns name, count; a name may be the card's name, name_en or id),
    its names looked up in ``cards`` (loaded cards, e.g. :func:`cards_from_sheet` of a sheet
    in memory) or else in the sheet ``cards_path`` names.

    Raises ``SheetError`` naming the file, row and column for bad rows or unknown cards.

    >>> from workbench.games.mugen.decks import DECKS_DIR, SAMPLE_DECKS
    >>> read_deck(DECKS_DIR / "sora.csv") == SAMPLE_DECKS["sora"]
    True
    """
    sheet = deck_sheet(path).require_clean()
    if cards is None:
        cards = load_cards(cards_path, data_dir)
    lookup = {}
    for card in cards.values():
        for key in (card.id, card.name, card.name_en):
            lookup[key.casefold()] = card.id
    pairs: list[tuple[str, int]] = []
    problems: list[Problem] = []
    for rec in sheet.records():
        card_id = lookup.get(str(rec["name"]).strip().casefold())
        if card_id is None:
            problems.append(
                Problem(
                    sheet.file,
                    rec["_row"],
                    "name",
                    "unknown-card",
                    f"{rec['name']!r} is not on the card sheet",
                )
            )
        else:
            pairs.append((card_id, rec["count"]))
    if problems:
        raise SheetError(problems)
    return normalise(pairs)


__all__ = [
    "CARDS_CSV",
    "MAX_COST",
    "MAX_SKILLS",
    "SCHEMA",
    "SKILL_KINDS",
    "Card",
    "SheetError",
    "Skill",
    "cards_file",
    "data_folder",
    "load_cards",
    "read_sheet",
]
