"""Stop a paired question early, honestly: its rate measures followed by confidence sequences.

A paired comparison played in chunks (:mod:`.compare`'s units of work) may stop a
question once every rate measure of it is *decided* (its interval excludes 0) or
*narrow enough* — but only with an interval that stays valid however often it is looked
at: :class:`~workbench.prob.sequential.ConfidenceSequence`, never the fixed-size
Newcombe interval (looking after each chunk at that one and stopping when it excludes 0
misses the truth far more than 5% of the time; ``tests/prob/test_sequential.py``).

The pairs enter each sequence in the order of the units fixed before play (a chunk that
finishes early waits for the ones before it), so the order never depends on the
outcomes. :meth:`SequentialStopping.table` puts each followed measure's sequential
interval and verdict in place of the fixed-size ones (``interval`` says which), so a
stopped question shows the interval it stopped on. Measures that are not rates (means
over games) have no bound and are not followed: a question with one stops only when
its rates do, and that mean keeps its fixed-size interval at whatever size was reached.

>>> from workbench.engine.measure.skilled import Question, seat_answers
>>> q = Question("seats", "who wins", seat_answers)
>>> stop = SequentialStopping([q], [("seats", "", 0, 40), ("seats", "", 40, 80)], width=0.3)
>>> rows = [{"game": i, "seats": 2, "winner": 0} for i in range(80)]
>>> flipped = [dict(r, winner=1) for r in rows]
>>> stop.add("seats", "", 40, [rows[40:], flipped[40:]])  # waits for games 0..39
>>> stop.sequences
{}
>>> stop.add("seats", "", 0, [rows[:40], flipped[:40]])
>>> [(m, stop.reason("seats", m)) for _q, m in stop.sequences], stop.stopped("seats")
([('seat 1 wins', 'decided'), ('seat 2 wins', 'decided'), ('no single winner', 'narrow')], True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import polars as pl

from workbench.engine.measure.skilled import Question
from workbench.engine.measure.verdict import MIN_GAMES, decided, judge
from workbench.engine.runs.simulate import frame_of
from workbench.prob.sequential import ConfidenceSequence, stop_reason

__all__ = ["SequentialStopping"]

Unit = tuple[str, str, int, int]  # (question, table, start, stop)


def _rates(q: Question, row: dict[str, Any]) -> dict[str, float]:
    """One game's 0/1 rate outcomes (a measure the game does not count for is left out)."""
    out = {}
    for a in q.answer(frame_of([row])):
        v = a["value"]
        if a["kind"] == "rate" and v is not None and not math.isnan(float(v)):
            out[a["measure"]] = float(v)
    return out


class SequentialStopping:
    """Confidence sequences per (question, rate measure), fed in the units' order."""

    def __init__(
        self,
        questions: Sequence[Question],
        units: Sequence[Unit],
        width: float | None = None,
        alpha: float = 0.05,
        min_pairs: int = MIN_GAMES,
    ) -> None:
        self.questions = {q.key: q for q in questions}
        self.width, self.alpha, self.min_pairs = width, alpha, min_pairs
        self._order = {k: [(t, a) for kk, t, a, _z in units if kk == k] for k in self.questions}
        self._next = dict.fromkeys(self.questions, 0)
        self._waiting: dict[tuple[str, str, int], list[list[dict[str, Any]]]] = {}
        self.sequences: dict[tuple[str, str], ConfidenceSequence] = {}

    def add(self, question: str, table: str, start: int, chunk: list[list[dict[str, Any]]]) -> None:
        """A finished unit's rows (base side, variant side); fed once those before it are."""
        self._waiting[(question, table, start)] = chunk
        order, q = self._order[question], self.questions[question]
        while self._next[question] < len(order):
            t, a = order[self._next[question]]
            got = self._waiting.pop((question, t, a), None)
            if got is None:
                return
            self._next[question] += 1
            for rb, rv in zip(*got, strict=True):
                b, v = _rates(q, rb), _rates(q, rv)
                for name in [n for n in b if n in v]:
                    cs = self.sequences.get((question, name))
                    if cs is None:
                        cs = self.sequences[(question, name)] = ConfidenceSequence(
                            -1.0, 1.0, self.alpha
                        )
                    cs.update(v[name] - b[name])

    def reason(self, question: str, measure: str) -> str | None:
        """ "decided", "narrow" or ``None`` for one followed measure (None under ``min_pairs``)."""
        cs = self.sequences.get((question, measure))
        if cs is None or cs.n < self.min_pairs:
            return None
        return stop_reason(cs.interval, 0.0, self.width)

    def stopped(self, question: str) -> bool:
        """True when every followed measure of ``question`` may stop."""
        names = [m for (k, m) in self.sequences if k == question]
        return bool(names) and all(self.reason(question, m) is not None for m in names)

    def table(self, frame: pl.DataFrame) -> pl.DataFrame:
        """:class:`~.compare.Pairs`'s table with each followed measure's sequential interval,
        verdict and ``changed`` (and ``interval``: "sequential" or "fixed size")."""
        if not frame.height:
            return frame
        rows = []
        for r in frame.iter_rows(named=True):
            q, m = r["question"], r["measure"]
            cs = self.sequences.get((q, m)) or self.sequences.get((q, m.removesuffix(f" ({q})")))
            if cs is None or r["kind"] != "rate":
                rows.append({**r, "interval": "fixed size"})
                continue
            low, high = cs.interval
            word = judge(low, high, cs.n)
            rows.append(
                {
                    **r,
                    "low": low,
                    "high": high,
                    "paired_half": (high - low) / 2,
                    "verdict": word,
                    "changed": decided(word),
                    "interval": "sequential",
                }
            )
        return pl.DataFrame(rows, schema_overrides=dict(frame.schema))
