"""Golden playthroughs: a seeded game written out step by step, kept in files,
replayed and diffed by the tests of every game.

A golden case is two files in a folder: ``<name>.replay.json`` (the
:class:`~workbench.engine.play.replay.Replay`: game, version, params, seed, action
ids) and ``<name>.txt`` (the transcript). :func:`check_golden` plays the case
again with the same players and seed and requires the same actions, the same
final state from the replay file, and the same transcript (a unified diff
otherwise). After a deliberate rule change (bump the game's ``version``),
regenerate on purpose with ``WB_GOLDEN=regen``. A missing file is an error,
never silently written.

>>> import tempfile
>>> from workbench.engine.players import random_player
>>> from workbench.engine.conformance.toy import TakeAway
>>> with tempfile.TemporaryDirectory() as d:
...     check_golden(TakeAway(), random_player, 3, d, "nim", regen=True)
...     check_golden(TakeAway(), random_player, 3, d, "nim")
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, Game
from workbench.engine.kernel.seat import Player
from workbench.engine.play.replay import Replay, params_dict
from workbench.engine.play.session import Session
from workbench.engine.runs.playout import playout

REGEN_ENV = "WB_GOLDEN"
Describe = Callable[[Any, Any], bool]


class GoldenMismatch(AssertionError):
    """A golden playthrough no longer plays, replays or reads as recorded."""


def transcript(
    game: Game[Any], actions: Sequence[Hashable], *, describe_when: Describe | None = None
) -> str:
    """The start position, one line per step (who, label) and the end.

    ``describe_when(before, after)`` says when to write the whole position after
    a step (default: after every step).
    """
    s = game.initial_state()
    lines = [f"start | {game.describe(s)}"]
    for k, a in enumerate(actions, start=1):
        who = game.current_player(s)
        label = game.action_label(s, a)
        after = game.apply(s, a)
        lines.append(f"{k}. {'chance' if who == CHANCE else f'seat {who}'}: {label}")
        if describe_when is None or describe_when(s, after):
            lines.append(f"   {game.describe(after)}")
        s = after
    lines.append(f"end | {game.describe(s)}")
    lines.append(f"winners {list(game.winners(s))} returns {list(game.returns(s))}")
    return "\n".join(lines) + "\n"


def check_golden(
    game: Game[Any],
    players: Player | Sequence[Player],
    seed: int,
    folder: str | os.PathLike[str],
    name: str,
    *,
    describe_when: Describe | None = None,
    regen: bool | None = None,
) -> None:
    """Play, compare with the golden files in ``folder`` (or write them when regenerating)."""
    regen = os.environ.get(REGEN_ENV) == "regen" if regen is None else regen
    result = playout(game, players, seed)
    text = transcript(game, result.actions, describe_when=describe_when)
    base = Path(folder)
    replay_path, text_path = base / f"{name}.replay.json", base / f"{name}.txt"
    if regen:
        base.mkdir(parents=True, exist_ok=True)
        Replay(game.name, str(game.version), params_dict(game), seed, result.actions).save(
            replay_path
        )
        text_path.write_text(text, encoding="utf-8")
    if not replay_path.exists() or not text_path.exists():
        raise GoldenMismatch(
            f"{name}: golden files missing in {base}; write them with {REGEN_ENV}=regen"
        )
    recorded = Replay.load(replay_path)
    if recorded.actions != result.actions:
        first = next(
            (i for i, (a, b) in enumerate(zip(recorded.actions, result.actions)) if a != b),
            min(len(recorded.actions), len(result.actions)),
        )
        raise GoldenMismatch(
            f"{name}: the same seed and players now play differently from step {first + 1} "
            f"({REGEN_ENV}=regen to accept a deliberate change)"
        )
    if Session.from_replay(recorded, game).state != result.final:
        raise GoldenMismatch(f"{name}: replaying {replay_path.name} ends in another state")
    expected = text_path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), text.splitlines(True), "golden", "now", n=2
            )
        )
        raise GoldenMismatch(
            f"{name}: transcript differs ({REGEN_ENV}=regen to accept):\n{diff[:4000]}"
        )
