"""Matches between named players: ``workbench play`` and the skill ladder run on this.

:func:`play_match` plays ``games`` seeded games of a registered game between
players given by spec (``["ismcts:400", "greedy"]``) and sums them up per
player, in the order given (not per seat):

``{"games": N, "mean_length": L, "players": [{"player": spec, "wins": w,
"draws": d, "win_rate": w / N, "interval": [lo, hi]}, ...]}``

``wins`` counts games the player won alone, ``draws`` games it shared the
win with others; the interval is the 95% Wilson interval of ``wins / N``;
``mean_length`` is the mean number of decisions per game. Without
``swap_seats`` the players sit in the order given in every game (the first
listed moves first); with it the line-up turns one seat per game (game i puts
player k in seat ``(k - i) mod n``), so over a multiple of n games every
player sits in every seat equally often (otherwise the first ``games mod n``
seatings come once more: :func:`uneven_seating` says so).

Game ``i`` is played with the seed ``derive_seed(seed, i)`` whoever runs it,
so in this process, on ``workers`` local dask processes (the process's shared cluster,
started once and reused: ``runs.cluster.shared_client``) or on a dask
scheduler the result is the same (players with an iteration budget are
deterministic given the rng; a time budget is not).

>>> r = play_match("peek", ["random", "random"], games=40, seed=1)
>>> r["games"], r["mean_length"], [p["player"] for p in r["players"]]
(40, 1.0, ['random', 'random'])
>>> r["players"][0]["wins"] + r["players"][1]["wins"]
40
"""

from __future__ import annotations

import dataclasses
import math
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from workbench.engine.players.specs import BadSpec, player_from_spec
from workbench.engine.runs.cluster import shared_client
from workbench.engine.runs.simulate import simulate_rows
from workbench.prob.intervals import wilson
from workbench.registry import make_game

__all__ = [
    "MAX_GAMES",
    "MatchError",
    "build_game",
    "match_rows",
    "play_match",
    "play_matches",
    "summarise",
    "uneven_seating",
]

MAX_GAMES = 100_000


class MatchError(ValueError):
    """A match that cannot be played as asked (one line: names the argument)."""


def build_game(name: str, players: int, params: Mapping[str, Any] | None = None) -> Any:
    """The registered game ``name`` seated for ``players`` (its ``players`` parameter is set
    when it has one and the default seats differ); :class:`MatchError` when it cannot be.

    >>> build_game("peek", 3)
    Traceback (most recent call last):
    ...
    workbench.engine.runs.match.MatchError: peek cannot seat 3 players: peek is played by 2 seats, got players=3
    """
    kwargs = dict(params or {})
    game = make_game(name, **kwargs)
    if game.num_players == players:
        return game
    fields = (
        {f.name for f in dataclasses.fields(game.params)}
        if dataclasses.is_dataclass(game.params)
        else set()
    )
    if "players" in fields and "players" not in kwargs:
        try:
            seated = make_game(name, **kwargs, players=players)
        except (ValueError, TypeError) as e:
            raise MatchError(f"{name} cannot seat {players} players: {e}") from None
        if seated.num_players == players:
            return seated
    raise MatchError(
        f"{name} is played by {game.num_players} players, not {players} "
        "(--players lists one per seat)"
    )


def match_rows(
    name: str,
    params: Mapping[str, Any] | None,
    specs: Sequence[str],
    start: int,
    stop: int,
    seed: int,
    seating: str,
) -> list[dict[str, Any]]:
    """The simulation rows of games ``start..stop-1`` (one task of a distributed match).

    Everything comes in by name (game, specs), so a worker process rebuilds the
    game and the players itself.
    """
    game = build_game(name, len(specs), params)
    players = [player_from_spec(s, name) for s in specs]
    return simulate_rows(game, players, range(start, stop), seed, seating=seating)


def summarise(rows: Sequence[Mapping[str, Any]], specs: Sequence[str]) -> dict[str, Any]:
    """Per player (in the order given): sole wins, shared wins, win rate and its interval.

    >>> rows = [{"game": 0, "seating": "rotate", "winners": [0], "turns": 3},
    ...         {"game": 1, "seating": "rotate", "winners": [0, 1], "turns": 5}]
    >>> s = summarise(rows, ["a", "b"])
    >>> s["mean_length"], [(p["wins"], p["draws"]) for p in s["players"]], s["no_winner"]
    (4.0, [(1, 1), (0, 1)], 0)
    """
    n = len(specs)
    wins, draws = [0] * n, [0] * n
    for row in rows:
        shift = row["game"] % n if row["seating"] == "rotate" else 0
        won = row["winners"]
        for k in range(n):
            seat = (k - shift) % n
            if seat in won:
                if len(won) == 1:
                    wins[k] += 1
                else:
                    draws[k] += 1
    total = len(rows)
    players = []
    for k, spec in enumerate(specs):
        lo, hi = wilson(wins[k], total)
        players.append(
            {
                "player": spec,
                "wins": wins[k],
                "draws": draws[k],
                "win_rate": wins[k] / total if total else 0.0,
                "interval": [lo, hi],
            }
        )
    length = sum(r["turns"] for r in rows) / total if total else 0.0
    no_winner = sum(1 for row in rows if not row["winners"])
    return {"games": total, "mean_length": length, "no_winner": no_winner, "players": players}


