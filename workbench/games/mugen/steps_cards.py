"""Mugen's steps that move one card: draws, mills and discards (chance), the
revenge draw and its use, and dusting a set skill (decisions).

Kept apart from ``steps.py`` for size (``steps.py``, ``steps_effects.py`` and
``steps_turn.py`` import these, never the other way round). Chance steps'
outcomes are the card ids left, each card's count divided by the counts' gcd
(:func:`~.table.reduced`), so ``outcomes[rng.randrange(len(outcomes))]``
samples exactly as the weighted draw always did.

>>> from workbench.games.mugen.rules import make_game
>>> t = make_game().new_table()
>>> card = t.decks[0][0]; Draw(0, "turn").resolve(t, card)
>>> card in t.hands[0], Draw(0, "turn").label(t, card), Draw(0, "turn").seen_by(t, card)
(True, 'P1 draws ソラ (turn)', (0,))
>>> RevengeAsk(1).legal(t)
['revenge_draw', 'no_revenge']
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, NamedTuple

from workbench.engine.kernel import chance, decision
from workbench.engine.kernel.secrets import secret
from workbench.games.mugen.table import MugenTable, opening_hand, reduced
from workbench.games.mugen.words import activation_words

T = MugenTable


def _card_name(t: T, card: Any) -> str:
    cards = t.game.cards
    return str(cards[card].name) if card in cards else str(card)


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
        if self.why == "open":  # the opening hand so far (the card report reads it)
            t.opening[p] = opening_hand(t.hands[p])
        elif self.why == "revenge" and card in t.game.revenge_steps[p]:
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
        revenge, hand, deck = (
            t.game.revenge_steps[self.seat],
            t.hands[self.seat],
            t.decks[self.seat],
        )
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
        return f"push out own {_card_name(t, z.card)} ({_left(z.counters)}) to the dust zone"


@decision
class Destroy(NamedTuple):
    """``seat`` dusts one of the opponent's set (not super set) skills; nothing if none."""

    seat: int

    def lapses(self, t: T) -> bool:
        supers = t.game.super_set
        return all((c, s) in supers for c, s, _ in t.zones[1 - self.seat])

    def legal(self, t: T) -> list[tuple[str, int]]:
        supers = t.game.super_set
        return [
            ("destroy", i)
            for i, (c, s, _) in enumerate(t.zones[1 - self.seat])
            if (c, s) not in supers
        ]

    def resolve(self, t: T, a: Any) -> None:
        o = 1 - self.seat
        t.dust[o].append(t.zones[o].pop(a[1]).card)

    def label(self, t: T, a: Any) -> str:
        z = t.zones[1 - self.seat][a[1]]
        return f"destroy P{2 - self.seat}'s {_card_name(t, z.card)} ({_left(z.counters)})"


def _left(counters: int) -> str:
    """A set skill's counters as turns left: ``1 turn left``."""
    return f"{counters} turn{'s' if counters != 1 else ''} left"
