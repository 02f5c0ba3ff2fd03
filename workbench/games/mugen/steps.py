"""The rules of むげんの宙へ as typed steps on the kernel's stack (the next step last).

A turn is :class:`TurnStart` (start effects of both players, MP +1, counters,
draw, :class:`Main`) then :class:`TurnEnd` (end effects, deck-out, the next
turn). Activating a skill pushes its one-shot :class:`Effect` steps and an
:class:`EndSkill`, which offers the damaged player a revenge draw. Chance
steps draw, mill or discard one card: their outcomes are the card ids left,
each card's count divided by the counts' gcd (:func:`~.table.reduced`), so
``outcomes[rng.randrange(len(outcomes))]`` samples exactly as the weighted
draw always did. Decisions and their action ids:

- :class:`Main`: ``("use", card_id, slot)`` (slot = 0-based skill on the
  card's timeline) and ``"end"`` (end the turn);
- :class:`RevengeAsk`: ``"revenge_draw"`` / ``"no_revenge"``;
- :class:`RevengeUse`: ``"revenge_use"`` / ``"keep"``;
- :class:`PushOut`: ``("push_out", i)`` dusts the owner's set skill i;
- :class:`Destroy`: ``("destroy", i)`` dusts the opponent's set skill i.

The effect vocabulary is closed: :data:`EFFECTS` maps each one-shot verb of
:mod:`~workbench.games.mugen.effects` to what it does, nothing else runs.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from workbench.engine.kernel import auto, chance, decision
from workbench.engine.kernel.secrets import secret
from workbench.games.mugen.table import MugenTable, SetSkill, reduced
from workbench.games.mugen.words import activation_words

T = MugenTable
FIRST_OUTCOMES = (0, 1)
_VERB = {"draw": "draws", "mill": "mills", "discard": "discards"}


def _card_name(t: T, card: Any) -> str:
    cards = t.game.cards
    return str(cards[card].name) if card in cards else str(card)


# -- chance ----------------------------------------------------------------------
@chance
class First(NamedTuple):
    """Who goes first (``first_player="random"``): a fair coin over the seats."""

    def outcomes(self, t: T) -> Sequence[int]:
        return FIRST_OUTCOMES

    def resolve(self, t: T, seat: int) -> None:
        t.first = t.active = int(seat)
        t.push(*t.game.opening(t.active))

    def label(self, t: T, seat: Any) -> str:
        return f"P{int(seat) + 1} goes first"


@chance
class Draw(NamedTuple):
    """``seat`` draws a card (``why``: open, turn, effect, revenge); nothing when the deck is empty."""

    seat: int
    why: str

    def lapses(self, t: T) -> bool:
        return not t.decks[self.seat]

    def outcomes(self, t: T) -> Sequence[str]:
        return reduced(t.decks[self.seat])

    def resolve(self, t: T, card: str) -> None:
        p = self.seat
        t.decks[p].remove(card)
        insort(t.hands[p], card)
        if self.why == "revenge" and card in t.game.revenge_steps[p]:
            t.tasks.append(RevengeUse(p, card))

    def label(self, t: T, card: Any) -> str:
        return f"P{self.seat + 1} draws {_card_name(t, card)} ({self.why})"

    def seen_by(self, t: T, card: Any) -> tuple[int, ...]:
        return (self.seat,)  # into the hand: the opponent sees a card drawn, not which

    def hidden_label(self, t: T, card: Any) -> str:
        return f"P{self.seat + 1} draws a card ({self.why})"


@chance
class Mill(NamedTuple):
    """A card of ``seat``'s deck goes to its dust zone."""

    seat: int

    def lapses(self, t: T) -> bool:
        return not t.decks[self.seat]

    def outcomes(self, t: T) -> Sequence[str]:
        return reduced(t.decks[self.seat])

    def resolve(self, t: T, card: str) -> None:
        t.decks[self.seat].remove(card)
        t.dust[self.seat].append(card)

    def label(self, t: T, card: Any) -> str:
        return f"P{self.seat + 1} mills {_card_name(t, card)}"


