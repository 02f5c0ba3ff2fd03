"""The game registry: which games exist, each as its :class:`~workbench.spec.GameSpec`.

Games join through the Python entry-point group :data:`GROUP`; each entry point
names a game and its value is the game's package, which exports ``SPEC`` (or the
entry point names the spec itself, ``"package:SPEC"``). The workbench declares its
own games this way in ``pyproject.toml``; a designer's package joins with the same
lines::

    [project.entry-points."workbench.games"]
    mygame = "mygame"

Reading the installed entry points means importing :mod:`importlib.metadata` (and the
``email`` parser under it) and reading every distribution's metadata: about a third of a
cached ``workbench compare`` re-ask. So the group's entries are kept in a small file
(``$WORKBENCH_CACHE``, else ``~/.cache/workbench``, one per interpreter prefix) with the
fingerprint of what that scan reads: every ``sys.path`` folder's ``*.dist-info`` and
``*.egg-info`` folders and the modification time of each one's ``entry_points.txt``. A
package installed, removed or re-declared changes the fingerprint, so a new game is found
at once; only then are the entry points scanned again (``WORKBENCH_REGISTRY_CACHE=0``:
always scan, nothing kept). A cache that cannot be read or written is ignored.

For a game that is not installed (a test, a notebook), :func:`register` adds its
spec in this process; a later registration of a name wins over an earlier one and
over the entry point.

The core never names a game: it asks this module. Names come out with the
workbench's own games first, in the order they are declared, then the others
sorted. This module is on the ground floor (it imports no engine, game or view).

>>> from workbench.spec import GameSpec, GameType, Ref
>>> register(GameSpec("nim", "One-pile Nim", "1", GameType("perfect", "deterministic", 2, 2,
...     "zero-sum"), Ref("workbench.engine.conformance.toy:make_takeaway")))
>>> "nim" in game_names(), spec("nim").title
(True, 'One-pile Nim')
>>> make_game("nim", stones=5).initial_state().stones
5
>>> spec("no such game")
Traceback (most recent call last):
...
workbench.registry.UnknownGame: unknown game 'no such game'; known: ...
>>> unregister("nim")
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import sys
import zlib
from typing import Any, NamedTuple

from workbench.spec import GameSpec, Ref, Render

__all__ = [
    "GROUP",
    "BadGame",
    "UnknownGame",
    "game_names",
    "games_with",
    "make_game",
    "refresh",
    "register",
    "render_of",
    "shown_game_names",
    "spec",
    "unregister",
]

GROUP = "workbench.games"
"""The entry-point group games register in (written out in ``pyproject.toml``)."""

_OWN_DIST = "workbench"
_OWN_GAMES = "workbench.games"
"""The package of the workbench's own games; its ``ORDER`` tuple lists them in order."""

_registered: dict[str, GameSpec] = {}

_CACHE_FORMAT = 2
"""The layout of the entry-point cache file; a file of another layout is scanned again."""

_CACHE_RECORDS = 8
"""Scans the cache file keeps, the latest first: ``sys.path`` starts with the script's
folder (``.venv/bin``) or the working folder (``python -m``), so one environment has a
few fingerprints in use, and each keeps its own record instead of overwriting the other's."""


class UnknownGame(ValueError):
    """A game name that is neither an entry point nor registered in this process."""


class BadGame(ValueError):
    """An installed game whose package does not export a ``GameSpec`` (one line)."""


class _Entry(NamedTuple):
    """One entry point of :data:`GROUP`: the game's name, the object it names (``package``
    or ``package:SPEC``) and the distribution that declares it."""

    name: str
    value: str
    dist: str | None

    def load(self) -> Any:
        """The object the entry point names (``pkgutil.resolve_name``: the same
        ``module:attribute`` reference an entry point's ``load`` resolves)."""
        import pkgutil

        return pkgutil.resolve_name(self.value)


def _scan() -> list[_Entry]:
    """The group's entry points as :mod:`importlib.metadata` finds them (the slow path)."""
    from importlib.metadata import entry_points

    return [
        _Entry(ep.name, ep.value, ep.dist.name if ep.dist is not None else None)
        for ep in entry_points(group=GROUP)
    ]


