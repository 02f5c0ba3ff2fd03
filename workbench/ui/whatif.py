"""The what-if section of a game notebook: one edit, its exact figures, its paired answers.

:class:`WhatIf` holds a base and a :class:`~workbench.cards.variants.Variant` of a
game's sheets and shows, for the notebook (pure tables and text; the widgets are
:mod:`workbench.ui.sheet_grid` and :mod:`workbench.ui.whatif_stream`):

- :meth:`WhatIf.diff` — card, column, before → after;
- :meth:`WhatIf.figures` — the exact figures of the game's ``GameSpec.sheet_figures`` the
  edit touches (by the columns each reads), redrawn; those it moves before and after
  (rows that differ, side by side), with the time each took to redraw;
- :meth:`WhatIf.faces` — the edited cards' faces before and after
  (:func:`workbench.printing.faces`);
- :meth:`WhatIf.compare` / :func:`readable` / :func:`sentence` — the paired
  comparison (:func:`workbench.engine.compare`) as a table and the sentence its
  numbers support.

>>> import polars as pl
>>> before = pl.DataFrame({"name": ["a", "b"], "win": [0.5, 0.25]})
>>> after = pl.DataFrame({"name": ["a", "b"], "win": [0.5, 0.375]})
>>> moved(before, after).rows()
[('before', 'b', 0.25), ('after', 'b', 0.375)]
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import polars as pl

from workbench.cards.registry import sheet_files, sheet_source
from workbench.cards.variants import Variant
from workbench.datafiles import data_files
from workbench.engine.measure.compare import Comparison, compare
from workbench.engine.measure.sheet_figures import draw_figures, edited_columns, touched_titles
from workbench.engine.measure.verdict import MIN_GAMES, TOO_FEW, verdict_text
from workbench.registry import spec

__all__ = ["WhatIf", "moved", "readable", "redraw_note", "sentence"]


def redraw_note(seconds: float, goal: float = 1.0) -> str:
    """How long a redraw took, in words that do not change from run to run while it meets
    the goal (an exported report must give the same bytes each time).

    >>> redraw_note(0.2), redraw_note(1.25)
    ('under 1 s', '1.2 s (over the 1 s goal)')
    """
    return f"under {goal:g} s" if seconds < goal else f"{seconds:.1f} s (over the {goal:g} s goal)"


def moved(before: pl.DataFrame, after: pl.DataFrame) -> pl.DataFrame:
    """The rows of a figure an edit changed, ``before`` above ``after`` (a ``side`` column
    first); both whole when the shapes differ; an empty frame when nothing moved."""
    if before.columns != after.columns or before.height != after.height:
        return pl.concat(
            [
                before.with_columns(pl.lit("before").alias("side")),
                after.with_columns(pl.lit("after").alias("side")),
            ],
            how="diagonal_relaxed",
        ).select("side", pl.exclude("side"))
    differs = [
        i
        for i, (a, b) in enumerate(zip(before.iter_rows(), after.iter_rows(), strict=True))
        if a != b
    ]
    parts = []
    for i in differs:
        parts += [
            before.slice(i, 1).with_columns(pl.lit("before").alias("side")),
            after.slice(i, 1).with_columns(pl.lit("after").alias("side")),
        ]
    if not parts:
        return (
            before.clear().with_columns(pl.lit("").alias("side")).select("side", pl.exclude("side"))
        )
    return pl.concat(parts).select("side", pl.exclude("side"))


def _num(kind: str, x: float | None) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{x:.1%}" if kind == "rate" else f"{x:.3g}"


def _signed(kind: str, x: float) -> str:
    if math.isnan(x):
        return "—"
    return f"{x * 100:+.1f} pts" if kind == "rate" else f"{x:+.3g}"


def readable(c: Comparison) -> pl.DataFrame:
    """The comparison as text: measure, base, variant, difference (95% paired interval),
    the independent interval's half-width, conclusions and the verdict
    (:func:`~workbench.engine.measure.verdict.verdict_text`: below its minimum of pairs,
    the pairs played and the interval's width instead).

    >>> t = pl.DataFrame({"question": ["q"], "measure": ["seat 1 wins"], "kind": ["rate"],
    ...     "base": [0.5], "variant": [0.55], "difference": [0.05], "low": [0.01], "high": [0.09],
    ...     "paired_half": [0.04], "independent_half": [0.08], "conclusion_base": ["above"],
    ...     "conclusion_variant": ["above"], "verdict": ["higher"], "changed": [True], "pairs": [100]})
    >>> readable(Comparison("g", 100, ("greedy",), 1, None, None, t)).row(0)  # type: ignore[arg-type]
    ('seat 1 wins', '50.0%', '55.0%', '+5.0 pts (+1.0 to +9.0)', '±4.0 pts', '±8.0 pts', 'above → above', 'higher (+1.0 to +9.0 pts)')
    """
    rows = []
    for r in c.table.iter_rows(named=True):
        k = r["kind"]
        span = (
            ""
            if math.isnan(r["low"])
            else f" ({_signed(k, r['low']).replace(' pts', '')} to "
            f"{_signed(k, r['high']).replace(' pts', '')})"
        )
        cb, cv = r["conclusion_base"] or "", r["conclusion_variant"] or ""
        rows.append(
            {
                "measure": r["measure"],
                "base": _num(k, r["base"]),
                "variant": _num(k, r["variant"]),
                "difference (95%, paired)": _signed(k, r["difference"]) + span,
                "paired ±": "±" + _signed(k, r["paired_half"]).lstrip("+"),
                "independent ±": "±" + _signed(k, r["independent_half"]).lstrip("+"),
                "conclusion": f"{cb} → {cv}" if cb or cv else "—",
                "verdict": verdict_text(
                    r.get("verdict") or "",
                    r["low"],
                    r["high"],
                    int(r.get("pairs") or c.games),
                    rate=k == "rate",
                ),
            }
        )
    return pl.DataFrame(rows)


def _widest(t: pl.DataFrame) -> str:
    """The widest paired interval of the table, in points for a rate (up to)."""
    rates = t.filter(pl.col("kind") == "rate")
    if not rates.height:
        return "not yet measured"
    width = max(min(1.0, h) - max(-1.0, lo) for lo, h in zip(rates["low"], rates["high"]))
    return f"up to {width * 100:.1f} pts"


def _change_words(diff: pl.DataFrame) -> str:
    parts = [
        f"{r['card']} {r['column']} {r['before'] or '(empty)'} → {r['after']}"
        for r in diff.iter_rows(named=True)
    ][:3]
    more = f" and {diff.height - 3} more" if diff.height > 3 else ""
    return "; ".join(parts) + more if parts else "no edit"


def sentence(c: Comparison, diff: pl.DataFrame | None = None) -> str:
    """The sentence the paired numbers support: what moved beyond its 95% interval and which
    conclusions changed, or that nothing did at this many pairs (computed, never typed)."""
    change = _change_words(diff) if diff is not None else f"{c.variant.label}"
    t = c.table
    if not t.height:
        return f"{change}: no question was answered."
    sure = t.filter(pl.col("changed"))
    flips = t.filter(
        pl.col("changed") & (pl.col("conclusion_base") != pl.col("conclusion_variant"))
    )
    pairs = max((int(p) for p in t["pairs"].to_list()), default=0)
    said = []
    for r in sure.iter_rows(named=True):
        said.append(
            f"{r['measure']} {'rises' if r['difference'] > 0 else 'falls'} from "
            f"{_num(r['kind'], r['base'])} to {_num(r['kind'], r['variant'])} "
            f"({_signed(r['kind'], r['difference'])}, 95% paired interval "
            f"{_signed(r['kind'], r['low'])} to {_signed(r['kind'], r['high'])})"
        )
    text = f"With {change}, over {pairs} paired {','.join(c.players)} games: "
    if pairs < MIN_GAMES:
        return text + (
            f"too early for a verdict (one is given from {MIN_GAMES} pairs; the paired "
            f"intervals are still {_widest(t)} wide)."
        )
    text += (
        "; ".join(said) + "."
        if said
        else f"{TOO_FEW}: no measure moves beyond its 95% paired interval at this many games."
    )
    for r in flips.iter_rows(named=True):
        text += (
            f" The conclusion on {r['measure']} changes from {r['conclusion_base'] or '—'} "
            f"to {r['conclusion_variant'] or '—'}."
        )
    if not flips.height:
        text += " No conclusion about the game's balance changes."
    if said and t.height >= 10 and sure.height <= max(1, t.height // 10):
        text += (
            f" ({sure.height} of {t.height} measures moved; at 95% about one in twenty "
            "moves by chance, so a lone move wants more games before it is believed.)"
        )
    narrow = c.narrowing()
    if not math.isnan(narrow):
        text += (
            f" Pairing the games made the intervals {narrow:.2f}× as wide as two "
            "independent runs of the same size (median over measures)."
        )
    return text


@dataclass
class WhatIf:
    """A base and a variant of one game's sheets, and what the edit changes."""

    game: str
    variant: Variant
    pairs: int = 200
    seed: int = 1
    players: str = "greedy"
    timings: dict[str, float] = field(default_factory=dict)
    figure_timings: dict[str, float] = field(default_factory=dict)
    """Each redrawn figure's wall seconds (the last :meth:`figures`)."""
    redrawn: list[str] = field(default_factory=list)
    """The titles of the figures the last :meth:`figures` redrew (those the edit touches)."""
    _base_figures: dict[str, pl.DataFrame] = field(default_factory=dict, repr=False)

    @property
    def sheet_figures(self) -> tuple[Any, ...]:
        """The game's exact figures that read its sheets (``GameSpec.sheet_figures``)."""
        part = spec(self.game).require("sheet_figures", for_="the what-if figures")
        return tuple(part.load())

    def base_sheets(self) -> Mapping[str, Any]:
        """The base's sheets, loaded: from the cells the variant read once (no file opened)
        when it edits its base, else from the base's files."""
        if self.variant.source is None:
            return replace(self.variant, edits=(), done=0).sheet_source().sheets
        return sheet_source(self.game, sheet_files(self.game, self.variant.base)).sheets

    def variant_sheets(self) -> Mapping[str, Any]:
        """The variant's sheets loaded in memory from their cells (no file opened)."""
        return self.variant.sheet_source().sheets

    def diff(self) -> pl.DataFrame:
        return self.variant.diff()

    def edits(self) -> set[tuple[str, str]]:
        """The (sheet, column) pairs the variant changes (a row added or removed: column ``*``)."""
        keys = {stem: t.key for stem, t in self.variant.tables().items()}
        return edited_columns(self.diff(), keys)

    def figures(self, before: Mapping[str, pl.DataFrame] | None = None) -> dict[str, pl.DataFrame]:
        """Figure title -> the rows the edit moved (before/after), for the figures the edit
        touches (the game's ``GameSpec.sheet_figures`` name the columns each reads); figures it does
        not touch are not redrawn, and touched figures that did not move are left out.
        ``redrawn`` lists the figures redrawn, ``timings["figures"]`` the redraw's wall
        seconds and ``figure_timings`` each figure's."""
        edits = self.edits()
        figures = self.sheet_figures
        self.redrawn = touched_titles(figures, edits)
        old = dict(before) if before is not None else self._base_figures
        missing = [f for f in figures if f.title in self.redrawn and f.title not in old]
        if missing:
            old.update(draw_figures(missing, self.base_sheets()))
        self.figure_timings = {}
        start = time.perf_counter()
        new = draw_figures(figures, self.variant_sheets(), edits, self.figure_timings)
        self.timings["figures"] = time.perf_counter() - start
        out = {}
        for name, frame in new.items():
            m = moved(old[name], frame)
            if m.height:
                out[name] = m
        return out

    def faces(self) -> Any:
        """The edited cards drawn before and after (HTML), or None when nothing is drawn."""
        from workbench.printing import faces

        html = []
        for stem in sorted(set(self.diff()["sheet"])):
            cards = set(self.diff().filter(pl.col("sheet") == stem)["card"])
            for label, sheets in (("before", self.base_sheets()), ("after", self.variant_sheets())):
                sheet = sheets[stem]
                key = self.variant.tables()[stem].key
                rows = [r for r in sheet.records() if str(r[key]) in cards]
                if rows:
                    html.append(
                        f"<div><b>{label}</b>{faces(self.game, rows, len(rows), sheet=stem)}</div>"
                    )
        if not html:
            return None
        from IPython.display import HTML

        return HTML("<div style='display:flex;gap:24px'>" + "".join(html) + "</div>")

    def compare(self, *, cache: bool = True, executor: Any = None) -> Comparison:
        """The paired comparison (greedy by default); ``timings["compare"]`` is its wall time."""
        start = time.perf_counter()
        result = compare(
            self.game,
            data_files(self.game) if self.variant.base is None else self.variant.base,
            self.variant,
            self.players,
            self.pairs,
            self.seed,
            cache=cache,
            executor=executor,
        )
        self.timings["compare"] = time.perf_counter() - start
        return result
