"""Freeze, thaw, view and clone compiled per table class from its field declarations.

The kernel copies a table at every step of the immutable path (sessions, boards,
replays: thaw, step, freeze) and a search copies it at every branch. A loop over
``FIELDS`` with ``getattr``/``setattr`` costs more than the copies themselves, so
:func:`install` writes, once per :class:`~workbench.engine.kernel.table.Table`
subclass, four straight-line functions that name each slot directly. They do
exactly what the field declaration says (no rule of any game is involved):

- ``freeze``: each list field as a tuple (rows as tuples of tuples); a table
  thawed from a snapshot keeps that snapshot's tuple for every field (and row)
  the step left equal, so a session's history holds only what changed;
- ``thaw``: a mutable copy (lists for list fields, lists of lists for rows);
- ``view``: the snapshot's own tuples on a table object (no copy: never step it);
- ``clone``: an independent mutable copy of a table;
- ``thaw_lazy``: a thaw for one step and a freeze (``KernelGame.apply``): an
  instance of a subclass whose list fields copy the snapshot's tuple on first
  access, so the freeze after the step converts and compares only the fields
  the step read; the others keep the snapshot's own tuples (a changed rows
  field is new as a whole: its rows are not compared one by one).

The code is generated the way the standard library's ``dataclasses`` and
``namedtuple`` generate theirs: from the class's own field names, which are
checked to be Python identifiers first. No text from a sheet, a replay or any
other input ever reaches it.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> g = make_game()
>>> s = g.initial_state()
>>> t = g.thaw(s)
>>> t.freeze() == s, t.freeze()[1] is s[1]  # unchanged fields are shared, not copied
(True, True)
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["COPIES", "copies_made", "forget_reads", "install", "rearm"]

COPIES = [0]  # thaws and clones made (a list, not a class attribute: writing to a class
# invalidates the attribute caches of every table class, which cost a third of a step)


def copies_made() -> int:
    """Thaws and clones made so far in this process (benchmarks, "copies per click")."""
    return COPIES[0]


def _compile(source: str, name: str, env: dict[str, Any]) -> Callable[..., Any]:
    scope: dict[str, Any] = dict(env)
    exec(compile(source, f"<kernel {name}>", "exec"), scope)  # noqa: S102 - generated from field names
    compiled: Callable[..., Any] = scope[name]
    return compiled


def _freeze_source(fields: Sequence[Any]) -> str:
    lines = ["def freeze(self):", "    o = self._origin"]
    for i, f in enumerate(fields):
        if f.depth == 0:
            lines.append(f"    v{i} = self.{f.name}")
        elif f.depth == 1:
            lines.append(f"    v{i} = tuple(self.{f.name})")
        else:
            lines.append(f"    v{i} = tuple(map(tuple, self.{f.name}))")
    lines.append("    if o is not None:")
    lines.append("        pass")
    for i, f in enumerate(fields):
        if f.depth == 0 or f.name == "tasks":  # the step stack: no compare (see below)
            continue
        lines.append(f"        old = o[{i}]")
        lines.append(f"        if v{i} == old:")  # steps compare by type too
        lines.append(f"            v{i} = old")
        if f.depth == 2:  # changed: the rows equal to old rows are the old rows
            lines.append(f"        elif len(v{i}) == len(old):")
            lines.append(
                f"            v{i} = tuple([a if a == b else b for a, b in zip(old, v{i})])"
            )
    lines.append("    return Frozen((" + "".join(f"v{i}, " for i in range(len(fields))) + "))")
    return "\n".join(lines)


def _unpack(fields: Sequence[Any]) -> str:
    names = "".join(f"v{i}, " for i in range(len(fields)))
    return f"    ({names}) = snap"


def _thaw_source(fields: Sequence[Any]) -> str:
    lines = [
        "def thaw(game, snap):",
        "    t = new(cls)",
        "    t.game = game",
        "    t._origin = snap",
        _unpack(fields),
    ]
    for i, f in enumerate(fields):
        copy = (f"v{i}", f"list(v{i})", f"[list(x) for x in v{i}]")[f.depth]
        lines.append(f"    t.{f.name} = {copy}")
    lines.append("    return t")
    return "\n".join(lines)


def _view_source(fields: Sequence[Any]) -> str:
    lines = [
        "def view(game, snap):",
        "    t = new(cls)",
        "    t.game = game",
        "    t._origin = None",
        _unpack(fields),
    ]
    lines += [f"    t.{f.name} = v{i}" for i, f in enumerate(fields)]
    lines.append("    return t")
    return "\n".join(lines)


def _clone_source(fields: Sequence[Any]) -> str:
    lines = [
        "def clone(self):",
        "    t = new(cls)",
        "    t.game = self.game",
        "    t._origin = None",
    ]
    for f in fields:
        copy = (f"self.{f.name}", f"self.{f.name}[:]", f"[x[:] for x in self.{f.name}]")[f.depth]
        lines.append(f"    t.{f.name} = {copy}")
    lines.append("    return t")
    return "\n".join(lines)


def _field_slots(cls: Any) -> dict[str, Any]:
    """Each field's slot descriptor (the raw storage under a lazy field's property)."""
    found: dict[str, Any] = {}
    for f in cls.FIELDS:
        for k in cls.__mro__:
            if f.name in k.__dict__:
                found[f.name] = k.__dict__[f.name]
                break
    return found


def _lazy_field_source(i: int, depth: int) -> str:
    """A list field's getter and setter on a lazily thawed table, stored in slot
    ``_f{i}``: the getter copies the snapshot's tuple ``_origin[i]`` on first access
    and marks bit ``i`` of ``_touched`` (a write marks it too), so the freeze
    converts only the marked fields and takes every other one from the snapshot as
    it is. A field whose bit is set in ``_live`` already holds a list equal to
    ``_origin[i]`` (the table was re-armed after its freeze, see :func:`rearm`): it
    is marked, not copied."""
    copy = "list(self._origin[I])" if depth == 1 else "[list(r) for r in self._origin[I]]"
    return (
        "\n".join(
            [
                "def get(self):",
                "    m = self._touched",
                "    if m & BIT:",
                "        return self._fI",
                "    if self._live & BIT:",
                "        v = self._fI",
                "    else:",
                f"        v = self._fI = {copy}",
                "    self._touched = m | BIT",
                "    return v",
                "def put(self, v):",
                "    self._fI = v",
                "    self._touched |= BIT",
            ]
        )
        .replace("BIT", str(1 << i))
        .replace("I", str(i))
    )


def _lazy_class(cls: Any) -> Any:
    """``cls`` with copy-on-first-access list fields but ``tasks`` (made without the metaclass:
    the same fields, the same ``Frozen``; a list field's value in slot ``_f{i}``,
    and the slots ``_touched`` and ``_live``)."""
    ns: dict[str, Any] = {
        "__module__": cls.__module__,
        "__doc__": f"{cls.__name__} thawed for one step (copy on first access).",
    }
    own = ["_touched", "_live"]
    for i, f in enumerate(cls.FIELDS):
        if f.depth and f.name != "tasks":  # the step stack: every step changes it,
            # so it is copied at the thaw and stays the table's own slot (no getter)
            source = _lazy_field_source(i, f.depth)
            ns[f.name] = property(_compile(source, "get", {}), _compile(source, "put", {}))
            own.append(f"_f{i}")
    ns["__slots__"] = tuple(own)
    return type.__new__(type(cls), f"Lazy{cls.__name__}", (cls,), ns)


def _thaw_lazy_source(fields: Sequence[Any]) -> str:
    """Only the value fields and ``tasks`` are set: a list field's slot is filled on
    first access."""
    lines = [
        "def thaw_lazy(game, snap):",
        "    t = new(lazy)",
        "    t.game = game",
        "    t._origin = snap",
        "    t._touched = 0",
        "    t._live = 0",
    ]
    lines += [
        f"    t.{f.name} = snap[{i}]" if not f.depth else f"    t.tasks = list(snap[{i}])"
        for i, f in enumerate(fields)
        if not f.depth or f.name == "tasks"
    ]
    lines.append("    return t")
    return "\n".join(lines)


def _lazy_freeze_source(fields: Sequence[Any], mask: int) -> str:
    """The freeze of a lazy table whose step touched the list fields in ``mask``
    (read or written: maybe changed): those are converted (and kept as the
    snapshot's own tuples when equal), every other one is the snapshot's tuple
    as it is, with no test per field; then the table is re-armed on the new
    snapshot (:func:`rearm`, inline). A rows field that changed is kept whole,
    its unchanged rows not swapped for the old ones: that row-by-row pass cost
    more of an immutable step than it saved of a session's memory (the figures
    are in the commit that dropped it; ``bench/sim.py`` prints both)."""
    lines = ["def freeze(self, o):"]
    out = []
    for i, f in enumerate(fields):
        if not f.depth:
            out.append(f"self.{f.name}")
            continue
        if f.name == "tasks":  # changed at nearly every step: converted, not compared
            out.append(f"tuple(self.{f.name})")
            continue
        if not mask >> i & 1:
            out.append(f"o[{i}]")
            continue
        out.append(f"v{i}")
        lines.append(
            f"    v{i} = tuple(self._f{i})"
            if f.depth == 1
            else f"    v{i} = tuple(map(tuple, self._f{i}))"
        )
        lines.append(f"    old = o[{i}]")
        lines.append(f"    if v{i} == old:")
        lines.append(f"        v{i} = old")
    lines.append("    new = Frozen((" + "".join(f"{x}, " for x in out) + "))")
    if mask:  # re-armed on the new state (see rearm)
        lines += [f"    self._live |= {mask}", "    self._touched = 0"]
    lines += ["    self._origin = new", "    return new"]
    return "\n".join(lines)


def _lazy_freezer(fields: Sequence[Any], env: dict[str, Any]) -> Callable[[Any], Any]:
    """The freeze of a lazy table: the function compiled for the set of fields its
    step touched (:func:`_lazy_freeze_source`, made on first use; a game meets a few
    dozen to a few hundred sets)."""
    by_mask: dict[int, Callable[[Any, Any], Any]] = {}

    def freeze(self: Any) -> Any:
        m = self._touched
        f = by_mask.get(m)
        if f is None:
            f = by_mask[m] = _compile(_lazy_freeze_source(fields, m), "freeze", env)
        return f(self, self._origin)

    return freeze


def rearm(t: Any, snap: Any) -> None:
    """Make lazily thawed table ``t``, just frozen into ``snap``, a lazy thaw of ``snap``
    without copying anything: the lists it holds equal ``snap``'s tuples (live), every
    other list field is still ``snap``'s own tuple. ``KernelGame.apply`` steps it
    again when the next state asked for is ``snap`` (a playout, a session's next
    step), so a field a step touches is copied once per chain, not once per step.
    A lazy table's own freeze does this inline (no call a step); a second rearm
    on the same snapshot changes nothing.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> s = g.initial_state()
    >>> t = g.table._thaw_lazy(g, s)
    >>> t.step(5)
    >>> new = t.freeze(); rearm(t, new)
    >>> t.deck == list(new.deck), t.freeze() is not new and t.freeze() == new
    (True, True)
    """
    try:
        t._live |= t._touched
    except AttributeError:  # fully thawed (a class without a lazy thaw): the freeze compares
        t._origin = snap
        return
    t._touched = 0
    t._origin = snap


def forget_reads(t: Any, touched: int) -> None:
    """Lazily thawed table ``t`` was only read since its step had touched the fields in
    ``touched`` (legal ids or a chance draw asked of the table :func:`rearm` kept):
    the fields first read since then hold lists equal to the snapshot's tuples, so
    they become live (no copy at the next access) and untouched (the freeze takes the
    snapshot's tuples as they are). ``KernelGame.legal_ids`` and ``sample_chance``
    call it: the one place this bookkeeping is written besides the compiled freeze.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> t = g.table._thaw_lazy(g, g.initial_state())
    >>> before = t._touched
    >>> deck = t.deck; forget_reads(t, before)
    >>> t._touched == before, t.deck is deck
    (True, True)
    """
    t._live |= t._touched & ~touched
    t._touched = touched


def install(cls: Any) -> None:
    """Give table class ``cls`` (its ``FIELDS`` and ``Frozen`` set) its compiled
    ``_freeze(self)``, ``_thaw(game, snap)``, ``_view(game, snap)``, ``_clone(self)`` and
    ``_thaw_lazy(game, snap)``."""
    fields = cls.FIELDS
    for f in fields:
        if not f.name.isidentifier() or keyword.iskeyword(f.name):
            raise ValueError(f"table {cls.__name__}: field name {f.name!r} is not an identifier")
    env = {"cls": cls, "new": object.__new__, "Frozen": cls.Frozen}
    cls._freeze = _compile(_freeze_source(fields), "freeze", env)
    cls._thaw = staticmethod(_compile(_thaw_source(fields), "thaw", env))
    cls._view = staticmethod(_compile(_view_source(fields), "view", env))
    cls._clone = _compile(_clone_source(fields), "clone", env)
    slots = _field_slots(cls)
    if len(slots) < len(fields):  # a field without a slot of its own: no lazy thaw
        cls._thaw_lazy = cls._thaw
        return
    lazy = _lazy_class(cls)
    lazy_env = {**env, "lazy": lazy}
    lazy._freeze = _lazy_freezer(fields, lazy_env)
    cls._thaw_lazy = staticmethod(_compile(_thaw_lazy_source(fields), "thaw_lazy", lazy_env))
