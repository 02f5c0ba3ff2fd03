"""The tuner: which values of a few sheet cells bring a game's measures into ranges.

A designer states **goals** as ranges on the game's measures (the answers of its
balance questions, ``GameSpec.questions``: "first player wins" in 0.45..0.55) and the
**cells** that may change, each with a range inside its column's schema bounds. The
tuner searches with optuna (a multi-objective TPE sampler over two objectives: how far
the measures lie outside their goals, and how big the edit is — changed cells plus
their relative size — so fewer and smaller changes win ties). Every trial is one
paired comparison (:func:`~workbench.engine.measure.compare.compare`: the base sheets
and the trial's variant on the same deals) with **common random numbers**: every trial
plays games ``0..games-1`` of the same seed, so two trials differ by their cells, not
by their luck. The base sheets' games of a seed block are the same for every trial, so
they are played once per process and kept (:func:`_base_rows`): a trial plays only its
variant's games, half of what a fresh paired comparison plays.

Cheap early stopping: a trial first plays a quarter of its games (the same first
games every trial plays); when a goal's rate then lies outside its range by more than
a 99% Wilson interval allows, the trial stops there (else it plays on from there, the
first quarter kept) (optuna's pruners refuse
multi-objective studies, so this rule is the tuner's own) and is recorded as pruned.

The trials live in an optuna journal file under the workbench cache (one study per
game, goals, cells, players, games and seed): a stopped or interrupted tuner keeps
every trial it finished, and the same call resumes. The Pareto set (at most ``keep``
proposals, nearest the goals first, then the smallest edit) is **re-checked on fresh
seeds** (a value measured on the games it was chosen on is optimistic); both figures
are reported, and each proposal can be saved as a variant with its provenance.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.cards.variants import EditRefused, Variant
from workbench.engine.measure.compare import compare
from workbench.engine.measure.compare_sheets import CompareError, cache_root

__all__ = [
    "Cell",
    "Goal",
    "Proposal",
    "TuneError",
    "TuneResult",
    "check_plan",
    "parse_cell",
    "parse_goal",
    "tune",
]

MAX_CELLS = 8
MAX_GOALS = 8
MAX_TRIALS = 1000
MAX_GAMES = 20_000
RECHECK_SALT = 1_000_003
"""Fresh seeds for the re-check: the tuning seed plus this (never a seed a trial played)."""
PRUNE_Z = 2.576
"""A 99% Wilson interval decides an early stop."""


class TuneError(ValueError):
    """Bad input to the tuner: one line naming the goal, cell or number."""


def _number(text: str, where: str) -> float:
    t = text.strip()
    scale = 100.0 if t.endswith("%") else 1.0
    try:
        value = float(t.rstrip("%")) / scale
    except ValueError:
        raise TuneError(f"{where}: {text!r} is not a number") from None
    if not math.isfinite(value):
        raise TuneError(f"{where}: {text!r} is not a finite number")
    return value


def _range(text: str, where: str) -> tuple[float, float]:
    if ".." not in text:
        raise TuneError(f"{where}: the range needs LOW..HIGH, got {text!r}")
    a, b = text.split("..", 1)
    low, high = _number(a, where), _number(b, where)
    if low > high:
        raise TuneError(f"{where}: the range {text!r} runs backwards (low above high)")
    return low, high


@dataclass(frozen=True)
class Goal:
    """A range a measure should land in (both ends included).

    >>> g = parse_goal("first player wins=45%..55%")
    >>> g.measure, g.low, g.high, g.miss(0.5), round(g.miss(0.6), 3)
    ('first player wins', 0.45, 0.55, 0.0, 0.05)
    """

    measure: str
    low: float
    high: float

    def miss(self, value: float | None) -> float:
        """How far ``value`` lies outside the range (0 inside; 1 when there is no value)."""
        if value is None or math.isnan(value):
            return 1.0
        return max(0.0, self.low - value, value - self.high)

    def text(self) -> str:
        return f"{self.measure}={self.low:g}..{self.high:g}"


def parse_goal(text: str) -> Goal:
    """``MEASURE=LOW..HIGH`` (percentages allowed: ``45%..55%``)."""
    if "=" not in text:
        raise TuneError(f"--goal {text!r}: write MEASURE=LOW..HIGH")
    measure, rng = text.rsplit("=", 1)
    if not measure.strip():
        raise TuneError(f"--goal {text!r}: no measure named before '='")
    low, high = _range(rng, f"--goal {measure.strip()}")
    return Goal(measure.strip(), low, high)


@dataclass(frozen=True)
class Cell:
    """A sheet cell the tuner may set to a whole number in ``low..high``.

    >>> parse_cell("cards:ゆうき:skill1_cost=0..3")
    Cell(sheet='cards', card='ゆうき', column='skill1_cost', low=0, high=3)
    """

    sheet: str
    card: str
    column: str
    low: int
    high: int

    @property
    def name(self) -> str:
        return f"{self.sheet}:{self.card}:{self.column}"


def parse_cell(text: str) -> Cell:
    """``SHEET:CARD:COLUMN=LOW..HIGH`` (whole numbers)."""
    if "=" not in text:
        raise TuneError(f"--vary {text!r}: write SHEET:CARD:COLUMN=LOW..HIGH")
    where, rng = text.rsplit("=", 1)
    parts = where.split(":")
    if len(parts) < 3 or not all(p.strip() for p in (parts[0], parts[-1], ":".join(parts[1:-1]))):
        raise TuneError(f"--vary {text!r}: name the cell as SHEET:CARD:COLUMN")
    low, high = _range(rng, f"--vary {where}")
    if low != int(low) or high != int(high):
        raise TuneError(f"--vary {where}: the range {rng!r} needs whole numbers")
    return Cell(
        parts[0].strip(), ":".join(parts[1:-1]).strip(), parts[-1].strip(), int(low), int(high)
    )


def check_plan(
    game: str, goals: Sequence[Goal], cells: Sequence[Cell], measures: Mapping[str, str]
) -> dict[str, int]:
    """Check goals against the game's ``measures`` (name -> kind) and cells against its
    sheets and schemas; the cells' current values (TuneError naming the problem)."""
    if not goals:
        raise TuneError("give at least one --goal MEASURE=LOW..HIGH")
    if not cells:
        raise TuneError("give at least one --vary SHEET:CARD:COLUMN=LOW..HIGH")
    if len(goals) > MAX_GOALS or len(cells) > MAX_CELLS:
        raise TuneError(f"at most {MAX_GOALS} goals and {MAX_CELLS} cells")
    for i, g in enumerate(goals):
        kind = measures.get(g.measure)
        if kind is None:
            raise TuneError(
                f"--goal {g.measure}: {game} has no such measure (its measures: "
                f"{', '.join(measures)})"
            )
        if kind == "rate" and not (0 <= g.low and g.high <= 1):
            raise TuneError(f"--goal {g.measure}: a rate's range lies within 0..1 (or 0%..100%)")
        for h in goals[:i]:
            if h.measure == g.measure and (h.high < g.low or g.high < h.low):
                raise TuneError(
                    f"--goal {g.measure}: the ranges {h.low:g}..{h.high:g} and "
                    f"{g.low:g}..{g.high:g} contradict each other"
                )
    base = Variant.of(game)
    schemas, tables = base.schemas(), base.tables()
    now: dict[str, int] = {}
    for c in cells:
        if c.name in now:
            raise TuneError(f"--vary {c.name}: the cell is named twice")
        if c.sheet not in schemas:
            raise TuneError(
                f"--vary {c.name}: {game} has no sheet {c.sheet!r} (sheets: {', '.join(schemas)})"
            )
        table = tables[c.sheet]
        if c.column not in table.header:
            raise TuneError(f"--vary {c.name}: sheet {c.sheet} has no column {c.column!r}")
        try:
            text = table.cell(c.card, c.column)
        except KeyError:
            raise TuneError(f"--vary {c.name}: sheet {c.sheet} has no card {c.card!r}") from None
        column = schemas[c.sheet].column(c.column)
        if column.kind != "int":
            raise TuneError(f"--vary {c.name}: column {c.column} is not numeric ({column.kind})")
        lo = column.min if column.min is not None else -math.inf
        hi = column.max if column.max is not None else math.inf
        if c.low < lo or c.high > hi:
            raise TuneError(
                f"--vary {c.name}: {c.low}..{c.high} is outside the schema's range "
                f"{'' if column.min is None else column.min}..{'' if column.max is None else column.max}"
            )
        try:
            now[c.name] = int(text.strip())
        except ValueError:
            raise TuneError(
                f"--vary {c.name}: the cell holds {text!r}, not a whole number"
            ) from None
    return now


