"""Battles (seed section 6): declare, defend, SSTP support, face-down events, dice, result.

Strength of one ghost in a battle (:func:`ghost_value`): its dice (raw sum of
the 0..5 やさぐれダイス) + its own modifier + its shell's modifier for the
stat + its ability bonus (``bonus`` when it attacks or supports, ``guard``
when it is the defending ghost); floored at 0 when ``floor_at_zero``; a
fumble (n >= 2 dice all on the zero face, fumble rule on, not ``steady``)
makes the ghost's whole contribution 0 — for support ghosts as well.

>>> ghost_value(raw=0, dice=2, modifier=5, fumble=True, floor=True)
0
>>> ghost_value(raw=0, dice=1, modifier=-3, fumble=True, floor=False)
-3
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from workbench.games.ghost.flow import (
    Context,
    eligible_fighters,
    finish,
    install,
    owner_of,
    play_effects,
    remove_ghost,
    seats_from,
    vp_of,
)
from workbench.games.ghost.model import GhostCard
from workbench.games.ghost.state import ATTACK, DEFENCE, NO_SHELL, STATS, Battle, Table


def ghost_value(raw: int, dice: int, modifier: int, *, fumble: bool, floor: bool) -> int:
    """One ghost's contribution from its raw dice sum and its total fixed modifier."""
    if fumble and dice >= 2 and raw == 0:
        return 0
    value = raw + modifier
    return max(value, 0) if floor else value


def fixed_modifier(card: GhostCard, shell: GhostCard | None, stat: str, role: str) -> int:
    """Own modifier + shell + ability bonus for ``role`` in ("attack", "defend", "support").

    >>> from workbench.games.ghost.model import ABILITY, Strength
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


def shell_of(ctx: Context, t: Any, ghost: int) -> GhostCard | None:
    """The shell card on an installed ghost, or None."""
    for desk in t.desktops:
        for g, sh in desk:
            if g == ghost:
                return ctx.cards[sh] if sh != NO_SHELL else None
    return None


def role_of(b: Battle, index: int) -> str:
    """attack, defend or support for the ghost at ``index`` of ``b.ghosts``."""
    if index == 0:
        return "attack"
    return "defend" if index == len(b.atk) else "support"


# -- player decisions -------------------------------------------------------------
def declare(ctx: Context, t: Table, ghost: int, defender: int, stat: str) -> None:
    """The attacker names its ghost, the defending user and the strength to fight with."""
    t.stage = 2
    limit = len(t.desktops[defender])
    t.battle = Battle(attacker=t.turn, defender=defender, stat=stat, atk=(ghost,), limit=limit)
    t.phase = "defend"


def defend(ctx: Context, t: Table, ghost: int) -> None:
    assert t.battle is not None
    assert t.battle is not None
    t.battle = t.battle.evolve(dfn=(ghost,))
    t.phase = "support_atk"


def support(ctx: Context, t: Table, ghost: int, from_archive: bool) -> None:
    """Add a support ghost (``from_archive``: a quick ghost installed mid-battle)."""
    b = t.battle
    assert b is not None
    side = ATTACK if t.phase == "support_atk" else DEFENCE
    seat = b.attacker if side == ATTACK else b.defender
    if from_archive:
        install(ctx, t, seat, ghost)
    t.battle = b.evolve(atk=b.atk + (ghost,)) if side == ATTACK else b.evolve(dfn=b.dfn + (ghost,))


def support_done(ctx: Context, t: Table) -> None:
    b = t.battle
    assert b is not None
    if t.phase == "support_atk":
        t.phase = "support_def"
        return
    order = [b.attacker, b.defender] + [
        s for s in seats_from(ctx, t, b.attacker) if s not in (b.attacker, b.defender)
    ]
    t.battle = b.evolve(placers=tuple(order))
    t.phase = "place"


def place(ctx: Context, t: Table, card: int, target: int) -> None:
    """The deciding user places one battle event face down (card -1: passes)."""
    b = t.battle
    assert b is not None
    seat = b.placers[0]
    placed = b.placed
    if card >= 0:
        t.archives[seat].remove(card)
        placed = placed + ((seat, card, target),)
    t.battle = b.evolve(placers=b.placers[1:], placed=placed)


def support_options(ctx: Context, t: Any) -> tuple[list[int], list[int]]:
    """(installed ghosts, quick ghosts in the archive) the deciding side may add."""
    b = t.battle
    attack = t.phase == "support_atk"
    seat = b.attacker if attack else b.defender
    if attack and len(b.atk) >= b.limit:
        return [], []
    busy = set(b.atk) | set(b.dfn)
    installed = [g for g in eligible_fighters(ctx, t, seat) if g not in busy]
    quick = [c for c in t.archives[seat] if ctx.cards[c].is_ghost and ctx.cards[c].has("quick")]
    return installed, quick


def event_allowed(card: GhostCard, seat: int, turn: int, in_battle: bool) -> bool:
    """May ``seat`` play this event now (``in_battle``: face down in a battle)?

    >>> c = GhostCard(0, "ghost", "x", timing="Not.YourTurn")
    >>> event_allowed(c, 1, 0, True), event_allowed(c, 0, 0, True), event_allowed(c, 1, 0, False)
    (True, False, False)
    """
    if card.is_mandatory or not card.timing:
        return False
    if in_battle:
        return card.timing in ("OnBattle", "Anytime") or (
            card.timing == "Not.YourTurn" and seat != turn)
    return card.timing in ("OnYourTurn", "Anytime") and not card.is_battle_event


def targets(ctx: Context, t: Any, card: GhostCard, seat: int) -> list[int]:
    """The choices for an event's target (``[-1]`` when it takes none)."""
    kind = ctx.target[card.id]
    if kind == "none":
        return [-1]
    if kind == "side":
        return [ATTACK, DEFENCE]
    if kind == "user":
        return seats_from(ctx, t, 0)
    busy = set(t.battle.ghosts) if t.battle is not None else set()
    out = []
    for desk in t.desktops:
        for g, sh in desk:
            if kind == "shell" and sh != NO_SHELL or kind == "ghost" and g not in busy:
                out.append(g)
    return out


