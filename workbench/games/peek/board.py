"""Peek has no clickable board: a game is one decision, which the boards' click-through
check (ten clicks and an undo) cannot exercise. Its picture is :func:`board_picture`
(``render.render``); play it with ``workbench play peek`` or a Session.

>>> from workbench.games.peek.rules import make_game
>>> g = make_game()
>>> board_picture(g, g.initial_state()).startswith("<div class='wb-peek-board'>")
True
"""

from __future__ import annotations

from typing import Any

from workbench.games.peek.render import render


def board_picture(game: Any, state: Any) -> str:
    """The picture a board would show (every card face up: the designer's view)."""
    return render(game, state)
