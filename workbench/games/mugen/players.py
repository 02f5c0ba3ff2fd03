"""Players for むげんの宙へ on the engine's protocol ``(view, rng) -> action id``.

Each reads only what its seat sees (``view.state``: the opponent's hand and
deck are ``Hidden``, their sizes known) and answers with one of
``view.legal_ids``: :func:`greedy_player` (most damage per MP),
:func:`policy_player` (a designer's scoring of actions),
:func:`priority_player` (a designer's card order), and the engine's
:func:`random_player`.

>>> from workbench.engine.runs.playout import playout, playout_in_place
>>> from workbench.games.mugen.rules import make_game
>>> game = make_game()
>>> playout_in_place(game, greedy_player, 7).final == playout(game, greedy_player, 7).final
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from workbench.engine.kernel.protocol import Action, IllegalAction
from workbench.engine.kernel.seat import Player, SeatView
from workbench.engine.players import function_player, random_player
from workbench.games.mugen.cards import Skill
from workbench.games.mugen.policy import greedy_action, lifetime_damage, profile
from workbench.games.mugen.steps_turn import Main

__all__ = [
    "function_player",
    "greedy",
    "greedy_player",
    "policy_player",
    "priority_player",
    "random_player",
    "skill_damage",
]


def skill_damage(game: Any, state: Any, seat: int, skill: Skill) -> int:
    """Damage a skill is expected to deal over its life, at today's attack and defence.

    Immediate damage, plus ``start:``/``end:`` damage once per counter, plus
    the attack boost applied to one attack per counter
    (:func:`~workbench.games.mugen.policy.lifetime_damage`). ``state`` may be a
    seat's observation (only public zones are read).

    >>> from workbench.games.mugen.rules import make_game
    >>> g = make_game()
    >>> s = g.initial_state()
    >>> skill_damage(g, s, 0, g.cards["G19"].skills[0])  # start: damage 2, 3 counters, atk +1 trait
    9
    """
    t = game.view(state)
    return lifetime_damage(profile(skill), t.atk(seat), t.defence(1 - seat))


def greedy_player(view: SeatView, rng: random.Random) -> Hashable:
    """Most damage per MP first; then the dearest other useful skill; else end the turn.

    Optional draws (revenge draws, draw skills) only while its deck is bigger
    than the opponent's (drawing races towards deck-out); always uses a
    【リベンジ時】 effect; pushes out the set skill with the fewest counters;
    destroys the one with the most. The rule is the game's rollout policy
    (:func:`~workbench.games.mugen.policy.greedy_action`) on the seat's
    observation; with one legal action it plays it without looking.
    Deterministic (does not touch the rng).

    >>> from workbench.games.mugen.rules import make_game
    >>> from workbench.games.mugen.scenario import position
    >>> g = make_game()
    >>> s = position(g, hands=(["G01", "G17", "G03"], []), mp=(5, 1))
    >>> greedy_player(SeatView(g, 0, s), random.Random(0))
    ('use', 'G01', 0)
    """
    legal = view.legal_ids
    if len(legal) == 1:
        return legal[0]
    if not legal:
        raise IllegalAction("greedy_player asked to move where nobody moves")
    return greedy_action(view.table)


def policy_player(score: Callable[[Any, Any, Action], float], name: str = "policy") -> Player:
    """A designer's scoring function over actions: the best-scoring action is played.

    ``score(game, state, action)`` sees the seat's observed state. Ties go to
    the earlier action in the legal list. Example: a player that always uses
    the dearest skill it can afford::

        dearest = policy_player(lambda g, s, a: g.cards[a.id[1]].skills[a.id[2]].cost
                                if a.id != "end" and a.id[0] == "use" else -1)

    >>> from workbench.games.mugen.rules import make_game
    >>> from workbench.games.mugen.scenario import position
    >>> g = make_game()
    >>> ender = policy_player(lambda g, s, a: a.id == "end", "ender")
    >>> ender(SeatView(g, 0, position(g, hands=(["G01"], []))), random.Random(0))
    'end'
    """

    def play(view: SeatView, rng: random.Random) -> Hashable:
        actions = view.actions()
        if not actions:
            raise IllegalAction(f"{name} asked to move where nobody moves")
        state = view.state
        return max(actions, key=lambda a: score(view.game, state, a)).id

    play.__name__ = name
    return play


def priority_player(order: Sequence[str], fallback: Player = greedy_player) -> Player:
    """Play the first card of ``order`` (ids or names) that has an affordable skill.

    The dearest affordable skill of that card is used; other decisions and
    turns with none of the listed cards go to ``fallback``.

    >>> from workbench.games.mugen.rules import make_game
    >>> from workbench.games.mugen.scenario import position
    >>> g = make_game()
    >>> p = priority_player(["雷鳴", "G01"])
    >>> p(SeatView(g, 0, position(g, hands=(["G01", "G17"], []), mp=(3, 1))), random.Random(0))
    ('use', 'G01', 0)
    """
    wanted = list(order)

    def play(view: SeatView, rng: random.Random) -> Hashable:
        game: Any = view.game
        state = view.state
        if type(state.tasks[-1]) is Main:
            legal: list[Any] = [i for i in view.legal_ids if i != "end"]
            for key in wanted:
                mine = [i for i in legal if key in (i[1], game.cards[i[1]].name)]
                if mine:
                    return max(mine, key=lambda i: game.skills[i[1], i[2]].cost)  # type: ignore[no-any-return]
        return fallback(view, rng)

    play.__name__ = "priority_player"
    return play


def greedy(arg: str | None = None) -> Player:
    """The ``greedy`` player family (``--players greedy``): :func:`greedy_player`; takes no argument."""
    if arg is not None:
        raise ValueError(f"greedy takes no argument, got {arg!r}")
    return greedy_player
