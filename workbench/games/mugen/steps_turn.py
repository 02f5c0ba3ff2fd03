"""Mugen's turn as steps: :class:`TurnStart` (start effects of both players, MP +1,
counters, draw, :class:`Main`) then :class:`TurnEnd` (end effects, deck-out, the
next turn); the main phase's decision :class:`Main` activates a skill or ends
the turn.

Kept apart from ``steps.py`` for size (``steps.py`` imports these, never the
other way round).

>>> import random
>>> from workbench.games.mugen.rules import make_game
>>> t, rng = make_game().new_table(), random.Random(1)
>>> while not isinstance(t.tasks[-1], Main):  # the opening draws
...     t.step(t.sample(rng))
>>> t.tasks[-1], t.mp, t.legal()
(Main(seat=0), [1, 0], [('use', 'G01', 0), 'end'])
>>> t.step("end"); t.tasks[-1], t.turn, t.mp  # P2's turn: MP +1, then its draw
(Draw(seat=1, why='turn'), 2, [1, 1])
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, NamedTuple

from workbench.engine.kernel import auto, decision
from workbench.games.mugen.steps_cards import Draw, PushOut
from workbench.games.mugen.table import MugenTable, SetSkill
from workbench.games.mugen.words import activation_words

T = MugenTable


# -- the turn ------------------------------------------------------------------------
# Where nothing fires (no start or end effect: the usual case) a turn's forced steps run
# as one: the turn's end, the deck-out check, the next turn's start, MP and counters,
# up to its draw. Where an effect fires, its steps come in between as they always did.
_NONE: tuple[Any, ...] = ()


def _fired(t: T, p: int, timing: str) -> Sequence[Any]:
    """The steps ``p``'s trait and set skills with effects at ``timing`` put on the stack
    (stack order: the trait's first, then the set skills' oldest first); none: empty."""
    zone = t.zones[p]
    trait = t.game.trait_steps[p].get(timing)
    if not zone and not trait:
        return _NONE
    steps: list[Any] = list(trait) if trait else []
    timed = t.game.timed_steps[p]
    for c, s, _ in zone:
        fx = timed[c, s].get(timing)
        if fx:
            steps += fx
    steps.reverse()
    return steps


def _turn_start(t: T, p: int) -> None:
    """``p``'s turn starts: start effects (``p``'s, then the opponent's ``opp_start``),
    the upkeep, the draw, the main phase."""
    t.spent[p] = t.bonus[p] = 0
    tasks = t.tasks
    tasks += _MAIN_DRAW[p]
    fx = _fired(t, p, "start")
    if fx:
        tasks += (Upkeep(p), Trigger(1 - p, "opp_start"))
        tasks += fx
        return
    fx = _fired(t, 1 - p, "opp_start")
    if fx:
        tasks.append(Upkeep(p))
        tasks += fx
        return
    _upkeep(t, p)


def _upkeep(t: T, p: int) -> None:
    """MP +1 (at most ``max_mp``), then one counter off each of ``p``'s set skills
    (at 0 the card goes to the dust zone)."""
    if t.mp[p] < t.game.params.max_mp:
        t.mp[p] += 1
    zone = t.zones[p]
    if zone:
        dust = t.dust[p]
        kept = []
        for z in zone:
            if z.counters > 1:
                kept.append(SetSkill(z.card, z.slot, z.counters - 1))
            else:
                dust.append(z.card)
        zone[:] = kept


def _decked_out(t: T) -> bool:
    """At a turn's end every player with an empty deck loses (both: nobody wins)."""
    d0, d1 = t.decks
    if d0 and d1:
        return False
    t.result = tuple(q for q, d in ((0, d0), (1, d1)) if d)
    t.tasks.clear()
    return True


def _next_turn(t: T, p: int) -> None:
    """The other seat's turn."""
    t.active, t.turn = 1 - p, t.turn + 1
    _turn_start(t, 1 - p)


@auto
class TurnStart(NamedTuple):
    """Start effects (the active player's, then the opponent's), MP +1, counters, draw, main."""

    seat: int

    def run(self, t: T) -> None:
        _turn_start(t, self.seat)


@auto
class TurnEnd(NamedTuple):
    """End effects (the active player's, then the opponent's ``opp_end``), then the
    deck-out check, then the next turn."""

    seat: int

    def run(self, t: T) -> None:
        p, tasks = self.seat, t.tasks
        fx = _fired(t, p, "end")
        if fx:
            tasks += (NextTurn(p), DeckOut(), Trigger(1 - p, "opp_end"))
            tasks += fx
            return
        fx = _fired(t, 1 - p, "opp_end")
        if fx:
            tasks += (NextTurn(p), DeckOut())
            tasks += fx
            return
        if not _decked_out(t):
            _next_turn(t, p)


@auto
class Trigger(NamedTuple):
    """``seat``'s trait and set skills with effects at ``timing`` (each then ends as a skill)."""

    seat: int
    timing: str

    def run(self, t: T) -> None:
        fx = _fired(t, self.seat, self.timing)
        if fx:
            t.tasks += fx


@auto
class Upkeep(NamedTuple):
    """The MP counter +1 (at most ``max_mp``), then one counter off each of ``seat``'s
    set skills (at 0 the card goes to the dust zone)."""

    seat: int

    def run(self, t: T) -> None:
        _upkeep(t, self.seat)


@auto
class DeckOut(NamedTuple):
    """At a turn's end every player with an empty deck loses (both: nobody wins)."""

    def run(self, t: T) -> None:
        _decked_out(t)


@auto
class NextTurn(NamedTuple):
    """The other seat's turn."""

    seat: int

    def run(self, t: T) -> None:
        _next_turn(t, self.seat)


# -- decisions ---------------------------------------------------------------------------
@decision
class Main(NamedTuple):
    """``seat``'s main phase: activate a skill from hand (one per card, cost <= MP left) or end."""

    seat: int

    def legal(self, t: T) -> list[Any]:
        ids: list[Any] = t.usable_ids(self.seat)
        ids.append("end")
        return ids

    def resolve(self, t: T, a: Any) -> None:
        p = self.seat
        if a == "end":
            t.tasks.append(TurnEnd(p))
            return
        t.tasks.append(self)  # back to the main phase once the skill has resolved
        _, card, slot = a
        game = t.game
        skill = game.skills[card, slot]
        t.spent[p] += skill.cost
        t.hands[p].remove(card)
        if skill.kind == "ex":
            mark = card if game.params.ex_scope == "name" else "*"
            if mark not in t.ex_used[p]:
                insort(t.ex_used[p], mark)
        t.tasks.extend(game.use_steps[p][card, slot])
        if skill.is_set:  # placed first, then its one-shot effects
            zone = t.zones[p]
            zone.append(SetSkill(card, slot, skill.turns))
            if len(zone) > game.params.set_limit:
                if game.params.overflow == "choose":
                    t.tasks.append(PushOut(p))
                else:
                    t.dust[p].append(zone.pop(0).card)
        else:
            t.dust[p].append(card)

    def label(self, t: T, a: Any) -> str:
        if a == "end":
            return "end the turn"
        return activation_words(t, self.seat, a[1], t.game.skills[a[1], a[2]])


_MAIN_DRAW = tuple((Main(p), Draw(p, "turn")) for p in (0, 1))  # stack order: draw, then main
