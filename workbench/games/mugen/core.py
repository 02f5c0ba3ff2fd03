"""The rules' working engine: a mutable table both the frozen path and the fast path use.

:class:`Table` thaws a :class:`~workbench.games.mugen.state.MugenState`,
resolves steps in place and freezes back, so ``MugenGame.apply`` (immutable
states) and ``fast_random_playout`` (no freezing between moves) run the very
same rule code. Steps wait on a stack (``queue``, next = last); ``settle``
resolves the deterministic ones until a decision, a chance step or the end.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from workbench.games.mugen.cards import Card, Skill
from workbench.games.mugen.state import MugenState, SetSkill, Side

DECISIONS = frozenset({"main", "revenge_ask", "revenge_use", "push_out", "destroy"})
CHANCE_STEPS = frozenset({"draw", "mill", "discard", "first"})


class Seat:
    """One side, mutable (hand and deck as id -> count)."""

    __slots__ = ("hp", "max_hp", "mp", "spent", "bonus", "deck", "hand", "zone", "dust", "ex", "char")

    def __init__(self, s: Side) -> None:
        self.hp, self.max_hp, self.mp, self.spent, self.bonus = s.hp, s.max_hp, s.mp, s.spent, s.bonus
        self.deck: dict[str, int] = dict(s.deck)
        self.hand: dict[str, int] = {}
        for c in s.hand:
            self.hand[c] = self.hand.get(c, 0) + 1
        self.zone: list[list[Any]] = [[z.card, z.slot, z.counters] for z in s.set_zone]
        self.dust: list[str] = list(s.dust)
        self.ex: set[str] = set(s.ex_used)
        self.char = s.character

    def freeze(self) -> Side:
        hand: list[str] = []
        for c in sorted(self.hand):
            hand.extend([c] * self.hand[c])
        return Side(
            self.hp, self.max_hp, self.mp, self.spent, self.bonus,
            tuple(self.deck.items()),  # thawed from a sorted tuple and only ever shrinks: still sorted
            tuple(hand),
            tuple(SetSkill(c, s, n) for c, s, n in self.zone),
            tuple(self.dust), tuple(sorted(self.ex)), self.char,
        )  # fmt: skip

    def take(self, bag: dict[str, int], card: str) -> None:
        n = bag[card] - 1
        if n:
            bag[card] = n
        else:
            del bag[card]


class Table:
    """A mutable game in progress; ``rules`` is the MugenGame (cards and params)."""

    __slots__ = ("rules", "seats", "active", "turn", "stack", "owed", "result", "first")

    def __init__(self, rules: Any, state: MugenState) -> None:
        self.rules = rules
        self.seats = [Seat(state.sides[0]), Seat(state.sides[1])]
        self.active, self.turn, self.first = state.active, state.turn, state.first
        self.stack: list[tuple[Any, ...]] = list(state.queue)
        self.owed = list(state.owed)
        self.result = state.result

    def freeze(self) -> MugenState:
        return MugenState(
            (self.seats[0].freeze(), self.seats[1].freeze()), self.active, self.turn,
            tuple(self.stack), (self.owed[0], self.owed[1]), self.result, self.first,
        )  # fmt: skip

    # -- looking ------------------------------------------------------------
    def skill(self, card: str, slot: int) -> Skill:
        return self.rules.cards[card].skills[slot]

    def card(self, card: str) -> Card:
        return self.rules.cards[card]

    def atk(self, p: int) -> int:
        seat = self.seats[p]
        return self.rules.trait_atk[p] + sum(self.skill(c, s).atk for c, s, _ in seat.zone)

    def defence(self, p: int) -> int:
        seat = self.seats[p]
        return self.rules.trait_def[p] + sum(self.skill(c, s).defence for c, s, _ in seat.zone)

    def top(self) -> tuple[Any, ...] | None:
        return self.stack[-1] if self.stack and self.result is None else None

    def chance_weights(self) -> dict[Hashable, int]:
        """Outcome -> integer weight at a chance step."""
        step = self.stack[-1]
        if step[0] == "first":
            return {0: 1, 1: 1}
        if step[0] in ("draw", "mill"):
            return dict(self.seats[step[1]].deck)
        return dict(self.seats[step[1]].hand)

    # -- resolving ----------------------------------------------------------
    def settle(self) -> None:
        """Resolve deterministic steps until a decision, a chance step or the end."""
        stack = self.stack
        while stack and self.result is None:
            step = stack[-1]
            kind = step[0]
            if kind in DECISIONS:
                if self._decision_open(step):
                    return
                stack.pop()
            elif kind in CHANCE_STEPS:
                if kind == "first":
                    return
                seat = self.seats[step[1]]
                if (seat.hand if kind == "discard" else seat.deck):
                    return
                stack.pop()  # nothing to draw, mill or discard: the step does nothing
            else:
                stack.pop()
                getattr(self, "_" + kind)(*step[1:])
        if self.result is not None:
            stack.clear()

    def _decision_open(self, step: tuple[Any, ...]) -> bool:
        kind, p = step[0], step[1]
        if kind == "push_out":
            seat = self.seats[p]
            if len(seat.zone) <= self.rules.params.set_limit:
                return False
            if self.rules.params.overflow == "choose":
                return True
            seat.dust.append(seat.zone.pop(0)[0])  # overflow="oldest": no choice to make
            return False
        if kind == "destroy":
            return any(self.skill(c, s).kind != "super_set" for c, s, _ in self.seats[1 - p].zone)
        return True

    def push(self, *steps: tuple[Any, ...]) -> None:
        """Schedule steps so that the first given resolves first."""
        self.stack.extend(reversed(steps))

    def _turn_start(self, p: int) -> None:
        seat = self.seats[p]
        seat.spent = seat.bonus = 0
        self.push(
            ("trig", p, "start"), ("trig", 1 - p, "opp_start"), ("mp_up", p), ("tick", p),
            ("draw", p, "turn"), ("main", p),
        )  # fmt: skip

    def _turn_end(self, p: int) -> None:
        self.push(("trig", p, "end"), ("trig", 1 - p, "opp_end"), ("deckout",), ("next", p))

    def _trig(self, p: int, timing: str) -> None:
        steps: list[tuple[Any, ...]] = []
        trait = self.rules.trait_timed[p].get(timing, ())
        sources = [trait] if trait else []
        sources += [self.skill(c, s).triggered(timing) for c, s, _ in self.seats[p].zone]
        for effects in sources:
            if effects:
                steps += [("fx", p, e.verb, e.amount) for e in effects]
                steps.append(("end_skill", p))
        self.push(*steps)

    def _mp_up(self, p: int) -> None:
        seat = self.seats[p]
        if seat.mp < self.rules.params.max_mp:
            seat.mp += 1

    def _tick(self, p: int) -> None:
        seat = self.seats[p]
        for entry in seat.zone:
            entry[2] -= 1
        for entry in [e for e in seat.zone if e[2] <= 0]:
            seat.zone.remove(entry)
            seat.dust.append(entry[0])

    def _deckout(self) -> None:
        empty = [not self.seats[q].deck for q in (0, 1)]
        if any(empty):
            self.result = tuple(q for q in (0, 1) if not empty[q])

    def _next(self, p: int) -> None:
        self.active, self.turn = 1 - p, self.turn + 1
        self.push(("turn_start", 1 - p))

    def _end_skill(self, p: int) -> None:
        o = 1 - p
        if self.owed[o]:
            self.owed[o] = False
            params = self.rules.params
            if params.revenge and self.seats[o].deck and (o != self.active or params.revenge_turn == "any"):
                self.push(("revenge_ask", o))

    def _fx(self, p: int, verb: str, n: int) -> None:
        seat, o = self.seats[p], 1 - p
        if verb in ("damage", "pierce"):
            dealt = n + self.atk(p) - (self.defence(o) if verb == "damage" else 0)
            if dealt > 0:
                foe = self.seats[o]
                foe.hp = max(0, foe.hp - dealt)
                if foe.hp == 0:
                    self.result = (p,)
                self.owed[o] = True
        elif verb == "heal":
            seat.hp = min(seat.max_hp, seat.hp + n)
        elif verb == "mp":
            seat.bonus += n
        elif verb == "ramp":
            seat.mp = min(self.rules.params.max_mp, seat.mp + n)
        elif verb == "draw":
            self.push(*[("draw", p, "effect")] * n)
        elif verb == "destroy_set":
            self.push(*[("destroy", p)] * n)
        elif verb in ("mill", "discard"):
            self.push(*[(verb, o)] * n)
        else:  # pragma: no cover - the sheet loader refuses other verbs
            raise ValueError(f"unknown effect verb {verb!r}")

    # -- outcomes and decisions -----------------------------------------------
    def resolve_chance(self, outcome: Hashable) -> None:
        """Apply the chance outcome (a card id, or the first seat) and settle."""
        step = self.stack.pop()
        kind = step[0]
        if kind == "first":
            self.first = self.active = int(outcome)  # type: ignore[call-overload]
            self.push(*self.rules.opening(self.active))
        else:
            card = str(outcome)
            seat = self.seats[step[1]]
            if kind == "discard":
                seat.take(seat.hand, card)
                seat.dust.append(card)
            else:
                seat.take(seat.deck, card)
                if kind == "mill":
                    seat.dust.append(card)
                else:
                    seat.hand[card] = seat.hand.get(card, 0) + 1
                    if step[2] == "revenge" and self.card(card).revenge is not None:
                        self.push(("revenge_use", step[1], card))
        self.settle()

    def use(self, p: int, card: str, slot: int) -> None:
        """Activate one skill of a card in hand (the caller checked it is legal)."""
        seat = self.seats[p]
        skill = self.skill(card, slot)
        seat.spent += skill.cost
        seat.take(seat.hand, card)
        if skill.kind == "ex":
            seat.ex.add(card if self.rules.params.ex_scope == "name" else "*")
        steps: list[tuple[Any, ...]] = []
        if skill.is_set:
            seat.zone.append([card, slot, skill.turns])
            steps.append(("push_out", p))
        else:
            seat.dust.append(card)
        steps += [("fx", p, e.verb, e.amount) for e in skill.now]
        steps.append(("end_skill", p))
        self.push(*steps)

    def revenge(self, p: int, card: str) -> None:
        """Use a drawn card's 【リベンジ時】 effect free: the card goes to the dust zone."""
        seat = self.seats[p]
        seat.take(seat.hand, card)
        seat.dust.append(card)
        skill = self.card(card).revenge
        assert skill is not None
        self.push(*[("fx", p, e.verb, e.amount) for e in skill.effects], ("end_skill", p))

    def usable(self, p: int) -> list[tuple[str, int]]:
        """(card, slot) pairs the active player may activate now, in a stable order."""
        seat = self.seats[p]
        left = seat.mp + seat.bonus - seat.spent
        ex_done = seat.ex
        out = []
        for card in sorted(seat.hand):
            for slot, skill in enumerate(self.rules.cards[card].skills):
                if skill.kind == "revenge" or skill.cost > left:
                    continue
                if skill.kind == "ex" and ("*" in ex_done or card in ex_done):
                    continue
                out.append((card, slot))
        return out
