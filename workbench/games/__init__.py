"""The workbench's own games, one package each under ``workbench/games/<name>/``.

They join the game registry (:mod:`workbench.engine.kernel.registry`) through the
``workbench.games`` entry points in ``pyproject.toml``, as a designer's own
package would; the core finds them only through the registry. ``ORDER`` is the
order the registry lists them in (entry-point metadata is written sorted).

``GAMES``, ``load_game_module`` and ``available_games`` are kept for old
notebooks and scripts; new code calls the registry.
"""

from __future__ import annotations

from types import ModuleType

from workbench.engine.kernel import registry

ORDER: tuple[str, ...] = ("ghost", "detective", "mugen", "life")

GAMES: tuple[str, ...] = ORDER
"""Deprecated: :func:`workbench.engine.kernel.registry.game_names` also lists games registered elsewhere."""


def load_game_module(name: str, part: str = "rules") -> ModuleType:
    """Deprecated alias of :func:`workbench.engine.kernel.registry.game_module`.

    >>> load_game_module("chess")
    Traceback (most recent call last):
    ...
    workbench.engine.kernel.registry.UnknownGame: unknown game 'chess'; known: ghost, detective, mugen, life...
    """
    return registry.game_module(name, part)


def available_games() -> tuple[str, ...]:
    """The registered games whose rules module imports (the others are still being built)."""
    found = []
    for g in registry.game_names():
        try:
            registry.game_module(g)
        except ModuleNotFoundError:
            continue
        found.append(g)
    return tuple(found)
