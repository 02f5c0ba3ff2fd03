"""The one normal path for playing a game to its end with players and one rng.

Every batch tool (simulation, conformance, benchmarks, a session's "play to
end") plays through :func:`playout`, so "the same seed" means the same game
everywhere. The rng is consumed in a fixed order, step by step:

- at a chance node: ``game.sample_chance(state, rng)`` (by default
  ``Dist.sample``: one ``rng.randrange(total)`` walked over the outcomes in
  their order);
- at a player node: ``players[seat](view, seat_rng)`` where ``view`` is the
  :class:`SeatView` of that seat — its legal action ids and its observation,
  never the hidden state — and ``seat_rng`` is that seat's own stream
  (:func:`~workbench.engine.kernel.seeds.player_rngs`: derived from the seed
  and the seat, never the chance rng, so the deals do not depend on the
  players); the :func:`~workbench.engine.players.random_player` draws
  ``seat_rng.choice(ids)`` over ``view.legal_ids`` in the order the game lists them.

For a kernel game, :func:`playout_in_place` runs the same rules on one mutable
table (no snapshot per step, the kernel's own loop: ``Table.play_out``) and
consumes the rng in exactly the same order, so it gives the same game: it is
the fast path, not a second implementation.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.seat import Player, SeatView, random_player
from workbench.engine.kernel.seeds import player_rngs


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
        raise ValueError(f"{len(seq)} players given for {game.num_players} seats of {game.name}")
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
    >>> from workbench.engine.conformance.toy import TakeAway
    >>> r = playout(TakeAway(), random_player, seed=3)
    >>> r == playout(TakeAway(), random_player, seed=3)
    True
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    seats = seat_players(game, players)
    own = player_rngs(seed, len(seats))
    # a random player's draw made here, as random_player makes it: rng.choice(legal ids)
    randoms = tuple(own[i].choice if p is random_player else None for i, p in enumerate(seats))
    s = game.initial_state() if state is None else state
    actions: list[Hashable] = []
    chance: list[bool] = []
    apply, current, legal = game.apply, game.current_player, game.legal_ids
    for _ in range(max_steps):
        who = current(s)
        if who == TERMINAL:
            return PlayoutResult(s, tuple(actions), tuple(chance))
        if who == CHANCE:
            a = game.sample_chance(s, rng)
            chance.append(True)
        else:
            pick = randoms[who]
            if pick is None:
                a = seats[who](SeatView(game, who, s), own[who])
            elif not (ids := legal(s)):
                raise IllegalAction(f"{game.name}: no legal action for seat {who}")
            else:
                a = pick(ids)
            chance.append(False)
        actions.append(a)
        s = apply(s, a)
    if game.is_terminal(s):
        return PlayoutResult(s, tuple(actions), tuple(chance))
    raise GameTooLong(f"{game.name} did not end within {max_steps} steps")


def playout_in_place(
    game: Any,
    players: Player | Sequence[Player],
    seed: int | random.Random,
    *,
    max_steps: int = 100_000,
    record: bool = False,
) -> PlayoutResult:
    """:func:`playout` for a kernel game, on one mutable table: the same rules,
    the same rng order, the same final state; ``actions`` are recorded only
    with ``record=True`` (else ``actions`` is empty and ``chance`` holds one
    flag per step, so ``turns`` still counts the decisions).

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> from workbench.engine.players import random_player
    >>> g = make_game()
    >>> fast = playout_in_place(g, random_player, 9, record=True)
    >>> fast == playout(g, random_player, 9)
    True
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    seats = seat_players(game, players)
    own = player_rngs(seed, len(seats))
    randoms = tuple(own[i].choice if p is random_player else None for i, p in enumerate(seats))
    t = game.new_table()
    actions: list[Hashable] = []
    chance: list[bool] = []

    def decide(top: Any, t: Any) -> Hashable:  # a seat's player other than random_player
        seat = top.seat
        return seats[seat](SeatView(game, seat, t), own[seat])  # type: ignore[no-any-return]

    t.play_out(rng, randoms, decide, max_steps, chance, actions if record else None)
    if t.tasks:
        raise GameTooLong(f"{game.name} did not end within {max_steps} steps")
    return PlayoutResult(t.freeze(), tuple(actions), tuple(chance))
