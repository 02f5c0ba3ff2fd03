"""Players by name: ``player_from_spec("ismcts:400", game="ghost")``.

A spec is ``name`` or ``name:argument``:

==================  ===========================================================
``random``          a uniformly random legal action
``greedy``          the game's own greedy player when its ``players`` module has
                    one (``greedy_player`` or ``greedy``), else the engine's
                    one-step look-ahead on the score margin
``osla``            one-step look-ahead over the exact chance outcomes, heuristic
                    leaves; ``osla:N`` — ``N`` random playouts per leaf
``ismcts:400``      information-set MCTS, 400 iterations per decision
``ismcts:0.5s``     information-set MCTS, half a second per decision
``ismcts:400/60``   rollouts cut after 60 steps, scored by who leads
``open:400``        **a cheat**: the same search on the true state, every hidden
                    card seen (an upper bound on what search can gain; refused
                    by sessions and playtests), ``open:400/60`` with a cut
==================  ===========================================================

A game adds its own (``hold:20`` ...) in its ``players`` module, asked first:
a function ``player_for(spec) -> player or None`` (None: not one of mine), or
a mapping ``PLAYERS`` of name -> player, or name -> factory called with the
argument text (``PLAYERS["hold"]("20")``).

>>> player_from_spec("ismcts:400"), player_from_spec("osla:8"), player_from_spec("random").__name__
(ismcts:400, osla:8, 'random_player')
>>> player_from_spec("ismcts:fast")
Traceback (most recent call last):
...
workbench.engine.players.specs.BadSpec: player 'ismcts:fast': the budget must be iterations (ismcts:400) or seconds (ismcts:0.5s)
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from typing import Any

from workbench.engine.kernel.registry import UnknownGame, game_module
from workbench.engine.kernel.seat import Player
from workbench.engine.players.basic import GreedyPlayer, random_player
from workbench.engine.players.open import OpenSearch
from workbench.engine.players.osla import OSLA
from workbench.engine.players.search import ISMCTS

__all__ = ["BUILT_IN", "BadSpec", "parse_spec", "player_from_spec", "players_from_specs"]

BUILT_IN = ("random", "greedy", "osla", "ismcts", "open")
MAX_ITERATIONS = 1_000_000
_SPEC = re.compile(r"([a-z][a-z0-9_]*)(?::([0-9A-Za-z._/]+))?\Z")
_SECONDS = re.compile(r"([0-9]{1,4}(?:\.[0-9]{1,6})?)s\Z")


class BadSpec(ValueError):
    """A player spec that names no player or has a bad argument (one line)."""


def parse_spec(spec: str) -> tuple[str, str | None]:
    """``"ismcts:400"`` -> ``("ismcts", "400")``; :class:`BadSpec` when malformed.

    >>> parse_spec(" osla "), parse_spec("random")
    (('osla', None), ('random', None))
    >>> parse_spec("Ismcts 400")
    Traceback (most recent call last):
    ...
    workbench.engine.players.specs.BadSpec: player 'Ismcts 400': write name or name:argument (lower-case name, e.g. ismcts:400)
    """
    if not isinstance(spec, str):
        raise BadSpec(f"player spec must be text, got {type(spec).__name__}")
    m = _SPEC.match(spec.strip())
    if m is None:
        raise BadSpec(
            f"player {spec[:40]!r}: write name or name:argument (lower-case name, e.g. ismcts:400)"
        )
    return m.group(1), m.group(2)


def _whole(spec: str, text: str, low: int, high: int) -> int:
    if not text.isdigit() or len(text) > len(str(high)) or not low <= int(text) <= high:
        raise BadSpec(f"player {spec!r}: {text!r} must be a whole number in {low}..{high}")
    return int(text)


def _ismcts(spec: str, arg: str | None, kind: type[ISMCTS] = ISMCTS) -> ISMCTS:
    if arg is None:
        return kind(400)
    arg, _, cut = arg.partition("/")
    horizon = _whole(spec, cut, 1, 100_000) if cut else None
    m = _SECONDS.match(arg)
    if m is not None:
        seconds = float(m.group(1))
        if not 0 < seconds <= 3600:
            raise BadSpec(f"player {spec!r}: the time budget must be in (0, 3600] seconds")
        return kind(None, seconds, horizon=horizon)
    if not arg.isdigit():
        raise BadSpec(
            f"player {spec!r}: the budget must be iterations (ismcts:400) or seconds (ismcts:0.5s)"
        )
    return kind(_whole(spec, arg, 1, MAX_ITERATIONS), horizon=horizon)


def _takes_view_and_rng(fn: Any) -> bool:
    try:
        params = [
            p
            for p in inspect.signature(fn).parameters.values()
            if p.default is inspect.Parameter.empty
            and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
    except (TypeError, ValueError):
        return False
    return len(params) == 2


def _game_players(game: str | None) -> Any:
    if game is None:
        return None
    try:
        return game_module(game, "players")
    except (ModuleNotFoundError, UnknownGame):  # an unregistered game: built-in players only
        return None


def _from_game(module: Any, spec: str, name: str, arg: str | None) -> Player | None:
    """The game's own player for this spec, if it has one."""
    if module is None:
        return None
    hook = getattr(module, "player_for", None)
    if callable(hook):
        found = hook(spec)
        if found is not None:
            return _named(found, spec)
    table = getattr(module, "PLAYERS", None)
    if isinstance(table, Mapping) and name in table:
        entry = table[name]
        if arg is None and _takes_view_and_rng(entry):
            return _named(entry, spec)
        try:
            return _named(entry(arg) if arg is not None else entry(), spec)
        except (TypeError, ValueError) as e:
            raise BadSpec(f"player {spec!r}: {e}") from None
    if name == "greedy" and arg is None:
        maker = getattr(module, "greedy_player", None) or getattr(module, "greedy", None)
        if callable(maker):
            return _named(maker if _takes_view_and_rng(maker) else maker(), spec)
    return None


