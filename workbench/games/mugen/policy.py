"""The greedy rule of thumb of むげんの宙へ, written once as a function of a table.

:func:`greedy_action` reads a table and answers for the seat to move. It reads
only what that seat sees — its own hand, MP and EX marks, both sides' HP, set
zones and deck *sizes* — so the same function serves

- the greedy player (:func:`~workbench.games.mugen.players.greedy_player`), on
  ``game.view(view.state)``: the seat's observation, the opponent's hand and
  deck ``Hidden``;
- a search's rollouts, on a determinised world's mutable table, where reading
  the table is fair: it is that world. ``MugenGame`` does not offer it as its
  ``rollout_action``: ``ismcts`` guided by it played little better than greedy,
  rolling out at random it wins most games against greedy
  (``bench/mugen_rollouts.py`` measures both and the rule's form as a rollout
  policy, ``lambda t, rng: greedy_action(t)``).

The rule: in the main phase, the skill with the most damage per MP (its
lifetime damage at today's attack and defence, :func:`lifetime_damage`), ties
to the most damage, then to the first in the legal order; with no damaging
skill, the dearest other useful one (a heal only when hurt, a draw only while
its deck is bigger than the opponent's: drawing races towards deck-out); else
end the turn. A revenge draw only while ahead on cards; a 【リベンジ時】 effect
always used; a set skill pushed out with the fewest counters, destroyed with
the most. Deterministic: the rng is never read.

Per skill the damage terms are looked up once per game (:func:`profiles`), so a
decision costs one pass over the usable skills.

>>> from workbench.games.mugen.rules import make_game
>>> from workbench.games.mugen.scenario import position
>>> g = make_game()
>>> s = position(g, hands=(["G01", "G17", "G03"], []), mp=(5, 1))
>>> greedy_action(g.view(g.observe(s, 0).state))
('use', 'G01', 0)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple

from workbench.games.mugen.cards import Skill
from workbench.games.mugen.steps_cards import Destroy, PushOut, RevengeAsk, RevengeUse
from workbench.games.mugen.steps_turn import Main

__all__ = ["SkillProfile", "greedy_action", "lifetime_damage", "profiles"]


class SkillProfile(NamedTuple):
    """What the greedy rule reads of one skill (looked up once per game).

    ``now``/``timed``: ``(amount, pierce)`` of each damaging one-shot / timed effect;
    ``turns``: counters when set, else 0; ``atk``: its attack boost (at least 0);
    ``draws``: it draws a card; ``useful_now``: a one-shot effect other than heal
    (``heals``: it has one-shot effects, all heals); ``fallback``: the order among
    skills without damage (cost, then fewer effects)."""

    cost: int
    now: tuple[tuple[int, bool], ...]
    timed: tuple[tuple[int, bool], ...]
    turns: int
    atk: int
    is_set: bool
    draws: bool
    useful_now: bool
    heals: bool
    fallback: tuple[int, int]


_TIMED = ("start", "end", "opp_start", "opp_end")


def _terms(effects: Any) -> tuple[tuple[int, bool], ...]:
    return tuple((e.amount, e.verb == "pierce") for e in effects if e.verb in ("damage", "pierce"))


def profile(skill: Skill) -> SkillProfile:
    """One skill's :class:`SkillProfile`.

    >>> from workbench.games.mugen.rules import make_game
    >>> profile(make_game().cards["G19"].skills[0])[:5]  # cost 3, set(3): start: damage 2
    (3, (), ((2, False),), 3, 0)
    """
    now = skill.now
    return SkillProfile(
        skill.cost,
        _terms(now),
        _terms(e for e in skill.effects if e.timing in _TIMED),
        skill.turns if skill.is_set else 0,
        max(0, skill.atk),
        skill.is_set,
        any(e.verb == "draw" for e in skill.effects),
        any(e.verb != "heal" for e in now),
        bool(now) and all(e.verb == "heal" for e in now),
        (skill.cost, -len(skill.effects)),
    )


def profiles(game: Any) -> dict[tuple[str, int], SkillProfile]:
    """Every skill's :class:`SkillProfile`, by ``(card id, slot)``, made once per game."""
    cached = game.__dict__.get("_greedy_profiles")
    if cached is None:
        cached = game.__dict__["_greedy_profiles"] = {k: profile(s) for k, s in game.skills.items()}
    return cached  # type: ignore[no-any-return]


