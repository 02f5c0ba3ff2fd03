"""Playing a table out: the work table search steps, rollouts (random or a game's cheap
policy) and what a finished or cut-off rollout is worth to each seat.

The pieces the search players share (:mod:`~workbench.engine.players.search`,
:mod:`~workbench.engine.players.osla`, the open bound), the solver and the metrics:
:func:`work_table` (a mutable table over a state: the kernel's own, or a wrapper for a
protocol game), :func:`rollout` (in place to the end, random moves or the game's
``rollout_action``), :func:`result_shares` / :func:`leader_shares` (a seat's share of a
win, at the end or by :func:`standing` at a cut) and :func:`rollout_policy`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.table import Table

__all__ = [
    "cut_shares",
    "leader_shares",
    "margin_shares",
    "result_shares",
    "rollout",
    "rollout_policy",
    "standing",
    "work_table",
]


class _Immutable:
    """A protocol game's state behind the table methods search uses (no kernel)."""

    __slots__ = ("game", "state")

    def __init__(self, game: Game[Any], state: Any) -> None:
        self.game, self.state = game, state

    def to_move(self) -> int:
        return self.game.current_player(self.state)

    def legal(self) -> list[Hashable]:
        return self.game.legal_ids(self.state)

    def chance_dist(self) -> Any:
        return self.game.chance_outcomes(self.state)

    def sample(self, rng: random.Random) -> Hashable:
        return self.game.sample_chance(self.state, rng)

    def step(self, choice: Hashable) -> None:
        self.state = self.game.apply(self.state, choice)

    def observe(self, seat: int) -> Any:
        return self.game.observe(self.state, seat)

    seen_state = observe  # what a search keys its tree by: the whole observation here

    def freeze(self) -> Any:
        return self.state

    def clone(self) -> _Immutable:
        return _Immutable(self.game, self.state)


def work_table(game: Game[Any], state: Any) -> Any:
    """A mutable table over ``state``: the kernel's own (``game.thaw``) for a kernel game,
    else a wrapper that applies steps immutably (same methods: ``to_move``, ``legal``,
    ``chance_dist``, ``sample``, ``step``, ``observe``, ``seen_state``, ``freeze``, ``clone``).

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> t = work_table(TakeAway(), TakeAwayState(3))
    >>> t.legal(); t.step(3); t.to_move()
    [1, 2, 3]
    -4
    """
    thaw = game.thaw
    return thaw(state) if thaw is not None else _Immutable(game, state)


def result_shares(game: Game[Any], final: Any) -> tuple[float, ...]:
    """Each seat's share of the win at a final state: 1 alone, 1/k in a k-way tie, else 0.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> result_shares(TakeAway(), TakeAwayState(0, to_move=1))
    (0.0, 1.0)
    """
    won = game.winners(final)
    share = 1.0 / len(won) if won else 0.0
    return tuple(share if s in won else 0.0 for s in range(game.num_players))


def standing(game: Game[Any], t: Any) -> tuple[float, ...]:
    """Each seat's standing on a table now: the game's ``standing(t)`` when it defines one
    (a measure of who is ahead mid-game, e.g. life points in a race whose score is only
    set at the end), else its score.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> standing(TakeAway(), work_table(TakeAway(), TakeAwayState(0, to_move=1)))
    (-1.0, 1.0)
    """
    own = game.standing
    if own is not None:
        return tuple(float(v) for v in own(t))
    if isinstance(t, _Immutable):
        return tuple(float(v) for v in game.returns(t.state))
    return tuple(float(v) for v in game.score(t))  # type: ignore[attr-defined]


def leader_shares(game: Game[Any], t: Any) -> tuple[float, ...]:
    """Each seat's share of the lead by :func:`standing` (the value of a cut-off rollout).

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> leader_shares(TakeAway(), work_table(TakeAway(), TakeAwayState(0, to_move=0)))
    (1.0, 0.0)
    """
    scores = standing(game, t)
    best = max(scores)
    top = [i for i, v in enumerate(scores) if v == best]
    return tuple(1.0 / len(top) if i in top else 0.0 for i in range(len(scores)))


