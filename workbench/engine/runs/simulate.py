"""Batch simulation: many seeded games -> one polars row per game.

Game ``i`` of ``simulate(game, players, n, seed)`` is played by
:func:`~workbench.engine.runs.playout.playout` with the seed
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

>>> from workbench.engine.conformance.toy import TakeAway
>>> from workbench.engine.players import random_player
>>> df = simulate(TakeAway(), random_player, n=4, seed=0)
>>> df.columns[:6]
['game', 'seed', 'seats', 'seating', 'player_0', 'player_1']
>>> df.height, df["winner"].is_null().sum()
(4, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import polars as pl

from workbench.engine.kernel import KernelGame
from workbench.engine.kernel.protocol import Game
from workbench.engine.kernel.seat import Player
from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout, playout_in_place, seat_players

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


def runs_in_place(game: Game[Any]) -> bool:
    """True when the game runs on the kernel, so a playout can step one mutable
    table in place (:func:`~workbench.engine.runs.playout.playout_in_place`: the
    same rules and rng order as the immutable path, hence the same rows).

    >>> from workbench.engine.conformance.toy import TakeAway
    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> runs_in_place(TakeAway()), runs_in_place(make_game())
    (False, True)
    """
    return isinstance(game, KernelGame)


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


def game_row(
    game: Game[Any],
    final: Any,
    index: int,
    seed: int,
    names: Sequence[str],
    seating: str,
    turns: int,
    actions: int,
) -> dict[str, Any]:
    """The frame row of one finished game: who sat where (``names`` by seat), scores,
    winners, length and the game's own ``metrics(final)`` columns."""
    n = game.num_players
    row: dict[str, Any] = {"game": index, "seed": seed, "seats": n, "seating": seating}
    row.update({f"player_{s}": names[s] for s in range(n)})
    scores = game.returns(final)
    row.update({f"score_{s}": float(v) for s, v in enumerate(scores)})
    row.update(_row_of(game, final, scores))
    won = row["winner"]
    row["winner_player"] = None if won is None else row[f"player_{won}"]
    row["turns"], row["actions"] = turns, actions
    if final is not None:
        metrics = game.metrics(final)
        clash = [k for k in metrics if k in row]
        if clash:
            raise ValueError(
                f"{game.name}.metrics() reuses the frame's column names {clash}; rename them"
            )
        row.update(metrics)
    return row


def simulate_rows(
    game: Game[Any],
    players: Players,
    indices: Iterable[int],
    seed: int,
    *,
    key: tuple[Hashable, ...] = (),
    seating: str = "rotate",
    fast: bool | None = None,
    max_steps: int = 100_000,
    progress: Any = None,
    observe: Callable[[Game[Any], Any], Any] | None = None,
) -> list[dict[str, Any]]:
    """The rows of the given game indices (the unit of work of a sweep chunk); with
    ``observe``, each row's ``"observed"`` is ``observe(game, final_state)`` (what a
    report reads off the end of the game, e.g. ``GameSpec.card_events``)."""
    if seating not in SEATINGS:
        raise ValueError(f"seating must be one of {SEATINGS}, got {seating!r}")
    seats, names = line_up(game, players)
    n = game.num_players
    in_place = runs_in_place(game) if fast is None else fast
    if in_place and not runs_in_place(game):
        raise ValueError(f"fast=True needs a game on the engine kernel; {game.name} is not one")
    rows = []
    for i in indices:
        shift = i % n if seating == "rotate" else 0
        order = [(s + shift) % n for s in range(n)]
        s_i = game_seed(seed, i, key)
        line = [seats[o] for o in order]
        r = (
            playout_in_place(game, line, s_i, max_steps=max_steps)
            if in_place
            else playout(game, line, s_i, max_steps=max_steps)
        )
        row = game_row(
            game, r.final, i, s_i, [names[o] for o in order], seating, r.turns, len(r.chance)
        )
        if observe is not None:
            row["observed"] = observe(game, r.final)
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

    ``fast=None`` plays a kernel game in place (one mutable table: the same
    rules, rng order and rows as the immutable path, only faster) and any
    other game on the immutable path; ``fast=False`` forces the immutable
    path, ``fast=True`` requires the in-place one. Every column is filled.
    """
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=n, desc=f"{game.name}", unit="game")
    try:
        rows = simulate_rows(
            game,
            players,
            range(n),
            seed,
            seating=seating,
            fast=fast,
            max_steps=max_steps,
            progress=bar,
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
