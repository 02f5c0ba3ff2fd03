"""``workbench play``: a match between named players, summed up per player (issue 13).

``workbench play peek --players ismcts:200,random --games 400 --seed 1 --json``
prints ``{"games", "mean_length", "players": [{"player", "wins", "draws",
"win_rate", "interval"}, ...]}`` (see :mod:`workbench.engine.runs.match`);
without ``--json``, one line per player. ``--workers N`` runs the games on N
local dask processes (bound to 127.0.0.1), ``--scheduler ADDR`` on a running
dask scheduler; the result is the same as in this process. With ``--workers``
the command starts its own cluster (the workers import the workbench and build
the game once) and says on stderr what that start-up took beside the games'
own time: for a few seconds of games on one core, the start-up is the cost.
``--set KEY=VALUE`` (repeatable) plays with a rule or setup parameter changed, one the
game declares comparable (``GameSpec.comparable``); game i of the match meets the same
deals and seats as without it (exit 2 with one line for a setting the game does not
declare, or a value its parameters refuse).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from workbench.cli import CliError
from workbench.cli._args import whole
from workbench.cli._budget import ANNOUNCE_AFTER, announce, match_estimate
from workbench.cli._workers import bounded_workers


def _run(args: argparse.Namespace) -> int:
    from workbench.engine.measure.compare_settings import parse_settings, settings_label
    from workbench.engine.runs.cluster import (
        shared_client,
        startup_cpu_seconds,
        startup_seconds,
    )
    from workbench.engine.runs.match import (
        MAX_GAMES,
        MatchError,
        build_game,
        play_match,
        uneven_seating,
    )
    from workbench.registry import spec

    try:
        spec(args.game)
        settings = parse_settings(args.game, args.set)
    except ValueError as exc:  # UnknownGame, a package without a spec, a bad --set: one line
        raise CliError(str(exc)) from None
    specs = [s.strip() for s in args.players.split(",")]
    empty = [i for i, s in enumerate(specs, 1) if not s]
    if empty:
        raise CliError(f"--players: player {empty[0]} of {args.players[:60]!r} is empty")
    if args.workers is not None and args.scheduler is not None:
        raise CliError("give --workers or --scheduler, not both")
    if not 1 <= args.games <= MAX_GAMES:  # pragma: no cover - argparse bounds it already
        raise CliError(f"--games must be in 1..{MAX_GAMES}")
    args.workers = bounded_workers(args.workers, "workbench play")
    if args.workers is not None or args.scheduler is not None:
        _quiet_dask()
    try:
        _check_players(args.game, specs)
        estimate, preparing = match_estimate(args.game, specs, args.games, args.seed, args.workers)
        announce(
            "workbench play",
            estimate,
            args.time_limit,
            f"{args.games} game{'s' if args.games > 1 else ''} of {args.game}",
        )
        for player in preparing:
            player.prepare(build_game(args.game, len(specs), settings))
        if args.workers is not None:  # started here, so its start-up is its own figure
            shared_client(args.workers, warm=[args.game])
        playing = time.perf_counter()
        result = play_match(
            args.game,
            specs,
            args.games,
            args.seed,
            swap_seats=args.swap_seats,
            params=settings or None,
            workers=args.workers,
            scheduler=args.scheduler,
            progress=args.workers is not None
            or args.scheduler is not None
            or estimate.seconds > ANNOUNCE_AFTER,
        )
    except MatchError as exc:
        raise CliError(_with_own_players(str(exc), args.game)) from None
    except ValueError as exc:  # a player's preparation refused (a game too big to solve)
        raise CliError(" ".join(str(exc).split())[:300]) from None
    played = time.perf_counter() - playing
    if args.workers is not None:
        started, started_cpu = startup_seconds(args.workers), startup_cpu_seconds(args.workers)
        if started is not None:
            cpu = (
                "" if started_cpu is None else f" ({started_cpu:.1f} s CPU here and in the workers)"
            )
            sys.stderr.write(
                f"workbench play: dask: {args.workers} local workers started in "
                f"{started:.1f} s wall{cpu}, then the games took {played:.1f} s wall on them "
                "(the start-up is paid once per process; the cluster speaks TLS with this "
                "run's own key)\n"
            )
    note = uneven_seating(args.games, len(specs)) if args.swap_seats else None
    if note is not None:
        sys.stderr.write(f"workbench play: note: {note}\n")
    if args.json:
        print(json.dumps({**result, "set": settings} if settings else result))
        return 0
    seats = "seats rotated" if args.swap_seats else "first listed moves first"
    rules = f" with {settings_label(settings)}" if settings else ""
    print(
        f"{args.game}{rules}: {result['games']} games, seed {args.seed}, {seats}, "
        f"mean length {result['mean_length']:.1f} decisions"
    )
    for p in result["players"]:
        lo, hi = p["interval"]
        print(
            f"  {p['player']:<16} wins {p['wins']:>6}  draws {p['draws']:>6}  "
            f"win rate {p['win_rate']:.3f} (95% {lo:.3f}–{hi:.3f})"
        )
    print(
        f"  {'no winner':<16} games {result['no_winner']:>5}"
        f"  ({result['no_winner'] / result['games']:.1%} of the games)"
    )
    return 0


def _quiet_dask() -> None:
    """dask's own warnings and shutdown noise (a busy dashboard port, workers killed
    after Ctrl-C, scratch folders) are not the designer's business."""
    import logging
    import os
    import warnings

    # dask sets its loggers up from its config when distributed is imported (here and in
    # each worker process): the environment reaches both; Ctrl-C then ends in one line
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
    for name in ("distributed", "dask", "tornado.application"):  # tornado: dask's loop
        logging.getLogger(name).setLevel(logging.CRITICAL)
    warnings.filterwarnings("ignore", category=UserWarning, module=r"distributed(\..*)?")
    warnings.filterwarnings("ignore", category=UserWarning, module=r"contextlib")


