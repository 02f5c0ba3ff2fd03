"""One dask cluster per process, started once and reused by every match, sweep, ladder
and comparison that asks for workers (issue 22 item 4).

Starting a ``LocalCluster`` costs seconds (worker processes start and import
the workbench and the game), more than 2,000 fast games take on one core; a
kernel or a command that runs several matches paid it every time. Here:

- :func:`shared_client` ``(workers)`` gives the process's client of a local
  cluster with that many single-threaded worker processes on 127.0.0.1,
  started on the first call (the workers import the workbench and the
  registered games then, so the first match does not pay for it) and the
  same client afterwards; it is closed when the process ends;
- :func:`startup_seconds` ``(workers)``: what that start cost (wall seconds),
  for a command to print; None when it is not running; :func:`startup_cpu_seconds`
  the CPU seconds it took in this process and in the workers;
- :func:`close_shared` closes them now (a test, or a kernel that is done).

The cluster runs with dask's own watching turned down (:data:`CLUSTER_SETTINGS`): by
default every worker samples its task's stack every 10 ms for the dashboard's
profile and checks its memory every 100 ms; with no dashboard here that only
cost CPU — 12-18% more CPU a game on the workers than on one core in
``bench/dask_speedup.py``, and 2% of a core per idle worker, 0.4% with it.
Its workers start from a fork server (one clean process that has imported
dask, forked per worker) instead of each starting a fresh interpreter: a
start-up of about 5 s instead of 7 at load 22 (where the platform has one).
``warm`` names the games the workers build at start (default: every registered
game; ``workbench play`` names its one game, which saves seconds of start-up).

Nobody else can drive it (issue 39 item 1). A dask scheduler runs whatever a
connected client sends it, so the cluster:

- speaks only TLS with a key and certificate made for this run
  (``Security.temporary()``: in memory, never on disk) and asks every peer —
  workers, nannies, the client — for a certificate signed by it: another
  process on the machine cannot connect a ``Client``, a worker or anything else;
- serves no HTTP: dask's scheduler and workers start an HTTP server even with
  the dashboard off (``/metrics``, ``/info``, ``/json``, on 8787 when it is free);
  here they start with no routes on a free port of 127.0.0.1 (no "Port 8787 is
  already in use" warning) and stop listening once the cluster is up
  (:func:`_no_http`).

What that costs at start is printed by ``workbench play --workers`` (the wall and
CPU of the start-up beside the games').

>>> startup_seconds(64) is None
True
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import threading
import time
from collections.abc import Sequence
from typing import Any

__all__ = [
    "CLUSTER_SETTINGS",
    "close_shared",
    "shared_client",
    "startup_cpu_seconds",
    "startup_seconds",
    "warm_client",
    "warm_worker",
]

CLUSTER_SETTINGS = {
    "distributed.worker.profile.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.tick.interval": "500ms",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
    **(
        {"distributed.worker.multiprocessing-method": "forkserver"}
        if "forkserver" in multiprocessing.get_all_start_methods()
        else {}
    ),
}
"""dask settings for the shared cluster: no dashboard, so no stack sampling and slower health
checks; no HTTP routes (nothing served before :func:`_no_http` closes the listeners);
workers forked from a fork server (a setting already in the environment,
``DASK_DISTRIBUTED__...``, is kept)."""

_SHARED: dict[int, tuple[Any, Any, float, float]] = {}
"""workers -> (cluster, client, start-up wall seconds, start-up CPU seconds)."""
_LOCK = threading.Lock()


def warm_worker(
    games: Sequence[str] | None = None, players: Sequence[str] = (), modules: Sequence[str] = ()
) -> int:
    """Import what every task needs in a worker (the engine, the named or else every
    registered game, each of ``players`` built for each game: the search's modules, a
    game's own policy, and the caller's ``modules`` by name: the module of its unit of
    work, which this floor does not import itself); the number of games (run on each
    worker by :func:`shared_client` and :func:`warm_client`).

    >>> warm_worker(["peek"], ["greedy"], ["json"])
    1
    """
    from importlib import import_module

    from workbench.engine.players.specs import player_from_spec
    from workbench.registry import game_names, make_game

    names = list(game_names()) if games is None else list(games)
    for name in names:
        try:
            make_game(name)
            for player in players:
                player_from_spec(player, name)
        except Exception:  # a game that cannot be built here still fails in its own task
            pass
    for module in modules:
        import_module(module)
    return len(names)


def warm_client(
    client: Any, games: Sequence[str], players: Sequence[str] = (), modules: Sequence[str] = ()
) -> float:
    """Run :func:`warm_worker` on every worker of ``client`` now (a cluster started for
    other games, or before ``players`` were known, is warmed before its first task); the
    wall seconds it took. A client without workers to run on (an executor) is left alone.

    >>> warm_client(object(), ["peek"])
    0.0
    """
    if not type(client).__module__.startswith("distributed"):
        return 0.0
    start = time.perf_counter()
    client.run(warm_worker, list(games), list(players), list(modules))
    return time.perf_counter() - start


def _quiet_environment() -> dict[str, Any]:
    """:data:`CLUSTER_SETTINGS` less what the environment set before (that wins), also put in the
    environment for the worker processes. All of it goes to every cluster start: the
    nannies hand this process's dask settings to their workers."""
    import os

    chosen = {}
    for key, value in CLUSTER_SETTINGS.items():
        name = "DASK_" + key.upper().replace(".", "__").replace("-", "_")
        if name in os.environ and name not in _SET_HERE:
            continue
        os.environ[name] = str(value)
        _SET_HERE.add(name)
        chosen[key] = value
    return chosen


