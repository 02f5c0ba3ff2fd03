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
    """A one-thread pool that runs a chunk only once the stream has taken in every chunk but
    the last one run, as a skilled player's slow chunks would let it: the stream always has
    queued chunks to cancel, whatever the machine's load (a free-running pool at load 20 ran
    every chunk before the stream's thread saw the first result)."""

    def __init__(self, pool: ThreadPoolExecutor, pairs_a_chunk: int) -> None:
        self.pool, self.pairs_a_chunk = pool, pairs_a_chunk
        self.stream: SkilledStream | None = None
        self.ran = 0

    def _when_taken_in(self) -> None:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            done = self.stream.progress.done if self.stream is not None else 0
            if done >= self.pairs_a_chunk * (self.ran - 1):
                break
            time.sleep(0.01)
        self.ran += 1

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        return self.pool.submit(lambda: (self._when_taken_in(), fn(*args))[1])


def test_a_sequential_stream_stops_each_question_once_its_rates_are_settled():
    what = WhatIf("mugen", import_module("workbench.games.mugen.whatif").worked_example(), seed=4)
    with ThreadPoolExecutor(1) as pool:
        client = Lockstep(pool, pairs_a_chunk=10)
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
