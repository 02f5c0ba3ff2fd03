"""The greedy rule of thumb of 「何か」, written once as a function of a table and a seat.

:func:`choose` is the one copy of the rule: the greedy player calls it on the
table of what its seat observes (``game.view(view.state)``: its own archive,
the desktops, the battle — the other archives and the server are hidden
there), and the search's rollouts call it through
:meth:`~workbench.games.ghost.rules.GhostGame.rollout_action` on the mutable
table of a determinised world (that table *is* the world the search
imagines, so reading it is fair). It reads only the seat's own archive, the
desktops and the battle, whichever table it is given.

The rule: attack when the exact win chance (the defender assumed to pick its
best ghost — under the seed's battle order knowing that the attacker then
picks its better stat against it — no support, no events) is above
``limit``; pick the better stat once the defending ghost is known; add
support ghosts while they raise the side's chance; defend with the ghost
that minimises the attacker's chance; install the strongest ghost (by
``rank``) and shells where they add most; place a face-down event that helps
its side; play a draw event (on its turn or out of it) when the archive is
short; trim the weakest cards.

The battle chances are exact (the value :func:`~workbench.games.ghost.odds.win_chance`
gives), kept per pair of sides (dice, fixed modifier, steady per ghost) and each
side's total grown from the side without its last ghost, so a decision costs
dictionary look-ups, and a new support one convolution.

>>> import random
>>> from workbench.engine import CHANCE
>>> from workbench.games.ghost.rules import make_game
>>> t, rng = make_game(players=2).new_table(), random.Random(1)
>>> while t.to_move() == CHANCE:  # the deal
...     t.step(t.sample(rng))
>>> t.phase, choose(t, t.to_move(), t.legal())[0]  # its strongest ghost first
('setup', 'install')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from itertools import chain
from typing import Any

from workbench.games.ghost.cards import GhostCard, Strength
from workbench.games.ghost.odds import Fighter, fighter_dist
from workbench.games.ghost.table import ATTACK, DEFENCE, NO_SHELL, STATS
from workbench.prob.dist import Dist
from workbench.prob.versus import opposed

__all__ = ["HALF", "choose", "strength_rank"]

Aid = tuple[Any, ...]
HALF = Fraction(1, 2)
_ATTACK_ROLE, _DEFEND_ROLE, _SUPPORT_ROLE = 0, 1, 2  # indices into GhostGame.modifiers[stat]


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


def choose(
    t: Any,
    seat: int,
    ids: Sequence[Hashable],
    limit: Fraction = HALF,
    rank: Callable[[GhostCard], float] = strength_rank,
) -> Hashable:
    """The rule of thumb's action for ``seat`` among the legal ``ids`` on table ``t``."""
    if len(ids) == 1:
        return ids[0]
    acts: Sequence[Aid] = ids  # type: ignore[assignment]
    game = t.game
    cards = game.cards
    phase = t.phase
    if phase == "setup":
        return ("install", max((a[1] for a in acts), key=lambda c: rank(cards[c])))
    if phase == "trim":
        return ("trim", min((a[1] for a in acts), key=lambda c: rank(cards[c])))
    if phase == "main":
        return _main(t, seat, acts, limit, rank)
    odds = _Odds(t)
    b = t.battle
    if phase == "defend":  # the first ghost whose worst stat gives the attacker least
        stats = (b.stat,) if b.stat else STATS  # the stat is still the attacker's to pick
        chance, atk = odds.chance, b.atk
        pick, low = None, None
        for a in acts:
            p = chance(atk, (a[1],), stats[0])
            for s in stats[1:]:
                q = chance(atk, (a[1],), s)
                if _above(q, p):
                    p = q
            if low is None or _above(low, p):
                pick, low = a, p
        return pick
    if phase == "stat":  # the first stat with the best chance
        pick, high = None, None
        for a in acts:
            p = odds.chance(b.atk, b.dfn, a[1])
            if high is None or _above(p, high):
                pick, high = a, p
        return pick
    if phase in ("support_atk", "support_def"):
        return _support(t, odds, acts)
    if phase == "react":
        return _react(t, seat, acts)
    return _place(t, seat, acts)


def _above(p: Fraction, q: Fraction) -> bool:
    """``p > q`` for two fractions in lowest terms (denominators positive), without
    ``Fraction``'s own comparison and its type checks."""
    return p.numerator * q.denominator > q.numerator * p.denominator  # type: ignore[no-any-return]