@chance
class Discard(NamedTuple):
    """A random card of ``seat``'s hand goes to its dust zone."""

    seat: int

    def lapses(self, t: T) -> bool:
        return not t.hands[self.seat]

    def outcomes(self, t: T) -> Sequence[str]:
        return reduced(t.hands[self.seat])

    def resolve(self, t: T, card: str) -> None:
        t.hands[self.seat].remove(card)
        t.dust[self.seat].append(card)

    def label(self, t: T, card: Any) -> str:
        return f"P{self.seat + 1} discards {_card_name(t, card)}"


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


@auto
class EndSkill(NamedTuple):
    """A skill of ``seat`` has resolved: a damaged opponent may take a revenge draw."""

    seat: int

    def run(self, t: T) -> None:
        o = 1 - self.seat
        if t.owed[o]:
            t.owed[o] = False
            params = t.game.params
            if params.revenge and t.decks[o] and (o != t.active or params.revenge_turn == "any"):
                t.tasks.append(RevengeAsk(o))


# -- effects (the closed vocabulary) -------------------------------------------------------
def _hit(t: T, p: int, n: int, pierce: bool) -> None:
    o = 1 - p
    dealt = n + t.atk(p) - (0 if pierce else t.defence(o))
    if dealt > 0:
        t.owed[o] = True
        hp = t.hp[o] - dealt
        t.hp[o] = hp if hp > 0 else 0
        if hp <= 0:
            t.result = (p,)
            t.tasks.clear()


def _heal(t: T, p: int, n: int) -> None:
    t.hp[p] = min(t.max_hp[p], t.hp[p] + n)


def _mp(t: T, p: int, n: int) -> None:
    t.bonus[p] += n


def _ramp(t: T, p: int, n: int) -> None:
    t.mp[p] = min(t.game.params.max_mp, t.mp[p] + n)


EFFECTS: dict[str, Callable[[T, int, int], None]] = {
    "damage": lambda t, p, n: _hit(t, p, n, False),
    "pierce": lambda t, p, n: _hit(t, p, n, True),
    "heal": _heal,
    "draw": lambda t, p, n: t.push(*[Draw(p, "effect")] * n),
    "mp": _mp,
    "ramp": _ramp,
    "destroy_set": lambda t, p, n: t.push(*[Destroy(p)] * n),
    "mill": lambda t, p, n: t.push(*[Mill(1 - p)] * n),
    "discard": lambda t, p, n: t.push(*[Discard(1 - p)] * n),
}
"""What each one-shot verb does (the sheet loader refuses any other verb)."""


@auto
class Effect(NamedTuple):
    """One one-shot effect of a skill of ``seat``: ``verb`` with ``amount``."""

    seat: int
    verb: str
    amount: int

    def run(self, t: T) -> None:
        EFFECTS[self.verb](t, self.seat, self.amount)


def skill_steps(seat: int, fx: Sequence[tuple[str, int]]) -> tuple[Any, ...]:
    """The steps of one resolving skill of ``seat``: its effects, then :class:`EndSkill`
    (in stack order, ready to put on the stack; the game builds them once per skill).

    >>> skill_steps(0, [("damage", 2), ("draw", 1)])
    (EndSkill(seat=0), Effect(seat=0, verb='draw', amount=1), Effect(seat=0, verb='damage', amount=2))
    """
    return (EndSkill(seat), *[Effect(seat, v, n) for v, n in reversed(fx)])


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


@decision
class RevengeAsk(NamedTuple):
    """``seat`` took damage from the skill that just resolved: a revenge draw?"""

    seat: int

    def legal(self, t: T) -> list[str]:
        return ["revenge_draw", "no_revenge"]

    def resolve(self, t: T, a: Any) -> None:
        if a == "revenge_draw":
            t.tasks.append(Draw(self.seat, "revenge"))

    def label(self, t: T, a: Any) -> str:
        return "revenge draw" if a == "revenge_draw" else "no revenge draw"


