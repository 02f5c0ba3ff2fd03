"""The engine kernel: a game states its fields and writes its steps; the kernel runs them.

Every game of the workbench is a small declaration on this module
(the guide, with a complete toy game, is ``docs/kernel.md``):

- **Fields, once.** A :class:`Table` subclass lists its fields as class
  attributes made with :func:`value` (an immutable value), :func:`items` (a
  list) or :func:`rows` (a list of lists), each with who may see it
  (``seen=PUBLIC``, ``OWN`` — row or item ``i`` belongs to seat ``i`` — or
  ``HIDDEN``). From that one declaration the kernel derives the frozen
  :class:`Snapshot` (a tuple with named fields: hashable, comparable,
  picklable), thawing, cloning, read-only views and per-seat observations.
- **Steps.** The rules are steps on the table's ``tasks`` stack, each a typed
  ``NamedTuple`` class marked :func:`auto` (runs at once: ``run(t)``),
  :func:`chance` (``outcomes(t)``: equally likely outcomes, repeats add
  weight; or ``dist(t) -> Dist`` for weighted ones; then ``resolve(t, o)``)
  or :func:`decision` (a ``seat`` field, ``legal(t)`` action ids,
  ``resolve(t, a)``). A step may define ``lapses(t) -> bool`` (dropped
  unrun, e.g. a draw from an empty deck) and ``label(t, a) -> str``.
- **The kernel owns the loop**: :meth:`Table.settle` runs automatic steps
  until a chance step, a decision or the end (an empty stack);
  :meth:`Table.step` applies an outcome or action in place,
  :meth:`Table.play_out` plays a table to its end in place (playouts,
  rollouts: the one loop of in-place play) and
  :class:`~workbench.engine.kernel.kernel_game.KernelGame` wraps the same code immutably
  for sessions, undo, replays and boards (thaw, step, freeze). It lives in
  :mod:`workbench.engine.kernel.kernel_game`, above this module (it names
  :class:`Table`); import both from the package ``workbench.engine.kernel``.

Chance is sampled in one way everywhere (:meth:`Table.sample`): uniform
steps draw ``rng.choice(outcomes)`` (the same draw as
``outcomes[rng.randrange(len(outcomes))]``), weighted ones
``Dist.sample(rng)``; so the in-place path and the immutable path consume
one seeded rng identically and give the same game.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> g = make_game()
>>> s = g.initial_state()
>>> g.current_player(s), g.chance_outcomes(s).pmf()[3]
(-1, 1/5)
>>> for card in (5, 1, 2, 2):
...     s = g.apply(s, card)
>>> g.current_player(s), g.legal_ids(s), g.legal_actions(s)[0].label
(0, [2, 5], 'seat 1 plays 2')
>>> g.observe(s, 0).state.hands
((5, 2), Hidden(2))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar

from workbench.engine.kernel.copies import COPIES, copies_made
from workbench.engine.kernel.fields import (
    BY_SEAT,
    HIDDEN,
    OWN,
    PUBLIC,
    FieldSpec,
    Snapshot,
    TableMeta,
    items,
    rows,
    value,
)
from workbench.engine.kernel.hidden import Hidden, HiddenInformation, Observation, shuffle_deal
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, IllegalAction
from workbench.engine.kernel.secrets import guess_steps
from workbench.engine.kernel.seen import observe_table
from workbench.engine.kernel.steps import (
    AUTO,
    CHANCE_STEP,
    DECISION,
    auto,
    chance,
    decision,
    tupled,
)
from workbench.prob.dist import Dist

__all__ = [
    "AUTO",
    "BY_SEAT",
    "CHANCE_STEP",
    "DECISION",
    "HIDDEN",
    "OWN",
    "PUBLIC",
    "FieldSpec",
    "Hidden",
    "HiddenInformation",
    "Observation",
    "Snapshot",
    "Table",
    "auto",
    "chance",
    "copies_made",
    "decision",
    "items",
    "rows",
    "tupled",
    "value",
]


def _forces(game: Any) -> bool:
    """Whether ``game``'s kernel makes its forced moves (``KernelGame.forced_moves``; a
    table built without a game, ``Table(None)``, makes none)."""
    return game is not None and bool(game.forced_moves)


def _no_decide(step: Any, table: Table) -> Hashable:  # pragma: no cover - never called
    """:meth:`Table.play_out`'s ``decide`` when none is given: a seat without a pick then
    draws at random (``rng.choice``), so this is never called."""
    raise AssertionError("play_out: a seat without a pick and no decide")


# -- the table -------------------------------------------------------------------
class Table(metaclass=TableMeta):
    """The mutable working copy of a game's state; subclasses declare fields.

    ``tasks`` is the step stack (next step last). ``game`` is the rules object
    (params, card catalogue), shared, never copied.
    """

    _SLOTS = ("game", "_origin")
    FIELDS: ClassVar[tuple[FieldSpec, ...]]
    NAMES: ClassVar[tuple[str, ...]]
    Frozen: ClassVar[type[Snapshot]]
    # compiled from FIELDS (kernel.copies)
    _freeze: ClassVar[Callable[[Table], Snapshot]]
    _thaw: ClassVar[Callable[[Any, Sequence[Any]], Table]]
    _view: ClassVar[Callable[[Any, Sequence[Any]], Table]]
    _clone: ClassVar[Callable[[Table], Table]]
    _thaw_lazy: ClassVar[Callable[[Any, Sequence[Any]], Table]]
    #: The list fields a lazy thaw's step touched (bits; the lazy class's own slot, see
    #: ``kernel.copies``); -1: a table thawed whole, with no such bookkeeping.
    _touched: int = -1

    tasks: list[Any] = items()

    def __init__(self, game: Any) -> None:
        self.game = game
        self._origin: Sequence[Any] | None = None

    # -- the loop -----------------------------------------------------------
    def push(self, *steps: Any) -> None:
        """Run these steps next, in the order given."""
        if len(steps) == 1:  # the usual push: no reversed view made (half the cost)
            self.tasks.append(steps[0])
        else:
            self.tasks.extend(reversed(steps))

    def later(self, *steps: Any) -> None:
        """Run these steps after everything already pending, in the order given."""
        self.tasks[:0] = steps[::-1]

    def settle(self, on_forced: Callable[[Any, Hashable], None] | None = None) -> None:
        """Run automatic steps until a chance step, a decision or the end.

        In a game that declares ``forced_moves`` (:class:`~workbench.engine.kernel.KernelGame`)
        a decision with exactly one legal action is made here as well (unless its step is
        ``ALWAYS_ASKED``), so the forced run between two real decisions or chance steps is
        one step of play on every path; ``on_forced(step, action)`` is told of each such
        move just before it is made (the log narrates them).
        """
        tasks = self.tasks
        while tasks:
            top = tasks[-1]
            kind = top.KIND
            if kind == AUTO:
                tasks.pop()
                top.run(self)
            elif top.LAPSES and top.lapses(self):
                tasks.pop()
            elif kind == DECISION:
                made = self.forced_move()
                if made is None:
                    return
                if on_forced is not None:
                    on_forced(top, made[0])
                tasks.pop().resolve(self, made[0])
            else:
                return

    def forced_move(self) -> tuple[Hashable] | None:
        """``(action,)`` when the step on top is a decision the kernel makes itself (the
        game's ``forced_moves``, exactly one legal action, the step not ``ALWAYS_ASKED``),
        else None: what :meth:`settle` asks at every decision (a rule that walks the steps
        itself, e.g. to narrate them, asks the same).

        >>> from workbench.engine.conformance.kernel_toy import make_game
        >>> make_game().new_table().forced_move() is None  # a chance step (the deal) on top
        True
        """
        top = self.tasks[-1] if self.tasks else None
        if top is None or top.KIND != DECISION or top.ALWAYS_ASKED or not _forces(self.game):
            return None
        ids = top.legal(self)
        return (ids[0],) if len(ids) == 1 else None

    def play_out(
        self,
        rng: random.Random,
        picks: Sequence[Callable[[Sequence[Hashable]], Hashable] | None] | None = None,
        decide: Callable[[Any, Table], Hashable] | None = None,
        max_steps: int = 100_000,
        kinds: list[bool] | None = None,
        choices: list[Hashable] | None = None,
    ) -> int:
        """Play the table in place to its end, or until ``max_steps`` chance and decision
        steps are made (it then stops settled, before the next one); the number made.

        The one loop of in-place play (playouts, rollouts): :meth:`settle`, then at a
        chance step an outcome drawn as :meth:`sample` draws it, at a decision of seat
        ``s`` ``picks[s](legal ids)`` (a random player's ``rng.choice``) or, where
        ``picks[s]`` is None, ``decide(step, table)``; applied as :meth:`step` applies
        it — the same calls in the same order, in one loop. Without ``picks`` every
        decision is ``decide(step, table)``, or with neither ``rng.choice(legal ids)``
        (a random rollout). ``kinds`` gets a flag per step made (True: chance) and
        ``choices`` each outcome or action id, when given.

        >>> from workbench.engine.conformance.kernel_toy import make_game
        >>> fast, slow = make_game().new_table(), make_game().new_table()
        >>> r1, r2, kinds = random.Random(3), random.Random(3), []
        >>> fast.play_out(r1, kinds=kinds)
        8
        >>> while slow.tasks:  # the table's own methods, one step at a time
        ...     slow.step(r2.choice(slow.legal()) if slow.to_move() >= 0 else slow.sample(r2))
        >>> fast.freeze() == slow.freeze(), r1.random() == r2.random(), kinds.count(True)
        (True, True, 4)
        """
        choose = rng.choice  # draws exactly as seq[rng.randrange(len(seq))]
        chooser = decide or _no_decide  # called only where a seat has no pick
        mark = None if kinds is None else kinds.append
        keep = None if choices is None else choices.append
        forced = _forces(self.game)  # forced moves are made as settle makes them, uncounted
        steps = 0
        while True:
            tasks = self.tasks
            if not tasks:
                return steps
            top = tasks[-1]
            kind = top.KIND
            if kind == AUTO:
                tasks.pop()
                top.run(self)
                continue
            if top.LAPSES and top.lapses(self):
                tasks.pop()
                continue
            ids = None
            if forced and kind == DECISION and not top.ALWAYS_ASKED:
                ids = top.legal(self)
                if len(ids) == 1:
                    tasks.pop().resolve(self, ids[0])
                    continue
            if steps == max_steps:
                return steps
            steps += 1
            if kind == CHANCE_STEP:
                a = top.dist(self).sample(rng) if top.WEIGHTED else choose(top.outcomes(self))
                if mark:
                    mark(True)
            else:
                if picks is not None:  # (a test of None: the cheapest branch there is)
                    pick = picks[top.seat]
                    if pick:
                        a = pick(ids if ids is not None else top.legal(self))
                    else:
                        a = chooser(top, self)
                else:
                    a = chooser(top, self) if decide else choose(ids or top.legal(self))
                if mark:
                    mark(False)
            if keep:
                keep(a)
            tasks.pop().resolve(self, a)

    def to_move(self) -> int:
        """The seat to move, ``CHANCE`` or ``TERMINAL``."""
        if not self.tasks:
            return TERMINAL
        top = self.tasks[-1]
        return CHANCE if top.KIND == CHANCE_STEP else int(top.seat)

    def legal(self) -> Sequence[Hashable]:
        """The action ids of the decision on top (empty at chance and at the end)."""
        if not self.tasks or self.tasks[-1].KIND != DECISION:
            return []
        ids: Sequence[Hashable] = self.tasks[-1].legal(self)
        return ids

    def chance_dist(self) -> Dist:
        """The exact distribution of the chance step on top."""
        top = self.tasks[-1]
        dist: Dist = top.dist(self) if top.WEIGHTED else Dist.uniform(top.outcomes(self))
        return dist

    def sample(self, rng: random.Random) -> Hashable:
        """One outcome of the chance step on top, drawn with ``rng``."""
        top = self.tasks[-1]
        outcome: Hashable = (
            top.dist(self).sample(rng) if top.WEIGHTED else rng.choice(top.outcomes(self))
        )
        return outcome

    def step(self, choice: Hashable) -> None:
        """Apply an outcome or an action id to the step on top and settle (not checked)."""
        self.tasks.pop().resolve(self, choice)
        self.settle()

    def play(self, choice: Hashable) -> None:
        """Like :meth:`step`, after checking ``choice`` is legal (``IllegalAction`` if not;
        the table is then unchanged)."""
        who = self.to_move()
        if who == TERMINAL:
            raise IllegalAction(f"{self.game.name}: the game is over")
        choice = tupled(choice)
        top = self.tasks[-1]
        allowed: Sequence[Hashable] = (
            (top.dist(self) if top.WEIGHTED else top.outcomes(self))
            if who == CHANCE
            else top.legal(self)
        )
        if choice not in allowed:
            shown = ", ".join(map(repr, list(allowed)[:8])) + (" ..." if len(allowed) > 8 else "")
            raise IllegalAction(f"{self.game.name}: {choice!r} is not legal here; legal: {shown}")
        self.step(choice)

    # -- copies ---------------------------------------------------------------
    def freeze(self) -> Snapshot:
        """The immutable snapshot of the table now.

        A table thawed from a snapshot shares every unchanged field (and row)
        with it, so a session's history costs only what each step changed
        (compiled per table class: :mod:`workbench.engine.kernel.copies`).
        """
        return self._freeze()

    @classmethod
    def thaw(cls, game: Any, snap: Sequence[Any]) -> Table:
        """A mutable copy of a snapshot."""
        COPIES[0] += 1
        return cls._thaw(game, snap)

    @classmethod
    def view(cls, game: Any, snap: Sequence[Any]) -> Table:
        """A read-only table over a snapshot's own tuples (no copy: never step it)."""
        return cls._view(game, snap)

    def clone(self) -> Table:
        """An independent mutable copy (search players branch with it)."""
        COPIES[0] += 1
        return self._clone()

    # -- observations -----------------------------------------------------------
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see of this table (see :class:`Observation`)."""
        obs: Observation = observe_table(self, seat, type(self).conceal is not Table.conceal)
        return obs

    def seen_state(self, seat: int) -> Snapshot:
        """``observe(seat).state`` alone (the unseen cards not gathered: a search's tree keys)."""
        seen: Snapshot = observe_table(
            self, seat, type(self).conceal is not Table.conceal, unseen=False
        )
        return seen

    def conceal(self, seat: int, seen: list[Any]) -> None:
        """Mask, in ``seen`` (the observed field values in field order), what ``seat``
        may not see inside public fields (a game with such secrets overrides this
        and :meth:`guess_secrets`)."""

    @classmethod
    def overrides_conceal(cls) -> bool:
        """True when this table class writes its own :meth:`conceal` (secrets inside
        public fields: its states may hold masked values to guess).

        >>> Table.overrides_conceal()
        False
        """
        return cls.conceal is not Table.conceal

    @classmethod
    def overrides_determinize(cls) -> bool:
        """True when this table class writes its own :meth:`determinize` (the kernel's
        deal, prepared once per observation, then does not apply).

        >>> Table.overrides_determinize()
        False
        """
        return any("determinize" in k.__dict__ for k in cls.__mro__[: cls.__mro__.index(Table)])

    def guess_secrets(self, rng: random.Random) -> None:
        """On a determinized table, give every masked value a consistent guess
        (masked steps: their ``guess(t, rng)``; see :mod:`workbench.engine.kernel.secrets`)."""
        guess_steps(self, rng)

    @classmethod
    def determinize(cls, obs: Observation, rng: random.Random) -> Snapshot:
        """A full state consistent with ``obs``: the unseen cards shuffled with ``rng``
        and dealt into the hidden zones (sorted where the field says so)."""
        return shuffle_deal(cls, obs)(rng)
