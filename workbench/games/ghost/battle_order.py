"""Who knows what when a battle is declared (issue 25 item 1): the exact odds under both orders.

The seed's battle (section 6 1)-2)): 「指定されたユーザーは、防御するゴーストを
選択する。」 then 「攻撃側は、「物理」「精神」のいずれかで戦うことを選択する。」 —
the defending user picks its ghost first, then the attacker picks the stat
knowing it (``stat_choice="after_defender"``). An attacking ghost ``g``
against a user whose ghosts ``H`` may defend is then worth

    min over h in H of max over stat of P(g beats h with stat)

(the defender picks the ghost whose better stat is weakest against ``g``).
When the stat is named with the attack (``"at_declaration"``, the old
reading) the defender answers the stat instead: max over stat of min over h.
The first is never below the second (a minimax inequality): the seed's order
favours the attacker. Lead ghosts only — supports and face-down events come
later in both orders. Every figure is an exact sympy ``Rational``.

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game(players=2)
>>> s = g.initial_state()
>>> attack_value(g, g.view(s), 0, 1)  # user 2 has no ghost yet
Traceback (most recent call last):
...
ValueError: user 2 has no ghost that may defend
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any

import polars as pl
import sympy

from workbench.games.ghost.battle_strength import fixed_modifier
from workbench.games.ghost.cards import GhostCard, designs, load_cards
from workbench.games.ghost.odds import Fighter, fighters, win_chance
from workbench.games.ghost.table import STATS

__all__ = ["attack_value", "battle_order_table", "mover_table", "order_value", "stat_odds"]

Odds = dict[int, dict[str, sympy.Rational]]


def stat_odds(game: Any, t: Any, ghost: int, defenders: Sequence[int]) -> Odds:
    """Exact P(``ghost`` wins) against each defending ghost with each stat (lead ghosts
    only, shells and abilities counted): ``{defender: {stat: P}}``."""
    p = game.params
    out: Odds = {}
    for h in defenders:
        out[h] = {
            s: win_chance(
                fighters(game, t, [ghost], s, ["attack"]),
                fighters(game, t, [h], s, ["defend"]),
                fumble=p.fumble,
                floor=p.floor_at_zero,
            )
            for s in STATS
        }
    return out


def order_value(odds: Odds, stat_choice: str) -> sympy.Rational:
    """What the attacker can expect against the defender's best reply.

    >>> from sympy import Rational as R
    >>> odds = {1: {"physical": R(9, 10), "mental": R(1, 10)},
    ...         2: {"physical": R(2, 10), "mental": R(8, 10)}}
    >>> order_value(odds, "after_defender"), order_value(odds, "at_declaration")
    (4/5, 1/5)
    """
    if not odds:
        raise ValueError("no defending ghost")
    if stat_choice == "after_defender":
        return min(max(row.values()) for row in odds.values())
    if stat_choice == "at_declaration":
        return max(min(row[s] for row in odds.values()) for s in STATS)
    raise ValueError(f"stat_choice must be after_defender or at_declaration, got {stat_choice!r}")


def attack_value(game: Any, t: Any, ghost: int, seat: int, stat_choice: str = "") -> sympy.Rational:
    """Exact P(``ghost`` wins attacking user ``seat``) given the defender's best reply
    under the game's battle order (or ``stat_choice``)."""
    defenders = t.eligible_fighters(seat)
    if not defenders:
        raise ValueError(f"user {seat + 1} has no ghost that may defend")
    return order_value(stat_odds(game, t, ghost, defenders), stat_choice or game.params.stat_choice)


def _fraction(p: sympy.Rational) -> Fraction:
    return Fraction(int(p.p), int(p.q))


def _fighter(card: GhostCard, stat: str, role: str) -> Fighter:
    s = card.strength(stat)
    return Fighter(s, fixed_modifier(card, None, stat, role) - s.modifier, card.has("steady"))


def battle_order_table(
    cards: Sequence[GhostCard] | None = None, *, fumble: bool = True, floor: bool = True
) -> pl.DataFrame:
    """Every sheet design attacking every two-design defence (designs may repeat when the
    sheet holds two copies): P(attacker wins) under both orders, exact and as floats
    (``p_after_defender``, ``p_at_declaration``), and ``change`` = the first − the second
    (never negative; tables show it in points).

    >>> t = battle_order_table()
    >>> bool((t["change"] >= 0).all()), t.filter(pl.col("change") > 0).height > t.height // 10
    (True, True)
    """
    pool = [c for c in (cards if cards is not None else load_cards()) if c.is_ghost]
    kinds = designs(pool)
    copies = {c.row: sum(1 for x in pool if x.row == c.row) for c in kinds}
    # each attacker-defender pair's odds once (a design meets each other one in ~30
    # defences), held as Fractions: order_value's min/max compare them far faster than
    # sympy Rationals, and the values are the same exact numbers
    pair: dict[tuple[int, int], dict[str, Fraction]] = {}
    for me in kinds:
        for h in kinds:
            pair[me.row, h.row] = {
                s: _fraction(
                    win_chance(
                        [_fighter(me, s, "attack")],
                        [_fighter(h, s, "defend")],
                        fumble=fumble,
                        floor=floor,
                    )
                )
                for s in STATS
            }
    rows = []
    for me in kinds:
        for d1, d2 in combinations_with_replacement(kinds, 2):
            if d1.row == d2.row and copies[d1.row] < 2:
                continue
            odds = {0: pair[me.row, d1.row], 1: pair[me.row, d2.row]}
            after, before = order_value(odds, "after_defender"), order_value(odds, "at_declaration")
            rows.append(
                {
                    "attacker": me.name,
                    "defence": f"{d1.name} + {d2.name}",
                    "p_after_defender_exact": str(after),
                    "p_at_declaration_exact": str(before),
                    "p_after_defender": float(after),
                    "p_at_declaration": float(before),
                    "change": float(after - before),
                }
            )
    return pl.DataFrame(rows)


def mover_table(table: pl.DataFrame) -> pl.DataFrame:
    """Per ghost: the mean change of P(attacker wins) where it attacks and where it
    defends (in either defending slot), largest first.

    >>> t = pl.DataFrame({"attacker": ["A", "B"], "defence": ["A + B", "B + B"],
    ...                   "change": [0.5, 0.0]})
    >>> mover_table(t).row(0)
    ('A', 0.5, 0.5, 0.5)
    """
    names = sorted(set(table["attacker"].to_list()))
    rows = []
    for n in names:
        atk = table.filter(pl.col("attacker") == n)["change"]
        dfn = table.filter(pl.col("defence").str.split(" + ").list.contains(n))["change"]
        a = float(atk.mean()) if atk.len() else 0.0  # type: ignore[arg-type]
        d = float(dfn.mean()) if dfn.len() else 0.0  # type: ignore[arg-type]
        rows.append(
            {
                "ghost": n,
                "change_as_attacker": a,
                "change_as_defender": d,
                "largest_change": max(a, d),
            }
        )
    return pl.DataFrame(rows).sort("largest_change", descending=True)
