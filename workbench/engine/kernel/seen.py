"""What one seat sees of a table, field by field: the field values with hidden zones as
:class:`~workbench.engine.kernel.hidden.Hidden` and the unseen cards by pool
(:func:`seen_fields`, :func:`observe_table`: ``Table.observe``), or the same as a read-only
table whose secret fields are worked out when a player reads them (:func:`seen_table`).
Each is compiled once per table class from its declared fields: a search observes after
every step of its tree.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, ClassVar, Protocol

from workbench.engine.kernel.fields import BY_SEAT, OWN, PUBLIC, FieldSpec, Snapshot
from workbench.engine.kernel.hidden import hidden, observation
from workbench.engine.kernel.secrets import mask_tasks


class SeenTable(Protocol):
    """What observing reads of a table (``workbench.engine.kernel.table.Table``, which
    imports this module): its fields, its snapshot class, its steps, its concealing."""

    FIELDS: ClassVar[tuple[FieldSpec, ...]]
    Frozen: ClassVar[type[Snapshot]]
    tasks: Any

    def conceal(self, seat: int, seen: list[Any]) -> None: ...


__all__ = ["SeenTable", "observe_table", "seen_fields", "seen_table", "seen_values"]


def seen_fields(t: SeenTable, seat: int) -> tuple[list[Any], dict[Hashable, list[Hashable]]]:
    """Each field of table ``t`` as ``seat`` sees it (hidden zones as :class:`Hidden`),
    and the cards it does not see, by pool (``Table.observe`` masks secrets on top).

    Compiled once per table class (:func:`_seen_source`: one straight line per field,
    as :mod:`~workbench.engine.kernel.copies` does for freeze and thaw): a search
    observes after every step of its tree.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> out, pools = seen_fields(g.thaw(g.initial_state()), 1)
    >>> out[1:3], sorted(pools[""])
    ([Hidden(10), (Hidden(0), ())], [1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
    """
    seen = _SEEN.get(type(t))
    if seen is None:
        seen = _SEEN[type(t)] = _compile_seen(t.FIELDS, True)
    fields: tuple[list[Any], dict[Hashable, list[Hashable]]] = seen(t, seat)
    return fields


def seen_values(t: SeenTable, seat: int) -> list[Any]:
    """The field values of :func:`seen_fields` alone, without gathering the unseen cards."""
    seen = _SEEN_VALUES.get(type(t))
    if seen is None:
        seen = _SEEN_VALUES[type(t)] = _compile_seen(t.FIELDS, False)
    values: list[Any] = seen(t, seat)
    return values


_SEEN: dict[type, Callable[..., Any]] = {}
_SEEN_VALUES: dict[type, Callable[..., Any]] = {}


def observe_table(t: SeenTable, seat: int, conceals: bool, unseen: bool = True) -> Any:
    """``Table.observe``: what ``seat`` sees of ``t`` (an :class:`Observation`); with
    ``unseen=False`` only its ``state`` (``Table.seen_state``), the unseen cards neither
    gathered nor sorted. Secrets on steps are masked (:mod:`~workbench.engine.kernel.secrets`)
    and, when the table ``conceals`` parts of public fields, those too.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> t = g.thaw(g.initial_state())
    >>> observe_table(t, 0, False).state == observe_table(t, 0, False, unseen=False)
    True
    """
    if unseen:
        out, pools = seen_fields(t, seat)
    else:
        out = seen_values(t, seat)
    out[0] = mask_tasks(t.tasks, seat)
    if conceals:
        t.conceal(seat, out)
    state = t.Frozen(out)
    return observation(seat, state, pools) if unseen else state


def _field_lines(i: int, f: FieldSpec, pooled: bool) -> list[str]:
    """The lines of ``seen(t, seat)`` that set ``o<i>``, field ``f`` as ``seat`` sees it
    (hidden zones as :class:`Hidden`), and with ``pooled`` also gather its unseen cards
    into ``pools``: written once, for the whole table (:func:`_seen_source`) and for one
    field read on its own (:func:`seen_table`)."""
    v, o = f"t.{f.name}", f"o{i}"
    key = "(BY_SEAT, j)" if f.pool == BY_SEAT else f"k{i}"
    if f.seen == PUBLIC:
        return [f"    {o} = " + (v, f"tuple({v})", f"tuple(map(tuple, {v}))")[f.depth]]
    lines = [f"    v = {v}"]
    if f.depth == 1 and f.seen == OWN:
        lines.append(
            f"    {o} = tuple([x if j == seat else H1 if x is not None else H0 "
            "for j, x in enumerate(v)])"
        )
        gather = [
            "    for j, x in enumerate(v):",
            "        if j != seat and x is not None:",
            f"            add({key}, []).append(x)",
        ]
    elif f.depth == 1:
        key = "(BY_SEAT, 0)" if f.pool == BY_SEAT else f"k{i}"
        lines.append(f"    {o} = hidden(len(v))")
        gather = [f"    add({key}, []).extend(v)"]
    elif f.seen == OWN:
        lines.append(
            f"    {o} = tuple([tuple(r) if j == seat else hidden(len(r)) for j, r in enumerate(v)])"
        )
        gather = [
            "    for j, r in enumerate(v):",
            "        if j != seat:",
            f"            add({key}, []).extend(r)",
        ]
    else:
        lines.append(f"    {o} = tuple([hidden(len(r)) for r in v])")
        gather = ["    for j, r in enumerate(v):", f"        add({key}, []).extend(r)"]
    return lines + gather * pooled


def _seen_source(fields: Sequence[FieldSpec], pooled: bool) -> str:
    """The source of ``seen(t, seat)`` for these fields: what the loop over the fields
    would do, unrolled (pool keys ``k<i>`` come from the environment); without
    ``pooled``, the field values alone (the unseen cards not gathered)."""
    lines = ["def seen(t, seat):"] + (["    pools = {}", "    add = pools.setdefault"] * pooled)
    for i, f in enumerate(fields):
        lines += _field_lines(i, f, pooled)
    values = "[" + ", ".join(f"o{i}" for i in range(len(fields))) + "]"
    lines.append(f"    return {values}, pools" if pooled else f"    return {values}")
    return "\n".join(lines)


def _compile_seen(fields: Sequence[FieldSpec], pooled: bool) -> Callable[..., Any]:
    return _compile(fields, _seen_source(fields, pooled))


def _check_names(fields: Sequence[FieldSpec]) -> None:
    for f in fields:  # compiled sources name fields as attributes: identifiers only
        if not f.name.isidentifier() or keyword.iskeyword(f.name):
            raise ValueError(f"field name {f.name!r} is not an identifier")


def _compile(fields: Sequence[FieldSpec], source: str) -> Callable[..., Any]:
    """The function ``seen`` that ``source`` (made from these fields) defines."""
    _check_names(fields)
    scope: dict[str, Any] = {"hidden": hidden, "H0": hidden(0), "H1": hidden(1), "BY_SEAT": BY_SEAT}
    scope.update({f"k{i}": f.pool for i, f in enumerate(fields)})
    exec(compile(source, "<kernel seen>", "exec"), scope)  # noqa: S102 - from field names
    compiled: Callable[..., Any] = scope["seen"]
    return compiled


def seen_table(t: Any, seat: int) -> Any:
    """A read-only table of what ``seat`` sees of table ``t``, on an instance of ``t``'s
    class (so the table's own methods read it): a public field is ``t``'s own value
    (not copied: read it, never change it), the steps are masked as ``seen_state``
    masks them, and a hidden or own field is worked out on its first read, as
    ``Table.seen_state(seat)`` holds it (the same lines compute it,
    :func:`_field_lines`). A rule of thumb then pays only for the secret fields it
    reads and copies no public one (issue 38: the seat's whole view was rebuilt for
    each decision).

    It reads ``t`` when a secret field is first read: use it during the decision it
    was made for, before ``t`` steps again, and never step it. A table that conceals
    secrets inside public fields (``Table.conceal``) masks them on the seen table as
    ``seen_state`` does (a field it masks is its masked value, the others as above).

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> t = g.thaw(g.initial_state())
    >>> v, seen = seen_table(t, 1), t.seen_state(1)
    >>> v.hands, v.deck, v.tasks == seen.tasks, v.tricks is t.tricks
    ((Hidden(0), ()), Hidden(10), True, True)
    """
    try:
        make = _SEEN_TABLES[type(t)]
    except KeyError:
        make = _SEEN_TABLES[type(t)] = _seen_table_maker(type(t).Frozen.TABLE)
    return make(t, seat)


_SEEN_TABLES: dict[type, Callable[[Any, int], Any]] = {}  # by the class of the table seen


def _conceal_of(cls: Any) -> Any:
    """The kernel's own ``conceal`` (which masks nothing), found on the table class's
    last base that defines it (this module does not import ``table``)."""
    return [k.__dict__["conceal"] for k in cls.__mro__ if "conceal" in k.__dict__][-1]


class _SeenField:
    """A secret field of a seen table: on first read, its value as the seat sees it,
    kept in the instance's ``__dict__`` (a non-data descriptor: later reads find it
    there)."""

    __slots__ = ("name", "fn")

    def __init__(self, name: str, fn: Callable[[Any, int], Any]) -> None:
        self.name, self.fn = name, fn

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        d = obj.__dict__
        value = d[self.name] = self.fn(d["_seen_from"], d["_seen_seat"])
        return value


def _seen_table_maker(cls: Any) -> Callable[[Any, int], Any]:
    """``make(t, seat)``, the seen table of a ``cls`` table: an instance of ``cls``'s
    subclass whose secret fields (and read-only names of them) are :class:`_SeenField`
    (made without the metaclass: the same fields, the same ``Frozen``), its public
    fields and masked steps set by one compiled function; for a class that conceals
    secrets inside public fields, then its ``conceal`` (:func:`_concealing`)."""
    _check_names(cls.FIELDS)
    ns: dict[str, Any] = {
        "__module__": cls.__module__,
        "__doc__": f"What one seat sees of a {cls.__name__}, secret fields read on demand.",
    }
    lines = [
        "def make(t, seat):",
        "    v = new(Seen)",
        "    v.game = t.game",
        "    v._origin = None",
        "    d = v.__dict__",
        "    d['_seen_from'] = t",
        "    d['_seen_seat'] = seat",
    ]
    for i, f in enumerate(cls.FIELDS):
        if f.name == "tasks":
            lines.append("    v.tasks = mask_tasks(t.tasks, seat)")
        elif f.seen == PUBLIC:  # every seat sees all of it: the table's own value
            lines.append(f"    v.{f.name} = t.{f.name}")
        else:
            body = ["def seen(t, seat):", *_field_lines(i, f, False), f"    return o{i}"]
            ns[f.name] = _SeenField(f.name, _compile(cls.FIELDS, "\n".join(body)))
    lines.append("    return v")
    seen = type.__new__(type(cls), f"Seen{cls.__name__}", (cls,), ns)
    scope = {"new": object.__new__, "Seen": seen, "mask_tasks": mask_tasks}
    exec(compile("\n".join(lines), "<kernel seen table>", "exec"), scope)  # noqa: S102 - from field names
    make: Callable[[Any, int], Any] = scope["make"]
    return make if cls.conceal is _conceal_of(cls) else _concealing(make, cls.FIELDS)


def _concealing(make: Callable[[Any, int], Any], fields: Sequence[FieldSpec]) -> Any:
    """``make`` followed by the table's ``conceal``, as ``seen_state`` runs it: on the
    seat's field values (:class:`_ConcealedValues`: each one it reads as ``seen_state``
    holds it), the values it writes then set on the seen table."""
    names = [f.name for f in fields]

    def make_concealed(t: Any, seat: int) -> Any:
        v = make(t, seat)
        seen = _ConcealedValues(v, fields)
        t.conceal(seat, seen)
        for i, value in seen.written.items():
            setattr(v, names[i], value)
        return v

    return make_concealed


class _ConcealedValues:
    """The list of field values ``Table.conceal`` masks in (``seen_state``'s, before its
    snapshot), for a seen table: a value it reads is made when read (a public list
    field as a tuple, as there), a value it writes is kept to set on the table.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> t = make_game().new_table()
    >>> seen = _ConcealedValues(seen_table(t, 0), t.FIELDS)
    >>> seen[2], seen[-1] == tuple(t.tricks), len(seen)  # the hands before the deal
    (((), Hidden(0)), True, 5)
    >>> seen[4] = ("masked",); seen.written
    {4: ('masked',)}
    """

    __slots__ = ("table", "fields", "written")

    def __init__(self, table: Any, fields: Sequence[FieldSpec]) -> None:
        self.table, self.fields = table, fields
        self.written: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self.fields)

    def __getitem__(self, i: int) -> Any:
        i = i + len(self.fields) if i < 0 else i
        if i in self.written:
            return self.written[i]
        f = self.fields[i]
        v = getattr(self.table, f.name)
        if f.seen != PUBLIC or f.depth == 0 or f.name == "tasks":
            return v
        return tuple(v) if f.depth == 1 else tuple(map(tuple, v))

    def __setitem__(self, i: int, value: Any) -> None:
        self.written[i + len(self.fields) if i < 0 else i] = value

    def __iter__(self) -> Iterator[Any]:
        return (self[i] for i in range(len(self.fields)))
