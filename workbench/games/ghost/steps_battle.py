"""Battles (seed section 6) as steps: declare, defend, SSTP support, face-down events, dice, result.

A ghost's strength in a battle (:func:`ghost_value`, :func:`battle_values`) lives in
:mod:`~workbench.games.ghost.battle_strength` (its names are re-exported here).

Decisions: :class:`Defend`, :class:`ChooseStat` (``stat_choice="after_defender"``:
the attacker picks 物理 or 精神 once the defending ghost is known), :class:`Support` (the attacker's side, then the
defender's), :class:`Place` (face-down events and mid-battle quick installs,
user by user: attacker, defender, outsiders). Then :class:`Reveal`, one :class:`Roll` per ghost
(:class:`NoDice` for a ghost with no dice: nothing to draw) and
:class:`Resolve`. :func:`battle_decision` puts the phase's decision on top; one with a
single legal action (one defender, nothing to support with, no event to place) is made by
the kernel (``GhostGame.forced_moves``), so every decision a user is asked is a real one.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from workbench.engine.kernel import auto, chance, decision
from workbench.games.ghost.battle_strength import (
    ROLES,
    battle_values,
    fixed_modifier,
    ghost_value,
    role_of,
    roll_parts,
)
from workbench.games.ghost.cards import STATS_LABEL
from workbench.games.ghost.steps import finish, install, play_effects, remove_ghost
from workbench.games.ghost.table import ATTACK, DEFENCE, STATS, Battle, GhostTable
from workbench.games.ghost.words import roll_words

Aid = tuple[Any, ...]
_PASS = ("pass",)


# -- what the decisions do ------------------------------------------------------------------
def declare(t: GhostTable, ghost: int, defender: int, stat: str) -> None:
    """The attacker names its ghost, the defending user and (``stat_choice=
    "at_declaration"``) the strength to fight with; ``stat`` "" leaves it to
    :class:`ChooseStat` after the defence."""
    t.stage = 2
    t.battle = Battle(
        attacker=t.turn, defender=defender, stat=stat, atk=(ghost,), limit=len(t.desktops[defender])
    )
    t.phase = "defend"


def defend(t: GhostTable, ghost: int) -> None:
    """The defending user names its ghost."""
    assert t.battle is not None
    t.battle = t.battle.evolve(dfn=(ghost,))
    t.phase = "support_atk" if t.battle.stat else "stat"


def choose_stat(t: GhostTable, stat: str) -> None:
    """The attacker picks the strength to fight with, knowing the defending ghost."""
    assert t.battle is not None
    t.battle = t.battle.evolve(stat=stat)
    t.phase = "support_atk"


def support(t: GhostTable, ghost: int, from_archive: bool) -> None:
    """Add a support ghost (``from_archive``: a quick ghost installed mid-battle)."""
    b = t.battle
    assert b is not None
    attack = t.phase == "support_atk"
    if from_archive:
        install(t, b.attacker if attack else b.defender, ghost)
    t.battle = b.evolve(atk=b.atk + (ghost,)) if attack else b.evolve(dfn=b.dfn + (ghost,))


def support_done(t: GhostTable) -> None:
    """The deciding side adds no more support; after the defender, events are placed."""
    b = t.battle
    assert b is not None
    if t.phase == "support_atk":
        t.phase = "support_def"
        return
    order = [b.attacker, b.defender] + [
        s for s in t.seats_from(b.attacker) if s not in (b.attacker, b.defender)
    ]
    t.battle = b.evolve(placers=tuple(order))
    t.phase = "place"


def place(t: GhostTable, card: int, target: int) -> None:
    """The deciding user places a battle event face down (card -1: passes, and the next
    user decides; after a placement the same user may place again while its limits
    allow, :meth:`GhostTable.may_place`)."""
    b = t.battle
    assert b is not None
    seat = b.placers[0]
    if card < 0:
        t.battle = b.evolve(placers=b.placers[1:])
        return
    t.archives[seat].remove(card)
    t.facedown[seat].append(card)
    if t.game.params.event_limit == "turn":
        t.evented[seat] = True
    t.battle = b.evolve(placed=b.placed + ((seat, target),))


def battle_decision(t: GhostTable) -> Any:
    """The decision step of the battle phase now, or None when the events are all placed
    (the reveal is then pending). A decision with one legal action is the kernel's to make."""
    b = t.battle
    assert b is not None
    phase = t.phase
    if phase == "defend":
        return DEFEND[b.defender]
    if phase == "stat":
        return CHOOSE_STAT[b.attacker]
    if phase in ("support_atk", "support_def"):
        return SUPPORT[b.attacker if phase == "support_atk" else b.defender]
    if not b.placers:
        t.phase = "resolve"
        t.later(_REVEAL)
        return None
    return PLACE[b.placers[0]]


# -- decision steps ---------------------------------------------------------------------------
@decision
class Defend(NamedTuple):
    """The defending user picks its defending ghost: ``("defend", ghost)``."""

    seat: int

    def legal(self, t: GhostTable) -> list[Aid]:
        assert t.battle is not None
        return [("defend", g) for g in t.eligible_fighters(t.battle.defender)]

    def resolve(self, t: GhostTable, a: Aid) -> None:
        defend(t, a[1])

    def label(self, t: GhostTable, a: Aid) -> str:
        return battle_label(t, a)


