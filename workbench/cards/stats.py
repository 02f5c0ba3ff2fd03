"""Pool statistics of a card sheet as polars frames (charts in ``workbench.charts.cards``).

Counts are of physical cards: a ``copies`` column (when the sheet has one)
weighs each row. Shares are exact: ``probability`` holds the sympy Rational
as text, ``p`` the float for charts.

>>> import polars as pl
>>> f = pl.DataFrame({"cost": [1, 1, 2, None], "copies": [2, 1, 1, 4]})
>>> value_counts(f, "cost").rows()
[(None, 4, '1/2', 0.5), (1, 3, '3/8', 0.375), (2, 1, '1/8', 0.125)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import polars as pl
import sympy

from workbench.cards._dice import parse_dice_text
from workbench.cards.effects import Effect
from workbench.prob.dice import die, p_fumble
from workbench.prob.versus import opposed

COUNT_SCHEMA = ("cards", "probability", "p")


def _weights(frame: pl.DataFrame, weight: str | None) -> pl.Series:
    if weight is None and "copies" in frame.columns:
        weight = "copies"
    if weight is None:
        return pl.Series("cards", [1] * frame.height, dtype=pl.Int64)
    return frame[weight].cast(pl.Int64, strict=False).fill_null(1).alias("cards")


def _shares(frame: pl.DataFrame) -> pl.DataFrame:
    total = int(frame["cards"].sum() or 0)
    exact = [
        sympy.Rational(int(n), total) if total else sympy.Integer(0)
        for n in frame["cards"].to_list()
    ]
    return frame.with_columns(
        pl.Series("probability", [str(r) for r in exact], dtype=pl.String),
        pl.Series("p", [float(r) for r in exact], dtype=pl.Float64),
    )


def value_counts(frame: pl.DataFrame, column: str, *, weight: str | None = None) -> pl.DataFrame:
    """Cards per value of ``column`` (lists count each item), sorted by value, with shares."""
    data = pl.DataFrame([frame[column], _weights(frame, weight)])
    if isinstance(data.schema[column], pl.List):
        data = data.explode(column)
    counted = data.group_by(column).agg(pl.col("cards").sum()).sort(column, nulls_last=False)
    return _shares(counted)


def cost_curve(
    frame: pl.DataFrame,
    cost_columns: str | Sequence[str] = "cost",
    *,
    weight: str | None = None,
    pick: str = "min",
) -> pl.DataFrame:
    """Cards per cost; with several cost columns (a card's timeline of skills) the card's
    cheapest (``pick='min'``) or dearest (``'max'``) cost counts.

    >>> f = pl.DataFrame({"c1": [1, 3, None], "c2": [4, None, 2]})
    >>> cost_curve(f, ["c1", "c2"]).select("cost", "cards").rows()
    [(1, 1), (2, 1), (3, 1)]
    """
    columns = [cost_columns] if isinstance(cost_columns, str) else list(cost_columns)
    present = [c for c in columns if c in frame.columns]
    if not present:
        raise KeyError(f"none of the cost columns {columns} is in the sheet")
    casts = [pl.col(c).cast(pl.Int64, strict=False) for c in present]
    cost = pl.min_horizontal(casts) if pick == "min" else pl.max_horizontal(casts)
    data = frame.with_columns(cost.alias("cost"))
    return value_counts(data, "cost", weight=weight)


def effect_totals(
    effects: Sequence[tuple[Effect, ...]], copies: Sequence[int] | None = None
) -> pl.DataFrame:
    """Per verb: how many cards use it and the sum of its first whole-number argument
    (e.g. colour icons of cost vocabularies), weighted by copies.

    >>> from workbench.cards import Effect
    >>> effect_totals([(Effect("black", (2,)),), (Effect("black", (1,)), Effect("red", (1,)))]).rows()
    [('black', 2, 3), ('red', 1, 1)]
    """
    cards: dict[str, int] = {}
    amount: dict[str, int] = {}
    for i, row in enumerate(effects):
        n = copies[i] if copies is not None else 1
        for verb in {e.verb for e in row or ()}:
            cards[verb] = cards.get(verb, 0) + n
        for e in row or ():
            first = next((a for a in e.args if isinstance(a, int)), 0)
            amount[e.verb] = amount.get(e.verb, 0) + n * first
    rows = sorted((v, cards[v], amount.get(v, 0)) for v in cards)
    return pl.DataFrame(
        rows, schema={"verb": pl.String, "cards": pl.Int64, "amount": pl.Int64}, orient="row"
    )


def dice_strength(
    frame: pl.DataFrame,
    dice_columns: Sequence[str],
    faces: Sequence[int],
    *,
    id_column: str = "id",
    label_column: str = "name_en",
    vp_column: str = "vp",
    floor: int | None = 0,
    fumble: Any = "zero",
    versus: str = "2D",
) -> pl.DataFrame:
    """Long frame: per card and dice column, the exact mean of its strength when ``D``
    is a die with the game's ``faces`` (fumble void and totals floored at 0 by
    default), P(it wins attacking a ``versus`` defender, ties to the defender) and
    its VP. Rows with no dice text are left out of this table only.

    >>> f = pl.DataFrame({"id": ["G1"], "name_en": ["A"], "vp": [5], "physical": ["3D+2"]})
    >>> blank6 = (1, 2, 3, 4, 5, 0)  # a d6 whose 6 reads 0
    >>> dice_strength(f, ["physical"], blank6).select("stat", "dice", "mean", "vp").rows()
    [('physical', '3D+2', '1025/108', 5)]
    """
    faces = tuple(faces)
    one = die(faces)

    def roll(text: str) -> tuple[Any, Any]:
        spec = parse_dice_text(text, faces)
        return spec, spec.dist(floor=floor, fumble=fumble)

    reference = roll(versus)[1]
    rows = []
    for rec in frame.iter_rows(named=True):
        for column in dice_columns:
            text = rec.get(column)
            if not text:
                continue
            spec, dist = roll(str(text))
            mean = dist.mean()
            win = opposed(dist, reference, ties="defender").win
            rows.append(
                (
                    rec.get(id_column),
                    rec.get(label_column),
                    column,
                    str(spec),
                    str(mean),
                    float(mean),
                    str(p_fumble(spec.count, one)) if spec.count else "0",
                    str(win),
                    float(win),
                    rec.get(vp_column),
                )
            )
    return pl.DataFrame(
        rows,
        orient="row",
        schema={
            "id": pl.String,
            "label": pl.String,
            "stat": pl.String,
            "dice": pl.String,
            "mean": pl.String,
            "expected": pl.Float64,
            "p_fumble": pl.String,
            f"p_win_vs_{versus}": pl.String,
            "win": pl.Float64,
            "vp": pl.Int64,
        },
    )


def deck_cost_share(
    deck: Mapping[str, int],
    cards: pl.DataFrame,
    cost_columns: Sequence[str],
    *,
    name_columns: Sequence[str] = ("name", "id"),
    pick: str = "min",
) -> pl.DataFrame:
    """Share of each cost among a deck's cards (name -> count), exact and float.

    >>> cards = pl.DataFrame({"name": ["A", "B"], "cost": [1, 3]})
    >>> deck_cost_share({"A": 3, "B": 1}, cards, ["cost"]).rows()
    [(1, 3, '3/4', 0.75), (3, 1, '1/4', 0.25)]
    """
    index: dict[str, int] = {}
    for column in name_columns:
        if column in cards.columns:
            for i, value in enumerate(cards[column].to_list()):
                index.setdefault(str(value), i)
    missing = [n for n in deck if n not in index]
    if missing:
        raise KeyError(f"not in the card sheet: {', '.join(missing)}")
    rows = [index[n] for n in deck]
    picked = cards[rows].with_columns(pl.Series("copies", list(deck.values()), dtype=pl.Int64))
    return cost_curve(picked, cost_columns, weight="copies", pick=pick)
