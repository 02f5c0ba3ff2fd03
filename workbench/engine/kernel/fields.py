"""The kernel's field declarations: ``value()``, ``items()``, ``rows()`` and who sees each
(``PUBLIC``, ``OWN``, ``HIDDEN``; hidden cards' ``pool``), and the frozen
:class:`Snapshot` a table class derives from them (see :mod:`workbench.engine.kernel.table`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from workbench.engine.kernel.copies import install

__all__ = [
    "BY_SEAT",
    "HIDDEN",
    "OWN",
    "PUBLIC",
    "FieldSpec",
    "Snapshot",
    "items",
    "rows",
    "value",
]

PUBLIC, OWN, HIDDEN = "public", "own", "hidden"
BY_SEAT = "by seat"  # a pool: row or item i holds only seat i's cards
_SEEN = (PUBLIC, OWN, HIDDEN)


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One declared field: nesting depth (0 value, 1 list, 2 list of lists),
    who sees it, whether a hidden zone is kept sorted (a multiset), and the
    pool its hidden cards are dealt back from when a seat determinizes
    (``""``: one pool shared by every field; a name: a pool of its own kind of
    card; :data:`BY_SEAT`: row or item ``i`` deals only seat ``i``'s cards)."""

    depth: int
    seen: str = PUBLIC
    sort: bool = False
    name: str = ""
    pool: str = ""

    def key(self, i: int) -> Hashable:
        """The pool of row or item ``i``."""
        return (BY_SEAT, i) if self.pool == BY_SEAT else self.pool

    def __post_init__(self) -> None:
        if self.seen not in _SEEN:
            raise ValueError(f"seen must be one of {_SEEN}, got {self.seen!r}")
        if self.seen != PUBLIC and self.depth == 0:
            raise ValueError("a hidden or own field must be a list (items) or rows")


def value(*, seen: str = PUBLIC) -> Any:
    """An immutable field (int, str, tuple, None ...): ``round: int = value()``."""
    return FieldSpec(0, seen)


def items(*, seen: str = PUBLIC, sort: bool = False, pool: str = "") -> Any:
    """A list field (of immutable items): ``discard: list[str] = items()``.

    ``seen=OWN``: item ``i`` is seat ``i``'s secret (``None`` when empty);
    ``seen=HIDDEN``: nobody sees the contents, only the count. ``pool``: see
    :class:`FieldSpec` (a game with two kinds of hidden card names two pools).
    """
    return FieldSpec(1, seen, sort, pool=pool)


def rows(*, seen: str = PUBLIC, sort: bool = False, pool: str = "") -> Any:
    """A list-of-lists field: ``hands: list[list[str]] = rows(seen=OWN)`` (row ``i`` is
    seat ``i``'s), ``decks: list[list[str]] = rows(seen=HIDDEN, sort=True)``;
    ``pool=BY_SEAT`` when row ``i``'s cards can only be seat ``i``'s (its own deck)."""
    return FieldSpec(2, seen, sort, pool=pool)


class Snapshot(tuple[Any, ...]):
    """An immutable state: the table's fields in declaration order, readable by name.

    Each table class has its own subclass (``MyTable.Frozen``) with one
    property per field.
    """

    __slots__ = ()
    TABLE: ClassVar[TableMeta]
    """The table class it freezes (an instance of :class:`TableMeta`)."""

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any: ...

    def __repr__(self) -> str:
        inner = ", ".join(f"{f.name}={v!r}" for f, v in zip(self.TABLE.FIELDS, self))
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.TABLE, tuple(self)))


def _restore(table: TableMeta, values: tuple[Any, ...]) -> Snapshot:
    return table.Frozen(values)


class TableMeta(type):
    """Turns a table class's field declarations into slots, FIELDS and a Snapshot class."""

    FIELDS: tuple[FieldSpec, ...]  # what __new__ sets on every table class
    NAMES: tuple[str, ...]
    Frozen: type[Snapshot]

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> TableMeta:
        own = [(k, v) for k, v in ns.items() if isinstance(v, FieldSpec)]
        for k, _ in own:
            del ns[k]
        # plain attributes a table class needs besides its fields: ``_SLOTS``
        ns["__slots__"] = tuple(ns.pop("_SLOTS", ())) + tuple(k for k, _ in own)
        cls = super().__new__(mcls, name, bases, ns)
        inherited: tuple[FieldSpec, ...] = getattr(cls, "FIELDS", ())
        fields = inherited + tuple(FieldSpec(v.depth, v.seen, v.sort, k, v.pool) for k, v in own)
        cls.FIELDS = fields
        cls.NAMES = tuple(f.name for f in fields)
        props: dict[str, Any] = {f.name: property(itemgetter(i)) for i, f in enumerate(fields)}
        snap = type(f"{name}Snapshot", (Snapshot,), {"__slots__": (), "TABLE": cls, **props})
        snap.__module__ = ns.get("__module__", __name__)
        cls.Frozen = snap
        install(cls)  # compiled freeze/thaw/view/clone for these fields
        return cls
