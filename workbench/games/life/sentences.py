"""Life's results in words, printed from the frames that hold them (issue 36: no result typed
into a notebook's prose). Every comparison's verb follows its 95% interval
(:func:`~workbench.engine.measure.verdict.judge`): "higher" or "lower" only when the interval
of the difference excludes none, "too few games to say" otherwise.

>>> stages = pl.DataFrame({"stage": [1, 3], "attempts": [400, 400], "replaced": [40, 120],
...                        "failed": [80, 40]})
>>> print(placement_sentence(stages))
forced discards per placement attempt, stage 1 → 3: 10.0% → 30.0%, higher (+14.6 to +25.3 pts); outright failures: 20.0% → 10.0%, lower (-14.9 to -5.1 pts)
"""

from __future__ import annotations

from typing import Any

import polars as pl

from workbench.engine.measure.verdict import judge, rate_span, verdict_text
from workbench.prob.intervals import newcombe


def _rate_change(k1: int, n1: int, k2: int, n2: int) -> str:
    """``10.0% → 30.0%, higher (+14.6 to +25.2 pts)`` for two independent rates."""
    lo, hi = newcombe(k1, n1, k2, n2)
    word = judge(lo, hi, min(n1, n2))
    return f"{k1 / n1:.1%} → {k2 / n2:.1%}, {verdict_text(word, lo, hi, min(n1, n2), rate=True)}"


def placement_sentence(stages: pl.DataFrame) -> str:
    """How forced discards and outright failures move from the first stage to the last
    (:func:`~workbench.games.life.simstats.placement_by_stage`'s frame)."""
    first, last = stages.row(0, named=True), stages.row(-1, named=True)
    return (
        f"forced discards per placement attempt, stage {first['stage']} → {last['stage']}: "
        + _rate_change(first["replaced"], first["attempts"], last["replaced"], last["attempts"])
        + "; outright failures: "
        + _rate_change(first["failed"], first["attempts"], last["failed"], last["attempts"])
    )


def _mean_change(a: dict[str, Any], b: dict[str, Any], col: str, lo: str, hi: str) -> str:
    """The change of a mean between two independent runs, its interval from the two
    (normal half-widths combined)."""
    d = b[col] - a[col]
    half = (((a[hi] - a[lo]) / 2) ** 2 + ((b[hi] - b[lo]) / 2) ** 2) ** 0.5
    word = judge(d - half, d + half, min(a["games"], b["games"]))
    return f"{d:+.2f} VP, {verdict_text(word, d - half, d + half, min(a['games'], b['games']), rate=False)}"


def variant_sentences(table: pl.DataFrame) -> list[str]:
    """Each variant of :func:`~workbench.games.life.simstats.compare_variants` against the
    first row with as many players: the mean score a player and the full albums."""
    rows = table.rows(named=True)
    out = []
    for row in rows:
        base = next(r for r in rows if r["players"] == row["players"])
        if base is row:
            continue
        out.append(
            f"{row['variant']} against {base['variant']} ({row['games']} random games each): "
            f"mean score a player {_mean_change(base, row, 'mean_score', 'score_lo', 'score_hi')}; "
            f"full albums {_rate_change(base['full'], base['albums'], row['full'], row['albums'])}"
        )
    return out


def greedy_sentence(table: pl.DataFrame) -> str:
    """One greedy player against random ones
    (:func:`~workbench.games.life.simstats.greedy_vs_random`): its win rate against its fair
    share, "above" or "below" only when the interval says so."""
    g = table.filter(pl.col("player") == "greedy").row(0, named=True)
    word = judge(
        g["lo"], g["hi"], g["games"], reference=g["fair_share"], above="above", below="below"
    )
    where = (
        f"{word} its fair share of {g['fair_share']:.0%}" if word in ("above", "below") else word
    )
    return (
        f"one greedy player against random ones wins {g['win_rate']:.1%} "
        f"({rate_span(g['lo'], g['hi'])}) of {g['games']} games: {where}"
    )


def best_space_sentence(spaces: pl.DataFrame, label: str = "") -> str:
    """The order space with the highest mean VP against the table's mean, and whether its
    interval lies above every other space's (only then is it "the best pick")."""
    rows = sorted(spaces.rows(named=True), key=lambda r: r["vp_vs_mean"], reverse=True)
    top, rest = rows[0], rows[1:]
    clear = all(top["lo"] > r["hi"] for r in rest)
    how = (
        "the best pick: its interval lies above every other space's"
        if clear
        else "its interval overlaps another space's, too few games to call it the best pick"
    )
    return f"{label}highest mean: space {top['space']} ({top['vp_vs_mean']:+.2f} VP), {how}"


def score_change(row: dict[str, Any], what: str) -> str:
    """A paired difference row (``score``, ``score_lo``, ``score_hi``, ``games``) in words."""
    word = judge(row["score_lo"], row["score_hi"], row["games"])
    return (
        f"{what}: {row['score']:+.3f} VP per player per game, "
        f"{verdict_text(word, row['score_lo'], row['score_hi'], row['games'], rate=False)}"
    )


__all__ = [
    "best_space_sentence",
    "greedy_sentence",
    "placement_sentence",
    "score_change",
    "variant_sentences",
]
