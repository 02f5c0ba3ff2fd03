"""Life's simulated design questions, with 95% intervals (charts: ``charts.py``).

Kept apart from ``analysis.py`` (the exact answers) for size. Every function
takes the frame of :func:`simulate_random` (the engine's ``simulate``, which
plays the rules in place: random players, the game's metrics columns).

- :func:`placement_by_stage`: how often a placement replaces a card (forced
  discard) or fails (the new card is discarded), per stage;
- :func:`album_completion`: how often an album is full at the end;
- :func:`mid_vp_by_seat`: mid-scoring VP by seat;
- :func:`order_space_value`: each order-card space's effect on the final
  score. Random players pick spaces at random, so the difference of means is
  a randomised experiment: VP of the player relative to the game's mean VP;
- :func:`final_tops`: the dice's final top faces (exactly uniform: see below);
- :func:`character_readings`: the character card replaceable (the seed) or
  never (version 2): cards thrown away, placements onto it;
- :func:`relocate_readings`: what turning a re-placed die any of 24 ways
  (version 2) is worth against keeping its top face (the seed's reading).

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

import polars as pl
import sympy

from workbench.engine.kernel.seat import Player, random_player
from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.runs.playout import playout_in_place
from workbench.engine.runs.simulate import simulate
from workbench.games.life import dice as D
from workbench.games.life.players import best_face, greedy
from workbench.games.life.rules import LifeGame, make_game
from workbench.prob.intervals import mean_interval, wilson


def simulate_random(
    n: int = 2000, seed: int = 0, progress: bool = False, **params: Any
) -> pl.DataFrame:
    """``n`` random games (played in place) as the engine's simulation frame."""
    return simulate(make_game(**params), n=n, seed=seed, progress=progress)


def _players(df: pl.DataFrame) -> int:
    return int(df["seats"][0])


def _rate_row(label: Any, hits: int, trials: int) -> tuple[Any, int, int, float, float, float]:
    lo, hi = wilson(hits, trials)
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
    return pl.DataFrame(
        rows,
        orient="row",
        schema=[
            "stage",
            "attempts",
            "replaced",
            "replaced_rate",
            "replaced_lo",
            "replaced_hi",
            "failed",
            "failed_rate",
            "failed_lo",
            "failed_hi",
        ],
    )


def album_completion(df: pl.DataFrame) -> pl.DataFrame:
    """Full albums at the end, over all players, with a Wilson interval."""
    n = _players(df)
    hits = int(sum(df[f"full_p{s}"].sum() for s in range(n)))
    row = _rate_row("all seats", hits, df.height * n)
    return pl.DataFrame([row], orient="row", schema=["who", "full", "albums", "rate", "lo", "hi"])


def mid_vp_by_seat(df: pl.DataFrame) -> pl.DataFrame:
    """Mean mid-scoring VP and final score by seat, with 95% intervals."""
    rows = []
    for s in range(_players(df)):
        mid = mean_interval(df[f"mid_vp_p{s}"].cast(pl.Float64).to_list())
        score = mean_interval(df[f"score_{s}"].to_list())
        rows.append((s, *mid, *score))
    return pl.DataFrame(
        rows,
        orient="row",
        schema=["seat", "mid_vp", "mid_lo", "mid_hi", "score", "score_lo", "score_hi"],
    )


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
        m, lo, hi = mean_interval(rel[k])
        w = wins[k] / len(rel[k])
        out.append((k, len(rel[k]), m, lo, hi, w))
    return pl.DataFrame(
        out, orient="row", schema=["space", "picks", "vp_vs_mean", "lo", "hi", "win_rate"]
    )


def final_tops(
    game: LifeGame | None = None, n: int = 500, seed: int = 0, z: float = 3.290526731491926
) -> pl.DataFrame:
    """Final top faces of every die in n random games next to the exact 1/6
    (Wilson intervals, 99.9% by default).

    Exact: the initial top is uniform and a random player's orientation choice
    is uniform over the 4 ways the die can lie, so by symmetry every later move
    (whatever its direction) keeps the top face uniform.
    """
    game = game or make_game()
    counts: Counter[int] = Counter()
    for i in range(n):
        final = playout_in_place(game, random_player, derive_seed(seed, i)).final
        counts.update(D.TOP[o] for dice in final.dice_o for o in dice)
    total = sum(counts.values())
    rows = []
    for f in range(1, 7):
        lo, hi = wilson(counts[f], total, z)
        rows.append((f, counts[f], counts[f] / total, lo, hi, str(sympy.Rational(1, 6))))
    return pl.DataFrame(rows, orient="row", schema=["top", "count", "rate", "lo", "hi", "exact"])


