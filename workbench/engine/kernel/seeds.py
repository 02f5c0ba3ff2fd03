"""Deterministic seeds derived from a master seed and a few labels.

A game in a batch gets the seed ``derive_seed(seed, ...)`` of its coordinates
only (master seed, grid point, game index), so results never depend on how
the batch is chunked or which process runs it. The derivation goes through
``random.Random(str)``, which hashes with SHA-512: stable across processes
and Python runs (no ``PYTHONHASHSEED`` dependence).

**Players draw from rngs of their own.** In a game seeded ``seed``, chance
draws from ``random.Random(seed)`` and nothing else; the player in seat ``s``
draws from :func:`player_rng` ``(seed, s)``, a stream derived from the seed and
the seat. So the deals and dice of a game do not depend on who plays it or how
long a search thinks (``ismcts:50`` and ``ismcts:400`` see the same deals for
the same seed), and one seat's draws never shift another seat's. Every path
that lets bots play (playouts, simulations, matches, ladders, comparisons,
sessions, playtests, boards) takes its players' rngs from :func:`player_rngs`.
A replay stays (game, parameters, seed, actions).
"""

from __future__ import annotations

import random
from collections.abc import Hashable


def derive_seed(*parts: Hashable) -> int:
    """A 63-bit seed that depends only on the parts' reprs.

    >>> derive_seed(0, 1) == derive_seed(0, 1)
    True
    >>> derive_seed(0, 1) != derive_seed(0, 2)
    True
    >>> 0 <= derive_seed("x") < 2**63
    True
    """
    return random.Random(_key(parts)).getrandbits(63)


def _key(parts: tuple[Hashable, ...]) -> str:
    return "\x1f".join(repr(p) for p in parts)


def player_seed(seed: int | random.Random, seat: int) -> str:
    """The seed of seat ``seat``'s player rng in the game seeded ``seed``: the key
    ``derive_seed(seed, "player", seat)`` hashes, given to ``random.Random``
    directly (one SHA-512 seeding instead of two: a few microseconds a seat, paid
    once per game). A ``random.Random`` as ``seed`` (a caller's chance rng)
    is keyed by its state, which is read and not drawn from.

    >>> player_seed(7, 1) == player_seed(7, 1) != player_seed(7, 0)
    True
    >>> r = random.Random(7); player_seed(r, 0) == player_seed(random.Random(7), 0)
    True
    """
    base: Hashable = seed.getstate() if isinstance(seed, random.Random) else seed
    return _key((base, "player", seat))


def player_rng(seed: int | random.Random, seat: int) -> random.Random:
    """Seat ``seat``'s player's own rng in the game seeded ``seed`` (see the module
    docstring): never the chance rng, the same for the same (seed, seat).

    >>> player_rng(3, 0).random() == player_rng(3, 0).random() != player_rng(3, 1).random()
    True
    """
    return random.Random(player_seed(seed, seat))


def player_rngs(seed: int | random.Random, seats: int) -> tuple[random.Random, ...]:
    """One :func:`player_rng` per seat, seat 0 first.

    >>> a, b = player_rngs(5, 2)
    >>> a.random() == player_rng(5, 0).random() and b.random() == player_rng(5, 1).random()
    True
    """
    return tuple(player_rng(seed, s) for s in range(seats))
