"""Information-set Monte Carlo tree search: the ``ismcts`` player (single observer).

After Cowling, Powley & Whitehouse, *Information Set Monte Carlo Tree Search*
(IEEE TCIAIG 4(2), 2012), SO-ISMCTS. One search is run for the seat to move,
on what that seat sees (``view.observation``), never on the hidden state:

- **determinise**: each iteration deals the cards the seat cannot see at
  random (``view.determinize(rng)``: the kernel shuffles the unseen cards
  into the hidden zones, or the game deals them where its rules allow; what
  depends on the view alone is prepared once per search,
  ``view.prepare_determinize()``) and thaws that state into one mutable table;
- **select**: the tree is keyed by the seat's action-observation history:
  below a decision of the searching seat, a child per action *and* what the
  seat observes right after it (a draw or a reveal that follows its move
  depends on the hidden cards, so one action may lead to several
  information sets, even to different seats to move); below anybody
  else's step (an opponent's decision, a chance step), a child per
  *observation* the searching seat gets afterwards, so outcomes it cannot
  tell apart share a node (its observed state, ``Table.seen_state``: the
  unseen cards follow from it, since cards only move between zones). At a decision the mover picks by UCT among the
  actions legal in this determinisation, each action's exploration term
  counting the visits in which it was *available* (Cowling's availability
  counts), untried actions first (chosen with the rng);
- **chance**: a step with at most :data:`EXACT_CHANCE` outcomes is expanded
  from its exact ``Dist``: the outcome furthest below its share of the
  node's visits is taken (stratified, no rng), so visits follow the exact
  probabilities; larger steps are sampled with the rng;
- **roll out** from the first new node to the end with random legal moves
  (or the game's cheap ``rollout_action(t, rng)`` when it has one:
  :func:`rollout_policy`; ``ismcts:400:random`` ignores it: uniformly random
  rollouts and plain UCT, to compare at equal rollout policy), in place on the
  same table (``t.step``), and back up each seat's result
  (1 for a sole win, 1/k for a k-way shared win, 0 otherwise) to the edges
  taken, each edge scored for the seat that chose it. With a ``horizon``
  (``ismcts:400/60``) a rollout stops after that many steps and the seats
  leading share the win (:func:`leader_shares`; who leads is the game's
  ``standing(t)`` if it has one, else its score): faster in long games, at
  the price of a cruder estimate. A game may declare its own default cut
  (``search_horizon``), used when the spec gives none.

**Tree reuse** (``ismcts:400:keep``): between two decisions of the same seat in the same
game the player starts from the subtree its last search reached through what the seat has
seen since (its move, then the steps as it observed them:
:mod:`~workbench.engine.players.tree_reuse`), not from an empty root. The budget is the
*new* work of each decision: ``ismcts:400:keep`` runs 400 iterations every decision, as
``ismcts:400`` does, and the kept visits add to them, so a decision costs the same CPU and
its root knows more; the iterations are not cut to make the total visits 400. A plain
``ismcts:400`` starts fresh (``specs.REUSE_BY_DEFAULT`` says why); ``search`` (the
analysis panel's) always does.

The move played is the root action visited most (ties: the better mean, then
the game's order). Every random choice comes from the rng passed in, so with
an iteration budget (``ismcts:400``) the same seed gives the same game; a time
budget (``ismcts:0.5s``) does as many iterations as fit, which depends on the
machine.

>>> import random
>>> from workbench.engine.kernel.seat import SeatView
>>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
>>> g = TakeAway()
>>> ismcts_player(300)(SeatView(g, 0, TakeAwayState(6)), random.Random(1))  # leave 4
2
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.paired_root import PAIRED_TRUST, paired_root
from workbench.engine.players.rollouts import (
    cut_shares,
    leader_shares,
    result_shares,
    rollout,
    rollout_policy,
    standing,
    work_table,
)
from workbench.engine.players.tree_reuse import KeptTrees

__all__ = [
    "EXACT_CHANCE",
    "ISMCTS",
    "RootStats",
    "ismcts_player",
    "leader_shares",
    "result_shares",
    "rollout",
    "rollout_policy",
    "standing",
    "work_table",
]

EXACT_CHANCE = 32
"""Chance steps with at most this many outcomes are expanded from their exact ``Dist``."""

UCT_C = 0.7
"""The UCT exploration constant for results in [0, 1] (Cowling et al. use 0.7)."""


WIDEN = 8
"""Progressive widening below the root when the game has a rollout policy: a node tries its
``k + 1``-th action after ``WIDEN * k * k`` visits (the policy's action first)."""


TRUST = 3.0
"""How many standard errors a root action's mean must beat the rollout policy's own move by
to be played instead (games with a rollout policy only). A game may declare its own
(``search_trust`` on its game class), as it declares its rollout cut."""


def _policy_first(
    ranked: list[RootStats], hint: Hashable, z: float | None = None
) -> list[RootStats]:
    """The root actions with the policy's own move first unless the search's best beats it
    by more than ``z`` standard errors of the difference of their means: the search
    improves on the policy where its evidence says so, and where two moves are about
    as good a few hundred noisy playouts do not overturn a sound rule of thumb.

    >>> r = [RootStats("roll", 300, 0.60, 400), RootStats("hold", 100, 0.58, 400)]
    >>> [s.action for s in _policy_first(r, "hold")], [s.action for s in _policy_first(r, "roll")]
    (['hold', 'roll'], ['roll', 'hold'])
    """
    z = TRUST if z is None else z
    best = ranked[0]
    own = next((s for s in ranked if s.action == hint), None)
    if own is None or own is best or not own.visits:
        return ranked
    var = sum(m * (1 - m) / n for m, n in ((best.mean, best.visits), (own.mean, own.visits)))
    if best.mean - own.mean > z * math.sqrt(max(var, 1e-12)):
        return ranked
    return [own] + [s for s in ranked if s is not own]


class _Node:
    """An information set of the searching seat: edge statistics and children.

    ``edges[a] = [visits, result sum, availability]`` (for chance: outcome counts);
    ``choices``: how many legal actions the searching seat had here (0 where another seat
    or chance moves), which tree reuse reads (:mod:`~workbench.engine.players.tree_reuse`).
    """

    __slots__ = ("edges", "children", "visits", "choices")

    def __init__(self) -> None:
        self.edges: dict[Hashable, list[float]] = {}
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.choices = 0


def _uct_best(
    edges: dict[Hashable, list[float]], actions: Any, first: Hashable, c: float
) -> Hashable:
    """The action of ``actions`` with the highest UCT value (availability counts; an
    unvisited one is infinite), ``first`` when none beats minus infinity.

    >>> _uct_best({"a": [2, 1.0, 4], "b": [1, 1.0, 4]}, ["a", "b"], "a", 0.7)
    'b'
    """
    best, best_v = first, -math.inf
    for a in actions:
        n, w, avail = edges[a]
        v = w / n + c * math.sqrt(math.log(avail) / n) if n else math.inf
        if v > best_v:
            best, best_v = a, v
    return best


class RootStats(tuple):  # type: ignore[type-arg]
    """One root action after a search: ``(action, visits, mean result, availability)``."""

    __slots__ = ()

    def __new__(cls, action: Hashable, visits: int, mean: float, available: int) -> RootStats:
        return super().__new__(cls, (action, visits, mean, available))

    action = property(lambda self: self[0])
    visits = property(lambda self: self[1])
    mean = property(lambda self: self[2])


class ISMCTS:
    """The ``ismcts`` player: ``iterations`` per decision, or ``seconds`` of search.

    Picklable (a module-level class), so it runs in worker processes.
    """

    #: The tree's keys after a step: what the searching seat then observes (an information
    #: set). A search on the true state (:class:`~workbench.engine.players.open.OpenSearch`)
    #: keys by the choice made instead: there the choices fix the state.
    KEYS_BY_OBSERVATION = True
    #: True only for a player that reads hidden cards (sessions and playtests refuse it).
    SEES_EVERYTHING = False
    #: Whether the game's own root rule (``search_root``) and graded cut value
    #: (``search_margin``) apply: a search reporting win rates keeps plain ones.
    GAME_TUNING = True
    NAME = "ismcts"

    def __init__(
        self,
        iterations: int | None = 400,
        seconds: float | None = None,
        c: float = UCT_C,
        max_steps: int = 100_000,
        horizon: int | None = None,
        *,
        reuse: bool = False,
        random_rollouts: bool = False,
    ) -> None:
        if (iterations is None) == (seconds is None):
            raise ValueError("give ismcts either iterations or seconds")
        if iterations is not None and not (isinstance(iterations, int) and iterations >= 1):
            raise ValueError(f"ismcts iterations must be a whole number >= 1, got {iterations!r}")
        if seconds is not None and not (isinstance(seconds, int | float) and 0 < seconds <= 3600):
            raise ValueError(f"ismcts seconds must be in (0, 3600], got {seconds!r}")
        if horizon is not None and not (isinstance(horizon, int) and horizon >= 1):
            raise ValueError(f"ismcts horizon must be a whole number >= 1, got {horizon!r}")
        self.iterations, self.seconds, self.c, self.max_steps = iterations, seconds, c, max_steps
        self.horizon = horizon
        if reuse and not self.KEYS_BY_OBSERVATION:
            raise ValueError(f"{self.NAME} keeps no tree between decisions (its keys are moves)")
        self.reuse, self.random_rollouts = reuse, random_rollouts
        self._kept = KeptTrees()
        budget = f"{iterations}" if iterations is not None else f"{seconds:g}s"
        self.__name__ = (
            f"{self.NAME}:{budget}"
            + (f"/{horizon}" if horizon else "")
            + (":random" if random_rollouts else "")
            + (":keep" if reuse else "")
        )

    def __repr__(self) -> str:
        return self.__name__

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        legal = view.legal_ids
        if not legal:
            raise IllegalAction(f"{view.game.name}: ismcts asked to move with no legal action")
        if len(legal) == 1:
            return legal[0]
        if not self.reuse:
            return self.search(view, rng)[0].action
        game, seat = view.game, view.seat
        kept = self._kept.take(rng, game, seat)
        root = _Node()
        world = self._worlds(view, rng)
        if kept is not None:
            # the node for what the seat sees now, keyed as the tree keys it: by the observed
            # state of a deal of what it sees (the first world, searched first as ever)
            first = world()
            root = kept.next_root(work_table(game, first).seen_state(seat)) or root
            world = _first_then(first, world)
        action = self._search(view, rng, root, world)[0].action
        self._kept.keep(rng, game, seat, root, action)
        return action

    def search(self, view: SeatView, rng: random.Random) -> list[RootStats]:
        """The root actions (those legal for the seat) after a search on a fresh tree,
        best first."""
        return self._search(view, rng, _Node(), self._worlds(view, rng))

    def _search(
        self, view: SeatView, rng: random.Random, root: _Node, world: Any
    ) -> list[RootStats]:
        """:meth:`search` from ``root`` (a fresh node or a kept one) on ``world()``'s deals."""
        game, seat = view.game, view.seat
        self._hints: dict[Hashable, int] = {}
        policy = rollout_policy(game, uniform=self.random_rollouts)
        if (
            self.GAME_TUNING
            and game.search_root == "paired"
            and policy is not None
            and self.iterations is not None
        ):
            return self._paired(view, rng, root, policy, world)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(game, seat, root, world(), rng)
            done += 1
            if deadline is None:
                if done >= (self.iterations or 0):
                    break
            elif time.perf_counter() >= deadline:
                break
        out = []
        for i, a in enumerate(view.legal_ids):
            n, w, avail = root.edges.get(a, (0, 0.0, 0))
            out.append((RootStats(a, int(n), w / n if n else 0.0, int(avail)), i))
        out.sort(key=lambda x: (-x[0].visits, -x[0].mean, x[1]))
        ranked = [s for s, _ in out]
        if self._hints:
            ranked = _policy_first(
                ranked,
                max(self._hints, key=self._hints.__getitem__),
                game.search_trust,
            )
        return ranked

    def _paired(
        self, view: SeatView, rng: random.Random, root: _Node, policy: Any, worlds: Any
    ) -> list[RootStats]:
        """The root decided on common worlds by sequential halving, the rule of thumb's
        move kept to the end (:mod:`~workbench.engine.players.paired_root`)."""
        game, seat = view.game, view.seat
        hint = policy(work_table(game, worlds()), rng)
        self._hints = {hint: 1}

        def iterate(state: Any, r: random.Random, first: Hashable) -> float:
            return self._iterate(game, seat, root, state, r, first)[seat]

        z = game.search_trust
        ranked = paired_root(
            iterate,
            worlds,
            view.legal_ids,
            hint,
            rng,
            self.iterations or 1,
            PAIRED_TRUST if z is None else z,
        )
        return [RootStats(a, n, mean, n) for a, n, mean in ranked]

    def _worlds(self, view: SeatView, rng: random.Random) -> Any:
        """The state each iteration searches: a fresh deal of what the seat cannot see
        (prepared once per search: ``view.prepare_determinize``)."""
        deal = view.prepare_determinize()
        return lambda: deal(rng)

    def _iterate(
        self,
        game: Game[Any],
        seat: int,
        root: _Node,
        state: Any,
        rng: random.Random,
        first: Hashable = None,
    ) -> tuple[float, ...]:
        """One iteration from ``root`` on the world ``state``; each seat's value of it
        (``first``: the root move to take instead of selecting one)."""
        t = work_table(game, state)
        policy = rollout_policy(game, uniform=self.random_rollouts)
        node = root
        by_observation = self.KEYS_BY_OBSERVATION
        # the seat's observed state keys the tree: the unseen cards follow from it (cards
        # only move between zones), so they are neither gathered nor sorted for the key
        seen = t.seen_state
        path: list[tuple[list[float], int]] = []
        while True:
            who = t.to_move()
            if who == TERMINAL:
                break
            node.visits += 1
            if who == CHANCE:
                outcome = self._chance(node, t, rng)
                t.step(outcome)
                key: Hashable = ("seen", seen(seat)) if by_observation else outcome
                fresh = False
            else:
                legal = t.legal()
                if who == seat:
                    node.choices = len(legal)
                if first is not None and node is root:
                    action, fresh = self._take(node, first)
                elif policy is None or len(legal) < 2:
                    action, fresh = self._select(node, legal, rng)
                elif node is root:  # every root action is tried (a subclass may race them)
                    hint = policy(t, rng)
                    self._hints[hint] = self._hints.get(hint, 0) + 1
                    action, fresh = self._select(node, legal, rng)
                else:
                    action, fresh = self._select_guided(node, legal, policy(t, rng), rng, False)
                path.append((node.edges[action], who))
                t.step(action)
                # after its own move too, the searcher is where what it then sees puts it:
                # a draw or a reveal that follows splits one action into information sets
                if not by_observation:
                    key = action
                elif who == seat:
                    key = (action, seen(seat))
                else:
                    key = ("seen", seen(seat))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                fresh = True
            node = child
            if fresh:
                break
        horizon = self.horizon if self.horizon is not None else game.search_horizon
        if horizon is None:
            if t.to_move() != TERMINAL:
                rollout(t, rng, self.max_steps, policy=policy)
            shares = result_shares(game, t.freeze())
        else:
            rollout(t, rng, horizon, strict=False, policy=policy)
            shares = (
                result_shares(game, t.freeze())
                if t.to_move() == TERMINAL
                else cut_shares(game, t)
                if self.GAME_TUNING
                else leader_shares(game, t)
            )
        for edge, mover in path:
            edge[0] += 1
            edge[1] += shares[mover]
        return shares

    @staticmethod
    def _take(node: _Node, action: Hashable) -> tuple[Hashable, bool]:
        """The given ``action`` at ``node``, counted as available (new: an untried edge)."""
        e = node.edges.setdefault(action, [0, 0.0, 0])
        e[2] += 1
        return action, e[0] == 0

    def _select(self, node: _Node, legal: Any, rng: random.Random) -> tuple[Hashable, bool]:
        """UCT over the actions available here; an untried one first (rng)."""
        edges = node.edges
        untried = []
        for a in legal:
            e = edges.get(a)
            if e is None:
                untried.append(a)
            else:
                e[2] += 1
        if untried:
            a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            edges[a] = [0, 0.0, 1]
            return a, True
        return _uct_best(edges, legal, legal[0], self.c), False

    def _select_guided(
        self, node: _Node, legal: Any, hint: Hashable, rng: random.Random, at_root: bool
    ) -> tuple[Hashable, bool]:
        """UCT with the game's rollout policy as a guide: a new node tries the policy's
        action first, and another action only once the node's visits allow one more
        (progressive widening: ``k + 1`` actions after :data:`WIDEN` ``* k * k`` visits;
        at the root every action is tried), so the tree below an
        action plays like the policy until the visits show a better move. Without it every
        new node tries every action once, and in a race (Pig) the searcher's own
        exploring mistakes make rolling on look worse, the opponent's make holding look
        better."""
        edges = node.edges
        tried = [a for a in legal if a in edges]
        for a in tried:
            edges[a][2] += 1
        if hint not in edges:
            edges[hint] = [0, 0.0, 1]
            return hint, True
        if len(tried) < len(legal) and (at_root or WIDEN * len(tried) ** 2 <= node.visits):
            untried = [a for a in legal if a not in edges]
            a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            edges[a] = [0, 0.0, 1]
            return a, True
        return _uct_best(edges, tried, hint, self.c), False

    @staticmethod
    def _chance(node: _Node, t: Any, rng: random.Random) -> Hashable:
        """Stratified over the exact ``Dist`` when it is small, else sampled."""
        dist = t.chance_dist()
        if len(dist) > EXACT_CHANCE:
            return t.sample(rng)  # type: ignore[no-any-return]
        counts, total, n = node.edges, dist.total, node.visits
        best, best_gap = None, -math.inf
        for outcome, weight in dist.items():
            e = counts.get(outcome)
            gap = weight * n / total - (e[0] if e else 0)
            if gap > best_gap:
                best, best_gap = outcome, gap
        e = counts.get(best)
        if e is None:
            counts[best] = [1, 0.0, 0]
        else:
            e[0] += 1
        return best


def _first_then(first: Any, deal: Any) -> Any:
    """``deal`` as a world source whose first world is ``first`` (already dealt)."""
    pending = [first]

    def next_world() -> Any:
        return pending.pop() if pending else deal()

    return next_world


def ismcts_player(
    iterations: int | None = 400,
    *,
    seconds: float | None = None,
    horizon: int | None = None,
    reuse: bool = False,
) -> ISMCTS:
    """An ISMCTS player with an iteration budget or (``seconds=``) a time budget;
    ``horizon`` cuts each rollout after that many steps and scores it by who leads;
    ``reuse`` keeps the tree between the seat's decisions.

    >>> ismcts_player(200), ismcts_player(None, seconds=0.5), ismcts_player(400, horizon=60)
    (ismcts:200, ismcts:0.5s, ismcts:400/60)
    >>> ismcts_player(400, reuse=True)
    ismcts:400:keep
    """
    return ISMCTS(iterations, seconds, horizon=horizon, reuse=reuse)
