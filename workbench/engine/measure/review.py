"""Playtest review (issue 24 item 6): every human decision of recorded playtests set beside
what a search player would have done.

For each decision a person made (with more than one option), ISMCTS analyses
that seat's observation (never the hidden state, :func:`~workbench.engine.players.analyse.analyse`)
and estimates every option's win rate with a 95% interval. :func:`review` gives

- ``decisions``: one row per human decision — game file, step, player (named
  ``Player 1`` …, counted once, from 1), seconds, the choice and the search's choice,
  both estimates and intervals, whether they agree, and the estimated win rate lost
  (best minus chosen);
- ``seats``: per player, decisions, how often the person agreed with the search
  (``agreed_rate`` with its Wilson interval, all three as shares of 1), the median
  seconds and the mean win rate lost;
- ``worst(n)``: the decisions that lost most, with the position's last log
  lines as the seat saw them;
- ``answers``: the game's own balance questions answered on the human games
  beside the same questions on bot games (``bots`` × ``bot_games``); ``side_by_side()``
  shows them as one table, a row per measure, a column per side with its games;
- ``notes``: one sentence per file that could not be reviewed whole — unreadable or
  cut short (nothing reviewed), another game's (nothing reviewed), or unfinished (its
  decisions reviewed, its questions left out) — never a traceback.

:func:`scripted_playtest` plays a playtest with scripted "human" seats, for tests and the
notebook.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = scripted_playtest(make_game(), ["first", "random"], folder / "t.json", seed=2)
>>> r = review([path], budget=60, seed=1, game=make_game())
>>> r.seats["player"].to_list(), r.seats["decisions"].to_list(), r.notes
(['Player 1', 'Player 2'], [1, 1], [])
"""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from workbench.engine.kernel.protocol import Game
from workbench.engine.measure.verdict import (
    MIN_GAMES,
    TOO_FEW,
    difference_span,
    judge,
    progress_text,
    rate_span,
)
from workbench.engine.play.playtest import Playtest, PlaytestError
from workbench.engine.play.replay import ReplayError
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import log_for, viewer_name
from workbench.prob.intervals import newcombe, wilson

__all__ = ["Review", "agreement_sentence", "review", "scripted_playtest"]

Script = Callable[[Any, random.Random], Any]


@dataclass
class Review:
    """What :func:`review` found (see the module docstring)."""

    decisions: pl.DataFrame
    seats: pl.DataFrame
    answers: pl.DataFrame
    notes: list[str] = field(default_factory=list)

    def side_by_side(self) -> pl.DataFrame:
        """The answers as a table to read: a row per measure, a column per side (``people``
        and the bots, each with its number of games), each cell ``value [low, high]`` (a
        rate as percentages; a mean of a single game says it has too few games for an
        interval, where the numbers would be NaN).

        >>> r = Review(pl.DataFrame(), pl.DataFrame(), pl.DataFrame({
        ...     "question": ["q"] * 4, "players": ["people", "people", "greedy", "greedy"],
        ...     "measure": ["seat 1 wins", "rounds per game"] * 2,
        ...     "kind": ["rate", "mean"] * 2, "value": [1.0, 3.0, 0.375, 1.38],
        ...     "low": [0.21, float("nan"), 0.14, 0.94], "high": [1.0, float("nan"), 0.69, 1.81],
        ...     "games": [1, 1, 8, 8]}, schema=ANSWER_COLUMNS))
        >>> r.side_by_side().rows()
        [('seat 1 wins', '100% [21%, 100%]', '37.5% [14%, 69%]'), \
('rounds per game', '3.00 (too few games for an interval)', '1.38 [0.94, 1.81]')]
        >>> r.side_by_side().columns
        ['measure', 'people (1 game)', 'greedy (8 games)']
        """
        from workbench.engine.measure.skilled_sentences import answer_text

        if self.answers.is_empty():
            return pl.DataFrame({"measure": []}, schema={"measure": pl.String})

        def counted(games: int) -> str:
            return f"{games} game{'' if games == 1 else 's'}"

        sides: dict[str, tuple[str, int]] = {}  # a side's column and the games it names
        cells: dict[str, dict[str, str]] = {}
        for row in self.answers.iter_rows(named=True):
            games = int(row["games"] or 0)
            column, named = sides.setdefault(
                row["players"], (f"{row['players']} ({counted(games)})", games)
            )
            text = answer_text(row) + ("" if games == named else f" ({counted(games)})")
            cells.setdefault(row["measure"], {})[column] = text
        columns = [column for column, _ in sides.values()]
        return pl.DataFrame(
            [{"measure": m, **{c: by.get(c, "") for c in columns}} for m, by in cells.items()],
            schema={"measure": pl.String, **{c: pl.String for c in columns}},
        )

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
                "player",
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


