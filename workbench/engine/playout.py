"""The one normal path for playing a game to its end with players and one rng.

Every batch tool (simulation, conformance, benchmarks, a session's "play to
end") plays through :func:`playout`, so "the same seed" means the same game
everywhere. The rng is consumed in a fixed order, step by step:

- at a chance node: ``game.sample_chance(state, rng)`` (by default
  ``Dist.sample``: one ``rng.randrange(total)`` walked over the outcomes in
  their order);
- at a player node: ``players[seat](game, state, rng)``; the
  :func:`~workbench.engine.players.random_player` draws ``rng.choice(legal)``
  over ``game.legal_actions(state)`` in the order the game lists them.

A game's ``fast_random_playout(game, seed)`` must consume ``random.Random(seed)``
in exactly that order to reproduce :func:`playout` with random players.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from workbench.engine.protocol import CHANCE, TERMINAL, Game


class Player(Protocol):
    """A player: ``(game, state, rng) -> action id`` (the rng is the game's one rng)."""

    def __call__(self, game: Game[Any], state: Any, rng: random.Random) -> Hashable: ...


class GameTooLong(RuntimeError):
    """A playout exceeded its step limit (the game may never end)."""


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The end of one playout: final state, every action id and which were chance."""

    final: Any
    actions: tuple[Hashable, ...]
    chance: tuple[bool, ...]

    @property
    def turns(self) -> int:
        """Player decisions (actions that were not chance)."""
        return self.chance.count(False)


def seat_players(game: Game[Any], players: Player | Sequence[Player]) -> tuple[Player, ...]:
    """One player per seat: a single player is used for every seat.

    >>> from workbench.engine.players import random_player
    >>> class G:  # a stand-in with three seats
    ...     num_players = 3
    >>> len(seat_players(G(), random_player))  # type: ignore[arg-type]
    3
    """
    if callable(players):
        return (players,) * game.num_players
    seq = tuple(players)
    if len(seq) != game.num_players:
        raise ValueError(
            f"{len(seq)} players given for {game.num_players} seats of {getattr(game, 'name', game)}"
        )
    for i, p in enumerate(seq):
        if not callable(p):
            raise TypeError(f"player for seat {i} is not callable: {p!r}")
    return seq


def playout(
    game: Game[Any],
    players: Player | Sequence[Player],
    seed: int | random.Random,
    *,
    max_steps: int = 100_000,
    state: Any = None,
) -> PlayoutResult:
    """Play from ``state`` (default: the initial state) to the end.

    >>> from workbench.engine.players import random_player
    >>> from workbench.engine.toy import TakeAway
    >>> r = playout(TakeAway(), random_player, seed=3)
    >>> r == playout(TakeAway(), random_player, seed=3)
    True
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    seats = seat_players(game, players)
    s = game.initial_state() if state is None else state
    actions: list[Hashable] = []
    chance: list[bool] = []
    apply, current = game.apply, game.current_player
    for _ in range(max_steps):
        who = current(s)
        if who == TERMINAL:
            return PlayoutResult(s, tuple(actions), tuple(chance))
        if who == CHANCE:
            a = game.sample_chance(s, rng)
            chance.append(True)
        else:
            a = seats[who](game, s, rng)
            chance.append(False)
        actions.append(a)
        s = apply(s, a)
    if game.is_terminal(s):
        return PlayoutResult(s, tuple(actions), tuple(chance))
    raise GameTooLong(f"{game.name} did not end within {max_steps} steps")
