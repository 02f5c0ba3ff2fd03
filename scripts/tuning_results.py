"""Play a notebook's tuner trials once at the designer's full budget (issue 37).

The worked examples of the game notebooks ("Tuner: …") take minutes at the full budget,
so this script plays their trials into ``notebooks/results/<game>/tune.journal`` (an
optuna journal: the notebook's tuner copies it, finds every trial finished and only
re-checks its proposals on fresh seeds) with ``tune.json`` beside it (the arguments,
CPU and wall seconds, load, date and commit). Run it with the notebook's own goal,
cells and budget, e.g.::

    .venv/bin/python scripts/tuning_results.py mugen --goal "ソラ (A) wins=0.45..0.55" \\
        --vary cards:G17:skill1_cost=2..6 --vary cards:C02:skill2_cost=1..5 \\
        --vary cards:G30:skill1_cost=3..7 --max-edits 3 --games 200 --trials 30 --seed 0

A changed sheet, rules version or budget is another study: the notebook then plays its
trials live (slow) until this script is run again. Exit 0 when written, 2 on bad input.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    from workbench.engine.measure.compare_sheets import CompareError
    from workbench.engine.measure.skilled_results import results_folder
    from workbench.engine.measure.tune import TuneError, parse_cell, parse_goal, tune
    from workbench.ui.tuner import JOURNAL, PROVENANCE

    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("game")
    p.add_argument("--goal", action="append", required=True)
    p.add_argument("--vary", action="append", required=True)
    p.add_argument("--players", default="greedy")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--trials", type=int, default=30)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-edits", type=int, default=None)
    p.add_argument("--keep", type=int, default=2)
    args = p.parse_args(argv)
    folder = results_folder(args.game, ROOT / "notebooks")
    folder.mkdir(parents=True, exist_ok=True)
    journal = folder / JOURNAL
    fresh = folder / f".{JOURNAL}.{os.getpid()}"
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        result = tune(
            args.game,
            [parse_goal(g) for g in args.goal],
            [parse_cell(c) for c in args.vary],
            players=args.players,
            games=args.games,
            trials=args.trials,
            seed=args.seed,
            max_edits=args.max_edits,
            keep=args.keep,
            journal=fresh,
        )
    except (TuneError, CompareError, LookupError) as exc:
        fresh.unlink(missing_ok=True)
        print(f"tuning_results: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    os.replace(fresh, journal)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    note = {
        "game": args.game,
        "goals": args.goal,
        "cells": args.vary,
        "players": args.players,
        "games": args.games,
        "trials": args.trials,
        "seed": args.seed,
        "max_edits": args.max_edits,
        "keep": args.keep,
        "cpu_s": time.process_time() - cpu,
        "wall_s": time.perf_counter() - wall,
        "load": " ".join(f"{x:.1f}" for x in os.getloadavg()),
        "made": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit,
        "sentence": result.sentence(),
    }
    (folder / PROVENANCE).write_text(
        json.dumps(note, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(result.sentence())
    print(f"{note['cpu_s']:.1f} CPU s, {note['wall_s']:.1f} s wall (load {note['load']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
