"""Dealing hidden cards back only where the rules could have put them.

The kernel's generic ``determinize`` pours every unseen card of a pool into
every hidden zone of that pool. A game whose zones cannot hold every card (a
hand never keeps an event that resolves when drawn; a face-down slot holds
only a card that could have been placed there) says so with
:func:`deal_where_allowed`: for each hidden zone, which unseen cards may lie
there (``allowed[(field, row)]``, a predicate on a card id; a zone not named
takes any card of its pool), and optionally a check of the whole dealt world
(``accept``: e.g. "the k-th face-down card fits the k-th placement").

The deal is **uniform over the worlds the constraints allow** (every
assignment of the unseen cards to the hidden slots in which each card lies
where it may, and ``accept`` holds, is equally likely), which is the
posterior of a seat that treats the other seats' choices as telling it only
that they were legal:

- when the zones' sets of allowed cards are *laminar* (any two are nested or
  disjoint, as "mandatory events only" / "no mandatory event" / "placeable
  events" / "anything" are), zones are dealt from the most constrained to the
  least, each drawing uniformly from the allowed cards still undealt: the
  number of ways to finish never depends on which cards an earlier zone drew,
  so every allowed world has the same probability;
- otherwise the unseen cards are shuffled and dealt in order, and a deal that
  breaks a constraint is dealt again (rejection: exact, slower);
- ``accept`` is applied by rejection on top of either.

>>> import random
>>> from workbench.engine.conformance.kernel_toy import make_game
>>> g = make_game()
>>> s = g.initial_state()
>>> for card in (5, 1, 2, 2):
...     s = g.apply(s, card)
>>> obs = g.observe(s, 0)
>>> odd = {("hands", 1): lambda c: c % 2 == 1}   # say seat 1 could hold only odd cards
>>> w = deal_where_allowed(g.table, obs, random.Random(3), odd)
>>> w.hands[0], all(c % 2 for c in w.hands[1]), sorted(w.deck + w.hands[1]) == sorted(obs.unseen)
((5, 2), True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from workbench.engine.kernel.fields import OWN, PUBLIC, Snapshot
from workbench.engine.kernel.hidden import Hidden, Observation, sorted_cards

__all__ = ["NoWorld", "PreparedDeal", "deal_where_allowed", "hidden_slots", "is_laminar"]

Allowed = Mapping[tuple[str, int], Callable[[Hashable], bool]]


class NoWorld(RuntimeError):
    """No world the constraints allow was found (they contradict the observation)."""


def hidden_slots(cls: Any, state: Sequence[Any]) -> list[tuple[int, str, int, int]]:
    """``(field index, field name, row, size)`` of every hidden zone in an observed state
    (a seat's own secret item counts as a zone of size 1 when it holds a card).

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> hidden_slots(g.table, g.observe(g.initial_state(), 0).state)
    [(1, 'deck', 0, 10), (2, 'hands', 1, 0)]
    """
    out = []
    for k, (f, v) in enumerate(zip(cls.FIELDS, state)):
        if f.seen == PUBLIC:
            continue
        if f.depth == 1 and f.seen != OWN:
            if isinstance(v, Hidden):
                out.append((k, f.name, 0, v.size))
        else:
            out += [(k, f.name, i, x.size) for i, x in enumerate(v) if isinstance(x, Hidden)]
    return out


def is_laminar(sets: Sequence[frozenset[Hashable]]) -> bool:
    """True when any two of the sets are nested or disjoint.

    >>> is_laminar([frozenset({1}), frozenset({1, 2}), frozenset({3})])
    True
    >>> is_laminar([frozenset({1, 2}), frozenset({2, 3})])
    False
    """
    for i, a in enumerate(sets):
        for b in sets[i + 1 :]:
            if a & b and not (a <= b or b <= a):
                return False
    return True


def deal_where_allowed(
    cls: Any,
    obs: Observation,
    rng: random.Random,
    allowed: Allowed,
    accept: Callable[[Snapshot], bool] | None = None,
    tries: int = 10_000,
) -> Snapshot:
    """A full state consistent with ``obs`` in which every hidden zone holds only cards
    ``allowed`` there and ``accept(world)`` holds, uniform over such worlds (see the
    module docstring); :class:`NoWorld` after ``tries`` rejected deals.
    (``PreparedDeal(cls, obs, allowed).deal(rng, accept, tries)``: the same draws.)"""
    return PreparedDeal(cls, obs, allowed).deal(rng, accept, tries)


class PreparedDeal:
    """Everything :func:`deal_where_allowed` reads from the observation and the
    constraints alone (the hidden zones, which unseen cards each may hold, the dealing
    order, whether the sets are laminar), worked out once; :meth:`deal` then only draws.

    A search deals hundreds of worlds from one observation: it prepares once and deals
    many times, with the same draws from the rng as :func:`deal_where_allowed` makes.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> s = g.initial_state()
    >>> for card in (5, 1, 2, 2):
    ...     s = g.apply(s, card)
    >>> obs = g.observe(s, 0)
    >>> odd = {("hands", 1): lambda c: c % 2 == 1}
    >>> prepared = PreparedDeal(g.table, obs, odd)
    >>> prepared.deal(random.Random(3)) == deal_where_allowed(g.table, obs, random.Random(3), odd)
    True
    """

    __slots__ = ("cls", "seat", "state", "slots", "laminar", "plan", "names")

    def __init__(self, cls: Any, obs: Observation, allowed: Allowed) -> None:
        slots = hidden_slots(cls, obs.state)
        pools = dict(obs.pools) if obs.pools else None
        fields = cls.FIELDS
        cards_of_slot: list[tuple[Hashable, ...]] = []
        kept: dict[tuple[int, int], tuple[Hashable, ...]] = {}  # zones sharing a rule and pool
        for k, name, row, _ in slots:
            pool = obs.unseen if pools is None else pools.get(fields[k].key(row), ())
            ok = allowed.get((name, row))
            if ok is None:
                cards_of_slot.append(tuple(pool))
                continue
            cards = kept.get((id(ok), id(pool)))
            if cards is None:
                cards = kept[id(ok), id(pool)] = tuple([c for c in pool if ok(c)])
            cards_of_slot.append(cards)
        groups: dict[Hashable, list[int]] = {}
        for j, (k, _, row, _) in enumerate(slots):
            groups.setdefault(None if pools is None else fields[k].key(row), []).append(j)
        self.cls, self.seat, self.state, self.slots = cls, obs.seat, obs.state, slots
        self.names = sorted({name for _, name, _, _ in slots})
        as_set = {id(cards): frozenset(cards) for cards in cards_of_slot}
        self.laminar = all(
            is_laminar([as_set[id(cards_of_slot[j])] for j in js]) for js in groups.values()
        )
        # per pool: its cards in the observation's order, and its zones in dealing order
        self.plan: list[tuple[tuple[Hashable, ...], list[tuple[int, int, Any, bool]]]] = []
        for key, js in groups.items():
            pool = tuple(obs.unseen if pools is None else pools.get(key, ()))
            if self.laminar:  # the most constrained zone first; uniform among what is left
                index: dict[Hashable, list[int]] = {c: [] for c in pool}
                for i, c in enumerate(pool):
                    index[c].append(i)
                order = sorted(js, key=lambda j: len(cards_of_slot[j]))
                zones: list[tuple[int, int, Any, bool]] = []
                seen: set[int] = set()
                positions: dict[int, tuple[int, ...]] = {}  # zones sharing their cards
                for j in order:  # candidates: the pool positions of the allowed cards
                    cards = cards_of_slot[j]
                    cand = positions.get(id(cards))
                    if cand is None:
                        cand = positions[id(cards)] = tuple(
                            [i for c in dict.fromkeys(cards) for i in index[c]]
                        )
                    zones.append((j, slots[j][3], cand, bool(seen.intersection(cand))))
                    seen.update(cand)
            else:  # shuffle and deal in order, then check every card's place
                zones = [(j, slots[j][3], frozenset(cards_of_slot[j]), True) for j in js]
            self.plan.append((pool, zones))

    def deal(
        self,
        rng: random.Random,
        accept: Callable[[Snapshot], bool] | None = None,
        tries: int = 10_000,
    ) -> Snapshot:
        """One world (see :func:`deal_where_allowed`)."""
        for _ in range(tries):
            dealt = self._draw(rng)
            if dealt is None:
                continue
            world = _fill(self.cls, self.state, self.slots, dealt)
            if accept is None or accept(world):
                return world
        raise NoWorld(
            f"no world for seat {self.seat} after {tries} deals: the constraints on "
            f"{self.names} leave no room"
        )

    def _draw(self, rng: random.Random) -> list[tuple[Hashable, ...]] | None:
        """One deal: each slot's cards (None when a constraint broke: deal again)."""
        out: list[tuple[Hashable, ...]] = [()] * len(self.slots)
        for pool, zones in self.plan:
            if self.laminar:
                left = set(range(len(pool)))
                for j, size, cand, shared in zones:
                    if not size:  # nothing to deal (a sample of none draws nothing)
                        continue
                    # a zone whose cards no earlier zone could take draws from all of them
                    free = [i for i in cand if i in left] if shared else cand
                    if len(free) < size:
                        return None
                    picked = rng.sample(free, size)
                    left.difference_update(picked)
                    out[j] = tuple([pool[i] for i in picked])
            else:
                cards = list(pool)
                rng.shuffle(cards)
                it = iter(cards)
                for j, size, ok, _ in zones:
                    got = tuple(next(it) for _ in range(size))
                    if any(c not in ok for c in got):
                        return None
                    out[j] = got
        return out


def _fill(
    cls: Any,
    state: Sequence[Any],
    slots: list[tuple[int, str, int, int]],
    dealt: list[tuple[Hashable, ...]],
) -> Snapshot:
    values = list(state)
    rows: dict[int, list[Any]] = {}
    for (k, _, row, _), cards in zip(slots, dealt):
        f = cls.FIELDS[k]
        got = sorted_cards(cards) if f.sort else cards
        if f.depth == 1 and f.seen != OWN:
            values[k] = got
        elif f.depth == 1:
            rows.setdefault(k, list(values[k]))[row] = got[0] if got else None
        else:
            rows.setdefault(k, list(values[k]))[row] = got
    for k, v in rows.items():
        values[k] = tuple(v)
    frozen: Snapshot = cls.Frozen(values)
    return frozen
