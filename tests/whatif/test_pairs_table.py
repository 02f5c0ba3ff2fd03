"""Pairs.table's shortcuts answer as the plain definitions do (issue 38): each game's own
outcomes read from a slice of its side's frame (and a variant game equal to its base game
reusing that game's), the jackknife's leave-one-block-out answers from filters of it."""

from __future__ import annotations

import math
from importlib import import_module

import pytest

from workbench.engine.measure.compare import job, prepare, tasks
from workbench.engine.measure.compare_pairs import BLOCKS, Pairs
from workbench.engine.runs.simulate import frame_of
from workbench.prob.intervals import jackknife_se, t_quantile


@pytest.fixture(scope="module")
def pairs() -> Pairs:
    hooks = import_module("workbench.games.mugen.whatif")
    qs, b, v, specs = prepare("mugen", None, hooks.worked_example(), "greedy")
    by_key = {q.key: q for q in qs}
    played = Pairs("mugen", qs)
    for k, t, a, z in tasks(qs, 24, 12):
        fn, args = job("mugen", by_key[k], t, (b, v), specs, a, z, 11)
        played.add(k, fn(*args))
    return played


def _same(x: float, y: float) -> bool:
    return (math.isnan(x) and math.isnan(y)) or x == y


def test_each_game_s_outcomes_are_its_own_row_s_answers(pairs: Pairs) -> None:
    reused = 0
    for q in pairs.questions:
        sides = pairs.rows[q.key]
        frames = [frame_of(rows) for rows in sides]
        got = pairs._outcomes(q, sides, frames)
        for side, rows in enumerate(sides):
            for r in rows:
                alone = {
                    a["measure"]: math.nan if a["value"] is None else float(a["value"])
                    for a in q.answer(frame_of([r]))
                    if a["kind"] == "rate"
                }
                mine = got[side][(r["variant"], r["game"])]
                assert mine.keys() == alone.keys()
                assert all(_same(mine[k], alone[k]) for k in alone), (q.key, side, r["game"])
        base = {(r["variant"], r["game"]): r for r in sides[0]}
        reused += sum(base[(r["variant"], r["game"])] == r for r in sides[1])
    assert reused > 0  # some games the edit left alone: their answers were reused


def test_the_jackknife_blocks_leave_out_the_games_of_their_block(pairs: Pairs) -> None:
    table = pairs.table()
    q = pairs.questions[1]  # the mirror: one table of 24 games
    base, var = pairs.rows[q.key]
    k = min(BLOCKS, len({r["game"] for r in base}))
    row = table.filter(table["question"] == q.key).row(-1, named=True)  # a mean: jackknifed
    assert row["kind"] == "mean"

    name = row["measure"].removesuffix(f" ({q.key})")  # named twice: its question added

    def value(rows: list[dict]) -> float:
        (a,) = [a for a in q.answer(frame_of(rows)) if a["measure"] == name]
        return float(a["value"])

    diffs = [
        value([r for r in var if r["game"] % k != b])
        - value([r for r in base if r["game"] % k != b])
        for b in range(k)
    ]
    assert row["paired_half"] == t_quantile(k - 1) * jackknife_se(diffs)
