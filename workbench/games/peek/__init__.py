"""Peek: the peeking check of issue 13, registered as a game (``workbench play peek``).

Each of two seats is dealt one hidden card from its own suit 1..4; seat 0
must name seat 1's card and wins when it is right. Only hidden information
wins, so a player that sees only its seat wins 1/4 of the games, and a player
that reads the hidden state wins them all. ``rules.py`` has the game
(``make_game``), ``table.py`` the fields, ``steps.py`` the rules as steps,
``analysis.py`` the check itself.

A test fixture, not a game to design: ``TEST_GAME`` keeps it out of the help
texts and ``workbench app`` (:func:`workbench.engine.kernel.registry.shown_game_names`).
"""

TEST_GAME = True
