"""Paired comparison of two card sheets: the same deals, the same seats, before and after.

``compare(game, base, variant, players, games, seed)`` plays every balance
question of the game (its ``questions.py``, :mod:`.skilled`) on both sheets
with **common random numbers**: game ``i`` of a question is seeded
``game_seed(seed, i, (question, table))`` and seated the same way (the line-up
turns one seat per game when the players differ) for the base and for the
variant, so the two games of a pair meet the same shuffles and rolls as far
as the edit lets them. Per measure of each question it gives the base value,
the variant value, the difference (variant - base) with a 95% interval *from
the pairs*, and the verdict (:mod:`.verdict`).

A rate's difference takes Newcombe's interval for paired proportions over the games'
0/1 outcomes (:func:`~workbench.prob.intervals.paired_newcombe`: always inside [-1, 1],
honest at a handful of pairs); a rate that only some games count for (kills among
games with a kill) takes Newcombe's interval for independent rates. Any other measure
(a mean over games, a mean over kills only) takes a delete-a-block jackknife over the
pairs (blocks of games ``i mod K``; t quantile with K-1 degrees of freedom), which
works for any measure a question computes without knowing its formula. The same
blocks (or the two rates' own Wilson intervals) give the interval two *independent*
runs of the same size would have: ``narrowing`` is the paired half-width over the
independent one.

The verdict follows the one rule of :func:`~workbench.engine.measure.verdict.judge`:
"higher" or "lower" only when the paired interval excludes 0, "too few games to say"
until then, and no verdict below :data:`~workbench.engine.measure.verdict.MIN_GAMES`
pairs; ``changed`` is true exactly for "higher" and "lower". Each sheet's own
conclusion against the measure's reference (above / below its fair share,
:func:`~.skilled.conclusion`) is shown beside it.

How a game takes a sheet: its spec's ``sheets.read(source)`` (the loaded sheets)
gives the parameters that make it play on them. ``base`` and
``variant`` are a :class:`~workbench.cards.variants.Variant`, a saved variant
folder, a folder of sheets, one sheet file (the others from the game's data
folder) or ``None`` (the game's data folder): :mod:`.compare_sheets`.
"""

from __future__ import annotations

import inspect
import json
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from workbench.engine.measure.compare_cache import read_cached, write_cached
from workbench.engine.measure.compare_sheets import CompareError, SheetSet, cache_root, sheet_set
from workbench.engine.measure.skilled import Question, conclusion, game_questions
from workbench.engine.measure.verdict import decided, judge
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.match import build_game
from workbench.engine.runs.simulate import frame_of, simulate_rows
from workbench.prob.intervals import (
    jackknife_se,
    newcombe,
    pair_counts,
    paired_newcombe,
    t_quantile,
)
from workbench.registry import make_game, spec
from workbench.spec import Ref

__all__ = [
    "CompareError",
    "Comparison",
    "Pairs",
    "SheetSet",
    "cache_root",
    "compare",
    "pair_rows",
    "sheet_set",
]

BLOCKS = 20
METHOD = "paired-newcombe-rates/jackknife-means"
"""How the intervals are made: part of the cache key, so answers cached by another method
are played again."""


def line_up(specs: Sequence[str], seats: int) -> list[str]:
    """One spec per seat: the list given, repeated round the table.

    >>> line_up(["greedy", "random"], 4)
    ['greedy', 'random', 'greedy', 'random']
    """
    return [specs[s % len(specs)] for s in range(seats)]


_BUILT: dict[tuple[Any, ...], Any] = {}


def pair_rows(
    game: str,
    question: str,
    table: str,
    params: Mapping[str, Any],
    sides: Sequence[Mapping[str, Any]],
    keys: Sequence[str],
    specs: Sequence[str],
    seats: int | None,
    start: int,
    stop: int,
    seed: int,
) -> list[list[dict[str, Any]]]:
    """Games ``start..stop-1`` of one question's table, once per side (the unit of work).

    ``params`` are the question's parameters, ``sides`` each sheet's (``keys`` their
    content hashes, so a worker builds each game once)."""
    out = []
    for side, key in zip(sides, keys, strict=True):
        # the seats are part of the key: one sheet played by 2 and by 3 seats is two games
        # (and a game registered anew under the same name is another game: its spec)
        at = (game, spec(game), question, table, key, seats, len(specs) if len(specs) > 1 else 0)
        built = _BUILT.get(at)
        if built is None:
            merged = {**params, **side}
            seated = (
                seats
                if seats is not None
                else (len(specs) if len(specs) > 1 else make_game(game, **merged).num_players)
            )
            built = _BUILT[at] = build_game(game, seated, merged)
        names = line_up(specs, built.num_players)
        players = {f"{n}@{s}": player_from_spec(n, game) for s, n in enumerate(names)}
        seating = "fixed" if len(set(names)) == 1 else "rotate"
        rows = simulate_rows(
            built, players, range(start, stop), seed, key=(question, table), seating=seating
        )
        for r in rows:
            r.update({"question": question, "variant": table})
            for s in range(built.num_players):
                r[f"player_{s}"] = r[f"player_{s}"].split("@")[0]
        out.append(rows)
    return out


