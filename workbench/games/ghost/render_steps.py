"""The clickable parts of the 「何か」 picture: which card stands for which legal action,
the attack picked in steps with the exact P(attacker wins) shown before the click
commits, dice with their modifiers, and the last-chance strip (dice rolled, card
downloaded).

The attack's steps follow the game's battle order. The seed's
(``stat_choice="after_defender"``): the attacking ghost, then the target user —
that click declares the battle; each target shows what the attacker can expect
given the defender's best reply (:func:`~workbench.games.ghost.battle_order.attack_value`)
— then, once the defender has picked its ghost, 物理 or 精神, each with its exact
odds (:func:`stat_choice_step`). The old order (``"at_declaration"``): attacker →
target user → 物理/精神, the last click commits.

Pure (no widgets): ids go into the markup with :func:`workbench.ui.targets.target`;
a step of the attack is a ``data-pick`` (``atk:<ghost>``, then ``def:<seat>``).

>>> parse_picks(("atk:12", "def:1"))
(12, 1)
>>> parse_picks(())
(-1, -1)
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import sympy

from workbench.games.ghost.battle_order import order_value, stat_odds
from workbench.games.ghost.battle_strength import role_of, roll_parts
from workbench.games.ghost.cards import STATS_LABEL, Strength
from workbench.games.ghost.odds import battle_chance, fighters, win_chance
from workbench.games.ghost.steps_battle import battle_label
from workbench.games.ghost.steps_turn import turn_label
from workbench.games.ghost.table import STATS
from workbench.games.ghost.words import card_name
from workbench.ui.targets import target

PICK_CLASS = "wb-target wb-pick"
_ARCHIVE_VERBS = frozenset({"install", "shell", "event", "place", "trim", "quick"})
_GHOST_VERBS = frozenset({"defend", "support", "ability"})
_USER = re.compile(r"\buser (\d+)")


def pick(value: str) -> str:
    """Class and ``data-pick`` attribute text for one step of a multi-part choice."""
    return f"{PICK_CLASS}' data-pick='{escape(value)}"


def parse_picks(picks: Sequence[str]) -> tuple[int, int]:
    """(attacking ghost, target seat) picked so far; -1 where not picked (bad text ignored)."""
    atk = dfn = -1
    for p in picks:
        kind, _, value = p.partition(":")
        if not value.lstrip("-").isdigit():
            continue
        if kind == "atk":
            atk, dfn = int(value), -1
        elif kind == "def" and atk >= 0:
            dfn = int(value)
    return atk, dfn


@dataclass
class Choices:
    """The legal ids of the deciding user, sorted by the place that shows them."""

    archive: dict[int, list[Hashable]] = field(default_factory=dict)
    ghosts: dict[int, list[Hashable]] = field(default_factory=dict)
    attacks: dict[int, dict[int, list[str]]] = field(default_factory=dict)
    stats: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, ids: Sequence[Hashable]) -> Choices:
        """Sort ``ids`` (tuples like ``("install", 3)``) by card, ghost and attack."""
        out = cls()
        for a in ids:
            if not isinstance(a, tuple):
                continue
            verb = a[0]
            if verb in _ARCHIVE_VERBS:
                out.archive.setdefault(a[1], []).append(a)
            elif verb in _GHOST_VERBS:
                out.ghosts.setdefault(a[1], []).append(a)
            elif verb == "battle":  # ("battle", g, d) or, stat named with it, (..., stat)
                stats = out.attacks.setdefault(a[1], {}).setdefault(a[2], [])
                stats += a[3:]
            elif verb == "stat":
                out.stats.append(a[1])
        return out


def label(t: Any, a: Hashable) -> str:
    """An action's words with users named as on the board (User N)."""
    assert isinstance(a, tuple)
    text = (
        turn_label(t, a) if a[0] in ("install", "shell", "ability", "trim") else battle_label(t, a)
    )
    return _USER.sub(lambda m: f"User {m.group(1)}", text)


def chip(t: Any, a: Hashable) -> str:
    """A small clickable line inside a card for one of its uses."""
    return f"<div class='wb-ghost-use {target(a)}'>▶ {escape(label(t, a))}</div>"