@dataclass(frozen=True)
class Proposal:
    """One variant of the Pareto set: its cells, the measures on the tuning games and on
    fresh seeds, and whether every goal is met on the fresh ones."""

    trial: int
    values: dict[str, int]
    changes: dict[str, tuple[int, int]]
    tuned: dict[str, float]
    rechecked: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    meets_tuned: bool
    meets_rechecked: bool
    variant: Variant
    saved: Path | None = None
    goals_seen: tuple[Goal, ...] = ()

    @property
    def verdict(self) -> str:
        """On fresh seeds: "inside the goals" when every goal's 95% interval lies inside its
        range, "outside the goals" when some goal's interval lies wholly outside it, else
        "too few games to say". A rate's interval is Wilson's; a mean's is compare's
        jackknife half-width of two independent runs (wider than its own)."""
        return recheck_verdict(self.goals_seen, self.rechecked, self.intervals)

    def as_json(self) -> dict[str, Any]:
        return {
            "trial": self.trial,
            "changes": {k: {"from": a, "to": b} for k, (a, b) in self.changes.items()},
            "tuned": self.tuned,
            "rechecked": self.rechecked,
            "rechecked_interval": {k: list(v) for k, v in self.intervals.items()},
            "meets_goals_tuned": self.meets_tuned,
            "meets_goals_rechecked": self.meets_rechecked,
            "verdict": self.verdict,
            "saved": None if self.saved is None else str(self.saved),
        }


