"""Life's simulated design questions, with 95% intervals, and their charts.

Every function takes the frame of :func:`simulate_random` (the engine's
``simulate`` with ``fast=True``: random players, the game's metrics columns).

- :func:`placement_by_stage`: how often a placement replaces a card (forced
  discard) or fails (the new card is discarded), per stage;
- :func:`album_completion`: how often an album is full at the end;
- :func:`mid_vp_by_seat`: mid-scoring VP by seat;
- :func:`order_space_value`: each order-card space's effect on the final
  score. Random players pick spaces at random, so the difference of means is
  a randomised experiment: VP of the player relative to the game's mean VP;
- :func:`final_tops`: the dice's final top faces (exactly uniform: see below).

>>> df = simulate_random(30, seed=1)
>>> placement_by_stage(df)["stage"].to_list()
[1, 2, 3]
>>> order_space_value(df)["space"].to_list()
[1, 2, 3, 4]
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import altair as alt
import polars as pl
import sympy

from workbench.engine.balance import wilson_interval
from workbench.engine.seeds import derive_seed
from workbench.engine.simulate import simulate
from workbench.games.life import dice as D
from workbench.games.life.analysis import p_top_table
from workbench.games.life.players import fast_random_playout
from workbench.games.life.rules import LifeGame, make_game

Z95 = 1.959963984540054


def simulate_random(n: int = 2000, seed: int = 0, progress: bool = False,
                    **params: Any) -> pl.DataFrame:
    """``n`` random games (fast path) as the engine's simulation frame."""
    return simulate(make_game(**params), n=n, seed=seed, fast=True, progress=progress)


def _players(df: pl.DataFrame) -> int:
    return int(df["seats"][0])


def _rate_row(label: Any, hits: int, trials: int) -> tuple[Any, int, int, float, float, float]:
    lo, hi = wilson_interval(hits, trials)
    return (label, hits, trials, hits / trials if trials else math.nan, lo, hi)


def placement_by_stage(df: pl.DataFrame) -> pl.DataFrame:
    """Per stage: placement attempts, replaced (forced discard) and failed, rates with intervals.

    Intervals treat attempts as independent (they are not quite: within one
    album they are correlated), so read them as a guide.
    """
    rows = []
    stage = 1
    while f"placed_s{stage}" in df.columns:
        placed = int(df[f"placed_s{stage}"].sum())
        replaced = int(df[f"replaced_s{stage}"].sum())
        failed = int(df[f"failed_s{stage}"].sum())
        attempts = placed + failed
        r = _rate_row(stage, replaced, attempts)
        f = _rate_row(stage, failed, attempts)
        rows.append((stage, attempts, replaced, r[3], r[4], r[5], failed, f[3], f[4], f[5]))
        stage += 1
    return pl.DataFrame(rows, orient="row", schema=[
        "stage", "attempts", "replaced", "replaced_rate", "replaced_lo", "replaced_hi",
        "failed", "failed_rate", "failed_lo", "failed_hi"])


def album_completion(df: pl.DataFrame) -> pl.DataFrame:
    """Full albums at the end, over all players, with a Wilson interval."""
    n = _players(df)
    hits = int(sum(df[f"full_p{s}"].sum() for s in range(n)))
    row = _rate_row("all seats", hits, df.height * n)
    return pl.DataFrame([row], orient="row",
                        schema=["who", "full", "albums", "rate", "lo", "hi"])


def _mean_ci(values: list[float]) -> tuple[float, float, float]:
    m = sum(values) / len(values)
    var = sum((v - m) ** 2 for v in values) / max(1, len(values) - 1)
    half = Z95 * math.sqrt(var / len(values))
    return m, m - half, m + half


def mid_vp_by_seat(df: pl.DataFrame) -> pl.DataFrame:
    """Mean mid-scoring VP and final score by seat, with 95% intervals."""
    rows = []
    for s in range(_players(df)):
        mid = _mean_ci(df[f"mid_vp_p{s}"].cast(pl.Float64).to_list())
        score = _mean_ci(df[f"score_{s}"].to_list())
        rows.append((s, *mid, *score))
    return pl.DataFrame(rows, orient="row", schema=[
        "seat", "mid_vp", "mid_lo", "mid_hi", "score", "score_lo", "score_hi"])


def order_space_value(df: pl.DataFrame) -> pl.DataFrame:
    """Per order space: times picked, the picker's final VP minus the game mean, win rate."""
    n = _players(df)
    rel: dict[int, list[float]] = {k: [] for k in (1, 2, 3, 4)}
    wins: Counter[int] = Counter()
    for row in df.iter_rows(named=True):
        scores = [row[f"score_{s}"] for s in range(n)]
        mean = sum(scores) / n
        for s in range(n):
            for ch in row[f"picks_p{s}"]:
                k = int(ch)
                rel[k].append(scores[s] - mean)
                wins[k] += s in row["winners"]
    out = []
    for k in (1, 2, 3, 4):
        if not rel[k]:
            continue
        m, lo, hi = _mean_ci(rel[k])
        w = wins[k] / len(rel[k])
        out.append((k, len(rel[k]), m, lo, hi, w))
    return pl.DataFrame(out, orient="row", schema=[
        "space", "picks", "vp_vs_mean", "lo", "hi", "win_rate"])


