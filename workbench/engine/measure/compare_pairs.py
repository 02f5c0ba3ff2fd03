"""The games of a paired comparison and their table (:mod:`.compare`): both sheets played
on the same deals (:func:`pair_rows`, the unit of work), then per measure the difference
with its interval from the pairs (:class:`Pairs`; the method is described in
:mod:`.compare`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from workbench.engine.measure.skilled import Question, conclusion
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

__all__ = [
    "BLOCKS",
    "Outcomes",
    "Pairs",
    "line_up",
    "own_outcomes",
    "pair_rows",
]

BLOCKS = 20
"""The jackknife's blocks: game ``i`` is left out with block ``i mod 20``."""


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


def _measures(q: Question, games: pl.DataFrame) -> dict[str, dict[str, Any]]:
    """The question's answers on these games (one frame row per game), by measure."""
    if not games.height:
        return {}
    return {a["measure"]: a for a in q.answer(games)}


def _value(m: Mapping[str, dict[str, Any]], name: str, kind: str, absent: Any = None) -> float:
    """A measure's value on one side; a side that does not answer it has a rate's 0, and
    a mean's ``absent`` when the other side's answer gives one (a count of something the
    side's sheet has none of: 0 a game), else NaN."""
    a = m.get(name)
    if a is None:
        return 0.0 if kind == "rate" else math.nan if absent is None else float(absent)
    v = a["value"]
    return math.nan if v is None else float(v)


Outcomes = dict[tuple[str, int, str, int], dict[str, float]]
"""(question, side, table, game) -> that game's own rate outcomes."""


def own_outcomes(
    q: Question,
    sides: Sequence[list[dict[str, Any]]],
    frames: Sequence[pl.DataFrame],
    kept: Outcomes,
) -> tuple[dict[tuple[str, int], dict[str, float]], ...]:
    """Per side, each game's own measures (a rate's 0 or 1, NaN where the game does not
    count), answered once per game and kept in ``kept``. A game is answered on its own
    row of its side's frame (``frames``: ``sides`` as frames; a slice, no frame built per
    game); a variant game whose row equals its base game's row (the edit changed nothing
    in it) has that game's answers."""
    out: tuple[dict[tuple[str, int], dict[str, float]], ...] = ({}, {})
    first: dict[tuple[str, int], dict[str, Any]] = {}
    for side, (rows, frame) in enumerate(zip(sides, frames, strict=True)):
        for i, r in enumerate(rows):
            game = (r.get("variant", ""), r["game"])
            key = (q.key, side, *game)
            got = kept.get(key)
            if got is None and side == 1 and first.get(game) == r:
                got = kept[key] = out[0][game]
            if got is None:
                got = kept[key] = {
                    name: (math.nan if a["value"] is None else float(a["value"]))
                    for name, a in _measures(q, frame.slice(i, 1)).items()
                    if a["kind"] == "rate"
                }
            if side == 0:
                first[game] = r
            out[side][game] = got
    return out


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

    def answer_games(self, question: str, chunk: list[list[dict[str, Any]]]) -> None:
        """Answer the games of one :func:`pair_rows` result (their own outcomes, kept for
        :meth:`table`) now: while a pool still plays the other units, not all at the end."""
        q = next(q for q in self.questions if q.key == question)
        own_outcomes(q, chunk, [frame_of(rows) for rows in chunk], self._single)

    @property
    def pairs(self) -> int:
        """Pairs played so far (all questions and tables)."""
        return sum(len(v[0]) for v in self.rows.values())

    def _outcomes(
        self, q: Question, sides: Sequence[list[dict[str, Any]]], frames: Sequence[pl.DataFrame]
    ) -> tuple[dict[tuple[str, int], dict[str, float]], ...]:
        """Per side, each game's own measures (:func:`own_outcomes`), kept across calls."""
        return own_outcomes(q, sides, frames, self._single)

    def table(self) -> pl.DataFrame:
        """One row per measure: question, measure, kind, reference, base, variant,
        difference, low, high, independent half-width, narrowing, conclusions, verdict,
        changed (see the module docstring)."""
        out: list[dict[str, Any]] = []
        for q in self.questions:
            base, var = self.rows.get(q.key, [[], []])
            if not base:
                continue
            frames = (frame_of(base), frame_of(var))  # built once, then filtered and sliced
            whole = (_measures(q, frames[0]), _measures(q, frames[1]))
            games = sorted({r["game"] for r in base})
            k = min(BLOCKS, len(games))
            # block b leaves out the games g with g mod k == b (every table's game g)
            kept = [pl.col("game") % k != b for b in range(k)] if k >= 2 else []
            parts = [
                (_measures(q, frames[0].filter(c)), _measures(q, frames[1].filter(c))) for c in kept
            ]
            single = self._outcomes(q, (base, var), frames)
            pair_ids = sorted({(r.get("variant", ""), r["game"]) for r in base})  # per table
            names = list(dict.fromkeys([*whole[0], *whole[1]]))
            for name in names:
                first = whole[0].get(name) or whole[1][name]
                kind = first["kind"]
                absent = first.get("absent")
                b, v = _value(whole[0], name, kind, absent), _value(whole[1], name, kind, absent)
                d = v - b
                if kind == "rate":
                    low, high, half, indep = _rate_difference(whole, single, name, pair_ids)
                else:
                    diffs = [
                        _value(pv, name, kind, absent) - _value(pb, name, kind, absent)
                        for pb, pv in parts
                    ]
                    bs = [_value(pb, name, kind, absent) for pb, _ in parts]
                    vs = [_value(pv, name, kind, absent) for _, pv in parts]
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
