"""A playtest with people: one game, one seat per person (or bot), every human decision kept.

:class:`Playtest` holds the session, who sits where (``None``: a person; a
player spec such as ``greedy``: a bot), one secret token per seat, and for
every decision the seat, who made it and how long it took. It serialises
moves (:meth:`Playtest.move` refuses a stale or out-of-turn action with a
message and changes nothing), lets the bots in empty seats move, and writes
itself after every move (:meth:`Playtest.save`: a temporary file, then
``os.replace``), so a crash loses at most the move in flight;
:meth:`Playtest.resume` continues from the file. What each seat is shown is
:meth:`Playtest.view` (its picture, log and last-chance strip, through
:mod:`workbench.engine.play.seat_view`). The web server is
:mod:`workbench.share.playtest_server`.

The file is JSON: ``{"format": "workbench-playtest/1", "seats": [...],
"decisions": [{"step", "seat", "player", "seconds"}], "replay": {a replay}}``.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> p = Playtest(make_game(), seats=[None, "random"], seed=1)
>>> p.session.to_move, p.move(0, p.session.step, 9)
(0, 'illegal: 9 is not a move of Player 1 here')
>>> p.move(1, p.session.step, 2)
'not your turn: Player 1 is deciding'
>>> p.move(0, p.session.step, p.session.game.legal_ids(p.session.state)[0]), p.session.to_move
('', 0)
>>> [d["player"] for d in p.decisions]
['human', 'random']
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

from workbench.atomic import write_text_atomic
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.steps import tupled
from workbench.engine.play.replay import Replay, ReplayError
from workbench.engine.play.seat_view import viewer_name
from workbench.engine.play.session import Session

__all__ = ["FORMAT", "Playtest", "PlaytestError"]

FORMAT = "workbench-playtest/1"
MAX_BOT_MOVES = 10_000


class PlaytestError(ValueError):
    """A playtest file that cannot be read or resumed (one line)."""


class Playtest:
    """One game played by people and bots (see the module docstring)."""

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[str | None],
        seed: int = 0,
        path: str | os.PathLike[str] | None = None,
        *,
        session: Session | None = None,
        decisions: Sequence[dict[str, Any]] = (),
    ) -> None:
        if len(seats) != game.num_players:
            raise PlaytestError(f"{game.name} has {game.num_players} seats, got {len(seats)}")
        self.session = session if session is not None else Session(game, seed=seed)
        self.game = game
        self.seats = list(seats)
        self.path = Path(path) if path is not None else None
        self.tokens = [secrets.token_urlsafe(16) for _ in seats]
        self.hot_token = secrets.token_urlsafe(16)
        self.decisions: list[dict[str, Any]] = list(decisions)
        self._bots: dict[int, Any] = {}
        for i, spec in enumerate(self.seats):
            if spec is not None and getattr(self.bot(i), "SEES_EVERYTHING", False):
                raise PlaytestError(
                    f"seat {i + 1}: {spec} sees every hidden card (an upper bound "
                    "for benches); a playtest takes fair bots only"
                )
        self._since = time.monotonic()
        self.play_bots()

    # -- who moves ----------------------------------------------------------------
    def bot(self, seat: int) -> Any:
        """The player of a bot seat (made once)."""
        if seat not in self._bots:
            from workbench.engine.players.specs import player_from_spec

            self._bots[seat] = player_from_spec(str(self.seats[seat]), self.game.name)
        return self._bots[seat]

    def play_bots(self) -> None:
        """Let the bots move while a bot seat is to move."""
        s = self.session
        for _ in range(MAX_BOT_MOVES):
            who = s.to_move
            if who < 0 or self.seats[who] is None:
                return
            step, start = s.step, time.process_time()
            s.bot_move(self.bot(who))
            self._record(step, who, str(self.seats[who]), time.process_time() - start)

    def _record(self, step: int, seat: int, player: str, seconds: float) -> None:
        self.decisions.append(
            {"step": step, "seat": seat, "player": player, "seconds": round(seconds, 3)}
        )
        self._since = time.monotonic()

    def move(self, seat: int, step: int, action: Any, seconds: float | None = None) -> str:
        """Seat ``seat`` plays ``action`` (a JSON action id) at ``step``; '' when done,
        else why not (nothing changes). Then the bots move and the file is written.
        ``seconds``: the decision's time when it was not taken here (a scripted seat);
        by default the time since the seat's turn began."""
        s = self.session
        who = s.to_move
        if who == TERMINAL:
            return "the game is over"
        if step != s.step:
            return "that move was made on an older position: the table has moved on"
        if who != seat:
            return f"not your turn: {viewer_name(who) if who >= 0 else 'chance'} is deciding"
        action_id: Hashable = tupled(action)
        if action_id not in s.game.legal_ids(s.state):
            return f"illegal: {str(action_id)[:60]} is not a move of {viewer_name(seat)} here"
        try:
            s.apply(action_id)
        except IllegalAction as e:  # pragma: no cover - legal ids checked above
            return f"illegal: {e}"
        self._record(
            step, seat, "human", time.monotonic() - self._since if seconds is None else seconds
        )
        self.play_bots()
        self.save()
        return ""

    # -- the file -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The playtest as JSON data (the replay inside)."""
        return {
            "format": FORMAT,
            "seats": self.seats,
            "decisions": self.decisions,
            "replay": json.loads(self.session.to_replay().to_json()),
        }

    def save(self, path: str | os.PathLike[str] | None = None) -> Path | None:
        """Write the playtest atomically (to ``path`` or the playtest's own file)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            return None
        return write_text_atomic(target, json.dumps(self.to_dict(), ensure_ascii=False))

    @classmethod
    def read(
        cls, path: str | os.PathLike[str]
    ) -> tuple[Replay, list[str | None], list[dict[str, Any]]]:
        """(replay, seats, decisions) of a playtest file; :class:`PlaytestError` if unreadable."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise PlaytestError(
                f"{path}: cannot read a playtest ({' '.join(str(e).split())[:120]})"
            ) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise PlaytestError(f"{path}: not a playtest file (format {FORMAT!r} expected)")
        seats, decisions = data.get("seats"), data.get("decisions")
        if not isinstance(seats, list) or not all(x is None or isinstance(x, str) for x in seats):
            raise PlaytestError(f"{path}: 'seats' should list null (a person) or a bot per seat")
        if not isinstance(decisions, list) or not all(isinstance(d, dict) for d in decisions):
            raise PlaytestError(f"{path}: 'decisions' should be a list of objects")
        try:
            replay = Replay.from_json(json.dumps(data.get("replay")), source=f"{path} (replay)")
        except ReplayError as e:
            raise PlaytestError(str(e)) from None
        return replay, seats, decisions

    @classmethod
    def resume(cls, path: str | os.PathLike[str], game: Game[Any] | None = None) -> Playtest:
        """The playtest of a file, at its last step, written back to the same file."""
        replay, seats, decisions = cls.read(path)
        try:
            session = Session.from_replay(replay, game)
        except ReplayError as e:
            raise PlaytestError(f"{path}: {e}") from None
        return cls(session.game, seats, replay.seed, path, session=session, decisions=decisions)

    # -- what a seat sees ------------------------------------------------------------
    def status(self, viewer: int | None) -> str:
        """One line: who is to move, or the result."""
        s = self.session
        who = s.to_move
        if who == TERMINAL:
            scores = ", ".join(
                f"{viewer_name(i)} {v:g}" for i, v in enumerate(s.game.returns(s.state))
            )
            return f"game over: {scores}"
        if who == CHANCE:
            return "chance"
        return "your move" if who == viewer else f"{viewer_name(who)} is deciding"
