"""Parameter sweeps: simulate every point of a grid, through a pluggable executor.

The seed of each game derives only from (seed, grid point, game index), so
the frame is identical whatever runs it: in this process
(:class:`InlineExecutor`), local processes (the default,
``concurrent.futures.ProcessPoolExecutor``), the process's shared dask cluster
(``workers=N``) or a ``dask.distributed.Client`` (anything with ``submit`` and
``gather``). Work is cut into chunks of
``chunk_size`` games per grid point; each chunk is one task (by default a
quarter of a point's games, between 50 and 500: few enough tasks that
scheduling costs little next to games played in place, enough to keep two
workers busy).

``make_game(**point)`` builds the game of a point; for processes it and the
players must be picklable (module-level functions, ``greedy_player(...)``).

>>> from workbench.engine.conformance.toy import make_takeaway
>>> df = sweep(make_takeaway, {"stones": [3, 4]}, n=10, seed=0, executor=InlineExecutor())
>>> df.group_by("stones").len().sort("stones").rows()
[(3, 10), (4, 10)]
"""

from __future__ import annotations

import functools
import itertools
import os
import pickle
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import polars as pl

from workbench.engine.kernel.protocol import Game
from workbench.engine.players import random_player
from workbench.engine.runs.simulate import Players, frame_of, simulate_rows


class InlineExecutor(Executor):
    """Runs each task at ``submit`` in this process (tests, debugging, small sweeps)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as e:
            future.set_exception(e)
        return future


def grid_points(grid: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """Every combination of the grid, in the order given (last name varies fastest).

    >>> grid_points({"a": [1, 2], "b": ["x"]})
    [{'a': 1, 'b': 'x'}, {'a': 2, 'b': 'x'}]
    """
    for name, values in grid.items():
        if isinstance(values, str | bytes) or not isinstance(values, Sequence) or not values:
            raise ValueError(f"grid[{name!r}] must be a non-empty list of values, got {values!r}")
    names = list(grid)
    return [dict(zip(names, combo)) for combo in itertools.product(*(grid[k] for k in names))]


def point_key(point: Mapping[str, Any]) -> tuple[Hashable, ...]:
    """The seed key of a grid point: its (name, value) pairs by name."""
    return tuple((k, point[k]) for k in sorted(point))


_GAMES: dict[Hashable, Game[Any]] = {}
_GAMES_KEPT = 16


def _maker_key(make_game: Any, point: Mapping[str, Any], token: Hashable) -> Hashable | None:
    """A key naming ``make_game(**point)`` across pickling (None: not cacheable).

    A worker receives a fresh copy of ``make_game`` with every chunk; the key is
    its module and qualified name (and a partial's arguments) with the sweep's
    ``token``, so the game of a grid point is built once per worker and sweep,
    not once per chunk (building reads the card sheets), and a later sweep
    reads the sheets again.
    """
    fn, args, kwargs = make_game, (), {}
    if isinstance(make_game, functools.partial):
        fn, args, kwargs = make_game.func, make_game.args, make_game.keywords
    name = (getattr(fn, "__module__", None), getattr(fn, "__qualname__", None))
    if None in name or "<lambda>" in str(name[1]) or "<locals>" in str(name[1]):
        return None
    key = (token, name, args, tuple(sorted(kwargs.items())), tuple(sorted(point.items())))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def game_for(
    make_game: Callable[..., Game[Any]], point: Mapping[str, Any], token: Hashable
) -> Game[Any]:
    """``make_game(**point)``, built once per process and sweep ``token`` for a named
    maker (see ``_maker_key``).

    >>> from workbench.engine.conformance.toy import make_takeaway
    >>> a = game_for(make_takeaway, {"stones": 3}, token=1)
    >>> a is game_for(make_takeaway, {"stones": 3}, token=1), a is game_for(make_takeaway, {"stones": 3}, token=2)
    (True, False)
    """
    key = _maker_key(make_game, point, token)
    if key is None:
        return make_game(**point)
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) >= _GAMES_KEPT:
            _GAMES.clear()
        game = _GAMES[key] = make_game(**point)
    return game


def _run_chunk(
    make_game: Callable[..., Game[Any]],
    point: dict[str, Any],
    players: Players,
    start: int,
    stop: int,
    seed: int,
    seating: str,
    token: Hashable = None,
) -> list[dict[str, Any]]:
    game = game_for(make_game, point, token)
    rows = simulate_rows(
        game, players, range(start, stop), seed, key=point_key(point), seating=seating
    )
    for row in rows:
        row.update(point)
    return rows


def sweep(
    make_game: Callable[..., Game[Any]],
    grid: Mapping[str, Sequence[Any]],
    players: Players = random_player,
    n: int = 1000,
    seed: int = 0,
    executor: Any = None,
    *,
    chunk_size: int | None = None,
    seating: str = "rotate",
    progress: bool = False,
    workers: int | None = None,
) -> pl.DataFrame:
    """``n`` games at every grid point -> one frame, parameter columns first. ``workers``
    (with no ``executor``): on the process's shared dask cluster of that many workers
    (:func:`~workbench.engine.runs.cluster.shared_client`, started once and reused by
    matches, ladders, skilled answers and comparisons) instead of a process pool of its own."""
    if workers is not None and executor is None:
        from workbench.engine.runs.cluster import shared_client

        executor = shared_client(workers)
    points = grid_points(grid)
    if chunk_size is None:
        chunk_size = max(50, min(500, -(-n // 4)))
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be >= 1, got {chunk_size}")
    tasks = [
        (point, start, min(start + chunk_size, n))
        for point in points
        for start in range(0, n, chunk_size)
    ]
    token = (os.getpid(), time.monotonic_ns())  # this sweep (see game_for)
    own = executor is None
    if own:
        _check_picklable(make_game, players)
    pool = (
        ProcessPoolExecutor(max_workers=min(os.cpu_count() or 1, max(1, len(tasks))))
        if own
        else executor
    )
    try:
        futures = [
            pool.submit(_run_chunk, make_game, point, players, start, stop, seed, seating, token)
            for point, start, stop in tasks
        ]
        chunks = _collect(pool, futures, progress)
    finally:
        if own:
            pool.shutdown()
    rows = [row for chunk in chunks for row in chunk]
    df = frame_of(rows)
    if df.height == 0:
        return df
    names = list(grid)
    return df.select(names + [c for c in df.columns if c not in names])


def _check_picklable(make_game: Any, players: Any) -> None:
    """Worker processes receive the game maker and players by pickle: say so clearly."""
    for what, obj in (("make_game", make_game), ("players", players)):
        try:
            pickle.dumps(obj)
        except (pickle.PicklingError, AttributeError, TypeError) as e:
            raise ValueError(
                f"sweep: {what} cannot be sent to worker processes ({e}); define it with def at "
                "module level, or pass executor=InlineExecutor() or a dask Client"
            ) from None


def _collect(pool: Any, futures: list[Any], progress: bool) -> list[list[dict[str, Any]]]:
    """Results in submission order (dask: ``client.gather``)."""
    if hasattr(pool, "gather") and not isinstance(pool, Executor):
        return list(pool.gather(futures))
    if not progress:
        return [f.result() for f in futures]
    from tqdm.auto import tqdm

    return [f.result() for f in tqdm(futures, desc="sweep", unit="chunk")]
