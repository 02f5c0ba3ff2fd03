"""Sentences about skilled-play results, every figure read from the results (issue 25 item 10).

A notebook's prose must carry no typed result figure: the figures of its "Under skilled play"
section are printed by these builders from the frames of
:func:`~workbench.engine.measure.skilled_results.load_results`, and the wording follows the
numbers — a level *beats* another only when the lower end of its 95% interval lies above the
fair share, a measure *rose* only when the two intervals do not overlap.

>>> verdict(0.6, 0.8, 0.5), verdict(0.1, 0.3, 0.5), verdict(0.4, 0.6, 0.5)
('above', 'below', 'within')
>>> pct(0.825), pct(0.5), interval(0.8, 0.77, 0.87)
('82.5%', '50%', '80% [77%, 87%]')
>>> interval(0.925, 0.801, 0.974)
'92.5% [80.1%, 97.4%]'
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import polars as pl

from workbench.engine.measure.skilled import level_difference
from workbench.engine.measure.skilled_results import level_rank
from workbench.engine.measure.verdict import TOO_FEW, judge

__all__ = [
    "answer",
    "answer_text",
    "interval",
    "ladder_sentence",
    "match_sentences",
    "measure_sentence",
    "typed_figures",
    "metrics_sentence",
    "pct",
    "seat_sentence",
    "verdict",
]

_BEATS = {"above": "beats", "below": "loses to"}


def verdict(low: float, high: float, fair: float) -> str:
    """``above`` when the interval lies above ``fair``, ``below`` when under it, else ``within``."""
    if low > fair:
        return "above"
    if high < fair:
        return "below"
    return "within"


def pct(x: float) -> str:
    """A share as a percentage, one decimal only when it is not a whole number."""
    text = f"{x:.1%}"
    return text.replace(".0%", "%")


def interval(value: float, low: float, high: float, *, share: bool = True) -> str:
    """``value [low, high]``: shares as percentages, other means with two decimals; a value
    without bounds (a mean of fewer than two games: :func:`~workbench.prob.intervals.mean_interval`
    gives NaN bounds) says so instead of printing ``[nan, nan]``, and no value says "no games".

    >>> interval(34.5, 33.8, 35.2, share=False), interval(-0.49, -0.91, -0.07, share=False)
    ('34.50 [33.80, 35.20]', '-0.49 [-0.91, -0.07]')
    >>> interval(1.0, float("nan"), float("nan"), share=False), interval(float("nan"), None, None)
    ('1.00 (too few games for an interval)', 'no games')
    """
    if value is None or math.isnan(value):
        return "no games"
    shown = pct(value) if share else f"{value:.2f}"
    if low is None or high is None or math.isnan(low) or math.isnan(high):
        return f"{shown} (too few games for an interval)"
    if share:
        return f"{shown} [{pct(low)}, {pct(high)}]"
    return f"{shown} [{low:.2f}, {high:.2f}]"


def answer(
    answers: pl.DataFrame, measure: str, level: str, question: str | None = None
) -> dict[str, Any]:
    """The answer row of ``measure`` for ``level`` (value, low, high, reference, kind, games).

    >>> a = pl.DataFrame({"question": ["q"], "level": ["greedy"], "measure": ["m"], "kind": ["rate"],
    ...                   "value": [0.5], "low": [0.4], "high": [0.6], "reference": [0.25], "games": [9]})
    >>> answer(a, "m", "greedy")["value"]
    0.5
    >>> answer(a, "m", "random")
    Traceback (most recent call last):
    ValueError: no answer for measure 'm' at level 'random'
    """
    rows = answers.filter((pl.col("measure") == measure) & (pl.col("level") == level))
    if question is not None:
        rows = rows.filter(pl.col("question") == question)
    if rows.height == 0:
        raise ValueError(f"no answer for measure {measure!r} at level {level!r}")
    return rows.row(0, named=True)


def answer_text(row: dict[str, Any]) -> str:
    """An answer row as ``value [low, high]`` (a rate as percentages)."""
    return interval(row["value"], row["low"], row["high"], share=row.get("kind") == "rate")


def measure_sentence(
    answers: pl.DataFrame, measure: str, base: str, skilled: str, label: str | None = None
) -> str:
    """How ``measure`` moves from ``base`` to ``skilled``: higher or lower only when the 95%
    interval of the difference excludes 0 (:func:`~.skilled.level_difference`, the one verdict
    rule), "too few games to say" until then.

    >>> a = pl.DataFrame({"level": ["greedy", "search"], "measure": ["deaths", "deaths"], "kind": ["mean"] * 2,
    ...                   "value": [0.68, 1.38], "low": [0.51, 1.16], "high": [0.84, 1.61], "games": [200, 200]})
    >>> measure_sentence(a, "deaths", "greedy", "search")
    'deaths: 1.38 [1.16, 1.61] with search against 0.68 [0.51, 0.84] with greedy — higher'
    """
    b, s = answer(answers, measure, base), answer(answers, measure, skilled)
    pair = {"kind": s.get("kind"), **{f"{k}_b": b[k] for k in ("value", "low", "high")}}
    pair.update({f"{k}_s": s[k] for k in ("value", "low", "high")})
    pair.update({"games_b": b.get("games") or 0, "games_s": s.get("games") or 0})
    low, high = level_difference(pair, "b", "s")
    move = judge(low, high, min(pair["games_b"], pair["games_s"]))
    if move == TOO_FEW:
        move = f"{TOO_FEW} (the difference's interval holds 0)"
    return f"{label or measure}: {answer_text(s)} with {skilled} against {answer_text(b)} with {base} — {move}"


def seat_sentence(answers: pl.DataFrame, level: str) -> str:
    """Which seats win more or less than their fair share at ``level`` (the ``seat N wins`` rows).

    >>> a = pl.DataFrame({"level": ["greedy"] * 2, "measure": ["seat 1 wins", "seat 2 wins"],
    ...     "kind": ["rate"] * 2, "value": [0.39, 0.12], "low": [0.32, 0.08], "high": [0.47, 0.18],
    ...     "reference": [0.24, 0.24]})
    >>> seat_sentence(a, "greedy")
    'greedy: seat 1 wins more than its share (39% [32%, 47%], fair share 24%); seat 2 less (12% [8%, 18%])'
    >>> seat_sentence(a.with_columns(low=pl.lit(0.0), high=pl.lit(1.0)), "greedy")
    'greedy: too few games to say that a seat wins more or less than its share (fair share 24%; each 95% interval holds it)'
    """
    rows = answers.filter(
        (pl.col("level") == level) & pl.col("measure").str.contains(r"^seat \d+ wins$")
    )
    if rows.height == 0:
        return f"{level}: no seat answers in these results"
    more, less = [], []
    for r in rows.iter_rows(named=True):
        side = verdict(r["low"], r["high"], r["reference"])
        seat = r["measure"].removesuffix(" wins")
        if side == "above":
            more.append(
                f"{seat} wins more than its share ({answer_text(r)}, fair share {pct(r['reference'])})"
            )
        elif side == "below":
            less.append(
                f"{seat} less ({answer_text(r)})"
                if more
                else f"{seat} wins less than its share ({answer_text(r)}, fair share {pct(r['reference'])})"
            )
    if not more and not less:
        fair = sorted({pct(x) for x in rows["reference"].to_list()})
        return (
            f"{level}: {TOO_FEW} that a seat wins more or less than its share "
            f"(fair share {', '.join(fair)}; each 95% interval holds it)"
        )
    return f"{level}: " + "; ".join(more + less)


def _row(frame: pl.DataFrame, player: str, opponent: str) -> dict[str, Any] | None:
    rows = frame.filter((pl.col("player") == player) & (pl.col("opponent") == opponent))
    return rows.row(0, named=True) if rows.height else None


def _against(r: dict[str, Any]) -> str:
    side = verdict(r["low"], r["high"], r["fair_share"])
    span = interval(r["win_rate"], r["low"], r["high"])
    if side == "within":  # the interval holds the fair share: the one verdict rule's words
        return f"against {r['opponent']}: {TOO_FEW} ({span})"
    return f"{_BEATS[side]} {r['opponent']} ({span})"


def ladder_sentence(frame: pl.DataFrame, luck: pl.DataFrame | None = None) -> str:
    """The ladder in words: each level against every weaker one (beats / loses to when the 95%
    interval lies wholly on one side of the pairing's fair share, else "too few games to say"),
    and the luck index.

    >>> f = pl.DataFrame({"player": ["greedy", "ismcts:400", "ismcts:400"],
    ...     "opponent": ["random", "random", "greedy"], "games": [40] * 3, "win_rate": [0.925, 0.95, 0.45],
    ...     "low": [0.80, 0.83, 0.30], "high": [0.97, 0.99, 0.60], "fair_share": [0.5] * 3})
    >>> print(ladder_sentence(f))
    40 games a pairing, fair share 50%. greedy beats random (92.5% [80%, 97%]). ismcts:400 beats random (95% [83%, 99%]); against greedy: too few games to say (45% [30%, 60%]).
    """
    players = sorted(
        set(frame["player"].to_list()) | set(frame["opponent"].to_list()), key=level_rank
    )
    games = sorted(set(frame["games"].to_list()))
    low, high = float(frame["fair_share"].min()), float(frame["fair_share"].max())  # type: ignore[arg-type]
    share = pct(low) if low == high else f"{pct(low)}–{pct(high)}"
    parts = [f"{' or '.join(map(str, games))} games a pairing, fair share {share}."]
    for i, p in enumerate(players):
        rows = [r for q in players[:i] if (r := _row(frame, p, q)) is not None]
        if rows:
            parts.append(f"{p} " + "; ".join(_against(r) for r in rows) + ".")
    if luck is not None and luck.height:
        parts.append(
            "Luck index (0: skill decides, 1: luck does): "
            + ", ".join(
                f"{r['player']} {r['luck']:.2f}"
                for r in sorted(luck.iter_rows(named=True), key=lambda r: level_rank(r["player"]))
            )
            + "."
        )
    return " ".join(parts)


def match_sentences(matches: pl.DataFrame, ladder: pl.DataFrame | None = None) -> list[str]:
    """One sentence per match: the first player of its line-up against the others, whether it
    wins above, at or below its fair share, and the ladder's pairing beside it when there is one.

    >>> m = pl.DataFrame({"line_up": ["ismcts:400,greedy"] * 2, "player": ["ismcts:400", "greedy"],
    ...     "games": [200] * 2, "win_rate": [0.465, 0.52], "low": [0.397, 0.45], "high": [0.534, 0.59],
    ...     "fair_share": [0.4925] * 2})
    >>> match_sentences(m)
    ['ismcts:400 against greedy, 200 games: wins 46.5% [39.7%, 53.4%] against a fair share of 49.2% — too few games to say (the interval holds the fair share)']
    >>> match_sentences(m.with_columns(line_up=pl.lit("ismcts:400,greedy,greedy,greedy")))[0][:40]
    'ismcts:400 against three copies of greed'
    """
    out = []
    for line_up in dict.fromkeys(matches["line_up"].to_list()):
        names = line_up.split(",")
        focus = names[0]
        row = matches.filter((pl.col("line_up") == line_up) & (pl.col("player") == focus)).row(
            0, named=True
        )
        rivals = [x for x in names if x != focus]
        rival = rivals[0] if len(set(rivals)) == 1 else ", ".join(rivals)
        copies = {2: "two", 3: "three", 4: "four"}.get(len(rivals), str(len(rivals)))
        against = (
            f"{copies} copies of {rival}" if len(rivals) > 1 and len(set(rivals)) == 1 else rival
        )
        side = verdict(row["low"], row["high"], row["fair_share"])
        text = (
            f"{focus} against {against}, {row['games']} games: wins {pct(row['win_rate'])} "
            f"[{pct(row['low'])}, {pct(row['high'])}] against a fair share of {pct(row['fair_share'])} — "
            + {
                "above": "above its share",
                "below": "below its share",
                "within": f"{TOO_FEW} (the interval holds the fair share)",
            }[side]
        )
        lad = _row(ladder, focus, rivals[0]) if ladder is not None else None
        if lad is not None:
            text += f"; the ladder had {pct(lad['win_rate'])} over {lad['games']} games"
        out.append(text)
    return out


def metrics_sentence(metrics: pl.DataFrame, levels: Sequence[str] | None = None) -> str:
    """The quality metrics of each level in one sentence (order: ``levels``, default weakest first).

    >>> m = pl.DataFrame({"level": ["random", "greedy"], "games": [150, 150], "length": [69.9, 59.3],
    ...     "seat_advantage": [-0.03, 0.15], "draw_rate": [0.0, 0.0], "decisiveness": [0.396, 0.228],
    ...     "lead_changes": [1.3, 1.53], "branching": [4.96, 6.92]})
    >>> print(metrics_sentence(m))
    150, 150 games (random, greedy): length 70, 59 decisions; the first seat's edge above its fair share -0.03, +0.15; games with no single winner 0%, 0%; decisiveness 0.40, 0.23; lead changes a game 1.3, 1.5; legal actions a decision 5.0, 6.9.
    """
    m = {row["level"]: row for row in metrics.iter_rows(named=True)}
    order = list(levels) if levels is not None else sorted(m, key=level_rank)

    def each(col: str, form: str) -> str:
        return ", ".join(format(m[x][col], form) for x in order)

    return (
        f"{each('games', 'd')} games ({', '.join(order)}): length {each('length', '.0f')} decisions; "
        f"the first seat's edge above its fair share {each('seat_advantage', '+.2f')}; "
        f"games with no single winner {each('draw_rate', '.0%')}; decisiveness {each('decisiveness', '.2f')}; "
        f"lead changes a game {each('lead_changes', '.1f')}; legal actions a decision {each('branching', '.1f')}."
    )


TYPED_FIGURE = re.compile(r"\d+(\.\d+)?\s?%|[+−-]?\d+\.\d+")
"""A result figure typed into prose: a percentage or a decimal (used by the notebooks' tests)."""


def typed_figures(text: str) -> list[str]:
    """The result figures typed into ``text`` (percentages, decimals), the confidence level of
    "95% interval(s)" aside.

    >>> typed_figures("Search wins 84% [78%, 89%], +0.57 VP, with 95% intervals over 201 games.")
    ['84%', '78%', '89%', '+0.57']
    """
    text = re.sub(r"95\s?% (confidence )?interval", "", text)
    return [m.group(0) for m in TYPED_FIGURE.finditer(text)]
