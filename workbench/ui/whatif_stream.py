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

import threading
import time
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from workbench.budget import in_report
from workbench.engine.measure.compare import (
    Comparison,
    Pairs,
    cache_file,
    cache_key,
    job,
    prepare,
    tasks,
)
from workbench.engine.measure.compare_cache import read_cached, write_cached
from workbench.engine.measure.stopping import SequentialStopping
from workbench.ui.table import table_html
from workbench.ui.whatif import WhatIf, readable

__all__ = ["Progress", "SkilledStream", "kernel_client"]

_CLIENTS: dict[str, Any] = {}
_LOCK = threading.Lock()


def kernel_client(scheduler: str | None = None, workers: int = 2) -> Any:
    """The kernel's dask client: a LocalCluster of ``workers`` processes on 127.0.0.1
    started on first use and reused, or a client of ``scheduler``."""
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

            client = shared_client(workers)
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
    ) -> None:
        self.what, self.players, self.games, self.chunk = what, players, games, chunk
        # sequential: a question stops once each rate measure's anytime-valid interval is
        # decided or at most ``width`` wide (engine.measure.stopping); its table shows those
        self.sequential, self.width = sequential, width
        self.client = client
        self.quiet = quiet
        self.scheduler, self.workers = scheduler, workers
        self.variant = what.variant  # the variant as it was when the stream was asked
        self.progress = Progress(0, 0)
        self.result: Comparison | None = None
        self.error: str | None = None
        self._stop = threading.Event()
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
        # exported report) ends with this cell and records the same state every time.
        if self._stop.wait(self.quiet):
            return
        game = self.what.game
        qs, b, v, specs = prepare(game, self.what.variant.base, self.variant, self.players)
        where = cache_file(game, b, v, specs, self.games, self.what.seed)
        cached_as = cache_key(game, b, v, specs, self.games, self.what.seed)
        units = sorted(tasks(qs, self.games, self.chunk), key=lambda u: u[2])  # round the questions
        self.progress = Progress(0, sum(z - a for _k, _t, a, z in units))
        self.bar.max = max(1, self.progress.total)
        kept = read_cached(where, cached_as, [q.key for q in qs])  # only when it verifies
        if kept is not None:
            self.result = Comparison(
                game, self.games, tuple(specs), self.what.seed, b, v, kept, True
            )
            self.progress.done = self.progress.total
            self.bar.value = self.bar.max
            self._draw("from the cache")
            return
        self.status.value = "starting the kernel's dask cluster…"
        client = self.client or kernel_client(self.scheduler, self.workers)
        by_key = {q.key: q for q in qs}
        pairs = Pairs(game, qs)
        stopping = SequentialStopping(qs, units, self.width) if self.sequential else None
        early: list[str] = []
        owner: dict[Any, tuple[str, str, int, int]] = {}
        kw = {"pure": False} if type(client).__module__.startswith("distributed") else {}
        for k, t, a, z in units:
            fn, args = job(game, by_key[k], t, (b, v), specs, a, z, self.what.seed)
            f = client.submit(fn, *args, **kw)
            owner[f] = (k, t, a, z - a)
            self._futures.append(f)
        last = 0.0
        for f in _as_completed(list(owner)):
            if self._stop.is_set():
                break
            if f.cancelled():
                continue
            key, t, a, n = owner[f]
            chunk = f.result()
            pairs.add(key, chunk)
            if stopping is not None:
                stopping.add(key, t, a, chunk)
                if key not in early and stopping.stopped(key):
                    early.append(key)
                    for g, (k2, _t, _a, n2) in owner.items():
                        if k2 == key and not g.done():
                            g.cancel()
                            if g.cancelled():
                                self.progress.total -= n2
                    self.bar.max = max(1, self.progress.total)
            self.progress.done += n
            self.bar.value = self.progress.done
            if time.monotonic() - last > 1.0 or self.progress.done == self.progress.total:
                table = pairs.table() if stopping is None else stopping.table(pairs.table())
                self.result = Comparison(
                    game, self.progress.done, tuple(specs), self.what.seed, b, v, table
                )
                self._draw("playing" if not early else f"stopped early: {', '.join(early)}")
                last = time.monotonic()
        if early and stopping is not None:  # not the fixed-size answer the cache keys
            table = stopping.table(pairs.table())
            self.result = Comparison(
                game, self.progress.done, tuple(specs), self.what.seed, b, v, table
            )
            self._draw(f"done, stopped early (sequential intervals): {', '.join(early)}")
        elif self.progress.done == self.progress.total and self.result is not None:
            write_cached(where, cached_as, self.result.table)
            self._draw("done (cached)")

    def _draw(self, state: str) -> None:
        p = self.progress
        self.status.value = f"{self.players}: {p.done} of {p.total} pairs — {state}"
        if self.result is not None and self.result.table.height:
            self.table.value = table_html(readable(self.result))
