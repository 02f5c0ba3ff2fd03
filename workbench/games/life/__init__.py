"""Life is Rolling Stone (seed 004): rules, cards, board, players and analysis.

>>> from workbench.games.life import make_game
>>> make_game(players=3).params.players
3
"""

from workbench.games.life.params import LifeParams
from workbench.games.life.rules import LifeGame, LifeState, make_game

__all__ = ["LifeGame", "LifeParams", "LifeState", "make_game"]
