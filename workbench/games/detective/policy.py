"""The detective's rule of thumb, written once: the greedy player and the search's rollouts.

:func:`greedy_choice` picks an action for the seat to move from its legal ids and a
table. The greedy player (:func:`~.players.greedy_player`) hands it the table its seat
observes (:class:`SeatTable`: ``view.table``, built only when a choice reads
it); the search (:meth:`.rules.Detective.rollout_action`) hands it the determinised
world it rolls out in, whose every card the rollout may read. Both read only what the
seat to move sees: its own hand and reservation, and the face-up fields.

The rule: investigate the highest-VP payable event (fewest discards, then lowest
number; with ``oneshot_free`` at most :data:`GREEDY_FREE_ONESHOTS` free one-shots a
turn); else take a break discarding nothing, then pass; discard the lowest-VP cards;
burn the highest-VP event. It never uses the rng.

>>> import random
>>> from workbench.games.detective.rules import make_game
>>> g = make_game(players=3)
>>> t = g.new_table()
>>> while t.to_move() < 0:
...     t.step(t.sample(random.Random(1)))
>>> g.rollout_action(t, random.Random(0)) in t.legal()
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from workbench.engine.kernel.seat import SeatView

__all__ = ["GREEDY_FREE_ONESHOTS", "SeatTable", "greedy_choice", "rollout_action"]

GREEDY_FREE_ONESHOTS = 2
"""Free one-shots (``oneshot_free``) the greedy player plays in a turn before it stops:
with no cap in the rules, a one-shot that draws cards could otherwise be played forever."""

MAIN_KINDS = frozenset(("play", "set", "break", "reserve"))
PASS_KINDS = frozenset(("suspect", "clear", "pass", "add", "withdraw", "remove"))
PASS = ("pass",)
BREAK = ("break",)


def greedy_choice(t: Any, seat: int, legal: Sequence[Any]) -> Hashable:
    """The rule of thumb's action for ``seat`` among its ``legal`` ids on table ``t``
    (read only in the main phase, and there only what a tie or ``oneshot_free`` needs).

    >>> from workbench.games.detective.rules import make_game
    >>> g = make_game(players=3)
    >>> greedy_choice(g.view(g.initial_state()), 0, [("discard", 9), ("discard", 40)])
    ('discard', 40)
    """
    kind = legal[0][0]
    events = t.game.catalogue.events
    if kind in MAIN_KINDS:
        plays = [a for a in legal if a[0] == "play" or a[0] == "set"]
        if not plays:
            return BREAK
        if t.game.catalogue.params.oneshot_free and t.free_used >= GREEDY_FREE_ONESHOTS:
            plays = [a for a in plays if events[a[1]].placed]  # no cap in the rules: the bot's
            if not plays:
                return BREAK
        top = max(events[a[1]].vp for a in plays)
        best = [a for a in plays if events[a[1]].vp == top]
        if len(best) == 1:
            return best[0]  # type: ignore[no-any-return]
        return max(best, key=lambda a: (-t.discards_needed(seat, a[1]), -a[1]))  # type: ignore[no-any-return]
    if kind in PASS_KINDS:
        return PASS
    if kind == "burn":
        return max(legal, key=lambda a: (events[a[2]].vp, -a[2]))  # type: ignore[no-any-return]
    return min(legal, key=t.game.catalogue.discard_rank.__getitem__)  # type: ignore[no-any-return]


def rollout_action(t: Any, rng: random.Random) -> Hashable:
    """:func:`greedy_choice` for the seat to move on a table (a search's world)."""
    top = t.tasks[-1]
    return greedy_choice(t, top.seat, top.legal(t))


class SeatTable:
    """The table a seat observes (``view.table``, its fields read on demand), built on first read:
    most choices need only the legal ids, and observing costs more than choosing."""

    __slots__ = ("_seat_view", "_table")

    def __init__(self, view: SeatView) -> None:
        self._seat_view = view
        self._table: Any = None

    @property
    def game(self) -> Any:
        return self._seat_view.game

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # its own slots unset (a copy being made): no table to ask
            raise AttributeError(name)
        t = self._table
        if t is None:
            v = self._seat_view
            t = self._table = v.table
        return getattr(t, name)
