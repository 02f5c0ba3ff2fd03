"""``workbench playtest``: one game served to a table of browsers, one URL per seat.

``workbench playtest detective --seats 3 [--bots greedy] [--port P] [--host 127.0.0.1]
[--out FILE] [--hot-seat]`` prints one URL (with its own token) per person; ``--bots``
fills the last seats with bots. The game is written after every move to ``--out``
(default a new ``playtest-<game>-<date>-<time>.json`` in the current folder; an existing
file is never replaced without ``--force``); ``--resume FILE`` continues it.

The deal's seed comes from the OS's secure random source unless ``--seed`` is given,
and is never printed (it would rebuild every hidden hand); it is in the file, which
only its owner may read. ``--resume FILE`` serves the table again on the port it had
when that port is free, and the seats' old links still open them, so open tabs
reconnect by themselves; it prints a fresh link per seat too. A stop (Ctrl-C, or
``kill``) prints the command that continues the game. ``--allow-path FOLDER`` lets a
resumed game read a file parameter there (``--set sheet=my_cards.csv``: the resume
command printed at the stop says it). With ``--host 0.0.0.0`` the links carry this
machine's address.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import socket
import sys
import time
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
    from workbench.engine.play.playtest import Playtest, PlaytestError
    from workbench.engine.players.specs import BadSpec, player_from_spec
    from workbench.registry import UnknownGame, make_game

    if args.resume:
        try:
            return Playtest.resume(args.resume, allow_paths=args.allow_path or ())
        except PlaytestError as e:
            message = " ".join(str(e).split())
            if "allow_paths" in message:  # the CLI's way to pass them
                message = message.replace("pass allow_paths=[...] to read it", "") + (
                    "resume with --allow-path FOLDER (the folder of that file)"
                )
            raise CliError(message[:400]) from None
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
    out = _new_file(args.out, game.name, args.force)
    try:
        p = Playtest(game, seats, args.seed, out)
        p.save()
    except PlaytestError as e:
        out.unlink(missing_ok=True)  # the empty file reserved for it
        raise CliError(f"--bots: {e}") from None
    except BaseException:
        out.unlink(missing_ok=True)
        raise
    return p


def _new_file(given: str | None, game: str, force: bool) -> Path:
    """The playtest's file, created empty here so no other playtest takes the name: ``given``
    (an existing file only with ``force``), else a new ``playtest-<game>-<time>.json``."""
    if given is not None:
        out = Path(given)
        if not out.parent.is_dir():
            raise CliError(f"--out {out}: no folder {out.parent}")
        if out.exists() and not force:
            raise CliError(f"--out {out}: the file exists; give --force to replace it")
        if out.exists() and not out.is_file():
            raise CliError(f"--out {out}: not a file")
        return out
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        out = Path(f"playtest-{game}-{stamp}{'' if n == 1 else f'-{n}'}.json")
        try:
            os.close(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        except OSError as e:
            raise CliError(f"cannot write {out} here: {e.strerror or e}") from None
        return out
    raise CliError(f"1,000 playtest files of {game} named {stamp} here already: give --out")


def shown_host(host: str) -> str:
    """The host part of the links: this machine's address when bound to every address
    (``0.0.0.0`` / ``::`` are not addresses a browser can open), else ``host``.

    >>> shown_host("127.0.0.1"), shown_host("::1")
    ('127.0.0.1', '[::1]')
    >>> shown_host("0.0.0.0") != "0.0.0.0"
    True
    """
    if host in ("0.0.0.0", "", "::"):
        host = _machine_address(ipv6=host == "::")
    return f"[{host}]" if ":" in host else host


def _machine_address(ipv6: bool = False) -> str:
    """This machine's address toward the network: the source address of its default route
    (a UDP socket "connected" to a documentation address sends nothing), else its name's."""
    family, probe = (socket.AF_INET6, "2001:db8::1") if ipv6 else (socket.AF_INET, "192.0.2.1")
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            return str(s.getsockname()[0])
    except OSError:
        pass
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "::1" if ipv6 else "127.0.0.1"


