"""Game-quality metrics from recorded playouts, per game and per skill level (issue 13).

A :class:`GameRecord` keeps, for each decision of one game, who moved, how
many actions were legal and every seat's score just before it, then the
final scores and the winners. "Score" is the game's ``standing(t)`` when it
defines one (who is ahead mid-game, where the score is only set at the end:
life points in a race), else its score (:func:`~workbench.engine.players.search.standing`). :func:`record_game` plays one (the same rng
order as :func:`~workbench.engine.runs.playout.playout`, so the same seed is the
same game). The measures follow Browne's criteria for evaluating games
(C. Browne, *Automatic Generation and Evaluation of Recombination Games*,
PhD thesis, 2008, ch. 5) as the Ludii system implements them (its
``metrics`` package):

- **length** (Ludii *Duration Turns*): decisions per game.
- **seat advantage** (Browne *Advantage*, Ludii *Advantage P1*): seat 0's
  sole-win rate minus its fair share (games with one winner / seats);
  positive: the first seat is favoured.
- **draw rate** (Browne, Ludii *Drawishness*): the share of games won by
  several seats together.
- **decisiveness** (after Browne's *Decisiveness*, Ludii *Decisiveness
  Moves*): ``1 - j / n`` where ``n`` is the game's length and ``j`` the first
  decision from which the eventual winner leads (alone, on score) at every
  later point, the end included: 1 when it led from the first decision, 0
  when it took the lead only at the end (or won by a tie-break). Defined for
  games with a single winner.
- **lead changes** (Browne *Lead Change*, Ludii *Lead Change*): how often the
  sole leader on score changes (a tie keeps the previous leader), and that
  count per decision.
- **branching factor** (Ludii *Branching Factor Average*): legal actions per
  decision, on average and over the course of the game (:func:`branching_profile`).
- **luck** (:func:`luck`): how much of the result the dice and draws explain —
  the win rate of a skilled player against random, compared with its fair
  share (its rate against itself): ``luck = 1 - (rate - fair) / (1 - fair)``,
  1 when skill gains nothing, 0 when it always wins.

>>> r = GameRecord(2, (0, 1, 0, 1), (3, 3, 2, 1),
...                ((0, 0), (1, 0), (1, 2), (3, 2), (4, 2)), (0,), ("a", "b"))
>>> r.length, r.leaders(), r.lead_changes(), r.decisiveness()
(4, (None, 0, 1, 0, 0), 2, 0.25)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

from workbench.engine.kernel import KernelGame
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game
from workbench.engine.kernel.seat import Player, SeatView
from workbench.engine.kernel.seeds import player_rngs
from workbench.engine.players.rollouts import standing, work_table
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.match import play_match
from workbench.engine.runs.playout import GameTooLong, seat_players
from workbench.engine.runs.simulate import game_seed, player_name
from workbench.prob.intervals import wilson
from workbench.registry import make_game

__all__ = [
    "GameRecord",
    "branching_profile",
    "luck",
    "metrics_frame",
    "quality_chart",
    "quality_metrics",
    "record_game",
    "record_games",
    "record_play",
    "summarise_records",
]


@dataclass(frozen=True)
class GameRecord:
    """One recorded game: per decision the mover, the number of legal actions and the
    scores before it (``scores`` has one entry more: the final scores)."""

    seats: int
    movers: tuple[int, ...]
    branching: tuple[int, ...]
    scores: tuple[tuple[float, ...], ...]
    winners: tuple[int, ...]
    players: tuple[str, ...]

    @property
    def length(self) -> int:
        """Decisions in the game."""
        return len(self.movers)

    @property
    def winner(self) -> int | None:
        """The single winner's seat, else None."""
        return self.winners[0] if len(self.winners) == 1 else None

    def leaders(self) -> tuple[int | None, ...]:
        """The seat alone at the top of the scores at each point (None: a tie)."""
        out: list[int | None] = []
        for row in self.scores:
            best = max(row)
            top = [i for i, v in enumerate(row) if v == best]
            out.append(top[0] if len(top) == 1 else None)
        return tuple(out)

    def lead_changes(self) -> int:
        """How often the sole leader changes (ties keep the previous leader)."""
        changes, last = 0, None
        for seat in self.leaders():
            if seat is None:
                continue
            if last is not None and seat != last:
                changes += 1
            last = seat
        return changes

    def decisiveness(self) -> float | None:
        """``1 - j / length``, ``j`` the decision from which the winner leads for good."""
        if self.winner is None or self.length == 0:
            return None
        leaders = self.leaders()
        j = len(leaders)
        while j > 0 and leaders[j - 1] == self.winner:
            j -= 1
        return 1 - min(j, self.length) / self.length


