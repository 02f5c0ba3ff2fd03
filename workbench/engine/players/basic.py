"""Players: ``(view, rng) -> action id`` (see :mod:`workbench.engine.kernel.seat`).

- :func:`random_player` — ``rng.choice`` over the legal action ids;
- :func:`greedy_player` — one-step lookahead on a score function (chance
  right after the move is averaged exactly over its outcomes), on a state
  determinized from the seat's observation (so it never peeks);
- :func:`function_player` — wraps a designer's plain function and checks what
  it returns.

>>> import random
>>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
>>> g = TakeAway()
>>> random_player(SeatView(g, 0, g.initial_state()), random.Random(0)) in (1, 2, 3)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
from workbench.engine.kernel.seat import Player, SeatView, random_player

__all__ = [
    "FunctionPlayer",
    "GreedyPlayer",
    "Player",
    "SeatView",
    "function_player",
    "greedy_player",
    "margin_score",
    "random_player",
]


def margin_score(game: Game[Any], state: Any, seat: int) -> float:
    """Default heuristic: the seat's score minus the best other seat's score.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> margin_score(TakeAway(), TakeAwayState(0, to_move=1), 1)
    2.0
    """
    scores = game.returns(state)
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat] - (max(others) if others else 0))


ScoreFn = Callable[[Game[Any], Any, int], float]


def _value(game: Game[Any], state: Any, seat: int, score: ScoreFn, depth: int) -> Fraction | float:
    """Score after the move, averaging chance nodes exactly down to ``depth`` levels."""
    if depth <= 0 or game.current_player(state) != CHANCE:
        return score(game, state, seat)
    dist = game.chance_outcomes(state)
    total: Fraction | float = Fraction(0)
    for outcome, weight in dist.items():
        v = _value(game, game.apply(state, outcome), seat, score, depth - 1)
        total += Fraction(weight, dist.total) * (Fraction(v) if isinstance(v, int) else v)
    return total


class GreedyPlayer:
    """One-step lookahead on ``score_fn`` (a picklable class: it runs in worker processes)."""

    def __init__(self, score_fn: ScoreFn | None = None, chance_depth: int = 1) -> None:
        self.score = score_fn or margin_score
        self.chance_depth = chance_depth
        self.__name__ = f"greedy({getattr(self.score, '__name__', 'score')})"

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        game, seat, legal = view.game, view.seat, view.legal_ids
        if not legal:
            raise IllegalAction(f"{game.name}: greedy player asked to move at a non-player node")
        state = view.determinize(rng)
        best: list[Hashable] = []
        best_value: Fraction | float | None = None
        for action in legal:
            v = _value(game, game.apply(state, action), seat, self.score, self.chance_depth)
            if best_value is None or v > best_value:
                best, best_value = [action], v
            elif v == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

    def __repr__(self) -> str:
        return self.__name__


def greedy_player(score_fn: ScoreFn | None = None, *, chance_depth: int = 1) -> Player:
    """A one-step lookahead player maximising ``score_fn(game, state, seat)``.

    Chance nodes right after the move are averaged over their exact outcomes
    (``chance_depth`` levels); ties are broken with the rng. The default
    score is :func:`margin_score`.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> g = TakeAway()
    >>> greedy_player()(SeatView(g, 0, TakeAwayState(2)), random.Random(0))  # takes the last
    2
    """
    return GreedyPlayer(score_fn, chance_depth)


SHAPES = ("state, actions", "game, state, rng")
"""The two ways a designer's player function may be written (``function_player(takes=...)``)."""


def function_player(
    fn: Callable[..., Any], *, name: str | None = None, takes: str = "state, actions"
) -> Player:
    """Wrap a designer's function as a player and validate what it returns.

    The designer says how ``fn`` is called: ``takes="state, actions"`` (the default) calls
    ``fn(state, actions)``, ``takes="game, state, rng"`` calls ``fn(game, state, rng)``;
    ``state`` is what the seat sees (its observation: hidden zones as ``Hidden``). It
    returns an :class:`Action` or an action id from the legal list. Anything else raises
    :class:`IllegalAction` naming the function.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> take_one = function_player(lambda state, actions: actions[0])
    >>> take_one(SeatView(TakeAway(), 0, TakeAwayState(5)), random.Random(0))
    1
    >>> take_two = function_player(lambda game, state, rng: 2, takes="game, state, rng")
    >>> take_two(SeatView(TakeAway(), 0, TakeAwayState(5)), random.Random(0))
    2
    >>> bad = function_player(lambda state, actions: 9, name="nine")
    >>> bad(SeatView(TakeAway(), 0, TakeAwayState(5)), random.Random(0))
    Traceback (most recent call last):
    ...
    workbench.engine.kernel.protocol.IllegalAction: player nine returned 9, not a legal action; legal ids: 1, 2, 3
    >>> function_player(bad, takes="state")
    Traceback (most recent call last):
    ...
    ValueError: player function takes='state': write takes='state, actions' or takes='game, state, rng'
    """
    if takes not in SHAPES:
        raise ValueError(
            f"player function takes={takes!r}: write "
            + " or ".join(f"takes={shape!r}" for shape in SHAPES)
        )
    label: str = name or str(getattr(fn, "__name__", repr(fn)))
    return FunctionPlayer(fn, label, 2 if takes == SHAPES[0] else 3)


class FunctionPlayer:
    """A designer's function checked on every call (see :func:`function_player`)."""

    def __init__(self, fn: Callable[..., Any], name: str, arity: int) -> None:
        self.fn, self.__name__, self.arity = fn, name, arity

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        legal = view.actions()
        state = view.state
        choice = self.fn(state, list(legal)) if self.arity == 2 else self.fn(view.game, state, rng)
        chosen = choice.id if isinstance(choice, Action) else choice
        ids = [a.id for a in legal]
        try:
            ok = chosen in ids
        except TypeError:
            ok = False
        if not ok:
            shown = ", ".join(repr(i) for i in ids[:12]) + (" ..." if len(ids) > 12 else "")
            raise IllegalAction(
                f"player {self.__name__} returned {choice!r}, not a legal action; legal ids: {shown}"
            )
        return chosen  # type: ignore[no-any-return]


def is_player_node(game: Game[Any], state: Any) -> bool:
    """True when a seat (not chance, not the end) is to move.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> is_player_node(TakeAway(), TakeAwayState(0))
    False
    """
    return game.current_player(state) not in (CHANCE, TERMINAL)
