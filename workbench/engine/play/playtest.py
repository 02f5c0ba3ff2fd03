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
:mod:`workbench.engine.play.viewer`). The web server is
:mod:`workbench.share.playtest_server`.

The file is JSON: ``{"format": "workbench-playtest/1", "seats": [...],
"decisions": [{"step", "seat", "player", "seconds"}], "replay": {a replay},
"tokens": {"seats": [[sha256, ...] | null, ...], "table": [sha256, ...]}, "port": n}``,
written with the owner's permissions only (``0600``).

Its secrets (issue 39 items 2 and 7): the seed comes from the OS's secure random
source (:mod:`secrets`) unless one is given, so nobody rebuilds the hidden hands
from a guessable seed; the file keeps only the sha256 of each seat's tokens, never
the tokens. :meth:`Playtest.resume` keeps the tokens of the file (an open tab's link
still opens its seat) and adds a fresh one per seat for new links; ``port`` is the
port the table was served on, taken again when it is free so open tabs reconnect by
themselves. A file to resume is untrusted: its size is bounded before it is read
(:data:`MAX_PLAYTEST_BYTES`, a regular file only), and an unknown bot, a file with
no person's seat, or a token list that is not one are each one line.

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

import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

from workbench.atomic import write_text_atomic
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.seat import sees_everything
from workbench.engine.kernel.steps import tupled
from workbench.engine.play.replay import Replay, ReplayError
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import viewer_name

__all__ = [
    "FORMAT",
    "MAX_PLAYTEST_BYTES",
    "Playtest",
    "PlaytestError",
    "seating_text",
    "token_hash",
]

FORMAT = "workbench-playtest/1"
MAX_BOT_MOVES = 10_000
MAX_PLAYTEST_BYTES = 32 * 1024 * 1024
"""A playtest file larger than this is refused before it is read (a replay is at most
20 MB; the decisions add about 70 bytes a step)."""
MAX_TOKENS = 8
"""Tokens kept per seat (each resume adds one; the oldest go first)."""
_HASH = re.compile(r"[0-9a-f]{64}\Z")


