"""A play session: the state stack with undo, redo, reset, jump and one seeded rng.

Steps count every action, chance included: ``history[k]`` is the state after
``actions[:k]``. After each player action the chance nodes that follow are
resolved with the session's one ``random.Random(seed)`` (``auto_chance``) and
recorded as actions like any other. A bot in seat ``s`` draws from that seat's
own rng (:func:`~workbench.engine.kernel.seeds.player_rng`), never from the
chance rng, so letting a bot move (or a stronger bot) does not change the dice.

**Chance after undo.** The rng's position (a word count, see
:mod:`workbench.engine.kernel.rng`) is kept with every step of the history and
restored on undo, redo and jump, and so are the seats' rngs (the positions
survive pickling and copying a session: the rngs pickle them). So the chance
results of a session depend only on (seed, the player decisions so far): undo +
the same action gives the same dice, and a session played by bots gives exactly
the game :func:`~workbench.engine.runs.playout.playout` gives for the same seed
and players. To
see other dice, start a new game with another seed, or set chance by hand
(``auto_chance=False``: a chance node lists its outcomes as actions).
A replay records chance outcomes explicitly, so replaying never depends on
the rng.

The history is an object of its own, :attr:`Session.timeline` (a
:class:`~workbench.engine.play.timeline.Timeline`: the recorded steps, the
position, undo/redo targets); this class holds the game, the rngs, moving,
chance and listeners. Bots on a session (:meth:`Session.bot_move`,
:meth:`Session.play_to_end`: :mod:`~workbench.engine.play.session_bots`) and
loading a replay (:meth:`Session.from_replay`, :meth:`Session.load`:
:mod:`~workbench.engine.play.session_replays`) use only public methods of the
session and its timeline.

>>> from workbench.engine.conformance.toy import TakeAway
>>> s = Session(TakeAway(), seed=0)
>>> s.apply(2); s.apply(3)
>>> s.log
['1. P1: take 2', '2. P2: take 3']
>>> s.undo(); s.state
TakeAwayState(stones=5, to_move=1)
>>> s.redo(); s.step
2
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Hashable, Sequence
from html import escape
from operator import attrgetter
from pathlib import Path
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
from workbench.engine.kernel.rng import CountingRandom
from workbench.engine.kernel.seat import Player
from workbench.engine.kernel.seeds import player_seed
from workbench.engine.play import session_bots, session_replays
from workbench.engine.play.replay import Replay
from workbench.engine.play.replay_checks import ChanceCheck, what_if_note
from workbench.engine.play.timeline import Timeline
from workbench.engine.runs.playout import GameTooLong

Listener = Callable[["Session"], None]
_words = attrgetter("words")  # a CountingRandom's position


class Session:
    """One game being played, with its whole history (see the module docstring)."""

    def __init__(self, game: Game[Any], seed: int = 0, auto_chance: bool = True) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.game = game
        self.auto_chance = auto_chance
        self._listeners: list[Listener] = []
        self._start(seed)

    # -- state ----------------------------------------------------------------
    def _start(self, seed: int) -> None:
        self.seed = seed
        self._rng = CountingRandom(seed)
        self._seat_rngs = tuple(
            CountingRandom(player_seed(seed, i))  # type: ignore[arg-type]
            for i in range(self.game.num_players)
        )
        self.timeline = Timeline(self.game.initial_state(), len(self._seat_rngs))
        # False when loaded from a replay whose chance was not all checked against its seed
        self.verified_chance = True
        self.chance_check: ChanceCheck | None = None  # what loading a replay verified
        if self.auto_chance:
            self._resolve_chance()

    @property
    def state(self) -> Any:
        """The current state."""
        return self.timeline.state

    @property
    def step(self) -> int:
        """Actions applied so far (chance included)."""
        return self.timeline.pos

    @property
    def total_steps(self) -> int:
        """Steps recorded, including those undone but still redoable."""
        return self.timeline.total

    @property
    def rng(self) -> CountingRandom:
        """The session's chance rng (bots draw from :meth:`player_rng`; ``words`` is its
        position)."""
        return self._rng

    def player_rng(self, seat: int) -> random.Random:
        """Seat ``seat``'s player rng (a bot there draws from it; rewound with undo)."""
        return self._seat_rngs[seat]

    @property
    def player_rngs(self) -> tuple[CountingRandom, ...]:
        """Every seat's player rng, in seat order."""
        return self._seat_rngs

    def rng_positions(self) -> tuple[int, tuple[int, ...]]:
        """The chance rng's position and the seats' rngs' positions now (what a step records)."""
        return self._rng.words, tuple(map(_words, self._seat_rngs))

    @property
    def to_move(self) -> int:
        """Seat to move, CHANCE or TERMINAL."""
        return self.game.current_player(self.state)

    @property
    def is_over(self) -> bool:
        """True at a terminal state."""
        return self.to_move == TERMINAL

    @property
    def actions(self) -> tuple[Hashable, ...]:
        """Every action id applied so far, chance outcomes included."""
        return self.timeline.actions

    @property
    def chance_flags(self) -> tuple[bool, ...]:
        """For each applied action, whether it was a chance outcome."""
        return self.timeline.chance_flags

    @property
    def history(self) -> tuple[Any, ...]:
        """The immutable states from the start to now (``history[k]`` after k steps)."""
        return self.timeline.states

    @property
    def log(self) -> list[str]:
        """One readable line per applied action (labels from the game)."""
        return self.timeline.log(self._line)

    def _line(self, k: int) -> str:
        """The log line of step k (from the state before it, which never changes)."""
        timeline = self.timeline
        state, action_id = timeline.state_at(k), timeline.action_at(k)
        who = self.game.current_player(state)
        label = self.game.action_label(state, action_id)
        who_text = "" if who == CHANCE or label.startswith("chance") else f"P{who + 1}: "
        chosen = " (chosen)" if timeline.is_chosen(k) else ""
        return f"{k + 1}. {who_text}{label}{chosen}"

    def legal_actions(self) -> Sequence[Action]:
        """The moves now; at a chance node its outcomes (to set chance by hand)."""
        if self.to_move == CHANCE:
            return [
                Action(o, self.game.action_label(self.state, o))
                for o in self.game.chance_outcomes(self.state)
            ]
        return self.game.legal_actions(self.state)

    # -- moving ---------------------------------------------------------------
    def apply(self, action_id: Hashable) -> None:
        """Apply a legal action (then resolve chance); IllegalAction leaves all unchanged."""
        who = self.to_move
        if who == TERMINAL:
            raise IllegalAction(f"{self.game.name}: the game is over; undo or start a new game")
        ids = [a.id for a in self.legal_actions()]
        if action_id not in ids:
            shown = ", ".join(repr(i) for i in ids[:10]) + (" ..." if len(ids) > 10 else "")
            whom = "chance" if who == CHANCE else f"P{who + 1}"
            raise IllegalAction(
                f"{action_id!r} is not legal for {whom} at step {self.step}; legal: {shown}"
            )
        self.record(action_id)
        if self.auto_chance:
            self._resolve_chance()
        self.changed()

    def record(self, action_id: Hashable) -> None:
        """Apply ``action_id`` with no check beyond the game's own and record the step
        (dropping any redo tail); no auto chance, no notification (replays, bots)."""
        state = self.timeline.state
        chance = self.game.current_player(state) == CHANCE
        new = self.advance(state, action_id)
        self.timeline.record(new, *self.rng_positions(), action_id, chance)

    def advance(self, state: Any, action_id: Hashable) -> Any:
        """The state after ``action_id``: the game's ``apply`` (a subclass may override
        this to watch every step; see :meth:`stepper`). A kernel game's ``apply`` keeps
        the table it last froze and steps it again when asked for that state, so a click
        and the chance steps after it copy the state at most once (after undo or jump),
        and each step converts only the fields it touched (see ``kernel.copies``)."""
        return self.game.apply(state, action_id)

    def stepper(self) -> Callable[[Any, Hashable], Any]:
        """The function that steps a state: ``game.apply`` itself while :meth:`advance` is
        this class's own (a call less a step for the bots' loop), else :meth:`advance`."""
        return self.game.apply if type(self).advance is Session.advance else self.advance

    def _resolve_chance(self, limit: int = 100_000) -> None:
        for _ in range(limit):
            if self.to_move != CHANCE:
                return
            self.record(self.game.sample_chance(self.state, self._rng))
        raise GameTooLong(f"{self.game.name}: more than {limit} chance steps in a row")

    def choose(self, outcome: Hashable) -> None:
        """Set the outcome of the chance node by hand (a "what if"): the rng does not
        draw, and the step is marked as chosen in the log and in replays."""
        if self.to_move != CHANCE:
            raise IllegalAction("not a chance node: nothing to choose")
        if outcome not in self.game.chance_outcomes(self.state):
            raise IllegalAction(f"{outcome!r} is not a possible outcome here")
        pos = self.step
        self.record(outcome)
        self.timeline.mark_chosen(pos)
        if self.auto_chance:
            self._resolve_chance()
        self.changed()

    @property
    def rng_marks(self) -> tuple[int, ...]:
        """The rng's position (32-bit words drawn since the seed) after each step so far
        (``rng_marks[k]`` after ``k`` steps; replays record it)."""
        return self.timeline.marks

    @property
    def chosen_steps(self) -> tuple[int, ...]:
        """Indices of the chance steps whose outcome was chosen by hand."""
        return self.timeline.chosen

    def roll(self) -> None:
        """Resolve the chance node now with the session rng (for ``auto_chance=False``)."""
        if self.to_move != CHANCE:
            raise IllegalAction("not a chance node: nothing to roll")
        self.record(self.game.sample_chance(self.state, self._rng))
        self.changed()

    def bot_move(self, player: Player) -> None:
        """Let a player choose the next action (chance: roll) with its seat's rng."""
        session_bots.bot_move(self, player)

    def play_to_end(self, players: Player | Sequence[Player], max_steps: int = 100_000) -> None:
        """Let bots play every seat to the end (one player, or one per seat)."""
        session_bots.play_to_end(self, players, max_steps)

    # -- time travel ------------------------------------------------------------
    def _go(self, pos: int) -> None:
        mark, seat_marks = self.timeline.go(pos)
        self._rng.rewind(mark)
        for r, words in zip(self._seat_rngs, seat_marks, strict=True):
            r.rewind(words)

    @property
    def can_undo(self) -> bool:
        """True when a player decision lies behind (O(1))."""
        return self.timeline.can_undo

    @property
    def can_redo(self) -> bool:
        """True when undone steps can be re-applied."""
        return self.timeline.can_redo

    def undo(self) -> None:
        """Back to before the last player decision (chance steps are skipped over)."""
        if not self.can_undo:
            raise IllegalAction("nothing to undo")
        self._go(self.timeline.undo_target())
        self.changed()

    def redo(self) -> None:
        """Re-apply the undone decision and the chance steps recorded after it."""
        if not self.can_redo:
            raise IllegalAction("nothing to redo")
        self._go(self.timeline.redo_target())
        self.changed()

    def jump(self, k: int) -> None:
        """Go to step k of the recorded history (0 = the start)."""
        if not isinstance(k, int) or not 0 <= k <= self.total_steps:
            raise IndexError(f"step {k!r} outside 0..{self.total_steps}")
        self._go(k)
        self.changed()

    def reset(self, seed: int | None = None) -> None:
        """A new game: the same seed when None, else the given one."""
        self._start(self.seed if seed is None else seed)
        self.changed()

    # -- observers and replays --------------------------------------------------
    def on_change(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(session)`` after every change; returns an unsubscribe function."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def changed(self) -> None:
        """Tell every listener the session changed (bots and replays call it after a run)."""
        for listener in list(self._listeners):
            listener(self)

    def to_replay(self) -> Replay:
        """The replay of the game so far (game, version, params, seed, actions)."""
        return Replay.from_session(self)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the replay of the game so far (atomically) to ``path``."""
        return self.to_replay().save(path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], game: Game[Any] | None = None) -> Session:
        """A session at the last step of a saved replay (the game from the registry unless given)."""
        return cls.from_replay(Replay.load(path), game)

    @classmethod
    def from_replay(
        cls,
        replay: Replay,
        game: Game[Any] | None = None,
        *,
        allow_paths: tuple[str | Path, ...] = (),
    ) -> Session:
        """A session at the replay's last step (checks game, version and params first,
        then each step; a ``checked`` replay's chance outcomes against its seed)."""
        return session_replays.session_from_replay(cls, replay, game, allow_paths=allow_paths)

    def _repr_html_(self) -> str:
        """Notebook view: who is to move and the last lines of the log."""
        who = self.to_move
        now = (
            "game over" if who == TERMINAL else "chance" if who == CHANCE else f"P{who + 1} to move"
        )
        lines = "\n".join(escape(x) for x in self.log[-12:]) or "(no moves yet)"
        return (
            f"<b>{escape(self.game.name)}</b> seed {self.seed}, step {self.step}/{self.total_steps}: "
            f"{now}{what_if_note(self)}<pre style='margin:0'>{lines}</pre>"
        )

    def __repr__(self) -> str:
        return f"<Session {self.game.name} seed={self.seed} step={self.step}/{self.total_steps}>"
