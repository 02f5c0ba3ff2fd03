"""Playtest review (issue 24 item 6): every human decision of recorded playtests set beside
what a search player would have done.

For each decision a person made (with more than one option), ISMCTS analyses
that seat's observation (never the hidden state, :func:`~workbench.engine.players.analyse.analyse`)
and estimates every option's win rate with a 95% interval. :func:`review` gives

- ``decisions``: one row per human decision — game file, step, seat, seconds,
  the choice and the search's choice, both estimates and intervals, whether
  they agree, and the estimated win rate lost (best minus chosen);
- ``seats``: per seat, decisions, how often the person agreed with the search
  (Wilson interval), the median seconds and the mean win rate lost;
- ``worst(n)``: the decisions that lost most, with the position's last log
  lines as the seat saw them;
- ``answers``: the game's own balance questions answered on the human games
  beside the same questions on bot games (``bots`` × ``bot_games``).

:func:`scripted_playtest` plays a playtest with scripted "human" seats, for tests and the
notebook.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = scripted_playtest(make_game(), ["first", "random"], folder / "t.json", seed=2)
>>> r = review([path], budget=60, seed=1, game=make_game())
>>> r.seats["seat"].to_list(), r.seats["decisions"].to_list()
([1, 2], [1, 1])
"""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from workbench.engine.kernel.protocol import Game
from workbench.engine.measure.balance import wilson_interval
from workbench.engine.play.playtest import Playtest
from workbench.engine.play.seat_view import log_for
from workbench.engine.play.session import Session

__all__ = ["Review", "review", "scripted_playtest"]

Script = Callable[[Any, random.Random], Any]


@dataclass
class Review:
    """What :func:`review` found (see the module docstring)."""

    decisions: pl.DataFrame
    seats: pl.DataFrame
    answers: pl.DataFrame

    def worst(self, n: int = 5) -> pl.DataFrame:
        """The ``n`` decisions that lost the most estimated win rate."""
        if self.decisions.is_empty():
            return self.decisions
        return (
            self.decisions.sort("lost", descending=True)
            .head(n)
            .select(
                "file",
                "step",
                "seat",
                "position",
                "choice",
                "choice_rate",
                "choice_interval",
                "search_choice",
                "search_rate",
                "search_interval",
                "lost",
            )
        )


def _pct(lo_hi: tuple[float, float]) -> str:
    return f"{lo_hi[0]:.0%}–{lo_hi[1]:.0%}"


def _decision_rows(
    path: Path, budget: int, rng: random.Random, game: Game[Any] | None
) -> tuple[list[dict[str, Any]], Session]:
    from workbench.engine.players.analyse import ActionEstimate, analyse

    replay, seats, decisions = Playtest.read(path)
    session = Session.from_replay(replay, game)
    game, history, actions = session.game, session.history, session.actions
    rows: list[dict[str, Any]] = []
    logs: dict[int, list[str]] = {}
    for d in decisions:
        k, seat = int(d["step"]), int(d["seat"])
        if d["player"] != "human" or k >= len(actions):
            continue
        state = history[k]
        if len(game.legal_ids(state)) < 2:
            continue
        est = [e for e in analyse(game, state, seat, budget, rng) if isinstance(e, ActionEstimate)]
        best = est[0]
        mine = next(e for e in est if e.action == actions[k])
        if seat not in logs:
            logs[seat] = log_for(session, seat)
        rows.append(
            {
                "file": path.name,
                "step": k + 1,
                "seat": seat + 1,
                "seconds": float(d["seconds"]),
                "position": " | ".join(logs[seat][:k][-3:]),
                "choice": mine.label,
                "choice_rate": mine.win_rate,
                "choice_interval": _pct(mine.interval),
                "search_choice": best.label,
                "search_rate": best.win_rate,
                "search_interval": _pct(best.interval),
                "agreed": mine.action == best.action,
                "separable": bool(mine.separable),
                "lost": best.win_rate - mine.win_rate,
            }
        )
    return rows, session