def token_hash(token: str) -> str:
    """The sha256 of a seat token, as the file keeps it.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_seed() -> int:
    """A seed from the OS's secure random source (63 bits), for a playtest nobody can
    rebuild from a guess.

    >>> 0 <= new_seed() < 2**63
    True
    """
    return secrets.randbits(63)


def seating_text(seats: Sequence[str | None], game: Game[Any] | None = None) -> str:
    """Who sat where in a playtest file's ``seats`` (None: a person, else the bot's spec),
    named as the game names its seats.

    >>> seating_text([None, None, "greedy"])
    'Player 1 and Player 2: people; Player 3: greedy'
    >>> seating_text([None, None])
    'every seat a person'
    """
    if all(s is None for s in seats):
        return "every seat a person"
    groups: dict[str, list[str]] = {}
    for i, s in enumerate(seats):
        groups.setdefault("a person" if s is None else s, []).append(viewer_name(i, game))
    parts = []
    for who, names in groups.items():
        many = len(names) > 1
        listed = ", ".join(names[:-1]) + " and " + names[-1] if many else names[0]
        parts.append(f"{listed}: {'people' if many and who == 'a person' else who}")
    return "; ".join(parts)


class PlaytestError(ValueError):
    """A playtest file that cannot be read or resumed (one line)."""


class Playtest:
    """One game played by people and bots (see the module docstring)."""

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[str | None],
        seed: int | None = None,
        path: str | os.PathLike[str] | None = None,
        *,
        session: Session | None = None,
        decisions: Sequence[dict[str, Any]] = (),
        token_hashes: Sequence[Sequence[str]] | None = None,
        table_hashes: Sequence[str] = (),
        port: int | None = None,
    ) -> None:
        if len(seats) != game.num_players:
            raise PlaytestError(f"{game.name} has {game.num_players} seats, got {len(seats)}")
        if all(spec is not None for spec in seats):
            raise PlaytestError("every seat is a bot: a playtest needs at least one person")
        if session is None:
            session = Session(game, seed=new_seed() if seed is None else seed)
        self.session = session
        self.game = game
        self.seats = list(seats)
        self.path = Path(path) if path is not None else None
        self.port = port
        # this run's tokens (printed in the links); the file keeps only their hashes
        self.tokens = [secrets.token_urlsafe(16) for _ in seats]
        self.hot_token = secrets.token_urlsafe(16)
        kept = list(token_hashes) if token_hashes is not None else [[] for _ in seats]
        self.token_hashes: list[list[str]] = [
            [*list(old)[-(MAX_TOKENS - 1) :], token_hash(new)]
            for old, new in zip(kept, self.tokens, strict=True)
        ]
        self.table_hashes = [*list(table_hashes)[-(MAX_TOKENS - 1) :], token_hash(self.hot_token)]
        self.decisions: list[dict[str, Any]] = list(decisions)
        self._bots: dict[int, Any] = {}
        from workbench.engine.players.specs import BadSpec

        for i, spec in enumerate(self.seats):
            try:
                cheat = spec is not None and sees_everything(self.bot(i))
            except BadSpec as e:
                raise PlaytestError(f"seat {i + 1}: {' '.join(str(e).split())[:200]}") from None
            if cheat:
                raise PlaytestError(
                    f"seat {i + 1}: {spec} sees every hidden card (an upper bound "
                    "for benches); a playtest takes fair bots only"
                )
        self._since = time.monotonic()
        self.play_bots()

    # -- who may sit where -----------------------------------------------------------
    def opens(self, seat: int | None, token: str | None) -> bool:
        """Does ``token`` open ``seat`` (None: the hot-seat table)? A bot's seat opens for
        nobody; hashes compared in constant time."""
        if token is None or len(token) > 200:
            return False
        if seat is None:
            wanted = self.table_hashes
        elif 0 <= seat < len(self.seats) and self.seats[seat] is None:
            wanted = self.token_hashes[seat]
        else:
            return False
        given = token_hash(token)
        return any(hmac.compare_digest(given, h) for h in wanted)

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
            whom = viewer_name(who, s.game) if who >= 0 else "chance"
            return f"not your turn: {whom} is deciding"
        action_id: Hashable = tupled(action)
        if action_id not in s.game.legal_ids(s.state):
            return (
                f"illegal: {str(action_id)[:60]} is not a move of {viewer_name(seat, s.game)} here"
            )
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
        """The playtest as JSON data (the replay inside; the tokens as hashes)."""
        return {
            "format": FORMAT,
            "seats": self.seats,
            "decisions": self.decisions,
            "replay": json.loads(self.session.to_replay().to_json()),
            "tokens": {
                "seats": [
                    hashes if spec is None else None
                    for spec, hashes in zip(self.seats, self.token_hashes, strict=True)
                ],
                "table": self.table_hashes,
            },
            "port": self.port,
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
        data = cls.read_file(path)
        return data["replay"], data["seats"], data["decisions"]

    @classmethod
    def read_file(cls, path: str | os.PathLike[str]) -> dict[str, Any]:
        """Everything a playtest file holds, checked: ``replay`` (a :class:`Replay`),
        ``seats``, ``decisions``, ``token_hashes`` (None in a file without them),
        ``table_hashes`` and ``port``; :class:`PlaytestError` (one line) otherwise."""
        shown = str(path) if len(str(path)) <= 200 else str(path)[:199] + "…"
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):  # /dev/zero, a FIFO: never read
                raise PlaytestError(f"{shown}: not a regular file; a playtest is a .json file")
            with open(path, "rb") as fh:  # at most the limit + 1 byte, whatever stat said
                raw = fh.read(MAX_PLAYTEST_BYTES + 1)
            if len(raw) > MAX_PLAYTEST_BYTES:
                raise PlaytestError(
                    f"{shown}: larger than {MAX_PLAYTEST_BYTES:,} bytes; not a playtest"
                )
            data = json.loads(raw.decode("utf-8"))
        except PlaytestError:
            raise
        except (OSError, ValueError, RecursionError) as e:
            raise PlaytestError(
                f"{shown}: cannot read a playtest ({' '.join(str(e).split())[:120]})"
            ) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise PlaytestError(f"{shown}: not a playtest file (format {FORMAT!r} expected)")
        seats, decisions = data.get("seats"), data.get("decisions")
        if not isinstance(seats, list) or not all(x is None or isinstance(x, str) for x in seats):
            raise PlaytestError(f"{shown}: 'seats' should list null (a person) or a bot per seat")
        if not isinstance(decisions, list) or not all(isinstance(d, dict) for d in decisions):
            raise PlaytestError(f"{shown}: 'decisions' should be a list of objects")
        try:
            replay = Replay.from_json(json.dumps(data.get("replay")), source=f"{shown} (replay)")
        except ReplayError as e:
            raise PlaytestError(str(e)) from None
        seat_hashes, table_hashes = _token_lists(data.get("tokens"), len(seats), shown)
        port = data.get("port")
        if port is not None and (type(port) is not int or not 1 <= port <= 65535):
            raise PlaytestError(f"{shown}: 'port' should be a port number 1..65535, got {port!r}")
        return {
            "replay": replay,
            "seats": seats,
            "decisions": decisions,
            "token_hashes": seat_hashes,
            "table_hashes": table_hashes,
            "port": port,
        }

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        game: Game[Any] | None = None,
        allow_paths: Sequence[str | os.PathLike[str]] = (),
    ) -> Playtest:
        """The playtest of a file, at its last step, written back to the same file; its
        seats' tokens still open them (a fresh one is added per seat). ``allow_paths``:
        folders the game's file parameters may name besides the data folders (a sheet
        the playtest was started on with ``--set sheet=...``)."""
        data = cls.read_file(path)
        replay = data["replay"]
        try:
            session = Session.from_replay(
                replay, game, allow_paths=tuple(str(a) for a in allow_paths)
            )
        except ReplayError as e:
            raise PlaytestError(f"{path}: {e}") from None
        try:
            return cls(
                session.game,
                data["seats"],
                replay.seed,
                path,
                session=session,
                decisions=data["decisions"],
                token_hashes=data["token_hashes"],
                table_hashes=data["table_hashes"],
                port=data["port"],
            )
        except PlaytestError as e:
            raise PlaytestError(f"{path}: {e}") from None

    # -- what a seat sees ------------------------------------------------------------
    def status(self, viewer: int | None) -> str:
        """One line: who is to move, or the result."""
        s = self.session
        who = s.to_move
        if who == TERMINAL:
            scores = ", ".join(
                f"{viewer_name(i, s.game)} {v:g}" for i, v in enumerate(s.game.returns(s.state))
            )
            return f"game over: {scores}"
        if who == CHANCE:
            return "chance"
        return "your move" if who == viewer else f"{viewer_name(who, s.game)} is deciding"


def _token_lists(tokens: Any, seats: int, shown: str) -> tuple[list[list[str]] | None, list[str]]:
    """The token hashes of a file's ``tokens`` (per seat, and the table's), checked."""
    if tokens is None:  # a file written before tokens were kept
        return None, []
    bad = PlaytestError(
        f"{shown}: 'tokens' should be {{'seats': [[sha256 hex, ...] or null per seat], "
        f"'table': [sha256 hex, ...]}} (at most {MAX_TOKENS} each)"
    )
    if not isinstance(tokens, dict) or set(tokens) != {"seats", "table"}:
        raise bad
    per_seat, table = tokens["seats"], tokens["table"]

    def hashes(x: Any) -> list[str]:
        if not isinstance(x, list) or len(x) > MAX_TOKENS:
            raise bad
        if not all(isinstance(h, str) and _HASH.match(h) for h in x):
            raise bad
        return list(x)

    if not isinstance(per_seat, list) or len(per_seat) != seats:
        raise bad
    return [[] if x is None else hashes(x) for x in per_seat], hashes(table)
