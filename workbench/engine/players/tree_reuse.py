"""Tree reuse between a seat's decisions: what an ``ismcts`` player keeps of its last
search, and where the next search starts in it.

After a decision the player keeps its tree (:class:`KeptTrees`). At the same seat's
next decision in the same game it starts from the node reached through what the seat
has seen since, and only that:

- its own move (the edge it played);
- then each step of the game as the seat observed it: the tree keys every step by the
  seat's observed state after it (``Table.seen_state``), so outcomes the seat cannot
  tell apart share a node and a hidden card never picks a branch;
- its own forced moves on the way (one legal action: the player is not asked, or the
  kernel plays them), never a choice it did not make;
- up to the first node where the seat has a choice again, whose observed state must be
  the one it sees now. The player is handed only its view now, not what it saw in
  between, so every node of the kept tree that fits (its own move, then its observed
  state now) is a candidate; the one visited most is taken (the first found on a tie):
  a rule on the tree alone, which was built from deals of what the seat saw.

The kept subtree is found again only when nothing else happened to the seat's stream:
the tree is stored per seat under the seat's own rng (``kernel.seeds.player_rng``: one
per game and seat; held weakly, so a finished game's trees go with its rng) with the
rng's state after the search, and used only while the rng is still in that state, the
game the same object and the seat the same. A new game, an undo that rewinds the
stream, another player drawing from it: a fresh tree. A pickled player (sent to a
worker) keeps nothing. So with an iteration budget the same seed still gives the same
game.

>>> class Node:  # the three fields reuse reads (search's nodes have them)
...     def __init__(self, visits=1, choices=0, children=None):
...         self.visits, self.choices, self.children = visits, choices, children or {}
>>> mine, other = Node(9, 2), Node(4, 2)
>>> root = Node(20, 2, {("roll", "s1"): Node(12, 0, {("seen", "s2"): mine, ("seen", "s3"): other})})
>>> next_root(root, "roll", "s2") is mine, next_root(root, "hold", "s2"), next_root(root, "roll", "s9")
(True, None, None)
"""

from __future__ import annotations

import random
import weakref
from collections import deque
from collections.abc import Hashable
from typing import Any

__all__ = ["KeptTree", "KeptTrees", "next_root"]


def next_root(kept: Any, action: Hashable, seen: Any) -> Any:
    """The node of the tree below ``kept`` (the last search's root) where the seat is to
    choose again having played ``action`` and now seeing ``seen``; None when the tree has
    no such node (see the module docstring). Nodes carry ``visits``, ``children`` (keyed
    ``(move or "seen", observed state after the step)``) and ``choices`` (how many legal
    actions the searching seat had there: 0 where another seat or chance moves).

    A path goes through the seat's forced moves (one choice), never through a choice:

    >>> class Node:
    ...     def __init__(self, visits=1, choices=0, children=None):
    ...         self.visits, self.choices, self.children = visits, choices, children or {}
    >>> deep, shallow = Node(3, 2), Node(5, 2, {("a", "s"): Node(2, 2)})
    >>> forced = Node(6, 1, {("only", "s"): deep})
    >>> root = Node(20, 2, {("a", "t"): Node(8, 0, {("seen", "u"): forced, ("seen", "v"): shallow})})
    >>> next_root(root, "a", "s") is deep  # not the node behind the choice at "v"
    True
    """
    best: Any = None
    queue = deque(child for key, child in kept.children.items() if key[0] == action)
    keys = deque(key[1] for key in kept.children if key[0] == action)
    while queue:
        node, at = queue.popleft(), keys.popleft()
        if node.choices > 1:  # the seat's next choice on this line: here or nowhere below
            if node.visits and at == seen and (best is None or node.visits > best.visits):
                best = node
            continue
        for key, child in node.children.items():
            queue.append(child)
            keys.append(key[1])
    return best


class KeptTree:
    """One seat's kept tree: the game, the root searched last, the move played from it
    and the seat's rng state when it was kept."""

    __slots__ = ("game", "root", "action", "rng_state")

    def __init__(self, game: Any, root: Any, action: Hashable, rng_state: Any) -> None:
        self.game, self.root, self.action, self.rng_state = game, root, action, rng_state

    def next_root(self, seen: Any) -> Any:
        """:func:`next_root` below this tree for the seat now seeing ``seen``."""
        return next_root(self.root, self.action, seen)


class KeptTrees:
    """The trees a player keeps, one per seat under the seat's own rng (held weakly).

    >>> store, rng = KeptTrees(), random.Random(1)
    >>> store.keep(rng, "game", 0, "root", "roll")
    >>> store.take(rng, "game", 1), store.take(rng, "other game", 0)  # another seat, game
    (None, None)
    >>> store.keep(rng, "game", 0, "root", "roll"); store.take(rng, "game", 0).action
    'roll'
    >>> store.take(rng, "game", 0) is None  # taken once
    True
    >>> store.keep(rng, "game", 0, "root", "roll"); _ = rng.random()
    >>> store.take(rng, "game", 0) is None  # the stream moved on: not this game's next turn
    True
    """

    __slots__ = ("_by_rng",)

    def __init__(self) -> None:
        self._by_rng: weakref.WeakKeyDictionary[random.Random, dict[int, KeptTree]] = (
            weakref.WeakKeyDictionary()
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return KeptTrees, ()  # a copy (a worker's, a deepcopy) starts with nothing kept

    def keep(self, rng: random.Random, game: Any, seat: int, root: Any, action: Hashable) -> None:
        """Keep ``root`` (searched from) and ``action`` (played) for ``seat`` in ``game``."""
        try:
            seats = self._by_rng.setdefault(rng, {})
        except TypeError:  # an rng that cannot be referenced weakly: nothing is kept
            return
        seats[seat] = KeptTree(game, root, action, rng.getstate())

    def take(self, rng: random.Random, game: Any, seat: int) -> KeptTree | None:
        """The tree ``seat`` kept in ``game`` if its rng has not moved since (removed from
        the store either way), else None."""
        try:
            seats = self._by_rng.get(rng)
        except TypeError:
            return None
        kept = None if seats is None else seats.pop(seat, None)
        if kept is None or kept.game is not game or kept.rng_state != rng.getstate():
            return None
        return kept
