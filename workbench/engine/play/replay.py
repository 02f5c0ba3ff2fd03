"""Replays: (game, version, parameters, sheets, seed, actions) as JSON, written atomically.

Action ids are str, int, float, bool, None or nested tuples of them. Ids are
hashable, so they never contain lists: JSON lists decode back to tuples,
which makes the encoding reversible. Chance outcomes are recorded like any
action.

A replay file is untrusted: its size, actions and ids are bounded
(:mod:`workbench.engine.play.replay_checks`), its parameters are checked against
the game's params dataclass (:func:`workbench.engine.kernel.params.checked_params`:
types, ranges, no file outside the data folders unless ``allow_paths``), and
everything wrong is one :class:`ReplayError`.

**Honest chance.** A replay written from a session (``checked: true``) is
checked against its own seed: at every chance step the seed's rng must draw
the recorded outcome, else :class:`ReplayError` names the step. Two
exceptions are recorded in the file: ``chosen`` lists the steps whose outcome
the designer set by hand (a "what if"; a chosen outcome does not consume the
rng, as in :meth:`Session.choose`, so the dice after it are still the seed's),
and ``player_draws`` lists ``[step, words]`` where a bot drew rng words before
choosing its move (the check skips them; only files written before bots drew
from their seats' own rngs, :func:`~workbench.engine.kernel.seeds.player_rng`,
have any). Files without ``checked`` (older
ones, and playouts whose bots drew from an rng nobody counted, as the golden
files) are not checked against the seed: ``Replay.checked`` is False and the
session says so (``verified_chance`` is False).

**The sheets.** A replay records the card sheets it was played on
(:mod:`workbench.engine.play.replay_sheets`: each sheet's content hash and file name,
and for an edited sheet the variant's edits or its rows). A replay loaded against a
game on other sheets is refused with one line naming them (:meth:`Replay.sheets_differ`);
files written before sheets were recorded are not checked.

>>> from workbench.engine.conformance.toy import TakeAway
>>> from workbench.engine.play.session import Session
>>> s = Session(TakeAway(), seed=4)
>>> s.apply(3)
>>> r = Replay.from_json(s.to_replay().to_json())
>>> r.actions, Session.from_replay(r, TakeAway()).state
((3,), TakeAwayState(stones=4, to_move=1))
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from workbench.atomic import write_text_atomic
from workbench.engine.kernel.params import ParamsError, checked_params
from workbench.engine.kernel.protocol import Game
from workbench.engine.play.replay_checks import (
    MAX_ACTIONS,
    MAX_PARAMS,
    MAX_REPLAY_BYTES,
    MAX_SEED,
    ItemBudget,
    checked_draws,
    checked_id,
    checked_sheets,
    checked_steps,
    unknown_fields,
)
from workbench.engine.play.replay_sheets import (
    SheetPlayed,
    sheets_differ,
    sheets_from_json,
    sheets_played,
    sheets_to_json,
)
from workbench.registry import spec


class RecordedSession(Protocol):
    """What recording a replay reads of a session (:class:`~workbench.engine.play.session.Session`
    has it; named here so this module does not import that one, which imports this)."""

    game: Any
    seed: int

    @property
    def actions(self) -> tuple[Hashable, ...]: ...
    @property
    def chance_flags(self) -> tuple[bool, ...]: ...
    @property
    def rng_marks(self) -> tuple[int, ...]: ...
    @property
    def chosen_steps(self) -> tuple[int, ...]: ...  # chance set by hand: a what-if's steps


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


def params_differ(game: Game[Any], recorded: dict[str, Any]) -> str:
    """'' when the game's params match a replay's; a parameter the replay does not
    record (added to the game after it was saved) must be at its default.

    >>> from workbench.engine.conformance.toy import TakeAway
    >>> params_differ(TakeAway(), {}), params_differ(TakeAway(), {"stones": 99})
    ('', 'stones: replay 99, game 7')
    """
    now = params_dict(game)
    defaults = (
        {
            f.name: f.default
            for f in dataclasses.fields(game.params)
            if f.default is not dataclasses.MISSING
        }
        if now
        else {}
    )
    problems = [
        f"{k}: replay {v!r}, game {now.get(k, '(none)')!r}"
        for k, v in recorded.items()
        if now.get(k, _ABSENT) != v
    ]
    problems += [
        f"{k}: not recorded, game {v!r} (default {defaults.get(k, '(none)')!r})"
        for k, v in now.items()
        if k not in recorded and defaults.get(k, _ABSENT) != v
    ]
    return "; ".join(problems)


_ABSENT = object()


def _player_draws(session: RecordedSession) -> tuple[tuple[tuple[int, int], ...], bool]:
    """([step, rng words drawn by the player there], whether every step is known).

    Uses the session's rng position after each step (``Session.rng_marks``).
    """
    marks = list(session.rng_marks)
    if len(marks) != len(session.actions) + 1:
        return (), False
    flags = session.chance_flags
    draws = tuple(
        (k, marks[k + 1] - marks[k])
        for k in range(len(session.actions))
        if not flags[k] and marks[k + 1] > marks[k]
    )
    return draws, True


@dataclass(frozen=True)
class Replay:
    """A recorded game; ``Session.from_replay`` rebuilds the session action by action."""

    game: str
    version: str
    params: dict[str, Any]
    seed: int
    actions: tuple[Hashable, ...]
    chosen: tuple[int, ...] = ()
    player_draws: tuple[tuple[int, int], ...] = ()
    checked: bool = False
    sheets: tuple[SheetPlayed, ...] = ()
    """The card sheets it was played on (``()``: a game without sheets, or an old file)."""

    @classmethod
    def from_session(cls, session: RecordedSession) -> Replay:
        """The replay of a session up to its current step, with its chosen steps, the rng
        words its bots drew (so that loading it checks every roll) and the sheets its game
        plays on (:func:`~workbench.engine.play.replay_sheets.sheets_played`)."""
        g = session.game
        chosen = tuple(session.chosen_steps)
        draws, checked = _player_draws(session)
        return cls(
            g.name,
            str(g.version),
            params_dict(g),
            session.seed,
            session.actions,
            chosen,
            draws,
            checked,
            sheets_played(g),
        )

    def sheets_differ(self, game: Game[Any]) -> str:
        """'' when ``game`` plays on the sheets this replay records (or it records none),
        else one line naming the sheets that differ."""
        return sheets_differ(self.sheets, sheets_played(game))

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
            "checked": self.checked,
        }
        if self.chosen:
            data["chosen"] = list(self.chosen)
        if self.player_draws:
            data["player_draws"] = [list(p) for p in self.player_draws]
        if self.sheets:
            data["sheets"] = sheets_to_json(self.sheets)
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "replay") -> Replay:
        """Parse JSON text; anything malformed raises ReplayError naming ``source``."""
        if len(text) > MAX_REPLAY_BYTES:
            raise ReplayError(
                f"{source}: {len(text):,} characters; a replay is at most {MAX_REPLAY_BYTES:,}"
            )
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ReplayError(
                f"{source}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})"
            ) from None
        except RecursionError:
            raise ReplayError(f"{source}: JSON nested too deeply to be a replay") from None
        except ValueError as e:  # e.g. an integer of more than 4,300 digits
            raise ReplayError(f"{source}: not a valid replay ({str(e)[:120]})") from None
        if not isinstance(data, dict):
            raise ReplayError(f"{source}: expected a JSON object, got {type(data).__name__}")
        unknown = unknown_fields(data)
        if unknown:
            raise ReplayError(f"{source}: {unknown}")
        if data.get("format") != FORMAT:
            raise ReplayError(f"{source}: format is {data.get('format')!r}, expected {FORMAT!r}")
        want = {"game": str, "version": str, "params": dict, "seed": int, "actions": list}
        for key, kind in want.items():
            if key not in data:
                raise ReplayError(f"{source}: missing field {key!r}")
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise ReplayError(
                    f"{source}: field {key!r} should be {kind.__name__}, got {data[key]!r}"
                )
        if abs(data["seed"]) > MAX_SEED:
            raise ReplayError(f"{source}: field 'seed' is too large (at most 2**128)")
        if len(data["actions"]) > MAX_ACTIONS:
            raise ReplayError(
                f"{source}: {len(data['actions']):,} actions; at most {MAX_ACTIONS:,}"
            )
        checked = data.get("checked", False)
        if not isinstance(checked, bool):
            raise ReplayError(f"{source}: field 'checked' should be true or false, got {checked!r}")
        if len(data["params"]) > MAX_PARAMS:
            raise ReplayError(
                f"{source}: {len(data['params']):,} parameters; a game has at most {MAX_PARAMS}"
            )
        budget = ItemBudget()
        try:
            params = {
                str(k)[:100]: checked_id(v, f"parameter {str(k)[:40]!r}", budget=budget)
                for k, v in data["params"].items()
            }
            actions = tuple(
                checked_id(a, f"action {i}", budget=budget) for i, a in enumerate(data["actions"])
            )
            chosen = checked_steps(data.get("chosen", []), "chosen", len(actions))
            draws = checked_draws(data.get("player_draws", []), len(actions))
            sheets = sheets_from_json(checked_sheets(data.get("sheets", {})))
        except ValueError as e:
            raise ReplayError(f"{source}: {e}") from None
        return cls(
            data["game"],
            data["version"],
            params,
            data["seed"],
            actions,
            chosen,
            draws,
            checked,
            sheets,
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write atomically (a temporary file in the same folder, then ``os.replace``)."""
        return write_text_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Replay:
        """Read a replay file (checked by ``from_json``)."""
        shown = str(path) if len(str(path)) <= 200 else str(path)[:199] + "…"
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO would block, /dev/zero never end
                raise ReplayError(f"{shown}: not a regular file; a replay is a saved .json file")
            with open(path, "rb") as fh:  # at most the limit + 1 byte, whatever stat said
                raw = fh.read(MAX_REPLAY_BYTES + 1)
            if len(raw) > MAX_REPLAY_BYTES:
                raise ReplayError(f"{shown}: larger than {MAX_REPLAY_BYTES:,} bytes; not a replay")
            text = raw.decode("utf-8")
        except (OSError, UnicodeDecodeError, ValueError) as e:
            if isinstance(e, ReplayError):
                raise
            raise ReplayError(f"{shown}: cannot read ({' '.join(str(e).split())[:200]})") from None
        return cls.from_json(text, source=shown)

    # -- playing back -------------------------------------------------------------
    def make_game(self, allow_paths: tuple[str | Path, ...] = ()) -> Game[Any]:
        """The game from the game registry with the recorded params, each checked
        against the game's params dataclass (``GameSpec.parameters``) first (types,
        ranges, paths inside the data folders or ``allow_paths``); ReplayError (one line)
        when it plays on other sheets than the replay records."""
        game = self._registered_game(allow_paths)
        differ = self.sheets_differ(game)
        if differ:
            raise ReplayError(differ)
        return game

    def _registered_game(self, allow_paths: tuple[str | Path, ...]) -> Game[Any]:
        try:
            declared = spec(self.game)
            cls = declared.parameters.load() if declared.parameters is not None else None
        except (ValueError, ImportError) as e:
            raise ReplayError(
                f"replay is for game {str(self.game)[:60]!r}, which is not available: {e}"
            ) from None
        try:
            if cls is None:
                if self.params:
                    raise ParamsError(f"{self.game} takes no parameters")
                return declared.new_game()  # type: ignore[no-any-return]
            params = checked_params(cls, self.params, allowed_paths=allow_paths)
            return declared.new_game(
                **{
                    f.name: getattr(params, f.name)  # type: ignore[no-any-return]
                    for f in dataclasses.fields(params)
                    if f.name in self.params
                }
            )
        except (TypeError, ValueError) as e:
            raise ReplayError(
                f"replay parameters rejected by {self.game}: {' '.join(str(e).split())[:300]}"
            ) from None
