"""One session seen by one viewer: a seat (only what it may see) or the designer (everything,
secrets marked). The log, the last-chance strip and the picture all go through here.

A seat reads the log line of a secret outcome or choice it may not see as the
step's ``hidden_label`` ("Player 3 draws an event card"); the designer reads
every label, a secret marked ``[seen by Player 3]``
(:func:`workbench.engine.kernel.secrets.label_for`).

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> from workbench.engine.play.session import Session
>>> s = Session(make_game(), seed=1)
>>> log_for(s, 1)[:2]
['1. deal a card to seat 1', '2. deal 1 to seat 2']
>>> log_for(s, None)[0]
'1. deal 2 to seat 1 [seen by Player 1]'
>>> log_for(s, 0)[0] == s.log[0]
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any

from workbench.engine.kernel import KernelGame
from workbench.engine.kernel.protocol import CHANCE, Game

__all__ = [
    "DESIGNER",
    "label_as",
    "log_for",
    "picture_for",
    "player_words",
    "seat_word",
    "sees_outcome",
    "viewer_name",
]

DESIGNER = None  # the viewer who sees everything


@lru_cache(maxsize=64)
def _declared_word(name: str) -> str:
    from workbench.registry import UnknownGame, spec

    try:
        return spec(name).seat_word
    except UnknownGame:  # a game of your own, not registered
        return "Player"


def seat_word(game: Game[Any] | None) -> str:
    """The game's one word for a seat (its ``GameSpec.seat_word``: ``Player``, ghost's
    ``User``); ``Player`` for a game not registered.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> seat_word(make_game()), seat_word(None)
    ('Player', 'Player')
    """
    return "Player" if game is None else _declared_word(game.name)


def viewer_name(viewer: int | None, game: Game[Any] | None = None) -> str:
    """'designer' or the seat's name, counted from 1 in the game's word.

    >>> viewer_name(None), viewer_name(2)
    ('designer', 'Player 3')
    """
    return "designer" if viewer is None else f"{seat_word(game)} {viewer + 1}"


_ABBREVIATED = re.compile(r"\bP(\d+)\b")


def player_words(text: str, word: str = "Player") -> str:
    """A line with every player named the one way, ``word n`` (counted from 1): the engine's
    ``P<n>`` written out, and the word in any case (``user 2``) or the engine's default
    ``Player n`` spelled as the game spells it.

    >>> player_words("P2: attack user 1 [seen by P2]", "User")
    'User 2: attack User 1 [seen by User 2]'
    >>> player_words("P1 draws; Player 2 waits; APP2 stays")
    'Player 1 draws; Player 2 waits; APP2 stays'
    """
    text = _ABBREVIATED.sub(lambda m: f"{word} {m.group(1)}", text)
    spelled = re.compile(rf"\b(?:{re.escape(word)}|Player) (\d+)\b", re.IGNORECASE)
    return spelled.sub(lambda m: f"{word} {m.group(1)}", text)


def sees_outcome(game: Game[Any], state: Any, x: Hashable, viewer: int | None) -> bool:
    """May ``viewer`` see outcome or action ``x`` taken at ``state``?"""
    if viewer is None or not isinstance(game, KernelGame):
        return True
    who = game.seen_by(state, x)
    return who is None or viewer in who


def label_as(game: Game[Any], state: Any, x: Hashable, viewer: int | None) -> str:
    """The label of ``x`` at ``state`` as ``viewer`` reads it (any game)."""
    if isinstance(game, KernelGame):
        return game.label_for(state, x, viewer)
    return game.action_label(state, x)


def log_for(session: Any, viewer: int | None, cache: dict[Any, Any] | None = None) -> list[str]:
    """The session's log as ``viewer`` reads it (the same numbering as :attr:`Session.log`,
    each line prefixed by the player who chose and every player named the one way,
    :func:`player_words`; a chosen chance outcome is marked ``(chosen)``).
    ``cache``: a dict kept between calls (a board redrawn after every move labels each
    step once; it holds the states it saw, so their ids stay theirs)."""
    game, history, actions = session.game, session.history, session.actions
    chosen = set(session.chosen_steps)
    word = seat_word(game)
    out = []
    for k, x in enumerate(actions):
        state = history[k]
        key = (viewer, k, id(state))
        hit = cache.get(key) if cache is not None else None
        if hit is not None and hit[0] is state and hit[1] == x:
            label = hit[2]
        else:
            label = player_words(label_as(game, state, x, viewer), word)
            if cache is not None:
                cache[key] = (state, x, label)
        who = game.current_player(state)
        who_text = "" if who == CHANCE or label.startswith("chance") else f"{word} {who + 1}: "
        out.append(f"{k + 1}. {who_text}{label}{' (chosen)' if k in chosen else ''}")
    return out


def picture_for(
    game: Game[Any],
    render: Callable[..., str],
    state: Any,
    viewer: int | None,
    picks: Sequence[str] = (),
) -> str:
    """The picture ``viewer`` may see (``None``: the designer's whole table), drawn by a
    render of the one shape ``render(game, state, viewer=None, picks=())``
    (``GameSpec.render``), called with both keywords."""
    return render(game, state, viewer=viewer, picks=tuple(picks))
