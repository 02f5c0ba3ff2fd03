"""The one protocol every game's rules implement (OpenSpiel-style, immutable states).

A *game* is a :class:`Game` subclass instance built from a frozen parameter
dataclass. A *state* is an immutable value (frozen dataclass or tuple-based):
``apply`` returns a new state and never mutates its argument.

Nodes:
- a player node: ``current_player(state)`` is a seat number >= 0 and
  ``legal_actions(state)`` lists :class:`Action` values;
- a chance node: ``current_player(state) == CHANCE`` and
  ``chance_outcomes(state)`` is an exact :class:`~workbench.prob.Dist` over
  actions (a card drawn from a deck is a Dist over card ids weighted by count);
- terminal: ``current_player(state) == TERMINAL``.

Action ids are JSON-friendly hashables (str, int, or nested tuples of them),
so a replay is (game, version, parameters, seed, action ids).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from workbench.prob.dist import Dist
from workbench.registry import BadGame, UnknownGame, spec

CHANCE = -1
TERMINAL = -4

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Action:
    """A legal move: a stable id (used by replays and tests) and a human label.

    >>> Action(("place", 1, 2), "place on b3").id
    ('place', 1, 2)
    """

    id: Hashable
    label: str


class Game(ABC, Generic[S]):
    """Rules of one game over immutable states of type S.

    Subclasses set ``name`` and ``version`` (bump the version whenever a rule
    change would make old replays diverge) and take a frozen params dataclass.
    """

    name: ClassVar[str]
    version: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    # -- optional hooks: each declared here once with its default, read directly ---------
    #: A mutable table over a state (``KernelGame`` defines it); None: search and rollouts
    #: step the immutable states through the protocol.
    thaw: Callable[[Any], Any] | None = None
    #: ``rollout_action(t, rng)``, a cheap rule of thumb on a mutable table: ISMCTS rolls
    #: out and guides its tree with it, and its root can be paired; None: random rollouts.
    rollout_action: Callable[[Any, random.Random], Hashable] | None = None
    #: ``standing(t)``, each seat's standing mid-game when the score says nothing until the
    #: end (life points): cut rollouts and OSLA's leaves read it; None: the score.
    standing: Callable[[Any], Sequence[float]] | None = None
    #: ISMCTS's rollout cut in steps when the player spec gives none; None: to the end.
    search_horizon: ClassVar[int | None] = None
    #: The lead that counts as a sure win in a cut rollout (graded values); None: who leads.
    search_margin: ClassVar[float | None] = None
    #: ``"paired"``: ISMCTS decides the root on common worlds by sequential halving (with a
    #: ``rollout_action``); None: the plain root.
    search_root: ClassVar[str | None] = None
    #: Standard errors by which the search's best move must beat the rule of thumb's to be
    #: chosen at the root; None: the search's defaults (``search.TRUST``, ``PAIRED_TRUST``).
    search_trust: ClassVar[float | None] = None
    #: ``solve_key(t)``, a whole-number key of a mutable table, with ``solve_table(key)`` its
    #: inverse: the exact solver builds its compact keyed graph from them; None: a graph of
    #: snapshots (slower, more memory).
    solve_key: Callable[[Any], int] | None = None
    #: ``solve_table(key)``, the mutable table ``solve_key`` encoded (with ``solve_key``).
    solve_table: Callable[[int], Any] | None = None
    #: ``solve_order(snapshot) -> (stage, order)``: the value iteration's sweep order (Pig:
    #: banked points, then the turn total); None: one stage swept from the last state found.
    solve_order: Callable[[Any], tuple[int, int]] | None = None

    @property
    def solve_key_space(self) -> int | None:
        """Every ``solve_key`` is below it (the solver then indexes keys by one flat array);
        None: keys are looked up in a dict."""
        return None

    def __init__(self, params: Any = None) -> None:
        self.params = params if params is not None else self.default_params()

    @classmethod
    def default_params(cls) -> Any:  # pragma: no cover - games override
        """The parameters used when none are given."""
        return None

    @property
    def num_players(self) -> int:
        """Seats at the table (from the params when they say so)."""
        return int(getattr(self.params, "players", self.min_players))

    # -- the protocol -------------------------------------------------------
    @abstractmethod
    def initial_state(self) -> S:
        """The state before the first move (may be a chance node: the shuffle)."""

    @abstractmethod
    def current_player(self, state: S) -> int:
        """Seat to move, or CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[Action]:
        """The moves of the player to move (empty at chance and terminal nodes)."""

    def chance_outcomes(self, state: S) -> Dist:
        """Exact distribution over action ids at a chance node."""
        raise NotImplementedError(f"{self.name} has no chance node here")

    @abstractmethod
    def apply(self, state: S, action_id: Hashable) -> S:
        """The new state after the action; raises IllegalAction for a bad id."""

    def legal_ids(self, state: S) -> list[Hashable]:
        """The legal action ids without labels (what bots ask for)."""
        return [a.id for a in self.legal_actions(state)]

    def observe(self, state: S, seat: int) -> Any:
        """What ``seat`` may see of ``state``; a perfect-information game shows it all."""
        return state

    def determinize(self, observation: Any, rng: random.Random) -> S:
        """A full state consistent with an observation (the state itself here)."""
        state: S = observation  # perfect information: the observation is the state
        return state

    def prepare_determinize(self, observation: Any) -> Callable[[random.Random], S]:
        """``determinize`` for one observation, as a function of the rng: a search deals
        many worlds from one view, so a game may work out once what depends on the
        observation alone (the same worlds from the same draws as ``determinize``)."""
        return lambda rng: self.determinize(observation, rng)

    def is_terminal(self, state: S) -> bool:
        """True when the game is over."""
        return self.current_player(state) == TERMINAL

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's score (VP) now; final at a terminal state."""

    def winners(self, state: S) -> tuple[int, ...]:
        """Seats that won (several on a draw; empty when everybody lost): the highest
        score, or the lowest where the game's spec declares ``scoring="lowest"``
        (:class:`workbench.spec.GameType`; a game that decides otherwise overrides this)."""
        scores = self.returns(state)
        best = min(scores) if lowest_wins(self.name) else max(scores)
        return tuple(i for i, s in enumerate(scores) if s == best)

    # -- helpers with defaults games may override -----------------------------
    def sample_chance(self, state: S, rng: random.Random) -> Hashable:
        """Pick a chance outcome with the session's rng (games may add a fast path)."""
        return self.chance_outcomes(state).sample(rng)

    def action_label(self, state: S, action_id: Hashable) -> str:
        """Human text for an action id at this state (for logs)."""
        if self.current_player(state) == CHANCE:
            return f"chance: {action_id}"
        for a in self.legal_actions(state):
            if a.id == action_id:
                return a.label
        return str(action_id)

    def zones(self, state: S) -> Mapping[str, Counter[Hashable]]:
        """Card id counts per zone, for the conservation check (empty: no cards)."""
        return {}

    def metrics(self, state: S) -> Mapping[str, float | int | str]:
        """Extra per-game columns for the simulation frame (terminal state)."""
        return {}

    def describe(self, state: S) -> str:
        """One-line text summary of a state (for logs and golden files)."""
        return repr(state)


class IllegalAction(ValueError):
    """An action that is not legal at this state; the state is unchanged."""


def lowest_wins(name: str) -> bool:
    """Whether game ``name`` declares that the lowest score wins (``GameType.scoring``);
    False for a game no registry knows (a toy built by hand).

    >>> lowest_wins("life"), lowest_wins("no such game")
    (False, False)
    """
    try:
        return spec(name).game_type.scoring == "lowest"
    except (UnknownGame, BadGame):
        return False
