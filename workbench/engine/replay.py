"""Replays: (game, version, parameters, seed, actions) as JSON, written atomically.

Action ids are str, int, float, bool, None or nested tuples of them. Ids are
hashable, so they never contain lists: JSON lists decode back to tuples,
which makes the encoding reversible. Chance outcomes are recorded like any
action, so replaying never draws from an rng.

>>> from workbench.engine.toy import TakeAway
>>> from workbench.engine.session import Session
>>> s = Session(TakeAway(), seed=4)
>>> s.apply(3)
>>> r = Replay.from_json(s.to_replay().to_json())
>>> r.actions, r.play(TakeAway()).state
((3,), TakeAwayState(stones=4, to_move=1))
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.engine.protocol import Game
from workbench.engine.registry import game_module

if TYPE_CHECKING:
    from workbench.engine.session import Session

FORMAT = "workbench-replay/1"


class ReplayError(ValueError):
    """A replay file that is corrupt, for another game or version, or diverges."""


def encode_id(value: Any) -> Any:
    """An action id as JSON data (tuples become lists).

    >>> encode_id(("place", (1, 2), None))
    ['place', [1, 2], None]
    """
    if isinstance(value, tuple):
        return [encode_id(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise ReplayError(f"cannot store {value!r} ({type(value).__name__}) in a replay")


def decode_id(value: Any) -> Hashable:
    """Back from JSON data (lists become tuples).

    >>> decode_id(['place', [1, 2], None])
    ('place', (1, 2), None)
    """
    if isinstance(value, list):
        return tuple(decode_id(v) for v in value)
    if isinstance(value, dict):
        raise ReplayError(f"an action id cannot be an object: {value!r}")
    return value  # type: ignore[no-any-return]


def params_dict(game: Game[Any]) -> dict[str, Any]:
    """The game's parameters as a JSON-friendly dict (``{}`` when it has none)."""
    p = game.params
    if p is None:
        return {}
    if not dataclasses.is_dataclass(p) or isinstance(p, type):
        raise ReplayError(f"{game.name} params must be a dataclass, got {type(p).__name__}")
    values = dataclasses.asdict(p)
    for k, v in values.items():
        try:
            encode_id(v)
        except ReplayError as e:
            raise ReplayError(f"{game.name} parameter {k!r}: {e}") from None
    return values


def _params_differ(game: Game[Any], recorded: dict[str, Any]) -> str:
    """'' when the game's params match a replay's; a parameter the replay does not
    record (added to the game after it was saved) must be at its default.

    >>> from workbench.engine.toy import TakeAway
    >>> _params_differ(TakeAway(), {}), _params_differ(TakeAway(), {"stones": 99})
    ('', 'stones: replay 99, game 7')
    """
    now = params_dict(game)
    defaults = {
        f.name: f.default for f in dataclasses.fields(game.params)
        if f.default is not dataclasses.MISSING
    } if now else {}
    problems = [f"{k}: replay {v!r}, game {now.get(k, '(none)')!r}"
                for k, v in recorded.items() if now.get(k, _ABSENT) != v]
    problems += [f"{k}: not recorded, game {v!r} (default {defaults.get(k, '(none)')!r})"
                 for k, v in now.items() if k not in recorded and defaults.get(k, _ABSENT) != v]
    return "; ".join(problems)


_ABSENT = object()


@dataclass(frozen=True)
class Replay:
    """A recorded game; ``play`` rebuilds the session action by action."""

    game: str
    version: str
    params: dict[str, Any]
    seed: int
    actions: tuple[Hashable, ...]

    @classmethod
    def from_session(cls, session: Session) -> Replay:
        """The replay of a session up to its current step."""
        g = session.game
        return cls(g.name, str(g.version), params_dict(g), session.seed, session.actions)

    # -- JSON -------------------------------------------------------------------
    def to_json(self) -> str:
        """The replay as JSON text."""
        data = {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "params": {k: encode_id(v) for k, v in self.params.items()},
            "seed": self.seed,
            "actions": [encode_id(a) for a in self.actions],
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "replay") -> Replay:
        """Parse JSON text; anything malformed raises ReplayError naming ``source``."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ReplayError(f"{source}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
        if not isinstance(data, dict):
            raise ReplayError(f"{source}: expected a JSON object, got {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise ReplayError(f"{source}: format is {data.get('format')!r}, expected {FORMAT!r}")
        want = {"game": str, "version": str, "params": dict, "seed": int, "actions": list}
        for key, kind in want.items():
            if key not in data:
                raise ReplayError(f"{source}: missing field {key!r}")
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise ReplayError(f"{source}: field {key!r} should be {kind.__name__}, got {data[key]!r}")
        params = {k: decode_id(v) for k, v in data["params"].items()}
        actions = tuple(decode_id(a) for a in data["actions"])
        return cls(data["game"], data["version"], params, data["seed"], actions)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write atomically (a temporary file in the same folder, then ``os.replace``)."""
        target = Path(path)
        text = self.to_json()
        fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Read a replay file (checked by ``from_json``)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ReplayError(f"{path}: cannot read ({e})") from None
        return cls.from_json(text, source=str(path))

    # -- playing back -------------------------------------------------------------
    def make_game(self) -> Game[Any]:
        """The game from the game registry with the recorded params."""
        try:
            module = game_module(self.game)
        except (ValueError, ImportError) as e:
            raise ReplayError(f"replay is for game {self.game!r}, which is not available: {e}") from None
        try:
            return module.make_game(**self.params)  # type: ignore[no-any-return]
        except (TypeError, ValueError) as e:
            raise ReplayError(f"replay parameters {self.params!r} rejected by {self.game}: {e}") from None

    def play(self, game: Game[Any] | None = None) -> Session:
        """A session at the replay's last step (checks game, version and params first)."""
        from workbench.engine.session import Session

        game = self.make_game() if game is None else game
        if game.name != self.game:
            raise ReplayError(f"replay is for game {self.game!r}, not {game.name!r}")
        if str(game.version) != self.version:
            raise ReplayError(
                f"replay was recorded with {self.game} version {self.version}; "
                f"this is version {game.version}, old games may diverge"
            )
        differ = _params_differ(game, self.params)
        if differ:
            raise ReplayError(f"replay params {self.params} differ from the game's: {differ}")
        session = Session(game, seed=self.seed, auto_chance=False)
        for i, action in enumerate(self.actions):
            try:
                session._replay_step(action)
            except Exception as e:
                raise ReplayError(f"action {i} ({action!r}) is illegal at step {i}: {e}") from None
        session.auto_chance = True
        return session