def _named(player: Any, spec: str) -> Any:
    if not callable(player):
        raise BadSpec(f"player {spec!r}: the game's players module gave {player!r}, not a player")
    return player


def player_from_spec(spec: str, game: str | None = None) -> Player:
    """The player a spec names (the game's own players first; see the module docstring)."""
    name, arg = parse_spec(spec)
    spec = spec.strip()
    own = _from_game(_game_players(game), spec, name, arg)
    if own is not None:
        return own
    makers: dict[str, Callable[[str, str | None], Player]] = {
        "random": lambda s, a: random_player,
        "greedy": lambda s, a: GreedyPlayer(),
        "osla": lambda s, a: OSLA(0 if a is None else _whole(s, a, 1, 10_000)),
        "ismcts": _ismcts,
        "open": lambda s, a: _ismcts(s, a, OpenSearch),
    }
    if name not in makers:
        where = f" (nor does game {game!r})" if game else ""
        raise BadSpec(
            f"player {spec!r}: unknown player {name!r}{where}; built in: {', '.join(BUILT_IN)}"
        )
    if arg is not None and name in ("random", "greedy"):
        raise BadSpec(f"player {spec!r}: {name} takes no argument")
    return makers[name](spec, arg)


def players_from_specs(text: str, game: str | None = None) -> list[tuple[str, Player]]:
    """``"ismcts:400,greedy"`` -> ``[(spec, player), ...]`` in the order given.

    >>> [s for s, _ in players_from_specs("ismcts:200, random")]
    ['ismcts:200', 'random']
    >>> players_from_specs("ismcts,,random")
    Traceback (most recent call last):
    ...
    workbench.engine.players.specs.BadSpec: player 2 of 'ismcts,,random' is empty
    """
    parts = [p.strip() for p in str(text).split(",")]
    out = []
    for i, part in enumerate(parts, 1):
        if not part:
            raise BadSpec(f"player {i} of {text[:60]!r} is empty")
        out.append((part, player_from_spec(part, game)))
    return out
