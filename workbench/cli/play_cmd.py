"""``workbench play``: a match between named players, summed up per player (issue 13).

``workbench play peek --players ismcts:200,random --games 400 --seed 1 --json``
prints ``{"games", "mean_length", "players": [{"player", "wins", "draws",
"win_rate", "interval"}, ...]}`` (see :mod:`workbench.engine.runs.match`);
without ``--json``, one line per player. ``--workers N`` runs the games on N
local dask processes (bound to 127.0.0.1), ``--scheduler ADDR`` on a running
dask scheduler; the result is the same as in this process.
"""

from __future__ import annotations

import argparse
import json
import sys

from workbench.cli import CliError
from workbench.cli._args import whole


def _run(args: argparse.Namespace) -> int:
    from workbench.engine.kernel.registry import UnknownGame, game_package
    from workbench.engine.runs.match import MAX_GAMES, MatchError, play_match, uneven_seating

    try:
        game_package(args.game)
    except UnknownGame as exc:
        raise CliError(str(exc)) from None
    specs = [s.strip() for s in args.players.split(",")]
    empty = [i for i, s in enumerate(specs, 1) if not s]
    if empty:
        raise CliError(f"--players: player {empty[0]} of {args.players[:60]!r} is empty")
    if args.workers is not None and args.scheduler is not None:
        raise CliError("give --workers or --scheduler, not both")
    if not 1 <= args.games <= MAX_GAMES:  # pragma: no cover - argparse bounds it already
        raise CliError(f"--games must be in 1..{MAX_GAMES}")
    try:
        result = play_match(args.game, specs, args.games, args.seed, swap_seats=args.swap_seats,
                            workers=args.workers, scheduler=args.scheduler,
                            progress=args.workers is not None or args.scheduler is not None)
    except MatchError as exc:
        raise CliError(str(exc)) from None
    note = uneven_seating(args.games, len(specs)) if args.swap_seats else None
    if note is not None:
        sys.stderr.write(f"workbench play: note: {note}\n")
    if args.json:
        print(json.dumps(result))
        return 0
    seats = "seats rotated" if args.swap_seats else "first listed moves first"
    print(f"{args.game}: {result['games']} games, seed {args.seed}, {seats}, "
          f"mean length {result['mean_length']:.1f} decisions")
    for p in result["players"]:
        lo, hi = p["interval"]
        print(f"  {p['player']:<16} wins {p['wins']:>6}  draws {p['draws']:>6}  "
              f"win rate {p['win_rate']:.3f} (95% {lo:.3f}–{hi:.3f})")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``play`` subcommand."""
    p = sub.add_parser("play", help="a match between players (random, greedy, osla, ismcts:400 ...)")
    from workbench.engine.kernel.registry import game_names

    p.add_argument("game", help=f"the game: {', '.join(game_names())}")
    p.add_argument("--players", required=True,
                   help="comma-separated player specs, one per seat: ismcts:400,greedy")
    p.add_argument("--games", type=whole("--games", 1, 100_000), default=200,
                   help="games to play (1..100000, default 200)")
    p.add_argument("--seed", type=whole("--seed", 0, 2**63 - 1), default=0,
                   help="seed of game 0 (game i uses its own seed from it; default 0)")
    p.add_argument("--swap-seats", action="store_true",
                   help="rotate the line-up one seat per game (even over a multiple of the players)")
    p.add_argument("--workers", type=whole("--workers", 1, 256),
                   help="run on N local dask worker processes (127.0.0.1)")
    p.add_argument("--scheduler", help="run on this dask scheduler (tcp://host:port)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_run)