@dataclass
class TuneResult:
    """What :func:`tune` found: the trials (finished, pruned, refused), the proposals,
    the base measures and how it was asked."""

    game: str
    goals: tuple[Goal, ...]
    cells: tuple[Cell, ...]
    games: int
    seed: int
    recheck_seed: int
    base: dict[str, float]
    trials: list[dict[str, Any]]
    proposals: list[Proposal]
    journal: Path
    stopped: bool = False
    resumed: int = 0
    recheck_games: int = 0

    def sentence(self) -> str:
        """One sentence on whether any proposal meets every goal on fresh seeds."""
        done = sum(t["state"] in ("complete", "pruned") for t in self.trials)
        words = [p.verdict for p in self.proposals]
        tail = f"({done} trials finished, {self.games} games each)"
        inside = words.count("inside the goals")
        if inside:
            return (
                f"{inside} of {len(words)} proposals lie inside every goal on fresh seeds {tail}."
            )
        if not words:
            return f"No trial finished to propose {tail}."
        if all(w == "outside the goals" for w in words):
            return f"No proposal meets the goals within the allowed cells on fresh seeds {tail}."
        near = sum(p.meets_rechecked for p in self.proposals)
        return (
            f"Too few games to say whether a proposal meets the goals: {near} of {len(words)} "
            f"land inside on fresh seeds, but their intervals reach outside {tail}."
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "goals": [g.text() for g in self.goals],
            "cells": [f"{c.name}={c.low}..{c.high}" for c in self.cells],
            "games": self.games,
            "seed": self.seed,
            "recheck_seed": self.recheck_seed,
            "recheck_games": self.recheck_games or self.games,
            "base": self.base,
            "trials": {
                s: sum(t["state"] == s for t in self.trials)
                for s in ("complete", "pruned", "refused")
            },
            "resumed_trials": self.resumed,
            "stopped": self.stopped,
            "journal": str(self.journal),
            "proposals": [p.as_json() for p in self.proposals],
            "sentence": self.sentence(),
        }


@dataclass
class _Plan:
    game: str
    goals: tuple[Goal, ...]
    cells: tuple[Cell, ...]
    now: dict[str, int]
    players: str
    games: int
    seed: int
    max_edits: int
    executor: Any
    base_variant: Variant = field(repr=False)
    recheck_games: int = 0


def _variant(plan: _Plan, values: Mapping[str, int], name: str) -> Variant:
    v = plan.base_variant
    v = Variant(v.game, v.base, name, read=v.read)
    for c in plan.cells:
        if values[c.name] != plan.now[c.name]:
            v = v.set(c.sheet, c.card, c.column, str(values[c.name]))
    return v