def resume_command(p: Any, allow: list[str]) -> str:
    """The command that continues playtest ``p``, as printed when the server stops.

    >>> class P: path = Path("my game.json")
    >>> resume_command(P(), ["/home/me/cards"])
    "workbench playtest --resume 'my game.json' --allow-path /home/me/cards"
    """
    extra = "".join(f" --allow-path {shlex.quote(a)}" for a in allow)
    return f"workbench playtest --resume {shlex.quote(str(p.path))}{extra}"


def _allowed_folders(args: argparse.Namespace) -> list[str]:
    """The folders a resume must allow: those given, and those of the files ``--set`` named
    (a game parameter naming a file outside the data folders is refused on resume)."""
    folders = list(args.allow_path or ())
    for text in args.set or ():
        _, _, value = text.partition("=")
        path = Path(value)
        if value and path.exists():
            folder = str((path if path.is_dir() else path.parent).resolve())
            if folder not in folders:
                folders.append(folder)
    return folders


def _listen(app: Any, port: int, host: str, fallback: bool) -> int:
    """Serve ``app`` on ``port`` (with ``fallback``, a free port when that one is taken);
    the port it listens on."""
    import tornado.httpserver
    import tornado.netutil

    try:
        sockets = tornado.netutil.bind_sockets(port, address=host)
    except OSError as e:
        if not fallback:
            raise CliError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
        try:
            sockets = tornado.netutil.bind_sockets(0, address=host)
        except OSError as e:
            raise CliError(f"cannot listen on {host}: {e.strerror or e}") from None
    server = tornado.httpserver.HTTPServer(app)
    server.add_sockets(sockets)
    return int(sockets[0].getsockname()[1])


def _run(args: argparse.Namespace) -> int:
    import tornado.ioloop

    from workbench.engine.play.playtest import PlaytestError
    from workbench.share.app_server import is_loopback
    from workbench.share.playtest_server import make_app, urls

    loop = tornado.ioloop.IOLoop.current()  # a stop from here on prints the resume command
    signal.signal(signal.SIGTERM, lambda *_: loop.add_callback_from_signal(loop.stop))
    p = _playtest(args)
    try:
        app = make_app(p, check_host=is_loopback(args.host), hot_seat=args.hot_seat)
    except PlaytestError as e:
        if not args.resume and p.path is not None:
            p.path.unlink(missing_ok=True)  # nothing was played: no file left behind
        raise CliError(str(e)) from None
    wanted = args.port if args.port or not args.resume else (p.port or 0)
    port = _listen(app, wanted, args.host, fallback=bool(args.resume and not args.port))
    moved = bool(args.resume and p.port and port != p.port)
    p.port = port
    p.save()
    allow = _allowed_folders(args)
    print(f"playtest of {p.game.name}, written to {p.path} after every move", flush=True)
    if args.resume:
        print(
            f"port {p.port} was taken: open tabs need the new links below"
            if moved
            else "open tabs reconnect by themselves; the old links still work, and so do these",
            flush=True,
        )
    for who, url in urls(p, f"http://{shown_host(args.host)}:{port}", args.hot_seat):
        print(f"{who}: {url}", flush=True)
    try:
        loop.start()
    except KeyboardInterrupt:
        pass
    print(f"stopped; continue with: {resume_command(p, allow)}", file=sys.stderr, flush=True)
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
    a.add_argument(
        "--seed",
        type=whole("--seed", 0, 2**63),
        default=None,
        help="the deal (default: from the OS's secure random source, never printed)",
    )
    a.add_argument(
        "--port",
        type=whole("--port", 0, 65535),
        default=0,
        help="TCP port (default 0: a free one, shown in the printed URLs)",
    )
    a.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    a.add_argument(
        "--out", help="the playtest file (default: a new playtest-<game>-<date>-<time>.json)"
    )
    a.add_argument("--force", action="store_true", help="replace an existing --out file")
    a.add_argument("--resume", metavar="FILE", help="continue a playtest file")
    a.add_argument(
        "--allow-path",
        action="append",
        metavar="FOLDER",
        help="with --resume: a folder the game's file parameters may name (repeatable)",
    )
    a.add_argument(
        "--hot-seat",
        action="store_true",
        help="also serve one table URL passed round one screen, with a hand-off screen",
    )
    a.set_defaults(run=_run)