@decision
class ChooseStat(NamedTuple):
    """The attacker picks 物理 or 精神 once the defending ghost is known (seed 6 1)-2)):
    ``("stat", "physical")`` or ``("stat", "mental")``."""

    seat: int

    def legal(self, t: GhostTable) -> list[Aid]:
        return [("stat", s) for s in STATS]

    def resolve(self, t: GhostTable, a: Aid) -> None:
        choose_stat(t, a[1])

    def label(self, t: GhostTable, a: Aid) -> str:
        return battle_label(t, a)


@decision
class Support(NamedTuple):
    """A side adds support: ``("support", ghost)``, ``("quick", ghost)`` (from the
    archive) or ``("done",)``."""

    seat: int

    def legal(self, t: GhostTable) -> list[Aid]:
        installed, quick = t.support_options()
        return [("support", g) for g in installed] + [("quick", g) for g in quick] + [("done",)]

    def resolve(self, t: GhostTable, a: Aid) -> None:
        if a[0] == "done":
            support_done(t)
        else:
            support(t, a[1], a[0] == "quick")

    def label(self, t: GhostTable, a: Aid) -> str:
        return battle_label(t, a)


@decision
class Place(NamedTuple):
    """The next user places a battle event face down: ``("place", card, target)``,
    installs a 〈軽量速攻〉 ghost mid-battle: ``("install", ghost)`` (it does not
    support), or is done: ``("pass",)``."""

    seat: int

    def legal(self, t: GhostTable) -> list[Aid]:
        installs = t.game.install_ids
        return (
            [("place", c, x) for c, x in t.place_options()]
            + [installs[g] for g in t.quick_installs(self.seat)]
            + [_PASS]
        )

    def seen_by(self, t: GhostTable, a: Aid) -> tuple[int, ...] | None:
        """The event and its target lie face down, seen by the placer only, unless
        the placement closes the window and the reveal turns them over at once."""
        if a[0] != "place" or revealed_at_once(t, a):
            return None
        return (self.seat,)

    def hidden_label(self, t: GhostTable, a: Aid) -> str:
        """The card and its target are secret until the reveal (issue 24; the target is
        masked in ``Battle.placed`` by :meth:`GhostTable.conceal`)."""
        return "place an event face down"

    def resolve(self, t: GhostTable, a: Aid) -> None:
        if a[0] == "place":
            place(t, a[1], a[2])
        elif a[0] == "install":
            install(t, self.seat, a[1])
        else:
            place(t, -1, -1)

    def label(self, t: GhostTable, a: Aid) -> str:
        return battle_label(t, a)


def revealed_at_once(t: GhostTable, a: Aid) -> bool:
    """True when placing ``a`` leaves nobody else to place, so the reveal follows at once
    (the card and target are public before anyone decides again)."""
    after = t.game.apply(t.freeze(), a)
    b = after.battle
    return b is None or bool(b.revealed)


def battle_label(t: Any, a: Aid) -> str:
    """Text for a battle decision (also used for the turn's event labels)."""
    cards = t.game.cards
    kind = a[0]
    if kind in ("event", "place"):
        c = cards[a[1]]
        verb = "play" if kind == "event" else "place face down"
        return f"{verb} {c.event_name or c.name}" + target_text(t, t.game.target[a[1]], a[2])
    if kind in ("defend", "support"):
        return f"{kind} {cards[a[1]].name}"
    if kind == "stat":
        return f"fight with {STATS_LABEL[a[1]]}"
    if kind == "quick":
        return f"install {cards[a[1]].name} mid-battle and support"
    if kind == "install":
        return f"install {cards[a[1]].name} mid-battle"
    return {"done": "no more support", "pass": "place nothing"}[kind]


def target_text(t: Any, kind: str, target: int) -> str:
    """How an event's target reads in a label."""
    if kind == "side":
        return " for the attacker" if target == 0 else " for the defender"
    if kind == "user":
        return f" on user {target + 1}"
    if kind in ("ghost", "shell"):
        return f" on {t.game.cards[target].name}"
    return ""


# -- automatic and chance steps ----------------------------------------------------------------
@auto
class Reveal(NamedTuple):
    """Open the face-down events; apply them attacker -> defender -> outsiders."""

    def run(self, t: GhostTable) -> None:
        b = t.battle
        assert b is not None
        game = t.game
        if b.placed:
            b = _open_events(t, b)
        stat, extra = b.stat, b.extra_dice
        counts = game.dice_counts[stat]
        dice = [counts[g] for g in b.atk + b.dfn]
        if extra[0]:
            dice[0] = max(0, dice[0] + extra[0])
        if extra[1]:
            k = len(b.atk)
            dice[k] = max(0, dice[k] + extra[1])
        t.battle = b.evolve(dice=tuple(dice))
        t.later(*[_roll(i) if n else NoDice(i) for i, n in enumerate(dice)], _RESOLVE)


