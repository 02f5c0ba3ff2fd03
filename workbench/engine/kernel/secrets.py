"""Secrets of any kind on the kernel: values only some seats may see, in steps, in
outcomes and choices, and in public fields (boardgame.io's ``playerView`` idea:
the secrets are stripped in one place, the observation).

Cards in hidden zones are declared on the fields (``seen=OWN``/``HIDDEN``, see
:mod:`workbench.engine.kernel.fields`). Everything else a game marks here:

- **A secret on a step.** A step class names the fields that hold a secret and
  the field naming the seat that sees it (``None``: nobody)::

      @secret(card="seat")               # only ``seat`` sees which card
      @decision
      class RevengeUse(NamedTuple):
          seat: int
          card: str
          def guess(self, t, rng): ...   # a determinized table's value for it

  Other seats' observations show the step with :data:`MASKED` in those fields;
  ``guess(t, rng)`` returns the step with a value consistent with a
  determinized table (a player that looks ahead needs a whole state).
- **A secret outcome or choice.** A chance or decision step may define
  ``seen_by(t, x)`` (the seats that see outcome or action ``x``; ``None``:
  everyone) and ``hidden_label(t, x)`` (what the others read in the log:
  "Player 3 draws a card").
- **A secret inside a public field** (a face-down event's target): the table
  overrides ``conceal(seat, seen)`` (``seen`` is the observed field values,
  a list in field order, to mask in place) and ``guess_secrets(rng)``.

>>> from typing import NamedTuple
>>> from workbench.engine.kernel.steps import decision
>>> @secret(card="seat")
... @decision
... class Keep(NamedTuple):
...     seat: int
...     card: int
...     def legal(self, t): return ["keep"]
...     def resolve(self, t, a): pass
>>> mask_step(Keep(0, 7), 0), mask_step(Keep(0, 7), 1)
(Keep(seat=0, card=7), Keep(seat=0, card=MASKED))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from typing import Any, TypeVar

__all__ = [
    "MASKED",
    "Masked",
    "hidden_label",
    "label_for",
    "mask_step",
    "mask_tasks",
    "secret",
    "secret_fields",
    "seen_by",
    "sees",
]


class Masked:
    """A value this seat may not see (one marker: every masked value is equal).

    >>> MASKED == Masked(), repr(MASKED)
    (True, 'MASKED')
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Masked)

    def __hash__(self) -> int:
        return hash("MASKED")

    def __repr__(self) -> str:
        return "MASKED"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Masked, ())


MASKED = Masked()


_S = TypeVar("_S", bound=type)


def secret(**fields: str | None) -> Callable[[_S], _S]:
    """Class decorator: the step's fields that hold a secret, each with the field naming
    the seat that sees it (``None``: nobody): ``@secret(card="seat")``."""

    def mark(cls: _S) -> _S:
        setattr(cls, "SECRET", dict(fields))  # noqa: B010 - any class may be marked
        if "_SECRET_AT" in cls.__dict__:
            delattr(cls, "_SECRET_AT")
        _SECRETS_OF.pop(cls, None)
        secret_fields(cls)  # a misspelt field fails here, at import
        return cls

    return mark


def secret_fields(cls: type) -> tuple[tuple[int, int], ...]:
    """A step class's secrets as ``(field index, owner field index or -1)`` pairs
    (``()`` when it declares none; cached on the class).

    >>> from typing import NamedTuple
    >>> @secret(word=None)
    ... class Hint(NamedTuple):
    ...     seat: int
    ...     word: str
    >>> secret_fields(Hint)
    ((1, -1),)
    """
    cached = cls.__dict__.get("_SECRET_AT")
    if cached is not None:
        known: tuple[tuple[int, int], ...] = cached
        return known
    step: Any = cls  # a marked step class: SECRET declared (kernel.steps.STEP_HOOKS)
    spec: Mapping[str, str | None] = step.SECRET
    names = list(getattr(cls, "_fields", ()))  # a NamedTuple's field names (none: not one)
    for k, owner in spec.items():
        if k not in names or (owner is not None and owner not in names):
            raise TypeError(
                f"step {cls.__name__}: SECRET names a field it does not have: {k!r} -> {owner!r}"
            )
    at = tuple(
        (names.index(k), -1 if owner is None else names.index(owner)) for k, owner in spec.items()
    )
    setattr(cls, "_SECRET_AT", at)  # noqa: B010 - a class attribute, not a NamedTuple field
    return at


def mask_step(step: Any, seat: int) -> Any:
    """The step as ``seat`` sees it: each secret it may not see replaced by :data:`MASKED`."""
    at = secret_fields(type(step))
    if not at:
        return step
    values = list(step)
    changed = False
    for i, owner in at:
        if owner < 0 or values[owner] != seat:
            values[i], changed = MASKED, True
    return type(step)(*values) if changed else step


class _SecretsOf(dict[Any, Any]):
    """``secret_fields`` by step class, looked up without a Python call once known."""

    def __missing__(self, cls: type) -> tuple[tuple[int, int], ...]:
        at = self[cls] = secret_fields(cls)
        return at


_SECRETS_OF = _SecretsOf()


def mask_tasks(tasks: Sequence[Any], seat: int) -> tuple[Any, ...]:
    """The step stack as ``seat`` sees it (the same tuple when nothing is secret)."""
    if not any(map(_SECRETS_OF.__getitem__, map(type, tasks))):
        return tuple(tasks)
    return tuple(mask_step(s, seat) for s in tasks)


def has_masked(tasks: Sequence[Any]) -> bool:
    """True when a step of the stack holds a :data:`MASKED` value."""
    return any(isinstance(v, Masked) for s in tasks if secret_fields(type(s)) for v in s)


def guess_steps(t: Any, rng: random.Random) -> None:
    """Replace each masked step of a (determinized) table by its ``guess(t, rng)``."""
    tasks = t.tasks
    for i, s in enumerate(tasks):
        if secret_fields(type(s)) and any(isinstance(v, Masked) for v in s):
            guess = s.guess
            if guess is None:
                raise TypeError(f"step {type(s).__name__} declares SECRET but no guess(t, rng)")
            tasks[i] = guess(t, rng)


def seen_by(step: Any, t: Any, x: Hashable) -> Collection[int] | None:
    """The seats that see outcome or action ``x`` of ``step`` (``None``: everyone)."""
    fn = step.seen_by
    if fn is None:
        return None
    seats: Collection[int] | None = fn(t, x)
    return seats


def sees(step: Any, t: Any, x: Hashable, seat: int | None) -> bool:
    """May ``seat`` (``None``: the designer, who sees everything) see ``x``?"""
    if seat is None:
        return True
    who = seen_by(step, t, x)
    return who is None or seat in who


def hidden_label(step: Any, t: Any, x: Hashable) -> str:
    """What a seat that may not see ``x`` reads (the step's ``hidden_label``, else
    its kind: ``"draw (hidden)"``)."""
    fn = step.hidden_label
    return str(fn(t, x)) if fn is not None else f"{type(step).__name__.lower()} (hidden)"


def label_for(step: Any, t: Any, x: Hashable, seat: int | None) -> str:
    """The label of ``x`` as ``seat`` reads it; the designer (``None``) reads the
    whole label, marked ``[seen by P1]`` when it is a secret."""
    label = step.label
    if not sees(step, t, x, seat):
        return hidden_label(step, t, x)
    text = str(label(t, x)) if label is not None else str(x)
    if seat is None:
        who = seen_by(step, t, x)
        if who is not None:
            names = ", ".join(f"P{s + 1}" for s in sorted(who)) or "nobody"
            text += f" [seen by {names}]"
    return text