class _Odds:
    """Exact battle chances on one table: each ghost as (dice, fixed modifier, steady)."""

    __slots__ = ("game", "shells", "rule", "seen")

    def __init__(self, t: Any) -> None:
        self.game = t.game
        self.shells = dict(chain.from_iterable(t.desktops))  # ghost -> its shell
        p = self.game.params
        self.rule = (p.fumble, p.floor_at_zero)
        self.seen: dict[tuple[int, str, int], tuple[int, int, bool]] = {}

    def ghost(self, g: int, stat: str, role: int) -> tuple[int, int, bool]:
        """(dice, fixed modifier with its shell, steady) of ghost ``g`` in ``role``."""
        key = (g, stat, role)
        out = self.seen.get(key)
        if out is None:
            game = self.game
            mod = game.modifiers[stat][role][g]
            sh = self.shells.get(g, NO_SHELL)  # a quick ghost from the archive has no shell yet
            if sh != NO_SHELL:
                mod += game.cards[sh].shell[STATS.index(stat)]
            out = self.seen[key] = (game.dice_counts[stat][g], mod, game.steady[g])
        return out

    def duel(self, g: int, h: int) -> Fraction:
        """P(ghost ``g`` beats ghost ``h`` alone) with the attacker's better stat."""
        shells = self.shells  # the game and the two ghosts' shells fix what a duel reads
        pair = (self.game, g, shells.get(g, NO_SHELL), h, shells.get(h, NO_SHELL))
        p = _PAIRS.get(pair)
        if p is None:
            if len(_PAIRS) > 100_000:
                _PAIRS.clear()
            p = _PAIRS[pair] = self._duel(g, h)
        return p

    def _duel(self, g: int, h: int) -> Fraction:
        ghost = self.ghost
        key = (
            self.rule,
            ghost(g, "physical", _ATTACK_ROLE),
            ghost(g, "mental", _ATTACK_ROLE),
            ghost(h, "physical", _DEFEND_ROLE),
            ghost(h, "mental", _DEFEND_ROLE),
        )
        p = _DUELS.get(key)
        if p is None:
            if len(_DUELS) > 100_000:
                _DUELS.clear()
            p = _DUELS[key] = max(self.chance((g,), (h,), s) for s in STATS)
        return p

    def chance(self, atk: tuple[int, ...], dfn: tuple[int, ...], stat: str) -> Fraction:
        """P(the attacking side wins), no events, ties to the defender."""
        shells = self.shells  # the game, the sides and their ghosts' shells fix what it reads
        sides: tuple[Any, ...]
        if len(atk) == 1 and len(dfn) == 1:
            g, h = atk[0], dfn[0]
            sides = (self.game, stat, g, shells.get(g, NO_SHELL), h, shells.get(h, NO_SHELL))
        else:
            sides = (self.game, stat, atk, dfn, tuple([shells.get(g, NO_SHELL) for g in atk + dfn]))
        p = _SIDES_SEEN.get(sides)
        if p is None:
            if len(_SIDES_SEEN) > 100_000:
                _SIDES_SEEN.clear()
            p = _SIDES_SEEN[sides] = self._chance(atk, dfn, stat)
        return p

    def _chance(self, atk: tuple[int, ...], dfn: tuple[int, ...], stat: str) -> Fraction:
        ghost = self.ghost
        key = (
            self.rule,
            (ghost(atk[0], stat, _ATTACK_ROLE), *[ghost(g, stat, _SUPPORT_ROLE) for g in atk[1:]])
            if len(atk) > 1
            else (ghost(atk[0], stat, _ATTACK_ROLE),),
            (ghost(dfn[0], stat, _DEFEND_ROLE), *[ghost(g, stat, _SUPPORT_ROLE) for g in dfn[1:]])
            if len(dfn) > 1
            else (ghost(dfn[0], stat, _DEFEND_ROLE),),
        )
        p = _CHANCES.get(key)
        if p is None:
            if len(_CHANCES) > 100_000:
                _CHANCES.clear()
            p = _CHANCES[key] = _exact(*key)
        return p


_CHANCES: dict[Any, Fraction] = {}
_DUELS: dict[Any, Fraction] = {}
_PAIRS: dict[Any, Fraction] = {}  # Odds.duel by (game, ghost, its shell, ghost, its shell)
_SIDES_SEEN: dict[Any, Fraction] = {}  # Odds.chance by the game, stat, sides and their shells
_SIDES: dict[Any, Dist] = {}


