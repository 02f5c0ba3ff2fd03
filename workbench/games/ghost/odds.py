"""Exact battle odds: P(the attacking side wins) for any two sides of ghosts.

A side is a list of :class:`Fighter` (or strength text such as ``"3D+2"``):
each rolls its own やさぐれダイス; its contribution is
``dice + modifier + extra`` (``extra``: shell and ability bonus), floored at 0
when ``floor`` and void (0) when it fumbles (n >= 2 dice all 0) and
``fumble`` — for support ghosts exactly as for the lead ghost. The side's
total adds ``power`` (face-down events). Higher total wins, a tie goes to
the defender. Everything is an exact ``Dist`` / sympy ``Rational``.

A module of its own (beside the rules) because three users share it: the
board's battle panel (the chance before the dice), the greedy player's
attack/defend/support choices and the notebook's heat maps and card odds.

>>> win_chance(["3D+2"], ["3D+1"], fumble=False)  # the dice core's opposed roll
4249/7776
>>> win_chance(["3D+2"], ["3D+1"])  # fumbles on: 御影さくら's physical vs mental
25493/46656
>>> 2 * win_chance(["2D"], ["2D"]) + tie_chance(["2D"], ["2D"])  # equal sides
1
>>> win_chance(["3D+2", "1D+1"], ["3D+1"])  # a support ghost
75379/93312
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sympy

from workbench.cards.cells import CellError, to_dice
from workbench.games.ghost.battle_strength import fixed_modifier, ghost_value, role_of
from workbench.games.ghost.cards import Strength, load_cards
from workbench.games.ghost.dice import GHOST_DIE
from workbench.games.ghost.table import STATS, GhostTable
from workbench.prob.dice import pool
from workbench.prob.dist import Dist
from workbench.prob.versus import opposed


@dataclass(frozen=True, slots=True)
class Fighter:
    """One ghost in a battle: its strength string plus fixed extras.

    >>> Fighter.of("３Ｄ＋２", extra=2)
    Fighter(strength=Strength(count=3, modifier=2), extra=2, steady=False)
    """

    strength: Strength
    extra: int = 0
    steady: bool = False

    @classmethod
    def of(cls, spec: Fighter | Strength | str | tuple[Any, ...], extra: int = 0) -> Fighter:
        """A fighter from text (``"3D+2"``), a Strength, a (text, extra) pair or a Fighter."""
        if isinstance(spec, Fighter):
            return spec
        if isinstance(spec, tuple):
            return cls.of(spec[0], *spec[1:])
        if isinstance(spec, str):
            try:
                parsed = to_dice(spec)
            except CellError as exc:
                raise ValueError(f"bad strength {spec!r}: {exc}") from exc
            spec = Strength(int(parsed.count), int(parsed.modifier))
        if not isinstance(spec, Strength) or spec.count < 0:
            raise ValueError(f"a fighter needs a strength like '3D+2', got {spec!r}")
        return cls(spec, extra)


@lru_cache(maxsize=4096)
def fighter_dist(fighter: Fighter, fumble: bool = True, floor: bool = True) -> Dist:
    """One ghost's exact contribution.

    >>> fighter_dist(Fighter.of("2D+3")).p(0)  # only the fumble gives 0
    1/36
    >>> fighter_dist(Fighter.of("1D-3"), floor=False).mean()
    -1/2
    """
    n = fighter.strength.count
    mod = fighter.strength.modifier + fighter.extra
    void = fumble and not fighter.steady
    return pool(n, GHOST_DIE).map(lambda r: ghost_value(r, n, mod, fumble=void, floor=floor))


def side_dist(
    side: Sequence[Any], *, fumble: bool = True, floor: bool = True, power: int = 0
) -> Dist:
    """The exact total of one side (every ghost's own roll, plus ``power``).

    >>> side_dist(["1D", "1D"], fumble=False) == pool(2, GHOST_DIE)
    True
    """
    total = Dist.constant(power)
    for spec in side:
        total = total + fighter_dist(Fighter.of(spec), fumble, floor)
    return total


def win_chance(
    attack: Sequence[Any],
    defence: Sequence[Any],
    *,
    fumble: bool = True,
    floor: bool = True,
    power: tuple[int, int] = (0, 0),
) -> sympy.Rational:
    """Exact P(attacker wins), ties to the defender."""
    return _versus(
        tuple(map(Fighter.of, attack)), tuple(map(Fighter.of, defence)), fumble, floor, power
    )[0]


def tie_chance(
    attack: Sequence[Any],
    defence: Sequence[Any],
    *,
    fumble: bool = True,
    floor: bool = True,
    power: tuple[int, int] = (0, 0),
) -> sympy.Rational:
    """Exact P(both totals equal) — the share of the defender's wins that are ties."""
    return _versus(
        tuple(map(Fighter.of, attack)), tuple(map(Fighter.of, defence)), fumble, floor, power
    )[1]


@lru_cache(maxsize=65536)
def _versus(
    attack: tuple[Fighter, ...],
    defence: tuple[Fighter, ...],
    fumble: bool,
    floor: bool,
    power: tuple[int, int],
) -> tuple[sympy.Rational, sympy.Rational]:
    if not attack or not defence:
        raise ValueError("each side needs at least one ghost")
    v = opposed(
        side_dist(attack, fumble=fumble, floor=floor, power=power[0]),
        side_dist(defence, fumble=fumble, floor=floor, power=power[1]),
        ties="defender",
    )
    return v.win, v.equal


def fighters(
    game: Any,
    state: Any,
    ghosts: Sequence[int],
    stat: str,
    roles: Sequence[str],
    extra_dice: int = 0,
) -> tuple[Fighter, ...]:
    """Fighters for installed ghosts of a game state or table view (shells and abilities included).

    ``roles`` per ghost: attack, defend or support; ``extra_dice`` go to the first.
    """
    t = state if isinstance(state, GhostTable) else game.view(state)
    out = []
    for i, (g, role) in enumerate(zip(ghosts, roles, strict=True)):
        card = game.cards[g]
        s = card.strength(stat)
        if i == 0 and extra_dice:
            s = Strength(max(0, s.count + extra_dice), s.modifier)
        mod = fixed_modifier(card, t.shell_of(g), stat, role) - s.modifier
        out.append(Fighter(s, mod, card.has("steady")))
    return tuple(out)


def battle_chance(game: Any, state: Any, stat: str = "") -> sympy.Rational:
    """Exact P(attacker wins) of the battle in ``state`` as it stands (events revealed
    so far counted; unrevealed face-down events are unknown and left out); ``stat``
    asks "if the attacker fought with it" (the battle's own when "").

    >>> from workbench.games.ghost.rules import make_game
    >>> battle_chance(make_game(), make_game().initial_state())
    Traceback (most recent call last):
    ...
    ValueError: no battle in this state
    """
    b = state.battle
    if b is None or not b.dfn:
        raise ValueError("no battle in this state")
    stat = stat or b.stat
    if stat not in STATS:
        raise ValueError("the attacker has not chosen 物理 or 精神 yet: name the stat")
    roles = [role_of(b, i) for i in range(len(b.ghosts))]
    k = len(b.atk)
    atk = fighters(game, state, b.atk, stat, roles[:k], b.extra_dice[0])
    dfn = fighters(game, state, b.dfn, stat, roles[k:], b.extra_dice[1])
    p = game.params
    return win_chance(atk, dfn, fumble=p.fumble, floor=p.floor_at_zero, power=b.power)


def _find(cards: Sequence[Any], name: str, kind: str) -> Any:
    for c in cards:
        if c.kind == kind and (c.name == name or c.name_en == name):
            return c
    known = sorted({c.name for c in cards if c.kind == kind})
    raise ValueError(f"no {kind} called {name!r} in the sheet; known: {', '.join(known)}")


def sheet_side(
    entries: Sequence[str | tuple[str, str]],
    stat: str,
    lead_role: str,
    cards: Sequence[Any] | None = None,
) -> tuple[Fighter, ...]:
    """Fighters for sheet ghosts by name: ``"御影さくら"`` or ``("御影さくら", "剣")``
    (with a shell); the first is the lead (``lead_role``: attack or defend), the
    rest support (their abilities count as supporting).

    >>> sheet_side([("御影さくら", "剣"), "ブリュンヒルデ"], "physical", "attack")[0].extra
    4
    """
    if stat not in STATS:
        raise ValueError(f"stat must be one of {STATS}, got {stat!r}")
    if cards is None:
        cards = load_cards()
    out = []
    for i, entry in enumerate(entries):
        name, shell_name = (entry, None) if isinstance(entry, str) else entry
        card = _find(cards, name, "ghost")
        shell = _find(cards, shell_name, "shell") if shell_name else None
        role = lead_role if i == 0 else "support"
        s = card.strength(stat)
        out.append(
            Fighter(s, fixed_modifier(card, shell, stat, role) - s.modifier, card.has("steady"))
        )
    return tuple(out)


def ghost_odds(
    attack: Sequence[str | tuple[str, str]],
    defence: Sequence[str | tuple[str, str]],
    stat: str = "physical",
    *,
    cards: Sequence[Any] | None = None,
    fumble: bool = True,
    floor: bool = True,
    power: tuple[int, int] = (0, 0),
) -> sympy.Rational:
    """Exact P(attacker wins) for sheet ghosts by name, with shells and support ghosts.

    >>> ghost_odds(["御影さくら"], ["ブリュンヒルデ"], "mental")
    65/72
    >>> ghost_odds([("ブリュンヒルデ", "剣")], ["御影さくら", "双葉"]) < ghost_odds([("ブリュンヒルデ", "剣")], ["御影さくら"])
    True
    """
    return win_chance(
        sheet_side(attack, stat, "attack", cards),
        sheet_side(defence, stat, "defend", cards),
        fumble=fumble,
        floor=floor,
        power=power,
    )


__all__ = [
    "Fighter",
    "battle_chance",
    "ghost_odds",
    "sheet_side",
    "fighter_dist",
    "fighters",
    "side_dist",
    "tie_chance",
    "win_chance",
]