def margin_shares(game: Game[Any], t: Any, margin: float) -> tuple[float, ...]:
    """Each seat's graded value of a cut-off rollout by its lead in :func:`standing` over
    the best other seat: ``1/2 + lead / (2 * margin)`` within [0, 1] (a lead of ``margin``
    counts as a sure win, level as an even chance), which tells a cut rollout that gained
    a point from one that did not where the leader alone (:func:`leader_shares`) would not.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> margin_shares(TakeAway(), work_table(TakeAway(), TakeAwayState(0, to_move=1)), 4)
    (0.25, 0.75)
    """
    scores = standing(game, t)
    out = []
    for i, v in enumerate(scores):
        other = max((x for j, x in enumerate(scores) if j != i), default=v)
        out.append(min(1.0, max(0.0, 0.5 + (v - other) / (2 * margin))))
    return tuple(out)


def cut_shares(game: Game[Any], t: Any) -> tuple[float, ...]:
    """The value of a rollout cut before the end: :func:`margin_shares` when the game
    declares ``search_margin`` (the lead that counts as a sure win), else
    :func:`leader_shares`.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> cut_shares(TakeAway(), work_table(TakeAway(), TakeAwayState(0, to_move=1)))
    (0.0, 1.0)
    """
    margin = game.search_margin
    return leader_shares(game, t) if margin is None else margin_shares(game, t, margin)


def rollout(
    t: Any, rng: random.Random, max_steps: int = 100_000, *, strict: bool = True, policy: Any = None
) -> None:
    """Play ``t`` in place with uniformly random legal moves (and chance) to its end, or
    for at most ``max_steps`` steps (``strict``: not ending in time is an error).

    ``policy(t, rng) -> action``: a cheap player on the table for every decision instead
    (a game's ``rollout_action``, see :func:`rollout_policy`)."""
    if isinstance(t, Table):  # a kernel table: the kernel's own loop
        decide = None if policy is None else lambda top, t: policy(t, rng)
        t.play_out(rng, None, decide, max_steps)
    elif policy is not None:
        for _ in range(max_steps):
            who = t.to_move()
            if who == TERMINAL:
                return
            t.step(t.sample(rng) if who == CHANCE else policy(t, rng))
    else:
        for _ in range(max_steps):
            who = t.to_move()
            if who == TERMINAL:
                return
            if who == CHANCE:
                t.step(t.sample(rng))
            else:
                ids = t.legal()
                t.step(ids[rng.randrange(len(ids))])
    if strict and t.to_move() != TERMINAL:
        raise IllegalAction(f"rollout did not end within {max_steps} steps")


def rollout_policy(game: Game[Any], *, uniform: bool = False) -> Any:
    """The game's cheap rollout player, ``game.rollout_action(t, rng)`` on a mutable table,
    when it defines one (a rule of thumb: "hold at 20" in Pig), else None (random moves);
    ``uniform``: None whatever the game defines (``ismcts:400:random``: a search at equal
    rollout policy with one that has none, as ``bench/players.py`` compares OpenSpiel's).

    >>> from workbench.engine.conformance.toy import TakeAway
    >>> class Guided(TakeAway):
    ...     def rollout_action(self, t, rng):
    ...         return t.legal()[0]
    >>> rollout_policy(TakeAway()), rollout_policy(Guided(), uniform=True)
    (None, None)
    >>> rollout_policy(Guided()).__name__
    'rollout_action'

    With ``uniform`` the search plays as on the game with no rule at all:

    >>> from workbench.engine.conformance.toy import TakeAwayState
    >>> from workbench.engine.kernel.seat import SeatView
    >>> from workbench.engine.players.search import ISMCTS
    >>> def root(game, **kw):
    ...     return ISMCTS(60, **kw).search(SeatView(game, 0, TakeAwayState(9)), random.Random(3))
    >>> root(Guided(), random_rollouts=True) == root(TakeAway()), root(Guided()) == root(TakeAway())
    (True, False)
    """
    return None if uniform else game.rollout_action
