"""Peek: the peeking check of issue 13, registered as a game (``workbench play peek``).

Each of two seats is dealt one hidden card from its own suit 1..4; seat 0
must name seat 1's card and wins when it is right. Only hidden information
wins, so a player that sees only its seat wins 1/4 of the games, and a player
that reads the hidden state wins them all. ``rules.py`` has the game
(``make_game``), ``table.py`` the fields, ``steps.py`` the rules as steps,
``analysis.py`` the check itself.

A test fixture, not a game to design: ``test_game=True`` keeps it out of the help
texts and ``workbench app`` (:func:`workbench.registry.shown_game_names`).
"""

from workbench.spec import GameSpec, GameType, refs

_here = refs(__name__)

SPEC = GameSpec(
    name="peek",
    title="Peek (the peeking check)",
    version="1",
    game_type=GameType("imperfect", "explicit", 2, 2, "zero-sum"),
    new_game=_here("rules:make_game"),
    render=_here("render:render"),
    parameters=_here("params:PeekParams"),
    test_game=True,
)
"""Everything the workbench knows about the game (:class:`workbench.spec.GameSpec`)."""

__all__ = ["SPEC"]
