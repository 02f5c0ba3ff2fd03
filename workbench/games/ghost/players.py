"""Players for 「何か」 on the seat protocol ``(view, rng) -> action id``: random and greedy.

``greedy_player(threshold)`` attacks when its exact win chance (the defender
assumed to pick its best ghost — under the seed's battle order knowing that
the attacker then picks its better stat against it — no support, no events)
is above ``threshold``, picks the better stat once the defending ghost is
known, adds support ghosts while they raise its side's chance,
defends with the ghost that minimises the attacker's chance, installs its
strongest ghost and shells where they add most, places a face-down event
that helps its side, plays a draw event out of turn when its archive is
short, and trims its weakest cards. ``rank`` (card -> number)
plugs in a designer's own idea of a card's worth. It reads only what its
seat sees (``view.state``: its own archive, the desktops, the battle) and the
legal ids, and never draws from the rng.

>>> from workbench.engine import playout
>>> from workbench.games.ghost.rules import make_game
>>> r = playout(make_game(players=2), greedy_player(), seed=1)
>>> r.final.result is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from workbench.engine.kernel.seat import SeatView
from workbench.engine.players import random_player
from workbench.games.ghost.cards import GhostCard
from workbench.games.ghost.odds import fighters, win_chance
from workbench.games.ghost.table import ATTACK, DEFENCE, STATS

__all__ = ["GreedyGhost", "greedy_player", "random_player", "strength_rank"]

Aid = tuple[Any, ...]


def strength_rank(card: GhostCard) -> float:
    """A card's worth for installs and trims: a ghost's better expected strength + VP/2.

    >>> from workbench.games.ghost.cards import Strength
    >>> strength_rank(GhostCard(0, "ghost", "x", physical=Strength(3, 2), vp=4))
    11.5
    """
    if card.is_ghost:
        best = max(s.count * 2.5 + s.modifier for s in (card.physical, card.mental))
        return best + card.vp / 2
    if card.is_shell:
        return 1.0 + max(card.shell)
    return 0.0


class GreedyGhost:
    """The greedy player (a class, so it pickles into worker processes)."""

    def __init__(self, threshold: Fraction, rank: Callable[[GhostCard], float]) -> None:
        self.limit, self.rank = threshold, rank
        self.__name__ = f"greedy_player({threshold})"

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        game, state = view.game, view.state
        ids: list[Aid] = view.legal_ids  # type: ignore[assignment]
        phase = state.phase
        cards = game.cards  # type: ignore[attr-defined]
        rank = self.rank
        if phase == "setup":
            return ("install", max((a[1] for a in ids), key=lambda c: rank(cards[c])))
        if phase == "trim":
            return ("trim", min((a[1] for a in ids), key=lambda c: rank(cards[c])))
        if phase == "main":
            return self._main(game, state, ids)
        if phase == "defend":
            b = state.battle
            stats = (b.stat,) if b.stat else STATS  # the stat is still the attacker's to pick
            return min(ids, key=lambda a: max(_chance(game, state, b.atk, (a[1],), s)
                                              for s in stats))
        if phase == "stat":
            b = state.battle
            return max(ids, key=lambda a: _chance(game, state, b.atk, b.dfn, a[1]))
        if phase in ("support_atk", "support_def"):
            return _support(game, state, ids)
        if phase == "react":
            return _react(game, state, ids, view.seat)
        return _place(game, state, ids, view.seat)

    def _main(self, game: Any, state: Any, ids: list[Aid]) -> Hashable:
        cards, rank = game.cards, self.rank
        installs = [a for a in ids if a[0] == "install"]
        if installs:
            return max(installs, key=lambda a: rank(cards[a[1]]))
        shells = [a for a in ids if a[0] == "shell" and a[3] == -1]
        if shells:
            return max(shells, key=lambda a: _shell_gain(game, a[1], a[2]))
        abilities = [a for a in ids if a[0] == "ability" and a[2] == -1]
        if abilities:
            return abilities[0]
        best, best_p = None, self.limit
        t = game.view(state)
        for a in ids:
            if a[0] != "battle":
                continue
            g, d = a[1], a[2]
            if len(a) > 3:  # the stat named now: the defender answers it
                worst = min(_chance(game, state, (g,), (h,), a[3]) for h in t.eligible_fighters(d))
            else:  # the defender picks first, then the attacker its better stat
                worst = min(max(_chance(game, state, (g,), (h,), s) for s in STATS)
                            for h in t.eligible_fighters(d))
            if worst > best_p:
                best, best_p = a, worst
        if best is not None:
            return best
        draws = [a for a in ids
                 if a[0] == "event" and any(e.verb == "draw" for e in cards[a[1]].effects)]
        if draws and len(state.archives[state.turn]) <= 3:
            return draws[0]
        return ("end",)

    def __repr__(self) -> str:
        return self.__name__


def greedy_player(threshold: Any = Fraction(1, 2), *,
                  rank: Callable[[GhostCard], float] = strength_rank) -> GreedyGhost:
    """A greedy player (see the module docstring); deterministic, ignores the rng.

    >>> greedy_player(0.7)
    greedy_player(7/10)
    """
    limit = threshold if isinstance(threshold, Fraction) else Fraction(str(threshold))
    return GreedyGhost(limit, rank)


def _chance(game: Any, state: Any, atk: tuple[int, ...], dfn: tuple[int, ...],
            stat: str) -> Fraction:
    roles_a = ["attack"] + ["support"] * (len(atk) - 1)
    roles_d = ["defend"] + ["support"] * (len(dfn) - 1)
    p = game.params
    w = win_chance(fighters(game, state, atk, stat, roles_a),
                   fighters(game, state, dfn, stat, roles_d),
                   fumble=p.fumble, floor=p.floor_at_zero)
    return Fraction(int(w.p), int(w.q))


def _shell_gain(game: Any, shell: int, ghost: int) -> int:
    card = game.cards[ghost]
    return max(game.cards[shell].shell[i] + card.strength(s).count for i, s in enumerate(STATS))


def _support(game: Any, state: Any, ids: list[Aid]) -> Hashable:
    b = state.battle
    attack = state.phase == "support_atk"
    best: Aid = ("done",)
    best_p = _chance(game, state, b.atk, b.dfn, b.stat)
    for a in ids:
        if a[0] not in ("support", "quick"):
            continue
        extra = (a[1],)  # a quick ghost from the archive has no shell yet
        p = _chance(game, state, b.atk + extra, b.dfn, b.stat) if attack else _chance(
            game, state, b.atk, b.dfn + extra, b.stat)
        if (p > best_p) if attack else (p < best_p):
            best, best_p = a, p
    return best


def _react(game: Any, state: Any, ids: list[Aid], seat: int) -> Hashable:
    """Out of turn: draw when the archive is short (as on its own turn), else pass."""
    if len(state.archives[seat]) <= 3:
        for a in ids:
            if a[0] == "event" and any(e.verb == "draw" for e in game.cards[a[1]].effects):
                return a
    return ("pass",)


def _place(game: Any, state: Any, ids: list[Aid], seat: int) -> Hashable:
    b = state.battle
    mine = ATTACK if seat == b.attacker else DEFENCE if seat == b.defender else None
    if mine is None:
        return ("pass",)
    for a in ids:
        if a[0] != "place":
            continue
        for e in game.cards[a[1]].effects:
            if e.verb in ("power", "dice") and (int(e.args[0]) > 0) == (a[2] == mine):
                return a
    return ("pass",)