def matchups(
    game: Any, t: Any, ghost: int, seat: int, stat: str
) -> list[tuple[int, sympy.Rational]]:
    """Exact P(``ghost`` wins) against each ghost ``seat`` may defend with (before
    supports and face-down events), the defender's best choice (lowest P) first.

    >>> from workbench.games.ghost.rules import make_game
    >>> g = make_game(players=2)
    >>> matchups(g, g.view(g.initial_state()), 0, 1, "physical")
    []
    """
    p = game.params
    atk = fighters(game, t, [ghost], stat, ["attack"])
    out = []
    for h in t.eligible_fighters(seat):
        dfn = fighters(game, t, [h], stat, ["defend"])
        out.append((h, win_chance(atk, dfn, fumble=p.fumble, floor=p.floor_at_zero)))
    return sorted(out, key=lambda x: x[1])


def effective(game: Any, t: Any, ghost: int, stat: str, role: str) -> str:
    """A ghost's strength in a role with its shell and ability counted (``1D+2``)."""
    f = fighters(game, t, [ghost], stat, [role])[0]
    return str(Strength(f.strength.count, f.strength.modifier + f.extra))


def percent(p: sympy.Rational) -> str:
    """A chance as a percentage with its exact fraction on hover."""
    return f"<span class='wb-ghost-p' title='exactly {p}'>{float(p):.1%}</span>"


def target_summary(game: Any, t: Any, ghost: int, seat: int, stats: Sequence[str]) -> str:
    """One line for a target user: P(win) per strength against their best defender, or
    (no ``stats``: the stat is picked after the defence) what the attacker can expect
    given the defender's best reply, and each defending ghost's odds per strength."""
    if not stats:
        odds = stat_odds(game, t, ghost, t.eligible_fighters(seat))
        value = order_value(odds, "after_defender")
        rows = " · ".join(
            f"vs {escape(card_name(game.cards[h]))}: "
            + " / ".join(f"{STATS_LABEL[s].split()[0]} {percent(p)}" for s, p in row.items())
            for h, row in odds.items()
        )
        return (
            "<span class='wb-ghost-odds-line'>P(attacker wins) given the defender's best "
            f"reply: <b class='wb-ghost-expect'>{percent(value)}</b> <small>= {value}</small> "
            "(the defender picks its ghost, then you pick 物理 or 精神) — "
            f"{rows}</span>"
        )
    parts = []
    for stat in stats:
        m = matchups(game, t, ghost, seat, stat)
        if m:
            parts.append(f"{STATS_LABEL[stat].split()[0]} {percent(m[0][1])}")
    return (
        "<span class='wb-ghost-odds-line'>P(attacker wins) vs their best defender: "
        + " · ".join(parts)
        + "</span>"
    )


def stat_step(game: Any, t: Any, ghost: int, seat: int, stats: Sequence[str]) -> str:
    """The last step of an attack: one clickable panel per strength, each with the exact
    P(attacker wins) against every ghost the target may defend with."""
    cards = game.cards
    panels = []
    for stat in stats:
        rows = "".join(
            f"<li>vs {escape(card_name(cards[h]))} "
            f"({effective(game, t, h, stat, 'defend')}): "
            f"{percent(p)} <small>= {p}</small></li>"
            for h, p in matchups(game, t, ghost, seat, stat)
        )
        best = matchups(game, t, ghost, seat, stat)
        head = f"P(attacker wins) vs the best defence: {percent(best[0][1])}" if best else ""
        a = ("battle", ghost, seat, stat)
        panels.append(
            f"<div class='wb-ghost-stat {target(a)}'><b>{escape(STATS_LABEL[stat])}</b> "
            f"({effective(game, t, ghost, stat, 'attack')}) — <span class='wb-ghost-odds'>{head}</span>"
            f"<ul>{rows}</ul></div>"
        )
    return (
        f"<div class='wb-ghost-stepper'><b>{escape(card_name(cards[ghost]))} attacks User "
        f"{seat + 1}: choose the strength</b> <small>(the defender picks its ghost; "
        f"supports and face-down events come later; Esc goes back)</small>"
        f"<div class='wb-ghost-stats'>{''.join(panels)}</div></div>"
    )


def defend_hint(game: Any, t: Any, ghost: int) -> str:
    """Under a defending ghost: the attacker's exact P(win) per stat if it defends (the
    attacker's better stat first when it still picks after the defence, else the named one)."""
    b = t.battle
    odds = stat_odds(game, t, b.atk[0], [ghost])[ghost]
    if b.stat:
        return (
            f"<div class='wb-ghost-use'>P(attacker wins) against it: {percent(odds[b.stat])}</div>"
        )
    best = max(odds, key=lambda s: odds[s])
    return (
        f"<div class='wb-ghost-use'>against it the attacker would pick "
        f"{STATS_LABEL[best].split()[0]}: P(attacker wins) {percent(odds[best])}</div>"
    )