_BASE_ROWS: dict[tuple[Any, ...], dict[int, dict[str, Any]]] = {}
"""The base sheets' games by (game, sheets, players, question, table, seed), then by game
index: each played once in a process (a dask worker keeps its own) and reused by every
trial, so a trial plays only its variant's games."""
_BASE_LIMIT = 64
CHUNK = 50
"""Games per unit of work on an executor."""


def _side_rows(
    plan: _Plan, side: Any, q: Any, table: str, start: int, stop: int, seed: int
) -> list[dict[str, Any]]:
    """Games ``start..stop-1`` of one question's table on one sheet set, seeded and seated
    as compare seats them (on ``plan.executor`` in chunks when there is one)."""
    from workbench.engine.measure.compare import pair_rows

    specs = [s.strip() for s in plan.players.split(",")]
    args = (plan.game, q.key, table, dict(q.variants[table]), [side.params()], [side.key], specs)
    if plan.executor is None:
        return pair_rows(*args, q.seats, start, stop, seed)[0]  # type: ignore[no-any-return]
    futures = [
        plan.executor.submit(pair_rows, *args, q.seats, a, min(stop, a + CHUNK), seed)
        for a in range(start, stop, CHUNK)
    ]
    return [r for f in futures for r in f.result()[0]]


def _base_rows(
    plan: _Plan, base: Any, q: Any, table: str, start: int, stop: int, seed: int
) -> list[dict[str, Any]]:
    """The base's games ``start..stop-1``, each played once and kept (:data:`_BASE_ROWS`)."""
    key = (plan.game, base.key, plan.players, q.key, table, seed)
    got = _BASE_ROWS.get(key)
    if got is None:
        if len(_BASE_ROWS) >= _BASE_LIMIT:
            _BASE_ROWS.clear()
        got = _BASE_ROWS[key] = {}
    missing = [i for i in range(start, stop) if i not in got]
    a = 0
    while a < len(missing):  # runs of consecutive missing games
        z = a
        while z + 1 < len(missing) and missing[z + 1] == missing[z] + 1:
            z += 1
        for r in _side_rows(plan, base, q, table, missing[a], missing[z] + 1, seed):
            got[r["game"]] = r
        a = z + 1
    return [got[i] for i in range(start, stop)]


def _play_block(plan: _Plan, variant: Variant, start: int, stop: int, seed: int, pairs: Any) -> Any:
    """Games ``start..stop-1`` of every question of the base (kept) and of ``variant``
    (played), added to ``pairs`` (compare's :class:`~.compare.Pairs`, made when None)."""
    from workbench.engine.measure.compare import Pairs
    from workbench.engine.measure.compare_sheets import sheet_set
    from workbench.engine.measure.skilled import game_questions

    qs = game_questions(plan.game)
    if pairs is None:
        pairs = Pairs(plan.game, qs)
    base = sheet_set(plan.game, plan.base_variant)
    side = sheet_set(plan.game, variant)
    for q in qs:
        for t in q.variants:
            b = _base_rows(plan, base, q, t, start, stop, seed)
            v = b if side.key == base.key else _side_rows(plan, side, q, t, start, stop, seed)
            pairs.add(q.key, [b, v])
    return pairs


def _measured(plan: _Plan, variant: Variant, games: int, seed: int) -> Any:
    """Every measure's row (compare's table) of ``variant`` against the base on games
    ``0..games-1`` of ``seed``: the base's games played once per seed block and kept."""
    return _rows_by_measure(_play_block(plan, variant, 0, games, seed, None))


def _rows_by_measure(pairs: Any) -> dict[str, dict[str, Any]]:
    return {r["measure"]: r for r in pairs.table().iter_rows(named=True)}


def _size(plan: _Plan, values: Mapping[str, int]) -> float:
    """Changed cells plus their relative sizes: 0 for no change."""
    out = 0.0
    for c in plan.cells:
        d = abs(values[c.name] - plan.now[c.name])
        if d:
            out += 1 + d / max(1, c.high - c.low)
    return out


def _wilson(p: float, n: int) -> tuple[float, float]:
    if n <= 0:
        return 0.0, 1.0
    z2 = PRUNE_Z**2
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = PRUNE_Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


