"""Detective's what-if hooks (:mod:`workbench.engine.measure.compare`): how the game takes
its sheets, the exact figures an edit redraws, and the notebook's worked example.

The notebook's exact figures that depend on the sheets (:data:`FIGURES`, each with the
columns it reads): every event's cost and payment odds (section 3's question asked of each
event), round 1's length and P(each person dies) from the sheet's starting deck (section 1),
the immediate tragic night under each reading of the opening (section 2, the 25 % claim),
the expected actions per round (section 2), P(one icon of a colour after k draws) on the
round-1 deck (section 3) and the events whose death condition starves their cost (section 4).

>>> from workbench.cards.registry import sheet_source
>>> figures(sheet_source("detective").sheets)["events"].columns[:4]
['no', 'name', 'vp', 'cost']
>>> sorted(figures(sheet_source("detective").sheets, [("events", "vp")]))
['events']
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import polars as pl
import sympy

from workbench.cards.variants import Variant
from workbench.engine.measure.sheet_figures import SheetFigure, Sheets, draw_figures
from workbench.games.detective.analysis import OPENINGS, actions_table, payable_after, payable_table
from workbench.games.detective.cards import CardSet, cards_from_sheets
from workbench.games.detective.exact import exact_round, round_tree
from workbench.games.detective.params import DetectiveParams
from workbench.spec import SheetSource, WhatIfExample

__all__ = [
    "EXAMPLE",
    "PAIRS",
    "SEED",
    "EVENT",
    "FIGURES",
    "figures",
    "read_sheets",
    "worked_example",
]

EVENT = "2"
"""The worked example's event: 二十年前の罪 (5 VP, four cards: black 1, orange 2, blue 1)."""


PAIRS = 300
"""Pairs of greedy games per question table the notebook's what-if section plays."""
SEED = 1
"""The seed of its games (``workbench compare detective --games 400 --seed 1`` repeats them)."""


def read_sheets(source: SheetSource) -> dict[str, Any]:
    """The game takes its people and events as ``cards=``, read from the loaded sheets in
    memory.

    >>> from workbench.cards.registry import sheet_source
    >>> from workbench.games.detective.cards import load_cards
    >>> read_sheets(sheet_source("detective"))["cards"] == load_cards()
    True
    """
    return {"cards": cards_from_sheets(source.sheets)}


LINES = (4, 8)
"""Line lengths of the events figure's payment odds (a round lays 4 to 8 people)."""


def _cards(sheets: Sheets) -> CardSet:
    return cards_from_sheets(sheets)


def _start_deck(cards: CardSet) -> dict[str, int]:
    """Round 1's deck: one card of each person marked ``in_start_deck`` (the night apart)."""
    return {who: 1 for who, p in cards.people.items() if p.in_start_deck}


def _events(sheets: Sheets) -> pl.DataFrame:
    """Every event's cost in cards, VP, VP per card, and the exact chance that a line of
    4 or 8 people drawn from all the person cards pays its cost, by event number (the
    same rows before and after an edit, so the moved ones line up)."""
    cards = _cards(sheets)
    pool = {who: p.copies for who, p in cards.people.items()}
    colours = {who: p.colour for who, p in cards.people.items()}
    rows = []
    for e in cards.events:
        paid = sum(n for _, n in e.cost)
        per = sympy.Rational(e.vp, paid) if paid else sympy.oo
        row: dict[str, object] = {
            "no": e.no,
            "name": e.name_ja,
            "vp": e.vp,
            "cost": "; ".join(f"{c} {n}" for c, n in e.cost),
            "cards": paid,
            "vp_per_card": str(per),
        }
        for k in LINES:
            chance = payable_after(pool, colours, dict(e.cost), k)
            row[f"p_line{k}_exact"], row[f"p_line{k}"] = str(chance), float(chance)
        rows.append(row)
    return pl.DataFrame(rows).sort("no")


