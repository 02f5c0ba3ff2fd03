"""The clickable Pig board (``workbench app pig`` serves it).

>>> b = make_board(seed=1)
>>> [a.label for a in b.session.legal_actions()]
['seat 1 rolls (turn total 0)']
"""

from __future__ import annotations

from typing import Any

from pig.players import hold
from pig.render import render
from pig.rules import make_game
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.ui.board import BoardView


def make_board(seed: int = 0, **params: Any) -> BoardView:
    """A board over a new session (``params`` go to ``make_game``)."""
    game = make_game(**params)
    return BoardView(
        Session(game, seed=seed), render, bots={"hold:20": hold(20), "random": random_player}
    )
