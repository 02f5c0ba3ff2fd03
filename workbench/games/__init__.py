"""The games. Each lives in ``workbench/games/<name>/`` with the same files:
``rules.py`` (frozen state + rules), ``cards.py`` (sheet loading), ``render.py``
(state -> HTML/SVG), ``board.py`` (the ipywidgets view) and ``analysis.py``
(the design questions the notebook answers).
"""

from __future__ import annotations

import importlib
from typing import Any

GAMES: tuple[str, ...] = ("ghost", "detective", "mugen", "life")


def load_game_module(name: str, part: str = "rules") -> Any:
    """Import ``workbench.games.<name>.<part>``; a clear error for unknown names.

    >>> load_game_module("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; known: ghost, detective, mugen, life
    """
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(f"workbench.games.{name}.{part}")


def available_games() -> tuple[str, ...]:
    """The games whose rules module imports (the others are still being built)."""
    found = []
    for g in GAMES:
        try:
            load_game_module(g)
        except ModuleNotFoundError:
            continue
        found.append(g)
    return tuple(found)
