"""The immutable game over a kernel table: :class:`KernelGame` implements the
:class:`~workbench.engine.kernel.protocol.Game` protocol (sessions, undo, replays,
boards: thaw, step, freeze) with the rules of its :class:`~workbench.engine.kernel.table.Table`
subclass, keeping the table of its last ``apply`` so that the next step on that very
state copies nothing (see :mod:`workbench.engine.kernel.copies`).

It stands above ``table.py`` (it names :class:`Table`; the table knows no game class):
import both from the package, ``from workbench.engine.kernel import KernelGame, Table``.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> g = make_game()
>>> s = g.apply(g.initial_state(), 5)
>>> g.legal_ids(s) == [], g.current_player(s)
(True, -1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar

from workbench.engine.kernel.copies import COPIES, forget_reads
from workbench.engine.kernel.fields import Snapshot
from workbench.engine.kernel.hidden import Observation, shuffle_deal
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
from workbench.engine.kernel.secrets import has_masked, label_for, seen_by
from workbench.engine.kernel.steps import CHANCE_STEP, DECISION, tupled
from workbench.engine.kernel.table import Table
from workbench.prob.dist import Dist

__all__ = ["KernelGame"]

_UNLISTED = object()  # apply: the action is not among the ids listed for the state


class KernelGame(Game[Snapshot]):
    """A :class:`~workbench.engine.kernel.protocol.Game` run by the kernel.

    A game sets ``table`` (its :class:`Table` subclass), ``name``, ``version``
    and implements :meth:`setup` (fill the fields, push the first steps) and
    :meth:`score` (each seat's score on a read-only table). Everything else —
    the protocol, in-place play, observations — comes from the kernel.
    """

    table: ClassVar[type[Table]]
    #: Decision kinds (step class names) the rules ask of some seats only, each with why that
    #: discloses nothing (``{"React": "why"}``): the leak check reads a differing stack of
    #: these kinds as declared; empty: every such difference is reported.
    disclosed: ClassVar[Mapping[str, str]] = {}
    #: True: a decision with exactly one legal action is made by the kernel while it settles
    #: (``Table.settle``, ``Table.play_out``), so the forced run between two real decisions or
    #: chance steps is one step of play on every path (in-place play, this immutable path,
    #: sessions, replays, boards, playtests, search rollouts); the log still narrates each
    #: forced move (:meth:`forced_words`), and a step ``ALWAYS_ASKED`` is asked even then.
    #: False (the default): every decision is asked, one option or not.
    forced_moves: ClassVar[bool] = False

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
        frozen: Snapshot = self.new_table().freeze()
        return frozen

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
            touched = t._touched
            ids = list(t.legal())  # a copy: the live table's lists change at its next step
            if touched >= 0:  # a lazy thaw: its reads since the step are forgotten
                forget_reads(t, touched)
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
        dist: Dist = self.view(state).chance_dist()
        return dist

    def sample_chance(self, state: Snapshot, rng: random.Random) -> Hashable:
        t = self.__dict__.get("_live")  # read as legal_ids reads
        if t is None or t._origin is not state:
            x = self.view(state).sample(rng)
        else:
            touched = t._touched
            x = t.sample(rng)
            if touched >= 0:
                forget_reads(t, touched)
        self.__dict__["_legal"] = (state, (x,))  # apply need not list the outcomes again
        outcome: Hashable = x
        return outcome

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
            t.step(a)
        new: Snapshot = t._freeze()  # a lazy thaw's freeze re-arms it on ``new`` (copies.rearm)
        t._origin = new  # (a full thaw's does not)
        d["_live"] = t
        return new

    def returns(self, state: Snapshot) -> tuple[float, ...]:
        return self.score(self.view(state))

    def action_label(self, state: Snapshot, action_id: Hashable) -> str:
        if not state[0]:
            return str(action_id)
        a = tupled(action_id)
        return self._label(state[0][-1], self.view(state), a) + self.forced_words(state, a, None)

    def forced_words(self, state: Snapshot, x: Hashable, seat: int | None) -> str:
        """The forced moves the kernel makes after ``x`` at ``state`` (``forced_moves``), as
        ``seat`` reads them (``None``: the designer): ``"; P2: <label> (forced)"`` each, in
        the order made; '' when there are none.

        >>> from workbench.engine.conformance.kernel_toy import make_game
        >>> g = make_game()
        >>> g.forced_words(g.initial_state(), 5, None)  # the toy asks every decision
        ''
        """
        if not self.forced_moves or not state[0]:
            return ""
        t = self.thaw(state)
        said: list[str] = []

        def tell(step: Any, a: Hashable) -> None:
            said.append(f"; P{step.seat + 1}: {label_for(step, t, a, seat)} (forced)")

        t.tasks.pop().resolve(t, tupled(x))
        t.settle(tell)
        return "".join(said)

    @staticmethod
    def _label(top: Any, t: Any, a: Hashable) -> str:
        label = top.label
        return str(label(t, a)) if label is not None else str(a)

    # -- information ---------------------------------------------------------------------
    def observe(self, state: Snapshot, seat: int) -> Observation:
        """What ``seat`` sees of ``state``."""
        obs: Observation = self.view(state).observe(seat)
        return obs

    def determinize(self, obs: Observation, rng: random.Random) -> Snapshot:
        """A full state consistent with an observation (hidden cards dealt with ``rng``,
        masked secrets guessed)."""
        return self.guess_secrets(self.table.determinize(obs, rng), rng)

    def prepare_determinize(self, obs: Observation) -> Callable[[random.Random], Snapshot]:
        """:meth:`determinize` for one observation, as a function of the rng (a game or
        table writing its own ``determinize`` and no ``prepare_determinize`` keeps it)."""
        if (
            type(self).determinize is not KernelGame.determinize
            or self.table.overrides_determinize()
        ):
            return lambda rng: self.determinize(obs, rng)
        deal = shuffle_deal(self.table, obs)
        return lambda rng: self.guess_secrets(deal(rng), rng)

    def guess_secrets(self, state: Snapshot, rng: random.Random) -> Snapshot:
        """``state`` with its masked values guessed (itself when nothing is masked)."""
        if not has_masked(state[0]) and not self.table.overrides_conceal():
            return state
        t = self.thaw(state)
        t.guess_secrets(rng)
        guessed: Snapshot = t.freeze()
        return guessed

    def seen_by(self, state: Snapshot, x: Hashable) -> Any:
        """The seats that see outcome or action ``x`` here (``None``: everyone)."""
        return seen_by(state[0][-1], self.view(state), tupled(x)) if state[0] else None

    def label_for(self, state: Snapshot, x: Hashable, seat: int | None) -> str:
        """The label of ``x`` as ``seat`` reads it (``None``: the designer, who reads
        every label, secrets marked ``[seen by ...]``)."""
        if not state[0]:
            return str(x)
        a = tupled(x)
        return label_for(state[0][-1], self.view(state), a, seat) + self.forced_words(
            state, a, seat
        )
