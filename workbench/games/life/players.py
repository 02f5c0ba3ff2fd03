"""Life's players on the seat protocol ``(view, rng) -> action id``: random and greedy.

:func:`greedy` plays the game's rule of thumb (``policy.rollout_action``: the
move that leaves its seat the most VP now, a take weighed by the card's best
placement) on a read-only table of what its seat sees (``view.table``: each field
read on demand, a secret one as the observation shows it), so it never reads a rival's
dreams or the decks. The search's
rollouts play the same function on their determinised worlds.

>>> from workbench.engine.runs.playout import playout, playout_in_place
>>> from workbench.games.life.rules import make_game
>>> g = make_game(players=3)
>>> seats = [greedy(), random_player, random_player]
>>> playout_in_place(g, seats, 7).final == playout(g, seats, 7).final
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, cast

from workbench.engine.kernel import DECISION, PUBLIC, FieldSpec, Hidden
from workbench.engine.kernel.protocol import IllegalAction
from workbench.engine.kernel.seat import SeatView, random_player
from workbench.games.life.dice import TOP
from workbench.games.life.policy import rollout_action
from workbench.games.life.table import LifeTable

__all__ = [
    "UNSEEN",
    "LifeGreedy",
    "best_face",
    "greedy",
    "life_score",
    "random_player",
    "seen_table",
]

#: The placeholder of a card a seat cannot see (in hidden piles and rivals' hands).
UNSEEN = "?"


def life_score(game: Any, state: Any, seat: int) -> float:
    """Own VP now minus the best other seat's VP (rivals without their hidden dream).

    >>> from workbench.games.life.rules import make_game
    >>> g = make_game()
    >>> life_score(g, g.initial_state(), 0)
    0.0
    """
    t = game.view(state)
    others = [t.score(s, dream=False) for s in range(game.params.players) if s != seat]
    return float(t.score(seat) - max(others))


_SECRET = tuple((i, f) for i, f in enumerate(LifeTable.FIELDS) if f.seen != PUBLIC)


def _filled(v: Any, spec: FieldSpec) -> Any:
    if isinstance(v, Hidden):  # a hidden pile
        return (UNSEEN,) * len(v)
    if spec.depth == 1:  # one secret per seat, e.g. passes
        return tuple((UNSEEN if x else None) if isinstance(x, Hidden) else x for x in v)
    return tuple((UNSEEN,) * len(r) if isinstance(r, Hidden) else r for r in v)


def seen_table(game: Any, observed: Sequence[Any]) -> LifeTable:
    """A mutable table of what a seat sees (``view.state``): every unseen card is
    :data:`UNSEEN`, every pile keeps its size (for players that step what they see).

    >>> from workbench.games.life.rules import make_game
    >>> g = make_game()
    >>> t = seen_table(g, g.observe(g.initial_state(), 1).state)
    >>> t.dream_deck[:2], len(t.decks[0])
    (['?', '?'], 27)
    """
    values = list(observed)
    for i, f in _SECRET:
        values[i] = _filled(values[i], f)
    return LifeTable.thaw(game, values)  # type: ignore[return-value]


class LifeGreedy:
    """The greedy player (see the module docstring); ties are broken with the rng."""

    __name__ = "greedy(rule of thumb)"

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        t = view.table  # the rule lists the legal ids on it (a sole one: taken, no draw)
        if not t.tasks or t.tasks[-1].KIND != DECISION:
            raise IllegalAction(
                f"{view.game.name}: greedy player asked to move at a non-player node"
            )
        return rollout_action(t, rng)

    def __repr__(self) -> str:
        return self.__name__


def greedy(arg: str | None = None) -> LifeGreedy:
    """The greedy player: the game's rule of thumb on what its seat sees (the ``greedy``
    player family of ``--players``; takes no argument)."""
    if arg is not None:
        raise ValueError(f"greedy takes no argument, got {arg!r}")
    return LifeGreedy()


def best_face(view: SeatView, rng: random.Random) -> Hashable:
    """Random, except that a die it may turn (``("orient", o)`` choices) shows
    its highest top face: a random one of those orientations.

    At set-up and under the seed's ``relocate_turn="top"`` every choice has the
    same top, so it plays as :func:`random_player` (and draws the rng alike);
    under ``"any"`` a re-placed die always shows 6.

    >>> from workbench.engine.runs.playout import playout_in_place
    >>> from workbench.games.life.rules import make_game
    >>> g = make_game()
    >>> playout_in_place(g, best_face, 3).final == playout_in_place(g, random_player, 3).final
    True
    """
    ids = view.legal_ids
    if ids and all(isinstance(a, tuple) and a[0] == "orient" for a in ids):
        top = max(TOP[cast(tuple[str, int], a)[1]] for a in ids)
        return rng.choice([a for a in ids if TOP[cast(tuple[str, int], a)[1]] == top])
    return random_player(view, rng)