def place_options(ctx: Context, t: Any) -> list[tuple[int, int]]:
    """(card, target) pairs the deciding placer may put face down."""
    seat = t.battle.placers[0]
    out = []
    allowed = ctx.in_own_battle if seat == t.turn else ctx.in_other_battle
    for c in t.archives[seat]:
        if allowed[c]:
            out += [(c, x) for x in targets(ctx, t, ctx.cards[c], seat)]
    return out


def forced_battle_move(ctx: Context, t: Table) -> bool:
    """Skip battle decisions with no choice; True when something changed."""
    if t.phase == "defend":
        options = eligible_fighters(ctx, t, t.battle.defender)  # type: ignore[union-attr]
        if len(options) == 1:
            defend(ctx, t, options[0])
            return True
    elif t.phase in ("support_atk", "support_def"):
        installed, quick = support_options(ctx, t)
        if not installed and not quick:
            support_done(ctx, t)
            return True
    elif t.phase == "place":
        b = t.battle
        assert b is not None
        if not b.placers:
            t.phase = "resolve"
            t.queue.append(("reveal",))
            return True
        if not place_options(ctx, t):
            t.battle = b.evolve(placers=b.placers[1:])
            return True
    return False


# -- automatic steps ----------------------------------------------------------------
def _reveal(ctx: Context, t: Table, step: Any) -> None:
    """Open the face-down events; apply them attacker -> defender -> outsiders."""
    b = t.battle
    assert b is not None
    voided: set[int] = set()
    for i in range(len(b.placed) - 1, 0, -1):  # the last negate is resolved first
        if i not in voided and any(e.verb == "negate" for e in ctx.cards[b.placed[i][1]].effects):
            voided.add(i - 1)
    power, extra, stat = list(b.power), list(b.extra_dice), b.stat
    for i, (seat, card, target) in enumerate(b.placed):
        t.trash.append(card)
        if i in voided:
            continue
        for e in ctx.cards[card].effects:
            if e.verb == "power":
                power[target] += int(e.args[0])  # type: ignore[arg-type]
            elif e.verb == "dice":
                extra[target] += int(e.args[0])  # type: ignore[arg-type]
            elif e.verb == "switch":
                stat = STATS[1 - STATS.index(stat)]
        play_effects(ctx, t, seat, card, target)
    dice = []
    for i, g in enumerate(b.ghosts):
        n = ctx.cards[g].strength(stat).count
        if i == 0 or i == len(b.atk):
            n = max(0, n + extra[0 if i == 0 else 1])
        dice.append(n)
    t.battle = b.evolve(power=(power[0], power[1]), extra_dice=(extra[0], extra[1]), stat=stat,
                       voided=tuple(sorted(voided)), dice=tuple(dice), placed=(),
                       revealed=b.placed)
    t.queue += [("roll", i) for i in range(len(dice))] + [("resolve",)]


