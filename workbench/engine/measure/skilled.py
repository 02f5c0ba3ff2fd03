"""Balance answers asked again under skilled play: is it the game, or the bot? (issue 13)

A game declares its balance questions in its spec (``GameSpec.questions``) as
``questions() -> tuple[Question, ...]``. A :class:`Question` names the tables
it is asked at (``variants``: a label -> the game's parameters; swap two decks
by seat with two variants), the seats, and an ``answer`` function that turns the games played
(the engine's simulation frame, one row per game, with a ``variant`` column)
into measures: :func:`rate` and :func:`mean` rows, each with its 95% interval
and, where one exists, the *reference* value that means "no effect" (a seat's
fair share, 0 VP, 1/2 for deck against deck).

:func:`ask` plays every question with every seat held by the same player
spec, once per level (``greedy``, ``ismcts:100`` ...), and gives one row per
(question, measure, level). Game ``i`` of a question is seeded the same for
every level, so the levels meet the same deals as far as their own choices
let them. Every game is recorded too (:func:`~workbench.engine.measure.metrics.record_play`),
so the question marked ``metrics=True`` also gives the quality metrics of
each level, from the very same games.

:func:`compare` puts two levels side by side. Each level concludes "above" or
"below" a measure's reference (each level's own: a seat's fair share depends on how
many games had no single winner) when its interval lies wholly on one side, else
"too few games to say"; the measure *changed* only when the interval of the
difference between the levels excludes 0 (Newcombe's for two rates, the two
intervals' half-widths combined for two means) — one rule for every verdict,
:func:`~workbench.engine.measure.verdict.judge`.

>>> answers = pl.DataFrame({"question": ["q"] * 2, "measure": ["seat 1 wins"] * 2,
...     "kind": ["rate"] * 2, "level": ["greedy", "ismcts:100"], "games": [100, 100], "value": [0.62, 0.48],
...     "low": [0.52, 0.38], "high": [0.71, 0.58], "reference": [0.5, 0.5]})
>>> compare(answers, "greedy", "ismcts:100").select("conclusion_greedy", "conclusion_ismcts:100",
...                                                  "verdict", "changed").row(0)
('above', 'too few games to say', 'lower', True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from workbench.engine.measure.metrics import GameRecord, record_play, summarise_records
from workbench.engine.measure.verdict import MIN_GAMES, decided, judge, verdict_text
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.match import build_game
from workbench.engine.runs.simulate import frame_of, game_row, game_seed
from workbench.prob.intervals import mean_interval, newcombe, wilson
from workbench.registry import make_game, spec

__all__ = [
    "Asked",
    "Question",
    "ask",
    "changes",
    "compare",
    "conclusion",
    "dearest_first",
    "game_questions",
    "mean",
    "rate",
    "readable",
    "seat_answers",
]

Answer = Callable[[pl.DataFrame], list[dict[str, Any]]]


@dataclass(frozen=True)
class Question:
    """One balance question of a game, asked the same way of every skill level."""

    key: str
    text: str
    answer: Answer
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: {"": {}})
    seats: int | None = None
    metrics: bool = False


def rate(measure: str, hits: int, trials: int, reference: float | None = None) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval.

    >>> r = rate("first player wins", 60, 100, 0.5)
    >>> r["value"], round(r["low"], 3), round(r["high"], 3), r["reference"]
    (0.6, 0.502, 0.691, 0.5)
    """
    lo, hi = wilson(hits, trials)
    return {
        "measure": measure,
        "kind": "rate",
        "value": hits / trials if trials else math.nan,
        "low": lo,
        "high": hi,
        "reference": reference,
        "games": trials,
    }


def mean(measure: str, values: Sequence[float], reference: float | None = None) -> dict[str, Any]:
    """A mean with its 95% interval (Student's t, :func:`~workbench.prob.intervals.mean_interval`).

    >>> m = mean("VP above the table's mean", [1.0, 2.0, 3.0], 0.0)
    >>> m["value"], round(m["low"], 3), round(m["high"], 3)
    (2.0, -0.484, 4.484)
    """
    m, low, high = mean_interval(values)
    return {
        "measure": measure,
        "kind": "mean",
        "value": m,
        "low": low,
        "high": high,
        "reference": reference,
        "games": len(values),
    }