DECISION_COLUMNS = {
    "file": pl.String,
    "step": pl.Int64,
    "player": pl.String,
    "seconds": pl.Float64,
    "position": pl.String,
    "choice": pl.String,
    "choice_rate": pl.Float64,
    "choice_interval": pl.String,
    "search_choice": pl.String,
    "search_rate": pl.Float64,
    "search_interval": pl.String,
    "agreed": pl.Boolean,
    "separable": pl.Boolean,
    "lost": pl.Float64,
    "seat": pl.Int64,
}
"""The decisions frame's columns (``seat`` counts from 0 for code; people read ``player``)."""

SEAT_COLUMNS = {
    "player": pl.String,
    "decisions": pl.Int64,
    "agreed_rate": pl.Float64,
    "agreed_rate_low": pl.Float64,
    "agreed_rate_high": pl.Float64,
    "median_seconds": pl.Float64,
    "mean_win_rate_lost": pl.Float64,
}

ANSWER_COLUMNS = {
    "question": pl.String,
    "players": pl.String,
    "measure": pl.String,
    "kind": pl.String,
    "value": pl.Float64,
    "low": pl.Float64,
    "high": pl.Float64,
    "games": pl.Int64,
}


def _open(path: Path, game: Game[Any] | None) -> tuple[Session, list[dict[str, Any]]]:
    """The file's session at its last step and its decisions; :class:`PlaytestError` with
    one sentence naming what is missing when it cannot be replayed."""
    try:
        replay, _seats, decisions = Playtest.read(path)
    except PlaytestError as e:  # the file's name, as the other sentences give it
        raise PlaytestError(f"{str(e).replace(str(path), path.name, 1)}: not reviewed") from None
    if game is not None and replay.game != game.name:
        raise PlaytestError(
            f"{path.name}: a playtest of {replay.game!r}, not of {game.name!r}: not reviewed"
        )
    try:
        session = Session.from_replay(replay, game)
    except ReplayError as e:
        raise PlaytestError(f"{path.name}: cannot be replayed ({e}): not reviewed") from None
    except (ValueError, KeyError, LookupError) as e:  # a game not found by name
        raise PlaytestError(
            f"{path.name}: its game {replay.game!r} is not one this workbench knows "
            f"({' '.join(str(e).split())[:100]}): not reviewed"
        ) from None
    return session, decisions


def _decision_rows(
    path: Path, session: Session, decisions: list[dict[str, Any]], budget: int, rng: random.Random
) -> list[dict[str, Any]]:
    from workbench.engine.players.analyse import ActionEstimate, analyse

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
                "player": viewer_name(seat, session.game),
                "seconds": float(d["seconds"]),
                "position": " | ".join(logs[seat][:k][-3:]),
                "choice": mine.label,
                "choice_rate": mine.win_rate,
                "choice_interval": rate_span(*mine.interval),
                "search_choice": best.label,
                "search_rate": best.win_rate,
                "search_interval": rate_span(*best.interval),
                "agreed": mine.action == best.action,
                "separable": bool(mine.separable),
                "lost": best.win_rate - mine.win_rate,
                "seat": seat,
            }
        )
    return rows


def _seat_rows(decisions: pl.DataFrame, game: Game[Any] | None) -> pl.DataFrame:
    out = []
    for seat in sorted(set(decisions["seat"].to_list())):
        d = decisions.filter(pl.col("seat") == seat)
        agreed = int(d["agreed"].sum())
        lo, hi = wilson(agreed, d.height)
        out.append(
            {
                "player": viewer_name(seat, game),
                "decisions": d.height,
                "agreed_rate": agreed / d.height,
                "agreed_rate_low": lo,
                "agreed_rate_high": hi,
                "median_seconds": statistics.median(d["seconds"].to_list()),
                "mean_win_rate_lost": sum(d["lost"].to_list()) / d.height,
            }
        )
    return pl.DataFrame(out, schema=SEAT_COLUMNS)


def _unfinished(path: Path, session: Session, reviewed: int) -> str:
    """The sentence for a game that did not reach its end."""
    who = session.to_move
    now = "chance is being resolved" if who < 0 else f"{viewer_name(who, session.game)} is to move"
    return (
        f"{path.name}: the game is unfinished (stopped after step {session.step}, {now}): "
        f"its {reviewed} human decisions are reviewed, its questions are left out"
    )


