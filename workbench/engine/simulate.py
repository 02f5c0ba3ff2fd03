"""Batch simulation: many seeded games -> one polars row per game.

Game ``i`` of ``simulate(game, players, n, seed)`` is played by
:func:`~workbench.engine.playout.playout` with the seed
``derive_seed(seed, i)`` (the same games the conformance kit plays), so a row
is reproduced with ``Session(game, seed=row["seed"])`` and the same bots.

Columns: ``game`` (index), ``seed``, ``seats``, ``seating``, ``player_<s>``
(name of the player in seat s), ``score_<s>``, ``winners`` (list of seats),
``winner`` (the seat when exactly one won, else null), ``winner_player``
(that seat's player name), ``draw`` (several
tied for the win), ``margin`` (best minus second-best score), ``turns``
(player decisions), ``actions`` (chance included), then the game's
``metrics(final_state)``.

With ``seating="rotate"`` the line-up turns one seat per game (game i puts
``players[(s + i) % n]`` in seat s), so each player sits everywhere equally.

>>> from workbench.engine.toy import TakeAway
>>> from workbench.engine.players import random_player
>>> df = simulate(TakeAway(), random_player, n=4, seed=0)
>>> df.columns[:6]
['game', 'seed', 'seats', 'seating', 'player_0', 'player_1']
>>> df.height, df["winner"].is_null().sum()
(4, 0)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import polars as pl

from workbench.engine.players import random_player
from workbench.engine.playout import Player, playout, seat_players
from workbench.engine.protocol import Game
from workbench.engine.seeds import derive_seed

Players = Player | Sequence[Player] | Mapping[str, Player]
SEATINGS = ("rotate", "fixed")


def player_name(player: Any) -> str:
    """A readable name for a player function or object.

    >>> player_name(random_player)
    'random_player'
    """
    return str(getattr(player, "__name__", None) or type(player).__name__)


def line_up(game: Game[Any], players: Players) -> tuple[tuple[Player, ...], tuple[str, ...]]:
    """Players per seat and their names (a mapping gives the names)."""
    if isinstance(players, Mapping):
        names = tuple(str(k) for k in players)
        return seat_players(game, list(players.values())), names
    seats = seat_players(game, players)
    return seats, tuple(player_name(p) for p in seats)


def game_seed(seed: int, index: int, key: tuple[Hashable, ...] = ()) -> int:
    """The seed of game ``index`` (``key`` names a sweep's grid point).

    >>> game_seed(0, 5) == derive_seed(0, 5)
    True
    """
    return derive_seed(seed, *key, index) if key else derive_seed(seed, index)


def fast_playout_of(game: Game[Any]) -> Callable[[Game[Any], int], Any] | None:
    """``fast_random_playout`` from the game's players module, if it has one.

    The players module sits next to the module defining the game class:
    ``workbench.games.<name>.players`` for the workbench's games, else the
    class module's sibling ``players``.

    >>> from workbench.engine.toy import TakeAway
    >>> fast_playout_of(TakeAway()) is None
    True
    """
    parts = type(game).__module__.split(".")
    if parts[:2] == ["workbench", "games"] and len(parts) >= 3:
        name = ".".join(parts[:3]) + ".players"
    elif len(parts) >= 2:
        name = ".".join(parts[:-1]) + ".players"
    else:
        return None
    if name == type(game).__module__:
        return None
    try:
        players = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and name.startswith(e.name):
            return None
        raise
    return getattr(players, "fast_random_playout", None)


def _row_of(game: Game[Any], final: Any, scores: Sequence[float]) -> dict[str, Any]:
    ranked = sorted(scores, reverse=True)
    winners = list(game.winners(final)) if final is not None else _best(scores)
    return {
        "winners": winners,
        "winner": winners[0] if len(winners) == 1 else None,
        "draw": len(winners) > 1,
        "margin": float(ranked[0] - ranked[1]) if len(ranked) > 1 else 0.0,
    }


def _best(scores: Sequence[float]) -> list[int]:
    top = max(scores)
    return [i for i, s in enumerate(scores) if s == top]


def simulate_rows(
    game: Game[Any],
    players: Players,
    indices: Iterable[int],
    seed: int,
    *,
    key: tuple[Hashable, ...] = (),
    seating: str = "rotate",
    fast: bool = False,
    max_steps: int = 100_000,
    progress: Any = None,
) -> list[dict[str, Any]]:
    """The rows of the given game indices (the unit of work of a sweep chunk)."""
    if seating not in SEATINGS:
        raise ValueError(f"seating must be one of {SEATINGS}, got {seating!r}")
    seats, names = line_up(game, players)
    n = game.num_players
    fast_fn = fast_playout_of(game) if fast else None
    if fast and (fast_fn is None or any(p is not random_player for p in seats)):
        raise ValueError(f"fast=True needs random players and {game.name}.players.fast_random_playout")
    rows = []
    for i in indices:
        shift = i % n if seating == "rotate" else 0
        order = [(s + shift) % n for s in range(n)]
        s_i = game_seed(seed, i, key)
        row: dict[str, Any] = {"game": i, "seed": s_i, "seats": n, "seating": seating}
        row.update({f"player_{s}": names[order[s]] for s in range(n)})
        if fast_fn is not None:
            result = fast_fn(game, s_i)
            final = None if isinstance(result, tuple) else result
            scores = tuple(result) if final is None else game.returns(final)
            turns = actions = None
        else:
            r = playout(game, [seats[o] for o in order], s_i, max_steps=max_steps)
            final, scores, turns, actions = r.final, game.returns(r.final), r.turns, len(r.actions)
        row.update({f"score_{s}": float(v) for s, v in enumerate(scores)})
        row.update(_row_of(game, final, scores))
        won = row["winner"]
        row["winner_player"] = None if won is None else row[f"player_{won}"]
        row["turns"], row["actions"] = turns, actions
        if final is not None:
            metrics = game.metrics(final)
            clash = [k for k in metrics if k in row]
            if clash:
                raise ValueError(f"{game.name}.metrics() reuses the frame's column names {clash}; rename them")
            row.update(metrics)
        rows.append(row)
        if progress is not None:
            progress.update(1)
    return rows


def simulate(
    game: Game[Any],
    players: Players = random_player,
    n: int = 1000,
    seed: int = 0,
    progress: bool = False,
    fast: bool | None = None,
    *,
    seating: str = "rotate",
    max_steps: int = 100_000,
) -> pl.DataFrame:
    """Play ``n`` seeded games; one row per game (see the module docstring).

    ``fast=None`` or ``False`` plays the normal path (every column filled).
    ``fast=True`` uses the game's ``fast_random_playout`` (random players only;
    ``turns``/``actions`` are null, and metrics too when it returns only scores).
    """
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=n, desc=f"{game.name}", unit="game")
    try:
        rows = simulate_rows(
            game, players, range(n), seed, seating=seating, fast=bool(fast), max_steps=max_steps, progress=bar
        )
    finally:
        if bar is not None:
            bar.close()
    return frame_of(rows)


def frame_of(rows: list[dict[str, Any]]) -> pl.DataFrame:
    """Rows -> a frame with stable dtypes (lists of seats, float scores)."""
    if not rows:
        return pl.DataFrame()
    overrides: dict[str, pl.DataType] = {
        "winners": pl.List(pl.Int64),
        "winner": pl.Int64(),
        "winner_player": pl.String(),
        "turns": pl.Int64(),
        "actions": pl.Int64(),
    }
    return pl.from_dicts(rows, infer_schema_length=None, schema_overrides=overrides)