def record_game(
    game: Game[Any],
    players: Player | Sequence[Player],
    seed: int | random.Random,
    *,
    max_steps: int = 100_000,
) -> GameRecord:
    """Play one game, recording every decision (same rng order as ``playout``).

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> from workbench.engine.players import random_player
    >>> r = record_game(make_game(), random_player, 4)
    >>> r.length, r.branching, r.scores[-1], r.winners
    (4, (2, 2, 1, 1), (0.0, 2.0), (1,))
    """
    return record_play(game, players, seed, max_steps=max_steps)[0]


def record_play(
    game: Game[Any],
    players: Player | Sequence[Player],
    seed: int | random.Random,
    *,
    max_steps: int = 100_000,
) -> tuple[GameRecord, Any, int]:
    """:func:`record_game`, also giving the final state and the number of steps played
    (decisions and chance), so one game feeds both the metrics and a simulation row."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    seats = seat_players(game, players)
    own = player_rngs(seed, len(seats))
    t = work_table(game, game.initial_state())
    movers: list[int] = []
    branching: list[int] = []
    scores: list[tuple[float, ...]] = []
    steps = 0
    for steps in range(max_steps):  # noqa: B007 (the count is returned)
        who = t.to_move()
        if who == TERMINAL:
            break
        if who == CHANCE:
            t.step(t.sample(rng))
            continue
        view = SeatView(game, who, t if isinstance(game, KernelGame) else t.freeze())
        movers.append(who)
        branching.append(len(view.legal_ids))
        scores.append(standing(game, t))
        t.step(seats[who](view, own[who]))
    else:
        raise GameTooLong(f"{game.name} did not end within {max_steps} steps")
    final = t.freeze()
    scores.append(standing(game, t))
    record = GameRecord(
        game.num_players,
        tuple(movers),
        tuple(branching),
        tuple(scores),
        tuple(game.winners(final)),
        tuple(player_name(p) for p in seats),
    )
    return record, final, steps


def record_games(
    game: Game[Any],
    players: Player | Sequence[Player],
    n: int,
    seed: int = 0,
    *,
    seating: str = "rotate",
) -> list[GameRecord]:
    """``n`` recorded games, game ``i`` seeded like ``simulate`` (``rotate``: the
    line-up turns one seat per game)."""
    seats = seat_players(game, players)
    k = len(seats)
    out = []
    for i in range(n):
        shift = i % k if seating == "rotate" else 0
        line = [seats[(s + shift) % k] for s in range(k)]
        out.append(record_game(game, line, game_seed(seed, i)))
    return out


def metrics_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """One row per game: length, winner, draw, decisiveness, lead changes, branching."""
    rows = []
    for i, r in enumerate(records):
        rows.append(
            {
                "game": i,
                "length": r.length,
                "winner": r.winner,
                "draw": len(r.winners) > 1,
                "decisiveness": r.decisiveness(),
                "lead_changes": r.lead_changes(),
                "lead_change_rate": r.lead_changes() / r.length if r.length else 0.0,
                "branching": sum(r.branching) / r.length if r.length else None,
            }
        )
    schema = {
        "game": pl.Int64,
        "length": pl.Int64,
        "winner": pl.Int64,
        "draw": pl.Boolean,
        "decisiveness": pl.Float64,
        "lead_changes": pl.Int64,
        "lead_change_rate": pl.Float64,
        "branching": pl.Float64,
    }
    return pl.DataFrame(rows, schema=schema)


def summarise_records(records: Sequence[GameRecord], level: str = "") -> dict[str, Any]:
    """The game's measures over these records (one row of :func:`quality_metrics`).

    >>> a = GameRecord(2, (0, 1), (2, 4), ((0, 0), (1, 0), (1, 0)), (0,), ("x", "x"))
    >>> b = GameRecord(2, (0, 1, 0, 1), (1, 1, 1, 1), ((0, 0),) * 5, (0, 1), ("x", "x"))
    >>> s = summarise_records([a, b], "x")
    >>> s["length"], s["draw_rate"], s["seat_advantage"], round(s["branching"], 4), s["decisiveness"]
    (3.0, 0.5, 0.25, 1.6667, 0.5)
    """
    df = metrics_frame(records)
    n = df.height
    sole = df.filter(pl.col("winner").is_not_null())
    seats = records[0].seats if records else 2
    fair = sole.height / n / seats if n else 0.0
    seat0 = sole.filter(pl.col("winner") == 0).height
    lo, hi = wilson(seat0, n)
    decisive = df["decisiveness"].drop_nulls()
    return {
        "level": level,
        "games": n,
        "length": float(df["length"].mean() or 0.0),  # type: ignore[arg-type]
        "seat0_win_rate": seat0 / n if n else 0.0,
        "seat0_low": lo,
        "seat0_high": hi,
        "seat_advantage": (seat0 / n - fair) if n else 0.0,
        "draw_rate": float(df["draw"].mean() or 0.0),  # type: ignore[arg-type]
        "decisiveness": float(decisive.mean()) if decisive.len() else None,  # type: ignore[arg-type]
        "lead_changes": float(df["lead_changes"].mean() or 0.0),  # type: ignore[arg-type]
        "branching": float(
            sum(sum(r.branching) for r in records) / max(1, sum(r.length for r in records))
        ),
    }


def branching_profile(records: Sequence[GameRecord], bins: int = 10) -> pl.DataFrame:
    """Mean legal actions by stage of the game (decision index scaled to ``bins`` parts).

    >>> r = GameRecord(2, (0, 1, 0, 1), (4, 3, 2, 1), ((0, 0),) * 5, (0,), ("x", "x"))
    >>> branching_profile([r], bins=2).rows()
    [(0, 3.5, 2), (1, 1.5, 2)]
    """
    stage: list[int] = []
    width: list[int] = []
    for r in records:
        for i, b in enumerate(r.branching):
            stage.append(min(bins - 1, i * bins // r.length))
            width.append(b)
    df = pl.DataFrame(
        {"stage": stage, "branching": width}, schema={"stage": pl.Int64, "branching": pl.Float64}
    )
    return (
        df.group_by("stage")
        .agg(pl.col("branching").mean(), pl.len().alias("decisions"))
        .sort("stage")
        .with_columns(pl.col("decisions").cast(pl.Int64))
    )


def luck(game: str, skilled: str, games: int = 200, seed: int = 0) -> dict[str, Any]:
    """The skilled player against random (seats rotated) and against itself; the luck index.

    ``luck = 1 - (rate - fair) / (1 - fair)``: 1 when skill gains nothing over
    random play, 0 when it wins every game; ``fair`` is the mirror match's
    rate (one seat's share), measured, not assumed.
    """
    n = make_game(game).num_players
    versus = play_match(game, [skilled] + ["random"] * (n - 1), games, seed, swap_seats=True)
    mirror = play_match(game, [skilled] * n, games, seed, swap_seats=True)
    rate = versus["players"][0]["win_rate"]
    fair = sum(p["win_rate"] for p in mirror["players"]) / n
    index = 1 - (rate - fair) / (1 - fair) if fair < 1 else None
    return {
        "game": game,
        "skilled": skilled,
        "vs_random": rate,
        "vs_random_interval": versus["players"][0]["interval"],
        "vs_itself": fair,
        "luck": index,
    }


def quality_metrics(
    game: Game[Any] | str,
    levels: Sequence[str] = ("random", "greedy"),
    games: int = 100,
    seed: int = 0,
) -> pl.DataFrame:
    """One row per skill level: every seat played by that player spec, seats rotated."""
    name = game if isinstance(game, str) else game.name
    built = make_game(game) if isinstance(game, str) else game
    rows = []
    for level in levels:
        player = player_from_spec(level, name)
        rows.append(summarise_records(record_games(built, player, games, seed), level))
    return pl.DataFrame(rows)


def quality_chart(frame: pl.DataFrame) -> Any:
    """The measures of :func:`quality_metrics` as small bar charts, one per measure.

    >>> import polars as pl
    >>> f = pl.DataFrame({"level": ["random"], "length": [3.0], "seat_advantage": [0.1],
    ...                   "draw_rate": [0.0], "decisiveness": [0.5], "lead_changes": [1.0],
    ...                   "branching": [2.0]})
    >>> quality_chart(f).to_dict()["facet"]["field"]
    'measure'
    """
    import altair as alt

    measures = [
        c
        for c in (
            "length",
            "seat_advantage",
            "draw_rate",
            "decisiveness",
            "lead_changes",
            "branching",
        )
        if c in frame.columns
    ]
    long = frame.select("level", *measures).unpivot(index="level", variable_name="measure")
    return (
        alt.Chart(long)
        .mark_bar()
        .encode(
            x=alt.X("value:Q", title=None),
            y=alt.Y("level:N", title=None, sort=None),
        )
        .properties(width=160, height=20 * frame.height)
        .facet(
            facet=alt.Facet("measure:N", title=None),
            columns=3,
        )
        .resolve_scale(x="independent")
        .properties(padding={"left": 30, "top": 5, "right": 10, "bottom": 5})
    )  # browser fonts run wider
