"""Players by name: ``player_from_spec("ismcts:400", game="ghost")``.

A spec is ``name`` or ``name:argument``; the name is a *player family*
(:class:`workbench.spec.PlayerFamily`: a name and ``make(argument) -> player``). The
families built in register themselves here:

==================  ===========================================================
``random``          a uniformly random legal action
``greedy``          the engine's one-step look-ahead on the score margin (a game
                    that declares its own ``greedy`` family plays that instead)
``osla``            one-step look-ahead over the exact chance outcomes, heuristic
                    leaves; ``osla:N`` — ``N`` random playouts per leaf
``ismcts:400``      information-set MCTS, 400 iterations per decision
``ismcts:0.5s``     information-set MCTS, half a second per decision
``ismcts:400/60``   rollouts cut after 60 steps, scored by who leads
``ismcts:400:keep`` the tree kept between the seat's decisions (400 new iterations
                    each, added to what it kept); ``ismcts:400:fresh`` a new tree
                    each decision (the default)
``ismcts:400:random`` rollouts with uniformly random moves, the game's rule of
                    thumb ignored (to compare with a search that has none:
                    ``bench/players.py``'s OpenSpiel anchor)
``open:400``        **a cheat**: the same search on the true state, every hidden
                    card seen (an upper bound on what search can gain; refused
                    by sessions and playtests), ``open:400/60`` with a cut
==================  ===========================================================

A game adds its own families in its spec (``GameSpec.players``: ``hold:20`` for Pig),
asked first; a player for every game (a designer's own search, say) joins with
:func:`register_family` (``docs/players.md`` shows how).

>>> player_from_spec("ismcts:400"), player_from_spec("osla:8"), player_from_spec("random").__name__
(ismcts:400, osla:8, 'random_player')
>>> player_from_spec("ismcts:fast")
Traceback (most recent call last):
...
workbench.engine.players.specs.BadSpec: player 'ismcts:fast': the budget must be iterations (ismcts:400) or seconds (ismcts:0.5s)
"""

from __future__ import annotations

import re

from workbench.engine.kernel.seat import Player, random_player
from workbench.engine.players.basic import GreedyPlayer
from workbench.engine.players.open import OpenSearch
from workbench.engine.players.osla import OSLA
from workbench.engine.players.search import ISMCTS
from workbench.registry import UnknownGame, spec
from workbench.spec import PlayerFamily

__all__ = [
    "BadSpec",
    "built_in_families",
    "families",
    "parse_spec",
    "player_from_spec",
    "players_from_specs",
    "register_family",
]

MAX_ITERATIONS = 1_000_000
_SPEC = re.compile(r"([a-z][a-z0-9_]*)(?::([0-9A-Za-z._/:]+))?\Z")
_SECONDS = re.compile(r"([0-9]{1,4}(?:\.[0-9]{1,6})?)s\Z")
_FAMILIES: dict[str, PlayerFamily] = {}


class BadSpec(ValueError):
    """A player spec that names no player or has a bad argument (one line)."""


def register_family(family: PlayerFamily) -> None:
    """Make ``family`` a player every game can name in ``--players`` (a later family of the
    same name replaces an earlier one; a game's own family of that name still wins).

    >>> register_family(PlayerFamily("first", lambda arg: lambda view, rng: view.legal_ids[0]))
    >>> player_from_spec("first").__name__
    '<lambda>'
    >>> del _FAMILIES["first"]
    """
    if not isinstance(family, PlayerFamily):
        raise TypeError(f"register_family takes a PlayerFamily, got {type(family).__name__}")
    _FAMILIES[family.name] = family


def built_in_families() -> tuple[PlayerFamily, ...]:
    """The families every game can name, in the order they registered.

    >>> [f.name for f in built_in_families()][:5]
    ['random', 'greedy', 'osla', 'ismcts', 'open']
    """
    return tuple(_FAMILIES.values())


def families(game: str | None) -> tuple[PlayerFamily, ...]:
    """The families ``game`` can name: its own (declared in its spec) first, then the
    built-in ones it does not replace. An unknown game: the built-in ones.

    >>> [f.usage for f in families("ghost")][:2]
    ['greedy', 'random']
    """
    own: tuple[PlayerFamily, ...] = ()
    if game is not None:
        try:
            own = spec(game).players
        except UnknownGame:
            own = ()
    names = {f.name for f in own}
    return own + tuple(f for f in _FAMILIES.values() if f.name not in names)


def parse_spec(text: str) -> tuple[str, str | None]:
    """``"ismcts:400"`` -> ``("ismcts", "400")``; :class:`BadSpec` when malformed.

    >>> parse_spec(" osla "), parse_spec("random")
    (('osla', None), ('random', None))
    >>> parse_spec("Ismcts 400")
    Traceback (most recent call last):
    ...
    workbench.engine.players.specs.BadSpec: player 'Ismcts 400': write name or name:argument (lower-case name, e.g. ismcts:400)
    """
    if not isinstance(text, str):
        raise BadSpec(f"player spec must be text, got {type(text).__name__}")
    m = _SPEC.match(text.strip())
    if m is None:
        raise BadSpec(
            f"player {text[:40]!r}: write name or name:argument (lower-case name, e.g. ismcts:400)"
        )
    return m.group(1), m.group(2)


