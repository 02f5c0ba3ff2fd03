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

import functools
import hashlib
import json
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.engine.measure.compare_cache import (
    Answers,
    Recalled,
    read_answers,
    recall_request,
    remember_request,
    request_file,
    write_cached,
)
from workbench.engine.measure.compare_sheets import CompareError, SheetSet, cache_root, sheet_set
from workbench.registry import spec

if TYPE_CHECKING:
    import polars as pl

    from workbench.engine.measure.skilled import Question

# Playing and answering (polars, the players, the games' questions) are imported where
# they are used: a comparison answered from the cache needs none of them (issue 38).

__all__ = [
    "CompareError",
    "Comparison",
    "Pairs",
    "SheetSet",
    "cache_root",
    "compare",
    "line_up",
    "pair_rows",
    "sheet_set",
]

if TYPE_CHECKING:
    from workbench.engine.measure.compare_pairs import Pairs, line_up, pair_rows

_PAIRS = ("BLOCKS", "Pairs", "line_up", "pair_rows")
"""Names of :mod:`.compare_pairs` (the playing and the table) also found here, imported on
first use."""


def __getattr__(name: str) -> Any:
    if name in _PAIRS:
        from workbench.engine.measure import compare_pairs

        return getattr(compare_pairs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


METHOD = "paired-newcombe-rates/jackknife-means"
"""How the intervals are made: part of the cache key, so answers cached by another method
are played again."""


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare` found (``table``, one row per measure) and how it was asked.

    ``answers`` is the table (a polars frame), or the answers read back from the cache
    (:class:`~.compare_cache.Answers`), whose frame is made only when ``table`` is asked
    for: the command prints a cached answer from its rows without polars."""

    game: str
    games: int
    players: tuple[str, ...]
    seed: int
    base: SheetSet
    variant: SheetSet
    answers: pl.DataFrame | Answers
    cached: bool = False

    @functools.cached_property
    def table(self) -> pl.DataFrame:
        """One row per measure (see the module docstring)."""
        return self.answers.table() if isinstance(self.answers, Answers) else self.answers

    def rows(self) -> list[dict[str, Any]]:
        """The table's rows as dicts (``iter_rows(named=True)``), without polars for a
        cached answer."""
        if isinstance(self.answers, Answers):
            return self.answers.rows()
        return list(self.answers.iter_rows(named=True))

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
            for r in self.rows()
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
            v
            for v in (r.get("narrowing") for r in self.rows())
            if v is not None and not math.isnan(v)
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


def player_specs(players: Sequence[str] | str) -> list[str]:
    """The player specs named (``"greedy,random"`` or a list), each stripped; CompareError
    for an empty one (each spec is checked by :func:`prepare`).

    >>> player_specs("greedy, ismcts:100")
    ['greedy', 'ismcts:100']
    """
    specs = [s.strip() for s in (players.split(",") if isinstance(players, str) else players)]
    if not specs or not all(specs):
        raise CompareError(f"--players: {','.join(specs)!r} names an empty player")
    return specs


def prepare(
    game: str, base: Any, variant: Any, players: Sequence[str] | str
) -> tuple[tuple[Question, ...], SheetSet, SheetSet, list[str]]:
    """Questions, both sheet sets and the player specs, all checked (CompareError)."""
    from workbench.engine.measure.skilled import game_questions
    from workbench.engine.players.specs import BadSpec, player_from_spec

    specs = player_specs(players)
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
    params: Sequence[dict[str, Any]] | None = None,
) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """(function, arguments) of one unit of work, ready for any executor; ``params``, each
    side's parameters read once by a caller making many units (else read here)."""
    from workbench.engine.measure.compare_pairs import pair_rows

    return pair_rows, (
        game,
        q.key,
        table,
        dict(q.variants[table]),
        list(params) if params is not None else [s.params() for s in sides],
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
    from workbench.spec import Ref

    ask = spec(game).require("questions", for_="workbench compare")
    return ask.load() if isinstance(ask, Ref) else ask


def _questions_file(game: str) -> Path:
    import inspect

    return Path(inspect.getfile(questions_function(game)))


def cache_key(
    game: str, base: SheetSet, variant: SheetSet, specs: Sequence[str], games: int, seed: int
) -> str:
    """The key of exactly this question's answers: game, rules version, both sides' sheets'
    content hashes and settings (``SheetSet.key``), players, seed and game count (and the
    workbench version and the game's questions.py, so a changed question is asked again)."""
    import workbench
    from workbench.registry import make_game

    asked = _questions_file(game)
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
    key = cache_key(game, base, variant, specs, games, seed)
    return (
        cache_root() / "compare" / game / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.parquet"
    )


def _request(
    game: str,
    base: Any,
    variant: Any,
    specs: Sequence[str],
    games: int,
    seed: int,
    settings: Mapping[str, Any],
) -> str | None:
    """How a comparison of sheets named by path (or the game's own, ``None``) was asked, as
    a JSON text (None for a :class:`~workbench.cards.variants.Variant` in memory): game,
    rules and workbench versions, the data folder, each side's path as given and in full,
    the settings, players, games, seed and method. A remembered request is answered again
    while its files hash the same (:func:`~.compare_cache.recall_request`)."""
    import workbench
    from workbench.datafiles import data_files

    if not all(s is None or isinstance(s, str | os.PathLike) for s in (base, variant)):
        return None

    def side(source: Any) -> list[str] | None:
        return None if source is None else [str(Path(source)), os.path.abspath(source)]

    return json.dumps(
        [
            game,
            str(spec(game).version),
            workbench.__version__,
            str(data_files(game)),
            side(base),
            side(variant),
            json.dumps(sorted(settings.items()), default=list),
            list(specs),
            games,
            seed,
            METHOD,
        ]
    )


def _side_of(s: SheetSet) -> dict[str, Any]:
    return {
        "files": {k: str(p) for k, p in s.files.items()},
        "hash": s.hash,
        "label": s.label,
        "notes": list(s.notes),
    }


def _sheet_set_of(game: str, side: Mapping[str, Any]) -> SheetSet:
    files = {k: Path(p) for k, p in side["files"].items()}
    return SheetSet(game, files, side["hash"], side["label"], notes=tuple(side["notes"]))


def _recalled(
    game: str,
    request: str,
    games: int,
    seed: int,
    settings: Mapping[str, Any],
    specs: Sequence[str],
) -> Comparison | None:
    """The comparison ``request`` asked before, from the cache, when its files are
    unchanged and its answers verify; None otherwise."""
    recalled = recall_request(request_file(cache_root(), game, request), request)
    if recalled is None:
        return None
    answers = read_answers(recalled.table, recalled.key, recalled.questions)
    if answers is None:
        return None
    b, v = (_sheet_set_of(game, side) for side in recalled.sides)
    v = v.with_settings(settings)
    return Comparison(game, games, tuple(specs), seed, b, v, answers, True)


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
    has another key: never stale); sheets named by path are also remembered by how they
    were asked, so asking again only hashes the files it was answered from
    (:func:`~.compare_cache.recall_request`) and builds no game.
    """
    if not isinstance(games, int) or games < 1:
        raise CompareError(f"--games must be a whole number of at least 1, got {games!r}")
    if variant is None and not settings:
        raise CompareError("give a variant (--variant) or a setting (--set KEY=VALUE)")
    settings = settings or {}
    request = (
        _request(game, base, variant, player_specs(players), games, seed, settings)
        if cache
        else None
    )
    if request is not None:
        again = _recalled(game, request, games, seed, settings, player_specs(players))
        if again is not None:
            return again
    qs, b, v, specs = prepare(game, base, variant if variant is not None else base, players)
    v = v.with_settings(settings)
    where = cache_file(game, b, v, specs, games, seed)
    key = cache_key(game, b, v, specs, games, seed)
    result = None
    if cache:  # used only when it verifies (hash, HMAC, shape): else played again
        kept = read_answers(where, key, [q.key for q in qs])
        if kept is not None:
            result = Comparison(game, games, tuple(specs), seed, b, v, kept, True)
    if result is None:
        result = Comparison(
            game,
            games,
            tuple(specs),
            seed,
            b,
            v,
            _play(game, qs, (b, v), specs, games, seed, executor, chunk),
        )
        if cache:
            write_cached(where, key, result.table)
    if request is not None:
        inputs = [*b.files.values(), *v.files.values(), *b.inputs, *v.inputs, _questions_file(game)]
        remember_request(
            request_file(cache_root(), game, request),
            request,
            Recalled(key, where, tuple(q.key for q in qs), (_side_of(b), _side_of(v))),
            inputs,
        )
    return result


def _play(
    game: str,
    qs: Sequence[Question],
    sides: tuple[SheetSet, SheetSet],
    specs: Sequence[str],
    games: int,
    seed: int,
    executor: Any,
    chunk: int,
) -> pl.DataFrame:
    """Every question's games on both sheets (in this process, or through ``executor``),
    and their table."""
    from workbench.engine.measure.compare_pairs import Pairs

    by_key = {q.key: q for q in qs}
    pairs = Pairs(game, qs)
    units = tasks(qs, games, chunk)
    # the units only play: a worker forked from a process that used polars hangs in its
    # first polars call (its thread pool was not forked), so the answering stays here,
    # each unit's games answered as it arrives while the pool plays the others
    # each side's sheets read once, not once a unit (7-9 ms a read: 1.7 CPU s at 2,000 pairs)
    params = [s.params() for s in sides]
    jobs = [job(game, by_key[k], t, sides, specs, a, z, seed, params) for k, t, a, z in units]
    results: Iterable[Any]
    if executor is None:
        results = (fn(*args) for fn, args in jobs)
    else:
        futures = [executor.submit(fn, *args) for fn, args in jobs]
        results = (f.result() for f in futures)
    for (k, *_), r in zip(units, results, strict=True):
        pairs.add(k, r)
        pairs.answer_games(k, r)
    return pairs.table()


def write_atomic(path: Path, table: pl.DataFrame) -> None:
    """Write a parquet file under a temporary name, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    table.write_parquet(tmp)
    os.replace(tmp, path)
