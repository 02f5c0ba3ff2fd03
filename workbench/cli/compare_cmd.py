"""``workbench compare``: a game's questions asked of two sheets on the same deals (issue 23).

``workbench compare ghost --variant data/ghost/variants/unyu-2d1 --players greedy,greedy
--games 2000 --seed 1 --json`` prints ``{"game", "games", "players", "questions":
[{"question", "base", "variant", "difference", "interval": [lo, hi], "changed"}]}``:
per measure of each question in the game's ``questions.py``, its value on the base
sheets and on the variant, the difference with its 95% interval from the pairs
(game i of both on the same seed and seats; see
:mod:`workbench.engine.measure.compare`), and the verdict: "higher" or "lower" only
when the interval excludes 0, "too few games to say" until then, and below 20 pairs
the pairs played and the interval's width (:mod:`workbench.engine.measure.verdict`).

``--variant`` (and ``--base``, default the game's data folder) is a saved variant
folder, a folder of sheets, or one sheet file. ``--set KEY=VALUE`` (repeatable)
changes a rule or setup parameter the game declares comparable
(``GameSpec.comparable``) on the variant side, on the same deals: with no
``--variant`` the variant is the base sheets with the settings. Exit 2 with one
line for a variant of another game, a sheet that fails its checks, a setting the
game does not declare comparable or a value its parameters refuse, or unknown
players. ``--workers N``
runs the games on N local dask processes (127.0.0.1), ``--scheduler ADDR`` on a
running dask scheduler; the figures are the same as in this process. Answers are
cached (``$WORKBENCH_CACHE``): asking again is instant.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from workbench.cli import CliError
from workbench.cli._args import whole


def _executor(args: argparse.Namespace) -> tuple[Any, Any]:
    """(client, cluster) for --workers / --scheduler, else (None, None)."""
    if args.workers is None and args.scheduler is None:
        return None, None
    from distributed import Client

    if args.scheduler is not None:
        try:
            return Client(args.scheduler, timeout=10), None
        except (OSError, TimeoutError, ValueError) as e:
            raise CliError(f"--scheduler {args.scheduler}: cannot connect ({e})") from None
    from workbench.engine.runs.cluster import close_shared, shared_client

    # the process's one local cluster (workers forked from a fork server, dask's sampling off)
    return shared_client(args.workers, warm=[args.game]), _Closer(close_shared)


class _Closer:
    """``close()`` calls the function given (the shared cluster closed at the command's end)."""

    def __init__(self, close: Any) -> None:
        self.close = close


def _run(args: argparse.Namespace) -> int:
    from workbench.engine.measure.compare import CompareError, compare
    from workbench.engine.measure.compare_settings import SettingError, parse_settings
    from workbench.registry import spec

    try:  # an unknown game, or one without what a comparison asks (one line each)
        game = spec(args.game)
        game.require("questions", for_="workbench compare")
        game.require("sheets", for_="workbench compare")
    except (ValueError, LookupError) as exc:
        raise CliError(str(exc)) from None
    if args.workers is not None and args.scheduler is not None:
        raise CliError("give --workers or --scheduler, not both")
    try:
        settings = parse_settings(args.game, args.set)
    except SettingError as exc:
        raise CliError(str(exc)) from None
    if args.variant is None and not settings:
        raise CliError("give --variant (sheets) or --set KEY=VALUE (a parameter), or both")
    for name in ("variant", "base"):
        path = getattr(args, name)
        if path is not None and not Path(path).exists():
            raise CliError(f"--{name} {path}: no such file or folder")
    client, cluster = None, None
    try:
        client, cluster = _executor(args)
        result = compare(
            args.game,
            args.base,
            args.variant,
            args.players,
            args.games,
            args.seed,
            executor=client,
            cache=not args.no_cache,
            settings=settings,
        )
    except CompareError as exc:
        raise CliError(str(exc)) from None
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    for note in (*result.base.notes, *result.variant.notes):  # provenance that moved
        print(f"workbench compare: note: {note}", file=sys.stderr)
    out = result.as_json()
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(
        f"{args.game}: {result.variant.label} against {result.base.label}, "
        f"{args.games} pairs, players {out['players']}, seed {args.seed}"
    )
    print("\n".join(measure_lines(result)))
    narrow = result.narrowing()
    if not math.isnan(narrow):
        print(f"paired intervals are {narrow:.2f}× the width of two independent runs (median)")
    return 0


def measure_lines(result: Any) -> list[str]:
    """One line per measure: base → variant, the difference and the verdict with its
    interval (:func:`~workbench.engine.measure.verdict.verdict_text`)."""
    from workbench.engine.measure.verdict import verdict_text

    lines = []
    for q, row in zip(result.as_json()["questions"], result.rows(), strict=True):
        lo, hi = q["interval"]
        rate = row["kind"] == "rate"
        diff = "—" if q["difference"] is None else _signed(q["difference"], rate)
        said = verdict_text(
            q["verdict"],
            math.nan if lo is None else lo,
            math.nan if hi is None else hi,
            int(row.get("pairs") or result.games),
            rate=rate,
        )
        lines.append(
            f"  {q['question']:<40} {_num(q['base'], rate)} → {_num(q['variant'], rate)}  "
            f"{diff}  {said}"
        )
    return lines


def _num(x: float | None, rate: bool) -> str:
    if x is None or math.isnan(x):
        return "—"
    return f"{x:.1%}" if rate else f"{x:.4g}"


def _signed(x: float, rate: bool) -> str:
    return f"{x * 100:+.1f} pts" if rate else f"{x:+.4g}"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``compare`` subcommand."""
    from workbench.registry import games_with

    p = sub.add_parser(
        "compare",
        help="a game's questions on two sheets, paired on the same deals",
        description=(__doc__ or "").split("\n\n")[1].replace("\n", " "),
    )
    p.add_argument(
        "game", help=f"the game (one that declares questions): {', '.join(games_with('questions'))}"
    )
    p.add_argument(
        "--variant",
        type=Path,
        help="a saved variant folder, a folder of sheets or one sheet file",
    )
    p.add_argument(
        "--set",
        action="append",
        metavar="KEY=VALUE",
        help="a parameter the variant changes (repeatable; only those the game declares "
        "comparable), played on the same deals as the base",
    )
    p.add_argument("--base", type=Path, help="the sheets to compare against (default: the game's)")
    p.add_argument(
        "--players",
        default="greedy",
        help="comma-separated player specs, round the table (default greedy)",
    )
    p.add_argument(
        "--games",
        type=whole("--games", 1, 100_000),
        default=200,
        help="pairs of games per question table (1..100000, default 200)",
    )
    p.add_argument(
        "--seed",
        type=whole("--seed", 0, 2**63 - 1),
        default=0,
        help="seed of game 0 (game i uses its own seed from it; default 0)",
    )
    p.add_argument(
        "--workers",
        type=whole("--workers", 1, 256),
        help="run on N local dask worker processes (127.0.0.1)",
    )
    p.add_argument("--scheduler", help="run on this dask scheduler (tcp://host:port)")
    p.add_argument("--no-cache", action="store_true", help="play again even if cached")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_run)