def _measures(q: Question, rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    if not rows:
        return {}
    return {a["measure"]: a for a in q.answer(frame_of(rows))}


def _value(m: Mapping[str, dict[str, Any]], name: str, kind: str) -> float:
    a = m.get(name)
    if a is None:
        return 0.0 if kind == "rate" else math.nan
    v = a["value"]
    return math.nan if v is None else float(v)


@dataclass
class Pairs:
    """Games of both sheets as they finish, answered at any moment (:meth:`table`)."""

    game: str
    questions: Sequence[Question]
    rows: dict[str, list[list[dict[str, Any]]]] = field(default_factory=dict)
    _single: dict[tuple[str, int, str, int], dict[str, float]] = field(
        default_factory=dict, repr=False
    )

    def add(self, question: str, chunk: list[list[dict[str, Any]]]) -> None:
        """One :func:`pair_rows` result for ``question``."""
        sides = self.rows.setdefault(question, [[], []])
        for side, new in zip(sides, chunk, strict=True):
            side.extend(new)

    @property
    def pairs(self) -> int:
        """Pairs played so far (all questions and tables)."""
        return sum(len(v[0]) for v in self.rows.values())

    def _outcomes(
        self, q: Question, side: int, rows: list[dict[str, Any]]
    ) -> dict[tuple[str, int], dict[str, float]]:
        """Each game's own measures (a rate's 0 or 1, NaN where the game does not count),
        answered once per game and kept."""
        out = {}
        for r in rows:
            key = (q.key, side, r.get("variant", ""), r["game"])
            got = self._single.get(key)
            if got is None:
                got = self._single[key] = {
                    name: (math.nan if a["value"] is None else float(a["value"]))
                    for name, a in _measures(q, [r]).items()
                    if a["kind"] == "rate"
                }
            out[(r.get("variant", ""), r["game"])] = got
        return out

    def table(self) -> pl.DataFrame:
        """One row per measure: question, measure, kind, reference, base, variant,
        difference, low, high, independent half-width, narrowing, conclusions, verdict,
        changed (see the module docstring)."""
        out: list[dict[str, Any]] = []
        for q in self.questions:
            base, var = self.rows.get(q.key, [[], []])
            if not base:
                continue
            whole = (_measures(q, base), _measures(q, var))
            games = sorted({r["game"] for r in base})
            k = min(BLOCKS, len(games))
            drops = [({g for g in games if g % k == b}) for b in range(k)] if k >= 2 else []
            parts = [
                (
                    _measures(q, [r for r in base if r["game"] not in d]),
                    _measures(q, [r for r in var if r["game"] not in d]),
                )
                for d in drops
            ]
            single = (self._outcomes(q, 0, base), self._outcomes(q, 1, var))
            pair_ids = sorted({(r.get("variant", ""), r["game"]) for r in base})  # per table
            names = list(dict.fromkeys([*whole[0], *whole[1]]))
            for name in names:
                first = whole[0].get(name) or whole[1][name]
                kind = first["kind"]
                b, v = _value(whole[0], name, kind), _value(whole[1], name, kind)
                d = v - b
                if kind == "rate":
                    low, high, half, indep = _rate_difference(whole, single, name, pair_ids)
                else:
                    diffs = [_value(pv, name, kind) - _value(pb, name, kind) for pb, pv in parts]
                    bs = [_value(pb, name, kind) for pb, _ in parts]
                    vs = [_value(pv, name, kind) for _, pv in parts]
                    t = t_quantile(k - 1) if k >= 2 else math.nan
                    half = t * jackknife_se(diffs)
                    indep = t * math.hypot(jackknife_se(bs), jackknife_se(vs))
                    low, high = d - half, d + half
                ref_b = (whole[0].get(name) or {}).get("reference")
                ref_v = (whole[1].get(name) or {}).get("reference")
                cb = conclusion(*_interval(whole[0], name), ref_b, _games(whole[0], name))
                cv = conclusion(*_interval(whole[1], name), ref_v, _games(whole[1], name))
                word = judge(low, high, len(pair_ids))
                out.append(
                    {
                        "question": q.key,
                        "measure": name,
                        "kind": kind,
                        "reference": ref_b,
                        "base": b,
                        "variant": v,
                        "difference": d,
                        "low": low,
                        "high": high,
                        "paired_half": half,
                        "independent_half": indep,
                        "narrowing": half / indep if indep > 0 else math.nan,
                        "conclusion_base": cb,
                        "conclusion_variant": cv,
                        "verdict": word,
                        "changed": decided(word),
                        "pairs": len(base),
                    }
                )
        frame = pl.DataFrame(out, infer_schema_length=None)
        if frame.height:
            twice = frame.group_by("measure").len().filter(pl.col("len") > 1)["measure"]
            frame = frame.with_columns(
                pl.when(pl.col("measure").is_in(twice.to_list()))
                .then(pl.col("measure") + " (" + pl.col("question") + ")")
                .otherwise(pl.col("measure"))
                .alias("measure")
            )
        return frame


def _rate_difference(
    whole: tuple[Mapping[str, dict[str, Any]], ...],
    single: tuple[dict[tuple[str, int], dict[str, float]], ...],
    name: str,
    games: Sequence[tuple[str, int]],
) -> tuple[float, float, float, float]:
    """(low, high, paired half-width, independent half-width) of a rate's difference:
    Newcombe's paired interval over the games' 0/1 outcomes when the same games of both
    sheets count for the measure (a rate of one table: the other table's games count for
    neither), else Newcombe's interval for independent rates (a rate over the games where
    something happened, which the edit may change); half-widths are half the widths."""
    counts = [_hits(m, name) for m in whole]
    k1, n1 = counts[0]
    k2, n2 = counts[1]
    indep = newcombe(k1, n1, k2, n2)
    outcomes = [(single[0][g].get(name, math.nan), single[1][g].get(name, math.nan)) for g in games]
    counted = [(x, y) for x, y in outcomes if not (math.isnan(x) and math.isnan(y))]
    if counted and all(not math.isnan(x) and not math.isnan(y) for x, y in counted):
        low, high = paired_newcombe(*pair_counts([(x > 0.5, y > 0.5) for x, y in counted]))
    else:
        low, high = indep
    return low, high, (high - low) / 2, (indep.high - indep.low) / 2


def _hits(m: Mapping[str, dict[str, Any]], name: str) -> tuple[int, int]:
    """(hits, trials) of a rate answer (0 of 0 when the sheet did not answer it)."""
    a = m.get(name)
    if a is None or a["value"] is None or math.isnan(float(a["value"])):
        return 0, 0 if a is None else int(a["games"])
    return round(float(a["value"]) * int(a["games"])), int(a["games"])


def _games(m: Mapping[str, dict[str, Any]], name: str) -> int:
    a = m.get(name)
    return 0 if a is None else int(a.get("games") or 0)


def _interval(m: Mapping[str, dict[str, Any]], name: str) -> tuple[float, float]:
    a = m.get(name)
    return (math.nan, math.nan) if a is None else (float(a["low"]), float(a["high"]))


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare` found (``table``, one row per measure) and how it was asked."""

    game: str
    games: int
    players: tuple[str, ...]
    seed: int
    base: SheetSet
    variant: SheetSet
    table: pl.DataFrame
    cached: bool = False

    def as_json(self) -> dict[str, Any]:
        """``{"game", "games", "players", "questions": [{"question", "base", "variant",
        "difference", "interval", "verdict", "changed"}]}`` (NaN as null), and ``"set"``:
        the variant's ``--set`` parameters when it has any."""

        def num(x: Any) -> Any:
            return None if x is None or (isinstance(x, float) and math.isnan(x)) else x

        qs = [
            {
                "question": r["measure"],
                "base": num(r["base"]),
                "variant": num(r["variant"]),
                "difference": num(r["difference"]),
                "interval": [num(r["low"]), num(r["high"])],
                "verdict": r.get("verdict") or "",
                "changed": bool(r["changed"]),
            }
            for r in self.table.iter_rows(named=True)
        ]
        return {
            "game": self.game,
            "games": self.games,
            "players": ",".join(self.players),
            "questions": qs,
            **({"set": dict(self.variant.settings)} if self.variant.settings else {}),
        }

    def narrowing(self) -> float:
        """The median over measures of paired / independent interval width."""
        vals = sorted(
            v for v in self.table["narrowing"].to_list() if v is not None and not math.isnan(v)
        )
        return vals[len(vals) // 2] if vals else math.nan


Task = tuple[str, str, int, int]


def tasks(questions: Iterable[Question], games: int, chunk: int) -> list[Task]:
    """(question, table, start, stop) units of work."""
    return [
        (q.key, v, a, min(games, a + chunk))
        for q in questions
        for v in q.variants
        for a in range(0, games, chunk)
    ]


def prepare(
    game: str, base: Any, variant: Any, players: Sequence[str] | str
) -> tuple[tuple[Question, ...], SheetSet, SheetSet, list[str]]:
    """Questions, both sheet sets and the player specs, all checked (CompareError)."""
    from workbench.engine.players.specs import BadSpec

    specs = [s.strip() for s in (players.split(",") if isinstance(players, str) else players)]
    if not specs or not all(specs):
        raise CompareError(f"--players: {','.join(specs)!r} names an empty player")
    for s in specs:
        try:
            player_from_spec(s, game)
        except BadSpec as exc:
            raise CompareError(str(exc)) from None
    qs = game_questions(game)
    if not qs:
        raise CompareError(
            f"{game} declares no balance questions (GameSpec.questions), which workbench "
            "compare asks of both sheets"
        )
    return qs, sheet_set(game, base), sheet_set(game, variant), specs


def job(
    game: str,
    q: Question,
    table: str,
    sides: Sequence[SheetSet],
    specs: Sequence[str],
    start: int,
    stop: int,
    seed: int,
) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """(function, arguments) of one unit of work, ready for any executor."""
    return pair_rows, (
        game,
        q.key,
        table,
        dict(q.variants[table]),
        [s.params() for s in sides],
        [s.key for s in sides],
        list(specs),
        q.seats,
        start,
        stop,
        seed,
    )


def questions_function(game: str) -> Any:
    """The function the game's spec declares as its questions (``GameSpec.questions``),
    imported: its file keys the cache, so a changed question is asked again."""
    ask = spec(game).require("questions", for_="workbench compare")
    return ask.load() if isinstance(ask, Ref) else ask


def cache_key(
    game: str, base: SheetSet, variant: SheetSet, specs: Sequence[str], games: int, seed: int
) -> str:
    """The key of exactly this question's answers: game, rules version, both sides' sheets'
    content hashes and settings (``SheetSet.key``), players, seed and game count (and the
    workbench version and the game's questions.py, so a changed question is asked again)."""
    import hashlib

    import workbench

    asked = Path(inspect.getfile(questions_function(game)))
    questions = hashlib.sha256(asked.read_bytes()).hexdigest() if asked.is_file() else ""
    return json.dumps(
        [
            game,
            str(make_game(game).version),
            base.key,
            variant.key,
            list(specs),
            seed,
            games,
            workbench.__version__,
            questions,
            METHOD,
        ]
    )


def cache_file(
    game: str, base: SheetSet, variant: SheetSet, specs: Sequence[str], games: int, seed: int
) -> Path:
    """Where the answers of :func:`cache_key` are cached (beside the note that vouches for
    them, :mod:`.compare_cache`)."""
    import hashlib

    key = cache_key(game, base, variant, specs, games, seed)
    return (
        cache_root() / "compare" / game / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.parquet"
    )


def compare(
    game: str,
    base: Any = None,
    variant: Any = None,
    players: Sequence[str] | str = "greedy",
    games: int = 200,
    seed: int = 0,
    *,
    executor: Any = None,
    chunk: int = 50,
    cache: bool = True,
    settings: Mapping[str, Any] | None = None,
) -> Comparison:
    """Play both sheets on common random numbers and compare every question's answers.

    ``settings``: parameters the variant changes on top of its sheets (``--set``, checked
    by :func:`~.compare_settings.parse_settings`); with settings and no ``variant``, the
    variant is the base sheets with them. ``executor``: anything with ``submit`` (a dask
    ``Client``, a process pool); by default the games run in this process. With ``cache``
    the answers are read from / written to :func:`cache_file` (a changed sheet or setting
    has another key: never stale).
    """
    if not isinstance(games, int) or games < 1:
        raise CompareError(f"--games must be a whole number of at least 1, got {games!r}")
    if variant is None and not settings:
        raise CompareError("give a variant (--variant) or a setting (--set KEY=VALUE)")
    qs, b, v, specs = prepare(game, base, variant if variant is not None else base, players)
    v = v.with_settings(settings or {})
    where = cache_file(game, b, v, specs, games, seed)
    key = cache_key(game, b, v, specs, games, seed)
    if cache:  # used only when it verifies (hash, HMAC, shape): else played again
        kept = read_cached(where, key, [q.key for q in qs])
        if kept is not None:
            return Comparison(game, games, tuple(specs), seed, b, v, kept, True)
    by_key = {q.key: q for q in qs}
    pairs = Pairs(game, qs)
    units = tasks(qs, games, chunk)
    jobs = [job(game, by_key[k], t, (b, v), specs, a, z, seed) for k, t, a, z in units]
    if executor is None:
        results = [fn(*args) for fn, args in jobs]
    else:
        futures = [executor.submit(fn, *args) for fn, args in jobs]
        results = [f.result() for f in futures]
    for (k, *_), r in zip(units, results, strict=True):
        pairs.add(k, r)
    table = pairs.table()
    if cache:
        write_cached(where, key, table)
    return Comparison(game, games, tuple(specs), seed, b, v, table)


def write_atomic(path: Path, table: pl.DataFrame) -> None:
    """Write a parquet file under a temporary name, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    table.write_parquet(tmp)
    os.replace(tmp, path)
