"""icepool interop: keep-highest, explode and reroll come from icepool, and the
results come back as :class:`~workbench.prob.Dist` for our tables and charts.

Conversions keep integer weights exactly (icepool counts are integers too).

>>> from workbench.prob.dice import die, pool
>>> blank6 = die((1, 2, 3, 4, 5, 0))
>>> d = from_icepool(to_icepool(blank6) + to_icepool(blank6))
>>> d == pool(2, blank6)
True
>>> keep_highest(4, D6, 3).mean()
15869/1296
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable
from typing import Any

import icepool

from workbench.prob.dice import D6
from workbench.prob.dist import Dist

__all__ = ["explode", "from_icepool", "keep_highest", "keep_lowest", "reroll", "to_icepool"]


def to_icepool(dist: Dist) -> icepool.Die:
    """Our distribution as an icepool ``Die`` with the same integer weights (both are
    immutable, so one Die per distribution is kept: icepool's own caches then key on
    the same object, and the conversion costs nothing the second time).

    >>> to_icepool(Dist.uniform((1, 2, 3, 4, 5, 0))).denominator()
    6
    >>> to_icepool(D6) is to_icepool(D6)
    True
    """
    return _to_icepool(dist)


@functools.lru_cache(maxsize=256)
def _to_icepool(dist: Dist) -> icepool.Die:
    weights = dist._weights  # read-only here: tuples are icepool's fastest input
    return icepool.Die(tuple(weights), times=tuple(weights.values()))


def from_icepool(die: Any) -> Dist:
    """An icepool ``Die`` (or anything with ``.items()`` of outcome -> count) as a Dist.

    >>> from_icepool(icepool.d6.explode(depth=1)).p(12)
    1/36
    """
    if isinstance(die, icepool.Die):
        # icepool keeps its outcomes sorted with int counts: no re-validation needed
        weights = {o: q for o, q in die.items() if q}
        if weights:
            return Dist._trusted(weights)
    if not (isinstance(die, icepool.Die) or hasattr(die, "items")):
        raise TypeError(f"expected an icepool Die, got {type(die).__name__}")
    items = list(die.items())
    if (
        all(type(o) is int and type(q) is int and q >= 0 for o, q in items)
        and any(q for _, q in items)
        and all(a[0] < b[0] for a, b in zip(items, items[1:]))
    ):  # icepool's usual answer: sorted int outcomes, int counts (the fast path)
        return Dist._trusted({o: q for o, q in items if q})
    return Dist({o: int(q) for o, q in items})


def keep_highest(n: int, die: Dist = D6, keep: int = 1) -> Dist:
    """Sum of the ``keep`` highest of n dice (icepool's pool algorithm).

    >>> keep_highest(2, D6, 1).p(6)
    11/36
    """
    _check(n, keep)
    return from_icepool(to_icepool(die).pool(n).highest(keep).sum())


def keep_lowest(n: int, die: Dist = D6, keep: int = 1) -> Dist:
    """Sum of the ``keep`` lowest of n dice.

    >>> keep_lowest(2, D6, 1).p(1)
    11/36
    """
    _check(n, keep)
    return from_icepool(to_icepool(die).pool(n).lowest(keep).sum())


def explode(die: Dist = D6, faces: Iterable[Hashable] | None = None, depth: int = 2) -> Dist:
    """Roll again and add when a die shows one of ``faces`` (default: its highest), at most
    ``depth`` extra times.

    >>> explode(D6, depth=1).mean()
    49/12
    """
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    which = None if faces is None else list(faces)
    return from_icepool(to_icepool(die).explode(which, depth=depth))


def reroll(die: Dist = D6, faces: Iterable[Hashable] = (1,), depth: int | None = 1) -> Dist:
    """Reroll a die showing one of ``faces``, up to ``depth`` times (None: until it doesn't).

    >>> reroll(D6, [1], depth=1).p(1)
    1/36
    >>> reroll(Dist.uniform((1, 2, 3, 4, 5, 0)), [0], depth=None).p(0)
    0
    """
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be >= 0 or None, got {depth}")
    which = list(faces)
    if depth is None:
        return from_icepool(to_icepool(die).reroll(which, depth="inf"))
    return from_icepool(to_icepool(die).reroll(which, depth=depth))


def _check(n: int, keep: int) -> None:
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"number of dice must be a non-negative int, got {n!r}")
    if not isinstance(keep, int) or not 0 <= keep <= n:
        raise ValueError(f"keep must be between 0 and the number of dice ({n}), got {keep!r}")