def _round_one(sheets: Sheets) -> pl.DataFrame:
    """Round 1's length (people on the line when the night comes) and P(each person dies),
    exact, from the sheet's starting deck under the base rules."""
    odds = exact_round(_start_deck(_cards(sheets)), DetectiveParams())
    rows = [
        {"quantity": f"length {k}", "exact": str(odds.length.p(k)), "p": float(odds.length.p(k))}
        for k in sorted(int(str(k)) for k in odds.length.outcomes())
    ]
    rows += [
        {"quantity": f"dies: {who or 'nobody'}", "exact": str(p), "p": float(p)}
        for who, p in sorted(odds.death.items(), key=lambda kv: kv[0] or "")
    ]
    return pl.DataFrame(rows)


def _immediate_night(sheets: Sheets) -> pl.DataFrame:
    """The author's 25 %: P(the first draw with an action is the night) in round 1 under
    each reading of the 4-card opening, from the sheet's starting deck."""
    deck = _start_deck(_cards(sheets))
    rows = []
    for name, prm in OPENINGS.items():
        p = round_tree(deck, DetectiveParams(**prm))[2]
        rows.append({"reading": name, "people": sum(deck.values()), "exact": str(p), "p": float(p)})
    return pl.DataFrame(rows)


def _actions(sheets: Sheets) -> pl.DataFrame:
    return actions_table(len(_start_deck(_cards(sheets))))


def _colour_odds(sheets: Sheets) -> pl.DataFrame:
    cards = _cards(sheets)
    colours = {who: p.colour for who, p in cards.people.items()}
    return payable_table(_start_deck(cards), colours).select("colour", "draws", "exact", "p")


def _hard_events(sheets: Sheets) -> pl.DataFrame:
    """``analysis.hard_events`` of the sheet: events needing a death whose cost asks for
    icons only the dead person gives (one from the night: two or more never pay)."""
    cards = _cards(sheets)
    colour_people: dict[str, set[str]] = {}
    for who, p in cards.people.items():
        colour_people.setdefault(p.colour, set()).add(who)
    rows = []
    for e in cards.events:
        if not e.needs_dead:
            continue
        starved = sum(n for c, n in e.cost if colour_people.get(c, set()) <= {e.needs_dead})
        if starved:
            rows.append(
                {
                    "event": e.no,
                    "name": e.name_ja,
                    "needs_dead": e.needs_dead,
                    "starved_icons": starved,
                    "verdict": "never payable" if starved >= 2 else "only after the tragic night",
                }
            )
    return pl.DataFrame(
        rows,
        schema={
            "event": pl.Int64,
            "name": pl.String,
            "needs_dead": pl.String,
            "starved_icons": pl.Int64,
            "verdict": pl.String,
        },
    )


START = ("in_start_deck",)
"""The people columns round 1's deck reads (the key too: a person added or removed)."""

FIGURES = (
    SheetFigure(
        "events", {"events": ("name_ja", "vp", "cost"), "people": ("colour", "copies")}, _events
    ),
    SheetFigure("round 1: length and deaths", {"people": START}, _round_one),
    SheetFigure("immediate tragic night (the 25 % claim)", {"people": START}, _immediate_night),
    SheetFigure("actions per round", {"people": START}, _actions),
    SheetFigure(
        "one icon of a colour after k draws (round-1 deck)",
        {"people": (*START, "colour")},
        _colour_odds,
    ),
    SheetFigure(
        "events their death starves",
        {"events": ("name_ja", "cost", "needs_dead"), "people": ("colour",)},
        _hard_events,
    ),
)
"""Every exact figure of the notebook that depends on the sheets, with the columns it reads."""


def figures(
    sheets: Sheets,
    edits: Iterable[tuple[str, str]] | None = None,
    timings: dict[str, float] | None = None,
) -> dict[str, pl.DataFrame]:
    """Title -> frame of the figures ``edits`` ((sheet, column) pairs) touch; all when None."""
    return draw_figures(FIGURES, sheets, edits, timings)


def worked_example(base: str | os.PathLike[str] | None = None) -> Variant:
    """Event 2 one orange card cheaper (black 1; orange 1; blue 1)."""
    return Variant.of("detective", base, "crime-cheaper").set(
        "events", EVENT, "cost", "black 1; orange 1; blue 1"
    )


EXAMPLE = WhatIfExample(worked_example, EVENT, PAIRS, SEED)
"""The worked example as the game's spec declares it (``GameSpec.whatif``)."""
