"""「何か」, the ghost card game on the engine kernel.

``params`` (the settings), ``table`` (the fields, declared once, and their
queries), ``steps`` / ``steps_battle`` / ``steps_turn`` (the rules as typed
steps), ``rules`` (the game: ``make_game``), ``cards`` (the sheet), ``odds``
(exact battle chances), ``players``, ``render``, ``board``, ``analysis`` and
``charts`` (the notebook's questions).
"""