def seat_answers(df: pl.DataFrame) -> list[dict[str, Any]]:
    """Each seat's sole-win rate against its fair share (sole wins / seats), and the share
    of games with no single winner.

    >>> df = pl.DataFrame({"seats": [2] * 4, "winner": [0, 0, 1, None]})
    >>> [(r["measure"], r["value"], r["reference"]) for r in seat_answers(df)]
    [('seat 1 wins', 0.5, 0.375), ('seat 2 wins', 0.25, 0.375), ('no single winner', 0.25, None)]
    """
    n, seats = df.height, int(df["seats"][0])
    winners = df["winner"].to_list()  # counted in Python: compare asks this of one-row frames
    sole = n - winners.count(None)
    fair = sole / n / seats if n else None
    out = [rate(f"seat {s + 1} wins", winners.count(s), n, fair) for s in range(seats)]
    return out + [rate("no single winner", n - sole, n)]


def game_questions(game: str) -> tuple[Question, ...]:
    """The questions game ``game`` declares (its spec's ``questions()``), or none."""
    ask = spec(game).questions
    return tuple(ask()) if ask is not None else ()


_GAMES: dict[tuple[str, str, str], Any] = {}
"""Games built in this process, by (game, question, variant): a worker builds each once."""


def _rows(
    game: str, question: Question, variant: str, level: str, start: int, stop: int, seed: int
) -> tuple[list[dict[str, Any]], list[GameRecord]]:
    """Games ``start..stop-1`` of one (question, variant, level): rows and records."""
    built = _GAMES.get((game, question.key, variant))
    if built is None:
        params = dict(question.variants[variant])
        seats = question.seats or make_game(game, **params).num_players
        built = _GAMES[(game, question.key, variant)] = build_game(game, seats, params)
    seats = built.num_players
    player = player_from_spec(level, game)
    rows, records = [], []
    for i in range(start, stop):
        s_i = game_seed(seed, i, (question.key, variant))
        record, final, steps = record_play(built, [player] * seats, s_i)
        row = game_row(built, final, i, s_i, [level] * seats, "fixed", record.length, steps)
        row.update({"question": question.key, "variant": variant, "level": level})
        rows.append(row)
        records.append(record)
    return rows, records


@dataclass(frozen=True)
class Asked:
    """What :func:`ask` found: the answers, the games behind them, the quality metrics."""

    answers: pl.DataFrame
    games: pl.DataFrame
    metrics: pl.DataFrame


def ask(
    game: str,
    levels: Sequence[str] = ("greedy", "ismcts:100"),
    games: int = 200,
    seed: int = 0,
    *,
    questions: Sequence[Question] | None = None,
    workers: int = 1,
    chunk: int = 5,
    progress: bool = False,
) -> Asked:
    """Play every question at every level (every seat the same player) and answer it.

    ``workers`` > 1 hands chunks of ``chunk`` games (fewer where a table's games would
    make under 4 chunks a worker) to the process's shared dask cluster of
    that many workers (:func:`~workbench.engine.runs.cluster.shared_client`: started on first
    use, then reused by every later ask, match, ladder and sweep); the answers are the same
    as on one core.
    """
    qs = tuple(questions) if questions is not None else game_questions(game)
    if not qs:
        raise ValueError(f"{game} declares no balance questions (a questions module)")
    for level in levels:
        player_from_spec(level, game)  # a bad spec fails here, not in a worker
    if workers > 1:  # at least 4 chunks a worker per table, so a few games spread evenly
        chunk = max(1, min(chunk, math.ceil(games / (4 * workers))))
    tasks = [
        (q, v, lv, a, min(games, a + chunk))
        for q in qs
        for v in q.variants
        for lv in levels
        for a in range(0, games, chunk)
    ]
    results = _run(game, tasks, seed, workers, progress)
    rows: list[dict[str, Any]] = []
    records: dict[str, list[GameRecord]] = {}
    for (q, _v, lv, _a, _b), (r, rec) in zip(tasks, results, strict=True):
        rows += r
        if q.metrics:
            records.setdefault(lv, []).extend(rec)
    played = frame_of(rows)
    answers = []
    for q in qs:
        for lv in levels:
            part = played.filter((pl.col("question") == q.key) & (pl.col("level") == lv))
            for a in q.answer(part):
                answers.append({"question": q.key, "text": q.text, "level": lv, **a})
    metric_rows = [summarise_records(records[lv], lv) for lv in levels if lv in records]
    return Asked(pl.DataFrame(answers), played, pl.DataFrame(metric_rows))


def _run(game: str, tasks: list[Any], seed: int, workers: int, progress: bool) -> list[Any]:
    """Each task's (rows, records), in task order: in this process (``workers`` <= 1) or on
    the process's shared dask cluster of ``workers`` (started once, reused)."""
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=sum(b - a for *_, a, b in tasks), desc=game, unit="game")
    try:
        if workers <= 1:
            out = []
            for q, v, lv, a, b in tasks:
                out.append(_rows(game, q, v, lv, a, b, seed))
                if bar is not None:
                    bar.update(b - a)
            return out
        return _on_cluster(game, tasks, seed, workers, bar)
    finally:
        if bar is not None:
            bar.close()


