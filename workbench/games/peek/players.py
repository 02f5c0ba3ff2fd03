"""Peek's players: only the engine's (``random``, ``greedy``, ``osla``, ``ismcts``) —
every honest player wins 1/4. The peeking player lives in the tests, on purpose.

>>> from workbench.engine.players.specs import player_from_spec
>>> player_from_spec("greedy", "peek")
greedy(margin_score)
"""

from __future__ import annotations

from workbench.engine.players import random_player

__all__ = ["random_player"]