def final_tops(game: LifeGame | None = None, n: int = 500, seed: int = 0,
               z: float = 3.290526731491926) -> pl.DataFrame:
    """Final top faces of every die in n random games next to the exact 1/6
    (Wilson intervals, 99.9% by default).

    Exact: the initial top is uniform and a random player's orientation choice
    is uniform over the 4 ways the die can lie, so by symmetry every later move
    (whatever its direction) keeps the top face uniform.
    """
    game = game or make_game()
    counts: Counter[int] = Counter()
    for i in range(n):
        final = fast_random_playout(game, derive_seed(seed, i))
        counts.update(D.TOP[o] for dice in final.dice_o for o in dice)
    total = sum(counts.values())
    rows = []
    for f in range(1, 7):
        lo, hi = wilson_interval(counts[f], total, z)
        rows.append((f, counts[f], counts[f] / total, lo, hi, str(sympy.Rational(1, 6))))
    return pl.DataFrame(rows, orient="row",
                        schema=["top", "count", "rate", "lo", "hi", "exact"])


# -- charts ----------------------------------------------------------------------------
def chart_top_chain(kmax: int = 8, face: int = 6) -> alt.Chart:
    """Exact P(top = face) after k random rolls, one line per start face."""
    data = p_top_table(kmax, face)
    return alt.Chart(data).mark_line(point=True).encode(
        x=alt.X("k:O", title="random rolls k"),
        y=alt.Y("p_float:Q", title=f"P(top = {face})"),
        color=alt.Color("start_top:N", title="start top"),
        tooltip=["k", "start_top", "p"]).properties(width=360, height=220,
                                                    title=f"Exact P(top = {face}) after k rolls")


def _bars_with_intervals(data: pl.DataFrame, x: str, y: str, lo: str, hi: str,
                         title: str, ytitle: str) -> alt.LayerChart:
    base = alt.Chart(data).encode(x=alt.X(f"{x}:O"))
    bars = base.mark_bar(opacity=0.7).encode(y=alt.Y(f"{y}:Q", title=ytitle))
    rules = base.mark_rule(color="black").encode(y=f"{lo}:Q", y2=f"{hi}:Q")
    return (bars + rules).properties(width=260, height=200, title=title)


def chart_placement(df: pl.DataFrame) -> alt.HConcatChart:
    """Forced-discard and failure rates per stage with 95% intervals."""
    t = placement_by_stage(df)
    return alt.hconcat(
        _bars_with_intervals(t, "stage", "replaced_rate", "replaced_lo", "replaced_hi",
                             "placement replaces a card", "rate per attempt"),
        _bars_with_intervals(t, "stage", "failed_rate", "failed_lo", "failed_hi",
                             "new card cannot be placed", "rate per attempt"))


def chart_order_spaces(df: pl.DataFrame) -> alt.LayerChart:
    """Final VP relative to the game mean by order space picked, with 95% intervals."""
    return _bars_with_intervals(order_space_value(df), "space", "vp_vs_mean", "lo", "hi",
                                "value of each order space", "VP vs game mean")


def chart_mid_vp(df: pl.DataFrame) -> alt.LayerChart:
    """Mid-scoring VP by seat with 95% intervals."""
    return _bars_with_intervals(mid_vp_by_seat(df), "seat", "mid_vp", "mid_lo", "mid_hi",
                                "mid-scoring VP by seat", "mean VP")


def compare_variants(variants: dict[str, dict[str, Any]], n: int = 500,
                     seed: int = 0) -> pl.DataFrame:
    """Rule variants side by side (random players): mean score, score gap, draws,
    forced discards and failures per placement attempt, full albums.

    >>> compare_variants({"seed rules": {}}, n=5)["variant"].to_list()
    ['seed rules']
    """
    rows = []
    for name, params in variants.items():
        df = simulate_random(n, seed, **params)
        players = _players(df)
        scores = [v for s in range(players) for v in df[f"score_{s}"].to_list()]
        placed = placement_by_stage(df)
        attempts = int(placed["attempts"].sum())
        margin, draws = df.select(pl.col("margin").mean(),
                                  pl.col("draw").cast(pl.Float64).mean()).row(0)
        rows.append((name, sum(scores) / len(scores), margin, draws, int(placed["replaced"].sum()) / attempts,
                     int(placed["failed"].sum()) / attempts,
                     float(album_completion(df)["rate"][0])))
    return pl.DataFrame(rows, orient="row", schema=[
        "variant", "mean_score", "mean_margin", "draw_rate", "replaced_rate", "failed_rate",
        "full_album_rate"])


def greedy_vs_random(n: int = 200, seed: int = 0, **params: Any) -> pl.DataFrame:
    """One greedy player against random ones (seats rotate): wins with 95% intervals.

    A win rate well above the fair share means decisions matter, not only dice.

    >>> greedy_vs_random(4, players=3)["player"].to_list()
    ['greedy', 'random 1', 'random 2']
    """
    from workbench.engine.players import random_player
    from workbench.games.life.players import greedy

    game = make_game(**params)
    names = ["greedy"] + [f"random {i}" for i in range(1, game.params.players)]
    players = {names[0]: greedy(), **{name: random_player for name in names[1:]}}
    df = simulate(game, players, n=n, seed=seed)
    rows = []
    for name in names:
        wins = df.filter(pl.col("winner_player") == name).height
        lo, hi = wilson_interval(wins, n)
        rows.append((name, wins, n, wins / n, lo, hi, 1 / game.params.players))
    return pl.DataFrame(rows, orient="row", schema=[
        "player", "wins", "games", "win_rate", "lo", "hi", "fair_share"])
