"""Where hidden cards of 「何か」 can be: the worlds a seat's search may deal.

A seat sees its own archive and face-down card; the server, the mandatory
events set aside at setup, the other archives and the other face-down cards
are hidden. The rules put cards there only in some ways (``rules.py``
readings 4, 7, 16, 17, 19), so a dealt world must too:

- ``setaside`` holds only mandatory events (they are set aside at setup);
- an archive never holds a mandatory event (downloaded, it is revealed,
  resolved and trashed);
- a face-down card is a battle event its placer could place: usable in its
  own battle (the turn's user) or in another's (everybody else), never a
  ``negate`` placed first, and its target of the kind the card takes. The
  target is the placer's secret too (masked by ``GhostTable.conceal``): a
  world deals card and target together, a target the dealt card allows,
  uniform over the (cards, targets) worlds.

:func:`determinize` deals the unseen cards uniformly over the worlds that
keep these (the kernel's :func:`~workbench.engine.kernel.deal.deal_where_allowed`;
:func:`prepare` works out once what a search's many deals from one view share);
:func:`world_problems` states the same invariants independently, for the
conformance check of sampled worlds (and of true states).

>>> import random
>>> from workbench.games.ghost.rules import make_game
>>> g, rng = make_game(players=3), random.Random(2)
>>> s = g.initial_state()
>>> while g.current_player(s) != -4 and not any(s.facedown):   # play to a face-down card
...     s = g.apply(s, g.sample_chance(s, rng) if g.current_player(s) < 0 else rng.choice(g.legal_ids(s)))
>>> w = determinize(g, g.observe(s, 0), random.Random(1))
>>> world_problems(g, s), world_problems(g, w), [len(r) for r in w.facedown] == [len(r) for r in s.facedown]
([], [], True)
>>> g.observe(w, 0) == g.observe(s, 0), any(isinstance(x, Masked) for _, x in w.battle.placed)
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from workbench.engine.kernel.deal import NoWorld, PreparedDeal
from workbench.engine.kernel.hidden import Observation
from workbench.engine.kernel.secrets import Masked

__all__ = ["determinize", "placements_fit", "prepare", "replacing", "world_problems"]


def _where(game: Any, state: Any) -> dict[tuple[str, int], Callable[[Hashable], bool]]:
    """Which cards each hidden zone may hold."""
    mandatory = game.is_mandatory
    own, other = game.in_own_battle, game.in_other_battle
    out: dict[tuple[str, int], Callable[[Hashable], bool]] = {
        ("setaside", 0): lambda c: mandatory[c]
    }  # type: ignore[index]
    # one rule object per kind of zone: the prepared deal filters the unseen cards once a rule

    def not_mandatory(c: Hashable) -> bool:
        return not mandatory[c]  # type: ignore[index]

    def usable_own(c: Hashable) -> bool:
        return bool(own[c])  # type: ignore[index]

    def usable_other(c: Hashable) -> bool:
        return bool(other[c])  # type: ignore[index]

    for s in range(game.n):
        if not replacing(state):
            out[("archives", s)] = not_mandatory
        out[("facedown", s)] = usable_own if s == state.turn else usable_other
    return out


def replacing(state: Any) -> bool:
    """True while dealt hands may still hold mandatory events (a ``Replace`` step pends:
    the deal order that replaces them once every hand is dealt)."""
    return any(type(x).__name__ == "Replace" for x in state.tasks)


def _fits(game: Any, card: int, target: Any, first: bool) -> bool:
    fixed = game.fixed_targets[card]
    if first and game.negates[card]:
        return False
    if isinstance(target, Masked):  # guessed with the card (determinize)
        return True
    return target in fixed if fixed else target != -1


def placements_fit(game: Any, state: Any) -> bool:
    """True when every face-down card fits its placement (a ``negate`` never first, the
    target of the card's kind), in placing order."""
    b = state.battle
    if b is None:
        return not any(state.facedown)
    seen = [0] * game.n
    for k, (seat, target) in enumerate(b.placed):
        row = state.facedown[seat]
        if seen[seat] >= len(row):
            continue  # revealed already (the reveal pops them in order)
        if not _fits(game, row[seen[seat]], target, k == 0):
            return False
        seen[seat] += 1
    return True


def determinize(game: Any, obs: Observation, rng: random.Random) -> Any:
    """A full state consistent with ``obs`` in which every hidden card lies where the
    rules could have put it, and every masked face-down target is one its dealt card
    allows (uniform over such worlds: a deal is kept with probability proportional
    to its number of target choices, then the targets are drawn uniformly; when that
    rejection finds nothing, targets are drawn uniformly on a uniform deal).
    (``prepare(game, obs)(rng)``: the same world from the same draws.)"""
    return prepare(game, obs)(rng)


def prepare(game: Any, obs: Observation) -> Callable[[random.Random], Any]:
    """:func:`determinize` for one observation, with what depends on the observation
    alone (which cards each zone may hold, the widest target choice) worked out once:
    a search deals hundreds of worlds from one view.

    >>> from workbench.games.ghost.rules import make_game
    >>> g = make_game(players=3)
    >>> obs = g.observe(g.initial_state(), 1)
    >>> deal = prepare(g, obs)
    >>> deal(random.Random(4)) == determinize(g, obs, random.Random(4))
    True
    """
    b = obs.state.battle
    masked = [k for k, (_, x) in enumerate(b.placed) if isinstance(x, Masked)] if b else []
    where = _where(game, obs.state)
    prepared = PreparedDeal(game.table, obs, where)
    if not masked:

        def fits(w: Any) -> bool:
            return placements_fit(game, w)

        return lambda rng: prepared.deal(rng, fits)
    t_obs = game.view(obs.state)
    widest = [
        max(
            (
                len(game.fixed_targets[c] or t_obs.targets(c))
                for c in set(obs.unseen)
                if where[("facedown", b.placed[k][0])](c)
            ),
            default=1,
        )
        for k in masked
    ]

    def deal(rng: random.Random) -> Any:
        chosen: list[int] = []

        def accept(world: Any, weighted: bool) -> bool:
            if not placements_fit(game, world):
                return False
            t = game.view(world)
            options = [t.placed_targets(world.battle.placed[k][0], k) for k in masked]
            if not all(options):
                return False
            if weighted and any(rng.random() * m >= len(o) for o, m in zip(options, widest)):
                return False
            chosen[:] = [rng.choice(o) for o in options]
            return True

        try:
            world = prepared.deal(rng, lambda w: accept(w, True), tries=2000)
        except NoWorld:
            world = prepared.deal(rng, lambda w: accept(w, False))
        t = game.thaw(world)
        placed = list(t.battle.placed)
        for k, x in zip(masked, chosen):
            placed[k] = (placed[k][0], x)
        t.battle = t.battle.evolve(placed=tuple(placed))
        return t.freeze()

    return deal


def world_problems(game: Any, state: Any) -> list[str]:
    """The invariants of where cards lie, broken in ``state`` (empty: none).

    Written apart from :func:`determinize`'s constraints, so a test of sampled
    worlds against it checks the deal rather than restating it.
    """
    cards = game.cards
    out = []
    for c in state.setaside:
        if not cards[c].is_mandatory:
            out.append(f"set aside: {cards[c].name} is not a mandatory event")
    for s, row in enumerate(() if replacing(state) else state.archives):
        out += [
            f"archive {s}: {cards[c].name} is a mandatory event"
            for c in row
            if cards[c].is_mandatory
        ]
    for s, row in enumerate(state.facedown):
        usable = game.in_own_battle if s == state.turn else game.in_other_battle
        out += [
            f"face down {s}: {cards[c].name} cannot be placed there"
            for c in row
            if not usable[c] or cards[c].is_mandatory
        ]
    if not placements_fit(game, state):
        out.append("a face-down card does not fit its placement")
    return out