def dearest_first(game: str, tasks: Sequence[tuple[Any, ...]]) -> list[int]:
    """The tasks' indices, the dearest level first (:func:`~workbench.engine.runs.ladder.search_cost`
    of its spec; the order given within a level), so the last chunks the workers take are
    cheap ones and they end together, as the ladder hands out its pairings.

    >>> dearest_first("mugen", [(None, "", "greedy", 0, 5), (None, "", "ismcts:20", 0, 5),
    ...                         (None, "", "ismcts:20", 5, 10), (None, "", "greedy", 5, 10)])
    [1, 2, 0, 3]
    """
    from workbench.engine.runs.ladder import search_cost

    cost = {lv: search_cost([lv], game) for lv in {t[2] for t in tasks}}
    return sorted(range(len(tasks)), key=lambda k: -cost[tasks[k][2]])


def _on_cluster(game: str, tasks: list[Any], seed: int, workers: int, bar: Any) -> list[Any]:
    """The tasks on :func:`~workbench.engine.runs.cluster.shared_client` (the cluster that
    matches, ladders, sweeps and comparisons use), all submitted at once, dearest first
    (:func:`dearest_first`), the results put back in task order (each task is seeded by its games' numbers, so the order in which
    they finish changes nothing)."""
    from distributed import as_completed

    from workbench.engine.runs.cluster import shared_client

    client = shared_client(workers, warm=[game])
    futures = {
        client.submit(_rows, game, *tasks[k][:5], seed, pure=False): k
        for k in dearest_first(game, tasks)
    }
    done: dict[int, Any] = {}
    for future in as_completed(list(futures)):
        k = futures[future]
        done[k] = future.result()
        if bar is not None:
            bar.update(tasks[k][4] - tasks[k][3])
    return [done[k] for k in range(len(tasks))]


def conclusion(low: float, high: float, reference: float | None, games: int = MIN_GAMES) -> str:
    """ "above" / "below" the reference when the interval lies wholly on one side, else
    "too few games to say" (:func:`~workbench.engine.measure.verdict.judge`; "not judged
    yet" under its minimum of games, "" with no reference).

    >>> conclusion(0.52, 0.7, 0.5), conclusion(0.3, 0.6, 0.5), conclusion(1, 2, None)
    ('above', 'too few games to say', '')
    """
    return judge(low, high, games, reference=reference, above="above", below="below")


def level_difference(row: Mapping[str, Any], base: str, skilled: str) -> tuple[float, float]:
    """The 95% interval of ``skilled``'s value minus ``base``'s: Newcombe's for two rates
    (from each level's value and games), the half-widths combined for two means.

    >>> r = {"kind": "rate", "value_a": 0.5, "games_a": 100, "value_b": 0.6, "games_b": 100}
    >>> [round(x, 3) for x in level_difference(r, "a", "b")]
    [-0.037, 0.232]
    """
    vb, vs = row[f"value_{base}"], row[f"value_{skilled}"]
    if vb is None or vs is None or math.isnan(vb) or math.isnan(vs):
        return math.nan, math.nan
    if row["kind"] == "rate":
        nb, ns = int(row[f"games_{base}"]), int(row[f"games_{skilled}"])
        return newcombe(round(vb * nb), nb, round(vs * ns), ns)
    hb = (row[f"high_{base}"] - row[f"low_{base}"]) / 2
    hs = (row[f"high_{skilled}"] - row[f"low_{skilled}"]) / 2
    half = math.hypot(hb, hs)
    return vs - vb - half, vs - vb + half