_SET_HERE: set[str] = set()
"""The environment variables :func:`_quiet_environment` set (not the user's)."""


def shared_client(
    workers: int, warm: Sequence[str] | None = None, players: Sequence[str] = ()
) -> Any:
    """The process's dask ``Client`` of a local cluster of ``workers`` processes (started
    on the first call, reused after; see the module docstring). ``warm``: the games its
    workers build at start (None: every registered game); ``players``: the player specs
    they build for those games at start."""
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    with _LOCK:
        got = _SHARED.get(workers)
        if got is not None and got[1].status == "running":
            return got[1]
        import dask
        from distributed import Client, LocalCluster
        from distributed.security import Security

        start, cpu = time.perf_counter(), time.process_time()
        with dask.config.set(_quiet_environment()):
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                protocol="tls://",
                security=Security.temporary(),  # this run's key: every peer must show it
                dashboard_address=None,
                # no dashboard, and dask's HTTP server on a free port (not 8787), never 0.0.0.0
                scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
                silence_logs=logging.ERROR,
            )
        client = Client(cluster)
        client.run_on_scheduler(_no_http)
        client.run(_no_http)
        client.run(warm_worker, None if warm is None else list(warm), list(players))
        wall = time.perf_counter() - start
        cpu = time.process_time() - cpu + sum(client.run(time.process_time).values())
        _SHARED[workers] = (cluster, client, wall, cpu)
        return client


def _no_http(dask_scheduler: Any = None, dask_worker: Any = None) -> int:
    """Stop the HTTP listener of the scheduler or worker this runs in (run by dask in
    its event loop); the number stopped. The cluster talks over its TLS comms only."""
    server = getattr(dask_scheduler or dask_worker, "http_server", None)
    if server is None:
        return 0
    server.stop()
    return 1


def startup_seconds(workers: int) -> float | None:
    """Wall seconds the shared cluster of ``workers`` took to start (None: not running)."""
    got = _SHARED.get(workers)
    return None if got is None or got[1].status != "running" else got[2]


def startup_cpu_seconds(workers: int) -> float | None:
    """CPU seconds the shared cluster of ``workers`` took to start, in this process and in
    its worker processes (None: not running).

    >>> startup_cpu_seconds(64) is None
    True
    """
    got = _SHARED.get(workers)
    return None if got is None or got[1].status != "running" else got[3]


def close_shared() -> None:
    """Close every shared cluster of this process."""
    with _LOCK:
        for cluster, client, *_ in _SHARED.values():
            try:
                client.close()
                cluster.close()
            except Exception:  # closing at exit: a worker already gone is fine
                pass
        _SHARED.clear()


atexit.register(close_shared)