def _hopeless(plan: _Plan, rows: Mapping[str, Any]) -> bool:
    """After the first games: some goal's rate is outside its range beyond a 99% interval."""
    for g in plan.goals:
        r = rows.get(g.measure)
        if r is None or r["kind"] != "rate" or r["variant"] is None:
            continue
        low, high = _wilson(float(r["variant"]), int(r["pairs"]))
        if high < g.low or low > g.high:
            return True
    return False


def _evaluate(plan: _Plan, values: Mapping[str, int]) -> tuple[str, dict[str, float], str]:
    """(state, measures, note) of one trial: complete, pruned (early stop) or refused."""
    try:
        variant = _variant(plan, values, "trial")
    except (EditRefused, KeyError) as exc:
        return "refused", {}, str(exc)
    first = max(1, plan.games // 4)
    pairs = _play_block(plan, variant, 0, first, plan.seed, None)
    if first < plan.games:
        rows = _rows_by_measure(pairs)
        if _hopeless(plan, rows):
            return "pruned", {g.measure: rows[g.measure]["variant"] for g in plan.goals}, ""
        pairs = _play_block(plan, variant, first, plan.games, plan.seed, pairs)
    rows = _rows_by_measure(pairs)
    return "complete", {g.measure: rows[g.measure]["variant"] for g in plan.goals}, ""


_WORKER_BASES: dict[str, Variant] = {}


def evaluate_on_worker(
    game: str,
    goals: tuple[Goal, ...],
    cells: tuple[Cell, ...],
    now: dict[str, int],
    players: str,
    games: int,
    seed: int,
    values: dict[str, int],
) -> tuple[str, dict[str, float], str]:
    """One whole trial in the process that runs it (a dask worker): its games and its
    measures, so that the caller only collects three small values."""
    base = _WORKER_BASES.get(game)
    if base is None:
        base = _WORKER_BASES[game] = Variant.of(game)
    plan = _Plan(game, goals, cells, now, players, games, seed, len(cells), None, base)
    return _evaluate(plan, values)


def _misses(plan: _Plan, measures: Mapping[str, float]) -> float:
    return sum(g.miss(measures.get(g.measure)) for g in plan.goals)


def study_key(
    game: str, goals: Sequence[Goal], cells: Sequence[Cell], players: str, games: int, seed: int
) -> str:
    """The study's name: everything that decides a trial's figures (and the sheets' hash)."""
    from workbench.registry import make_game

    body = json.dumps(
        [
            game,
            str(make_game(game).version),
            Variant.of(game).content_hash(),
            [g.text() for g in goals],
            [f"{c.name}={c.low}..{c.high}" for c in cells],
            players,
            games,
            seed,
        ],
        ensure_ascii=False,
    )
    return hashlib.sha256(body.encode()).hexdigest()[:24]


def _trial_record(t: Any) -> dict[str, Any]:
    return {
        "number": t.number,
        "state": t.user_attrs.get("state", "complete"),
        "values": dict(t.params),
        "measures": dict(t.user_attrs.get("measures", {})),
        "miss": t.values[0] if t.values else None,
        "size": t.values[1] if t.values else None,
    }


def tune(
    game: str,
    goals: Sequence[Goal],
    cells: Sequence[Cell],
    *,
    players: str = "greedy",
    games: int = 100,
    trials: int = 30,
    seed: int = 0,
    max_edits: int | None = None,
    keep: int = 3,
    executor: Any = None,
    parallel: int = 1,
    journal: str | Path | None = None,
    progress: Callable[[int, int, dict[str, Any]], None] | None = None,
    stop: threading.Event | None = None,
    recheck_games: int | None = None,
) -> TuneResult:
    """Search ``cells`` for values that bring every goal's measure into its range.

    ``trials``: how many finished trials the study should hold (a resumed study counts
    the ones it kept); ``parallel`` trials run at once, each whole trial on one worker
    of ``executor`` (a dask ``Client``; the base and the re-checks spread their games
    over all of them); ``progress(done, trials, record)`` after each
    trial; setting ``stop`` ends the search after the trials in flight.
    ``recheck_games``: games of each proposal's re-check on fresh seeds (default
    ``games``; more narrow the re-check's interval, so it can decide).
    """
    import optuna
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend
    from optuna.trial import TrialState

    recheck = games if recheck_games is None else recheck_games
    for name, value, top in (
        ("games", games, MAX_GAMES),
        ("trials", trials, MAX_TRIALS),
        ("recheck-games", recheck, MAX_GAMES),
    ):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= top:
            raise TuneError(f"--{name} must be a whole number in 1..{top}, got {value!r}")
    if max_edits is not None and not 1 <= max_edits <= len(cells):
        raise TuneError(f"--max-edits must be in 1..{len(cells)} (the cells given)")
    if not 1 <= parallel <= 64:
        raise TuneError(f"parallel must be in 1..64, got {parallel!r}")
    goals, cells = tuple(goals), tuple(cells)
    try:
        probe = compare(game, None, Variant.of(game), players, 2, seed, cache=False).table
    except (CompareError, LookupError) as exc:
        raise TuneError(str(exc).splitlines()[0]) from None
    measures = {r["measure"]: r["kind"] for r in probe.iter_rows(named=True)}
    now = check_plan(game, goals, cells, measures)
    plan = _Plan(
        game,
        goals,
        cells,
        now,
        players,
        games,
        seed,
        max_edits or len(cells),
        executor,
        Variant.of(game),
        recheck,
    )
    key = study_key(game, goals, cells, players, games, seed)
    path = Path(journal) if journal is not None else cache_root() / "tune" / game / f"{key}.journal"
    path.parent.mkdir(parents=True, exist_ok=True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = JournalStorage(JournalFileBackend(str(path)))
    study = optuna.create_study(
        study_name=key,
        storage=storage,
        directions=["minimize", "minimize"],
        sampler=optuna.samplers.TPESampler(seed=seed, n_startup_trials=min(10, trials)),
        load_if_exists=True,
    )
    finished = (TrialState.COMPLETE, TrialState.PRUNED)
    kept = [t for t in study.get_trials(deepcopy=False) if t.state in finished]
    resumed = len(kept)
    if not kept:  # the sheet as it is: the first trial, so "no change" is always weighed
        study.enqueue_trial(dict(now))
    base_rows = _measured(plan, plan.base_variant, games, seed)
    base = {g.measure: base_rows[g.measure]["base"] for g in goals}

    def run_one(trial: Any) -> tuple[Any, str, dict[str, float]]:
        values = {c.name: trial.suggest_int(c.name, c.low, c.high) for c in cells}
        changed = sum(values[c.name] != now[c.name] for c in cells)
        if changed > plan.max_edits:
            return trial, "refused", {}
        if executor is None:
            state, got, _note = _evaluate(plan, values)
        else:  # the whole trial on one worker: its games and its intervals
            state, got, _note = executor.submit(
                evaluate_on_worker,
                game,
                goals,
                cells,
                now,
                players,
                games,
                seed,
                values,
                pure=False,
            ).result()
        return trial, state, got

    done = len(kept)
    stopped = False
    with ThreadPoolExecutor(max_workers=parallel) as pool:
        while done < trials:
            if stop is not None and stop.is_set():
                stopped = True
                break
            batch = [study.ask() for _ in range(min(parallel, trials - done))]
            for trial, state, got in pool.map(run_one, batch):
                trial.set_user_attr("state", state)
                trial.set_user_attr("measures", got)
                if state == "refused":
                    study.tell(trial, state=TrialState.FAIL)
                    done += 1  # a refused trial costs no games but counts against the budget
                    continue
                values = {c.name: trial.params[c.name] for c in cells}
                objective = [_misses(plan, got), _size(plan, values)]
                if state == "pruned":
                    objective[0] += 1.0  # never on the front; kept for the chart
                study.tell(trial, objective)
                done += 1
                if progress is not None:
                    progress(done, trials, _trial_record(study.trials[trial.number]))
    records = [
        _trial_record(t)
        for t in study.get_trials(deepcopy=False)
        if t.state in finished or t.state == TrialState.FAIL
    ]
    for r in records:
        if r["state"] not in ("complete", "pruned"):
            r["state"] = "refused"
    proposals = _proposals(plan, study, keep, base)
    return TuneResult(
        game,
        goals,
        cells,
        games,
        seed,
        seed + RECHECK_SALT,
        base,
        records,
        proposals,
        path,
        stopped,
        resumed,
        recheck,
    )


def _proposals(plan: _Plan, study: Any, keep: int, base: Mapping[str, float]) -> list[Proposal]:
    """The Pareto front's best ``keep`` (nearest the goals, then the smallest edit; the
    unchanged sheet only when nothing else is as near), each re-checked on fresh seeds."""
    from workbench.prob.intervals import wilson

    front = [t for t in study.best_trials if t.user_attrs.get("state") == "complete"]
    front.sort(key=lambda t: (round(t.values[0], 9), t.values[1], t.number))
    seen: set[tuple[int, ...]] = set()
    out = []
    for t in front:
        values = {c.name: int(t.params[c.name]) for c in plan.cells}
        sig = tuple(values.values())
        if sig in seen or (t.values[1] == 0 and any(u.values[1] > 0 for u in front)):
            continue
        seen.add(sig)
        changes = {
            c.name: (plan.now[c.name], values[c.name])
            for c in plan.cells
            if values[c.name] != plan.now[c.name]
        }
        variant = _variant(plan, values, f"tuned-{t.number}")
        rows = _measured(plan, variant, plan.recheck_games or plan.games, plan.seed + RECHECK_SALT)
        fresh = {g.measure: rows[g.measure]["variant"] for g in plan.goals}
        intervals = {}
        for g in plan.goals:
            r = rows[g.measure]
            if r["kind"] == "rate":
                k = round(float(r["variant"]) * int(r["pairs"]))
                w = wilson(k, int(r["pairs"]))
                intervals[g.measure] = (float(w.low), float(w.high))
            else:  # a mean: compare's jackknife half-width of two independent runs, which is
                # wider than the variant's own (it adds the base's spread): never optimistic
                v, half = r["variant"], r["independent_half"]
                ok = v is not None and half is not None and not math.isnan(half)
                intervals[g.measure] = (v - half, v + half) if ok else (math.nan, math.nan)
        tuned = dict(t.user_attrs.get("measures", {}))
        out.append(
            Proposal(
                t.number,
                values,
                changes,
                tuned,
                fresh,
                intervals,
                _misses(plan, tuned) == 0,
                _misses(plan, fresh) == 0,
                variant,
                goals_seen=plan.goals,
            )
        )
        if len(out) >= keep:
            break
    return out


def recheck_verdict(
    goals: Sequence[Goal],
    values: Mapping[str, float],
    intervals: Mapping[str, tuple[float, float]],
) -> str:
    """The verdict of one re-checked proposal (see :attr:`Proposal.verdict`).

    >>> g = (Goal("first player wins", 0.45, 0.55),)
    >>> recheck_verdict(g, {"first player wins": 0.5}, {"first player wins": (0.47, 0.53)})
    'inside the goals'
    >>> recheck_verdict(g, {"first player wins": 0.5}, {"first player wins": (0.3, 0.7)})
    'too few games to say'
    >>> recheck_verdict(g, {"first player wins": 0.8}, {"first player wins": (0.7, 0.9)})
    'outside the goals'
    """
    inside = True
    for g in goals:
        lo, hi = intervals.get(g.measure, (math.nan, math.nan))
        if math.isnan(lo):
            lo = hi = values.get(g.measure, math.nan)
        if math.isnan(lo) or hi < g.low or lo > g.high:
            return "outside the goals"
        inside = inside and g.low <= lo and hi <= g.high
    return "inside the goals" if inside else "too few games to say"


def save_proposals(result: TuneResult, folder: str | Path) -> list[Proposal]:
    """Save each proposal as a variant under ``folder/<name>`` with ``tuned.json`` beside
    its manifest: goals, cells, trials, seeds and both measurements (provenance)."""
    out = []
    for p in result.proposals:
        where = p.variant.save(Path(folder) / p.variant.name)
        note = {
            "goals": [g.text() for g in result.goals],
            "cells": [f"{c.name}={c.low}..{c.high}" for c in result.cells],
            "trials": len(result.trials),
            "trial": p.trial,
            "games": result.games,
            "seed": result.seed,
            "recheck_seed": result.recheck_seed,
            "tuned": p.tuned,
            "rechecked": p.rechecked,
        }
        (where / "tuned.json").write_text(
            json.dumps(note, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        out.append(Proposal(**{**p.__dict__, "saved": where}))
    result.proposals = out
    return out
