"""Compute a game's skilled-play results into notebooks/results/<game>/ (issue 13).

The notebooks read these files (workbench.engine.measure.skilled_results); this script
is how they are made, and how to remake them after the rules change:

    .venv/bin/python scripts/skilled_results.py mugen answers --levels greedy,ismcts:100 --games 200
    .venv/bin/python scripts/skilled_results.py mugen ladder --games 100 --seats 2
    .venv/bin/python scripts/skilled_results.py mugen matches --players ismcts:400,greedy --games 200
    .venv/bin/python scripts/skilled_results.py mugen matches --json build/mugen_greedy.json \
        --players ismcts:400,greedy      (keep a `workbench play --json` run already made)
    .venv/bin/python scripts/skilled_results.py mugen matches --from-ladder \
        --players ismcts:400,greedy      (a ladder's pairing: the same games, not replayed; with
                                          more seats ismcts:400 alone against copies of greedy)

How long a full run takes: ``bench/players.py --answers GAME`` and ``--ladder GAME``
play a small fraction and print an estimate from its measured CPU a game. The answers,
the ladder and the matches run on one shared dask cluster (``--workers``, started once
before the games; its start-up is printed on stderr beside the games' own time); with
more than two seats the ladder plays only the pairings where the row player is the
stronger.

Exit 0 when written, 2 on bad input (one line).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import polars as pl


def _match_rows(result: dict[str, Any], players: list[str], seed: int) -> list[dict[str, Any]]:
    games = result["games"]
    sole = sum(p["wins"] for p in result["players"])
    fair = sole / games / len(players) if games else 0.0
    rows = []
    for p in result["players"]:
        rows.append(
            {
                "line_up": ",".join(players),
                "player": p["player"],
                "games": games,
                "wins": p["wins"],
                "draws": p["draws"],
                "win_rate": p["win_rate"],
                "low": p["interval"][0],
                "high": p["interval"][1],
                "fair_share": fair,
                "mean_length": result["mean_length"],
                "seed": seed,
            }
        )
    return rows


def _ladder_match(
    game: str, folder: Path, players: list[str]
) -> tuple[list[dict[str, Any]], list[str], str, int]:
    """The match of ``players`` (two of the ladder's levels in ``folder``, the focus first) as
    that ladder played it: the matches.csv rows, the line-up, the equivalent ``workbench play``
    call (the pairing's own line-up order and seed) and that seed; ValueError (one line) if
    there is none. In two seats one pairing fills both cells, so both players get a row; with
    more seats a pairing is the focus alone against seats - 1 copies of the other (only the
    stronger sits alone), and the ladder keeps only the focus player's wins: its row is the
    only one (the copies' split between them is not known, and is not invented)."""
    from workbench.engine.measure.skilled_results import load_results
    from workbench.engine.runs.ladder import ladder_matches
    from workbench.registry import make_game

    made = load_results(game, folder)
    how = made.provenance.get("ladder", {})
    if made.ladder is None or "mean_length" not in made.ladder.frame.columns:
        raise ValueError(f"no ladder with game lengths in {folder} (rerun the ladder part)")
    frame, levels = made.ladder.frame, list(made.ladder.levels)
    if len(players) != 2 or not set(players) <= set(levels) or players[0] == players[1]:
        raise ValueError(f"--from-ladder needs two of the ladder's levels {levels}, got {players}")
    seats = made.seats("ladder") or make_game(game).num_players
    cells = {(r["player"], r["opponent"]): r for r in frame.iter_rows(named=True)}
    pairs = [(players[0], players[1])] + ([(players[1], players[0])] if seats == 2 else [])
    if not all(pair in cells for pair in pairs):
        raise ValueError(
            f"--from-ladder: the ladder has no pairing of {players[0]} against "
            f"{players[1]}"
            + (
                ""
                if seats == 2
                else f" (at {seats} seats only the stronger level sits alone: give it first)"
            )
        )
    line, seed = next(
        (line, seed)
        for i, j, _, line, seed in ladder_matches(levels, seats, how["seed"], both_ways=True)
        if (seats == 2 and set(line) == set(players))
        or (levels[i], levels[j]) == (players[0], players[1])
    )
    first = cells[pairs[0]]
    rows = [
        {
            "line_up": ",".join(players if seats == 2 else line),
            "player": a,
            "games": c["games"],
            "wins": c["wins"],
            "draws": c["draws"],
            "win_rate": c["win_rate"],
            "low": c["low"],
            "high": c["high"],
            "fair_share": c["fair_share"],
            "mean_length": c["mean_length"],
            "seed": seed,
        }
        for a, b in pairs
        for c in [cells[a, b]]
    ]
    call = (
        f"workbench play {game} --players {','.join(line)} --games {first['games']} "
        f"--seed {seed} --swap-seats (a pairing of {how.get('call')}"
        + (")" if seats == 2 else f"; only {players[0]}'s wins are kept)")
    )
    return rows, (players if seats == 2 else line), call, seed


def _cpu_seconds(workers: int) -> tuple[float, float]:
    """CPU seconds used so far (``time.process_time``) by this process and by the shared
    cluster's workers together (0 without one): the CPU a run costs, whatever the load."""
    from workbench.engine.runs.cluster import shared_client, startup_seconds

    here = time.process_time()
    if workers <= 1 or startup_seconds(workers) is None:
        return here, 0.0
    return here, float(sum(shared_client(workers).run(time.process_time).values()))


def _start_cluster(game: str, workers: int) -> float | None:
    """Start the process's shared dask cluster of ``workers`` (the one the answers, the
    ladder and the matches all run on) before the games, so its start-up is a figure of
    its own: the seconds it took, or None on one core (no cluster)."""
    if workers <= 1:
        return None
    from workbench.engine.runs.cluster import shared_client, startup_seconds

    shared_client(workers, warm=[game])
    return startup_seconds(workers)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("part", choices=("answers", "ladder", "matches"))
    ap.add_argument("--levels", default="greedy,ismcts:100")
    ap.add_argument("--players", help="matches: one spec per seat, comma-separated")
    ap.add_argument("--json", help="matches: a `workbench play --json` output to keep")
    ap.add_argument("--seconds", type=float, help="matches --json: how long that run took")
    ap.add_argument(
        "--from-ladder",
        action="store_true",
        help="matches: the ladder's pairing of --players (no game played; with more than "
        "two seats the first alone against copies of the second)",
    )
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", type=int)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", help="folder (default notebooks/results/<game>)")
    ap.add_argument(
        "--merge",
        action="store_true",
        help="answers: keep the other levels already computed (add random, say)",
    )
    a = ap.parse_args(argv)

    from workbench.engine.measure.skilled_results import load_results, results_folder, save_part
    from workbench.registry import UnknownGame, make_game

    try:
        version = getattr(make_game(a.game), "version", None)
    except UnknownGame as e:
        print(f"skilled_results: {e}", file=sys.stderr)
        return 2
    if not 1 <= a.games <= 10_000:
        print(f"skilled_results: --games must be 1..10000, got {a.games}", file=sys.stderr)
        return 2
    folder = Path(a.out) if a.out else results_folder(a.game)
    levels = [s.strip() for s in a.levels.split(",") if s.strip()]
    start = time.monotonic()
    plays = a.part != "matches" or (a.players and not a.json and not a.from_ladder)
    cluster = _start_cluster(a.game, a.workers) if plays else None
    playing = time.monotonic()
    cpu_start = _cpu_seconds(a.workers)

    def spent() -> dict[str, Any]:
        """The games' CPU so far (workers and here), for the provenance and the last line."""
        (here, workers), (here0, workers0) = _cpu_seconds(a.workers), cpu_start
        return {
            "cpu_seconds": round(here - here0 + workers - workers0, 1),
            "worker_cpu_seconds": round(workers - workers0, 1),
            "load": [round(x, 1) for x in os.getloadavg()],
        }

    if a.part == "answers":
        from workbench.engine.measure.skilled import ask

        asked = ask(a.game, levels, a.games, a.seed, workers=a.workers, progress=True)
        how: dict[str, Any] = {
            "call": f"ask({a.game!r}, {levels}, games={a.games}, seed={a.seed})",
            "levels": levels,
            "games": a.games,
            "seed": a.seed,
        }
        secs: float | None = time.monotonic() - start
        answers, metrics = asked.answers, asked.metrics
        if a.merge:
            old = load_results(a.game, folder)
            prov = old.provenance.get("answers", {})
            if old.answers is not None and old.metrics is not None:
                answers = pl.concat(
                    [old.answers.filter(~pl.col("level").is_in(levels)), answers],
                    how="vertical_relaxed",
                )
                metrics = pl.concat(
                    [old.metrics.filter(~pl.col("level").is_in(levels)), metrics],
                    how="vertical_relaxed",
                )
                merged = [lv for lv in prov.get("levels", []) if lv not in levels]
                how = {
                    "call": f"{prov.get('call')}; then {how['call']}",
                    "levels": merged + levels,
                    "games": prov.get("games"),
                    "seed": a.seed,
                    "merged": [prov, {**how, "seconds": secs}],
                }
                secs = None
        how = {**how, **spent()} if secs is not None else how
        save_part(folder, "answers", answers, how, version=version, seconds=secs)
        save_part(folder, "metrics", metrics, how, version=version, seconds=secs)
    elif a.part == "ladder":
        from workbench.engine.runs.ladder import LEVELS, skill_ladder

        lv = levels if a.levels != ap.get_default("levels") else list(LEVELS)
        ladder = skill_ladder(a.game, lv, a.games, a.seed, seats=a.seats, workers=a.workers)
        how = {
            "call": f"skill_ladder({a.game!r}, {lv}, games={a.games}, seed={a.seed}, "
            f"seats={a.seats})",
            "levels": lv,
            "games": a.games,
            "seed": a.seed,
            "seats": a.seats or make_game(a.game).num_players,
            **spent(),
        }
        save_part(
            folder, "ladder", ladder.frame, how, version=version, seconds=time.monotonic() - start
        )
    else:
        if not a.players:
            print("skilled_results: matches needs --players", file=sys.stderr)
            return 2
        players = [s.strip() for s in a.players.split(",")]
        call, kept = None, None
        if a.from_ladder:
            try:
                kept, players, call, a.seed = _ladder_match(a.game, folder, players)
            except ValueError as e:
                print(f"skilled_results: {e}", file=sys.stderr)
                return 2
            result, secs = {"games": kept[0]["games"]}, None
        elif a.json:
            try:
                result = json.loads(Path(a.json).read_text(encoding="utf-8"))
            except (OSError, ValueError) as e:
                print(f"skilled_results: --json {a.json}: {e}", file=sys.stderr)
                return 2
            secs = a.seconds
        else:
            from workbench.engine.runs.match import play_match

            result = play_match(
                a.game, players, a.games, a.seed, swap_seats=True, workers=a.workers
            )
            secs = time.monotonic() - start
        old = load_results(a.game, folder).matches
        rows = pl.DataFrame(kept or _match_rows(result, players, a.seed))
        if old is not None:
            rows = pl.concat(
                [old.filter(pl.col("line_up") != ",".join(players)), rows], how="vertical_relaxed"
            )
        how = {
            "call": call
            or f"workbench play {a.game} --players {','.join(players)} --games "
            f"{result['games']} --seed {a.seed} --swap-seats --workers {a.workers}",
            "games": result["games"],
            "seed": a.seed,
        }
        prov = load_results(a.game, folder).provenance.get("matches", {})
        calls = [c for c in prov.get("calls", []) if c.get("line_up") != ",".join(players)]
        calls.append({"line_up": ",".join(players), **how, "seconds": secs})
        save_part(folder, "matches", rows, {"call": "see calls", "calls": calls}, version=version)
    if plays:
        used = spent()
        games_wall = time.monotonic() - playing
        print(
            f"skilled_results: the games took {used['cpu_seconds']:.1f} CPU s "
            f"({used['worker_cpu_seconds']:.1f} in the workers) in {games_wall:.1f} s wall, "
            f"CPU / wall {used['cpu_seconds'] / max(games_wall, 1e-9):.2f}; "
            f"load {' '.join(map(str, used['load']))}",
            file=sys.stderr,
        )
    if cluster is not None:  # as `workbench play --workers` says it
        print(
            f"skilled_results: dask: {a.workers} local workers started in {cluster:.1f} s, "
            f"then the games took {time.monotonic() - playing:.1f} s on them (wall; the "
            "start-up is paid once per process)",
            file=sys.stderr,
        )
    print(f"wrote {folder}/{a.part} in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
