"""The むげんの宙へ card sheet (``data/mugen/cards.csv``) as typed frozen cards.

One row per card. A card's *timeline* is up to three skills, each in four
columns ``skillN_kind`` (plain, set, super_set, revenge, ex), ``skillN_cost``
(MP, 0..10; empty for revenge), ``skillN_turns`` (counters of a set or super
set skill) and ``skillN_effects`` (the closed vocabulary of
:mod:`workbench.games.mugen.effects`). A ``revenge`` slot holds the
【リベンジ時】 effect, usable only free through a revenge draw. ``trait`` holds
a character's additional trait (追加特性) in the same vocabulary.

>>> pool = load_cards()
>>> pool["C01"].name, pool["C01"].trait_text
('ソラ', 'atk +1')
>>> [s.label for s in pool["G02"].skills]
['2: damage 3', '4: damage 5']
>>> pool["G07"].revenge.label
'【リベンジ時】 damage 2'
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from workbench.cards.problems import Problem, SheetError
from workbench.games.mugen.effects import Effect, EffectError, check_for_kind, parse_effects

ROOT = Path(__file__).resolve().parents[3]
CARDS_CSV = ROOT / "data" / "mugen" / "cards.csv"
SKILL_KINDS = ("plain", "set", "super_set", "revenge", "ex")
MAX_SKILLS = 3
MAX_COST = 10
REQUIRED = ("id", "name", "name_en", "star", "character", "skill1_kind", "skill1_effects")
_TRUE = {"true", "yes", "y", "1", "○", "はい"}
_FALSE = {"false", "no", "n", "0", "×", "いいえ", ""}


@dataclass(frozen=True, slots=True)
class Skill:
    """One skill of a card's timeline."""

    kind: str
    cost: int
    turns: int
    effects: tuple[Effect, ...]

    @property
    def is_set(self) -> bool:
        """Set and super set skills go to the set zone."""
        return self.kind in ("set", "super_set")

    @property
    def now(self) -> tuple[Effect, ...]:
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

    def triggered(self, timing: str) -> tuple[Effect, ...]:
        """The effects that trigger at one timing (start, end, opp_start, opp_end)."""
        return tuple(e for e in self.effects if e.timing == timing)

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
    trait: tuple[Effect, ...]
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


def _bool(text: str) -> bool | None:
    key = text.strip().lower()
    return True if key in _TRUE else False if key in _FALSE else None


def _int(text: str) -> int | None:
    try:
        return int(text.strip().translate(str.maketrans("０１２３４５６７８９", "0123456789")))
    except ValueError:
        return None


