"""Players for the detective on the engine's protocol, ``(view, rng) -> action id``.

- :func:`random_player` — the engine's (uniform over ``view.legal_ids``);
- :func:`greedy_player` — investigate the highest-VP payable event, else rest;
- :func:`no_clear_player` — random, but never moves a line card outside;
- :func:`designer_player` — a designer's plain function, checked.

They read only what their seat sees (``view.legal_ids`` and the observed
state, whose face-down zones are ``Hidden``). Played in place
(:func:`~workbench.engine.runs.playout.playout_in_place`) they give the same game
as the immutable path.

>>> from workbench.games.detective.rules import make_game
>>> from workbench.engine.runs.playout import playout, playout_in_place
>>> g = make_game(players=3)
>>> playout_in_place(g, greedy_player, 3).final == playout(g, greedy_player, 3).final
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from workbench.engine.kernel.seat import Player, SeatView
from workbench.engine.players import function_player, random_player

from .policy import GREEDY_FREE_ONESHOTS, SeatTable, greedy_choice

__all__ = [
    "GREEDY_FREE_ONESHOTS",
    "POLICIES",
    "designer_player",
    "greedy",
    "greedy_player",
    "no_clear_player",
    "random_player",
]


def greedy_player(view: SeatView, rng: random.Random) -> Hashable:
    """Investigate the highest-VP payable event (fewest discards, then lowest number);
    else take a break discarding nothing and pass; discard the lowest-VP cards; burn
    the highest-VP event: :func:`~.policy.greedy_choice` (the search's rollout policy
    too) on the table the seat observes. Never uses the rng.

    >>> from workbench.games.detective.rules import make_game
    >>> from workbench.engine.runs.playout import playout
    >>> g = make_game(players=3)
    >>> g.is_terminal(playout(g, greedy_player, 3).final)
    True
    """
    return greedy_choice(SeatTable(view), view.seat, view.legal_ids)


def no_clear_player(view: SeatView, rng: random.Random) -> Hashable:
    """Random, but never moves a line card outside (no clear, no clear events): the
    line then holds exactly the round's draws, as the exact deck engine assumes."""
    ev: Any = view.game.catalogue.events  # type: ignore[attr-defined]
    keep = [
        a
        for a in view.legal_ids
        if a[0] not in ("clear", "remove")  # type: ignore[index]
        and not (a[0] in ("play", "set") and ev[a[1]].has("clear"))  # type: ignore[index]
    ]
    return rng.choice(keep)


def designer_player(
    fn: Callable[..., Any], name: str | None = None, takes: str = "state, actions"
) -> Player:
    """Wrap a designer's ``fn(state, actions)`` (or, with ``takes="game, state, rng"``,
    ``fn(game, state, rng)``) as a checked player (``state`` is what the seat sees).

    >>> from workbench.games.detective.rules import make_game
    >>> from workbench.engine.runs.playout import playout
    >>> first = designer_player(lambda state, actions: actions[0], "first")
    >>> g = make_game(players=3)
    >>> g.is_terminal(playout(g, first, 1).final)
    True
    """
    return function_player(fn, name=name, takes=takes)


#: The players the analyses and the board offer, by name.
POLICIES: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "no_clear": no_clear_player,
}


def greedy(arg: str | None = None) -> Player:
    """The ``greedy`` player family (``--players greedy``): :func:`greedy_player`; takes no argument."""
    if arg is not None:
        raise ValueError(f"greedy takes no argument, got {arg!r}")
    return greedy_player