def compare(answers: pl.DataFrame, base: str, skilled: str) -> pl.DataFrame:
    """One row per (question, measure): both levels' values and intervals, both
    conclusions and whether the conclusion changed (see the module docstring)."""

    def side(level: str) -> pl.DataFrame:
        return answers.filter(pl.col("level") == level).select(
            "question",
            "measure",
            "kind",
            pl.col("reference").alias(f"reference_{level}"),
            pl.col("games").alias(f"games_{level}"),
            pl.col("value").alias(f"value_{level}"),
            pl.col("low").alias(f"low_{level}"),
            pl.col("high").alias(f"high_{level}"),
        )

    wide = side(base).join(
        side(skilled).drop("kind"), on=["question", "measure"], how="inner", maintain_order="left"
    )
    twice = wide.group_by("measure").len().filter(pl.col("len") > 1)["measure"].to_list()
    wide = wide.with_columns(  # a measure asked by two questions is named with its question
        pl.when(pl.col("measure").is_in(twice))
        .then(pl.col("measure") + " (" + pl.col("question") + ")")
        .otherwise(pl.col("measure"))
        .alias("measure")
    )
    rows = []
    for r in wide.iter_rows(named=True):
        ref, ref_b = r[f"reference_{base}"], r[f"reference_{skilled}"]
        a = conclusion(r[f"low_{base}"], r[f"high_{base}"], ref, r[f"games_{base}"])
        b = conclusion(r[f"low_{skilled}"], r[f"high_{skilled}"], ref_b, r[f"games_{skilled}"])
        low, high = level_difference(r, base, skilled)
        word = judge(low, high, min(r[f"games_{base}"], r[f"games_{skilled}"]))
        rows.append(
            {
                **r,
                f"conclusion_{base}": a,
                f"conclusion_{skilled}": b,
                "difference_low": low,
                "difference_high": high,
                "verdict": word,
                "changed": decided(word),
            }
        )
    return pl.DataFrame(rows)


def _cell(kind: str, value: float, low: float, high: float) -> str:
    """``62.0% (52.1–71.0%)`` for a rate, ``2.35 (1.91–2.79)`` for a mean."""
    if value is None or math.isnan(value):
        return "—"
    if kind == "rate":
        return f"{value:.1%} ({low:.1%}–{high:.1%})"
    return f"{value:.3g} ({low:.3g} to {high:.3g})"


def readable(compared: pl.DataFrame, base: str, skilled: str) -> pl.DataFrame:
    """:func:`compare`'s frame as text a designer reads: value (95% interval) per level,
    the reference, both conclusions and the verdict on the difference with its interval.

    >>> answers = pl.DataFrame({"question": ["q"] * 2, "measure": ["seat 1 wins"] * 2,
    ...     "kind": ["rate"] * 2, "level": ["greedy", "ismcts:100"], "games": [100, 100],
    ...     "value": [0.62, 0.48], "low": [0.52, 0.38], "high": [0.71, 0.58],
    ...     "reference": [0.5, 0.5]})
    >>> readable(compare(answers, "greedy", "ismcts:100"), "greedy", "ismcts:100").row(0)[3:]
    ('above', '48.0% (38.0%–58.0%)', 'too few games to say', 'lower (-27.0 to -0.2 pts)')
    """

    def text(kind: str, ref: float | None) -> str:
        return "—" if ref is None else (f"{ref:.1%}" if kind == "rate" else f"{ref:g}")

    rows = []
    for r in compared.iter_rows(named=True):
        refs = dict.fromkeys(
            [text(r["kind"], r[f"reference_{base}"]), text(r["kind"], r[f"reference_{skilled}"])]
        )
        ref_text = " / ".join(refs)  # a fair share can differ by level (no-winner games)
        rows.append(
            {
                "measure": r["measure"],
                "reference": ref_text,
                base: _cell(r["kind"], r[f"value_{base}"], r[f"low_{base}"], r[f"high_{base}"]),
                f"{base}: conclusion": r[f"conclusion_{base}"] or "—",
                skilled: _cell(
                    r["kind"], r[f"value_{skilled}"], r[f"low_{skilled}"], r[f"high_{skilled}"]
                ),
                f"{skilled}: conclusion": r[f"conclusion_{skilled}"] or "—",
                "verdict": verdict_text(
                    r["verdict"],
                    r["difference_low"],
                    r["difference_high"],
                    min(r[f"games_{base}"], r[f"games_{skilled}"]),
                    rate=r["kind"] == "rate",
                    unit="games",
                ),
            }
        )
    return pl.DataFrame(rows)


def changes(answers: pl.DataFrame, base: str, skilled: str) -> list[str]:
    """One sentence per measure that moved from ``base`` to ``skilled`` (the interval of
    the difference excludes 0), with both levels' conclusions."""
    out = []
    for r in compare(answers, base, skilled).filter(pl.col("changed")).iter_rows(named=True):
        a, b = r[f"conclusion_{base}"], r[f"conclusion_{skilled}"]
        span = verdict_text(
            r["verdict"], r["difference_low"], r["difference_high"], 0, rate=r["kind"] == "rate"
        )
        how = f"{span}; {a} → {b}" if a or b else span
        out.append(
            f"{r['measure']}: {r[f'value_{base}']:.3g} with {base}, "
            f"{r[f'value_{skilled}']:.3g} with {skilled} ({how})"
        )
    return out
