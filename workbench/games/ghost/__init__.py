"""「何か」, the ghost card game: rules, cards, battle odds, board, players, analysis.

>>> from workbench.games.ghost import make_game
>>> make_game(players=4).num_players
4
"""

from workbench.games.ghost.rules import GhostGame, GhostParams, GhostState, make_game

__all__ = ["GhostGame", "GhostParams", "GhostState", "make_game"]