def _metadata_fingerprint() -> list[list[Any]]:
    """What :func:`_scan` reads, cheaply: for each ``sys.path`` entry, its metadata folders
    (``*.dist-info``, ``*.egg-info``) with the modification time (ns) of each one's
    ``entry_points.txt`` (-1 without one); a zip or egg on the path by its own time.

    >>> any(name.endswith(".dist-info") for _, found in _metadata_fingerprint()
    ...     for name, _ in (found or ()))
    True
    """
    out: list[list[Any]] = []
    for entry in sys.path:
        folder = entry or "."
        found: list[list[Any]] | int | None
        try:
            with os.scandir(folder) as listing:
                found = []
                for item in listing:
                    if item.name.lower().endswith((".dist-info", ".egg-info")):
                        try:
                            when = os.stat(os.path.join(item.path, "entry_points.txt")).st_mtime_ns
                        except OSError:
                            when = -1
                        found.append([item.name, when])
            found.sort()
        except NotADirectoryError:  # a zip or an egg: read whole by the scan
            try:
                found = os.stat(folder).st_mtime_ns
            except OSError:
                found = None
        except OSError:
            found = None
        out.append([entry, found])
    return out


def _cache_file() -> str:
    """The entry-point cache of this interpreter (its prefix: one file per environment)."""
    root = os.environ.get("WORKBENCH_CACHE") or os.path.join(
        os.path.expanduser("~"), ".cache", "workbench"
    )
    return os.path.join(root, f"entry-points-{zlib.crc32(sys.prefix.encode()):08x}.json")


def _entries() -> list[_Entry]:
    """The group's entry points: from the cache file when its fingerprint is the one on
    disk now, else scanned (and the cache rewritten; see the module docstring)."""
    if os.environ.get("WORKBENCH_REGISTRY_CACHE") == "0":
        return _scan()
    path, fingerprint = _cache_file(), _metadata_fingerprint()
    records: list[Any] = []
    try:
        with open(path, encoding="utf-8") as f:
            saved = json.load(f)
        if saved["format"] == _CACHE_FORMAT:
            records = list(saved["records"])
            for record in records:
                if record["fingerprint"] == fingerprint:
                    entries = [_Entry(name, value, dist) for name, value, dist in record["entries"]]
                    if all(isinstance(x, str) for e in entries for x in e[:2]):
                        return entries
    except (OSError, ValueError, KeyError, TypeError):
        records = []  # no cache yet, or one from another layout or damaged: scan
    entries = _scan()
    kept = [r for r in records if isinstance(r, dict) and r.get("fingerprint") != fingerprint]
    records = [{"fingerprint": fingerprint, "entries": entries}, *kept][:_CACHE_RECORDS]
    part = f"{path}.{os.getpid()}.part"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(part, "w", encoding="utf-8") as f:
            json.dump({"format": _CACHE_FORMAT, "records": records}, f)
        os.replace(part, path)  # whole or not at all, whoever else writes it
    except (OSError, ValueError):  # a read-only home, a path JSON cannot hold: scan each time
        try:
            os.remove(part)
        except OSError:
            pass
    return entries


def _own_order(names: set[str]) -> tuple[str, ...]:
    """The workbench's own games in the order ``workbench.games.ORDER`` declares (entry-point
    metadata is written sorted)."""
    order: tuple[str, ...] = importlib.import_module(_OWN_GAMES).ORDER
    return tuple(n for n in order if n in names)


@functools.cache
def _entry_points() -> dict[str, _Entry]:
    """name -> entry point, the workbench's own first (declared order), then sorted."""
    own: dict[str, _Entry] = {}
    others: dict[str, _Entry] = {}
    for ep in _entries():
        (own if ep.dist == _OWN_DIST else others)[ep.name] = ep
    ordered = {n: own[n] for n in _own_order(set(own))} if own else {}
    ordered.update(sorted(own.items()))
    ordered.update(sorted((n, e) for n, e in others.items() if n not in ordered))
    return ordered


