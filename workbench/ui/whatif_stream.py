"""Skilled answers streaming in: the paired comparison played by search players in the
background, on a dask cluster started once per kernel, while the notebook stays usable.

:class:`SkilledStream` takes a :class:`~workbench.ui.whatif.WhatIf` (its base and
variant) and a player spec (``ismcts:100``), submits the pairs in small chunks, round
the questions, to a dask ``Client`` — :func:`kernel_client`'s LocalCluster on
127.0.0.1, made on first use and reused by every later stream of the kernel, or the
scheduler given — and redraws the paired table (at most once a second) as chunks
finish: a progress bar, the intervals narrowing, a *stop* button (the games not
started are cancelled; what finished stays shown). All of it runs in a daemon thread,
so the cell returns at once; the widgets change only after ``quiet`` seconds, so a
notebook run in batch that ends with this cell (the tests, an exported report) records
the same state every time. A finished stream is written to the same on-disk cache
as :func:`workbench.engine.compare` (keyed by game, rules version, both sheets'
content hashes, players, seed and games), so asking again shows it at once; a changed
sheet has another hash and is played afresh.

>>> import math
>>> math.isnan(Progress(0, 0).fraction)
True
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import polars as pl

from workbench.budget import in_report
from workbench.engine.measure.compare import (
    Comparison,
    Pairs,
    Task,
    cache_file,
    cache_key,
    job,
    prepare,
    tasks,
)
from workbench.engine.measure.compare_cache import read_cached, write_cached
from workbench.engine.measure.stopping import SequentialStopping
from workbench.engine.measure.verdict import decided, judge
from workbench.engine.runs.cluster import warm_client
from workbench.ui.table import table_html
from workbench.ui.whatif import WhatIf, readable

if TYPE_CHECKING:
    from workbench.engine.measure.skilled import Question

__all__ = [
    "Progress",
    "SkilledStream",
    "controlled",
    "deal_differences",
    "deal_outcomes",
    "kernel_client",
    "stream_units",
]

_CLIENTS: dict[str, Any] = {}
_LOCK = threading.Lock()


def kernel_client(
    scheduler: str | None = None,
    workers: int = 2,
    warm: Sequence[str] | None = None,
    players: Sequence[str] = (),
) -> Any:
    """The kernel's dask client: a LocalCluster of ``workers`` processes on 127.0.0.1
    started on first use and reused, or a client of ``scheduler``. A cluster started here
    builds the ``warm`` games (None: every registered one) and ``players`` in each worker at
    start (:func:`~workbench.engine.runs.cluster.shared_client`)."""
    from distributed import Client

    key = scheduler or "local"
    with _LOCK:
        client = _CLIENTS.get(key)
        if client is not None and client.status == "running":
            return client
        if scheduler is not None:
            client = Client(scheduler, timeout=10)
        else:  # the process's one local cluster, the one matches, ladders and sweeps use
            from workbench.engine.runs.cluster import shared_client

            client = shared_client(workers, warm, players)
        _CLIENTS[key] = client
        return client


def import_cluster() -> None:
    """Import, on the calling thread, what :func:`kernel_client` imports to start a cluster.

    A module a background thread is importing sits half made in ``sys.modules`` until it
    is done, and libraries look optional modules up there without importing them: dask
    imports numpy, and altair's data checks on the notebook's thread (narwhals'
    ``sys.modules.get("numpy")``, then ``numpy.ndarray``) read the half-made module —
    "partially initialized module 'numpy' has no attribute 'ndarray'" in the next chart
    cell, now and then. Imported here, before the stream's thread starts, the thread
    imports nothing of them.

    >>> import sys; import_cluster(); "numpy" in sys.modules and "distributed" in sys.modules
    True
    """
    import distributed  # noqa: F401  (dask, numpy, tornado, msgpack…)
    from cryptography import x509  # noqa: F401  (the cluster's Security.temporary)
    from cryptography.hazmat.primitives.asymmetric import rsa  # noqa: F401


def _as_completed(futures: list[Any]) -> Any:
    """Futures as they finish: dask's, or the standard library's for a local executor."""
    import concurrent.futures

    if futures and isinstance(futures[0], concurrent.futures.Future):
        return concurrent.futures.as_completed(futures)
    from distributed import as_completed

    return as_completed(futures)


def stream_units(questions: Sequence[Question], games: int, chunk: int) -> list[Task]:
    """The stream's units of work, round the questions: each table's first pair alone (the
    first figure comes from one answered pair), then ``chunk`` pairs at a time.

    >>> from workbench.engine.measure.skilled import Question, seat_answers
    >>> stream_units([Question("a", "", seat_answers), Question("b", "", seat_answers)], 5, 2)
    [('a', '', 0, 1), ('b', '', 0, 1), ('a', '', 1, 3), ('b', '', 1, 3), ('a', '', 3, 5), ('b', '', 3, 5)]
    """
    cuts = [0, *range(1, games, max(1, chunk)), games] if games > 1 else [0, games]
    out = [
        (q.key, t, a, z)
        for q in questions
        for t in q.variants
        for a, z in zip(cuts, cuts[1:], strict=False)
    ]
    return sorted(out, key=lambda u: u[2])  # stable: round the questions, in their order


CONTROL = -1
"""The side a control unit's future is marked with (a skilled unit's: 0 base, 1 variant)."""

MIN_DISCORDANT = 5
"""Skilled pairs whose two games differ on a rate before its control-variate interval is used."""

Outcomes = Sequence[Mapping[tuple[str, int], Mapping[str, float]]]
"""Per side (base, variant), each deal's (table, game) own rate outcomes
(:func:`~workbench.engine.measure.compare_pairs.own_outcomes`)."""


def deal_differences(outcomes: Outcomes, measure: str) -> dict[tuple[str, int], float]:
    """Per deal (table, game), variant minus base of one rate measure, where both sides
    count the game.

    >>> base = {("", 0): {"a": 1.0}, ("", 1): {"a": 0.0}, ("", 2): {"a": float("nan")}}
    >>> variant = {("", 0): {"a": 0.0}, ("", 1): {"a": 0.0}, ("", 2): {"a": 1.0}}
    >>> deal_differences([base, variant], "a")
    {('', 0): -1.0, ('', 1): 0.0}
    """
    out = {}
    for deal, b in outcomes[0].items():
        x, y = b.get(measure, math.nan), outcomes[1].get(deal, {}).get(measure, math.nan)
        if not (math.isnan(x) or math.isnan(y)):
            out[deal] = y - x
    return out


def controlled(
    table: pl.DataFrame,
    skilled: Mapping[str, Outcomes],
    control: Mapping[str, Outcomes],
    label: str = "greedy",
) -> pl.DataFrame:
    """The table with each paired rate measure's difference and 95% interval taken from the
    control variate (:func:`~workbench.prob.control_variates.control_variate_mean`): the
    ``control`` pairs (greedy) on the same deals as the skilled ones and on further deals
    correct the skilled mean by how far its deals' control mean strayed; its verdict by the
    one rule (:func:`~workbench.engine.measure.verdict.judge`). ``interval`` says which
    interval a row has. A measure some deals count on one side only, or with under 3 skilled
    pairs that have a control, or under :data:`MIN_DISCORDANT` skilled pairs whose games
    differ, keeps its paired interval (a t interval over differences nearly all 0 is far too
    narrow: none differing gives it width 0, where Newcombe's paired interval stays honest).

    >>> t = pl.DataFrame({"question": ["q"], "measure": ["a"], "kind": ["rate"],
    ...     "difference": [0.5], "low": [0.2], "high": [0.8], "paired_half": [0.3],
    ...     "verdict": ["higher"], "changed": [True], "pairs": [40]})
    >>> zero = {("", i): {"a": 0.0} for i in range(400)}
    >>> won = {("", i): {"a": float(i % 2 or i % 10 == 4)} for i in range(400)}
    >>> greedy = {"q": [zero, {d: {"a": float(d[1] % 2)} for d in zero}]}
    >>> skilled = {"q": [dict(list(zero.items())[:40]), dict(list(won.items())[:40])]}
    >>> r = controlled(t, skilled, greedy).row(0, named=True)
    >>> round(r["difference"], 3), round(r["low"], 3), round(r["high"], 3), r["interval"]
    (0.6, 0.499, 0.701, 'control variate (greedy on 400 deals)')
    """
    from workbench.prob.control_variates import control_variate_mean

    if not table.height:
        return table
    rows = []
    for r in table.iter_rows(named=True):
        q = r["question"]
        name = r["measure"].removesuffix(f" ({q})")
        est = deals = None
        if r["kind"] == "rate" and q in skilled and q in control:
            y_by, x_by = deal_differences(skilled[q], name), deal_differences(control[q], name)
            deals = [d for d in y_by if d in x_by]
            counted = all(
                not math.isnan(side.get(d, {}).get(name, math.nan))
                for side in skilled[q]
                for d in skilled[q][0]
            )
            moved = sum(1 for d in deals if y_by[d] != 0.0)
            if moved >= MIN_DISCORDANT and len(deals) == len(y_by) and counted:
                y = [y_by[d] for d in deals]
                rest = [x for d, x in x_by.items() if d not in y_by]
                est = control_variate_mean(y, [x_by[d] for d in deals] + rest)
        if est is None or deals is None:
            rows.append({**r, "interval": "paired"})
            continue
        low, high = max(-1.0, est.low), min(1.0, est.high)
        word = judge(low, high, len(deals))
        rows.append(
            {
                **r,
                "difference": est.value,
                "low": low,
                "high": high,
                "paired_half": (high - low) / 2,
                **(
                    {"narrowing": (high - low) / 2 / r["independent_half"]}
                    if (r.get("independent_half") or 0) > 0
                    else {}
                ),
                "verdict": word,
                "changed": decided(word),
                "interval": f"control variate ({label} on {len(x_by)} deals)",
            }
        )
    return pl.DataFrame(rows, schema_overrides=dict(table.schema))


def deal_outcomes(
    questions: Sequence[Question], rows: Mapping[str, Any], kept: dict[Any, Any]
) -> dict[str, Outcomes]:
    """Per question, each side's own rate outcomes per deal of the pairs in ``rows``
    (:attr:`SkilledStream.pairs`' rows; each game answered once: ``kept``)."""
    from workbench.engine.measure.compare_pairs import own_outcomes
    from workbench.engine.runs.simulate import frame_of

    return {
        q.key: own_outcomes(q, rows[q.key], [frame_of(r) for r in rows[q.key]], kept)
        for q in questions
        if q.key in rows
    }


@dataclass
class Progress:
    """Pairs done of pairs asked."""

    done: int
    total: int

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else float("nan")


class SkilledStream:
    """The paired comparison of ``what`` played by ``players`` in the background."""

    def __init__(
        self,
        what: WhatIf,
        players: str = "ismcts:100",
        games: int = 100,
        *,
        chunk: int = 2,
        scheduler: str | None = None,
        workers: int = 2,
        client: Any = None,
        start: bool = True,
        quiet: float = 2.0,
        sequential: bool = False,
        width: float | None = None,
        control: str | None = None,
    ) -> None:
        self.what, self.players, self.games, self.chunk = what, players, games, chunk
        # sequential: a question stops once each rate measure's anytime-valid interval is
        # decided or at most ``width`` wide (engine.measure.stopping); its table shows those
        self.sequential, self.width = sequential, width
        # control: a player ("greedy") whose pairs on the same deals (the what-if's pairs and
        # seed) narrow the skilled intervals (:func:`controlled`); not with sequential
        # stopping (a control-variate interval is valid at a fixed size only). Off by default:
        # bench/skilled_reask.py found ismcts:100's pairs too weakly tied to greedy's (mugen,
        # 40 pairs: the intervals 5-20% wider with it), so it pays only where they move together
        self.control = None if control == players or sequential else control
        self.client = client
        self.quiet = quiet
        self.scheduler, self.workers = scheduler, workers
        self.variant = what.variant  # the variant as it was when the stream was asked
        self.progress = Progress(0, 0)
        self.result: Comparison | None = None
        self.pairs: Pairs | None = None
        """The pairs played so far, both sides' rows per question (None until play starts)."""
        self.error: str | None = None
        self._stop = threading.Event()
        self._began = time.perf_counter()
        self.timings: dict[str, float] = {}
        """Wall seconds from :meth:`start` to "cluster ready", "workers ready", "first figure"
        (the first table drawn) and "done" (the last pair in), as they happen."""
        self._futures: list[Any] = []
        self._thread: threading.Thread | None = None
        self.bar = widgets.IntProgress(value=0, min=0, max=1, description=players)
        self.bar.add_class("wb-stream-progress")
        self.stop_button = widgets.Button(
            description="■ stop"
        )  # no icon: its font would be a request an offline report cannot make
        self.stop_button.add_class("wb-stream-stop")
        self.stop_button.on_click(lambda _b: self.stop())
        self.status = widgets.HTML(f"{players}: {games} pairs a table, queued").add_class(
            "wb-stream-status"
        )
        self.table = widgets.HTML("").add_class("wb-stream-table")
        self.widget = widgets.VBox(
            [widgets.HBox([self.bar, self.stop_button]), self.status, self.table]
        )
        self.widget.add_class("wb-skilled-stream")
        if start and in_report():  # a report is a snapshot: a stream half played would
            # make its bytes depend on the machine's pace (workbench.budget.in_report)
            self.status.value = (
                f"{players}: {games} pairs a table, not played in a report "
                "(open the notebook to play them)"
            )
            self.stop_button.disabled = True
        elif start:
            self.start()

    def _ipython_display_(self) -> None:  # pragma: no cover - the notebook's display hook
        from IPython.display import display

        display(self.widget)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start playing in a daemon thread (returns at once); the modules that thread would
        import to start the kernel's cluster are imported first, here (:func:`import_cluster`)."""
        if self.running:
            return
        self._began = time.perf_counter()
        if self.client is None:
            import_cluster()
        self._stop.clear()
        self._thread = threading.Thread(target=self._guarded, name="wb-skilled-stream", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Cancel the games not started; what finished stays shown."""
        self._stop.set()
        for f in self._futures:
            f.cancel()
        self.status.value = f"stopped at {self.progress.done} of {self.progress.total} pairs"
        self.stop_button.disabled = True

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _guarded(self) -> None:
        try:
            self._run()
        except Exception as exc:  # shown in the widget: a background thread has no cell
            self.error = f"{type(exc).__name__}: {exc}"
            self.status.value = f"<span style='color:#c62828'>stopped: {self.error}</span>"
        finally:
            self.stop_button.disabled = True

    def _run(self) -> None:
        # The widgets stay as built for ``quiet`` seconds: a notebook run in batch (tests, an
        # exported report) ends with this cell and records the same state every time; the
        # questions and the cache are read meanwhile. The kernel's cluster is started after
        # (a stream stopped while quiet, as the tests do, starts none).
        began = time.perf_counter()
        game = self.what.game
        qs, b, v, specs = prepare(game, self.what.variant.base, self.variant, self.players)
        where = cache_file(game, b, v, specs, self.games, self.what.seed)
        cached_as = cache_key(game, b, v, specs, self.games, self.what.seed)
        kept = read_cached(where, cached_as, [q.key for q in qs])  # only when it verifies
        if self._stop.wait(max(0.0, self.quiet - (time.perf_counter() - began))):
            return
        units = stream_units(qs, self.games, self.chunk)
        qs_tables = [(q.key, t) for q in qs for t in q.variants]
        self.progress = Progress(0, sum(z - a for _k, _t, a, z in units))
        self.bar.max = max(1, self.progress.total)
        if kept is not None:
            self.result = Comparison(
                game, self.games, tuple(specs), self.what.seed, b, v, kept, True
            )
            self.progress.done = self.progress.total
            self.bar.value = self.bar.max
            self._draw("from the cache")
            return
        self.status.value = "starting the kernel's dask cluster…"
        players = [*specs, *([self.control] if self.control else [])]
        client = self.client or kernel_client(self.scheduler, self.workers, [game], players)
        self.timings["cluster ready"] = time.perf_counter() - self._began
        self.status.value = f"{self.players}: readying the workers ({game}, the players)…"
        # every worker warm before the first pair, with the module of its unit of work
        warm_client(client, [game], players, ["workbench.engine.measure.compare_pairs"])
        self.timings["workers ready"] = time.perf_counter() - self._began
        by_key = {q.key: q for q in qs}
        pairs = self.pairs = Pairs(game, qs)
        stopping = SequentialStopping(qs, units, self.width) if self.sequential else None
        early: list[str] = []
        owner: dict[Any, tuple[int, int]] = {}  # future -> (unit, side)
        waiting: dict[int, list[Any]] = {}  # unit -> its sides' rows as they come
        kw = {"pure": False} if type(client).__module__.startswith("distributed") else {}
        control = Pairs(game, qs) if self.control else None
        control_units = tasks(qs, self.what.pairs, 50) if self.control else []
        # each side's sheets read once a stream, not once a unit (as compare does: a mugen
        # read is about 10 ms, and a 400-pair stream has 1,200 units)
        params = [b.params(), v.params()]
        for u, (k, t, a, z) in enumerate(units):
            # each side of a unit is its own task: the two games of the first pair are
            # played at once on two workers, so the first figure comes after one game
            for side, sheets in enumerate((b, v)):
                fn, args = job(
                    game, by_key[k], t, (sheets,), specs, a, z, self.what.seed, [params[side]]
                )
                f = client.submit(fn, *args, **kw)
                owner[f] = (u, side)
                self._futures.append(f)
            waiting[u] = [None, None]
            if u == len(qs_tables) - 1:  # the control's cheap pairs after the first round
                for c, (ck, ct, ca, cz) in enumerate(control_units):
                    fn, args = job(
                        game,
                        by_key[ck],
                        ct,
                        (b, v),
                        [str(self.control)],
                        ca,
                        cz,
                        self.what.seed,
                        params,
                    )
                    f = client.submit(fn, *args, **kw)
                    owner[f] = (c, CONTROL)
                    self._futures.append(f)
        controls_due = len(control_units)
        skilled_outcomes: dict[Any, Any] = {}
        control_outcomes: dict[str, Any] = {}
        dropped: set[int] = set()  # units a sequential stop cancelled (a side never comes)
        last = 0.0
        for f in _as_completed(list(owner)):
            if self._stop.is_set():
                break
            if f.cancelled():
                continue
            u, side = owner[f]
            if side == CONTROL and control is not None:
                control.add(control_units[u][0], f.result())
                controls_due -= 1
                if controls_due:
                    continue
                control_outcomes = deal_outcomes(qs, control.rows, {})
                last = 0.0  # redrawn now, with the controls
            else:
                got = waiting.get(u)
                if got is None:
                    continue
                got[side] = f.result()[0]
                if any(rows is None for rows in got):
                    continue
                del waiting[u]
                key, t, a, z = units[u]
                chunk = [got[0], got[1]]
                pairs.add(key, chunk)
                if stopping is not None:
                    stopping.add(key, t, a, chunk)
                    if key not in early and stopping.stopped(key):
                        early.append(key)
                        for g, (u2, side2) in owner.items():
                            if side2 != CONTROL and units[u2][0] == key and not g.done():
                                g.cancel()
                                if g.cancelled() and u2 in waiting and u2 not in dropped:
                                    dropped.add(u2)
                                    self.progress.total -= units[u2][3] - units[u2][2]
                        self.bar.max = max(1, self.progress.total)
                self.progress.done += z - a
                self.bar.value = self.progress.done
            if not self.progress.done:
                continue
            finished = self.progress.done == self.progress.total and not controls_due
            if time.monotonic() - last > 1.0 or finished:
                plain = pairs.table()
                table = plain if stopping is None else stopping.table(plain)
                if control_outcomes:
                    skilled = deal_outcomes(qs, pairs.rows, skilled_outcomes)
                    table = controlled(table, skilled, control_outcomes, str(self.control))
                self.result = Comparison(
                    game, self.progress.done, tuple(specs), self.what.seed, b, v, table
                )
                state = "playing" if not early else f"stopped early: {', '.join(early)}"
                if control_outcomes:
                    state += (
                        f"; rate intervals narrowed by the {self.control} pairs of the same "
                        "deals (control variates)"
                    )
                self._draw(state)
                self.timings.setdefault("first figure", time.perf_counter() - self._began)
                last = time.monotonic()
        self.timings["done"] = time.perf_counter() - self._began
        if early and stopping is not None:  # not the fixed-size answer the cache keys
            table = stopping.table(pairs.table())
            self.result = Comparison(
                game, self.progress.done, tuple(specs), self.what.seed, b, v, table
            )
            self._draw(f"done, stopped early (sequential intervals): {', '.join(early)}")
        elif self.progress.done == self.progress.total and self.result is not None:
            # the fixed-size answer (the one workbench compare caches under the same key)
            write_cached(where, cached_as, pairs.table())
            self._draw(
                "done (cached: the paired intervals; the control variates' are shown here)"
                if control_outcomes
                else "done (cached)"
            )

    def _draw(self, state: str) -> None:
        p = self.progress
        self.status.value = f"{self.players}: {p.done} of {p.total} pairs — {state}"
        if self.result is not None and self.result.table.height:
            shown = readable(self.result)
            if "interval" in self.result.table.columns:  # which interval each row has
                shown = shown.with_columns(self.result.table["interval"])
            self.table.value = table_html(shown)
