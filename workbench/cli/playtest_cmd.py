"""``workbench playtest``: one game served to a table of browsers, one URL per seat.

``workbench playtest detective --seats 3 [--bots greedy] [--port P] [--host 127.0.0.1]
[--out FILE] [--hot-seat]`` prints one URL (with its own token) per person; ``--bots``
fills the last seats with bots. The game is written to ``--out`` (default
``playtest-<game>-<seed>.json``) after every move; ``--resume FILE`` continues it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from workbench.cli import CliError
from workbench.cli._args import whole


def _seats(n: int, bots: str | None) -> list[str | None]:
    """People first, the ``--bots`` specs in the last seats.

    >>> _seats(4, "greedy,ismcts:200")
    [None, None, 'greedy', 'ismcts:200']
    """
    specs = [b.strip() for b in bots.split(",")] if bots else []
    if any(not b for b in specs):
        raise CliError(f"--bots: an empty bot in {bots!r}")
    if len(specs) >= n:
        raise CliError(f"--bots names {len(specs)} bots for {n} seats: leave a seat for a person")
    return [None] * (n - len(specs)) + list(specs)


def _param(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` of ``--set``: the value read as JSON when it is (numbers, true,
    null), else as text.

    >>> _param("win_vp=3"), _param("next_start=after_drawer")
    (('win_vp', 3), ('next_start', 'after_drawer'))
    """
    key, eq, raw = text.partition("=")
    if not eq or not key.strip():
        raise CliError(f"--set {text!r}: expected KEY=VALUE")
    try:
        return key.strip(), json.loads(raw)
    except ValueError:
        return key.strip(), raw


def _playtest(args: argparse.Namespace) -> Any:
    from workbench.engine.kernel.registry import UnknownGame, make_game
    from workbench.engine.play.playtest import Playtest, PlaytestError
    from workbench.engine.players.specs import BadSpec, player_from_spec

    if args.resume:
        try:
            return Playtest.resume(args.resume)
        except PlaytestError as e:
            raise CliError(str(e)) from None
    if not args.game:
        raise CliError("name the game to play (or --resume FILE)")
    params = dict(_param(x) for x in args.set or ())
    if args.seats:
        params["players"] = args.seats
    try:
        game = make_game(args.game, **params)
    except UnknownGame as e:
        raise CliError(str(e)) from None
    except (TypeError, ValueError) as e:
        raise CliError(f"{args.game}: {' '.join(str(e).split())[:200]}") from None
    seats = _seats(game.num_players, args.bots)
    for spec in filter(None, seats):
        try:
            player_from_spec(spec, game.name)
        except BadSpec as e:
            raise CliError(f"--bots: {e}") from None
    out = Path(args.out or f"playtest-{game.name}-{args.seed}.json")
    if not out.parent.is_dir():
        raise CliError(f"--out {out}: no folder {out.parent}")
    try:
        p = Playtest(game, seats, args.seed, out)
    except PlaytestError as e:
        raise CliError(f"--bots: {e}") from None
    p.save()
    return p


def _run(args: argparse.Namespace) -> int:
    import tornado.ioloop

    from workbench.share.app_server import is_loopback
    from workbench.share.playtest_server import make_app, urls

    p = _playtest(args)
    app = make_app(p, check_host=is_loopback(args.host), hot_seat=args.hot_seat)
    try:
        server = app.listen(args.port, address=args.host)
    except OSError as e:
        raise CliError(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}") from None
    port = next(iter(server._sockets.values())).getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"playtest of {p.game.name}, written to {p.path} after every move", flush=True)
    for who, url in urls(p, f"http://{host}:{port}", args.hot_seat):
        print(f"{who}: {url}", flush=True)
    try:
        tornado.ioloop.IOLoop.current().start()
    except KeyboardInterrupt:
        print("stopped; continue with: workbench playtest --resume " + str(p.path), file=sys.stderr)
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``playtest`` subcommand."""
    a = sub.add_parser(
        "playtest",
        help="serve one game to a table of browsers, one URL per seat",
        description="Serve one game: each person gets a URL with its own token and "
        "sees only its own seat's view; moves are refused out of turn; the game "
        "is written after every move and --resume continues it. Bound to "
        "127.0.0.1 unless --host is given.",
    )
    a.add_argument("game", nargs="?", help="the game (not needed with --resume)")
    a.add_argument("--seats", type=whole("--seats", 1, 12), help="players at the table")
    a.add_argument("--bots", help="bots for the last seats, e.g. greedy,ismcts:200")
    a.add_argument(
        "--set",
        action="append",
        metavar="KEY=VALUE",
        help="a game parameter, e.g. --set win_vp=3 (repeatable)",
    )
    a.add_argument("--seed", type=whole("--seed", 0, 2**63), default=0, help="the deal (default 0)")
    a.add_argument(
        "--port",
        type=whole("--port", 0, 65535),
        default=0,
        help="TCP port (default 0: a free one, shown in the printed URLs)",
    )
    a.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    a.add_argument("--out", help="the playtest file (default playtest-<game>-<seed>.json)")
    a.add_argument("--resume", metavar="FILE", help="continue a playtest file")
    a.add_argument(
        "--hot-seat",
        action="store_true",
        help="also serve one table URL passed round one screen, with a hand-off screen",
    )
    a.set_defaults(run=_run)
