"""The state graph of a game that declares a compact encoding (for :mod:`.graph`).

A game may tell the solver how to write a table between steps as one whole
number, so the solver keeps numbers instead of snapshots:

- ``solve_key(t) -> int``: the key of a mutable table at a decision or at the
  end (equal states, equal keys; different states, different keys);
- ``solve_table(key) -> table``: a mutable table with that state again;
- ``solve_key_space`` (optional): every key is below it (then the index is one
  flat array of ``int32`` instead of a dict).

The transitions are still made by the game's own rules: each state's table is
rebuilt from its key, each action stepped in place on a clone, chance
expanded with its exact weights (as :func:`~workbench.engine.solve.graph.build_graph`
does), and every state reached is looked up by its key. The graph's
``states`` and ``index`` stay what callers know (a sequence of snapshots, a
mapping from a snapshot to its number), made on demand from the keys; the
successor lists are typed arrays; a game's ``solve_order`` is asked with the
table (it reads the same field names) while enumerating.

>>> from workbench.engine.conformance.toy import TakeAway
>>> has_codec(TakeAway())
False
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

import numpy as np

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game
from workbench.engine.players.rollouts import work_table

__all__ = ["DENSE_LIMIT", "KeyedIndex", "KeyedStates", "WeightPart", "dense_lookup", "has_codec"]

DENSE_LIMIT = 64_000_000
"""A key space up to this size is indexed by one flat array (4 bytes a key), else a dict."""


def has_codec(game: Game[Any]) -> bool:
    """True when ``game`` declares ``solve_key`` and ``solve_table`` (see the module docstring)."""
    return game.solve_key is not None and game.solve_table is not None


class KeyedStates(Sequence[Any]):
    """The states of a keyed graph as snapshots, each made from its key when asked."""

    def __init__(self, game: Any, keys: array) -> None:  # type: ignore[type-arg]
        self.game, self.keys = game, keys

    def __len__(self) -> int:
        return len(self.keys)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self.game.solve_table(self.keys[i]).freeze()

    def __iter__(self) -> Iterator[Any]:
        table = self.game.solve_table
        for k in self.keys:
            yield table(k).freeze()


class KeyedIndex:
    """Snapshot -> state number for a keyed graph (``get``, ``[]``, ``in``, ``len``)."""

    def __init__(self, game: Any, lookup: Callable[[int], int], size: Callable[[], int]) -> None:
        self.game, self._lookup, self._size = game, lookup, size

    def get(self, state: Any, default: Any = None) -> Any:
        """The number of ``state``, or ``default`` when it was not enumerated."""
        try:
            i = self._lookup(self.game.solve_key(work_table(self.game, state)))
        except (AttributeError, IndexError, TypeError, ValueError):
            return default
        return default if i < 0 else i

    def __getitem__(self, state: Any) -> int:
        i = self.get(state)
        if i is None:
            raise KeyError(state)
        return int(i)

    def __contains__(self, state: Any) -> bool:
        return self.get(state) is not None

    def __len__(self) -> int:
        return self._size()


class WeightPart(Sequence[int]):
    """The numerators (``part`` 0) or denominators (1) of a keyed graph's transitions."""

    def __init__(self, wid: array, table: list[tuple[int, int]], part: int) -> None:  # type: ignore[type-arg]
        self.wid, self.table, self.part = wid, table, part

    def __len__(self) -> int:
        return len(self.wid)

    def __getitem__(self, t: Any) -> Any:
        if isinstance(t, slice):
            return [self.table[w][self.part] for w in self.wid[t]]
        return self.table[self.wid[t]][self.part]


