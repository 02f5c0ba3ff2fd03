"""``workbench tune <game> --goal MEASURE=LOW..HIGH --vary SHEET:CARD:COLUMN=LOW..HIGH``.

Searches the cells given for values that bring every goal's measure (a measure of
the game's balance questions, as ``workbench compare`` lists them) into its range,
each trial paired with the game's own sheets on the same deals
(:mod:`workbench.engine.measure.tune`). Prints a small Pareto set of proposals, each
re-checked on fresh seeds; ``--save DIR`` saves them as variants with their
provenance. The trials are kept in a journal under the workbench cache, so an
interrupted run resumes where it stopped when run again. ``--workers N`` plays on N
local dask processes, ``--scheduler ADDR`` on a running dask scheduler.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from workbench.cli import CliError
from workbench.cli._args import whole


def _executor(args: argparse.Namespace) -> Any:
    if args.workers is None and args.scheduler is None:
        return None
    if args.scheduler is not None:
        from distributed import Client

        try:
            return Client(args.scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as e:
            raise CliError(f"--scheduler {args.scheduler}: cannot connect ({e})") from None
    from workbench.engine.runs.cluster import shared_client

    return shared_client(args.workers, warm=[args.game])


def _run(args: argparse.Namespace) -> int:
    from workbench.engine.measure.tune import (
        TuneError,
        parse_cell,
        parse_goal,
        save_proposals,
        tune,
    )
    from workbench.registry import spec

    try:
        game = spec(args.game)
        game.require("questions", for_="workbench tune")
        game.require("sheets", for_="workbench tune")
    except (ValueError, LookupError) as exc:
        raise CliError(str(exc)) from None
    if args.workers is not None and args.scheduler is not None:
        raise CliError("give --workers or --scheduler, not both")
    try:
        goals = [parse_goal(g) for g in args.goal or []]
        cells = [parse_cell(c) for c in args.vary or []]
    except TuneError as exc:
        raise CliError(str(exc)) from None
    if not goals:
        raise CliError("give at least one --goal MEASURE=LOW..HIGH")
    if not cells:
        raise CliError("give at least one --vary SHEET:CARD:COLUMN=LOW..HIGH")
    client = None
    try:
        client = _executor(args)
        result = tune(
            args.game,
            goals,
            cells,
            players=args.players,
            games=args.games,
            trials=args.trials,
            seed=args.seed,
            max_edits=args.max_edits,
            keep=args.keep,
            recheck_games=args.recheck_games,
            executor=client,
            parallel=args.parallel or (args.workers or 1),
        )
        if args.save is not None:
            save_proposals(result, args.save)
    except TuneError as exc:
        raise CliError(str(exc)) from None
    finally:
        if client is not None and args.scheduler is not None:
            client.close()
    if args.workers is not None:
        from workbench.engine.runs.cluster import close_shared

        close_shared()
    out = result.as_json()
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        for line in lines(out):
            print(line)
    # 1 (a problem found) when every proposal lies outside the goals on fresh seeds
    return 0 if any(p["verdict"] != "outside the goals" for p in out["proposals"]) else 1


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x:.3g}"


def lines(out: dict[str, Any]) -> list[str]:
    """The printed report: goals, base, trials and each proposal (tuned → re-checked)."""
    t = out["trials"]
    head = [
        f"{out['game']}: {', '.join(out['goals'])}; varying {', '.join(out['cells'])}",
        f"{t['complete']} trials played all their games, {t['pruned']} stopped early, "
        f"{t['refused']} refused "
        f"({out['games']} paired games each, seed {out['seed']}; re-check seed "
        f"{out['recheck_seed']})",
        "base: " + ", ".join(f"{k} {_pct(v)}" for k, v in out["base"].items()),
    ]
    for i, p in enumerate(out["proposals"], 1):
        edits = ", ".join(f"{k} {c['from']}→{c['to']}" for k, c in p["changes"].items())
        head.append(f"proposal {i}: {edits or 'no change'} ({p['verdict']} on fresh seeds)")
        for k, v in p["rechecked"].items():
            lo, hi = p["rechecked_interval"][k]
            span = "" if lo is None or lo != lo else f" [{lo:.3g}, {hi:.3g}]"
            head.append(f"  {k}: tuned {_pct(p['tuned'].get(k))}, re-checked {_pct(v)}{span}")
        if p["saved"]:
            head.append(f"  saved: {p['saved']}")
    head.append(out["sentence"])
    return head


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "tune",
        help="search sheet cells for values that bring measures into ranges",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="the game (a registered name, e.g. mugen)")
    p.add_argument(
        "--goal",
        action="append",
        metavar="MEASURE=LOW..HIGH",
        help="a range for one of the game's measures (45%%..55%% or 0.45..0.55); repeatable",
    )
    p.add_argument(
        "--vary",
        action="append",
        metavar="SHEET:CARD:COLUMN=LOW..HIGH",
        help="a numeric cell that may change, within its schema's range; repeatable",
    )
    p.add_argument("--players", default="greedy", help="player specs (default greedy)")
    p.add_argument(
        "--games",
        type=whole("--games", 1, 20_000),
        default=100,
        help="paired games per trial (default 100)",
    )
    p.add_argument(
        "--trials",
        type=whole("--trials", 1, 1000),
        default=30,
        help="finished trials the study should hold (default 30)",
    )
    p.add_argument(
        "--seed",
        type=whole("--seed", 0, 2**63 - 1),
        default=0,
        help="the trials' common seed (default 0)",
    )
    p.add_argument(
        "--max-edits",
        type=whole("--max-edits", 1, 8),
        default=None,
        help="at most this many cells changed at once",
    )
    p.add_argument("--keep", type=whole("--keep", 1, 10), default=3, help="proposals shown")
    p.add_argument(
        "--recheck-games",
        type=whole("--recheck-games", 1, 20_000),
        default=None,
        help="fresh games re-checking each proposal (default --games; more can decide)",
    )
    p.add_argument(
        "--parallel",
        type=whole("--parallel", 1, 64),
        default=None,
        help="trials at once (default: the workers)",
    )
    p.add_argument(
        "--workers",
        type=whole("--workers", 1, 256),
        help="run on N local dask worker processes (127.0.0.1)",
    )
    p.add_argument("--scheduler", help="run on this dask scheduler (tls://host:port)")
    p.add_argument("--save", type=Path, help="save the proposals as variants in this folder")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_run)