class _Row:
    """Reads one sheet row, collecting problems at (file, row, column)."""

    def __init__(self, file: str, number: int, cells: Mapping[str, str | None]) -> None:
        self.file, self.number = file, number
        self.cells = {k: (v or "").strip() for k, v in cells.items() if k is not None}
        self.problems: list[Problem] = []

    def bad(self, column: str | None, rule: str, message: str) -> None:
        self.problems.append(Problem(self.file, self.number, column, rule, message))

    def get(self, column: str) -> str:
        return self.cells.get(column, "")

    def int_in(self, column: str, low: int, high: int) -> int:
        value = _int(self.get(column))
        if value is None or not low <= value <= high:
            self.bad(column, "range", f"{self.get(column)!r} is not a whole number {low}..{high}")
            return low
        return value

    def effects(self, column: str, kind: str) -> tuple[Effect, ...]:
        try:
            effects = parse_effects(self.get(column))
        except EffectError as exc:
            self.bad(column, "vocabulary", str(exc))
            return ()
        why = check_for_kind(effects, kind)
        if why:
            self.bad(column, "kind", why)
        return effects

    def skill(self, n: int) -> Skill | None:
        kind_col, cost_col, turns_col, fx_col = (f"skill{n}_{k}" for k in ("kind", "cost", "turns", "effects"))
        kind = self.get(kind_col).lower()
        if not kind:
            for col in (cost_col, turns_col, fx_col):
                if self.get(col):
                    self.bad(col, "empty-kind", f"{col} is filled but {kind_col} is empty")
            return None
        if kind not in SKILL_KINDS:
            self.bad(kind_col, "kind", f"unknown skill kind {kind!r}; known: {', '.join(SKILL_KINDS)}")
            return None
        if kind == "revenge":
            if _int(self.get(cost_col) or "0") != 0:
                self.bad(cost_col, "revenge-cost", "a 【リベンジ時】 effect is free: leave the cost empty")
            cost = 0
        else:
            cost = self.int_in(cost_col, 0, MAX_COST)
        turns = 0
        if kind in ("set", "super_set"):
            turns = self.int_in(turns_col, 1, 99)
        elif self.get(turns_col):
            self.bad(turns_col, "turns", f"only set and super_set skills have counters, not {kind}")
        effects = self.effects(fx_col, kind)
        if not effects and self.get(fx_col) == "":
            self.bad(fx_col, "required", f"skill {n} has no effects")
        return Skill(kind, cost, turns, effects)

    def card(self) -> Card:
        for col in REQUIRED:
            if not self.get(col):
                self.bad(col, "required", f"{col} is empty")
        character = _bool(self.get("character"))
        if character is None:
            self.bad("character", "bool", f"{self.get('character')!r} is not true/false")
        prototype = _bool(self.get("prototype"))
        skills = tuple(s for s in (self.skill(n) for n in range(1, MAX_SKILLS + 1)) if s)
        if sum(s.kind == "revenge" for s in skills) > 1:
            self.bad("skill1_kind", "revenge", "a card has at most one 【リベンジ時】 effect")
        if skills and all(s.kind == "revenge" for s in skills):
            self.bad("skill1_kind", "usable", "a card needs at least one skill besides 【リベンジ時】")
        trait = self.effects("trait", "trait")
        if trait and not character:
            self.bad("trait", "trait", "only character skills carry an additional trait")
        return Card(
            id=self.get("id"),
            name=self.get("name"),
            name_en=self.get("name_en"),
            star=self.int_in("star", 1, 3),
            character=bool(character),
            attribute=self.get("attribute"),
            trait_name=self.get("trait_name"),
            trait=trait,
            skills=skills,
            flavour=self.get("flavour"),
            prototype=bool(prototype),
        )


def read_cards(path: str | Path = CARDS_CSV) -> tuple[dict[str, Card], list[Problem]]:
    """Every card that reads cleanly, and the problems found (file, row, column).

    >>> cards, problems = read_cards()
    >>> len(cards) >= 34, problems
    (True, [])
    """
    path = Path(path)
    name = path.name
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        return {}, [Problem(name, None, None, "file", f"cannot read {path}: {exc.strerror}")]
    reader = csv.DictReader(text.splitlines())
    missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
    if missing:
        return {}, [Problem(name, 1, c, "column", f"missing column {c}") for c in missing]
    cards: dict[str, Card] = {}
    names: dict[str, int] = {}
    problems: list[Problem] = []
    for number, cells in enumerate(reader, start=2):
        row = _Row(name, number, cells)
        if None in cells or None in cells.values():
            width = len(reader.fieldnames or [])
            row.bad(None, "cells", f"the row does not have {width} cells like the header (a missing or extra comma?)")
        card = row.card()
        if card.id in cards:
            row.bad("id", "unique", f"id {card.id} already used")
        if card.name in names:
            row.bad("name", "unique", f"name {card.name} already on row {names[card.name]}")
        problems.extend(row.problems)
        if not row.problems:
            cards[card.id] = card
            names[card.name] = number
    return cards, problems


@cache
def _load(path: str, mtime: float) -> Mapping[str, Card]:
    cards, problems = read_cards(path)
    if problems:
        raise SheetError(problems)
    return cards


def load_cards(path: str | Path = CARDS_CSV) -> Mapping[str, Card]:
    """Card id -> Card; raises ``SheetError`` listing every problem (cached by file time)."""
    p = Path(path).resolve()
    return _load(str(p), p.stat().st_mtime if p.exists() else 0.0)
