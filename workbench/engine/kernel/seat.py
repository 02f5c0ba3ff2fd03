"""What a player is: ``(view, rng) -> action id``, where the view shows one seat's
legal actions and observation, never the hidden state.

>>> import random
>>> from workbench.engine.conformance.toy import TakeAway
>>> g = TakeAway()
>>> random_player(SeatView(g, 0, g.initial_state()), random.Random(0)) in (1, 2, 3)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, Protocol, cast

from workbench.engine.kernel.hidden import Observation
from workbench.engine.kernel.kernel_game import KernelGame
from workbench.engine.kernel.protocol import Action, Game, IllegalAction
from workbench.engine.kernel.seen import seen_table

__all__ = ["Player", "SeatView", "random_player", "sees_everything"]


class Player(Protocol):
    """A player: ``(view, rng) -> action id`` (the rng is its seat's own: ``kernel.seeds.player_rng``).

    Optional mark: ``SEES_EVERYTHING = True`` on a player that reads hidden cards (an upper
    bound for benches: sessions and playtests refuse it), read by :func:`sees_everything`."""

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable: ...


def sees_everything(player: object) -> bool:
    """True for a player marked ``SEES_EVERYTHING`` (it reads hidden cards), False for fair
    ones; a player may be a plain function, which carries no mark.

    >>> class Cheat:
    ...     SEES_EVERYTHING = True
    >>> sees_everything(Cheat()), sees_everything(random_player)
    (True, False)
    """
    return bool(getattr(player, "SEES_EVERYTHING", False))


class SeatView:
    """What a player is handed when its seat is to move: the game, the seat, the
    legal action ids and the seat's observation (hidden zones as ``Hidden``).

    ``determinize(rng)`` gives a full state consistent with the observation
    (unseen cards dealt at random) for players that look ahead; a
    perfect-information game's observation is the state itself.

    >>> from workbench.engine.conformance.toy import TakeAway
    >>> g = TakeAway()
    >>> v = SeatView(g, 0, g.initial_state())
    >>> v.legal_ids, [a.label for a in v.actions()]
    ([1, 2, 3], ['take 1', 'take 2', 'take 3'])
    """

    __slots__ = ("game", "seat", "_source", "_legal", "_obs", "_seen")

    def __init__(self, game: Game[Any], seat: int, source: Any) -> None:
        self.game, self.seat, self._source = game, seat, source
        self._legal: list[Hashable] | None = None
        self._obs: Any = None
        self._seen: Any = None

    @property
    def legal_ids(self) -> list[Hashable]:
        """The legal action ids, in the game's order."""
        if self._legal is None:
            src = self._source  # a state (a tuple, the usual case) or a kernel table
            self._legal = (
                self.game.legal_ids(src)
                if isinstance(src, tuple) or not (hasattr(src, "tasks") and hasattr(src, "legal"))
                else list(src.legal())
            )
        return self._legal

    @property
    def observation(self) -> Any:
        """What this seat sees (an ``Observation`` for kernel games, else the state)."""
        if self._obs is None:
            src = self._source
            self._obs = (
                self.game.observe(src, self.seat)
                if isinstance(src, tuple) or not (hasattr(src, "tasks") and hasattr(src, "observe"))
                else src.observe(self.seat)
            )
        return self._obs

    @property
    def state(self) -> Any:
        """The observed state (hidden zones as ``Hidden``): what the seat may read (on the
        kernel, ``Table.seen_state``: the unseen cards are not gathered for it).

        >>> from workbench.engine.conformance.kernel_toy import make_game
        >>> g = make_game()
        >>> v = SeatView(g, 1, g.initial_state())
        >>> v.state == g.observe(g.initial_state(), 1).state, v.state.hands
        (True, (Hidden(0), ()))
        """
        if self._obs is None:
            if self._seen is None:
                src = self._source
                if isinstance(src, tuple) and type(self.game).observe is KernelGame.observe:
                    src = cast(KernelGame, self.game).view(src)
                if not hasattr(src, "seen_state"):
                    obs = self.observation
                    return obs.state if isinstance(obs, Observation) else obs
                self._seen = src.seen_state(self.seat)
            return self._seen
        obs = self._obs
        return obs.state if isinstance(obs, Observation) else obs

    @property
    def table(self) -> Any:
        """What the seat sees as a read-only table of the game's kernel table class,
        each field worked out when first read (:func:`~workbench.engine.kernel.seen.seen_table`:
        public fields are the table's own, secret ones as :attr:`state` shows them): a rule of
        thumb pays only for what it reads. Read it during this decision only; never
        change or step it.

        >>> from workbench.engine.conformance.kernel_toy import make_game
        >>> g = make_game()
        >>> v = SeatView(g, 1, g.initial_state())
        >>> v.table.hands == v.state.hands, v.table.deck
        (True, Hidden(10))
        """
        src = self._source
        if isinstance(src, tuple):
            if not hasattr(self.game, "view"):
                raise TypeError(f"{self.game.name}: not a kernel game, no seen table")
            src = cast(KernelGame, self.game).view(src)
        return seen_table(src, self.seat)

    def determinize(self, rng: random.Random) -> Any:
        """A full state consistent with the observation (consumes ``rng`` only when
        something is hidden)."""
        return self.game.determinize(self.observation, rng)

    def prepare_determinize(self) -> Callable[[random.Random], Any]:
        """:meth:`determinize` as a function of the rng, with what depends on the
        observation alone worked out once (the game's ``prepare_determinize``): the
        same states from the same draws, for a search that deals many.

        >>> from workbench.engine.conformance.kernel_toy import make_game
        >>> g = make_game()
        >>> v = SeatView(g, 0, g.initial_state())
        >>> v.prepare_determinize()(random.Random(1)) == v.determinize(random.Random(1))
        True
        """
        prepared: Callable[[random.Random], Any] = self.game.prepare_determinize(self.observation)
        return prepared

    def actions(self) -> list[Action]:
        """The legal actions with their labels (for display and designers' functions)."""
        src = self._source
        if hasattr(src, "freeze"):
            src = src.freeze()
        return list(self.game.legal_actions(src))


def random_player(view: SeatView, rng: random.Random) -> Hashable:
    """A uniformly random legal action: ``rng.choice(view.legal_ids)``.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> random_player(SeatView(TakeAway(), 0, TakeAwayState(1)), random.Random(5))
    1
    """
    ids = view.legal_ids
    if not ids:
        raise IllegalAction(f"{view.game.name}: no legal action for seat {view.seat}")
    return rng.choice(ids)
