"""Ghost's what-if hooks (:mod:`workbench.engine.measure.compare`): how the game takes a
sheet, the exact figures an edit redraws, and the notebook's worked example.

The notebook's exact figures that depend on the sheet (:data:`FIGURES`, each with the
columns it reads): every ghost's battle fairness (section 4), the attacker's odds under
both battle orders (section 3, the stat chosen after the defender), the battles by card
name (section 3), the mandatory events in the starting hands and the latest run-out
turn (section 5). The expectation table, the fumble figures and the dice heat map
(sections 1-3, ``dice.py``) and the report's battle lookup (``battle_lookup.py``, every
1D-3..3D+3 pair) are functions of the dice strings alone, not of the sheet; the board's
action odds (``action_odds.py``) are drawn from a game's table in play, whose cards come
from the sheet the game was made with.

>>> from workbench.cards.registry import sheet_source
>>> [f.title for f in FIGURES]  # doctest: +NORMALIZE_WHITESPACE
['battle fairness', 'battle order: attacker odds by design', 'battles by card name',
 'mandatory events in the starting hands', 'latest run-out turn']
>>> figures(sheet_source("ghost").sheets, [("cards", "vp")]).keys()
dict_keys(['battle fairness'])
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any

import polars as pl

from workbench.cards.variants import Variant
from workbench.engine.measure.sheet_figures import SheetFigure, Sheets, draw_figures
from workbench.games.ghost.analysis import (
    _all_draws,
    ghost_fairness,
    mandatory_by_seat,
    server_bound,
)
from workbench.games.ghost.battle_strength import fixed_modifier
from workbench.games.ghost.cards import GhostCard, cards_from_records, designs
from workbench.games.ghost.odds import Fighter, ghost_odds, win_chance
from workbench.games.ghost.table import STATS
from workbench.spec import SheetSource, WhatIfExample

__all__ = [
    "EXAMPLE",
    "PAIRS",
    "SEED",
    "CARD",
    "FIGURES",
    "figures",
    "read_sheets",
    "worked_example",
]

CARD = "G04"
"""The worked example's card: うにゅう, the weakest ghost (3 copies, 1D / 1D+1, 1 VP)."""


PAIRS = 200
"""Pairs of greedy games per question table the notebook's what-if section plays."""
SEED = 1
"""The seed of its games (``workbench compare ghost --games 300 --seed 1`` repeats them)."""


def read_sheets(source: SheetSource) -> dict[str, Any]:
    """The game takes its cards as ``cards=``, read from the loaded sheet in memory.

    >>> from workbench.cards.registry import sheet_source
    >>> from workbench.games.ghost.cards import load_cards
    >>> read_sheets(sheet_source("ghost"))["cards"] == load_cards()
    True
    """
    return {"cards": _cards(source.sheets)}


def _cards(sheets: Sheets) -> tuple[GhostCard, ...]:
    """The cards of the loaded card sheet (in memory), as the game reads them."""
    return cards_from_records(sheets["cards"].require_clean().records())


GHOSTS = ("kind", "name_ja", "copies", "physical", "mental", "ability")
"""The columns a ghost's battle odds read (its dice, its ability, how many copies fight)."""


def _fairness(sheets: Sheets) -> pl.DataFrame:
    fair = ghost_fairness(_cards(sheets))
    return fair.select("name", "physical", "mental", "vp", "copies", "win_exact", "win", "verdict")


def _lead(card: GhostCard, stat: str, role: str) -> Fighter:
    s = card.strength(stat)
    return Fighter(s, fixed_modifier(card, None, stat, role) - s.modifier, card.has("steady"))


def _battle_order(sheets: Sheets) -> pl.DataFrame:
    """Per attacking design, the exact mean over every two-design defence of P(it wins) when
    the stat is chosen after the defender (the seed's order) and at the declaration: the
    rows of ``battle_order.battle_order_table`` averaged per attacker (Fractions, so the
    redraw stays well under a second)."""
    pool = [c for c in _cards(sheets) if c.is_ghost]
    kinds = designs(pool)
    copies = {c.row: sum(1 for x in pool if x.row == c.row) for c in kinds}
    odds = {
        (me.row, foe.row): {
            s: Fraction(str(win_chance([_lead(me, s, "attack")], [_lead(foe, s, "defend")])))
            for s in STATS
        }
        for me in kinds
        for foe in kinds
    }
    defences = [
        (a, b)
        for a, b in combinations_with_replacement(kinds, 2)
        if a.row != b.row or copies[a.row] >= 2
    ]
    rows = []
    for me in kinds:
        after = before = Fraction(0)
        for a, b in defences:
            pair = (odds[me.row, a.row], odds[me.row, b.row])
            after += min(max(o.values()) for o in pair)
            before += max(min(o[s] for o in pair) for s in STATS)
        after, before = after / len(defences), before / len(defences)
        rows.append(
            {
                "attacker": me.name,
                "p_after_defender_exact": str(after),
                "p_at_declaration_exact": str(before),
                "p_after_defender": float(after),
                "p_at_declaration": float(before),
                "change": float(after - before),
            }
        )
    return pl.DataFrame(rows)


