"""Bots on a session: one bot move (:meth:`Session.bot_move`), or bots in every seat to
the end (:meth:`Session.play_to_end`); the session's methods call these functions.

A bot in seat ``s`` draws from that seat's own rng (``session.player_rng(s)``),
never from the chance rng, so the dice are the same whoever plays; a session
is where people play, so a player that reads hidden cards is refused.

>>> from workbench.engine.conformance.toy import TakeAway
>>> from workbench.engine.kernel.seat import random_player
>>> from workbench.engine.play.session import Session
>>> s = Session(TakeAway(), seed=0)
>>> play_to_end(s, random_player)
>>> s.is_over, s.step == len(s.log)
(True, True)
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from operator import attrgetter
from typing import Any, Protocol

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, IllegalAction
from workbench.engine.kernel.rng import CountingRandom
from workbench.engine.kernel.seat import Player, SeatView, random_player, sees_everything
from workbench.engine.play.timeline import Timeline
from workbench.engine.runs.playout import GameTooLong, seat_players


class BotSession(Protocol):
    """What bots need of a session (:class:`~workbench.engine.play.session.Session` has
    it; named here so this module does not import that one, which imports this)."""

    game: Any
    timeline: Timeline

    @property
    def state(self) -> Any: ...
    @property
    def to_move(self) -> int: ...
    @property
    def rng(self) -> CountingRandom: ...
    @property
    def player_rngs(self) -> tuple[CountingRandom, ...]: ...
    def player_rng(self, seat: int) -> random.Random: ...
    def apply(self, action_id: Hashable) -> None: ...
    def roll(self) -> None: ...
    def stepper(self) -> Callable[[Any, Hashable], Any]: ...
    def changed(self) -> None: ...


_words = attrgetter("words")  # a CountingRandom's position


def refuse_cheats(players: Sequence[Player]) -> None:
    """A session is where people play: a player that reads hidden cards (``open:400``,
    the search's upper bound) belongs in batch runs, not here.

    >>> class Cheat:
    ...     SEES_EVERYTHING = True
    >>> refuse_cheats([Cheat()])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    workbench.engine.kernel.protocol.IllegalAction: ... sees every hidden card ...
    """
    for p in players:
        if sees_everything(p):
            raise IllegalAction(
                f"{getattr(p, '__name__', p)} sees every hidden card (an upper "
                "bound for benches); sessions and playtests take fair players only"
            )


def bot_move(session: BotSession, player: Player) -> None:
    """Let ``player`` choose the next action (chance: roll) with its seat's rng."""
    refuse_cheats([player])
    who = session.to_move
    if who == TERMINAL:
        raise IllegalAction("the game is over")
    if who == CHANCE:
        session.roll()
        return
    session.apply(player(SeatView(session.game, who, session.state), session.player_rng(who)))


def play_to_end(
    session: BotSession, players: Player | Sequence[Player], max_steps: int = 100_000
) -> None:
    """Let bots play every seat to the end (one player, or one per seat).

    The hot path of sessions played by bots: the state and the seat to move
    are read once a step and handed to the push, and a random player's draw
    is made here, as :func:`~workbench.engine.kernel.seat.random_player` makes
    it (``rng.choice`` of the legal ids from the seat's own rng, as playout does).
    """
    game = session.game
    seats = seat_players(game, players)
    refuse_cheats(seats)
    with gc_paused():
        _play(session, game, seats, max_steps)
    session.changed()


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for the block, then resumed as it was.

    A game's steps make no reference cycle (every object a session or a playout
    drops is freed by its reference count at once, checked for every game with
    random, greedy, osla and search players), so a collection inside the block
    finds nothing to free: it only walks the history the session keeps (a large
    share of ``play_to_end``: ``bench/sim.py`` prints a session's cost beside the
    playout's). Pausing changes no result and no moment an
    object is freed; a player that did make cycles would have them collected after
    the block instead of during it. A collector already off stays off.

    >>> import gc
    >>> with gc_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _play(session: BotSession, game: Any, seats: Sequence[Player], max_steps: int) -> None:
    """:func:`play_to_end`'s loop, through the session's public methods and its timeline's:
    the redo tail is dropped before the first step (as every recorded step drops it),
    then each step is added to the timeline with the rng positions after it; the seats'
    rng positions are read again only after a decision (a chance step draws from the
    chance rng alone, and ``apply`` from no rng), else the previous step's tuple is kept."""
    timeline, chance_rng, seat_rngs = session.timeline, session.rng, session.player_rngs
    current, sample, legal = game.current_player, game.sample_chance, game.legal_ids
    randoms = tuple(
        r.choice if p is random_player else None for p, r in zip(seats, seat_rngs, strict=True)
    )
    advance, add = session.stepper(), timeline.add
    state = timeline.state
    tail = timeline.has_tail
    seat_mark = tuple(map(_words, seat_rngs))
    for _ in range(max_steps):
        who = current(state)
        if who == TERMINAL:
            break
        if who == CHANCE:
            a = sample(state, chance_rng)
        elif (pick := randoms[who]) is not None:
            if not (ids := legal(state)):
                raise IllegalAction(f"{game.name}: no legal action for seat {who}")
            a = pick(ids)
        else:
            view = SeatView(game, who, state)
            a = seats[who](view, seat_rngs[who])
            if a not in view.legal_ids:
                raise IllegalAction(f"bot for P{who + 1} chose illegal {a!r}")
        if tail:  # after an undo: the redo tail goes, as at every recorded step
            timeline.drop_tail()
            tail = False
        state = advance(state, a)
        if who != CHANCE:
            seat_mark = tuple(map(_words, seat_rngs))
        add(state, chance_rng.words, seat_mark, a, who == CHANCE)
    else:
        raise GameTooLong(f"{game.name} did not end within {max_steps} steps")
