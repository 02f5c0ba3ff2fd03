"""The clickable {{Title}} board (``workbench app {{name}}`` serves it).

>>> b = make_board(seed=1)
>>> b.session.legal_actions()[0].label
'seat 1 draws'
"""

from __future__ import annotations

from typing import Any

from workbench.engine.players.basic import random_player
from workbench.engine.play.session import Session
from workbench.ui.board import BoardView

from {{name}}.players import Cautious
from {{name}}.render import render
from {{name}}.rules import make_game


def make_board(seed: int = 0, **params: Any) -> BoardView:
    """A board over a new session (``params`` go to ``make_game``)."""
    game = make_game(**params)
    return BoardView(Session(game, seed=seed), render,
                     bots={"cautious": Cautious(), "random": random_player})
