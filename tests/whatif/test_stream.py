"""The skilled stream: chunks as they finish, a stop, the cache (a thread pool stands in for
dask here; the kernel's LocalCluster is the slow test)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module

import pytest

from workbench.engine import compare
from workbench.ui.whatif import WhatIf
from workbench.ui.whatif_stream import SkilledStream, kernel_client


def _what() -> WhatIf:
    return WhatIf("mugen", import_module("workbench.games.mugen.whatif").worked_example(), seed=4)


def test_the_stream_ends_with_the_figures_compare_gives_and_caches_them():
    what = _what()
    with ThreadPoolExecutor(1) as pool:
        stream = SkilledStream(what, "greedy", 12, chunk=3, client=pool, quiet=0)
        stream.join(60)
    assert stream.error is None and stream.progress.done == stream.progress.total == 36
    direct = compare("mugen", what.variant.base, what.variant, "greedy", 12, 4, cache=False)
    assert stream.result is not None
    assert stream.result.table.drop("pairs").equals(direct.table.drop("pairs"))
    assert "done" in stream.status.value and "ソラ (A) wins" in stream.table.value
    again = SkilledStream(
        what, "greedy", 12, chunk=3, client=None, quiet=0
    )  # cached: no cluster needed
    again.join(30)
    assert again.result is not None and again.result.cached and "cache" in again.status.value


def test_the_widgets_stay_as_built_while_quiet():
    stream = SkilledStream(_what(), "greedy", 4, quiet=30)
    try:
        stream.join(0.5)
        assert stream.status.value == "greedy: 4 pairs a table, queued" and stream.bar.value == 0
    finally:
        stream.stop()
        stream.join(5)
    assert not stream.running


class _GatedPool(ThreadPoolExecutor):
    """A pool that plays its first ``free`` tasks (a unit's side each) and holds the others until
    ``gate`` opens: a stop then lands between chunks whatever the machine's load (a
    free-running pool could finish every chunk before the test's thread runs again)."""

    def __init__(self, free: int) -> None:
        super().__init__(1)
        self.free, self.gate = free, threading.Event()

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        self.free -= 1
        if self.free >= 0:
            return super().submit(fn, *args, **kwargs)

        def held():  # type: ignore[no-untyped-def]
            # Long: the gate opens right after the test's stop; on a machine at load 20 the
            # first two chunks took over a minute, and a 60 s wait let the third one finish.
            self.gate.wait(900)
            return fn(*args, **kwargs)

        return super().submit(held)


def test_stop_keeps_what_finished():
    what = _what()
    pool = _GatedPool(free=4)  # both sides of the first two units: one pair each
    try:
        stream = SkilledStream(what, "greedy", 400, chunk=2, client=pool, quiet=0)
        while stream.progress.done < 2 and stream.running:
            stream.join(0.05)
        stream.stop()
        pool.gate.set()  # the chunk held in the pool's thread ends; the queued ones are dropped
        pool.shutdown(wait=False, cancel_futures=True)
        stream.join(60)
    finally:
        pool.gate.set()
        pool.shutdown(cancel_futures=True)
    assert stream.progress.done == 2 < stream.progress.total
    assert "stopped at" in stream.status.value and stream.stop_button.disabled


@pytest.mark.slow
def test_the_kernel_cluster_is_made_once_and_reused():
    client = kernel_client(workers=1)
    try:
        assert kernel_client(workers=1) is client
        stream = SkilledStream(_what(), "ismcts:20", 2, chunk=1, quiet=0)
        stream.join(300)
        assert stream.error is None and stream.progress.done == stream.progress.total
    finally:
        client.close()
        client.cluster.close()


def test_a_report_shows_the_stream_unplayed(monkeypatch):
    """``workbench export`` runs the notebook with WORKBENCH_REPORT=1: the stream is not
    started (a half-played stream made the report's bytes depend on the machine's pace)."""
    monkeypatch.setenv("WORKBENCH_REPORT", "1")
    stream = SkilledStream(_what(), "greedy", 4, quiet=0)
    assert not stream.running and stream._thread is None
    assert "not played in a report" in stream.status.value and stream.stop_button.disabled
    monkeypatch.setenv("WORKBENCH_REPORT", "0")
    live = SkilledStream(_what(), "greedy", 4, quiet=30)
    try:
        assert live.running
    finally:
        live.stop()
        live.join(5)


def test_units_put_each_tables_first_pair_alone_round_the_questions():
    from workbench.engine.measure.skilled import game_questions
    from workbench.ui.whatif_stream import stream_units

    units = stream_units(game_questions("mugen"), 7, 3)
    assert units[:3] == [
        ("deck_vs_deck", "ソラ first", 0, 1),
        ("deck_vs_deck", "ミライ first", 0, 1),
        ("mirror", "", 0, 1),
    ]
    assert [(a, z) for k, t, a, z in units if k == "mirror"] == [(0, 1), (1, 4), (4, 7)]


def test_a_greedy_control_gives_each_paired_rate_its_control_variate_interval():
    """A stream of random players asked for the greedy pairs of the same deals as its control:
    the plain table is compare's (and is what it caches), the shown one has each paired rate's
    control-variate interval, computed here from the same games another way."""
    from workbench.engine.measure.compare import job, prepare
    from workbench.prob.control_variates import control_variate_mean

    what = _what()
    what.pairs = 30  # the greedy answers' pairs: the control's deals
    with ThreadPoolExecutor(2) as pool:
        stream = SkilledStream(what, "random", 24, chunk=5, client=pool, quiet=0, control="greedy")
        stream.join(120)
    assert stream.error is None and stream.result is not None and stream.pairs is not None
    direct = compare("mugen", what.variant.base, what.variant, "random", 24, 4, cache=False)
    assert stream.pairs.table().drop("pairs").equals(direct.table.drop("pairs"))
    shown = {r["measure"]: r for r in stream.result.table.iter_rows(named=True)}
    qs, b, v, _ = prepare("mugen", what.variant.base, what.variant, "random")
    q = next(q for q in qs if q.key == "mirror")

    def diffs(spec: str, games: int) -> list[float]:
        fn, args = job("mugen", q, "", (b, v), [spec], 0, games, 4)
        base, variant = fn(*args)
        won = [[float(r["winner"] == r["first"]) for r in side] for side in (base, variant)]
        return [y - x for x, y in zip(*won, strict=True)]

    est = control_variate_mean(diffs("random", 24), diffs("greedy", 30))
    row = shown["first player wins (ソラ mirror)"]
    assert row["interval"] == "control variate (greedy on 30 deals)"
    assert (row["difference"], row["low"], row["high"]) == pytest.approx(
        (est.value, max(-1.0, est.low), min(1.0, est.high))
    )