def _answers(
    sessions: Sequence[Session], bots: str, bot_games: int, seed: int, notes: list[str]
) -> pl.DataFrame:
    """The game's questions on the finished human games and on bot games; a question these
    games cannot answer (it reads what a playtest does not record) gets a note."""
    from workbench.engine.measure.skilled import game_questions
    from workbench.engine.players.specs import player_from_spec
    from workbench.engine.runs.simulate import frame_of, game_row, simulate
    from workbench.registry import UnknownGame

    done = [s for s in sessions if s.is_over]
    if not done:
        return pl.DataFrame(schema=ANSWER_COLUMNS)
    game = done[0].game
    try:
        questions = game_questions(game.name)
    except UnknownGame:  # a game of your own, not registered: no questions to ask
        return pl.DataFrame(schema=ANSWER_COLUMNS)
    if not questions:
        return pl.DataFrame(schema=ANSWER_COLUMNS)
    names = ["human"] * game.num_players
    human = frame_of(
        [game_row(game, s.state, i, s.seed, names, "fixed", 0, s.step) for i, s in enumerate(done)]
    )
    bot = simulate(game, player_from_spec(bots, game.name), bot_games, seed)
    rows = []
    for q in questions:
        table = next(iter(q.variants)) if len(q.variants) == 1 else None
        if table is None:
            notes.append(
                f"question {q.key!r} is asked of {len(q.variants)} set-ups "
                f"({', '.join(map(repr, q.variants))}) and a playtest does not say which "
                "it was: not answered"
            )
            continue
        for who, frame in (("people", human), (bots, bot)):
            try:
                found = q.answer(frame.with_columns(pl.lit(table).alias("variant")))
            except (pl.exceptions.PolarsError, KeyError) as e:
                notes.append(
                    f"question {q.key!r} reads what these games do not record "
                    f"({' '.join(str(e).split())[:80]}): not answered"
                )
                break
            for r in found:
                rows.append(
                    {
                        "question": q.key,
                        "players": who,
                        "kind": r.get("kind"),
                        **{k: r[k] for k in ("measure", "value", "low", "high", "games")},
                    }
                )
    return pl.DataFrame(rows, schema=ANSWER_COLUMNS)


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
    notes = []
    for p in playtests:
        path = Path(p)
        try:
            session, decided = _open(path, game)
        except PlaytestError as e:
            notes.append(str(e))
            continue
        found = _decision_rows(path, session, decided, budget, rng)
        if not session.is_over:
            notes.append(_unfinished(path, session, len(found)))
        rows += found
        sessions.append(session)
    decisions = pl.DataFrame(rows, schema=DECISION_COLUMNS)
    same = [s for s in sessions if s.game.name == sessions[0].game.name] if sessions else []
    if len(same) < len(sessions):
        notes.append(
            f"the questions are answered on the {sessions[0].game.name} games only "
            f"({len(sessions) - len(same)} files of another game)"
        )
    answers = _answers(same, bots, bot_games, seed, notes)
    named = sessions[0].game if sessions else game
    return Review(decisions, _seat_rows(decisions, named), answers, notes)


def agreement_sentence(seats: pl.DataFrame) -> str:
    """Which player agreed with the search most and least, said only as far as the
    intervals allow (:func:`~workbench.engine.measure.verdict.judge` on the difference of
    the two rates; under its minimum of decisions, how many there were).

    >>> s = pl.DataFrame({"player": ["Player 1", "Player 2"], "decisions": [30, 30],
    ...     "agreed_rate": [0.9, 0.3], "agreed_rate_low": [0.74, 0.17],
    ...     "agreed_rate_high": [0.97, 0.48]})
    >>> agreement_sentence(s)[:96]
    'Player 1 agreed with the search more often than Player 2: 90.0% of 30 decisions (74.0%–97.0%) ag'
    >>> agreement_sentence(s.with_columns(pl.Series("decisions", [8, 9])))[-64:]
    '8 decisions played, interval 70.2 pts wide, no verdict below 20.'
    """
    if seats.height == 0:
        return "No human decision to review."
    ranked = seats.sort("agreed_rate", descending=True)
    hi, lo = ranked.row(0, named=True), ranked.row(ranked.height - 1, named=True)

    def said(r: dict[str, Any], whole: bool = True) -> str:
        of = " decisions" if whole else ""
        return (
            f"{r['agreed_rate']:.1%} of {r['decisions']}{of} "
            f"({rate_span(r['agreed_rate_low'], r['agreed_rate_high'])})"
        )

    if seats.height == 1:
        return f"{hi['player']} agreed with the search {said(hi)}."
    k1, n1 = round(lo["agreed_rate"] * lo["decisions"]), lo["decisions"]
    k2, n2 = round(hi["agreed_rate"] * hi["decisions"]), hi["decisions"]
    low, high = newcombe(k1, n1, k2, n2)
    word = judge(low, high, min(n1, n2), above="more often")
    if word == "more often":
        return (
            f"{hi['player']} agreed with the search more often than {lo['player']}: "
            f"{said(hi)} against {said(lo, False)}; the difference "
            f"{(hi['agreed_rate'] - lo['agreed_rate']) * 100:+.1f} pts "
            f"({difference_span(low, high, rate=True)})."
        )
    both = f"{hi['player']} agreed with the search {said(hi)}, {lo['player']} {said(lo, False)}"
    if word == TOO_FEW:
        return f"{both}: {TOO_FEW} which agrees more ({difference_span(low, high, rate=True)})."
    early = progress_text(min(n1, n2), low, high, rate=True, unit="decisions")
    return f"{both}: {early}, no verdict below {MIN_GAMES}."


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
