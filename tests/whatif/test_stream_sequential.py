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


class Unhurried:
    """A one-thread pool whose chunks take at least 0.1 s, as a skilled player's would: the
    stream sees each result before the queue runs dry, so it has something to cancel."""

    def __init__(self, pool: ThreadPoolExecutor) -> None:
        self.pool = pool

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        return self.pool.submit(lambda: (time.sleep(0.1), fn(*args))[1])


def test_a_sequential_stream_stops_each_question_once_its_rates_are_settled():
    what = WhatIf("mugen", import_module("workbench.games.mugen.whatif").worked_example(), seed=4)
    with ThreadPoolExecutor(1) as pool:
        stream = SkilledStream(
            what,
            "greedy",
            100,
            chunk=10,
            client=Unhurried(pool),
            quiet=0,
            sequential=True,
            width=0.6,
        )
        stream.join(120)
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
