"""「むげんの宙へ」 (mugen): a two-player skill-card duel (seed 003).

``rules`` (the game on the engine protocol, readings in its docstring), ``cards``
(the card sheet), ``decks`` (deck files and construction rules), ``scenario``
(positions by hand), ``players``, ``render`` / ``board`` (the table), ``odds``
(exact deck odds) and ``analysis`` / ``charts`` (the design questions).
"""
