"""The skilled stream stopping questions early on anytime-valid intervals (issue 38)."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from importlib import import_module
from typing import Any

import polars as pl

from workbench.engine.measure.verdict import MIN_GAMES
from workbench.ui.whatif import WhatIf
from workbench.ui.whatif_stream import SkilledStream


class Lockstep:
    """A one-thread pool that runs a task only once the stream has taken in every unit but
    the last one run, as a skilled player's slow units would let it: the stream always has
    queued units to cancel, whatever the machine's load (a free-running pool at load 20 ran
    every unit before the stream's thread saw the first result). The stream submits each
    side of a unit as a task of its own (base, then variant), so a unit is run once both
    its tasks are."""

    def __init__(self, pool: ThreadPoolExecutor) -> None:
        self.pool = pool
        self.stream: SkilledStream | None = None
        self.tasks_run = 0
        self.units_run: list[int] = []  # each finished unit's pairs, in order

    def _when_taken_in(self) -> None:
        needed = sum(self.units_run[:-1])
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            done = self.stream.progress.done if self.stream is not None else 0
            if done >= needed:
                break
            time.sleep(0.01)

    def _run(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        self._when_taken_in()
        out = fn(*args)
        self.tasks_run += 1
        if self.tasks_run % 2 == 0:  # both sides of a unit: (start, stop) are args 8 and 9
            self.units_run.append(args[9] - args[8])
        return out

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        return self.pool.submit(self._run, fn, args)


def test_a_sequential_stream_stops_each_question_once_its_rates_are_settled():
    what = WhatIf("mugen", import_module("workbench.games.mugen.whatif").worked_example(), seed=4)
    with ThreadPoolExecutor(1) as pool:
        client = Lockstep(pool)
        client.stream = stream = SkilledStream(
            what,
            "greedy",
            100,
            chunk=10,
            client=client,
            quiet=0,
            sequential=True,
            width=0.6,
        )
        stream.join(600)
    assert stream.error is None and stream.result is not None
    assert "stopped early" in stream.status.value
    assert stream.progress.done == stream.progress.total < 3 * 100  # mugen: 3 tables of 100
    table = stream.result.table
    followed = table.filter(pl.col("interval") == "sequential")
    assert followed.height >= 3 and set(followed["kind"]) == {"rate"}
    for r in followed.iter_rows(named=True):
        assert r["pairs"] >= MIN_GAMES
        assert r["high"] - r["low"] <= 0.6 or r["low"] > 0 or r["high"] < 0
    assert set(table.filter(pl.col("kind") != "rate")["interval"]) <= {"fixed size"}
