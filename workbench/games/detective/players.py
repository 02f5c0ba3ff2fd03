"""Players for the detective: random, greedy, a no-clear random, designer-pluggable,
and the fast playout that drives the rules table directly.

A *table policy* is ``policy(table, ids, rng) -> id``; :func:`play_table`
plays a whole game with one policy per seat on a mutable table (no frozen
states), the way the batch analyses run. With :func:`table_random` it uses the
rng exactly as :func:`~workbench.engine.playout.playout` does with
``random_player``, so :func:`fast_random_playout` equals the normal path.

>>> from workbench.games.detective.rules import make_game
>>> from workbench.engine.playout import playout
>>> g = make_game(players=3)
>>> fast_random_playout(g, 7) == g.returns(playout(g, random_player, 7).final)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from workbench.engine.players import function_player, random_player

from .fast import random_table
from .rules import Detective, DetectiveState
from .table import CHANCE_TASKS, Table

__all__ = ["random_player", "greedy_player", "no_clear_player", "designer_player",
           "fast_random_playout", "play_table", "table_random", "table_greedy",
           "table_no_clear", "POLICIES"]

TablePolicy = Callable[[Table, list[Hashable], random.Random], Hashable]


def table_random(t: Table, ids: list[Hashable], rng: random.Random) -> Hashable:
    """Uniform over the legal ids (``rng.choice``, as ``random_player``)."""
    return rng.choice(ids)


def table_greedy(t: Table, ids: list[Hashable], rng: random.Random) -> Hashable:
    """Investigate the highest-VP payable event (fewest discards, then lowest number);
    else take a break discarding nothing and pass; discard the lowest-VP cards;
    burn the highest-VP event. Never uses the rng."""
    tag, seat = t.tasks[-1][0], t.tasks[-1][1]
    ev = t.setup.events
    acts: list[Any] = ids
    if tag == "main":
        plays = [a for a in acts if a[0] in ("play", "set")]
        if plays:
            return max(plays, key=lambda a: (ev[a[1]].vp, -t.discards_needed(seat, a[1]), -a[1]))
        return ("break",)
    if tag == "break2":
        return ("pass",)
    if tag == "burn":
        return max(acts, key=lambda a: (ev[a[2]].vp, -a[2]))
    return min(acts, key=lambda a: (ev[a[1]].vp, -a[1]))


def table_no_clear(t: Table, ids: list[Hashable], rng: random.Random) -> Hashable:
    """Random, but never moves a line card outside (no clear, no clear events): the
    line then holds exactly the round's draws, as the exact deck engine assumes."""
    ev = t.setup.events
    acts: list[Any] = ids
    keep = [a for a in acts if a[0] != "clear"
            and not (a[0] in ("play", "set") and ev[a[1]].has("clear"))]
    return rng.choice(keep)


POLICIES: dict[str, TablePolicy] = {
    "random": table_random, "greedy": table_greedy, "no_clear": table_no_clear}


def play_table(game: Detective, seed: int | random.Random,
               policies: TablePolicy | Sequence[TablePolicy] = table_random) -> Table:
    """Play one game on a mutable table; returns the final table."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    seats = [policies] * game.num_players if callable(policies) else list(policies)
    t = Table.new(game.setup)
    tasks = t.tasks
    while tasks:
        top = tasks[-1]
        if top[0] in CHANCE_TASKS:
            t.draw(t.sample(rng))
        else:
            t.act(seats[top[1]](t, t.legal_ids(), rng))
        tasks = t.tasks
    return t


def fast_random_playout(game: Detective, seed: int) -> tuple[float, ...]:
    """Returns of one game with random players, same rng use as the normal path
    (:func:`~.fast.random_table`)."""
    t = random_table(game.setup, random.Random(seed))
    return tuple(float(t.vp(i)) for i in range(t.n))


def _engine_player(policy: TablePolicy, name: str) -> Callable[..., Hashable]:
    def play(game: Detective, state: DetectiveState, rng: random.Random) -> Hashable:
        t = game.table(state)
        return policy(t, t.legal_ids(), rng)

    play.__name__ = name
    return play


greedy_player = _engine_player(table_greedy, "greedy_player")
greedy_player.__doc__ = """Engine player for :func:`table_greedy`.

>>> from workbench.games.detective.rules import make_game
>>> from workbench.engine.playout import playout
>>> g = make_game(players=3)
>>> g.is_terminal(playout(g, greedy_player, 3).final)
True
"""
no_clear_player = _engine_player(table_no_clear, "no_clear_player")


def designer_player(fn: Callable[..., Any], name: str | None = None) -> Callable[..., Hashable]:
    """Wrap a designer's ``fn(state, actions)`` or ``fn(game, state, rng)`` as a checked player.

    >>> from workbench.games.detective.rules import make_game
    >>> from workbench.engine.playout import playout
    >>> first = designer_player(lambda state, actions: actions[0], "first")
    >>> g = make_game(players=3)
    >>> g.is_terminal(playout(g, first, 1).final)
    True
    """
    return function_player(fn, name=name)
