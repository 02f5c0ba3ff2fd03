"""The reachable states of a small game, enumerated through its rules (for :mod:`.solve`).

Only *decision* and *terminal* states are kept: a chance step right after an
action (or after the start) is expanded at once into its exact outcomes, so
each action of a state leads to a weighted list of next states with integer
weights (``num / den``). States are the game's own immutable states (kernel
snapshots), found with :func:`~workbench.engine.players.search.work_table`, so the
solver runs the very rules a session plays.

>>> from workbench.engine.conformance.toy import TakeAway
>>> g = build_graph(TakeAway())
>>> len(g.states), g.rows_of(0), g.actions[0]
(14, range(0, 3), [1, 2, 3])
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from workbench.engine.kernel import Hidden, KernelGame, Observation
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game
from workbench.engine.players.rollouts import work_table
from workbench.engine.solve.keyed import build_keyed, has_codec

__all__ = ["DEFAULT_MAX_STATES", "Graph", "NotSolvable", "build_graph"]

DEFAULT_MAX_STATES = 2_000_000
"""At most this many decision and terminal states are enumerated unless asked otherwise."""

MAX_CHANCE_CHAIN = 64
"""Chance steps in a row (without a decision between them) before the game is refused."""


class NotSolvable(ValueError):
    """A game the exact solver cannot take as asked (one line says why)."""


@dataclass
class Graph:
    """Decision and terminal states, their actions and exact weighted successors.

    ``rows`` are (state, action) pairs, contiguous per state (``row_start``);
    a row's successors are ``succ[ptr[r]:ptr[r+1]]`` with probability
    ``num / den`` (integers). ``root`` lists the start: (state, num, den).
    """

    game: Game[Any]
    states: list[Any] = field(default_factory=list)
    index: dict[Any, int] = field(default_factory=dict)
    mover: list[int] = field(default_factory=list)
    actions: list[Sequence[Hashable]] = field(default_factory=list)
    row_start: list[int] = field(default_factory=lambda: [0])
    ptr: list[int] = field(default_factory=lambda: [0])
    succ: list[int] = field(default_factory=list)
    num: list[int] = field(default_factory=list)
    den: list[int] = field(default_factory=list)
    root: list[tuple[int, int, int]] = field(default_factory=list)
    shares: dict[int, tuple[Fraction, ...]] = field(default_factory=dict)
    keys: Any = None  # the states' keys when the game declares a codec (see .keyed)
    order: Any = None  # (stage, block) of every state, when found while enumerating (block
    # None: one value throughout)
    weight: Any = None  # a keyed graph: (weight id per transition, [(num, den), ...])

    def rows_of(self, s: int) -> range:
        """The rows (one per legal action, in the game's order) of state ``s``."""
        return range(self.row_start[s], self.row_start[s + 1])

    @property
    def seats(self) -> int:
        """Seats at the table."""
        return int(self.game.num_players)

    def arrays(self) -> dict[str, np.ndarray]:
        """The graph as numpy arrays (float probabilities) for value iteration."""

        def ints(x: Any) -> np.ndarray:
            if isinstance(x, array):  # a keyed graph's typed arrays: no copy
                kind = np.dtype(x.typecode)
                return np.frombuffer(x, dtype=kind) if len(x) else np.zeros(0, kind)
            return np.asarray(x, dtype=np.int64)

        out = {
            "row_start": ints(self.row_start),
            "ptr": ints(self.ptr),
            "succ": ints(self.succ),
            "mover": ints(self.mover),
        }
        if self.weight is not None:  # a keyed graph: one id per transition, a small table
            out["wid"], out["ptable"] = (
                ints(self.weight[0]),
                np.array([n / d for n, d in self.weight[1]], dtype=np.float64),
            )
        else:
            out["prob"] = ints(self.num) / ints(self.den)
        return out


def _shares(game: Game[Any], state: Any) -> tuple[Fraction, ...]:
    """Each seat's exact share of the win (1 alone, 1/k in a k-way tie, else 0)."""
    won = game.winners(state)
    share = Fraction(1, len(won)) if won else Fraction(0)
    return tuple(share if s in won else Fraction(0) for s in range(game.num_players))


def _chance_items(t: Any) -> tuple[list[tuple[Any, int]], int]:
    """The chance step on top: (outcome, weight) pairs and the total weight."""
    top = t.tasks[-1] if hasattr(t, "tasks") else None
    if top is not None and not top.WEIGHTED:  # a kernel step listing equally likely outcomes
        outs = top.outcomes(t)
        if len(set(outs)) == len(outs):
            return [(o, 1) for o in outs], len(outs)
    dist = t.chance_dist()
    return list(dist.items()), dist.total


def _expand(t: Any, num: int, den: int, depth: int = 0) -> Iterator[tuple[Any, int, int]]:
    """The decision/terminal states a table reaches through chance, with exact weights
    (the table itself is used up: its last outcome is stepped in place)."""
    if t.to_move() != CHANCE:
        yield t.freeze(), num, den
        return
    if depth >= MAX_CHANCE_CHAIN:
        raise NotSolvable(
            f"more than {MAX_CHANCE_CHAIN} chance steps in a row: the solver "
            "expands chance between decisions and would not end"
        )
    pairs, total = _chance_items(t)
    last = len(pairs) - 1
    for i, (outcome, weight) in enumerate(pairs):
        c = t if i == last else t.clone()
        c.step(outcome)
        if c.to_move() != CHANCE:
            yield c.freeze(), num * weight, den * total
        else:
            yield from _expand(c, num * weight, den * total, depth + 1)


def _hidden_fields(game: Game[Any]) -> tuple[str, ...]:
    if not isinstance(game, KernelGame):  # a game without declared fields hides nothing here
        return ()
    return tuple(f.name for f in game.table.FIELDS if f.seen != "public")


def _determined(game: Game[Any], state: Any, seat: int) -> bool:
    """True when what ``seat`` sees fixes the state: nothing hidden, or the unseen cards
    all lie in one sorted zone (a shuffled deck whose contents are deducible)."""
    obs = game.observe(state, seat)
    if not isinstance(obs, Observation) or not obs.unseen or not isinstance(game, KernelGame):
        return True
    table = game.table
    zones = 0
    for f, v in zip(table.FIELDS, obs.state):
        parts = [v] if f.depth == 1 else list(v) if f.depth == 2 else []
        for part in parts:
            size = len(part) if isinstance(part, Hidden) else 0
            if size:
                zones += 1
                if not f.sort or zones > 1 or (f.depth == 1 and f.seen == "own"):
                    return False
    return True


def build_graph(
    game: Game[Any], *, max_states: int = DEFAULT_MAX_STATES, open_hands: bool = False
) -> Graph:
    """Enumerate every state reachable from the start (see the module docstring).

    More than ``max_states`` states raise :class:`NotSolvable` before more memory
    is used. A game whose players cannot see the whole state is refused unless
    ``open_hands`` (then every seat plays as if it saw every card: an upper
    bound on skill, not the game's value).
    """
    g = Graph(game)
    check_hidden = bool(_hidden_fields(game)) and not open_hands

    def too_many() -> NotSolvable:
        return NotSolvable(
            f"{game.name}: more than {max_states:,} reachable states; "
            "solve a smaller variant or raise max_states"
        )

    def endless() -> NotSolvable:
        return NotSolvable(
            f"more than {MAX_CHANCE_CHAIN} chance steps in a row: the solver "
            "expands chance between decisions and would not end"
        )

    def check(t: Any, who: int) -> None:
        if check_hidden and not _determined(game, t.freeze(), who):
            raise NotSolvable(
                f"{game.name}: seat {who} cannot see the whole state (hidden "
                f"fields {', '.join(_hidden_fields(game))}); the solver needs "
                "perfect information (open_hands=True: everyone sees all)"
            )

    if has_codec(game):
        build_keyed(
            g,
            max_states,
            check if check_hidden else None,  # nothing hidden: no check per state
            lambda s: _shares(game, s),
            too_many,
            MAX_CHANCE_CHAIN,
            endless,
        )
        return g
    index, states = g.index, g.states

    def add(state: Any) -> int:
        i = index.get(state)
        if i is None:
            i = len(states)
            if i >= max_states:
                raise too_many()
            index[state] = i
            states.append(state)
        return i

    start = work_table(game, game.initial_state())
    g.root = [(add(s), n, d) for s, n, d in _expand(start, 1, 1)]
    done = 0
    while done < len(states):
        state = states[done]
        t = work_table(game, state)
        who = t.to_move()
        if who == TERMINAL:
            g.mover.append(TERMINAL)
            g.actions.append([])
            g.shares[done] = _shares(game, state)
        else:
            check(t, who)
            legal = list(t.legal())
            g.mover.append(int(who))
            g.actions.append(legal)
            last = len(legal) - 1
            for j, a in enumerate(legal):
                c = t if j == last else t.clone()
                c.step(a)
                for s, n, d in _expand(c, 1, 1):
                    g.succ.append(add(s))
                    g.num.append(n)
                    g.den.append(d)
                g.ptr.append(len(g.succ))
        g.row_start.append(len(g.ptr) - 1)
        done += 1
    return g
