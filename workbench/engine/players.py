"""Players: ``(game, state, rng) -> action id``.

- :func:`random_player` — ``rng.choice`` over the legal actions (the reference
  path every ``fast_random_playout`` must reproduce);
- :func:`greedy_player` — one-step lookahead on a score function (chance
  right after the move is averaged exactly over its outcomes);
- :func:`function_player` — wraps a designer's plain function and checks what
  it returns.

>>> import random
>>> from workbench.engine.toy import TakeAway, TakeAwayState
>>> g = TakeAway()
>>> random_player(g, g.initial_state(), random.Random(0)) in (1, 2, 3)
True
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from workbench.engine.playout import Player
from workbench.engine.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction

__all__ = [
    "FunctionPlayer",
    "GreedyPlayer",
    "Player",
    "function_player",
    "greedy_player",
    "margin_score",
    "random_player",
]


def random_player(game: Game[Any], state: Any, rng: random.Random) -> Hashable:
    """A uniformly random legal action: ``rng.choice(game.legal_actions(state)).id``.

    >>> from workbench.engine.toy import TakeAway, TakeAwayState
    >>> random_player(TakeAway(), TakeAwayState(1), random.Random(5))
    1
    """
    legal = game.legal_actions(state)
    if not legal:
        raise IllegalAction(f"{game.name}: no legal action for the player to move")
    return rng.choice(legal).id


def margin_score(game: Game[Any], state: Any, seat: int) -> float:
    """Default heuristic: the seat's score minus the best other seat's score.

    >>> from workbench.engine.toy import TakeAway, TakeAwayState
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

    def __call__(self, game: Game[Any], state: Any, rng: random.Random) -> Hashable:
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        if seat < 0 or not legal:
            raise IllegalAction(f"{game.name}: greedy player asked to move at a non-player node")
        best: list[Action] = []
        best_value: Fraction | float | None = None
        for action in legal:
            v = _value(game, game.apply(state, action.id), seat, self.score, self.chance_depth)
            if best_value is None or v > best_value:
                best, best_value = [action], v
            elif v == best_value:
                best.append(action)
        return best[0].id if len(best) == 1 else rng.choice(best).id

    def __repr__(self) -> str:
        return self.__name__


def greedy_player(score_fn: ScoreFn | None = None, *, chance_depth: int = 1) -> Player:
    """A one-step lookahead player maximising ``score_fn(game, state, seat)``.

    Chance nodes right after the move are averaged over their exact outcomes
    (``chance_depth`` levels); ties are broken with the rng. The default
    score is :func:`margin_score`.

    >>> from workbench.engine.toy import TakeAway, TakeAwayState
    >>> g = TakeAway()
    >>> greedy_player()(g, TakeAwayState(2), random.Random(0))  # takes the last stones
    2
    """
    return GreedyPlayer(score_fn, chance_depth)


def function_player(fn: Callable[..., Any], *, name: str | None = None) -> Player:
    """Wrap a designer's function as a player and validate what it returns.

    ``fn`` is called as ``fn(state, actions)`` when it takes two parameters,
    else as ``fn(game, state, rng)``; it returns an :class:`Action` or an
    action id from the legal list. Anything else raises :class:`IllegalAction`
    naming the function.

    >>> from workbench.engine.toy import TakeAway, TakeAwayState
    >>> take_one = function_player(lambda state, actions: actions[0])
    >>> take_one(TakeAway(), TakeAwayState(5), random.Random(0))
    1
    >>> bad = function_player(lambda state, actions: 9, name="nine")
    >>> bad(TakeAway(), TakeAwayState(5), random.Random(0))
    Traceback (most recent call last):
    ...
    workbench.engine.protocol.IllegalAction: player nine returned 9, not a legal action; legal ids: 1, 2, 3
    """
    label: str = name or str(getattr(fn, "__name__", repr(fn)))
    try:
        arity = len(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        arity = 3
    if arity not in (2, 3):
        raise TypeError(
            f"player function {label} takes {arity} parameters; "
            "write fn(state, actions) or fn(game, state, rng)"
        )

    return FunctionPlayer(fn, label, arity)


class FunctionPlayer:
    """A designer's function checked on every call (see :func:`function_player`)."""

    def __init__(self, fn: Callable[..., Any], name: str, arity: int) -> None:
        self.fn, self.__name__, self.arity = fn, name, arity

    def __call__(self, game: Game[Any], state: Any, rng: random.Random) -> Hashable:
        legal = game.legal_actions(state)
        choice = self.fn(state, list(legal)) if self.arity == 2 else self.fn(game, state, rng)
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

    >>> from workbench.engine.toy import TakeAway, TakeAwayState
    >>> is_player_node(TakeAway(), TakeAwayState(0))
    False
    """
    return game.current_player(state) not in (CHANCE, TERMINAL)