@functools.cache
def _installed(name: str) -> GameSpec:
    """The spec an entry point names (its package's ``SPEC``, or the object it names)."""
    ep = _entry_points()[name]
    try:
        found = ep.load()
    except (ImportError, AttributeError, ValueError) as exc:
        raise BadGame(f"game {name!r}: its package {ep.value!r} does not import ({exc})") from None
    if not isinstance(found, GameSpec):
        found = vars(found).get("SPEC") if hasattr(found, "__dict__") else None
    if not isinstance(found, GameSpec):
        raise BadGame(
            f"game {name!r}: {ep.value!r} exports no SPEC = GameSpec(...) (see docs/your-game.md)"
        )
    if found.name != name:
        raise BadGame(f"game {name!r}: its SPEC is named {found.name!r}; the two must agree")
    return found


def game_names() -> tuple[str, ...]:
    """The registered game names, the workbench's own first (declared order), then sorted.

    >>> game_names()[:4]
    ('ghost', 'detective', 'mugen', 'life')
    """
    installed = tuple(_entry_points())
    extra = sorted(n for n in _registered if n not in installed)
    return (*installed, *extra)


def shown_game_names() -> tuple[str, ...]:
    """:func:`game_names` without the test fixtures (a spec with ``test_game=True`` stays
    playable by name but is not listed in help texts or served as a board).

    >>> "peek" in game_names(), "peek" in shown_game_names()
    (True, False)
    """
    out = []
    for n in game_names():
        try:
            if not spec(n).test_game:
                out.append(n)
        except BadGame:
            out.append(n)  # listed, so the designer sees its one-line error when they use it
    return tuple(out)


def games_with(part: str) -> tuple[str, ...]:
    """:func:`shown_game_names` whose spec declares ``part`` (the games a command that needs
    it can take: ``questions`` for compare, ``board`` for app).

    >>> "pig" in games_with("board"), "pig" in games_with("questions")
    (True, False)
    """
    out = []
    for n in shown_game_names():
        try:
            if spec(n).has(part):
                out.append(n)
        except BadGame:
            continue
    return tuple(out)


def spec(name: str) -> GameSpec:
    """The :class:`~workbench.spec.GameSpec` of game ``name``; :class:`UnknownGame` (one
    line naming the known games) for a name nothing registers.

    >>> spec("life").game_type.max_seats
    4
    """
    if isinstance(name, str) and name in _registered:
        return _registered[name]
    if isinstance(name, str) and name in _entry_points():
        return _installed(name)
    known = ", ".join(game_names()) or "(none: is the workbench installed?)"
    raise UnknownGame(f"unknown game {name!r}; known: {known}")


def make_game(name: str, **params: Any) -> Any:
    """The game ``name`` built with these parameters (``spec(name).make_game(params)``)."""
    return spec(name).make_game(params)


def render_of(name: str, *, for_: str) -> Render:
    """The game's declared render (``GameSpec.render``: one shape,
    ``render(game, state, viewer=None, picks=())``), loaded once; ``MissingPart`` (one
    line) when it declares none.

    >>> render_of("peek", for_="a doctest").__name__
    'render'
    """
    return _loaded_render(spec(name).require("render", for_=for_))


@functools.cache
def _loaded_render(declared: Any) -> Render:
    render: Render = declared.load() if isinstance(declared, Ref) else declared
    return render


def register(game: GameSpec) -> None:
    """Register ``game`` in this process (a later registration of its name wins).

    >>> register("ghost")
    Traceback (most recent call last):
    ...
    TypeError: register takes a GameSpec, got str
    """
    if not isinstance(game, GameSpec):
        raise TypeError(f"register takes a GameSpec, got {type(game).__name__}")
    _registered[game.name] = game


def unregister(name: str) -> None:
    """Forget an in-process registration of ``name`` (entry points stay)."""
    _registered.pop(name, None)


def refresh() -> None:
    """Read the entry points again (after installing a game package in this process): the
    cache file is used only if nothing installed has changed since it was written."""
    _entry_points.cache_clear()
    _installed.cache_clear()