Side = Sequence[str | tuple[str, str]]
"""A side of a battle by card name: a ghost, or a ghost with its shell."""

NAMED_BATTLES: tuple[tuple[Side, Side], ...] = (
    ([("御影さくら", "剣"), "ブリュンヒルデ"], ["双葉", "番長"]),
    ([("ブリュンヒルデ", "剣")], ["御影さくら", "双葉"]),
    (["御影さくら"], ["ブリュンヒルデ"]),
)
"""The notebook's battles by card name (section 3 and the odds doctests)."""


def _named(entries: Iterable[Any]) -> str:
    return " + ".join(e if isinstance(e, str) else f"{e[0]}+{e[1]}" for e in entries)


def _named_battles(sheets: Sheets) -> pl.DataFrame:
    cards = _cards(sheets)
    rows = []
    for attack, defence in NAMED_BATTLES:
        for stat in STATS:
            p = ghost_odds(attack, defence, stat, cards=cards)
            rows.append(
                {
                    "attack": _named(attack),
                    "defence": _named(defence),
                    "stat": stat,
                    "p_exact": str(p),
                    "p": float(p),
                }
            )
    return pl.DataFrame(rows)


def _mandatory(sheets: Sheets) -> pl.DataFrame:
    """Section 5's seat-by-seat figure from the sheet's own deck size and mandatory events."""
    cards = _cards(sheets)
    deck, mandatory = len(cards), sum(1 for c in cards if c.is_mandatory)
    parts = [
        mandatory_by_seat(users, deck=deck, mandatory=mandatory, deal_order=order).with_columns(
            pl.lit(order).alias("deal_order"), pl.lit(users).alias("users")
        )
        for order in ("all_hands", "by_seat")
        for users in (4, 6)
    ]
    return (
        pl.concat(parts)
        .with_columns(pl.lit(deck).alias("deck"), pl.lit(mandatory).alias("mandatory"))
        .select("deal_order", "users", "seat", "deck", "mandatory", "p_exact", "p", "p_any_exact")
    )


def _run_out(sheets: Sheets) -> pl.DataFrame:
    cards = _cards(sheets)
    a = _all_draws(cards)
    return pl.DataFrame(
        [
            {
                "users": n,
                "deck": len(cards),
                "all_draw_events": a,
                "latest_run_out_turn": server_bound(n, deck=len(cards), all_draws=a),
            }
            for n in range(2, 7)
        ]
    )


FIGURES = (
    SheetFigure("battle fairness", {"cards": (*GHOSTS, "name_en", "vp", "prototype")}, _fairness),
    SheetFigure("battle order: attacker odds by design", {"cards": GHOSTS}, _battle_order),
    SheetFigure(
        "battles by card name",
        {"cards": (*GHOSTS, "name_en", "shell_physical", "shell_mental")},
        _named_battles,
    ),
    SheetFigure(
        "mandatory events in the starting hands", {"cards": ("kind", "copies")}, _mandatory
    ),
    SheetFigure("latest run-out turn", {"cards": ("kind", "copies", "effect")}, _run_out),
)
"""Every exact figure of the notebook that depends on the sheet, with the columns it reads."""


def figures(
    sheets: Sheets,
    edits: Iterable[tuple[str, str]] | None = None,
    timings: dict[str, float] | None = None,
) -> dict[str, pl.DataFrame]:
    """Title -> frame of the figures ``edits`` ((sheet, column) pairs) touch; all when None."""
    return draw_figures(FIGURES, sheets, edits, timings)


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """うにゅう's physical dice raised from 1D to 2D+1 (a designer lifting the weakest ghost)."""
    return Variant.of("ghost", base, "unyu-2d1").set("cards", CARD, "physical", "2D+1")


EXAMPLE = WhatIfExample(worked_example, CARD, PAIRS, SEED)
"""The worked example as the game's spec declares it (``GameSpec.whatif``)."""