def compare_variants(
    variants: dict[str, dict[str, Any]], n: int = 500, seed: int = 0
) -> pl.DataFrame:
    """Rule variants side by side (random players), each with its 95% interval: mean score
    a player (``score_lo``/``score_hi``), score gap, draws, forced discards and failures per
    placement attempt, full albums (counts beside the rates, Wilson intervals).

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
        replaced, failed = int(placed["replaced"].sum()), int(placed["failed"].sum())
        full = album_completion(df).row(0, named=True)
        margin, draws = df.select(
            pl.col("margin").mean(), pl.col("draw").cast(pl.Float64).mean()
        ).row(0)
        rows.append({
            "variant": name, "players": players, "games": n,
            **dict(zip(("mean_score", "score_lo", "score_hi"), mean_interval(scores))),
            "mean_margin": margin, "draw_rate": draws, "attempts": attempts,
            "replaced": replaced, "replaced_rate": replaced / attempts,
            **dict(zip(("replaced_lo", "replaced_hi"), wilson(replaced, attempts))),
            "failed": failed, "failed_rate": failed / attempts,
            **dict(zip(("failed_lo", "failed_hi"), wilson(failed, attempts))),
            "full": full["full"], "albums": full["albums"], "full_album_rate": full["rate"],
            "full_lo": full["lo"], "full_hi": full["hi"],
        })  # fmt: skip
    return pl.from_dicts(rows)


def greedy_vs_random(n: int = 200, seed: int = 0, **params: Any) -> pl.DataFrame:
    """One greedy player against random ones (seats rotate): wins with 95% intervals.

    A win rate well above the fair share means decisions matter, not only dice.

    >>> greedy_vs_random(4, players=3)["player"].to_list()
    ['greedy', 'random 1', 'random 2']
    """
    game = make_game(**params)
    names = ["greedy"] + [f"random {i}" for i in range(1, game.params.players)]
    players: dict[str, Player] = {names[0]: greedy(), **{name: random_player for name in names[1:]}}
    df = simulate(game, players, n=n, seed=seed)
    rows = []
    for name in names:
        wins = df.filter(pl.col("winner_player") == name).height
        lo, hi = wilson(wins, n)
        rows.append((name, wins, n, wins / n, lo, hi, 1 / game.params.players))
    return pl.DataFrame(
        rows, orient="row", schema=["player", "wins", "games", "win_rate", "lo", "hi", "fair_share"]
    )


def per_game(df: pl.DataFrame, name: str) -> list[float]:
    """One metrics counter (``<name>_s<stage>``) summed over the stages, per game.

    >>> df = simulate_random(3, seed=1)
    >>> per_game(df, "events") == [float(sum(r)) for r in
    ...                            df.select("events_s1", "events_s2", "events_s3").iter_rows()]
    True
    """
    cols = [c for c in df.columns if c.startswith(f"{name}_s") and c[len(name) + 2 :].isdigit()]
    return df.select(pl.sum_horizontal(cols).cast(pl.Float64))[:, 0].to_list()


def _mean_row(values: list[float]) -> tuple[float, float, float]:
    return mean_interval(values) if len(values) > 1 else (values[0], math.nan, math.nan)


def character_readings(n: int = 2000, seed: int = 0, **params: Any) -> pl.DataFrame:
    """The character card under both readings, random players, the same seeds.

    Per reading, per game with 95% intervals: ``character`` — under the seed's
    reading the new cards placed onto the character card, under version 2's
    the new cards thrown away where the seed would have placed them there;
    failed placements; the mean score. The last row is the paired difference
    (version 2 minus the seed) game by game: both runs draw the same random
    numbers, so they differ only from the first position the readings tell apart.

    >>> character_readings(20, seed=1)["reading"].to_list()
    ['seed: replaceable', 'v2: never', 'v2 - seed']
    """
    runs = {"seed: replaceable": True, "v2: never": False}
    cols: dict[str, dict[str, list[float]]] = {}
    for name, replaceable in runs.items():
        df = simulate_random(n, seed, character_replaceable=replaceable, **params)
        players = _players(df)
        cols[name] = {
            "character": per_game(df, "character"),
            "failed": per_game(df, "failed"),
            "score": [
                sum(r) / players
                for r in df.select([f"score_{s}" for s in range(players)]).iter_rows()
            ],
        }
    a, b = cols.values()
    cols["v2 - seed"] = {k: [y - x for x, y in zip(a[k], b[k])] for k in a}
    rows = [
        (name, n, *_mean_row(c["character"]), *_mean_row(c["failed"]), *_mean_row(c["score"]))
        for name, c in cols.items()
    ]
    return pl.DataFrame(
        rows,
        orient="row",
        schema=[
            "reading",
            "games",
            "character",
            "character_lo",
            "character_hi",
            "failed",
            "failed_lo",
            "failed_hi",
            "score",
            "score_lo",
            "score_hi",
        ],
    )


def relocate_readings(n: int = 2000, seed: int = 0, **params: Any) -> pl.DataFrame:
    """A re-placed die kept top up (the seed's reading) or turned any of 24 ways
    (version 2), every seat the :func:`~workbench.games.life.players.best_face`
    player (random, but a die it turns shows its best face), the same seeds.

    Per reading, per player per game with 95% intervals: dice re-placed by a
    skill, the final score; the last row is the paired difference (v2 minus the
    seed): what the old reading is worth in VP, and ``vp_per_relocation`` that
    worth per die re-placed (compare ``analysis.relocate_gain``: 5/2 at once).

    >>> relocate_readings(20, seed=1)["reading"].to_list()
    ['seed: top kept', 'v2: any of 24', 'v2 - seed']
    """
    runs = {"seed: top kept": "top", "v2: any of 24": "any"}
    cols: dict[str, dict[str, list[float]]] = {}
    for name, turn in runs.items():
        game = make_game(relocate_turn=turn, **params)
        df = simulate(game, best_face, n=n, seed=seed)
        players = game.params.players
        cols[name] = {
            "relocated": [v / players for v in per_game(df, "relocated")],
            "score": [
                sum(r) / players
                for r in df.select([f"score_{s}" for s in range(players)]).iter_rows()
            ],
        }
    a, b = cols.values()
    cols["v2 - seed"] = {k: [y - x for x, y in zip(a[k], b[k])] for k in a}
    rows = []
    for name, c in cols.items():
        rel, score = _mean_row(c["relocated"]), _mean_row(c["score"])
        moved = sum(b["relocated"]) / n
        per = score[0] / moved if name == "v2 - seed" and moved else math.nan
        rows.append((name, n, *rel, *score, per))
    return pl.DataFrame(
        rows,
        orient="row",
        schema=[
            "reading",
            "games",
            "relocated",
            "relocated_lo",
            "relocated_hi",
            "score",
            "score_lo",
            "score_hi",
            "vp_per_relocation",
        ],
    )
