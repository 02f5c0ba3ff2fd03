"""The root of a search decided on common worlds: the ``paired`` root rule.

A plain ISMCTS root spreads its iterations over the moves by UCT, each on its
own deal of the hidden cards and its own dice, and compares their means: in a
card game the deal and the dice swamp the difference between two sound moves,
so a few hundred iterations either copy the rule of thumb (a trust test that
seldom passes) or follow the noise. A game may ask (``search_root = "paired"``
on its class) for its root to be decided instead by **common random numbers**
and **sequential halving** (Karnin, Koren & Somekh 2013; Gumbel MuZero's root
uses it too):

- every candidate move is tried on the same deals with the same seed for
  everything after it (the tree below, chance, the rollout), so two moves are
  compared on the same worlds and their difference keeps little of the deal's
  noise;
- the budget is split over ``ceil(log2(k))`` rounds; after each round the
  worse half of the candidates (by their mean over every world so far) is
  dropped, so later worlds go to the moves still in question; the rule of
  thumb's own move (the game's rollout policy's) is never dropped;
- the best survivor is played only if it beats the rule of thumb's move by
  more than ``z`` (the game's ``search_trust``) standard errors of their paired
  differences, else the rule's move: one step of policy improvement by rollouts
  (Tesauro & Galperin 1996) over the game's own rule.

The iterations below the root are the search's own (``ISMCTS._iterate`` with
the first move given), so the tree, the guided rollouts, the cut and its value
are unchanged. The search calls :func:`paired_root`; it is pure given its
arguments.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

__all__ = ["PAIRED_TRUST", "halving_rounds", "paired_beats", "paired_root"]

PAIRED_TRUST = 1.5
"""Standard errors of the paired difference the best move must beat the rule's move by,
for a game that asks for the paired root without declaring ``search_trust``."""


def halving_rounds(candidates: int, budget: int) -> list[int]:
    """Worlds per candidate in each round of sequential halving: ``ceil(log2(k))`` rounds
    sharing ``budget`` iterations equally, at least one world a round.

    >>> halving_rounds(8, 400), halving_rounds(2, 400), halving_rounds(1, 400)
    ([16, 33, 66], [200], [400])
    """
    if candidates <= 1:
        return [budget]
    rounds, left, out = math.ceil(math.log2(candidates)), candidates, []
    for _ in range(rounds):
        out.append(max(1, budget // rounds // left))
        left = (left + 1) // 2
    return out


def paired_beats(best: Sequence[float], own: Sequence[float], z: float) -> bool:
    """Whether ``best``'s values beat ``own``'s, world by world, by more than ``z``
    standard errors of the mean paired difference.

    >>> paired_beats([1, 1, 1, 0], [0, 0, 0, 0], 2), paired_beats([1, 1, 1, 0], [0, 0, 0, 0], 3)
    (True, False)
    >>> paired_beats([1, 0, 1, 0], [0, 1, 0, 1], 0.0)  # as often worse as better
    False
    """
    d = [a - b for a, b in zip(best, own, strict=True)]
    n = len(d)
    m = sum(d) / n
    if n < 2:
        return m > 0 and z <= 0
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    return m > z * sd / math.sqrt(n)


def paired_root(
    iterate: Callable[[Any, random.Random, Hashable], float],
    worlds: Callable[[], Any],
    legal: Sequence[Hashable],
    hint: Hashable,
    rng: random.Random,
    budget: int,
    z: float,
) -> list[tuple[Hashable, int, float]]:
    """``(move, worlds tried, mean value)`` for every move of ``legal``, the one to play
    first: ``iterate(world, rng, move)`` is one search iteration starting with ``move``
    on ``world`` (a fresh ``worlds()``) returning the searcher's value; ``hint`` (the
    rule of thumb's move) stays to the end and is played unless the best beats it by
    ``z`` standard errors of the paired differences.

    >>> worth = {"a": 0.5, "b": 0.6, "c": 0.1}   # b is better than the rule's a
    >>> luck, own = random.Random(1), random.Random(3)
    >>> def iterate(world, r, move):  # a world's luck moves every move; some is each's own
    ...     return worth[move] + world + r.random() / 10 + own.random() / 5
    >>> [m for m, _, _ in paired_root(iterate, luck.random, "abc", "a", random.Random(2), 60, 2)]
    ['b', 'a', 'c']
    >>> paired_root(iterate, luck.random, "abc", "a", random.Random(2), 60, 50)[0][0]  # trust
    'a'
    """
    values: dict[Hashable, list[float]] = {a: [] for a in legal}
    alive = list(legal)
    rounds = len(halving_rounds(len(alive), budget))
    for _ in range(rounds):  # the rule's kept move may make a round one move larger
        for _ in range(max(1, budget // rounds // len(alive))):
            world, seed = worlds(), rng.getrandbits(64)
            for a in alive:
                values[a].append(iterate(world, random.Random(seed), a))
        ranked = sorted(alive, key=lambda a: -sum(values[a]) / len(values[a]))
        keep = ranked[: (len(alive) + 1) // 2]
        alive = keep if hint not in alive or hint in keep else keep + [hint]
    best = max(alive, key=lambda a: sum(values[a]) / len(values[a]))
    if best != hint and hint in alive and not paired_beats(values[best], values[hint], z):
        best = hint
    out = [(a, len(v), sum(v) / len(v) if v else 0.0) for a, v in values.items()]
    out.sort(key=lambda s: (s[0] != best, -s[1], -s[2]))
    return out
