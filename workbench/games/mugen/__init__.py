"""「むげんの宙へ」 (mugen): a two-player skill-card duel (seed 003), on the engine kernel.

``params`` (the parameters), ``table`` (the state's fields, declared once),
``steps`` (the rules as typed steps), ``rules`` (the game: set-up, score,
readings in its docstring), ``cards`` / ``effects`` (the card sheet and its
closed effect vocabulary), ``decks`` (deck files and construction rules),
``scenario`` (positions by hand), ``players``, ``render`` / ``board`` (the
table), ``odds`` (exact deck odds) and ``analysis`` / ``charts`` (the design
questions).
"""
