"""A session from a replay, checked step by step (:meth:`Session.from_replay` and
:meth:`Session.load` call :func:`session_from_replay`; the file format, and
``Session.to_replay``'s :meth:`Replay.from_session`, are in :mod:`.replay`).

Loading checks the game, its version and parameters, then each recorded
action's legality; a ``checked`` replay's chance outcomes must be what its seed
draws (see :mod:`workbench.engine.play.replay`, "Honest chance").

>>> from workbench.engine.conformance.toy import TakeAway
>>> from workbench.engine.play.session import Session
>>> s = Session(TakeAway(), seed=4)
>>> s.apply(3); s.apply(1)
>>> again = session_from_replay(Session, s.to_replay(), TakeAway())
>>> again.log, again.verified_chance
(['1. P1: take 3', '2. P2: take 1'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.rng import CountingRandom
from workbench.engine.play.replay import Replay, ReplayError, params_differ
from workbench.engine.play.replay_checks import ChanceCheck, skip_words
from workbench.engine.play.timeline import Timeline


class ReplaySession(Protocol):
    """What loading a replay needs of a session (:class:`~workbench.engine.play.session.Session`
    has it; named here so this module does not import that one, which imports this)."""

    game: Any
    timeline: Timeline
    auto_chance: bool
    verified_chance: bool
    chance_check: ChanceCheck | None

    @property
    def state(self) -> Any: ...
    @property
    def step(self) -> int: ...
    @property
    def rng(self) -> CountingRandom: ...
    def record(self, action_id: Hashable) -> None: ...


S = TypeVar("S", bound=ReplaySession)


def replay_step(
    session: ReplaySession, action_id: Hashable, chosen: bool = False
) -> Hashable | None:
    """Apply a recorded action (legality checked, no auto chance, no notification).

    At a chance node the rng still draws once (unless the outcome was
    ``chosen`` by hand), so that a replayed session's rng continues as the
    recorded one did; the drawn outcome is returned, for the caller to
    compare with the recorded one (None at a player step or a chosen one).
    """
    game, state = session.game, session.state
    who = game.current_player(state)
    drawn: Hashable | None = None
    if who == CHANCE:
        if action_id not in game.chance_outcomes(state):
            raise IllegalAction(f"{action_id!r} is not a chance outcome here")
        if not chosen:
            drawn = game.sample_chance(state, session.rng)
    elif who == TERMINAL:
        raise IllegalAction("the game was already over")
    elif action_id not in game.legal_ids(state):
        raise IllegalAction(f"{action_id!r} is not a legal action for P{who + 1}")
    pos = session.step
    session.record(action_id)
    if chosen:
        session.timeline.mark_chosen(pos)
    return drawn


def session_from_replay(
    cls: Callable[..., S],
    replay: Replay,
    game: Game[Any] | None = None,
    *,
    allow_paths: tuple[str | Path, ...] = (),
) -> S:
    """A ``cls`` session at the replay's last step (checks game, version and params first,
    then each step; a ``checked`` replay's chance outcomes against its seed)."""
    game = replay.make_game(allow_paths) if game is None else game
    if game.name != replay.game:
        raise ReplayError(f"replay is for game {replay.game!r}, not {game.name!r}")
    if str(game.version) != replay.version:
        raise ReplayError(
            f"replay was recorded with {replay.game} version {replay.version}; "
            f"this is version {game.version}, old games may diverge"
        )
    differ = params_differ(game, replay.params)
    if differ:
        raise ReplayError(f"replay params {replay.params} differ from the game's: {differ}")
    session = cls(game, seed=replay.seed, auto_chance=False)
    chosen, draws = set(replay.chosen), dict(replay.player_draws)
    chance_steps = verified = 0
    for i, action in enumerate(replay.actions):
        try:
            is_chance = game.current_player(session.state) == CHANCE
            if i in draws and not is_chance:
                skip_words(session.rng, draws[i])  # the bot's draws, word for word
            drawn = replay_step(session, action, chosen=i in chosen)
        except RecursionError:
            raise ReplayError(f"action {i} is nested too deeply") from None
        except Exception as e:
            shown = repr(action)[:80]
            raise ReplayError(
                f"action {i} ({shown}) is illegal at step {i}: {' '.join(str(e).split())[:200]}"
            ) from None
        if i in chosen and not is_chance:
            raise ReplayError(f"step {i} is listed as chosen but is not a chance step")
        if replay.checked and is_chance and i not in chosen and drawn != action:
            raise ReplayError(
                f"step {i}: the recorded chance outcome {repr(action)[:60]} is not what "
                f"seed {replay.seed} draws there ({repr(drawn)[:60]}); the replay was edited, "
                "or list the step in 'chosen' if it was set by hand"
            )
        chance_steps += is_chance
        verified += replay.checked and is_chance and i not in chosen
    session.auto_chance = True
    session.chance_check = ChanceCheck(chance_steps, verified, len(chosen), replay.seed)
    session.verified_chance = session.chance_check.honest
    return session
