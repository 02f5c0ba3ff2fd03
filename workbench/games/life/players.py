"""Life's players: random, greedy, and the fast random playout for benchmarks.

``fast_random_playout(game, seed)`` steps one mutable table in place (no
frozen states, no labels) but consumes ``random.Random(seed)`` exactly like
``workbench.engine.playout.playout(game, random_player, seed)``: one
``randrange(len(outcomes))`` per chance node over the same sorted outcomes
(``LifeGame.sample_chance``) and one ``rng.choice(legal)`` per decision over
the same action order. So both give the same actions and the same final state.

>>> from workbench.games.life.rules import make_game
>>> from workbench.engine.playout import playout
>>> g = make_game(players=3)
>>> slow = playout(g, random_player, 7)
>>> fast_random_playout(g, 7) == slow.final
True
>>> fast_random_record(g, 7).actions == slow.actions
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from workbench.engine.players import greedy_player, random_player
from workbench.engine.playout import PlayoutResult
from workbench.games.life.core import CHANCE_KINDS, Table

__all__ = ["random_player", "greedy_player", "life_score", "greedy", "fast_random_playout",
           "fast_random_record", "fast_random_scores"]


def life_score(game: Any, state: Any, seat: int) -> float:
    """Heuristic for the greedy player: own VP now minus the best other seat's VP,
    plus a small bonus for free squares next to the dice (room to place).

    >>> from workbench.games.life.rules import make_game
    >>> g = make_game()
    >>> life_score(g, g.initial_state(), 0)
    0.0
    """
    scores = game.returns(state)
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    return float(scores[seat] - best_other)


def greedy() -> Any:
    """The greedy one-step player on :func:`life_score`."""
    return greedy_player(life_score)


def _run(game: Any, seed: int | random.Random, record: bool) -> tuple[Table, list[Hashable],
                                                                     list[bool]]:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    t = Table.new(game.params, game.catalogue)
    # choice(seq) and randrange(n) both draw exactly one _randbelow(n): call it directly
    below = rng._randbelow  # type: ignore[attr-defined]
    actions: list[Hashable] = []
    chance: list[bool] = []
    stack = t.stack
    while stack:
        if stack[-1][0] in CHANCE_KINDS:
            outcomes = t.chance_list()
            a = outcomes[below(len(outcomes))]
            if record:
                chance.append(True)
        else:
            ids = t.legal_ids()
            a = ids[below(len(ids))]
            if record:
                chance.append(False)
        if record:
            actions.append(a)
        t.step(a)
        stack = t.stack
    return t, actions, chance


def fast_random_playout(game: Any, seed: int | random.Random) -> Any:
    """The final state of a random game played on one mutable table (the normal
    path's final state with ``random_player`` and the same seed)."""
    return game.freeze(_run(game, seed, False)[0])


def fast_random_record(game: Any, seed: int | random.Random) -> PlayoutResult:
    """Like :func:`fast_random_playout`, with every action id recorded."""
    t, actions, chance = _run(game, seed, True)
    return PlayoutResult(game.freeze(t), tuple(actions), tuple(chance))


def fast_random_scores(game: Any, seed: int | random.Random) -> tuple[Table, tuple[int, ...]]:
    """The final table and scores of a random game, without recording the actions.

    >>> from workbench.games.life.rules import make_game
    >>> g = make_game()
    >>> scores = fast_random_scores(g, 7)[1]
    >>> scores == tuple(int(x) for x in g.returns(fast_random_playout(g, 7)))
    True
    """
    t, _, _ = _run(game, seed, False)
    return t, tuple(t.score(s) for s in range(game.params.players))