def _seat_rows(decisions: pl.DataFrame) -> pl.DataFrame:
    out = []
    for seat in sorted(set(decisions["seat"].to_list())) if not decisions.is_empty() else []:
        d = decisions.filter(pl.col("seat") == seat)
        agreed = int(d["agreed"].sum())
        lo, hi = wilson_interval(agreed, d.height)
        out.append(
            {
                "seat": seat,
                "decisions": d.height,
                "agreed_with_search": agreed / d.height,
                "agreed_low": lo,
                "agreed_high": hi,
                "median_seconds": statistics.median(d["seconds"].to_list()),
                "mean_win_rate_lost": sum(d["lost"].to_list()) / d.height,
            }
        )
    return pl.DataFrame(out)


def _answers(sessions: Sequence[Session], bots: str, bot_games: int, seed: int) -> pl.DataFrame:
    """The game's questions on the finished human games and on bot games."""
    from workbench.engine.measure.skilled import game_questions
    from workbench.engine.players.specs import player_from_spec
    from workbench.engine.runs.simulate import frame_of, game_row, simulate
    from workbench.registry import UnknownGame

    done = [s for s in sessions if s.is_over]
    if not done:
        return pl.DataFrame()
    game = done[0].game
    try:
        questions = game_questions(game.name)
    except UnknownGame:  # a game of your own, not registered: no questions to ask
        return pl.DataFrame()
    if not questions:
        return pl.DataFrame()
    names = ["human"] * game.num_players
    human = frame_of(
        [game_row(game, s.state, i, s.seed, names, "fixed", 0, s.step) for i, s in enumerate(done)]
    )
    bot = simulate(game, player_from_spec(bots, game.name), bot_games, seed)
    rows = []
    for q in questions:
        for who, frame in (("people", human), (bots, bot)):
            for r in q.answer(frame):
                rows.append(
                    {
                        "question": q.key,
                        "players": who,
                        **{k: r[k] for k in ("measure", "value", "low", "high", "games")},
                    }
                )
    return pl.DataFrame(rows)


def review(
    playtests: Sequence[str | os.PathLike[str]],
    budget: int = 200,
    seed: int = 0,
    bots: str = "greedy",
    bot_games: int = 20,
    game: Game[Any] | None = None,
) -> Review:
    """Review playtest files: ISMCTS with ``budget`` iterations at each human decision,
    the questions on ``bot_games`` games of ``bots`` (see the module docstring); ``game``
    when it is not found by name (a game of your own not registered)."""
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    sessions = []
    for p in playtests:
        found, session = _decision_rows(Path(p), budget, rng, game)
        rows += found
        sessions.append(session)
    decisions = pl.DataFrame(rows) if rows else pl.DataFrame()
    return Review(decisions, _seat_rows(decisions), _answers(sessions, bots, bot_games, seed))


def _first(view: Any, rng: random.Random) -> Any:
    return view.legal_ids[0]


def scripted_playtest(
    game: Game[Any],
    scripts: Sequence[str],
    path: str | os.PathLike[str],
    seed: int = 0,
    think: tuple[float, float] = (2.0, 30.0),
) -> Path:
    """Play a playtest whose "human" seats follow scripts (``first``: always the first
    option; any player spec: that bot's choice) through :meth:`Playtest.move`, each
    decision taking a seeded random ``think`` time; returns the file."""
    from workbench.engine.kernel.seat import SeatView
    from workbench.engine.players.specs import player_from_spec

    players = [_first if s == "first" else player_from_spec(s, game.name) for s in scripts]
    p = Playtest(game, [None] * len(scripts), seed, path)
    clock = random.Random(seed)
    while p.session.to_move >= 0:
        s, who = p.session, p.session.to_move
        action = players[who](SeatView(s.game, who, s.state), s.player_rng(who))
        refused = p.move(who, s.step, action, seconds=round(clock.uniform(*think), 1))
        if refused:  # pragma: no cover - scripts choose legal moves
            raise RuntimeError(refused)
    p.save()
    return Path(path)
