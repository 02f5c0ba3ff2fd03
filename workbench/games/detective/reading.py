"""Reading a rules table: limits, VP, costs, and the legal decisions (no changes).

:class:`TableReading` is the read-only half of
:class:`~workbench.games.detective.table.Table` (its base class); the
fields are the table's.

>>> from workbench.games.detective.setup import Setup
>>> from workbench.games.detective.params import DetectiveParams
>>> from workbench.games.detective.table import Table
>>> t = Table.new(Setup(DetectiveParams(players=3)))
>>> t.limit(0), t.vp(0), t.line_colours(), t.clearable()
(5, 0, {}, [])
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .setup import INF, NIGHT, Setup


def icon_discards(cost: tuple[tuple[str, int], ...], line_colours: dict[str, int],
                  gen: dict[str, int], night: bool) -> int:
    """Discards that generate the icons of ``cost`` the line lacks (``gen``: colour ->
    discards per icon); the tragic ``night`` on the line pays the dearest one
    (inlined in :meth:`TableReading.main_head`: keep the two alike).

    >>> icon_discards((("red", 2), ("black", 1)), {"red": 1}, {"red": 3, "black": INF}, True)
    3
    >>> icon_discards((("red", 2),), {"red": 2}, {"red": 3}, False)
    0
    """
    total = dearest = 0
    for colour, need in cost:
        short = need - line_colours.get(colour, 0)
        if short > 0:
            unit = gen[colour]
            total += unit * short
            if unit > dearest:
                dearest = unit
    if night:
        total -= dearest
    return min(INF, total)


class TableReading:
    """The read-only methods of a table (see the module docstring)."""

    __slots__ = ()

    setup: Setup
    n: int
    pool: list[str]
    bottom: list[str]
    line: list[str]
    outside: list[str]
    supply: list[str]
    removed: list[str]
    hands: list[list[int]]
    notebooks: list[list[int]]
    reserved: list[int | None]
    edeck: list[int]
    discard: list[int]
    dead: list[str]
    tasks: list[tuple[Any, ...]]
    victims: list[str | None]
    penalties: list[int]
    played: list[int]
    round_turns: list[int]
    round: int
    start: int
    active: int
    tn: bool
    suspects: int
    first_draw: bool
    free_used: bool
    drawer: int
    over: bool
    end_reason: str
    turns: int
    round_deck: tuple[tuple[str, int], ...]
    round_persons: int
    history: list[tuple[Any, ...]]

    def limit(self, seat: int) -> int:
        """The seat's hand limit (base plus ``hand_limit`` events in its notebook)."""
        bonus = self.setup.limit_bonus
        limit = self.setup.params.hand_limit
        for e in self.notebooks[seat]:
            if e in bonus:
                limit += bonus[e]
        return limit

    def vp(self, seat: int) -> int:
        """VP: placed events in the notebook minus reservation penalties."""
        ev = self.setup.events
        return sum(ev[e].vp for e in self.notebooks[seat]) - self.penalties[seat]

    def awake(self, person: str) -> bool:
        """True while an awakening event for ``person`` is in a notebook (or, with
        ``awaken_on_fourth``, while their awakened card is out of the supply)."""
        events = self.setup.awakened_by.get(person)
        if events:
            for book in self.notebooks:
                if not events.isdisjoint(book):
                    return True
        if self.setup.params.awaken_on_fourth:
            card = self.setup.awakened_card.get(person)
            return card is not None and card not in self.supply and card not in self.removed
        return False

    def generation_costs(self, seat: int) -> dict[str, int]:
        """Colour -> hand cards ``seat`` discards per generated icon now (INF: not allowed)."""
        return self.setup.generation_costs(tuple(self.notebooks[seat]), tuple(self.dead))

    def discards_needed(self, seat: int, no: int, line_colours: dict[str, int] | None = None,
                        gen: dict[str, int] | None = None) -> int:
        """Hand cards ``seat`` must discard to pay event ``no`` now (INF: cannot).

        ``line_colours`` (colour -> cards on the line) and ``gen`` (the seat's
        :meth:`generation_costs`) may be passed by callers."""
        ev = self.setup.events[no]
        if ev.needs_dead is not None and ev.needs_dead not in self.dead:
            return INF
        if line_colours is None:
            line_colours = self.line_colours()
        if gen is None:
            gen = self.generation_costs(seat)
        return icon_discards(ev.cost, line_colours, gen, self.tn and NIGHT in self.line)

    def line_colours(self) -> dict[str, int]:
        """Colour -> person cards of that colour on the line."""
        colours = self.setup.card_colour
        out: dict[str, int] = {}
        for c in self.line:
            if c != NIGHT:
                k = colours[c]
                out[k] = out.get(k, 0) + 1
        return out

    def payable(self, seat: int, no: int, hand_size: int) -> bool:
        """True when the other ``hand_size - 1`` cards cover the discards."""
        return self.discards_needed(seat, no) <= hand_size - 1

    def suspectable(self) -> list[str]:
        """People one of whose supply cards may be suspected now (sheet order)."""
        p = self.setup.params
        if p.suspects_per_round is not None and self.suspects >= p.suspects_per_round:
            return []
        if p.awaken_on_fourth:
            return [who for who in self.setup.persons if self._supply_card(who) is not None]
        present = set(map(self.setup.suspect_of.__getitem__, self.supply))
        return [who for who in self.setup.persons if who in present]

    def _supply_card(self, who: str) -> str | None:
        """The card a suspect of ``who`` moves: a normal card first, the awakened one
        last (and only with ``awaken_on_fourth``)."""
        supply = self.supply
        for cid in self.setup.person_cards[who]:
            if cid in supply and not cid.endswith(":A"):
                return cid
        card = self.setup.awakened_card.get(who)
        if self.setup.params.awaken_on_fourth and card is not None and card in supply:
            return card
        return None

    def burn_targets(self, seat: int) -> list[tuple[int, int]]:
        """(seat, event) pairs another notebook offers to a burn (protected books excluded)."""
        prot = self.setup.protects
        out = []
        for k in range(1, self.n):
            other = (seat + k) % self.n
            book = self.notebooks[other]
            if any(e in prot for e in book):
                continue
            out += [(other, e) for e in book]
        return out

    # -- decisions ------------------------------------------------------------
    def legal_ids(self) -> list[Hashable]:
        """Legal action ids of the decision task on top, in a fixed order."""
        t = self.tasks[-1]
        tag, seat = t[0], t[1]
        hand = self.hands[seat]
        if tag == "main":
            ids = self.main_head(seat, hand)
            if self.setup.params.reservation and self.reserved[seat] is None:
                ids += [("reserve", e) for e in hand]
            ids.append(("break",))
            ids += [("break", e) for e in hand]
            return ids
        if tag == "break2":
            ids = [("suspect", who) for who in self.suspectable()]
            ids += [("clear", c) for c in self.clearable()]
            ids.append(("pass",))
            return ids
        if tag == "burn":
            return [("burn", s, e) for s, e in self.burn_targets(seat)]
        return [("discard", e) for e in hand]

    def main_head(self, seat: int, hand: list[int]) -> list[Hashable]:
        """The main phase's first ids: ``("set", r)`` when the reservation is free now,
        then ``("play", e)`` for every payable hand card (the rest are reserves and breaks)."""
        ids: list[Hashable] = []
        res = self.reserved[seat]
        if res is not None and self.discards_needed(seat, res) == 0:
            ids.append(("set", res))
        h = len(hand) - 1
        lc, gen = self.line_colours(), self.generation_costs(seat)
        night, dead, events = self.tn and NIGHT in self.line, self.dead, self.setup.events
        # discards_needed(seat, e) <= h for each hand card, with icon_discards inlined: a
        # call per card made the fast playout 4-7 % slower; tests/detective/test_fast.py
        # checks the two agree on every main phase of many games
        for e in hand:
            ev = events[e]
            if ev.needs_dead is not None and ev.needs_dead not in dead:
                continue
            total = dearest = 0
            for colour, need in ev.cost:
                short = need - lc.get(colour, 0)
                if short > 0:
                    unit = gen[colour]
                    total += unit * short
                    if unit > dearest:
                        dearest = unit
            if (total - dearest if night else total) <= h:
                ids.append(("play", e))
        return ids

    def clearable(self) -> list[str]:
        """Line cards a break may clear (the tragic night stays), each once, line order."""
        out: list[str] = []
        for c in self.line:
            if c != NIGHT and c not in out:
                out.append(c)
        return out
