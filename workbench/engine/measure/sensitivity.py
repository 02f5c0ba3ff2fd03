"""A sensitivity map: which numeric cells of the sheets move a measure, and by how much.

For each chosen numeric cell (every whole-number cell of the sheets by default; the
schema's ``min``/``max`` bound the steps), the sheet is edited one step up and one step
down and the edit played on the same deals as the base (:mod:`.paired_edit`: game ``i`` of
both shares its seed and seats), giving the effect on the chosen measure with a 95%
interval from the pairs:

- ``win:S`` (default ``win:0``): seat ``S``'s win rate, Newcombe's paired interval;
- any numeric column of the games' rows (``turns``, the game's own ``metrics``): the mean
  paired difference with Student's t interval.

**Screened cheaply first, refined where it matters**: every step plays ``screen`` games
(a quarter of the batch by default); the cells whose screening moved the measure most
(the ``refine`` largest effects, and any step whose screening interval already excludes
0) play the whole batch. An edit the sheet's checks or the game refuse (a step past what
the schema allows, a deck the edit makes illegal) is left out with its reason
(:attr:`Sensitivity.refused`). :func:`~workbench.charts.sensitivity.tornado_chart`
draws the map, the cells that move the measure most first.

>>> m = sensitivity_map("mugen", cells=[("cards", "C01", "skill1_cost")], games=12, seed=1)
>>> m.table.select("cell", "step", "to").rows()
[('cards C01 skill1_cost', 1, '3'), ('cards C01 skill1_cost', -1, '1')]
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from workbench.cards.variants import EditRefused, Variant
from workbench.engine.measure.compare_sheets import CompareError, sheet_set
from workbench.engine.measure.paired_edit import (
    base_variant,
    check_request,
    edit_rows,
    forget_built,
)
from workbench.engine.measure.verdict import judge
from workbench.prob.intervals import mean_interval, pair_counts, paired_newcombe
from workbench.registry import spec

__all__ = [
    "MAX_CELLS",
    "Sensitivity",
    "SensitivityError",
    "measure_words",
    "numeric_cells",
    "sensitivity_map",
]

MAX_CELLS = 2_000
"""The most cells one map edits (bound before anything is played)."""


class SensitivityError(CompareError):
    """A map that cannot be made as asked (one line naming the argument)."""


Cell = tuple[str, str, str]
"""(sheet, card, column)."""


@dataclass(frozen=True)
class Sensitivity:
    """What :func:`sensitivity_map` found: one row per (cell, step) and what it cost."""

    game: str
    measure: str
    games: int
    table: pl.DataFrame
    cost: Mapping[str, float] = field(default_factory=dict)
    refused: tuple[str, ...] = ()

    def ranked(self) -> pl.DataFrame:
        """Cells by the largest effect of either step (absolute), largest first: the refined
        cells (played on the whole batch) before those only screened."""
        if not self.table.height:
            return self.table
        size = self.table.group_by("cell").agg(pl.col("effect").abs().max().alias("size"))
        return (
            self.table.join(size, on="cell")
            .sort(["refined", "size", "cell", "step"], descending=[True, True, False, True])
            .drop("size")
        )

    def sentences(self, top: int = 5) -> list[str]:
        """The cells that move the measure most, with their intervals and verdicts."""
        out = []
        ranked = self.ranked()
        cells = list(dict.fromkeys(ranked["cell"].to_list()))[:top] if ranked.height else []
        measure = measure_words(self.game, self.measure)
        for r in ranked.filter(pl.col("cell").is_in(cells)).iter_rows(named=True):
            out.append(
                f"{r['cell']} {r['from']} -> {r['to']}: {measure} {_fmt(r['effect'], r['rate'])} "
                f"[{_fmt(r['low'], r['rate'])}, {_fmt(r['high'], r['rate'])}] over {r['pairs']} "
                f"paired games, {r['verdict']}"
            )
        c = self.cost
        out.append(
            f"cost: {int(c['edits'])} edits screened on {int(c['screen'])} games each, "
            f"{int(c['refined'])} refined on {self.games}; {int(c['games'])} games, "
            f"{c['cpu_s']:.1f} CPU s, {c['wall_s']:.1f} s wall"
        )
        return out


def measure_words(game: str, measure: str) -> str:
    """``win:S`` as the game names the seat (``Player 1's win rate``), any other as it is.

    >>> measure_words("ghost", "win:0"), measure_words("mugen", "turns")
    ("User 1's win rate", 'turns')
    """
    if not measure.startswith("win:"):
        return measure
    return f"{spec(game).seat_word} {int(measure[4:]) + 1}'s win rate"


def _fmt(x: float, rate: bool) -> str:
    if math.isnan(x):
        return "n/a"
    return f"{x * 100:+.1f} pts" if rate else f"{x:+.3g}"


def numeric_cells(base: Variant) -> list[Cell]:
    """Every filled whole-number cell of the sheets (schema kind ``int``).

    >>> cells = numeric_cells(Variant.of("mugen"))
    >>> cells[0], len(cells) > 37
    (('cards', 'G01', 'star'), True)
    """
    out = []
    schemas = base.schemas()
    for stem, table in base.tables().items():
        ints = [c.name for c in schemas[stem].columns if c.kind == "int" and c.name in table.header]
        k = table.header.index(table.key)
        for row in table.rows:
            for col in ints:
                if row[table.header.index(col)].strip():
                    out.append((stem, row[k], col))
    return out


def _steps(base: Variant, cell: Cell) -> list[tuple[int, str, Variant | str]]:
    """(step, new value, the edited variant or the reason it was refused) for +1 and -1."""
    stem, card, col = cell
    column = next(c for c in base.schemas()[stem].columns if c.name == col)
    now = int(base.tables()[stem].cell(card, col))
    out: list[tuple[int, str, Variant | str]] = []
    for step in (1, -1):
        to = now + step
        if (column.min is not None and to < column.min) or (
            column.max is not None and to > column.max
        ):
            out.append((step, str(to), f"outside the schema's {column.min}..{column.max}"))
            continue
        try:
            out.append((step, str(to), base.set(stem, card, col, str(to))))
        except EditRefused as exc:
            out.append((step, str(to), str(exc)))
    return out


def _outcome(row: Mapping[str, Any], measure: str) -> float:
    if measure.startswith("win:"):
        return float(int(measure[4:]) in (row["winners"] or ()))
    value = row.get(measure)
    return math.nan if value is None else float(value)


def _effect(
    base: Sequence[Mapping[str, Any]], edit: Sequence[Mapping[str, Any]], measure: str
) -> tuple[float, float, float, int]:
    """(effect, low, high, pairs) of edit minus base on the games both played."""
    mine = {r["game"]: r for r in edit}
    pairs = [
        (_outcome(b, measure), _outcome(mine[b["game"]], measure))
        for b in base
        if b["game"] in mine
    ]
    pairs = [(x, y) for x, y in pairs if not (math.isnan(x) or math.isnan(y))]
    if not pairs:
        return math.nan, math.nan, math.nan, 0
    if measure.startswith("win:"):
        iv = paired_newcombe(*pair_counts([(x > 0.5, y > 0.5) for x, y in pairs]))
        d = sum(y - x for x, y in pairs) / len(pairs)
        return d, iv.low, iv.high, len(pairs)
    d, low, high = mean_interval([y - x for x, y in pairs])
    return d, low, high, len(pairs)


def sensitivity_map(
    game: str,
    players: Sequence[str] | str = "greedy",
    games: int = 200,
    seed: int = 0,
    *,
    measure: str = "win:0",
    cells: Sequence[Cell] | None = None,
    base: Any = None,
    screen: int | None = None,
    refine: int = 5,
) -> Sensitivity:
    """Each cell one step up and one step down, paired on the same deals (module docstring).

    Bad input (an unknown measure, a cell that does not exist or is not a whole number,
    too many cells, zero games): :class:`SensitivityError`, one line, before
    any game is played."""
    specs = [s.strip() for s in (players.split(",") if isinstance(players, str) else players)]
    check_request(game, specs, games)
    start = base_variant(game, base)
    chosen = list(cells) if cells is not None else numeric_cells(start)
    if not 1 <= len(chosen) <= MAX_CELLS:
        raise SensitivityError(f"choose 1 to {MAX_CELLS} cells, got {len(chosen)}")
    known = set(numeric_cells(start))
    for c in chosen:
        if tuple(c) not in known:
            raise SensitivityError(
                f"{game}: {' '.join(map(str, c))} is not a filled whole-number cell of its sheets"
            )
    screen = max(1, min(games, screen or max(10, games // 4)))
    cpu0, wall0 = time.process_time(), time.perf_counter()
    base_set = sheet_set(game, start)
    rows = edit_rows(game, base_set, specs, 0, 1, seed)  # one game names the measures
    if not measure.startswith("win:") and not isinstance(rows[0].get(measure), (int, float)):
        numeric = [k for k, v in rows[0].items() if isinstance(v, (int, float)) and k != "game"]
        raise SensitivityError(
            f"{game} has no measure {measure!r} (win:S for seat S, or one of {', '.join(numeric)})"
        )
    if measure.startswith("win:") and not (
        measure[4:].isdigit() and int(measure[4:]) < int(rows[0]["seats"])
    ):
        raise SensitivityError(
            f"{measure!r}: win:S needs a seat S from 0 to {int(rows[0]['seats']) - 1}"
        )
    rows += edit_rows(game, base_set, specs, 1, games, seed)
    played = len(rows)
    edits: list[dict[str, Any]] = []
    refused = []
    for cell in chosen:
        for step, to, v in _steps(start, tuple(cell)):  # type: ignore[arg-type]
            name = " ".join(cell)
            if isinstance(v, str):
                refused.append(f"{name} -> {to}: {v}")
                continue
            try:  # the game itself may refuse the edited sheets (a deck no longer legal)
                side = sheet_set(game, v)
                got = edit_rows(game, side, specs, 0, screen, seed)
            except ValueError as exc:
                refused.append(f"{name} -> {to}: {' '.join(str(exc).split())[:200]}")
                continue
            played += len(got)
            edits.append({"cell": name, "step": step, "to": to, "side": side, "rows": got})
    for e in edits:
        e["screened"] = _effect(rows[:screen], e["rows"], measure)
    size: dict[str, float] = {}
    for e in edits:
        d = abs(e["screened"][0])
        size[e["cell"]] = max(size.get(e["cell"], 0.0), 0.0 if math.isnan(d) else d)
    keep = set(sorted(size, key=lambda c: -size[c])[:refine])
    keep |= {e["cell"] for e in edits if e["screened"][1] > 0 or e["screened"][2] < 0}
    refined = 0
    if screen < games:
        for e in edits:
            if e["cell"] in keep:
                more = edit_rows(game, e["side"], specs, screen, games, seed)
                played += len(more)
                e["rows"] = e["rows"] + more
                refined += 1
    out = []
    rate = measure.startswith("win:")
    for e in edits:
        d, low, high, n = _effect(rows, e["rows"], measure)
        stem, card, col = e["cell"].split(" ", 2)
        out.append(
            {
                "cell": e["cell"],
                "card": card,
                "column": col,
                "step": e["step"],
                "from": start.tables()[stem].cell(card, col),
                "to": e["to"],
                "effect": d,
                "low": low,
                "high": high,
                "pairs": n,
                "rate": rate,
                "refined": e["cell"] in keep and screen < games,
                "verdict": judge(low, high, n),
            }
        )
    forget_built()
    cost = {
        "edits": float(len(edits)),
        "screen": float(screen),
        "refined": float(refined),
        "games": float(played),
        "cpu_s": time.process_time() - cpu0,
        "wall_s": time.perf_counter() - wall0,
    }
    return Sensitivity(
        game, measure, games, pl.DataFrame(out, infer_schema_length=None), cost, tuple(refused)
    )