def _open_events(t: GhostTable, b: Battle) -> Battle:
    """Turn the face-down events over in placing order and apply them (a ``negate``
    voids the event just before it; resolved from the last, so a negated negate
    does nothing); they go to the trash."""
    game = t.game
    cards, negates = game.cards, game.negates
    opened = tuple((seat, t.facedown[seat].pop(0), target) for seat, target in b.placed)
    voided: set[int] = set()
    for i in range(len(opened) - 1, 0, -1):  # the last negate is resolved first
        if i not in voided and negates[opened[i][1]]:
            voided.add(i - 1)
    power, extra, stat = list(b.power), list(b.extra_dice), b.stat
    for i, (seat, card, target) in enumerate(opened):
        t.trash.append(card)
        if i in voided:
            continue
        for e in cards[card].effects:
            if e.verb == "power":
                power[target] += int(e.args[0])  # type: ignore[call-overload]
            elif e.verb == "dice":
                extra[target] += int(e.args[0])  # type: ignore[call-overload]
            elif e.verb == "switch":
                stat = STATS[1 - STATS.index(stat)]
        play_effects(t, seat, card, target)
    return b.evolve(
        power=(power[0], power[1]),
        extra_dice=(extra[0], extra[1]),
        stat=stat,
        voided=tuple(sorted(voided)),
        placed=(),
        revealed=opened,
    )


@chance
class Roll(NamedTuple):
    """The ``nth`` ghost of the battle (attack side first) rolls its dice (outcome: the raw sum)."""

    nth: int

    def dist(self, t: GhostTable) -> Any:
        return t.game.dice_dist(t.battle.dice[self.nth])  # type: ignore[union-attr]

    def resolve(self, t: GhostTable, raw: int) -> None:
        b = t.battle
        assert b is not None
        t.battle = b.evolve(rolls=b.rolls + (int(raw),))

    def label(self, t: GhostTable, raw: int) -> str:
        """``御影さくら [attack] rolls 3D+4: 5 +4 = 9`` (the strip's words)."""
        b = t.battle
        assert b is not None
        k = self.nth
        n, mod, value, fumble = roll_parts(t, b, k, raw)
        words = roll_words(n, raw, mod, value, fumble)
        return f"{t.game.cards[b.ghosts[k]].name} [{role_of(b, k)}] rolls {words}"


@auto
class NoDice(NamedTuple):
    """The ``nth`` ghost of the battle has no dice: its roll is 0 (nothing to draw)."""

    nth: int

    def run(self, t: GhostTable) -> None:
        b = t.battle
        assert b is not None
        t.battle = b.evolve(rolls=b.rolls + (0,))


@auto
class Resolve(NamedTuple):
    """Compare totals (ties to the defender); the winner takes the losing side's ghosts."""

    def run(self, t: GhostTable) -> None:
        b = t.battle
        assert b is not None
        p = t.game.params
        steady = t.game.steady
        values = battle_values(t, b)
        k = len(b.atk)
        totals = (sum(values[:k]) + b.power[0], sum(values[k:]) + b.power[1])
        winner = ATTACK if totals[0] > totals[1] else DEFENCE
        t.battles += 1
        fumbled = (
            sum(
                1
                for g, n, r in zip(b.ghosts, b.dice, b.rolls)
                if n >= 2 and r == 0 and not steady[g]
            )
            if p.fumble
            else 0
        )
        if fumbled:
            t.fumbles += fumbled
            plain = battle_values(t, b, fumbles=False)
            plain_attack_wins = sum(plain[:k]) + b.power[0] > sum(plain[k:]) + b.power[1]
            t.flips += int(plain_attack_wins != (winner == ATTACK))
        seat = b.attacker if winner == ATTACK else b.defender
        for g in b.dfn if winner == ATTACK else b.atk:
            if t.owner_of(g) >= 0:
                remove_ghost(t, g, t.vp[seat])
        t.last = b.evolve(values=values, totals=totals, winner=winner)
        t.battle = None
        if t.result is not None:
            return
        goal = p.vp_to_win
        if goal and not t.out[seat] and t.vp_of(seat) >= goal:
            finish(t, "vp", (seat,))
            return
        t.phase = "trim"


#: steps are values: the decisions and the battle's fixed steps made once (seats 0-5)
DEFEND, CHOOSE_STAT, SUPPORT, PLACE = (
    tuple(cls(s) for s in range(6)) for cls in (Defend, ChooseStat, Support, Place)
)
_REVEAL, _RESOLVE, _ROLLS = Reveal(), Resolve(), tuple(Roll(i) for i in range(16))


def _roll(nth: int) -> Roll:
    """The roll of the ``nth`` ghost of the battle."""
    return _ROLLS[nth] if nth < 16 else Roll(nth)


__all__ = [
    "ROLES",
    "ChooseStat",
    "Defend",
    "NoDice",
    "Place",
    "Resolve",
    "Reveal",
    "Roll",
    "Support",
    "battle_decision",
    "battle_label",
    "battle_values",
    "revealed_at_once",
    "choose_stat",
    "declare",
    "fixed_modifier",
    "ghost_value",
    "role_of",
    "target_text",
]
