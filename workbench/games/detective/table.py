"""The rules as one mutable table driven by a stack of tasks (shared by both paths).

The immutable :class:`~workbench.games.detective.rules.DetectiveState` is
thawed into a :class:`Table`, changed, settled and frozen again; the fast
random playout (:mod:`.fast`) drives the same table without freezing and
inlines only the hot uniform choices, consuming the rng in the same order.
The read-only half (limits, costs, legal ids) is :mod:`.reading`.

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
from .reading import TableReading
from .setup import NIGHT, Effect, Setup

CHANCE_TASKS = frozenset({"inv", "open", "edraw"})
DECISION_TASKS = frozenset({"main", "break2", "pay", "pdiscard", "trim", "burn"})
FIELDS = ("pool", "bottom", "line", "outside", "supply", "removed", "hands", "notebooks",
          "reserved", "edeck", "discard", "dead", "round", "start", "active", "tn",
          "suspects", "first_draw", "free_used", "drawer", "tasks", "victims", "over",
          "end_reason", "penalties", "played", "round_turns", "turns", "round_deck",
          "round_persons", "history")


class Table(TableReading):
    """Mutable game position; see the module docstring."""

    __slots__ = ("setup", "n", *FIELDS)

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

    # -- decisions --------------------------------------------------------------
    def act(self, action_id: Hashable) -> None:
        """Apply a decision (legality is the caller's check) and settle."""
        self.do(action_id)
        self.settle()

    def do(self, action_id: Hashable) -> None:
        """Apply a decision to the task on top without settling (commonest kinds first)."""
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
        elif kind == "break":
            if len(a) > 1:
                hand.remove(a[1])
                self.discard.append(a[1])
            if not self.tn:
                push(("break2", seat))
            push(("refill", seat))
        elif kind == "clear":
            self.line.remove(a[1])
            bisect.insort(self.outside, a[1])
        elif kind == "suspect":
            self.suspects += 1
            self._suspect(a[1])
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
        elif kind == "burn":
            self.notebooks[a[1]].remove(a[2])
            self.discard.append(a[2])
        elif kind != "pass":
            raise IllegalAction(f"unknown action {action_id!r}")

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
            self.investigate(t, self.pool.pop(index))
        self.settle()

    def investigate(self, t: tuple[Any, ...], card: str,
                    push_acts: bool = True) -> tuple[Effect, ...] | None:
        """The investigation card ``card`` drawn for the chance task ``t`` (not settled);
        returns the person's action when one is due (see :meth:`place`)."""
        p = self.setup.params
        tag = t[0]
        first, self.first_draw = self.first_draw, False
        if tag == "open":
            if card == NIGHT:
                self.bottom.append(NIGHT)
                if not p.opening_replace:
                    self.tasks[-1] = ("open", t[1] - 1)
                return None
            self.line.append(card)
            self.round_persons += 1
            self.tasks[-1] = ("open", t[1] - 1)
            return None
        if card == NIGHT and first and p.first_card_rule and (self.pool or self.bottom):
            self.bottom.append(NIGHT)
            self.first_draw = True
            return None
        return self.place(t[1], card, push_acts)

    def place(self, seat: int, card: str, push_acts: bool = True) -> tuple[Effect, ...] | None:
        """``card`` goes to the line for ``seat``: the night, or a person whose action
        every player takes from ``seat`` clockwise (returned; pushed as one ``act`` task
        per player unless ``push_acts`` is false, when the caller runs them)."""
        self.tasks.pop()
        self.line.append(card)
        if card == NIGHT:
            self.tn, self.drawer = True, seat
            return None
        self.round_persons += 1
        plain, awakened = self.setup.card_actions[card]      # = setup.action_of(card, awake)
        action = awakened if plain is not awakened and self.awake(self.setup.card_person[card]) \
            else plain
        if push_acts:
            n = self.n
            self.tasks += [("act", (seat + k) % n, action) for k in reversed(range(n))]
        return action

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
                    self.edeck.extend(sorted(self.discard))   # in place: the fast
                    self.discard.clear()                      # path holds both lists
                    if not self.edeck:
                        tasks.pop()
                        continue
                return
            if tag == "inv":
                if not self.pool:
                    self.place(t[1], self.bottom.pop(0))
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
