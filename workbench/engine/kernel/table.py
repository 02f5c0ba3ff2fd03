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
  :meth:`Table.step` applies an outcome or action in place (playouts,
  search) and :class:`KernelGame` wraps the same code immutably for
  sessions, undo, replays and boards (thaw, step, freeze).

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
from typing import Any, ClassVar, TypeVar

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
from workbench.engine.kernel.hidden import (
    Hidden,
    HiddenInformation,
    Observation,
    observe_table,
    shuffle_deal,
)
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
from workbench.engine.kernel.secrets import guess_steps, has_masked, label_for, seen_by
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
    "AUTO", "BY_SEAT", "CHANCE_STEP", "DECISION", "HIDDEN", "OWN", "PUBLIC", "FieldSpec", "Hidden",
    "HiddenInformation", "KernelGame", "Observation", "Snapshot", "Table", "auto", "chance",
    "copies_made", "decision", "items", "rows", "tupled", "value",
]


# -- the table -------------------------------------------------------------------
_UNLISTED = object()  # apply: the action is not among the ids listed for the state


class Table(metaclass=TableMeta):
    """The mutable working copy of a game's state; subclasses declare fields.

    ``tasks`` is the step stack (next step last). ``game`` is the rules object
    (params, card catalogue), shared, never copied.
    """

    _SLOTS = ("game", "_origin")
    FIELDS: ClassVar[tuple[FieldSpec, ...]]
    NAMES: ClassVar[tuple[str, ...]]
    Frozen: ClassVar[type[Snapshot]]
    _freeze: ClassVar[Any]  # compiled from FIELDS (kernel.copies)
    _thaw: ClassVar[Any]
    _view: ClassVar[Any]
    _clone: ClassVar[Any]
    _thaw_lazy: ClassVar[Any]

    tasks: list[Any] = items()

    def __init__(self, game: Any) -> None:
        self.game = game
        self._origin: Sequence[Any] | None = None

    # -- the loop -----------------------------------------------------------
    def push(self, *steps: Any) -> None:
        """Run these steps next, in the order given."""
        self.tasks.extend(reversed(steps))

    def later(self, *steps: Any) -> None:
        """Run these steps after everything already pending, in the order given."""
        self.tasks[:0] = steps[::-1]

    def settle(self) -> None:
        """Run automatic steps until a chance step, a decision or the end."""
        tasks = self.tasks
        while tasks:
            top = tasks[-1]
            if top.KIND == AUTO:
                tasks.pop()
                top.run(self)
            elif top.LAPSES and top.lapses(self):
                tasks.pop()
            else:
                return

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
        return self.tasks[-1].legal(self)  # type: ignore[no-any-return]

    def chance_dist(self) -> Dist:
        """The exact distribution of the chance step on top."""
        top = self.tasks[-1]
        return top.dist(self) if top.WEIGHTED else Dist.uniform(top.outcomes(self))  # type: ignore[no-any-return]

    def sample(self, rng: random.Random) -> Hashable:
        """One outcome of the chance step on top, drawn with ``rng``."""
        top = self.tasks[-1]
        if top.WEIGHTED:
            return top.dist(self).sample(rng)  # type: ignore[no-any-return]
        return rng.choice(top.outcomes(self))  # type: ignore[no-any-return]

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
        allowed: Sequence[Hashable] = (top.dist(self) if top.WEIGHTED else top.outcomes(self)) \
            if who == CHANCE else top.legal(self)
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
        return self._freeze()  # type: ignore[no-any-return]

    @classmethod
    def thaw(cls, game: Any, snap: Sequence[Any]) -> Table:
        """A mutable copy of a snapshot."""
        COPIES[0] += 1
        return cls._thaw(game, snap)  # type: ignore[no-any-return]

    @classmethod
    def view(cls, game: Any, snap: Sequence[Any]) -> Table:
        """A read-only table over a snapshot's own tuples (no copy: never step it)."""
        return cls._view(game, snap)  # type: ignore[no-any-return]

    def clone(self) -> Table:
        """An independent mutable copy (search players branch with it)."""
        COPIES[0] += 1
        return self._clone()  # type: ignore[no-any-return]

    # -- observations -----------------------------------------------------------
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see of this table (see :class:`Observation`)."""
        return observe_table(self, seat, type(self).conceal is not Table.conceal)  # type: ignore[no-any-return]

    def seen_state(self, seat: int) -> Snapshot:
        """``observe(seat).state`` alone (the unseen cards not gathered: a search's tree keys)."""
        return observe_table(self, seat, type(self).conceal is not Table.conceal, unseen=False)  # type: ignore[no-any-return]

    def conceal(self, seat: int, seen: list[Any]) -> None:
        """Mask, in ``seen`` (the observed field values in field order), what ``seat``
        may not see inside public fields (a game with such secrets overrides this
        and :meth:`guess_secrets`)."""

    def guess_secrets(self, rng: random.Random) -> None:
        """On a determinized table, give every masked value a consistent guess
        (masked steps: their ``guess(t, rng)``; see :mod:`workbench.engine.kernel.secrets`)."""
        guess_steps(self, rng)

    @classmethod
    def determinize(cls, obs: Observation, rng: random.Random) -> Snapshot:
        """A full state consistent with ``obs``: the unseen cards shuffled with ``rng``
        and dealt into the hidden zones (sorted where the field says so)."""
        return shuffle_deal(cls, obs)(rng)


# -- the immutable game ----------------------------------------------------------
T = TypeVar("T", bound=Table)


class KernelGame(Game[Snapshot]):
    """A :class:`~workbench.engine.kernel.protocol.Game` run by the kernel.

    A game sets ``table`` (its :class:`Table` subclass), ``name``, ``version``
    and implements :meth:`setup` (fill the fields, push the first steps) and
    :meth:`score` (each seat's score on a read-only table). Everything else —
    the protocol, in-place play, observations — comes from the kernel.
    """

    table: ClassVar[type[Table]]

    # -- what a game writes ----------------------------------------------------
    def setup(self, t: Any) -> None:  # pragma: no cover - games override
        """Fill a new table's fields and push the first steps."""
        raise NotImplementedError

    def score(self, t: Any) -> tuple[float, ...]:  # pragma: no cover - games override
        """Each seat's score on a (read-only) table."""
        raise NotImplementedError

    # -- in place ----------------------------------------------------------------
    def new_table(self) -> Any:
        """A settled table at the start of the game (mutable: playouts, search)."""
        t = self.table(self)
        t.tasks = []
        self.setup(t)
        t.settle()
        return t

    def thaw(self, state: Sequence[Any]) -> Any:
        """A mutable copy of a state."""
        return self.table.thaw(self, state)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_view", None)  # the cached view is not part of the game
        state.pop("_legal", None)  # nor the last legal ids
        state.pop("_live", None)  # nor the table of the last apply
        return state

    def view(self, state: Sequence[Any]) -> Any:
        """A read-only table over a state (cached for the last state asked)."""
        cache = self.__dict__.get("_view")
        if cache is not None and cache[0] is state:
            return cache[1]
        v = self.table._view(self, state)
        self.__dict__["_view"] = (state, v)
        return v

    # -- the protocol ----------------------------------------------------------------
    def initial_state(self) -> Snapshot:
        return self.new_table().freeze()  # type: ignore[no-any-return]

    def current_player(self, state: Snapshot) -> int:
        tasks = state[0]
        if not tasks:
            return TERMINAL
        top = tasks[-1]
        return CHANCE if top.KIND == CHANCE_STEP else int(top.seat)

    def legal_ids(self, state: Snapshot) -> list[Hashable]:
        """The legal action ids (no labels: what bots ask for), read from the table the
        last apply kept when it froze this very state (no view to make), else a view."""
        t = self.__dict__.get("_live")
        if t is None or t._origin is not state:
            ids = list(self.view(state).legal())
        else:
            touched = getattr(t, "_touched", -1)
            ids = list(t.legal())  # a copy: the live table's lists change at its next step
            if touched >= 0:  # a lazy thaw: forget the reads (see copies.forget_reads)
                t._live |= t._touched & ~touched
                t._touched = touched
        self.__dict__["_legal"] = (state, ids)  # apply checks an action against these
        return list(ids)

    def legal_actions(self, state: Snapshot) -> list[Action]:
        t = self.view(state)
        if not state[0] or state[0][-1].KIND != DECISION:
            return []
        top = state[0][-1]
        return [Action(a, self._label(top, t, a)) for a in top.legal(t)]

    def chance_outcomes(self, state: Snapshot) -> Dist:
        if self.current_player(state) != CHANCE:
            raise IllegalAction(f"{self.name}: not a chance node")
        return self.view(state).chance_dist()  # type: ignore[no-any-return]

    def sample_chance(self, state: Snapshot, rng: random.Random) -> Hashable:
        t = self.__dict__.get("_live")  # read as legal_ids reads
        if t is None or t._origin is not state:
            x = self.view(state).sample(rng)
        else:
            touched = getattr(t, "_touched", -1)
            x = t.sample(rng)
            if touched >= 0:
                t._live |= t._touched & ~touched
                t._touched = touched
        self.__dict__["_legal"] = (state, (x,))  # apply need not list the outcomes again
        return x

    def apply(self, state: Snapshot, action_id: Hashable) -> Snapshot:
        d = self.__dict__
        t = d.pop("_live", None)  # the last apply's table (popped: a failed step leaves none)
        if t is None or t._origin is not state:  # it froze another state: thaw this one
            COPIES[0] += 1
            t = self.table._thaw_lazy(self, state)  # copies only the fields the step reads
        known, a = d.get("_legal"), _UNLISTED
        if known is not None and known[0] is state:
            ids = known[1]  # the ids just listed (or the outcome just drawn) for this state
            try:
                a = ids[ids.index(action_id)]  # legal, applied as the game listed it
            except ValueError:
                pass
        if a is _UNLISTED:
            t.play(action_id)  # checked against the rules
        else:
            t.tasks.pop().resolve(t, a)
            t.settle()
        new = t._freeze()  # a lazy thaw's freeze re-arms it on ``new`` (copies.rearm)
        t._origin = new  # (a full thaw's does not)
        d["_live"] = t
        return new  # type: ignore[no-any-return]

    def returns(self, state: Snapshot) -> tuple[float, ...]:
        return self.score(self.view(state))

    def action_label(self, state: Snapshot, action_id: Hashable) -> str:
        if not state[0]:
            return str(action_id)
        return self._label(state[0][-1], self.view(state), tupled(action_id))

    @staticmethod
    def _label(top: Any, t: Any, a: Hashable) -> str:
        label = getattr(top, "label", None)
        return str(label(t, a)) if label is not None else str(a)

    # -- information ---------------------------------------------------------------------
    def observe(self, state: Snapshot, seat: int) -> Observation:
        """What ``seat`` sees of ``state``."""
        return self.view(state).observe(seat)  # type: ignore[no-any-return]

    def determinize(self, obs: Observation, rng: random.Random) -> Snapshot:
        """A full state consistent with an observation (hidden cards dealt with ``rng``,
        masked secrets guessed)."""
        return self.guess_secrets(self.table.determinize(obs, rng), rng)

    def prepare_determinize(self, obs: Observation) -> Callable[[random.Random], Snapshot]:
        """:meth:`determinize` for one observation, as a function of the rng (a game or
        table writing its own ``determinize`` and no ``prepare_determinize`` keeps it)."""
        if type(self).determinize is not KernelGame.determinize \
                or self.table.determinize.__func__ is not Table.determinize.__func__:  # type: ignore[attr-defined]
            return lambda rng: self.determinize(obs, rng)
        deal = shuffle_deal(self.table, obs)
        return lambda rng: self.guess_secrets(deal(rng), rng)

    def guess_secrets(self, state: Snapshot, rng: random.Random) -> Snapshot:
        """``state`` with its masked values guessed (itself when nothing is masked)."""
        if not has_masked(state[0]) and self.table.conceal is Table.conceal:
            return state
        t = self.thaw(state)
        t.guess_secrets(rng)
        return t.freeze()  # type: ignore[no-any-return]

    def seen_by(self, state: Snapshot, x: Hashable) -> Any:
        """The seats that see outcome or action ``x`` here (``None``: everyone)."""
        return seen_by(state[0][-1], self.view(state), tupled(x)) if state[0] else None

    def label_for(self, state: Snapshot, x: Hashable, seat: int | None) -> str:
        """The label of ``x`` as ``seat`` reads it (``None``: the designer, who reads
        every label, secrets marked ``[seen by ...]``)."""
        if not state[0]:
            return str(x)
        return label_for(state[0][-1], self.view(state), tupled(x), seat)
