"""The kernel's steps: typed ``NamedTuple`` classes marked :func:`auto`, :func:`chance`
or :func:`decision` (see :mod:`workbench.engine.kernel.table`).
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Any, TypeVar

__all__ = [
    "AUTO",
    "CHANCE_STEP",
    "DECISION",
    "STEP_HOOKS",
    "always_asked",
    "auto",
    "chance",
    "decision",
    "tupled",
]

AUTO, CHANCE_STEP, DECISION = 0, 1, 2

_S = TypeVar("_S", bound=type)

#: The optional parts of a step, each with its default (set on a marked class that does not
#: define it), so the kernel reads ``step.label`` and the like directly:
STEP_HOOKS: dict[str, Any] = {
    # ``label(t, x)``: the text of choice or outcome ``x`` in logs and menus; None: str(x)
    "label": None,
    # ``seen_by(t, x)``: the seats that see outcome or choice ``x``; None: every seat
    "seen_by": None,
    # ``hidden_label(t, x)``: what the other seats read instead; None: "<kind> (hidden)"
    "hidden_label": None,
    # ``guess(t, rng)``: the step with its masked secret guessed on a dealt world
    # (required with ``@secret``); None: the step declares no secret
    "guess": None,
    # ``lapses(t)``: the step is dropped without running when it says so; None: never
    "lapses": None,
    # the secret fields and who sees each (``@secret`` sets it); empty: no secret
    "SECRET": MappingProxyType({}),
    # a decision: True when its seat is asked even with one legal action, in a game whose
    # kernel makes forced moves (``KernelGame.forced_moves``): being asked is what keeps the
    # table from learning the seat's hand (ghost's ``React``); False: such a move is made
    "ALWAYS_ASKED": False,
}


def _mark(kind: int) -> Callable[[_S], _S]:
    def mark(cls: _S) -> _S:
        needs = {AUTO: ("run",), CHANCE_STEP: ("resolve",), DECISION: ("legal", "resolve")}[kind]
        missing = [m for m in needs if not callable(getattr(cls, m, None))]
        if kind == CHANCE_STEP and not (hasattr(cls, "outcomes") or hasattr(cls, "dist")):
            missing.append("outcomes or dist")
        if kind == DECISION and "seat" not in getattr(cls, "_fields", ()):
            missing.append("a 'seat' field")
        if missing:
            raise TypeError(f"step {cls.__name__} needs {', '.join(missing)}")
        # a step is its type and its fields: Main(0) and Draw(0) are different steps
        setattr(cls, "__eq__", _step_eq)  # noqa: B010 - a class decorator's own mark
        setattr(cls, "__ne__", _step_ne)  # noqa: B010
        # equal steps have equal fields, so the tuple's own hash (C, no call per step:
        # a search hashes whole step stacks in its tree keys) agrees with that equality
        setattr(cls, "__hash__", tuple.__hash__)  # noqa: B010
        setattr(cls, "KIND", kind)  # noqa: B010
        for hook, default in STEP_HOOKS.items():
            if not hasattr(cls, hook):
                setattr(cls, hook, default)
        step: Any = cls  # its hooks are set now
        setattr(cls, "LAPSES", step.lapses is not None)  # noqa: B010
        setattr(cls, "WEIGHTED", kind == CHANCE_STEP and hasattr(cls, "dist"))  # noqa: B010
        return cls

    return mark


def _step_eq(a: Any, b: Any) -> bool:
    return type(a) is type(b) and tuple.__eq__(a, b)


def _step_ne(a: Any, b: Any) -> bool:
    return not (type(a) is type(b) and tuple.__eq__(a, b))


auto = _mark(AUTO)
"""Class decorator: a step that runs at once (``run(self, t)``)."""
chance = _mark(CHANCE_STEP)
"""Class decorator: a chance step (``outcomes(self, t)`` or ``dist(self, t)``, ``resolve``)."""
decision = _mark(DECISION)
"""Class decorator: a seat's decision (``seat`` field, ``legal(self, t)``, ``resolve``)."""


def always_asked(cls: _S) -> _S:
    """Class decorator for a decision: its seat is asked even with one legal action, in a
    game whose kernel makes forced moves (sets ``ALWAYS_ASKED``; see ``STEP_HOOKS``).

    >>> from typing import NamedTuple
    >>> @always_asked
    ... @decision
    ... class React(NamedTuple):
    ...     seat: int
    ...     def legal(self, t): return [("pass",)]
    ...     def resolve(self, t, a): pass
    >>> @decision
    ... class Pass(NamedTuple):
    ...     seat: int
    ...     def legal(self, t): return [("pass",)]
    ...     def resolve(self, t, a): pass
    >>> React(0).ALWAYS_ASKED, Pass(0).ALWAYS_ASKED  # the decorator's mark, the default
    (True, False)
    """
    setattr(cls, "ALWAYS_ASKED", True)  # noqa: B010 - a class decorator's own mark
    return cls


def tupled(x: Any) -> Any:
    """JSON lists back to tuples (replays store action ids as lists).

    >>> tupled(["place", [1, 2]])
    ('place', (1, 2))
    """
    if type(x) in _PLAIN:
        return x
    return tuple(tupled(v) for v in x) if isinstance(x, list | tuple) else x


_PLAIN = frozenset({int, str, bool, float, type(None)})
