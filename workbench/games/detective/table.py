"""The rules as one mutable table driven by a stack of tasks (shared by both paths).

The immutable :class:`~workbench.games.detective.rules.DetectiveState` is
thawed into a :class:`Table`, changed, settled and frozen again; the fast
random playout drives the same table without freezing, so both paths run the
very same rule code and consume the rng in the same order.

A task is a tuple whose first item names it. Chance tasks: ``inv`` (the
active player's investigation draw), ``open`` (an opening draw without
action), ``edraw`` (a player draws events). Decision tasks: ``main``,
``break2`` (suspect / clear / pass), ``pay`` (discards for generated icons),
``pdiscard`` (an action or effect makes a player discard), ``trim`` (hand
over the limit at turn end), ``burn``. Every other task runs at once.

>>> from workbench.games.detective.setup import Setup
>>> from workbench.games.detective.params import DetectiveParams
>>> t = Table.new(Setup(DetectiveParams(players=3)))
>>> t.node(), t.tasks[-1]
(-1, ('edraw', 0, 5))
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Hashable
from typing import Any

from workbench.engine.protocol import CHANCE, TERMINAL, IllegalAction

from .flow import run_task
from .setup import INF, NIGHT, Setup

CHANCE_TASKS = frozenset({"inv", "open", "edraw"})
DECISION_TASKS = frozenset({"main", "break2", "pay", "pdiscard", "trim", "burn"})
FIELDS = ("pool", "bottom", "line", "outside", "supply", "removed", "hands", "notebooks",
          "reserved", "edeck", "discard", "dead", "round", "start", "active", "tn",
          "suspects", "first_draw", "free_used", "drawer", "tasks", "victims", "over",
          "end_reason", "penalties", "played", "round_turns", "turns", "round_deck",
          "round_persons", "history")


class Table:
    """Mutable game position; see the module docstring."""

    __slots__ = ("setup", "n", *FIELDS)

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

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.n = setup.params.players

    @classmethod
    def new(cls, setup: Setup) -> Table:
        """The table before the deal: every hand is dealt by chance draws."""
        t = cls(setup)
        n = t.n
        t.pool, t.bottom, t.line, t.outside = list(setup.start_deck[:-1]) + [NIGHT], [], [], []
        t.pool.sort()
        t.supply, t.removed = list(setup.start_supply), []
        t.hands, t.notebooks = [[] for _ in range(n)], [[] for _ in range(n)]
        t.reserved, t.penalties = [None] * n, [0] * n
        t.edeck, t.discard, t.dead = list(setup.event_ids), [], []
        t.round, t.start, t.active, t.tn, t.suspects = 1, 0, 0, False, 0
        t.first_draw, t.free_used, t.drawer = True, False, 0
        t.victims, t.over, t.end_reason = [], False, ""
        t.played, t.round_turns, t.turns = [], [], 0
        t.round_deck, t.round_persons, t.history = (), 0, []
        t.tasks = [("roundstart",)]
        for seat in reversed(range(n)):
            t.tasks.append(("edraw", seat, setup.params.hand_limit))
        t.settle()
        return t

    # -- reading ---------------------------------------------------------------
    def node(self) -> int:
        """Seat to move, CHANCE or TERMINAL."""
        if not self.tasks:
            return TERMINAL
        t = self.tasks[-1]
        return CHANCE if t[0] in CHANCE_TASKS else t[1]

    def chance_ids(self) -> list[Hashable]:
        """The equally likely outcomes of the chance task on top (sorted ids)."""
        return list(self.edeck if self.tasks[-1][0] == "edraw" else self.pool)

    def sample(self, rng: random.Random) -> Hashable:
        """One chance outcome: ``ids[rng.randrange(len(ids))]`` (same as ``Dist.sample``)."""
        ids = self.edeck if self.tasks[-1][0] == "edraw" else self.pool
        return ids[rng.randrange(len(ids))]

    def limit(self, seat: int) -> int:
        """The seat's hand limit (base plus ``hand_limit`` events in its notebook)."""
        bonus = self.setup.limit_bonus
        return self.setup.params.hand_limit + sum(bonus.get(e, 0) for e in self.notebooks[seat])

    def vp(self, seat: int) -> int:
        """VP: placed events in the notebook minus reservation penalties."""
        ev = self.setup.events
        return sum(ev[e].vp for e in self.notebooks[seat]) - self.penalties[seat]

    def awake(self, person: str) -> bool:
        """True while an awakening event for ``person`` is in a notebook (or, with
        ``awaken_on_fourth``, while their awakened card is out of the supply)."""
        aw = self.setup.awakens
        for book in self.notebooks:
            for e in book:
                if aw.get(e) == person:
                    return True
        if self.setup.params.awaken_on_fourth:
            card = self.setup.awakened_card.get(person)
            return card is not None and card not in self.supply and card not in self.removed
        return False

    def discards_needed(self, seat: int, no: int, line_colours: dict[str, int] | None = None,
                        gen: dict[str, int] | None = None) -> int:
        """Hand cards ``seat`` must discard to pay event ``no`` now (INF: cannot).

        ``line_colours`` (colour -> cards on the line) and ``gen`` (a cache of
        colour -> discards per icon for this seat) may be passed by callers."""
        s = self.setup
        ev = s.events[no]
        if ev.needs_dead is not None and ev.needs_dead not in self.dead:
            return INF
        if line_colours is None:
            line_colours = self.line_colours()
        units: list[int] = []
        for colour, need in ev.cost:
            short = need - line_colours.get(colour, 0)
            if short > 0:
                cost = gen.get(colour) if gen is not None else None
                if cost is None:
                    disc = sum(s.events[e].discount for e in self.notebooks[seat]
                               if s.related_colour[e] == colour)
                    cost = s.generation_cost(colour, disc, self.dead)
                    if gen is not None:
                        gen[colour] = cost
                units += [cost] * short
        if not units:
            return 0
        if self.tn and NIGHT in self.line:
            units.remove(max(units))
        return min(INF, sum(units))

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
        who_of = self.setup.card_person
        present = {who_of[c] for c in self.supply if not c.endswith(":A")}
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

    # -- decisions --------------------------------------------------------------
    def legal_ids(self) -> list[Hashable]:
        """Legal action ids of the decision task on top, in a fixed order."""
        t = self.tasks[-1]
        tag, seat = t[0], t[1]
        hand = self.hands[seat]
        if tag == "main":
            return self._main_ids(seat, hand)
        if tag == "break2":
            ids: list[Hashable] = [("suspect", who) for who in self.suspectable()]
            seen = set()
            for c in self.line:
                if c != NIGHT and c not in seen:
                    seen.add(c)
                    ids.append(("clear", c))
            ids.append(("pass",))
            return ids
        if tag == "burn":
            return [("burn", s, e) for s, e in self.burn_targets(seat)]
        return [("discard", e) for e in hand]

    def _main_ids(self, seat: int, hand: list[int]) -> list[Hashable]:
        p = self.setup.params
        ids: list[Hashable] = []
        res = self.reserved[seat]
        if res is not None and self.discards_needed(seat, res) == 0:
            ids.append(("set", res))
        h = len(hand) - 1
        lc = self.line_colours()
        need, gen = self.discards_needed, dict[str, int]()
        ids += [("play", e) for e in hand if need(seat, e, lc, gen) <= h]
        if p.reservation and res is None:
            ids += [("reserve", e) for e in hand]
        ids.append(("break",))
        ids += [("break", e) for e in hand]
        return ids

    def act(self, action_id: Hashable) -> None:
        """Apply a decision (legality is the caller's check) and settle."""
        t = self.tasks.pop()
        seat = t[1]
        a: tuple[Any, ...] = action_id  # type: ignore[assignment]
        kind = a[0]
        hand = self.hands[seat]
        push = self.tasks.append
        if kind == "discard":
            hand.remove(a[1])
            self.discard.append(a[1])
            if t[0] in ("pay", "pdiscard") and t[2] > 1:
                push((t[0], seat, t[2] - 1))
            elif t[0] == "trim":
                push(t)
        elif kind == "play":
            no = a[1]
            need = self.discards_needed(seat, no)
            hand.remove(no)
            ev = self.setup.events[no]
            if self.setup.params.oneshot_free and not ev.placed and not self.free_used:
                self.free_used = True
                push(t)
            push(("resolve", seat, no))
            if need:
                push(("pay", seat, need))
        elif kind == "set":
            self.reserved[seat] = None
            push(t)
            push(("resolve", seat, a[1]))
        elif kind == "reserve":
            hand.remove(a[1])
            self.reserved[seat] = a[1]
        elif kind == "break":
            if len(a) > 1:
                hand.remove(a[1])
                self.discard.append(a[1])
            if not self.tn:
                push(("break2", seat))
            push(("refill", seat))
        elif kind == "suspect":
            self.suspects += 1
            self._suspect(a[1])
        elif kind == "clear":
            self.line.remove(a[1])
            bisect.insort(self.outside, a[1])
        elif kind == "burn":
            self.notebooks[a[1]].remove(a[2])
            self.discard.append(a[2])
        elif kind != "pass":
            raise IllegalAction(f"unknown action {action_id!r}")
        self.settle()

    def _suspect(self, who: str) -> None:
        card = self._supply_card(who)
        if card is not None:
            self.supply.remove(card)
            bisect.insort(self.outside, card)

    # -- chance -----------------------------------------------------------------
    def draw(self, outcome: Hashable) -> None:
        """Apply a chance outcome (a card id from :meth:`chance_ids`) and settle."""
        ids: list[Any] = self.edeck if self.tasks[-1][0] == "edraw" else self.pool
        self.draw_at(ids.index(outcome))

    def draw_at(self, index: int) -> None:
        """Apply the chance outcome ``chance_ids()[index]`` and settle (the fast path)."""
        t = self.tasks[-1]
        tag = t[0]
        if tag == "edraw":
            bisect.insort(self.hands[t[1]], self.edeck.pop(index))
            self.tasks[-1] = ("edraw", t[1], t[2] - 1)
        else:
            self._investigate(tag, t, self.pool.pop(index))
        self.settle()

    def _investigate(self, tag: str, t: tuple[Any, ...], card: str) -> None:
        p = self.setup.params
        first, self.first_draw = self.first_draw, False
        if tag == "open":
            if card == NIGHT:
                self.bottom.append(NIGHT)
                if not p.opening_replace:
                    self.tasks[-1] = ("open", t[1] - 1)
                return
            self.line.append(card)
            self.round_persons += 1
            self.tasks[-1] = ("open", t[1] - 1)
            return
        if card == NIGHT and first and p.first_card_rule and (self.pool or self.bottom):
            self.bottom.append(NIGHT)
            self.first_draw = True
            return
        self._place(t[1], card)

    def _place(self, seat: int, card: str) -> None:
        self.tasks.pop()
        self.line.append(card)
        if card == NIGHT:
            self.tn, self.drawer = True, seat
            return
        self.round_persons += 1
        action = self.setup.action_of(card, self.awake(self.setup.card_person[card]))
        for k in reversed(range(self.n)):
            self.tasks.append(("act", (seat + k) % self.n, action))

    # -- automatic tasks -----------------------------------------------------
    def settle(self) -> None:
        """Run automatic tasks until a chance node, a decision or the end."""
        tasks = self.tasks
        base_limit = self.setup.params.hand_limit
        while tasks:
            t = tasks[-1]
            tag = t[0]
            if tag == "edraw":
                if t[2] <= 0:
                    tasks.pop()
                    continue
                if not self.edeck:
                    self.edeck, self.discard = sorted(self.discard), []
                    if not self.edeck:
                        tasks.pop()
                        continue
                return
            if tag == "inv":
                if not self.pool:
                    self._place(t[1], self.bottom.pop(0))
                    continue
                return
            if tag == "open":
                if t[1] <= 0 or not self.pool:
                    tasks.pop()
                    if self.setup.params.opening_tragic == "reshuffle" and NIGHT in self.bottom:
                        self.bottom.remove(NIGHT)
                        bisect.insort(self.pool, NIGHT)
                    continue
                return
            if tag in ("pdiscard", "trim"):
                hand = self.hands[t[1]]
                if not hand or (tag == "trim" and (len(hand) <= base_limit
                                                    or len(hand) <= self.limit(t[1]))):
                    tasks.pop()
                    continue
                return
            if tag == "burn" and not self.burn_targets(t[1]):
                tasks.pop()
                continue
            if tag in DECISION_TASKS:
                return
            tasks.pop()
            run_task(self, t)
