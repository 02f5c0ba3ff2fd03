"""The readings of issue 36 for 「探偵無宿２」, measured: whose hand is trimmed
(``trim_hands``), the break after the tragic night (``night_break``), the workbench's
40-round cap and the round-start edit in round 1 (``rules.py`` quotes the seed for each).

:func:`reading_table` plays the same seeds under each setting and gives, with 95%
intervals, the rounds a game lasts and how games end; :func:`difference_sentence` says how
one setting differs from another, its verb following the interval
(:func:`workbench.engine.measure.verdict.judge`); :func:`round_one_edits` counts the
round-start edits made in round 1, where the seed's "player after the night's drawer"
names nobody.

>>> t = reading_table({"as written": {}}, n_games=5, seed=1)
>>> t["games"].to_list(), t.columns[:3]
([5], ['setting', 'policy', 'games'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from workbench.engine.measure.verdict import judge, rate_span
from workbench.engine.runs.playout import playout_in_place
from workbench.games.detective.players import POLICIES
from workbench.games.detective.rules import make_game
from workbench.prob.intervals import mean_interval, newcombe, wilson

__all__ = ["difference_sentence", "reading_table", "reservation_counts", "round_one_edits"]

_END_REASONS = ("vp", "deaths", "round limit")


def _games(params: Mapping[str, Any], n_games: int, seed: int, policy: str) -> pl.DataFrame:
    game = make_game(**params)
    player = POLICIES[policy]
    rows = []
    for i in range(n_games):
        final = playout_in_place(game, player, seed + i).final
        rows.append({"seed": seed + i, "rounds": final.round, "end": final.end_reason})
    return pl.DataFrame(rows)


def reading_table(
    settings: Mapping[str, Mapping[str, Any]],
    n_games: int = 200,
    seed: int = 0,
    policy: str = "greedy",
    players: int = 4,
) -> pl.DataFrame:
    """Per named setting (parameters), on seeds ``seed``…: rounds a game (mean and 95%
    interval) and the games each end reason ended (count, rate and Wilson interval)."""
    rows = []
    for label, params in settings.items():
        frame = _games({"players": players, **params}, n_games, seed, policy)
        mean, low, high = mean_interval([float(x) for x in frame["rounds"]])
        row: dict[str, Any] = {
            "setting": label,
            "policy": policy,
            "games": n_games,
            "rounds": mean,
            "rounds_low": low,
            "rounds_high": high,
        }
        for reason in _END_REASONS:
            k = int((frame["end"] == reason).sum())
            lo, hi = wilson(k, n_games)
            key = reason.replace(" ", "_")
            row |= {f"{key}_ends": k, f"{key}_rate": k / n_games, f"{key}_span": rate_span(lo, hi)}
        rows.append(row)
    return pl.DataFrame(rows)


def difference_sentence(table: pl.DataFrame, base: str, other: str) -> str:
    """How ``other`` differs from ``base``: rounds a game (the difference of means, its
    half-width the two 95% half-widths combined in quadrature) and the share of games
    ended by VP (Newcombe), each verb from its interval."""
    a = table.filter(pl.col("setting") == base).row(0, named=True)
    b = table.filter(pl.col("setting") == other).row(0, named=True)
    d = b["rounds"] - a["rounds"]
    half_a = (a["rounds_high"] - a["rounds_low"]) / 2
    half_b = (b["rounds_high"] - b["rounds_low"]) / 2
    half = (half_a**2 + half_b**2) ** 0.5
    games = min(a["games"], b["games"])
    rounds_word = judge(d - half, d + half, games, above="more", below="fewer")
    low, high = newcombe(a["vp_ends"], a["games"], b["vp_ends"], b["games"])
    vp_word = judge(low, high, games)
    return (
        f"{other} against {base} ({b['games']} {b['policy']} games each): rounds a game "
        f"{b['rounds']:.2f} against {a['rounds']:.2f}, {rounds_word} ({d - half:+.2f} to "
        f"{d + half:+.2f}); games ended by VP {b['vp_rate']:.1%} ({b['vp_span']}) against "
        f"{a['vp_rate']:.1%} ({a['vp_span']}), {vp_word} ({low * 100:+.1f} to "
        f"{high * 100:+.1f} pts)."
    )


def round_one_edits(
    n_games: int = 50, seed: int = 0, policy: str = "greedy", players: int = 4, **params: Any
) -> pl.DataFrame:
    """With ``round_start_edit``: per round number, the edits offered and the ones made
    (add or withdraw, not pass), over ``n_games`` games replayed step by step."""
    game = make_game(players=players, round_start_edit=True, **params)
    player = POLICIES[policy]
    offered: dict[int, int] = {}
    made: dict[int, int] = {}
    for i in range(n_games):
        r = playout_in_place(game, player, seed + i, record=True)
        s = game.initial_state()
        for a in r.actions:
            if s.tasks and type(s.tasks[-1]).__name__ == "Edit":
                offered[s.round] = offered.get(s.round, 0) + 1
                made[s.round] = made.get(s.round, 0) + (a[0] != "pass")  # type: ignore[index]
            s = game.apply(s, a)
    return pl.DataFrame(
        {
            "round": sorted(offered),
            "edits_offered": [offered[k] for k in sorted(offered)],
            "edits_made": [made[k] for k in sorted(offered)],
        }
    )


def reservation_counts(
    n_games: int = 50, seed: int = 0, policy: str = "random", players: int = 4, **params: Any
) -> dict[str, int]:
    """With ``reservation``: reservations made, set before the tragic night, set after it
    (the rules offer none: 「それまでに惨劇の夜が出たら捨て札になる」) and lost at a round's
    end, over ``n_games`` games replayed step by step."""
    game = make_game(players=players, reservation=True, **params)
    player = POLICIES[policy]
    out = {"games": n_games, "reserved": 0, "set_before_night": 0, "set_after_night": 0}
    lost = 0
    for i in range(n_games):
        r = playout_in_place(game, player, seed + i, record=True)
        s = game.initial_state()
        for a in r.actions:
            if s.tasks and type(s.tasks[-1]).__name__ == "Main" and isinstance(a, tuple):
                if a[0] == "reserve":
                    out["reserved"] += 1
                elif a[0] == "set":
                    out["set_after_night" if s.tn else "set_before_night"] += 1
            s = game.apply(s, a)
        lost += sum(s.penalties) // max(1, game.params.reservation_penalty)
    out["lost_at_round_end"] = lost
    return out