def whole(text: str, low: int, high: int) -> int:
    """``text`` as a whole number in ``low..high``; ValueError (one line) otherwise.

    >>> whole("400", 1, 1000)
    400
    """
    if not text.isdigit() or len(text) > len(str(high)) or not low <= int(text) <= high:
        raise ValueError(f"{text!r} must be a whole number in {low}..{high}")
    return int(text)


def no_argument(name: str, arg: str | None) -> None:
    """ValueError when a family that takes no argument is given one."""
    if arg is not None:
        raise ValueError(f"{name} takes no argument")


TREE_WORDS = {"keep": True, "fresh": False}
"""The last part of a search spec: whether the tree is kept between the seat's decisions."""
REUSE_BY_DEFAULT = False
"""Whether ``ismcts:400`` (no word) keeps its tree. Not yet: the paired benches
(``bench/pig_strength.py --spec ismcts:100:keep --pair ismcts:100`` against Pig's exact
optimum, ``bench/tree_reuse.py ghost``) have not shown reuse stronger at the same CPU a
decision, and switching would change every ``ismcts`` result and golden."""
ROLLOUT_WORDS = ("random",)
"""A word after the budget: uniformly random rollouts whatever rule of thumb the game has."""


def _search(arg: str | None, kind: type[ISMCTS] = ISMCTS) -> ISMCTS:
    """``400``, ``0.5s``, ``400/60``, each with ``:random`` (uniformly random rollouts)
    and then ``:keep`` or ``:fresh`` after it optionally.

    >>> _search("400:keep"), _search("keep"), _search("0.5s/30:fresh")
    (ismcts:400:keep, ismcts:400:keep, ismcts:0.5s/30)
    >>> _search("400:random"), _search("400/60:random:keep"), _search("random")
    (ismcts:400:random, ismcts:400/60:random:keep, ismcts:400:random)
    >>> _search("400:kept")
    Traceback (most recent call last):
    ...
    ValueError: after the budget write keep (the tree kept between decisions) or fresh, got 'kept' (random, for uniformly random rollouts, goes before it)
    """
    reuse, uniform = REUSE_BY_DEFAULT, False
    if arg is not None and arg.split(":")[-1] in TREE_WORDS:
        arg, _, word = arg.rpartition(":")
        reuse = TREE_WORDS[word]
        arg = arg or None
    if arg is not None and arg.split(":")[-1] in ROLLOUT_WORDS:
        arg, uniform = arg.rpartition(":")[0] or None, True
    if arg is not None and ":" in arg:
        word = arg.partition(":")[2]
        raise ValueError(
            f"after the budget write keep (the tree kept between decisions) or fresh, got {word!r}"
            " (random, for uniformly random rollouts, goes before it)"
        )
    if arg is None:
        return kind(400, reuse=reuse, random_rollouts=uniform)
    arg, _, cut = arg.partition("/")
    horizon = whole(cut, 1, 100_000) if cut else None
    m = _SECONDS.match(arg)
    if m is not None:
        seconds = float(m.group(1))
        if not 0 < seconds <= 3600:
            raise ValueError("the time budget must be in (0, 3600] seconds")
        return kind(None, seconds, horizon=horizon, reuse=reuse, random_rollouts=uniform)
    if not arg.isdigit():
        raise ValueError("the budget must be iterations (ismcts:400) or seconds (ismcts:0.5s)")
    return kind(
        whole(arg, 1, MAX_ITERATIONS), horizon=horizon, reuse=reuse, random_rollouts=uniform
    )


def _random(arg: str | None) -> Player:
    no_argument("random", arg)
    return random_player


def _greedy(arg: str | None) -> Player:
    no_argument("greedy", arg)
    return GreedyPlayer()


def _osla(arg: str | None) -> Player:
    return OSLA(0 if arg is None else whole(arg, 1, 10_000))


def _open(arg: str | None) -> Player:
    return _search(arg, OpenSearch)


for _family in (
    PlayerFamily("random", _random, "random", "a uniformly random legal action"),
    PlayerFamily("greedy", _greedy, "greedy", "one-step look-ahead on the score margin"),
    PlayerFamily("osla", _osla, "osla, osla:N", "one-step look-ahead (N playouts a leaf)"),
    PlayerFamily(
        "ismcts",
        _search,
        "ismcts:400, ismcts:0.5s, ismcts:400/60, ismcts:400:keep",
        "information-set MCTS: iterations or seconds a decision, rollouts cut at 60 steps, "
        "the tree kept between decisions",
    ),
    PlayerFamily(
        "open",
        _open,
        "open:400",
        "a cheat that sees every hidden card: an upper bound for search",
    ),
):
    register_family(_family)


def player_from_spec(text: str, game: str | None = None) -> Player:
    """The player a spec names (the game's own families first; see the module docstring)."""
    name, arg = parse_spec(text)
    text = text.strip()
    family = next((f for f in families(game) if f.name == name), None)
    if family is None:
        where = f" (nor does game {game!r})" if game else ""
        known = ", ".join(f.name for f in built_in_families())
        raise BadSpec(f"player {text!r}: unknown player {name!r}{where}; built in: {known}")
    try:
        player: Player = family.make(arg)
    except (TypeError, ValueError) as e:
        raise BadSpec(f"player {text!r}: {e}") from None
    if not callable(player):
        raise BadSpec(f"player {text!r}: family {name!r} gave {player!r}, not a player")
    return player


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
