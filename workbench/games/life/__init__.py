"""Life is Rolling Stone (seed 004): rules on the engine kernel, cards, board,
players and analysis.

``rules.py`` has the game (``make_game``) and the readings of the seed;
``table.py`` the fields, ``steps*.py`` the rules as steps.
"""
