"""The clickable Pig board (``workbench app pig`` serves it).

>>> b = make_board(seed=1)
>>> b.session.legal_actions()[0].label
'seat 1 draws'
"""

from __future__ import annotations

from typing import Any

from workbench.engine.players import random_player
from workbench.engine.session import Session
from workbench.ui.board import BoardView

from pig.players import Cautious
from pig.render import render
from pig.rules import make_game


def make_board(seed: int = 0, **params: Any) -> BoardView:
    """A board over a new session (``params`` go to ``make_game``)."""
    game = make_game(**params)
    return BoardView(Session(game, seed=seed), render,
                     bots={"cautious": Cautious(), "random": random_player})
