"""The state of むげんの宙へ, declared once on the engine kernel, with read-only queries.

Every field is a list per seat (``[seat 0, seat 1]``) or a single value:

- ``hands`` — each seat's own (``seen=OWN``), kept sorted: the hand is a set of
  cards, not a sequence;
- ``decks`` — each seat's own too, as a sorted multiset (``sort=True``): the
  deck lies face down and its order is unknown to everybody (each draw is a
  chance step over the cards left), but its *contents* are what the owner
  built minus what they have seen leave it, so the owner knows them and the
  opponent sees only the count; dealing only the opponent's unseen cards
  keeps each side's cards on its own side when a player determinizes;
- ``opening`` — each seat's own too (``seen=OWN``): its opening hand (the hand
  after the opening draws, before the first turn), ``None`` until its first
  opening draw; the card report's "in opening hand" column reads it
  (:func:`opening_cards`). One item per seat in a pool of its own
  (``pool="opening"``): a seat that determinizes deals the opponent's opening
  hand back whole, so it never mixes with the hand and deck cards and the deal
  draws nothing more from the rng. The item is the sorted card ids joined by
  newlines, one text like the card ids (a tuple among them would make every
  observation sort the unseen cards with a key: 3-7 times slower);
- HP, MP, set zones, dust zones, EX used, whose turn, the result — public.

>>> from workbench.games.mugen.rules import make_game
>>> g = make_game()
>>> t = g.view(g.initial_state())
>>> t.deck_size(0), t.atk(0), t.atk(1), t.mp_left(0)
(40, 1, 0, 0)
>>> g.observe(g.initial_state(), 0).state.decks[1]
Hidden(40)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable, Sequence
from math import gcd
from typing import Any, NamedTuple

from workbench.engine.kernel import OWN, Table, items, rows, value


class SetSkill(NamedTuple):
    """A set (or super set) skill in a set zone: the card, which skill, counters left."""

    card: str
    slot: int
    counters: int


def reduced(cards: Sequence[str]) -> Sequence[str]:
    """A sorted multiset with every count divided by the counts' gcd: the equally likely
    outcome list of a draw from it (the order and weights the game has always sampled).

    >>> reduced(["a", "a", "b", "b"]), reduced(["a", "a", "b"]), reduced(["a", "a", "b", "b", "b", "b"])
    (['a', 'b'], ['a', 'a', 'b'], ['a', 'b', 'b'])
    """
    n = len(cards)
    if n < 2 or cards[0] != cards[1] or cards[-1] != cards[-2]:  # a gcd > 1 leaves no card alone
        return cards
    g, i = n, 0
    while g > 1 and i < n:  # every run, in turn (its end found by bisection: the list is sorted)
        j = bisect_right(cards, cards[i], i + 1)
        g = gcd(g, j - i)
        i = j
    return cards if g == 1 else cards[::g]


def opening_hand(hand: Sequence[str]) -> str:
    """The ``opening`` field's item for a hand: its card ids, sorted, one per line.

    >>> opening_hand(["G17", "G01"]).splitlines(), opening_cards(opening_hand(["G17", "G01"]))
    (['G01', 'G17'], ['G01', 'G17'])
    """
    return "\n".join(sorted(hand))


def opening_cards(item: str | None) -> list[str]:
    """The card ids of an ``opening`` item (none before the opening draws).

    >>> opening_cards(None)
    []
    """
    return item.split("\n") if item else []


class MugenTable(Table):
    """The fields of a game of むげんの宙へ (declared once) and queries on them."""

    hp: list[int] = items()
    max_hp: list[int] = items()
    mp: list[int] = items()  # the MP counter
    spent: list[int] = items()  # MP spent this turn
    bonus: list[int] = items()  # MP added this turn by ``mp +N``
    decks: list[list[str]] = rows(seen=OWN, sort=True)
    hands: list[list[str]] = rows(seen=OWN, sort=True)
    opening: list[str | None] = items(seen=OWN, pool="opening")  # see opening_cards
    zones: list[list[SetSkill]] = rows()  # set zones, oldest first
    dust: list[list[str]] = rows()
    ex_used: list[list[str]] = rows()  # card ids (or "*") whose EX skill was used, sorted
    owed: list[bool] = items()  # owed a revenge draw when the current skill ends
    active: int = value()
    turn: int = value()
    first: int = value()
    result: tuple[int, ...] | None = value()  # None while playing, else the winners

    # -- queries (read-only) ---------------------------------------------------
    def atk(self, p: int) -> int:
        """Seat ``p``'s attack: its trait plus its set skills' boosts."""
        boost = self.game.boost_atk
        return self.game.trait_atk[p] + sum([boost[c, s] for c, s, _ in self.zones[p]])  # type: ignore[no-any-return]

    def defence(self, p: int) -> int:
        """Seat ``p``'s defence: its trait plus its set skills' boosts."""
        boost = self.game.boost_def
        return self.game.trait_def[p] + sum([boost[c, s] for c, s, _ in self.zones[p]])  # type: ignore[no-any-return]

    def mp_left(self, p: int) -> int:
        """MP seat ``p`` may still spend this turn."""
        return self.mp[p] + self.bonus[p] - self.spent[p]

    def deck_size(self, p: int) -> int:
        """Cards left in seat ``p``'s deck (a count: readable by every seat)."""
        return len(self.decks[p])

    def usable(self, p: int) -> list[tuple[str, int]]:
        """(card, slot) pairs seat ``p`` may activate now, by card id then slot."""
        return [(c, s) for _, c, s in self.usable_ids(p)]

    def usable_ids(self, p: int) -> list[tuple[str, str, int]]:
        """The main phase's ``("use", card, slot)`` action ids seat ``p`` may play now, by card
        id then slot (one cost per card: MP left this turn; an EX skill once per game).

        >>> from workbench.games.mugen.rules import make_game
        >>> from workbench.games.mugen.scenario import position
        >>> g = make_game()
        >>> g.view(position(g, hands=(["G17", "G01", "G01"], []), mp=(4, 1))).usable_ids(0)
        [('use', 'G01', 0), ('use', 'G17', 0)]
        """
        game = self.game
        left = self.mp[p] + self.bonus[p] - self.spent[p]
        ex_done = self.ex_used[p]
        any_ex = "*" in ex_done
        out = []
        prev = None
        for card in self.hands[p]:
            if card == prev:
                continue
            prev = card
            for cost, ex, use in game.timeline[card]:  # revenge-only skills are left out
                if cost > left or ex and (any_ex or card in ex_done):
                    continue
                out.append(use)
        return out

    def top(self) -> Any:
        """The step waiting on top of the stack (None at the end)."""
        return self.tasks[-1] if self.tasks else None

    def cards_of(self, p: int) -> dict[str, list[Hashable]]:
        """Seat ``p``'s cards by zone (deck, hand, set, dust): conservation checks."""
        return {
            "deck": list(self.decks[p]),
            "hand": list(self.hands[p]),
            "set": [z.card for z in self.zones[p]],
            "dust": list(self.dust[p]),
        }