@secret(card="seat")  # the card just drawn: only its owner sees which
@decision
class RevengeUse(NamedTuple):
    """``seat`` drew ``card`` by a revenge draw: use its 【リベンジ時】 effect free, or keep it."""

    seat: int
    card: str

    def legal(self, t: T) -> list[str]:
        return ["revenge_use", "keep"]

    def seen_by(self, t: T, a: Any) -> tuple[int, ...] | None:
        return (self.seat,) if a == "keep" else None  # a card used goes to the dust, face up

    def hidden_label(self, t: T, a: Any) -> str:
        return "keep the card"

    def guess(self, t: T, rng: Any) -> RevengeUse:
        """A determinized table's revenge card: one in the hand, else one swapped in
        from the deck (both hidden from the opponent)."""
        revenge, hand, deck = t.game.revenge_steps[self.seat], t.hands[self.seat], t.decks[self.seat]
        held = [c for c in hand if c in revenge]
        if not held:
            spare = [c for c in deck if c in revenge]
            if not spare or not hand:
                return self._replace(card=hand[-1] if hand else "")
            card, out = rng.choice(spare), rng.choice(hand)
            deck.remove(card)
            hand.remove(out)
            insort(hand, card)
            insort(deck, out)
            held = [card]
        return self._replace(card=rng.choice(held))

    def resolve(self, t: T, a: Any) -> None:
        if a == "revenge_use":
            p, card = self.seat, self.card
            t.hands[p].remove(card)
            t.dust[p].append(card)
            t.tasks.extend(t.game.revenge_steps[p][card])

    def label(self, t: T, a: Any) -> str:
        card = t.game.cards[self.card]
        if a == "keep" or card.revenge is None:
            return f"keep {card.name}"
        return activation_words(t, self.seat, self.card, card.revenge)


@decision
class PushOut(NamedTuple):
    """``seat``'s set zone is over the limit: it dusts one of the skills set before."""

    seat: int

    def legal(self, t: T) -> list[tuple[str, int]]:
        return [("push_out", i) for i in range(len(t.zones[self.seat]) - 1)]

    def resolve(self, t: T, a: Any) -> None:
        t.dust[self.seat].append(t.zones[self.seat].pop(a[1]).card)

    def label(self, t: T, a: Any) -> str:
        z = t.zones[self.seat][a[1]]
        return f"push out {_card_name(t, z.card)} ({z.counters})"


@decision
class Destroy(NamedTuple):
    """``seat`` dusts one of the opponent's set (not super set) skills; nothing if none."""

    seat: int

    def lapses(self, t: T) -> bool:
        supers = t.game.super_set
        return all((c, s) in supers for c, s, _ in t.zones[1 - self.seat])

    def legal(self, t: T) -> list[tuple[str, int]]:
        supers = t.game.super_set
        return [("destroy", i) for i, (c, s, _) in enumerate(t.zones[1 - self.seat]) if (c, s) not in supers]

    def resolve(self, t: T, a: Any) -> None:
        o = 1 - self.seat
        t.dust[o].append(t.zones[o].pop(a[1]).card)

    def label(self, t: T, a: Any) -> str:
        z = t.zones[1 - self.seat][a[1]]
        return f"destroy {_card_name(t, z.card)} ({z.counters})"


_MAIN_DRAW = tuple((Main(p), Draw(p, "turn")) for p in (0, 1))  # stack order: draw, then main


def opening(game: Any, first: int) -> list[Any]:
    """The opening steps: the first player draws 3, the second 4 (+ any ``hand`` trait), turn 1."""
    second = 1 - first
    n_first = game.params.opening[0] + game.trait_hand[first]
    n_second = game.params.opening[1] + game.trait_hand[second]
    return [Draw(first, "open")] * n_first + [Draw(second, "open")] * n_second + [TurnStart(first)]
