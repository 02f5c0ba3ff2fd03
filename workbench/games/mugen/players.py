"""Players for むげんの宙へ: random, greedy (most damage per MP), designer-pluggable, fast path.

Every player is ``(game, state, rng) -> action id`` like the engine's.

>>> import random
>>> from workbench.games.mugen.rules import make_game
>>> game = make_game()
>>> fast_random_playout(game, 7) == playout(game, random_player, 7).final
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from workbench.engine.players import function_player, random_player
from workbench.engine.playout import Player, playout
from workbench.engine.protocol import Action, IllegalAction
from workbench.games.mugen import moves
from workbench.games.mugen.cards import Skill
from workbench.games.mugen.core import CHANCE_STEPS, Table
from workbench.games.mugen.state import MugenState

__all__ = [
    "fast_random_playout",
    "function_player",
    "greedy_player",
    "policy_player",
    "priority_player",
    "random_player",
    "sample_weights",
    "skill_damage",
]


def sample_weights(weights: dict[Hashable, int], rng: random.Random) -> Hashable:
    """Draw like ``Dist(weights).sample(rng)`` (sorted outcomes, weights over their gcd).

    >>> from workbench.prob.dist import Dist
    >>> w = {"b": 4, "a": 2, "c": 6}
    >>> [sample_weights(w, random.Random(s)) for s in range(6)] == [
    ...     Dist(w).sample(random.Random(s)) for s in range(6)]
    True
    """
    items = sorted(weights.items())  # type: ignore[type-var]
    g = 0
    for _, w in items:
        g = math.gcd(g, w)
    r = rng.randrange(sum(w for _, w in items) // g)
    for outcome, w in items:
        w //= g
        if r < w:
            return outcome
        r -= w
    raise AssertionError("unreachable")


Observer = Callable[[Table, tuple[Any, ...], Hashable], None]


def fast_random_playout(game: Any, seed: int, observe: Observer | None = None) -> MugenState:
    """The final state of ``playout(game, random_player, seed)``, without freezing each step.

    Consumes ``random.Random(seed)`` exactly as the normal path does: one
    ``randrange`` per chance step, one ``choice`` over the legal ids per
    decision. ``observe(table, step, outcome)`` sees each chance outcome
    before it resolves (analysis uses it to trace draws).
    """
    rng = random.Random(seed)
    t = Table(game, game.initial_state())
    stack = t.stack
    while t.result is None and stack:
        step = stack[-1]
        if step[0] in CHANCE_STEPS:
            outcome = sample_weights(t.chance_weights(), rng)
            if observe is not None:
                observe(t, step, outcome)
            t.resolve_chance(outcome)
        else:
            moves.act(t, step, rng.choice(moves.legal_ids(t)))
            t.settle()
    return t.freeze()


def skill_damage(game: Any, state: MugenState, seat: int, skill: Skill) -> int:
    """Damage a skill is expected to deal over its life, at today's attack and defence.

    Immediate damage, plus ``start:``/``end:`` damage once per counter, plus
    the attack boost applied to one attack per counter.

    >>> from workbench.games.mugen.rules import make_game
    >>> g = make_game()
    >>> s = g.initial_state()
    >>> skill_damage(g, s, 0, g.cards["G19"].skills[0])  # start: damage 2, 3 counters, atk +1 trait
    9
    """
    atk, foe_def = game.attack(state, seat), game.defence(state, 1 - seat)

    def hit(effects: Sequence[Any]) -> int:
        total = 0
        for e in effects:
            if e.verb == "damage":
                total += max(0, e.amount + atk - foe_def)
            elif e.verb == "pierce":
                total += max(0, e.amount + atk)
        return total

    total = hit(skill.now)
    if skill.is_set:
        timed = [e for e in skill.effects if e.timing in ("start", "end", "opp_start", "opp_end")]
        total += skill.turns * (hit(timed) + max(0, skill.atk))
    return total


def _useful(skill: Skill, me: Any, foe: Any) -> bool:
    """A skill without damage is worth playing: heal when hurt, draw only when ahead on cards."""
    if any(e.verb == "draw" for e in skill.effects) and me.deck_size <= foe.deck_size:
        return False
    return skill.is_set or any(e.verb != "heal" or me.hp < me.max_hp for e in skill.now)


def _greedy_main(game: Any, state: MugenState, actions: Sequence[Action]) -> Hashable:
    seat = state.active
    side = state.sides[seat]
    best: tuple[float, int] | None = None
    choice: Hashable = "end"
    fallback: tuple[int, int] | None = None
    fallback_id: Hashable = "end"
    for a in actions:
        if a.id == "end":
            continue
        use: Any = a.id
        skill = game.cards[use[1]].skills[use[2]]
        dmg = skill_damage(game, state, seat, skill)
        if dmg > 0:
            key = (dmg / max(skill.cost, 1), dmg)
            if best is None or key > best:
                best, choice = key, a.id  # type: ignore[assignment]
        elif _useful(skill, side, state.sides[1 - seat]):
            other = (skill.cost, -len(skill.effects))
            if fallback is None or other > fallback:
                fallback, fallback_id = other, a.id
    return choice if best is not None else fallback_id


def greedy_player(game: Any, state: MugenState, rng: random.Random) -> Hashable:
    """Most damage per MP first; then the dearest other useful skill; else end the turn.

    Optional draws (revenge draws, draw skills) only while its deck is bigger
    than the opponent's (drawing races towards deck-out);
    always uses a 【リベンジ時】 effect; pushes out the set skill with the
    fewest counters; destroys the one with the most.
    Deterministic (does not touch the rng).

    >>> from workbench.games.mugen.rules import make_game
    >>> from workbench.games.mugen.scenario import position
    >>> g = make_game()
    >>> greedy_player(g, position(g, hands=(["G01", "G17", "G03"], []), mp=(5, 1)), random.Random(0))
    ('use', 'G01', 0)
    """
    actions = game.legal_actions(state)
    if not actions:
        raise IllegalAction("greedy_player asked to move where nobody moves")
    step = state.queue[-1][0]
    if step == "main":
        return _greedy_main(game, state, actions)
    seat: Any = state.queue[-1][1]
    me, foe = state.sides[seat], state.sides[1 - seat]
    if step == "revenge_ask":  # a draw is a step towards deck-out: only when ahead on cards
        return "revenge_draw" if me.deck_size > foe.deck_size else "no_revenge"
    if step == "revenge_use":
        return "revenge_use"
    zone = state.sides[seat if step == "push_out" else 1 - seat].set_zone
    pick = min if step == "push_out" else max
    return pick(actions, key=lambda a: zone[a.id[1]].counters).id  # type: ignore[index]


def policy_player(score: Callable[[Any, MugenState, Action], float], name: str = "policy") -> Player:
    """A designer's scoring function over actions: the best-scoring action is played.

    Ties go to the earlier action in the legal list. Example: a player that
    always uses the dearest skill it can afford::

        dearest = policy_player(lambda g, s, a: g.cards[a.id[1]].skills[a.id[2]].cost
                                if a.id != "end" and a.id[0] == "use" else -1)

    >>> from workbench.games.mugen.rules import make_game
    >>> from workbench.games.mugen.scenario import position
    >>> g = make_game()
    >>> ender = policy_player(lambda g, s, a: a.id == "end", "ender")
    >>> ender(g, position(g, hands=(["G01"], [])), random.Random(0))
    'end'
    """

    def play(game: Any, state: MugenState, rng: random.Random) -> Hashable:
        actions = game.legal_actions(state)
        if not actions:
            raise IllegalAction(f"{name} asked to move where nobody moves")
        return max(actions, key=lambda a: score(game, state, a)).id  # type: ignore[no-any-return]

    play.__name__ = name
    return play


def priority_player(order: Sequence[str], fallback: Player = greedy_player) -> Player:
    """Play the first card of ``order`` (ids or names) that has an affordable skill.

    The dearest affordable skill of that card is used; other decisions and
    turns with none of the listed cards go to ``fallback``.

    >>> from workbench.games.mugen.rules import make_game
    >>> g = make_game()
    >>> p = priority_player(["火花", "G02"])
    >>> callable(p)
    True
    """
    wanted = list(order)

    def play(game: Any, state: MugenState, rng: random.Random) -> Hashable:
        if state.queue and state.queue[-1][0] == "main":
            legal = [a.id for a in game.legal_actions(state) if a.id != "end"]
            for key in wanted:
                mine = [i for i in legal if key in (i[1], game.cards[i[1]].name)]  # type: ignore[index]
                if mine:
                    return max(mine, key=lambda i: game.cards[i[1]].skills[i[2]].cost)  # type: ignore[index]
        return fallback(game, state, rng)

    play.__name__ = "priority_player"
    return play


def play_game(game: Any, players: Sequence[Player], seed: int) -> MugenState:
    """One game to its end (the fast path when both players are random).

    >>> from workbench.games.mugen.rules import make_game
    >>> play_game(make_game(), [random_player, random_player], 4).result is not None
    True
    """
    if all(p is random_player for p in players):
        return fast_random_playout(game, seed)
    return playout(game, list(players), seed).final  # type: ignore[no-any-return]
