"""The play side of a greedy comparison (issue 38, item 3: less work per game), per game.

``workbench compare`` with ``--players greedy`` plays every question table of the game
twice (base and variant) with the greedy line-up; its goal is 2,000 pairs in under 20 s
wall on 2 cores (``bench/compare.py`` measures the whole comparison: pairing, tables,
workers). This bench measures the games alone, in this process, on one core: the base
sheets' games of every question table (``--games`` a table, the seeds compare uses),
played by ``simulate_rows`` as the comparison's workers play them. Printed per game:

- CPU and wall seconds, games per CPU second, and the CPU the 2,000 pairs' games would
  take at that rate (2 × 2,000 × the tables), against the goal's 2 cores × 20 s;
- the **answers**: each game's question answered on its own one-row frame, as
  ``workbench compare`` answers every game of both sheets in its client process (CPU
  milliseconds a game, and as a share of the playing);
- with ``--profile`` (under cProfile, which inflates the total), the shares of the
  profiled time spent in the **greedy player** (its call, everything under it), its
  **move rule** (the game's policy function it asks: ``rollout_action``, ``choose``,
  ``greedy_action``, ``greedy_choice``), the **seat view** (what the seat sees, built for
  the player: ``SeatView.state``/``table`` and the read-only table over it) and the
  **legal ids** (``SeatView.legal_ids``).

CPU time (``time.process_time``) is printed beside wall time, and the load average: the
machine is shared. Run: ``.venv/bin/python bench/greedy_play.py [--games 200] [--profile]
[game ...]``.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from typing import Any

GAMES = ("life", "detective", "ghost", "mugen")
GOAL_WALL_S, CORES, PAIRS = 20.0, 2, 2000
MOVE_RULES = frozenset(("rollout_action", "choose", "greedy_action", "greedy_choice"))


def load() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def tables(game: str) -> list[Any]:
    """(key, built game, players, question) of every question table, on the base sheets."""
    from workbench.engine.measure.compare import line_up
    from workbench.engine.measure.compare_sheets import sheet_set
    from workbench.engine.measure.skilled import game_questions
    from workbench.engine.players.specs import player_from_spec
    from workbench.engine.runs.match import build_game

    params = sheet_set(game, None).params()
    out = []
    for q in game_questions(game):
        for table, p in q.variants.items():
            built = build_game(game, q.seats or 2, {**p, **params})
            names = line_up(["greedy"], built.num_players)
            players = {f"{n}@{s}": player_from_spec(n, game) for s, n in enumerate(names)}
            out.append(((q.key, table), built, players, q))
    return out


def play(built: list[Any], games: int) -> list[tuple[Any, list[dict[str, Any]]]]:
    """Play ``games`` games of every table (seed 1, as the bench of compare asks): each
    table's question and its games' rows."""
    from workbench.engine.runs.simulate import simulate_rows

    out = []
    for key, game, players, q in built:
        rows = simulate_rows(game, players, range(games), 1, key=key, seating="fixed")
        for r in rows:  # the columns compare's pair_rows gives a game's row
            r.update({"question": key[0], "variant": key[1]})
            for s in range(game.num_players):
                r[f"player_{s}"] = r[f"player_{s}"].split("@")[0]
        out.append((q, rows))
    return out


def answer(played: list[tuple[Any, list[dict[str, Any]]]]) -> int:
    """Answer each game's question on its own row of its table's frame, as compare's
    ``own_outcomes`` does; how many games."""
    from workbench.engine.runs.simulate import frame_of

    n = 0
    for q, rows in played:
        frame = frame_of(rows)
        for i in range(frame.height):
            q.answer(frame.slice(i, 1))
        n += frame.height
    return n


def shares(stats: pstats.Stats) -> dict[str, float]:
    """Cumulative seconds of the parts named in the module docstring, and the total."""
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    out = {"total": sum(v[2] for v in table.values()), "player": 0.0, "rule": 0.0}
    out.update(view=0.0, legal=0.0)
    for (path, _, fn), (_, _, _, cum, _) in table.items():
        path = path.replace(os.sep, "/")
        if (
            "/games/" in path
            and path.endswith("/players.py")
            and fn in ("__call__", "greedy_player")
        ):
            out["player"] += cum
        elif "/games/" in path and path.endswith("/policy.py") and fn in MOVE_RULES:
            out["rule"] += cum
        elif path.endswith("kernel/seat.py") and fn in ("state", "table"):
            out["view"] += cum
        elif path.endswith("kernel/kernel_game.py") and fn == "view":
            out["view"] += cum
        elif path.endswith("kernel/seat.py") and fn == "legal_ids":
            out["legal"] += cum
    return out


def bench(game: str, games: int, profile: bool) -> str:
    built = tables(game)
    play(built, min(games, 5))  # warm: imports, compiled kernels, cached tables
    prof = cProfile.Profile() if profile else None
    w0, c0 = time.perf_counter(), time.process_time()
    if prof:
        prof.enable()
    rows = play(built, games)
    if prof:
        prof.disable()
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    played = sum(len(r) for _, r in rows)
    rate = played / cpu
    a0 = time.process_time()
    answered = answer(rows)
    answers = time.process_time() - a0
    need = 2 * PAIRS * len(built) / rate
    line = (
        f"{game:<10} {played} games ({len(built)} tables): {cpu:6.2f} s cpu / {wall:6.2f} s wall, "
        f"{rate:6.0f} games per cpu s; {PAIRS} pairs' games ≈ {need:5.1f} cpu s "
        f"({need / (CORES * GOAL_WALL_S):.2f}× the {CORES} cores × {GOAL_WALL_S:g} s)"
        + (" [profiled]" if prof else "")
        + f"; answers {1e3 * answers / answered:.2f} ms cpu a game ({answers / cpu:.0%} of the play)"
        + f"; load {load()}"
    )
    if prof:
        s = shares(pstats.Stats(prof))
        total = s["total"] or 1.0
        line += (
            "\n"
            + " " * 11
            + ", ".join(
                f"{name} {s[k] / total:.0%}"
                for k, name in (
                    ("player", "greedy player"),
                    ("rule", "its move rule"),
                    ("view", "seat view"),
                    ("legal", "legal ids"),
                )
            )
        )
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", metavar="game", help=f"default: {' '.join(GAMES)}")
    parser.add_argument("--games", type=int, default=200, help="games per question table")
    parser.add_argument("--profile", action="store_true", help="under cProfile, with shares")
    args = parser.parse_args(argv)
    print(f"greedy line-ups, {args.games} games per question table, one process; load {load()}")
    for game in args.names or GAMES:
        print(bench(game, args.games, args.profile), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