def own_players(game: str) -> list[str]:
    """The player families a game declares in its spec (``GameSpec.players``), as help
    writes them (``hold:N``, ``optimal`` for pig; a game's own ``greedy`` too).

    >>> own_players("ghost"), own_players("peek")
    (['greedy'], [])
    """
    from workbench.registry import spec

    try:
        return [f.usage or f.name for f in spec(game).players]
    except ValueError:  # an unknown game, or one whose package exports no spec
        return []


def _with_own_players(message: str, game: str) -> str:
    """An unknown-player message that also lists the game's own players."""
    own = own_players(game) if "unknown player" in message else []
    return f"{message}; {game}'s own: {', '.join(own)}" if own else message


def _check_players(game: str, specs: list[str]) -> None:
    """Every spec names a player, before anything is estimated or played."""
    from workbench.engine.players.specs import BadSpec, player_from_spec

    for spec in specs:
        try:
            player_from_spec(spec, game)
        except BadSpec as exc:
            raise CliError(_with_own_players(str(exc), game)) from None


def built_in_help() -> str:
    """The built-in player families as ``--players`` help lists them (usage: what)."""
    from workbench.engine.players.specs import built_in_families

    return "; ".join(f"{f.usage or f.name} ({f.about})" for f in built_in_families())


class _PlayersHelp(argparse._StoreAction):
    """``--players``: its help lists every game's own players, found only when the help
    is printed (importing each game's players module costs a run nothing)."""

    @property  # type: ignore[override]
    def help(self) -> str:
        from workbench.registry import shown_game_names

        own = [f"{g}: {', '.join(o)}" for g in shown_game_names() for o in [own_players(g)] if o]
        return (
            "comma-separated player specs, one per seat (ismcts:400,greedy). Built in: "
            f"{built_in_help()}" + (f". A game's own — {'; '.join(own)}" if own else "")
        )

    @help.setter
    def help(self, _value: str | None) -> None:
        pass


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``play`` subcommand."""
    p = sub.add_parser(
        "play", help="a match between players (random, greedy, osla, ismcts:400 ...)"
    )
    from workbench.registry import shown_game_names

    p.add_argument("game", help=f"the game: {', '.join(shown_game_names())}")
    p.add_argument(
        "--players", required=True, action=_PlayersHelp, help="(listed when --help is asked)"
    )
    p.add_argument(
        "--games",
        type=whole("--games", 1, 100_000),
        default=200,
        help="games to play (1..100000, default 200)",
    )
    p.add_argument(
        "--seed",
        type=whole("--seed", 0, 2**63 - 1),
        default=0,
        help="seed of game 0 (game i uses its own seed from it; default 0)",
    )
    p.add_argument(
        "--swap-seats",
        action="store_true",
        help="rotate the line-up one seat per game (even over a multiple of the players)",
    )
    p.add_argument(
        "--workers",
        type=whole("--workers", 1, 256),
        help="run on N local dask worker processes (127.0.0.1; at most the machine's cores)",
    )
    p.add_argument(
        "--time-limit",
        type=whole("--time-limit", 1, 7 * 24 * 3600),
        default=3600,
        metavar="SECONDS",
        help="refuse a match predicted to take longer "
        "(default 3600); a long one says first how long it should take",
    )
    p.add_argument("--scheduler", help="run on this dask scheduler (tcp://host:port)")
    p.add_argument(
        "--set",
        action="append",
        metavar="KEY=VALUE",
        help="play with this parameter changed (repeatable; only those the game declares "
        "comparable), on the same deals as without it",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_run)
