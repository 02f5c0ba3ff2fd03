"""The clickable Low Card board."""

from __future__ import annotations

from typing import Any

from lowcard.players import Low
from lowcard.render import render
from lowcard.rules import make_game

from workbench.engine.play.session import Session
from workbench.engine.players.basic import random_player
from workbench.ui.board import BoardView


def make_board(seed: int = 0, **params: Any) -> BoardView:
    """A board over a new session (``params`` go to ``make_game``)."""
    return BoardView(
        Session(make_game(**params), seed=seed),
        render,
        bots={"low": Low(), "random": random_player},
    )
