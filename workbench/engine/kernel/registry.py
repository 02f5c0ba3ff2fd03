"""The game registry: which games exist and where their modules live.

Games join through the Python entry-point group :data:`GROUP` (the
distribution's name + ``.games``); each entry point names a game and its value is the game's *package*, whose ``rules``
module has ``make_game(**params)``. The workbench declares its own games this
way in ``pyproject.toml``; a designer's package joins with the same lines::

    [project.entry-points."<GROUP>"]
    mygame = "mypackage.mygame"

For a package that is not installed (a test, a notebook), :func:`register`
adds a game in this process; a later registration of a name wins over an
earlier one and over the entry point.

The core never names a game: it asks this module. Names come out with the
workbench's own games first, in the order they are declared, then the others
sorted.

>>> register("toys", "workbench.engine.conformance")
>>> "toys" in game_names()
True
>>> game_module("toys", "toy").__name__
'workbench.engine.conformance.toy'
>>> game_module("no such game")
Traceback (most recent call last):
...
workbench.engine.kernel.registry.UnknownGame: unknown game 'no such game'; known: ...
>>> unregister("toys")
"""

from __future__ import annotations

import functools
import importlib
import re
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

GROUP = __name__.partition(".")[0] + ".games"
"""The entry-point group games register in (written out in ``pyproject.toml``)."""

_OWN_DIST = "workbench"
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
_registered: dict[str, str] = {}


class UnknownGame(ValueError):
    """A game name that is neither an entry point nor registered in this process."""


def _declared_order(packages: dict[str, str]) -> tuple[str, ...]:
    """The optional ``ORDER`` tuple of the package that holds these games, if any.

    A distribution declaring several games under one parent package (the
    workbench's own ``<parent>.<game>``) may list their order there; entry-point
    metadata itself is written sorted.
    """
    parents = {value.rpartition(".")[0] for value in packages.values()}
    if len(parents) != 1 or "" in parents:
        return ()
    try:
        order = getattr(importlib.import_module(parents.pop()), "ORDER", ())
    except ImportError:
        return ()
    return tuple(n for n in order if n in packages)


@functools.cache
def _entry_points() -> dict[str, str]:
    """name -> package from the installed entry points, the workbench's own first."""
    own: dict[str, str] = {}
    others: dict[str, str] = {}
    for ep in entry_points(group=GROUP):
        dist = ep.dist.name if ep.dist is not None else None
        (own if dist == _OWN_DIST else others)[ep.name] = ep.module  # "pkg" of "pkg:attr"
    first = _declared_order(own)
    ordered = {n: own[n] for n in first}
    ordered.update(sorted(own.items()))
    ordered.update(sorted((n, p) for n, p in others.items() if n not in ordered))
    return ordered


@functools.cache
def _games() -> dict[str, str]:
    """Every known game -> its package (entry points, then in-process registrations)."""
    found = dict(_entry_points())
    extra = {n: p for n, p in _registered.items() if n not in found}
    found.update(_registered)
    ordered = {n: found[n] for n in _entry_points()}
    ordered.update(sorted(extra.items()))
    return ordered


def game_names() -> tuple[str, ...]:
    """The registered game names, the workbench's own first (declared order), then sorted.

    >>> len(game_names()) >= 1
    True
    """
    return tuple(_games())


def shown_game_names() -> tuple[str, ...]:
    """:func:`game_names` without the test fixtures: a game whose package sets
    ``TEST_GAME = True`` (a check registered as a game) stays playable by name but is
    not listed in help texts or served as a board.

    >>> set(shown_game_names()) <= set(game_names())
    True
    """
    return tuple(n for n in game_names() if not is_test_game(n))


def is_test_game(name: str) -> bool:
    """Whether game ``name`` is a test fixture (its package sets ``TEST_GAME = True``)."""
    try:
        package = importlib.import_module(game_package(name))
    except (ImportError, UnknownGame):
        return False
    return getattr(package, "TEST_GAME", False) is True


def game_package(name: str) -> str:
    """The dotted package of game ``name``; :class:`UnknownGame` for an unknown name.

    >>> game_package("chess")
    Traceback (most recent call last):
    ...
    workbench.engine.kernel.registry.UnknownGame: unknown game 'chess'; known: ...
    """
    games = _games()
    try:
        return games[name]
    except (KeyError, TypeError):
        known = ", ".join(games) or "(none: is the workbench installed?)"
        raise UnknownGame(f"unknown game {name!r}; known: {known}") from None


def game_module(name: str, part: str = "rules") -> ModuleType:
    """Import ``<package of name>.<part>`` (``rules``, ``cards``, ``board``, ...).

    An unknown name raises :class:`UnknownGame`; a game without that part raises
    ``ModuleNotFoundError`` as Python does.
    """
    return importlib.import_module(f"{game_package(name)}.{part}")


def make_game(name: str, **params: Any) -> Any:
    """The game ``name`` built by its ``rules.make_game(**params)``."""
    return game_module(name).make_game(**params)


def register(name: str, package: str) -> None:
    """Register game ``name`` whose modules live under ``package`` (this process only).

    A later registration wins. The package is imported only when a module of it
    is asked for.

    >>> register("Bad Name", "x")
    Traceback (most recent call last):
    ...
    ValueError: game name 'Bad Name' must be lower-case letters, digits and _ (start with a letter)
    """
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(
            f"game name {name!r} must be lower-case letters, digits and _ (start with a letter)"
        )
    if not isinstance(package, str) or not _PACKAGE.match(package):
        raise ValueError(f"package {package!r} for game {name!r} must be a dotted module path")
    _registered[name] = package
    _games.cache_clear()


def unregister(name: str) -> None:
    """Forget an in-process registration of ``name`` (entry points stay)."""
    _registered.pop(name, None)
    _games.cache_clear()


def refresh() -> None:
    """Read the entry points again (after installing a game package in this process)."""
    _entry_points.cache_clear()
    _games.cache_clear()
