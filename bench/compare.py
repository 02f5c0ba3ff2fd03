"""The what-if loop's speed goals (issue 23), per game on its notebook's worked example:

- **paired greedy comparison**: 2,000 pairs per question table through
  ``workbench.engine.compare`` on 2 worker processes (started and ended inside the
  clock, so their CPU time counts) — goal under 20 s wall; beside it
  the same games' rate through ``simulate`` on one core (the peer: what playing
  costs without the pairing, the answers and the intervals), as a ratio;
- **an edit to a redrawn exact figure**: one more edit of the variant, then the exact
  figures it touches redrawn (``WhatIf.figures``) — goal under 1 s; and **every** exact
  figure of the game's ``whatif.FIGURES`` on its own: an edit of a column it reads (a
  value copied from another card), the variant's sheets written and the figure redrawn —
  goal under 1 s each, printed per figure;
- **a cached re-ask**: the same comparison asked again (read from the on-disk cache,
  sheets hashed and checked again) — goal under 1 s.

CPU time (this process and its workers) is printed beside wall time, and the load average
in the header and after each game: the machine is shared. Run: ``.venv/bin/python bench/compare.py [--games 2000] [--workers 2] [--figures-only]
[game ...]`` (``--figures-only``: the per-figure redraws alone, seconds instead of minutes).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

GOAL_COMPARE_S = 20.0
GOAL_REDRAW_S = 1.0
GOAL_CACHED_S = 1.0
GAMES = ("ghost", "detective", "mugen", "life")


def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def load() -> str:
    """The 1, 5 and 15 minute load averages: on a shared machine, what the wall times mean."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def timed(fn: Any) -> tuple[Any, float, float]:
    """(result, wall s, cpu s) of ``fn()``."""
    c0, w0 = cpu(), time.perf_counter()
    out = fn()
    return out, time.perf_counter() - w0, cpu() - c0


def peer_rate(game: str, games: int) -> float:
    """Games per CPU second of plain ``simulate_rows`` on the worked example's tables (base)."""
    from workbench.engine.measure.compare import line_up
    from workbench.engine.measure.compare_sheets import sheet_set
    from workbench.engine.measure.skilled import game_questions
    from workbench.engine.players.specs import player_from_spec
    from workbench.engine.runs.match import build_game
    from workbench.engine.runs.simulate import simulate_rows

    params = sheet_set(game, None).params()
    played, c0 = 0, time.process_time()
    for q in game_questions(game):
        for table, p in q.variants.items():
            built = build_game(game, q.seats or 2, {**p, **params})
            players = [player_from_spec(s, game) for s in line_up(["greedy"], built.num_players)]
            simulate_rows(built, players, range(games), 1, key=(q.key, table), seating="fixed")
            played += games
    return played / (time.process_time() - c0)


def bench_game(game: str, games: int, workers: int, peer_games: int) -> dict[str, float]:
    from workbench.engine import compare
    from workbench.engine.measure.skilled import game_questions
    from workbench.registry import spec
    from workbench.ui.whatif import WhatIf

    variant = spec(game).require("whatif", for_="bench/compare.py").load().variant()

    def run() -> Any:  # the pool's start and end inside the clock, so its workers' CPU counts
        with ProcessPoolExecutor(workers) as pool:
            return compare(game, None, variant, "greedy", games, 1, executor=pool, cache=True)

    result, wall, used = timed(run)
    tables = sum(len(q.variants) for q in game_questions(game))
    played = 2 * games * tables
    peer = peer_rate(game, peer_games)
    what = WhatIf(game, variant)
    what.figures()  # the base figures are drawn once per section; the redraw is the edit's
    edit = _one_more_edit(game, variant)
    what.variant = edit
    _, redraw, redraw_cpu = timed(what.figures)
    again, cached, cached_cpu = timed(lambda: compare(game, None, variant, "greedy", games, 1))
    assert again.cached and again.table.equals(result.table)
    return {
        "compare_wall": wall,
        "compare_cpu": used,
        "games_per_cpu_s": played / used,
        "peer_games_per_cpu_s": peer,
        "redraw_wall": redraw,
        "redraw_cpu": redraw_cpu,
        "cached_wall": cached,
        "cached_cpu": cached_cpu,
        "narrowing": result.narrowing(),
    }


def _edit_touching(variant: Any, figure: Any) -> Any:
    """``variant`` with one more edit of a column ``figure`` reads: a card's value replaced by
    another card's (the first such edit the sheet's checks accept)."""
    tables = variant.tables()
    for sheet, columns in figure.reads.items():
        table = tables[sheet]
        key = table.header.index(table.key)
        for column in columns:
            if column not in table.header or column == table.key:
                continue
            c = table.header.index(column)
            for a in table.rows:
                for b in table.rows:
                    if a[c] != b[c]:
                        try:
                            return variant.set(sheet, a[key], column, b[c])
                        except ValueError:
                            break  # this card refuses that value: try the next card
    raise ValueError(f"no edit of a column {figure.title!r} reads is accepted")