def dense_lookup(keys: array, size: int) -> Callable[[int], int]:  # type: ignore[type-arg]
    """Key -> state number through a flat index of ``size`` slots made from ``keys`` (state
    ``i`` has key ``keys[i]``) at the first lookup: the build's own index is dropped when
    the build ends, so the value iteration does not hold it (2 MB at Pig's goal 50, 14 MB
    at 100); a solution's first lookup of a state remakes it at once.

    >>> lookup = dense_lookup(array("q", [5, 2]), 8)
    >>> lookup(2), lookup(5), lookup(3), lookup(9)
    (1, 0, -1, -1)
    """
    made: list[np.ndarray] = []

    def lookup(k: int) -> int:
        if not made:
            index = np.full(size, -1, dtype=np.int32)
            index[np.frombuffer(keys, dtype=np.int64)] = np.arange(len(keys), dtype=np.int32)
            made.append(index)
        return int(made[0][k]) if 0 <= k < size else -1

    return lookup


def _outcomes(t: Any) -> tuple[list[tuple[Any, int]], int, bool]:
    """The chance step on top: (outcome, weight) pairs, the total weight, and whether
    every weight is 1."""
    top = t.tasks[-1] if hasattr(t, "tasks") else None
    if top is not None and not top.WEIGHTED:
        outs = top.outcomes(t)
        if len(set(outs)) == len(outs):
            return [(o, 1) for o in outs], len(outs), True
    dist = t.chance_dist()
    return list(dist.items()), dist.total, False


def expand_tables(
    t: Any, num: int, den: int, depth: int, limit: int, refuse: Callable[[], Exception]
) -> Iterator[tuple[Any, int, int]]:
    """The decision/terminal tables ``t`` reaches through chance, with exact weights
    (``t`` is used up; each table yielded is only good until the next one)."""
    if t.to_move() != CHANCE:
        yield t, num, den
        return
    if depth >= limit:
        raise refuse()
    pairs, total, _ = _outcomes(t)
    last = len(pairs) - 1
    for i, (outcome, weight) in enumerate(pairs):
        c = t if i == last else t.clone()
        c.step(outcome)
        if c.to_move() != CHANCE:
            yield c, num * weight, den * total
        else:
            yield from expand_tables(c, num * weight, den * total, depth + 1, limit, refuse)


