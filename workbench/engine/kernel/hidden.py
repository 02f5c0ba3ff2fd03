"""Hidden information on the kernel: a zone seen from outside (:class:`Hidden`), what one
seat sees (:class:`Observation`), and a full state dealt back from it (``fill``,
``shuffle_deal``), pool by pool. How a table is seen by one seat, field by field, is
:mod:`workbench.engine.kernel.seen` (see also :mod:`workbench.engine.kernel.table`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, NamedTuple

from workbench.engine.kernel.fields import OWN, PUBLIC, FieldSpec, Snapshot, TableMeta

__all__ = [
    "Hidden",
    "HiddenInformation",
    "Observation",
    "fill",
    "has_hidden",
    "hidden",
    "observation",
    "shuffle_deal",
    "sorted_cards",
]


class HiddenInformation(LookupError):
    """Raised when a player's code reads the contents of a zone its seat cannot see."""


class Hidden:
    """A zone seen from outside: its size is known, its contents are not.

    ``len()`` and truth work; iterating, indexing or ``in`` raise
    :class:`HiddenInformation` (so a player cannot peek by accident).

    >>> h = Hidden(3)
    >>> len(h), bool(h), h
    (3, True, Hidden(3))
    >>> list(h)
    Traceback (most recent call last):
    ...
    workbench.engine.kernel.hidden.HiddenInformation: 3 hidden cards: this seat cannot see them
    """

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def _refuse(self, *_: Any) -> Any:
        raise HiddenInformation(f"{self.size} hidden cards: this seat cannot see them")

    __iter__ = __getitem__ = __contains__ = _refuse

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hidden) and other.size == self.size

    def __hash__(self) -> int:
        return hash(("Hidden", self.size))

    def __repr__(self) -> str:
        return f"Hidden({self.size})"


class Observation(NamedTuple):
    """What one seat may see: the state with unseen zones as :class:`Hidden`, and
    the unseen cards (sorted, so it says nothing about where each is): all of
    them, and by pool (``(pool key, cards)`` pairs; empty: one pool)."""

    seat: int
    state: Snapshot
    unseen: tuple[Hashable, ...]
    pools: tuple[tuple[Hashable, tuple[Hashable, ...]], ...] = ()


def sorted_cards(cards: Any) -> tuple[Hashable, ...]:
    """Card ids in their canonical order (see ``_order``); ids of one plain type
    (all ints or all strs, the usual case) sort without a key, and ints with strs
    (two kinds of card in one hidden pool) as the sorted ints, then the sorted strs.

    >>> sorted_cards([10, 9, 2]), sorted_cards(["b", 3, "a", 1])
    ((2, 9, 10), (1, 3, 'a', 'b'))
    """
    kinds = set(map(type, cards))
    if len(kinds) <= 1 and kinds <= _PLAIN:
        return tuple(sorted(cards))
    if kinds == _PLAIN:  # what _order gives ("int" < "str"), without a key per card
        return (
            *sorted([c for c in cards if type(c) is int]),
            *sorted([c for c in cards if type(c) is str]),
        )
    return tuple(sorted(cards, key=_order))


_PLAIN = frozenset((int, str))
_HIDDEN = tuple(Hidden(n) for n in range(256))


def hidden(size: int) -> Hidden:
    """``Hidden(size)``, shared for the sizes an observation meets (they are never changed).

    >>> hidden(3) == Hidden(3), hidden(3) is hidden(3), hidden(999)
    (True, True, Hidden(999))
    """
    return _HIDDEN[size] if size < 256 else Hidden(size)


def _order(x: Any) -> tuple[str, Any]:
    """A sort key for card ids of any type: numbers by value, text by text, others
    by their repr (never compared across types)."""
    return (type(x).__name__, x if isinstance(x, int | str) else repr(x))


def observation(seat: int, state: Snapshot, pools: dict[Hashable, list[Hashable]]) -> Observation:
    """The :class:`Observation` of ``seat``: its observed ``state`` and the unseen cards
    of ``pools``, sorted (once, when they form one pool)."""
    if len(pools) == 1:
        (cards,) = pools.values()
        return Observation(seat, state, sorted_cards(cards), ())
    unseen = sorted_cards([c for cards in pools.values() for c in cards])
    by_pool = (
        tuple((k, sorted_cards(pools[k])) for k in sorted(pools, key=repr))
        if len(pools) > 1
        else ()
    )
    return Observation(seat, state, unseen, by_pool)


def has_hidden(state: Sequence[Any]) -> bool:
    for v in state:
        if isinstance(v, Hidden):
            return True
        if isinstance(v, tuple) and any(isinstance(x, Hidden) for x in v):
            return True
    return False


def fill(
    cls: TableMeta, state: Sequence[Any], dealt: dict[Hashable, Iterator[Hashable]]
) -> Snapshot:
    """Deal each hidden marker's cards from its pool (``dealt[None]``: one pool for all)."""

    def source(f: FieldSpec, i: int) -> Iterator[Hashable]:
        return dealt[None] if None in dealt else dealt.get(f.key(i), iter(()))

    def deal(h: Hidden, cards: Iterator[Hashable], sort: bool) -> tuple[Hashable, ...]:
        got = tuple(next(cards) for _ in range(h.size))
        return sorted_cards(got) if sort else got

    out: list[Any] = []
    for f, v in zip(cls.FIELDS, state):
        if f.seen == PUBLIC:
            out.append(v)
        elif f.depth == 1 and f.seen == OWN:
            out.append(
                tuple(
                    (next(source(f, i)) if x.size else None) if isinstance(x, Hidden) else x
                    for i, x in enumerate(v)
                )
            )
        elif f.depth == 1:
            out.append(deal(v, source(f, 0), f.sort))
        else:
            out.append(
                tuple(
                    deal(r, source(f, i), f.sort) if isinstance(r, Hidden) else r
                    for i, r in enumerate(v)
                )
            )
    return cls.Frozen(out)


def shuffle_deal(cls: TableMeta, obs: Observation) -> Callable[[random.Random], Snapshot]:
    """The kernel's generic deal for one observation, as a function of the rng: each
    pool's unseen cards shuffled and dealt into its hidden zones (``Table.determinize``;
    a search prepares it once and deals many worlds).

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> obs = g.observe(g.initial_state(), 0)
    >>> deal = shuffle_deal(g.table, obs)
    >>> deal(random.Random(2)) == g.table.determinize(obs, random.Random(2))
    True
    """
    state = obs.state
    if not obs.unseen:
        known = state if not has_hidden(state) else fill(cls, state, {})
        return lambda rng: known
    pools = obs.pools or ((None, obs.unseen),)

    def deal(rng: random.Random) -> Snapshot:
        dealt: dict[Hashable, Iterator[Hashable]] = {}
        for key, cards in pools:
            pool = list(cards)
            rng.shuffle(pool)
            dealt[key] = iter(pool)
        return fill(cls, state, dealt)

    return deal