def _exact(
    rule: tuple[bool, bool],
    atk: tuple[tuple[int, int, bool], ...],
    dfn: tuple[tuple[int, int, bool], ...],
) -> Fraction:
    """:func:`~workbench.games.ghost.odds.win_chance` of two sides, each side's total
    kept and grown one ghost at a time (a support added costs one convolution)."""
    v = opposed(_side(rule, atk), _side(rule, dfn), ties="defender")
    return Fraction(v.win_weight, v.total)


def _side(rule: tuple[bool, bool], spec: tuple[tuple[int, int, bool], ...]) -> Dist:
    key = (rule, spec)
    d = _SIDES.get(key)
    if d is None:
        if len(_SIDES) > 100_000:
            _SIDES.clear()
        n, mod, steady = spec[-1]
        one = fighter_dist(Fighter(Strength(n, mod), 0, steady), rule[0], rule[1])
        d = _SIDES[key] = _side(rule, spec[:-1]) + one if len(spec) > 1 else one
    return d


def _main(
    t: Any, seat: int, ids: Sequence[Aid], limit: Fraction, rank: Callable[[GhostCard], float]
) -> Hashable:
    cards = t.game.cards
    installs = [a for a in ids if a[0] == "install"]
    if installs:
        return max(installs, key=lambda a: rank(cards[a[1]]))
    shells = [a for a in ids if a[0] == "shell" and a[3] == -1]
    if shells:
        return max(shells, key=lambda a: _shell_gain(cards, a[1], a[2]))
    for a in ids:
        if a[0] == "ability" and a[2] == -1:
            return a
    best, best_p = None, limit if isinstance(limit, Fraction) else Fraction(limit)
    odds: _Odds | None = None
    fighters: dict[int, tuple[int, ...]] = {}  # each defending seat's, read once
    for a in ids:
        if a[0] != "battle":
            continue
        odds = odds or _Odds(t)
        g, d = a[1], a[2]
        hs = fighters.get(d)
        if hs is None:
            hs = fighters[d] = t.eligible_fighters(d)
        if len(a) > 3:  # the stat named now: the defender answers it
            chances = [odds.chance((g,), (h,), a[3]) for h in hs]
        else:  # the defender picks first, then the attacker its better stat
            chances = [odds.duel(g, h) for h in hs]
        worst = chances[0]
        for p in chances[1:]:
            if _above(worst, p):
                worst = p
        if _above(worst, best_p):
            best, best_p = a, worst
    if best is not None:
        return best
    if len(t.archives[seat]) <= 3:
        for a in ids:
            if a[0] == "event" and _draws(cards[a[1]]):
                return a
    return ("end",)


def _draws(card: GhostCard) -> bool:
    return any(e.verb == "draw" for e in card.effects)


def _shell_gain(cards: Sequence[GhostCard], shell: int, ghost: int) -> int:
    card = cards[ghost]
    return max(cards[shell].shell[i] + card.strength(s).count for i, s in enumerate(STATS))


def _support(t: Any, odds: _Odds, ids: Sequence[Aid]) -> Hashable:
    b = t.battle
    attack = t.phase == "support_atk"
    best: Aid = ("done",)
    best_p = odds.chance(b.atk, b.dfn, b.stat)
    for a in ids:
        if a[0] not in ("support", "quick"):
            continue
        extra = (a[1],)
        p = (
            odds.chance(b.atk + extra, b.dfn, b.stat)
            if attack
            else odds.chance(b.atk, b.dfn + extra, b.stat)
        )
        if _above(p, best_p) if attack else _above(best_p, p):
            best, best_p = a, p
    return best


def _react(t: Any, seat: int, ids: Sequence[Aid]) -> Hashable:
    """Out of turn: draw when the archive is short (as on its own turn), else pass."""
    if len(t.archives[seat]) <= 3:
        cards = t.game.cards
        for a in ids:
            if a[0] == "event" and _draws(cards[a[1]]):
                return a
    return ("pass",)


def _place(t: Any, seat: int, ids: Sequence[Aid]) -> Hashable:
    b = t.battle
    mine = ATTACK if seat == b.attacker else DEFENCE if seat == b.defender else None
    if mine is None:
        return ("pass",)
    cards = t.game.cards
    for a in ids:
        if a[0] != "place":
            continue
        for e in cards[a[1]].effects:
            if e.verb in ("power", "dice") and (int(e.args[0]) > 0) == (a[2] == mine):
                return a
    return ("pass",)