def _roll(ctx: Context, t: Table, raw: Any) -> None:
    b = t.battle
    assert b is not None
    t.battle = b.evolve(rolls=b.rolls + (int(raw),))


def battle_values(ctx: Context, t: Any, b: Battle, fumbles: bool | None = None) -> tuple[int, ...]:
    """Each battling ghost's contribution from the rolls (attack side first);
    ``fumbles=False`` reads the same rolls as if the fumble rule were off."""
    p = ctx.params
    rule = p.fumble if fumbles is None else fumbles
    out = []
    for i, g in enumerate(b.ghosts):
        card = ctx.cards[g]
        fumble = rule and not card.has("steady")
        mod = fixed_modifier(card, shell_of(ctx, t, g), b.stat, role_of(b, i))
        out.append(ghost_value(b.rolls[i], b.dice[i], mod, fumble=fumble, floor=p.floor_at_zero))
    return tuple(out)


def _resolve(ctx: Context, t: Table, step: Any) -> None:
    """Compare totals (ties to the defender); the winner takes the losing side's ghosts."""
    b = t.battle
    assert b is not None
    values = battle_values(ctx, t, b)
    k = len(b.atk)
    totals = (sum(values[:k]) + b.power[0], sum(values[k:]) + b.power[1])
    winner = ATTACK if totals[0] > totals[1] else DEFENCE
    t.battles += 1
    fumbled = sum(1 for g, n, r in zip(b.ghosts, b.dice, b.rolls)
                  if n >= 2 and r == 0 and not ctx.cards[g].has("steady")) if ctx.params.fumble else 0
    if fumbled:
        t.fumbles += fumbled
        plain = battle_values(ctx, t, b, fumbles=False)
        plain_attack_wins = sum(plain[:k]) + b.power[0] > sum(plain[k:]) + b.power[1]
        t.flips += int(plain_attack_wins != (winner == ATTACK))
    seat = b.attacker if winner == ATTACK else b.defender
    for g in b.dfn if winner == ATTACK else b.atk:
        if owner_of(t, g) >= 0:
            remove_ghost(ctx, t, g, t.vp[seat])
    t.last = b.evolve(values=values, totals=totals, winner=winner)
    t.battle = None
    if t.result is not None:
        return
    goal = ctx.params.vp_to_win
    if goal and not t.out[seat] and vp_of(ctx, t, seat) >= goal:
        finish(t, "vp", (seat,))
        return
    t.phase = "trim"


AUTO_BATTLE: dict[str, Callable[[Context, Table, Any], None]] = {
    "reveal": _reveal, "roll": _roll, "resolve": _resolve}
