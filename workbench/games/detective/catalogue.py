"""Static facts of one game (cards, ids, costs) derived once from params and sheets.

A module of its own (not in ``rules``) because the steps and the table's
queries read it and ``rules`` builds the game from it: the per-card data the
rules look up on every step (a card's person, colour index and actions, an
event's cost by colour index, the action ids of every event) is computed
here once, not on every step.

Card ids: a person's normal cards are ``"<person>:1"`` ... ``"<person>:<copies>"``,
the awakened card ``"<person>:A"``, the tragic night ``"night"``; events are
their serial numbers (ints).

>>> from workbench.games.detective.params import DetectiveParams
>>> s = Catalogue(DetectiveParams())
>>> len(s.start_deck), s.start_deck[-1], len(s.start_supply)
(8, 'night', 32)
>>> s.card_person["yuri:A"], s.card_colour["yuri:2"]
('yuri', 'white')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from workbench.cards import Effect

from .cards import BLACK, COLOURS, CardSet, Event, load_cards
from .params import DetectiveParams

NIGHT = "night"
INF = 10_000


class Catalogue:
    """Everything about a game that never changes while it is played."""

    def __init__(self, params: DetectiveParams, cards: CardSet | None = None) -> None:
        self.params = params
        self.cards = cards if cards is not None else load_cards(params.cards_folder)
        self.persons: tuple[str, ...] = tuple(self.cards.people)
        self.card_person: dict[str, str] = {}
        self.card_colour: dict[str, str] = {}
        self.awakened_card: dict[str, str] = {}
        self.person_cards: dict[str, tuple[str, ...]] = {}
        deck: list[str] = []
        supply: list[str] = []
        for who, person in self.cards.people.items():
            copies = params.copies or person.copies
            ids = [f"{who}:{k}" for k in range(1, copies + 1)]
            if person.has_awakened:
                ids.append(f"{who}:A")
                self.awakened_card[who] = f"{who}:A"
            for cid in ids:
                self.card_person[cid] = who
                self.card_colour[cid] = person.colour
            self.person_cards[who] = tuple(ids)
            if person.in_start_deck:
                deck.append(ids[0])
                supply.extend(ids[1:])
            else:
                supply.extend(ids)
        self.start_deck: tuple[str, ...] = tuple(sorted(deck)) + (NIGHT,)
        self.start_supply: tuple[str, ...] = tuple(sorted(supply))
        self.colour_people: dict[str, tuple[str, ...]] = {}
        for who, person in self.cards.people.items():
            self.colour_people[person.colour] = self.colour_people.get(person.colour, ()) + (who,)
        self.events: dict[int, Event] = self.cards.by_no
        self.event_ids: tuple[int, ...] = tuple(sorted(self.events))
        self.awakens: dict[int, str] = {}
        self.limit_bonus: dict[int, int] = {}
        self.protects: frozenset[int] = frozenset(
            e.no for e in self.events.values() if e.has("protect")
        )
        for e in self.events.values():
            for eff in e.effects:
                if eff.verb == "awaken":
                    self.awakens[e.no] = str(eff.args[0])
                elif eff.verb == "hand_limit":
                    self.limit_bonus[e.no] = self.limit_bonus.get(e.no, 0) + int(eff.args[0] or 0)
        #: card id -> the person a suspect of it counts for (None: an awakened card)
        self.suspect_of: dict[str, str | None] = {
            c: (None if c.endswith(":A") else who) for c, who in self.card_person.items()
        }
        self._costs: dict[tuple[tuple[int, ...], tuple[str, ...]], tuple[int, ...]] = {}
        self._closed: dict[tuple[str, ...], frozenset[str]] = {}  # dead -> closed colours
        #: person -> the events that awaken them
        self.awakened_by: dict[str, frozenset[int]] = {
            who: frozenset(e for e, w in self.awakens.items() if w == who)
            for who in set(self.awakens.values())
        }
        #: card id -> (its action, its action while the person is awake)
        self.card_actions: dict[str, tuple[tuple[Effect, ...], tuple[Effect, ...]]] = {}
        for cid, who in self.card_person.items():
            person = self.cards.people[who]
            awakened = person.awakened_action
            if awakened is None:
                self.card_actions[cid] = (person.action, person.action)
            else:
                self.card_actions[cid] = (
                    awakened if cid.endswith(":A") else person.action,
                    awakened,
                )
        self.related_colour: dict[int, str | None] = {
            e.no: (self.cards.colour_of(e.person) if e.person else None)
            for e in self.events.values()
        }
        #: colour -> its index in COLOURS; person card -> its colour's index
        self.colour_index: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
        self.card_colour_index: dict[str, int] = {
            c: self.colour_index[k] for c, k in self.card_colour.items()
        }
        #: event -> its cost as (colour index, icons) pairs
        self.cost_index: dict[int, tuple[tuple[int, int], ...]] = {
            no: tuple((self.colour_index[c], k) for c, k in e.cost) for no, e in self.events.items()
        }
        #: event -> the person who must be dead before it can be played (or None)
        self.needs_dead: dict[int, str | None] = {no: e.needs_dead for no, e in self.events.items()}
        #: what the steps remember per card (the steps a person's action queues)
        self.memo: dict[Hashable, Any] = {}
        #: event -> its action ids, built once (the legal lists reuse them)
        self.play_id = {no: ("play", no) for no in self.events}
        self.set_id = {no: ("set", no) for no in self.events}
        self.reserve_id = {no: ("reserve", no) for no in self.events}
        self.break_id = {no: ("break", no) for no in self.events}
        self.discard_id = {no: ("discard", no) for no in self.events}
        #: discard id -> the greedy rule's order (:mod:`.policy`: the lowest VP goes first,
        #: then the highest number), so a choice among discards is one look-up per card
        self.discard_rank = {self.discard_id[no]: (e.vp, -no) for no, e in self.events.items()}
        #: event -> (who must be dead, cost by colour index, its play id): the main phase's
        #: one look-up per hand card
        self.play_info: dict[int, tuple[str | None, tuple[tuple[int, int], ...], Any]] = {
            no: (self.needs_dead[no], self.cost_index[no], self.play_id[no]) for no in self.events
        }

    def action_of(self, card: str, awake: bool) -> tuple[Effect, ...]:
        """The action a drawn person card applies (the awakened one when awake).

        >>> from workbench.games.detective.params import DetectiveParams
        >>> s = Catalogue(DetectiveParams())
        >>> [e.verb for e in s.action_of("shizue:1", True)], s.action_of("shizue:1", False)[0].args
        (['draw'], (1,))
        """
        plain, awakened = self.card_actions[card]
        return awakened if awake else plain

    def generation_costs(self, notebook: tuple[int, ...], dead: tuple[str, ...]) -> dict[str, int]:
        """Colour -> :meth:`generation_cost` for the owner of ``notebook`` (every colour).

        >>> from workbench.games.detective.params import DetectiveParams
        >>> s = Catalogue(DetectiveParams())
        >>> s.generation_costs((41,), ())["red"], s.generation_costs((), ("masashi",))["red"] == INF
        (2, True)
        """
        return dict(zip(COLOURS, self.unit_costs(notebook, dead)))

    def unit_costs(self, notebook: tuple[int, ...], dead: tuple[str, ...]) -> tuple[int, ...]:
        """:meth:`generation_costs` as a tuple by colour index (remembered per
        (notebook, dead): the main phase asks for it on every turn).

        >>> from workbench.games.detective.params import DetectiveParams
        >>> Catalogue(DetectiveParams()).unit_costs((41,), ())[COLOURS.index("red")]
        2
        """
        key = (notebook, dead)
        costs = self._costs.get(key)
        if costs is not None:
            return costs
        if len(self._costs) >= 50_000:
            self._costs.clear()
            self._closed.clear()
        disc: dict[str, int] = {}
        for e in notebook:
            colour = self.related_colour[e]
            if colour is not None:
                disc[colour] = disc.get(colour, 0) + self.events[e].discount
        closed = self._closed.get(dead)
        if closed is None:
            closed = self._closed[dead] = frozenset(
                c for c in COLOURS if self.closed_colour(c, dead)
            )
        low, rate = self.params.min_discards, self.params.discard_rate
        costs = self._costs[key] = tuple(
            INF if c in closed else max(low, rate - disc.get(c, 0)) for c in COLOURS
        )
        return costs

    def generation_cost(self, colour: str, discount: int, dead: Sequence[str]) -> int:
        """Hand cards to discard for one icon of ``colour`` (INF when not allowed).

        >>> from workbench.games.detective.params import DetectiveParams
        >>> s = Catalogue(DetectiveParams())
        >>> s.generation_cost("red", 0, []), s.generation_cost("red", 5, []), \
s.generation_cost("black", 0, []) == INF, s.generation_cost("red", 0, ["masashi"]) == INF
        (4, 1, True, True)
        """
        if self.closed_colour(colour, dead):
            return INF
        return max(self.params.min_discards, self.params.discard_rate - discount)

    def closed_colour(self, colour: str, dead: Sequence[str]) -> bool:
        """True when icons of ``colour`` cannot be generated: black, or every person of
        the colour is dead ("not of a dead person").

        >>> from workbench.games.detective.params import DetectiveParams
        >>> s = Catalogue(DetectiveParams())
        >>> s.closed_colour("black", []), s.closed_colour("red", ["masashi"]), s.closed_colour("red", [])
        (True, True, False)
        """
        return colour == BLACK or all(p in dead for p in self.colour_people.get(colour, ()))