def _hit(terms: tuple[tuple[int, bool], ...], atk: int, foe_def: int) -> int:
    total = 0
    for amount, pierce in terms:
        dealt = amount + atk if pierce else amount + atk - foe_def
        if dealt > 0:
            total += dealt
    return total


def lifetime_damage(p: SkillProfile, atk: int, foe_def: int) -> int:
    """Damage a skill is expected to deal over its life at attack ``atk`` against
    defence ``foe_def``: its one-shot damage, plus per counter its timed damage and
    its attack boost on one attack.

    >>> from workbench.games.mugen.rules import make_game
    >>> lifetime_damage(profile(make_game().cards["G19"].skills[0]), 1, 0)
    9
    """
    total = _hit(p.now, atk, foe_def)
    if p.turns:
        total += p.turns * (_hit(p.timed, atk, foe_def) + p.atk)
    return total


def _main(t: Any, seat: int) -> Hashable:
    known = profiles(t.game)
    atk, foe_def = t.atk(seat), t.defence(1 - seat)
    ahead = len(t.decks[seat]) > len(t.decks[1 - seat])
    hurt = t.hp[seat] < t.max_hp[seat]
    best: tuple[float, int] | None = None
    choice: Hashable = "end"
    fallback: tuple[int, int] | None = None
    for use in t.usable_ids(seat):
        p = known[use[1], use[2]]
        dmg = lifetime_damage(p, atk, foe_def)
        if dmg > 0:
            key = (dmg / (p.cost if p.cost > 1 else 1), dmg)
            if best is None or key > best:
                best, choice = key, use
        elif (
            best is None
            and (ahead or not p.draws)
            and (p.is_set or p.useful_now or p.heals and hurt)
        ):
            if fallback is None or p.fallback > fallback:
                fallback, choice = p.fallback, use
    return choice


def greedy_action(t: Any) -> Hashable:
    """The greedy rule's action for the seat to move on table ``t`` (see the module
    docstring); ``t`` may be a seat's observed view or a determinised world.

    >>> from workbench.games.mugen.rules import make_game
    >>> import random
    >>> g, rng = make_game(), random.Random(3)
    >>> t = g.new_table()
    >>> while type(t.tasks[-1]) is not Main:  # the opening draws
    ...     t.step(t.sample(rng))
    >>> t.mp[0], t.hands[0], greedy_action(t)  # no damage for 1 MP: 瞬き (0: mp +1) first
    (1, ['C01', 'G08', 'G26', 'G29'], ('use', 'G08', 0))
    """
    top = t.tasks[-1]
    kind, seat = type(top), top.seat
    if kind is Main:
        return _main(t, seat)
    if kind is RevengeAsk:  # a draw is a step towards deck-out: only when ahead on cards
        return "revenge_draw" if len(t.decks[seat]) > len(t.decks[1 - seat]) else "no_revenge"
    if kind is RevengeUse:
        return "revenge_use"
    if kind is PushOut:
        zone = t.zones[seat]
        return ("push_out", min(range(len(zone) - 1), key=lambda i: zone[i].counters))
    if kind is Destroy:
        zone, supers = t.zones[1 - seat], t.game.super_set
        return (
            "destroy",
            max(
                (i for i, (c, s, _) in enumerate(zone) if (c, s) not in supers),
                key=lambda i: zone[i].counters,
            ),
        )
    raise ValueError(f"mugen greedy: no rule for the step {kind.__name__}")
