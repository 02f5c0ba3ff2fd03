"""A ghost's strength in a battle (seed section 6), from its dice and fixed modifiers.

Strength of one ghost in a battle (:func:`ghost_value`): its dice (raw sum of
the 0..5 やさぐれダイス) + its own modifier + its shell's modifier for the
stat + its ability bonus (``bonus`` when it attacks or supports, ``guard``
when it is the defending ghost); floored at 0 when ``floor_at_zero``; a
fumble (n >= 2 dice all on the zero face, fumble rule on, not ``steady``)
makes the ghost's whole contribution 0 — for support ghosts as well.

Kept apart from ``steps_battle.py`` (which re-exports these names) so that the
odds, tables and pictures that weigh a battle need none of its steps.

>>> ghost_value(raw=0, dice=2, modifier=5, fumble=True, floor=True)
0
>>> ghost_value(raw=0, dice=1, modifier=-3, fumble=True, floor=False)
-3
"""

from __future__ import annotations

from typing import Any

from workbench.games.ghost.cards import GhostCard
from workbench.games.ghost.table import NO_SHELL, STATS, Battle

__all__ = ["ROLES", "battle_values", "fixed_modifier", "ghost_value", "role_of", "roll_parts"]


def ghost_value(raw: int, dice: int, modifier: int, *, fumble: bool, floor: bool) -> int:
    """One ghost's contribution from its raw dice sum and its total fixed modifier."""
    if fumble and dice >= 2 and raw == 0:
        return 0
    v = raw + modifier
    return max(v, 0) if floor else v


def fixed_modifier(card: GhostCard, shell: GhostCard | None, stat: str, role: str) -> int:
    """Own modifier + shell + ability bonus for ``role`` in ("attack", "defend", "support").

    >>> from workbench.games.ghost.cards import ABILITY, Strength
    >>> sakura = GhostCard(0, "ghost", "御影さくら", physical=Strength(3, 2),
    ...                    ability=ABILITY.parse("bonus physical +2"))
    >>> fixed_modifier(sakura, None, "physical", "attack"), fixed_modifier(sakura, None, "physical", "defend")
    (4, 2)
    """
    total = card.strength(stat).modifier
    if shell is not None:
        total += shell.shell[STATS.index(stat)]
    for e in card.ability:
        if e.verb in ("bonus", "guard") and e.args[0] in (stat, "any"):
            if (e.verb == "bonus") == (role != "defend"):
                total += int(e.args[1])  # type: ignore[arg-type]
    return total


ROLES = ("attack", "defend", "support")


def role_of(b: Battle, index: int) -> str:
    """attack, defend or support for the ghost at ``index`` of ``b.ghosts``."""
    if index == 0:
        return "attack"
    return "defend" if index == len(b.atk) else "support"


def battle_values(t: Any, b: Battle, fumbles: bool | None = None) -> tuple[int, ...]:
    """Each battling ghost's contribution from the rolls (attack side first);
    ``fumbles=False`` reads the same rolls as if the fumble rule were off.

    The fixed part is :func:`fixed_modifier`: the card's own part is looked up
    in the game's table of it, the shell's is added here.
    """
    game = t.game
    p, steady = game.params, game.steady
    rule = p.fumble if fumbles is None else fumbles
    floor = p.floor_at_zero
    mods = game.modifiers[b.stat]
    at = STATS.index(b.stat)
    k = len(b.atk)
    shells = {g: sh for desk in t.desktops for g, sh in desk}  # what t.shell_of reads
    cards = game.cards
    out = []
    for i, g in enumerate(b.atk + b.dfn):
        mod = mods[0 if i == 0 else 1 if i == k else 2][g]
        sh = shells.get(g, NO_SHELL)
        if sh != NO_SHELL:
            mod += cards[sh].shell[at]
        out.append(
            ghost_value(b.rolls[i], b.dice[i], mod, fumble=rule and not steady[g], floor=floor)
        )
    return tuple(out)


def roll_parts(t: Any, b: Battle, k: int, raw: int) -> tuple[int, int, int, bool]:
    """The ``k``-th battling ghost's roll of ``raw`` as (dice, modifier, value, fumbled):
    its fixed modifier (shell and ability counted) and its contribution by
    :func:`ghost_value` — what the log, the chance strip and the picture show.

    >>> from workbench.games.ghost.rules import make_game
    >>> g = make_game(players=2)
    >>> t = g.new_table()
    >>> t.desktops[0], t.desktops[1] = [(0, -1)], [(1, -1)]
    >>> b = Battle(0, 1, "physical", (0,), (1,), dice=(3, 1))
    >>> roll_parts(t, b, 0, 4), roll_parts(t, b, 0, 0)  # 御影さくら attacks: 3D+2, +2 抜刀
    ((3, 4, 8, False), (3, 4, 0, True))
    """
    g = b.ghosts[k]
    game = t.game
    card = game.cards[g]
    mod = fixed_modifier(card, t.shell_of(g), b.stat, role_of(b, k))
    n = b.dice[k]
    p = game.params
    fumble = p.fumble and not game.steady[g] and n >= 2 and raw == 0
    return n, mod, ghost_value(raw, n, mod, fumble=fumble, floor=p.floor_at_zero), fumble