def stat_choice_step(game: Any, t: Any, stats: Sequence[str]) -> str:
    """The attacker's stat choice once the defending ghost is known: one clickable panel
    per strength with the exact P(attacker wins) of the two lead ghosts as they stand
    (supports and face-down events come later)."""
    b = t.battle
    cards = game.cards
    panels = []
    for stat in stats:
        p = battle_chance(game, t, stat)
        a = ("stat", stat)
        panels.append(
            f"<div class='wb-ghost-stat {target(a)}'><b>{escape(STATS_LABEL[stat])}</b> "
            f"({effective(game, t, b.atk[0], stat, 'attack')} vs "
            f"{effective(game, t, b.dfn[0], stat, 'defend')}) — "
            f"<span class='wb-ghost-odds'>P(attacker wins) {percent(p)}</span> "
            f"<small>= {p}</small></div>"
        )
    return (
        f"<div class='wb-ghost-stepper'><b>{escape(card_name(cards[b.atk[0]]))} attacks "
        f"{escape(card_name(cards[b.dfn[0]]))} of User {b.defender + 1}: choose the strength"
        f"</b> <small>(the defender has picked its ghost; supports and face-down events come "
        f"later)</small><div class='wb-ghost-stats'>{''.join(panels)}</div></div>"
    )


def die_row(n: int, raw: int, modifier: int, value: int, fumble: bool) -> str:
    """nD drawn as n dice (blank: the rules keep only their sum), the sum, the modifier and
    the ghost's value."""
    dice = "".join(
        f"<rect x='{1 + 15 * i}' y='1' width='13' height='13' rx='3' fill='#fff' stroke='#333'/>"
        for i in range(n)
    )
    svg = f"<svg width='{15 * n + 2}' height='15' aria-label='{n} dice'>{dice}</svg>" if n else ""
    strength = f"{n}D{modifier:+d}" if modifier else f"{n}D"
    if fumble:
        result = f"{raw}: <span class='wb-ghost-fumble'>シテオク (all 0) → 0</span>"
    elif modifier:
        result = f"{raw} {modifier:+d} = <b>{value}</b>"
    else:
        result = f"<b>{value}</b>"
    return (
        f"<span class='wb-ghost-die' title='{n} やさぐれダイス (6 reads 0): sum {raw}, "
        f"modifier {modifier:+d}'>{svg} {strength}: {result}</span>"
    )


def roll_html(game: Any, t: Any, b: Any, k: int, raw: int) -> str:
    """The ``k``-th battling ghost's roll with its modifier (shell and ability included)."""
    n, mod, value, fumble = roll_parts(t, b, k, raw)
    return die_row(n, raw, mod, value, fumble)


def chance_drawing(game: Any, state: Any, outcome: Hashable) -> str:
    """One chance step for the last-chance strip: a battle roll as dice with the
    modifier, a download as the card, anything else as its words."""
    t = game.view(state)
    task = t.tasks[-1] if t.tasks else None
    name = type(task).__name__
    if name == "Roll" and isinstance(outcome, int) and t.battle is not None:
        b = t.battle
        k = task.nth  # type: ignore[union-attr]
        return (
            f"<span class='wb-ghost-drawn'>{escape(card_name(game.cards[b.ghosts[k]]))} "
            f"[{role_of(b, k)}] {roll_html(game, t, b, k, outcome)}</span>"
        )
    text = _USER.sub(lambda m: f"User {m.group(1)}", game.action_label(state, outcome))
    if name in ("Download", "DealMaster") and isinstance(outcome, int):
        card = game.cards[outcome]
        who = f"User {task.seat + 1}"  # type: ignore[union-attr]
        verb = "is dealt" if name == "DealMaster" else "downloads"
        return (
            f"<span class='wb-ghost-drawn' title='{escape(text)}'>{who} {verb} "
            f"<span class='wb-ghost-minicard'>{escape(card_name(card))}</span></span>"
        )
    return f"<span class='wb-ghost-drawn'>{escape(text)}</span>"


__all__ = [
    "Choices",
    "STATS",
    "chance_drawing",
    "chip",
    "defend_hint",
    "die_row",
    "label",
    "matchups",
    "parse_picks",
    "pick",
    "roll_html",
    "stat_choice_step",
    "stat_step",
    "target_summary",
]
