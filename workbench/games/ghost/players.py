"""Players for 「何か」: random, greedy (exact battle odds), and the fast random playout.

``greedy_player(threshold)`` attacks when its exact win chance (the defender
assumed to pick its best ghost, no support, no events) is above
``threshold``, adds support ghosts while they raise its side's chance,
defends with the ghost that minimises the attacker's chance, installs its
strongest ghost and shells where they add most, places a face-down event
that helps its side, and trims its weakest cards. ``rank`` (card -> number)
plugs in a designer's own idea of a card's worth.

>>> from workbench.games.ghost.rules import make_game
>>> from workbench.engine import playout
>>> r = playout(make_game(players=2), greedy_player(), seed=1)
>>> r.final.result is not None
True
>>> fast_random_playout(make_game(players=3), 7) == playout(make_game(players=3), random_player, 7).final
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from workbench.engine.players import random_player
from workbench.games.ghost.actions import decider, legal_ids
from workbench.games.ghost.model import GhostCard
from workbench.games.ghost.odds import fighters, win_chance
from workbench.games.ghost.state import ATTACK, STATS, GhostState

__all__ = ["fast_random_playout", "greedy_player", "random_player", "strength_rank"]


def fast_random_playout(game: Any, seed: int) -> GhostState:
    """The final state of ``playout(game, random_player, seed)``, 5-10x faster.

    One working table is mutated in place with the very same rule code; the
    rng is consumed in the same order (chance: one ``randrange`` walk per
    step; decisions: ``rng.choice`` over the same ordered legal ids).
    """
    rng = random.Random(seed)
    ctx = game.ctx
    t = game.initial_state().thaw()
    apply = game.apply_table
    while t.result is None:
        if t.queue:
            step = t.queue[0]
            if step[0] == "roll":
                a: Any = game.dice_dist(t.battle.dice[step[1]]).sample(rng)
            else:
                a = t.server[rng.randrange(len(t.server))]
        else:
            a = rng.choice(legal_ids(ctx, t))
        apply(t, a)
    return t.freeze()


def strength_rank(card: GhostCard) -> float:
    """A card's worth for installs and trims: a ghost's better expected strength + VP/2."""
    if card.is_ghost:
        best = max(s.count * 2.5 + s.modifier for s in (card.physical, card.mental))
        return best + card.vp / 2
    if card.is_shell:
        return 1.0 + max(card.shell)
    return 0.0


def greedy_player(threshold: Any = Fraction(1, 2), *,
                  rank: Callable[[GhostCard], float] = strength_rank) -> Callable[..., Hashable]:
    """A greedy player (see the module docstring); deterministic, ignores the rng."""
    limit = Fraction(str(threshold)) if not isinstance(threshold, Fraction) else threshold

    def play(game: Any, state: GhostState, rng: random.Random) -> Hashable:
        ids = legal_ids(game.ctx, state)
        phase = state.phase
        if phase in ("setup", "trim"):
            cards = [a[1] for a in ids]
            pick = max(cards, key=lambda c: rank(game.cards[c])) if phase == "setup" else min(
                cards, key=lambda c: rank(game.cards[c]))
            return ("install" if phase == "setup" else "trim", pick)
        if phase == "main":
            return _main(game, state, ids, limit, rank)
        if phase == "defend":
            b = state.battle
            assert b is not None
            return min(ids, key=lambda a: _chance(game, state, b.atk, (a[1],), b.stat))
        if phase in ("support_atk", "support_def"):
            return _support(game, state, ids)
        return _place(game, state, ids)

    play.__name__ = f"greedy_player({limit})"
    return play


def _chance(game: Any, state: Any, atk: tuple[int, ...], dfn: tuple[int, ...],
            stat: str) -> Fraction:
    roles_a = ["attack"] + ["support"] * (len(atk) - 1)
    roles_d = ["defend"] + ["support"] * (len(dfn) - 1)
    p = game.params
    w = win_chance(fighters(game, state, atk, stat, roles_a), fighters(game, state, dfn, stat, roles_d),
                   fumble=p.fumble, floor=p.floor_at_zero)
    return Fraction(int(w.p), int(w.q))


def _main(game: Any, state: GhostState, ids: list[Any], limit: Fraction,
          rank: Callable[[GhostCard], float]) -> Hashable:
    cards = game.cards
    installs = [a for a in ids if a[0] == "install"]
    if installs:
        return max(installs, key=lambda a: rank(cards[a[1]]))
    shells = [a for a in ids if a[0] == "shell" and a[3] == -1]
    if shells:
        return max(shells, key=lambda a: _shell_gain(game, state, a[1], a[2]))
    abilities = [a for a in ids if a[0] == "ability" and a[2] == -1]
    if abilities:
        return abilities[0]
    best, best_p = None, limit
    for a in ids:
        if a[0] != "battle":
            continue
        _, g, d, stat = a
        worst = min(_chance(game, state, (g,), (h,), stat) for h in _defenders(game, state, d))
        if worst > best_p:
            best, best_p = a, worst
    if best is not None:
        return best
    draws = [a for a in ids if a[0] == "event" and any(e.verb == "draw" for e in cards[a[1]].effects)]
    if draws and len(state.archives[state.turn]) <= 3:
        return draws[0]
    return ("end",)


def _defenders(game: Any, state: Any, seat: int) -> tuple[int, ...]:
    from workbench.games.ghost.flow import eligible_fighters

    return eligible_fighters(game.ctx, state, seat)


def _shell_gain(game: Any, state: Any, shell: int, ghost: int) -> int:
    card = game.cards[ghost]
    return max(game.cards[shell].shell[i] + card.strength(s).count for i, s in enumerate(STATS))


def _support(game: Any, state: GhostState, ids: list[Any]) -> Hashable:
    b = state.battle
    assert b is not None
    attack = state.phase == "support_atk"
    now = _chance(game, state, b.atk, b.dfn, b.stat)
    best, best_p = ("done",), now
    for a in ids:
        if a[0] not in ("support", "quick"):
            continue
        extra = (a[1],)  # a quick ghost from the archive has no shell yet
        p = _chance(game, state, b.atk + extra, b.dfn, b.stat) if attack else _chance(
            game, state, b.atk, b.dfn + extra, b.stat)
        if (p > best_p) if attack else (p < best_p):
            best, best_p = a, p
    return best


def _place(game: Any, state: GhostState, ids: list[Any]) -> Hashable:
    b = state.battle
    assert b is not None
    seat = decider(state)
    mine = ATTACK if seat == b.attacker else 1 if seat == b.defender else None
    if mine is None:
        return ("pass",)
    for a in ids:
        if a[0] != "place":
            continue
        for e in game.cards[a[1]].effects:
            if e.verb in ("power", "dice") and (int(e.args[0]) > 0) == (a[2] == mine):
                return a
    return ("pass",)