def build_keyed(
    g: Any,
    max_states: int,
    check: Callable[[Any, int], None] | None,
    shares: Callable[[Any], tuple[Any, ...]],
    too_many: Callable[[], Exception],
    limit: int,
    refuse: Callable[[], Exception],
) -> None:
    """Fill the graph ``g`` through the game's codec (see the module docstring).

    ``check(table, seat)`` (when given) raises where the solver cannot go;
    ``shares(snapshot)`` gives a terminal state's shares of the win.

    The loop keeps to whole numbers: a state is its key, its number an ``int32`` in
    a flat index (or a dict), each transition a state number and a weight id in typed
    arrays; a chance step whose equally likely outcomes are the same as the last
    one's reuses their weight id (one ``extend`` per row)."""
    game = g.game
    key_of, table_of = game.solve_key, game.solve_table
    space = game.solve_key_space
    keys = array("q")
    index: Any
    size = 0 if space is None else int(space)
    dense = space is not None and size <= DENSE_LIMIT
    if dense:
        index = array("i", [-1]) * size

        def lookup(k: int) -> int:
            return int(index[k]) if 0 <= k < len(index) else -1
    else:
        index = {}

        def lookup(k: int) -> int:
            return int(index.get(k, -1))

    def bad_key(k: Any) -> ValueError:
        if dense and isinstance(k, int) and k < 0:
            return ValueError(f"{game.name}: solve_key gave {k}, below 0")
        return ValueError(
            f"{game.name}: solve_key gave {k!r}, not a whole number in 0..{space} (solve_key_space)"
        )

    def add(k: Any) -> int:
        """The number of the state keyed ``k``, a new one when it is new."""
        try:
            i = index[k] if dense else index.get(k, -1)
        except (IndexError, OverflowError, TypeError):
            raise bad_key(k) from None
        if i < 0 or (dense and k < 0):
            if dense and k < 0:
                raise bad_key(k)
            i = len(keys)
            if i >= max_states:
                raise too_many()
            index[k] = i
            keys.append(k)
        return i  # type: ignore[no-any-return]

    succ, wid = array("i"), array("B")
    weight_ids: dict[tuple[int, int], int] = {(1, 1): 0}

    def weight(n: int, d: int) -> int:
        nonlocal wid
        w = weight_ids.setdefault((n, d), len(weight_ids))
        if w >= 1 << (8 * wid.itemsize):  # more weights than the id type holds: widen it
            wid = array("H" if w < 1 << 16 else "q", wid)
        return w

    ptr, row_start, mover = array("q", [0]), array("q", [0]), array("i")
    stage, sub = array("q"), array("q")
    order_of = game.solve_order
    legal_seen: dict[tuple[Hashable, ...], tuple[Hashable, ...]] = {}
    actions: list[tuple[Hashable, ...]] = []
    start = work_table(game, game.initial_state())
    g.root = [(add(key_of(t)), n, d) for t, n, d in expand_tables(start, 1, 1, 0, limit, refuse)]
    # the last chance step's equally likely outcomes (a copy), their count and weight id
    last_outs: list[Any] | None = None
    last_ids: array = array("B")  # type: ignore[type-arg]
    pairs: list[tuple[Any, int]] = []
    total = uniform = 0
    succ_append, ptr_append = succ.append, ptr.append
    done = 0
    while done < len(keys):
        t = table_of(keys[done])
        who = t.to_move()
        if order_of is not None:
            st, sb = order_of(t)
            stage.append(st)
            sub.append(sb)
        if who == TERMINAL:
            mover.append(TERMINAL)
            actions.append(())
            g.shares[done] = shares(t.freeze())
            row_start.append(len(ptr) - 1)
            done += 1
            continue
        if check is not None:
            check(t, who)
        legal = tuple(t.legal())
        legal = legal_seen.setdefault(legal, legal)
        mover.append(who)
        actions.append(legal)
        last = len(legal) - 1
        for j, a in enumerate(legal):
            c = t if j == last else t.clone()
            c.step(a)
            if c.to_move() != CHANCE:  # a decision or the end at once
                succ_append(add(key_of(c)))
                wid.append(0)
                ptr_append(len(succ))
                continue
            top = c.tasks[-1] if hasattr(c, "tasks") else None
            outs = top.outcomes(c) if top is not None and not top.WEIGHTED else None
            if outs is None or outs != last_outs:  # chance: one level inline, the usual case
                pairs, total, uniform = _outcomes(c)
                last_outs = outs[:] if uniform and outs is not None else None
                if uniform:
                    last_ids = array(wid.typecode, [weight(1, total)]) * total
            final = len(pairs) - 1
            for i, (outcome, w) in enumerate(pairs):
                x = c if i == final else c.clone()
                x.step(outcome)
                if x.to_move() != CHANCE:
                    succ_append(add(key_of(x)))
                    if not uniform:
                        wid.append(weight(w, total))
                else:
                    if uniform:  # a deeper chain: the row's weights one by one after all
                        wid.extend(last_ids[:i])
                        uniform, last_outs = False, None
                    for s, n, d in expand_tables(x, w, total, 1, limit, refuse):
                        succ_append(add(key_of(s)))
                        wid.append(weight(n, d))
            if uniform:
                if last_ids.typecode != wid.typecode:
                    last_ids = array(wid.typecode, last_ids)
                wid.extend(last_ids)
            ptr_append(len(succ))
        row_start.append(len(ptr) - 1)
        done += 1
    table = sorted(weight_ids, key=weight_ids.__getitem__)
    g.keys, g.succ, g.ptr, g.row_start, g.mover = keys, succ, ptr, row_start, mover
    g.weight = (wid, table)
    g.num, g.den = WeightPart(wid, table, 0), WeightPart(wid, table, 1)
    g.actions = actions
    g.states = KeyedStates(game, keys)
    # a flat index is made again when first asked (its memory free while the values are
    # iterated); the closures holding the build's own go with this call
    g.index = KeyedIndex(game, dense_lookup(keys, size) if dense else lookup, lambda: len(keys))
    if order_of is not None:  # a block order that is one value throughout is not kept
        subs = np.frombuffer(sub, dtype=np.int64)
        g.order = (stage, None if len(subs) and subs.min() == subs.max() else sub)