def bench_figures(game: str) -> list[dict[str, Any]]:
    """Per exact figure: an edit touching it, then its redraw (sheets loaded in memory from
    the edited cells, figure drawn)."""
    from workbench.registry import spec

    declared = spec(game)
    variant = declared.require("whatif", for_="bench/compare.py").load().variant()
    rows = []
    for figure in declared.require("sheet_figures", for_="bench/compare.py").load():
        edited = _edit_touching(variant, figure)
        assert figure.touched_by(
            {(r["sheet"], r["column"]) for r in edited.diff().iter_rows(named=True)}
        )
        _, wall, used = timed(lambda f=figure, e=edited: f.draw(e.sheet_source().sheets))
        rows.append({"figure": figure.title, "wall": wall, "cpu": used})
    return rows


def print_figures(game: str) -> bool:
    """Print each figure's redraw against the goal; True when every one met it."""
    rows = bench_figures(game)
    for r in rows:
        mark = "ok" if r["wall"] < GOAL_REDRAW_S else "MISSED"
        print(
            f"{'':<10}   {r['figure']:<52} {r['wall']:.3f} s wall / {r['cpu']:.3f} s cpu "
            f"({r['wall'] / GOAL_REDRAW_S:.2f}× the goal, {mark})"
        )
    sys.stdout.flush()
    return all(r["wall"] < GOAL_REDRAW_S for r in rows)


def _one_more_edit(game: str, variant: Any) -> Any:
    """A second edit on the worked example's sheet: the same column of the next card."""
    row = variant.diff().row(0, named=True)
    table = variant.tables()[row["sheet"]]
    i = table.index(row["card"])
    key = table.header.index(table.key)
    column = table.header.index(row["column"])
    for r in table.rows[i + 1 :]:
        try:
            return variant.set(row["sheet"], r[key], row["column"], row["after"])
        except ValueError:
            continue
    return variant.set(row["sheet"], table.rows[0][key], row["column"], table.rows[0][column])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_", nargs="*", metavar="game", help=f"default: {' '.join(GAMES)}")
    parser.add_argument("--games", type=int, default=2000, help="pairs per question table")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--peer-games", type=int, default=200)
    parser.add_argument(
        "--figures-only",
        action="store_true",
        help="only each exact figure's redraw after an edit touching it",
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("WORKBENCH_CACHE", tempfile.mkdtemp(prefix="wb-bench-compare-"))
    print(
        f"{args.games} greedy pairs per table on {args.workers} workers "
        f"({os.cpu_count()} cores); cache {os.environ['WORKBENCH_CACHE']}; load average {load()}"
    )
    from workbench.compiled import status

    print(f"compiled: {status()} (make compile; WORKBENCH_COMPILED=1; workers inherit it)")
    failed = False
    for game in args.games_ or GAMES:
        if args.figures_only:
            print(f"{game:<10} each exact figure redrawn after an edit of a column it reads:")
            failed |= not print_figures(game)
            continue
        r = bench_game(game, args.games, args.workers, args.peer_games)
        ok = (
            r["compare_wall"] < GOAL_COMPARE_S,
            r["redraw_wall"] < GOAL_REDRAW_S,
            r["cached_wall"] < GOAL_CACHED_S,
        )
        failed |= not all(ok)
        mark = ["ok" if x else "MISSED" for x in ok]
        print(
            f"{game:<10} compare {r['compare_wall']:6.1f} s wall / {r['compare_cpu']:6.1f} s cpu "
            f"(goal {GOAL_COMPARE_S:g} s: {r['compare_wall'] / GOAL_COMPARE_S:.2f}× {mark[0]}); "
            f"{r['games_per_cpu_s']:.0f} games per cpu s, simulate alone "
            f"{r['peer_games_per_cpu_s']:.0f} ({r['peer_games_per_cpu_s'] / r['games_per_cpu_s']:.2f}× "
            "faster); paired/independent interval width "
            f"{r['narrowing']:.2f}; load average {load()}"
        )
        print(
            f"{'':<10} edit → redrawn exact figures {r['redraw_wall']:.3f} s wall / "
            f"{r['redraw_cpu']:.3f} s cpu ({r['redraw_wall'] / GOAL_REDRAW_S:.2f}× the goal, {mark[1]}); "
            f"cached re-ask {r['cached_wall']:.3f} s wall / {r['cached_cpu']:.3f} s cpu "
            f"({r['cached_wall'] / GOAL_CACHED_S:.2f}× the goal, {mark[2]})"
        )
        failed |= not print_figures(game)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
