"""The rules engine of Life on a mutable table (private; ``rules.py`` wraps it immutably).

One implementation serves both paths: ``LifeGame.apply`` thaws a frozen state
into a :class:`Table`, steps it and freezes it again, while the fast random
playout steps one table in place. The game's flow is a *task stack*: each
task is a tuple ``(kind, ...)``; automatic tasks run at once, a chance task or
a decision task stops the table until an outcome or an action is applied.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from workbench.games.life import dice as D
from workbench.games.life.effects import Catalogue, skill_tasks
from workbench.games.life.flow import CHARACTER, CI, COLOURS, SIZE, SQUARES, Flow
from workbench.games.life.params import LifeParams

CHANCE_KINDS = frozenset({"deal", "reveal", "draw", "timed", "roll", "reroll", "tie"})
DECISION_KINDS = frozenset({"place", "take", "pawn", "tip", "pass", "dream", "char", "orient",
                            "turnany", "move", "which"})
NEIGHBOURS: tuple[tuple[tuple[int, str], ...], ...] = tuple(
    tuple((r2 * SIZE + c2, d) for d, (dr, dc) in D.STEPS.items()
          for r2, c2 in [(sq // SIZE + dr, sq % SIZE + dc)]
          if 0 <= r2 < SIZE and 0 <= c2 < SIZE)
    for sq in range(SQUARES))
#: STEP_DIR[src][dst]: index in dice.DIRECTIONS of a one-square move (-1 if none).
STEP_DIR: tuple[tuple[int, ...], ...] = tuple(
    tuple(next((D.DIRECTIONS.index(d) for n, d in NEIGHBOURS[src] if n == dst), -1)
          for dst in range(SQUARES)) for src in range(SQUARES))
TIP_IDS: tuple[tuple[str, ...], ...] = tuple(("tip", c, d) for c in COLOURS for d in D.DIRECTIONS)

# Fields copied between the frozen state and the table: (name, depth of nesting).
FIELDS: tuple[tuple[str, int], ...] = (
    ("stack", 0), ("stage", -1), ("round", -1), ("decks", 1), ("events", 1),
    ("dream_deck", 0), ("common", 0), ("albums", 1), ("dice_sq", 1), ("dice_o", 1),
    ("power", 0), ("mid_vp", 0), ("bonus_vp", 0), ("hands", 1), ("skills", 1),
    ("passes", 0), ("order", 0), ("start", -1), ("discard", 0), ("removed", 0),
    ("stats", 0), ("picks", 1))


def square_name(sq: int) -> str:
    """Album square name: column letter a..d, row number 1..4 (row 1 is north).

    >>> square_name(0), square_name(15)
    ('a1', 'd4')
    """
    return f"{'abcd'[sq % SIZE]}{sq // SIZE + 1}"


class Table(Flow):
    """The mutable working copy of a Life state (see the module docstring)."""

    __slots__ = tuple(name for name, _ in FIELDS) + ("p", "cat")

    def __init__(self, p: LifeParams, cat: Catalogue) -> None:
        self.p = p
        self.cat = cat

    # -- set-up ---------------------------------------------------------------
    @classmethod
    def new(cls, p: LifeParams, cat: Catalogue) -> Table:
        """The table before the first chance node (the dream deal)."""
        t = cls(p, cat)
        n = p.players
        t.stage = t.round = t.start = 0
        t.decks = [sorted(cat.stage_cards(s, events=not p.timed_events))
                   for s in range(1, p.stages + 1)]
        t.events = [sorted(cat.stage_events(s)) if p.timed_events else []
                    for s in range(1, p.stages + 1)]
        t.dream_deck = sorted(cat.dreams)
        t.common, t.discard, t.removed = [], [], []
        t.albums = [[None] * SQUARES for _ in range(n)]
        t.dice_sq = [[0] * 4 for _ in range(n)]
        t.dice_o = [[0] * 4 for _ in range(n)]
        t.power, t.mid_vp, t.bonus_vp = [0] * n, [0] * n, [0] * n
        t.hands = [[] for _ in range(n)]
        t.skills = [[] for _ in range(n)]
        t.passes = [None] * n
        t.order = [-1] * 4
        t.stats = [0] * (4 * p.stages)
        t.picks = [[] for _ in range(n)]
        tasks: list[tuple[Any, ...]] = [("deal", s) for _ in range(p.dream_deal) for s in range(n)]
        tasks += [("pass", s) for s in range(n)] + [("passdone",)]
        if p.dream_skills == 3:
            tasks += [("dream", s) for s in range(n)]
        for s in range(n):
            tasks.append(("char", s))
            for c in range(4):
                tasks.append(("roll", s, c))
                if p.free_orientation:
                    tasks.append(("orient", s, c))
        tasks += [("startp",), ("round",)]
        t.stack = tasks[::-1]
        t.advance()
        return t

    def freeze(self) -> tuple[Any, ...]:
        """The table's contents as nested tuples (in FIELDS order)."""
        out: list[Any] = []
        for name, depth in FIELDS:
            v = getattr(self, name)
            out.append(v if depth < 0 else tuple(v) if depth == 0 else tuple(map(tuple, v)))
        return tuple(out)

    @classmethod
    def thaw(cls, p: LifeParams, cat: Catalogue, values: tuple[Any, ...]) -> Table:
        """A mutable copy of frozen contents."""
        t = cls(p, cat)
        for (name, depth), v in zip(FIELDS, values):
            setattr(t, name, v if depth < 0 else list(v) if depth == 0 else [list(x) for x in v])
        return t

    @classmethod
    def view(cls, p: LifeParams, cat: Catalogue, values: tuple[Any, ...]) -> Table:
        """A read-only table over frozen contents (no copies: never ``step`` it)."""
        t = cls(p, cat)
        for (name, _), v in zip(FIELDS, values):
            setattr(t, name, v)
        return t

    # -- who is to move -------------------------------------------------------
    def to_move(self) -> int:
        """Seat to move, -1 for chance, -4 when the game is over."""
        if not self.stack:
            return -4
        top = self.stack[-1]
        return -1 if top[0] in CHANCE_KINDS else top[1]

    def chance_list(self) -> list[Hashable]:
        """The equally likely outcomes of the chance task on top (sorted)."""
        kind = self.stack[-1][0]
        if kind == "deal":
            return list(self.dream_deck)
        if kind in ("reveal", "draw"):
            return list(self.decks[self.stage])
        if kind == "timed":
            return list(self.events[self.stage])
        if kind == "roll":
            return [1, 2, 3, 4, 5, 6]
        if kind == "reroll":
            return list(range(24))
        return list(self.stack[-1][1])  # tie: the tied seats

    def legal_ids(self) -> list[Hashable]:
        """The action ids of the decision on top, in a fixed order."""
        top = self.stack[-1]
        kind, seat = top[0], top[1]
        if kind == "place":
            return [("place", sq) for sq in top[3]]  # computed when the task was pushed
        if kind == "take":
            return [("take", c) for c in sorted(set(self.common))]
        if kind == "pawn":
            return [("pawn", k + 1) for k in range(4) if self.order[k] < 0]
        if kind == "tip":
            if top[2] == "bonus" and self.p.bonus_move == "roll":
                album = self.albums[seat]
                return [("skip",)] + [("tip", c, d) for c, where in zip(COLOURS, self.dice_sq[seat])
                                      for n, d in NEIGHBOURS[where] if album[n] is not None]
            return [("skip",), *TIP_IDS]
        if kind in ("pass", "dream"):
            return [(kind, d) for d in sorted(self.hands[seat])]
        if kind == "char":
            return [("char", sq) for sq in range(SQUARES)]
        if kind == "orient":
            return [("orient", o) for o in D.WITH_TOP[D.TOP[self.dice_o[seat][top[2]]]]]
        if kind == "turnany":
            return [("orient", o) for o in range(24)]
        if kind == "move":
            return [("move", sq) for sq in range(SQUARES) if self.albums[seat][sq] is not None]
        if kind == "which":
            return [("die", c) for c in COLOURS]
        raise AssertionError(f"no decision on top: {top}")  # pragma: no cover

    def legal_squares(self, seat: int, card: str) -> list[int]:
        """Where a regular card may go: free neighbours of its colour's die, else
        neighbours holding a card without a die (replaced), else nowhere.

        Sorted square numbers.
        """
        album = self.albums[seat]
        where = self.dice_sq[seat][self.cat.colour[card]]
        near = NEIGHBOURS[where]
        free = [sq for sq, _ in near if album[sq] is None]
        if free:
            return sorted(free)
        busy = set(self.dice_sq[seat])
        return sorted(sq for sq, _ in near if album[sq] != CHARACTER and sq not in busy)

    # -- applying -------------------------------------------------------------
    def step(self, action: Hashable) -> None:
        """Apply a chance outcome or an action id (validated by the caller)."""
        top = self.stack.pop()
        kind = top[0]
        if kind in CHANCE_KINDS:
            self._chance(top, action)
        else:
            self._decide(top, action)
        self.advance()

    def _chance(self, top: tuple[Any, ...], outcome: Any) -> None:
        kind = top[0]
        if kind == "deal":
            self.dream_deck.remove(outcome)
            self.hands[top[1]].append(outcome)
        elif kind in ("reveal", "draw", "timed"):
            (self.events if kind == "timed" else self.decks)[self.stage].remove(outcome)
            if kind == "reveal":
                self.common.append(outcome)
            else:
                seat = self.start if kind == "timed" else top[1]
                self.stack.append(("resolve", seat, outcome))
        elif kind == "roll":
            self.dice_o[top[1]][top[2]] = D.WITH_TOP[outcome][0]
        elif kind == "reroll":
            self.dice_o[top[1]][top[2]] = outcome
        else:  # tie
            self.start = outcome

    def _decide(self, top: tuple[Any, ...], a: Any) -> None:
        seat = top[1]
        verb = a[0]
        if verb == "place":
            self._place(seat, top[2], a[1])
        elif verb == "take":
            self.common.remove(a[1])
            self.stack.append(("resolve", seat, a[1]))
        elif verb == "pawn":
            self.order[a[1] - 1] = seat
            self.picks[seat].append(a[1])
        elif verb == "tip":
            c = CI[a[1]]
            self.dice_o[seat][c] = D.roll(self.dice_o[seat][c], a[2])
            if top[2] == "bonus" and self.p.bonus_move == "roll":
                dr, dc = D.STEPS[a[2]]
                self.dice_sq[seat][c] += dr * SIZE + dc
        elif verb == "pass":
            self.passes[seat] = a[1]
        elif verb == "dream":
            self.hands[seat].remove(a[1])
            self.skills[seat].append(a[1])
        elif verb == "char":
            self.albums[seat][a[1]] = CHARACTER
            self.dice_sq[seat] = [a[1]] * 4
        elif verb == "orient":
            self.dice_o[seat][top[2]] = a[1]
        elif verb == "move":
            self.dice_sq[seat][top[2]] = a[1]
        elif verb == "die":
            c = CI[a[1]]
            self.stack += [("turnany", seat, c), ("move", seat, c)]

    def _place(self, seat: int, card: str, sq: int) -> None:
        cat, album = self.cat, self.albums[seat]
        c = cat.colour[card]
        base = 4 * self.stage
        self.stats[base] += 1
        old = album[sq]
        if old is not None:
            self.stats[base + 1] += 1
            self.discard.append(old)
            self.bonus_vp[seat] += cat.skill_sum(self.skills[seat], "discard_vp")
        album[sq] = card
        src = self.dice_sq[seat][c]
        self.dice_o[seat][c] = D.ROLL_TABLE[self.dice_o[seat][c]][STEP_DIR[src][sq]]
        self.dice_sq[seat][c] = sq
        if self.skills[seat]:
            self.power[seat] += cat.place_power(self.skills[seat], c)
        if old is not None and self.p.album_skills:
            self.stack += skill_tasks(cat, seat, old)[::-1]

    # -- automatic tasks --------------------------------------------------------
    def advance(self) -> None:
        """Run automatic tasks until a chance node, a decision or the end."""
        stack = self.stack
        while stack:
            top = stack[-1]
            kind = top[0]
            if kind in CHANCE_KINDS:
                if kind in ("reveal", "draw") and not self.decks[self.stage] or (
                        kind == "timed" and not self.events[self.stage]):
                    stack.pop()
                    continue
                return
            if kind in DECISION_KINDS:
                if kind == "take" and not self.common or kind in ("pass", "dream") and not \
                        self.hands[top[1]]:
                    stack.pop()
                    continue
                return
            stack.pop()
            _AUTO[kind](self, top)

_AUTO = {name[len("_auto_"):]: getattr(Table, name) for name in dir(Table)
         if name.startswith("_auto_")}
