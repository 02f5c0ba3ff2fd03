"""The columns of むげんの宙へ's card sheet and the timeline rules across them (:data:`SCHEMA`).

A card's *timeline* is up to :data:`MAX_SKILLS` skills, each in four columns
``skillN_kind`` (one of :data:`SKILL_KINDS`), ``skillN_cost`` (MP, 0..10; empty
for revenge), ``skillN_turns`` (counters of a set or super set skill) and
``skillN_effects`` (the closed vocabulary of :mod:`workbench.games.mugen.effects`);
the cross-column rules are reported at their row and column.

Kept apart from ``cards.py`` (which reads the sheet with this schema and
re-exports :data:`SCHEMA`) for size; it imports nothing of the game but its
effect vocabulary.

>>> [c.name for c in SCHEMA.columns][8:12]
['skill1_kind', 'skill1_cost', 'skill1_turns', 'skill1_effects']
"""

from __future__ import annotations

from collections.abc import Iterator

import polars as pl

from workbench.cards import Column, Schema
from workbench.games.mugen.effects import VOCABULARY, check_effects, from_vocabulary

__all__ = ["MAX_COST", "MAX_SKILLS", "SCHEMA", "SKILL_KINDS"]


SKILL_KINDS = ("plain", "set", "super_set", "revenge", "ex")
MAX_SKILLS = 3
MAX_COST = 10


def _skill_columns(n: int) -> tuple[Column, ...]:
    first = n == 1
    return (
        Column(f"skill{n}_kind", "str", required=first, allowed=SKILL_KINDS,
               description=f"skill {n}: plain, set, super_set, revenge or ex"),
        Column(f"skill{n}_cost", "int", required=False, min=0, max=MAX_COST,
               description=f"skill {n}: MP cost (empty for revenge)"),
        Column(f"skill{n}_turns", "int", required=False, min=1, max=99,
               description=f"skill {n}: counters of a set / super set skill"),
        Column(f"skill{n}_effects", "effects", required=first, vocabulary=VOCABULARY,
               description=f"skill {n}: effects"),
    )  # fmt: skip


def _timeline_checks(frame: pl.DataFrame) -> Iterator[tuple[int | None, str | None, str, str]]:
    """Cross-column rules of a timeline: costs, counters, effects fitting the kind."""
    for i, row in enumerate(frame.iter_rows(named=True)):
        kinds = []
        for n in range(1, MAX_SKILLS + 1):
            kind, cost, turns, fx = (
                row.get(f"skill{n}_{k}") for k in ("kind", "cost", "turns", "effects")
            )
            if kind is None:
                for col, value in (
                    (f"skill{n}_cost", cost),
                    (f"skill{n}_turns", turns),
                    (f"skill{n}_effects", fx),
                ):
                    if value is not None:
                        yield i, col, "empty-kind", f"filled, but skill{n}_kind is empty"
                continue
            kinds.append(kind)
            if kind == "revenge" and cost not in (None, 0):
                yield (
                    i,
                    f"skill{n}_cost",
                    "revenge-cost",
                    "a 【リベンジ時】 effect is free: leave the cost empty",
                )
            if kind != "revenge" and cost is None:
                yield i, f"skill{n}_cost", "required", f"a {kind} skill needs an MP cost"
            if kind in ("set", "super_set") and turns is None:
                yield (
                    i,
                    f"skill{n}_turns",
                    "required",
                    f"a {kind} skill needs its number of counters",
                )
            if kind not in ("set", "super_set") and turns is not None:
                yield (
                    i,
                    f"skill{n}_turns",
                    "turns",
                    f"only set and super_set skills have counters, not {kind}",
                )
            if fx is None:
                yield i, f"skill{n}_effects", "required", f"skill {n} has no effects"
            else:
                why = check_effects(from_vocabulary(VOCABULARY.parse(fx)), kind)
                if why:
                    yield i, f"skill{n}_effects", "kind", why
        if kinds.count("revenge") > 1:
            yield i, "skill1_kind", "revenge", "a card has at most one 【リベンジ時】 effect"
        if kinds and set(kinds) == {"revenge"}:
            yield i, "skill1_kind", "usable", "a card needs a skill besides 【リベンジ時】"
        if row.get("trait") is not None:
            if not row.get("character"):
                yield i, "trait", "trait", "only character skills carry an additional trait"
            why = check_effects(from_vocabulary(VOCABULARY.parse(row["trait"])), "trait")
            if why:
                yield i, "trait", "kind", why  # fmt: skip


SCHEMA = Schema(
    "mugen",
    (
        Column("id", "str", unique=True, description="stable card id used by decks and replays"),
        Column("name", "str", unique=True, description="the card's name (Japanese)"),
        Column("name_en", "str", description="English name"),
        Column("star", "int", min=1, max=3, description="★ count (deck-construction limits)"),
        Column("character", "bool", description="a character skill (4 copies: your character)"),
        Column("attribute", "str", required=False, description="attribute (unused by the rules)"),
        Column("trait_name", "str", required=False, description="name of the additional trait"),
        Column("trait", "effects", required=False, vocabulary=VOCABULARY,
               description="additional trait (追加特性): on from the start, immune to effects"),
        *(c for n in range(1, MAX_SKILLS + 1) for c in _skill_columns(n)),
        Column("flavour", "str", required=False, description="flavour text"),
        Column("prototype", "bool", required=False, description="authored stand-in for the seed's images"),
    ),
    name="cards",
    description="むげんの宙へ skill cards: one row per card, a timeline of up to 3 skills",
    checks=(_timeline_checks,),
)  # fmt: skip