def uneven_seating(games: int, players: int) -> str | None:
    """A note when rotated seats cannot be even (``games`` not a multiple of ``players``).

    >>> uneven_seating(200, 2) is None, uneven_seating(200, 3)
    (True, 'seats rotated unevenly: 200 games for 3 players (a multiple of 3 is even)')
    """
    if games % players == 0:
        return None
    return (
        f"seats rotated unevenly: {games} games for {players} players "
        f"(a multiple of {players} is even)"
    )


def _check(name: str, specs: Sequence[str], games: int, swap_seats: bool) -> None:
    if not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise MatchError(f"--games must be a whole number in 1..{MAX_GAMES}, got {games!r}")
    if not specs:
        raise MatchError("--players: give at least one player")
    for s in specs:
        try:
            player_from_spec(s, name)
        except BadSpec as e:
            raise MatchError(str(e)) from None


def play_match(
    name: str,
    specs: Sequence[str],
    games: int = 200,
    seed: int = 0,
    *,
    swap_seats: bool = False,
    params: Mapping[str, Any] | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Play the match; see the module docstring. ``workers``/``scheduler`` run it on dask."""
    return play_matches(
        name,
        [(specs, games, seed)],
        swap_seats=swap_seats,
        params=params,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
    )[0]


def play_matches(
    name: str,
    matches: Sequence[tuple[Sequence[str], int, int]],
    *,
    swap_seats: bool = False,
    params: Mapping[str, Any] | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
) -> list[dict[str, Any]]:
    """Several matches of one game, each ``(specs, games, seed)``: the summary of each, as
    :func:`play_match` gives it. On dask every match's chunks are handed to the workers at
    once, so no worker waits at the end of one match for the other's last chunk (a ladder's
    pairings, say).

    >>> [r["games"] for r in play_matches("peek", [(["random", "osla"], 4, 1), (["osla", "random"], 6, 2)])]
    [4, 6]
    """
    jobs = []
    for specs, games, seed in matches:
        specs = [s.strip() for s in specs]
        _check(name, specs, games, swap_seats)
        build_game(name, len(specs), params)  # fail here, not in a worker
        jobs.append((specs, games, seed, "rotate" if swap_seats else "fixed"))
    if workers is None and scheduler is None:
        return [summarise(_here(name, params, job, progress), job[0]) for job in jobs]
    rows = _on_dask(name, params, jobs, workers, scheduler)
    return [summarise(r, job[0]) for r, job in zip(rows, jobs, strict=True)]


def _here(
    name: str,
    params: Mapping[str, Any] | None,
    job: tuple[list[str], int, int, str],
    progress: bool,
) -> list[dict[str, Any]]:
    """One match's rows in this process, in chunks of 50 games (a progress bar if asked)."""
    specs, games, seed, seating = job
    bar = _bar(games, name) if progress else None
    rows: list[dict[str, Any]] = []
    try:
        for start in range(0, games, 50):
            rows += match_rows(name, params, specs, start, min(games, start + 50), seed, seating)
            if bar is not None:
                bar.update(min(games, start + 50) - start)
    finally:
        if bar is not None:
            bar.close()
    return rows


def _bar(total: int, name: str) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=name, unit="game", file=sys.stderr, leave=False)


def _on_dask(
    name: str,
    params: Mapping[str, Any] | None,
    jobs: Sequence[tuple[list[str], int, int, str]],
    workers: int | None,
    scheduler: str | None,
) -> list[list[dict[str, Any]]]:
    """Chunks of games of every match as dask tasks, all submitted at once (the process's
    shared local cluster of ``workers``, :func:`~workbench.engine.runs.cluster.shared_client`,
    or the scheduler given), a progress bar on stderr, each match's rows in game order."""
    from distributed import Client, as_completed

    own = scheduler is None
    if own:  # the process's shared local cluster: started once, reused by every match
        client = shared_client(workers or 1, warm=[name])
    else:
        try:
            client = Client(scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as e:
            raise MatchError(f"--scheduler {scheduler}: cannot connect ({e})") from None
    try:
        cores = max(1, sum(client.nthreads().values()))
        futures = {}
        for k, (specs, games, seed, seating) in enumerate(jobs):
            size = max(1, math.ceil(games / (4 * cores)))
            for start in range(0, games, size):
                futures[
                    client.submit(
                        match_rows,
                        name,
                        params,
                        list(specs),
                        start,
                        min(games, start + size),
                        seed,
                        seating,
                        pure=False,
                    )
                ] = (k, start)
        done: dict[tuple[int, int], list[dict[str, Any]]] = {}
        bar = _bar(sum(job[1] for job in jobs), name)
        try:
            for future in as_completed(list(futures)):
                chunk = future.result()
                done[futures[future]] = chunk
                bar.update(len(chunk))
        finally:
            bar.close()
        return [
            [row for key in sorted(done) if key[0] == k for row in done[key]]
            for k in range(len(jobs))
        ]
    finally:
        if not own:
            client.close()
