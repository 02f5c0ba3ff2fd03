"""``workbench export`` (offline HTML reports) and ``workbench app`` (a board via Voila)."""

from __future__ import annotations

import argparse
import ipaddress
import signal
import socket
import subprocess
from pathlib import Path

from workbench.budget import BUDGETS
from workbench.cli import CliError
from workbench.cli._args import whole


def _export(args: argparse.Namespace) -> int:
    from workbench.share.export import ExportError, export_all, export_notebook
    from workbench.share.export_run import TIME_LIMIT

    limit = TIME_LIMIT if args.time_limit is None else args.time_limit
    try:
        if args.all:
            out = Path(args.out or "build/reports")
            index = export_all(
                Path(args.notebooks),
                out,
                execute=not args.no_execute,
                force=args.force or args.out is None,
                progress=lambda line: print(line, flush=True),
                budget=args.budget,
                time_limit=limit,
            )
            print(f"wrote {index}")
            return 0
        if not args.notebook:
            raise CliError("give a notebook path or --all")
        src = Path(args.notebook)
        out = Path(args.out) if args.out else Path("build") / f"{src.stem}.html"
        target = export_notebook(
            src,
            out,
            execute=not args.no_execute,
            force=args.force or args.out is None,
            budget=args.budget,
            time_limit=limit,
        )
    except ExportError as exc:
        raise CliError(str(exc)) from exc
    print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB)")
    return 0


def _app(args: argparse.Namespace) -> int:
    from workbench.registry import shown_game_names, spec
    from workbench.share.app import (
        app_env,
        app_notebook,
        free_port,
        new_base_url,
        new_token,
        ready_url,
        voila_command,
    )
    from workbench.share.browser import wait_for_http

    try:
        game = spec(args.game)
    except ValueError as exc:  # UnknownGame, or a package without a spec
        raise CliError(str(exc)) from None
    if game.test_game:
        raise CliError(
            f"{args.game} is a test fixture, not a game with a board; serve one of "
            f"{', '.join(shown_game_names())}"
        )
    try:
        game.require("board", for_="workbench app")
    except LookupError as exc:
        raise CliError(str(exc)) from None
    try:
        ip = str(ipaddress.ip_address(args.ip))
    except ValueError:
        raise CliError(f"--ip: {args.ip[:60]!r} is not an IP address (e.g. 127.0.0.1)") from None
    build = Path(args.build) / "app"
    try:
        nb = app_notebook(args.game, build, seed=args.seed)
    except OSError as exc:
        raise CliError(f"--build: cannot write {build} ({exc.strerror or exc})") from None
    port = args.port or free_port()
    _check_port(ip, port)
    token = new_token()
    base = new_base_url(args.game)  # a path of its own: the token cookie is sent nowhere else
    host = ip if ":" not in ip else f"[{ip}]"
    proc = subprocess.Popen(
        voila_command(nb, port, ip, args.max_kernels, base_url=base), env=app_env(token)
    )
    stop = _Stopper(proc)
    try:
        try:
            wait_for_http(ready_url(port, token, host, base), timeout=120, proc=proc)
        except (RuntimeError, TimeoutError) as exc:
            raise CliError(
                f"the {args.game} board did not start on port {port}: {str(exc).splitlines()[0]}"
            ) from None
        print(
            f"serving the {args.game} board on http://{host}:{port}{base}?token={token}"
            f" (at most {args.max_kernels} boards at once; Ctrl-C or kill to stop)",
            flush=True,
        )
        return 0 if stop.wait() in (0, -signal.SIGTERM, -signal.SIGINT) or stop.asked else 2
    except KeyboardInterrupt:
        return 0 if stop.wait() is not None else 2
    finally:
        stop.restore()


def _check_port(ip: str, port: int) -> None:
    """A one-line error when ``port`` cannot be bound on ``ip`` (in use, or not allowed)."""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family) as probe:
        try:
            probe.bind((ip, port))
        except OSError as exc:
            raise CliError(
                f"--port {port}: cannot listen on {ip}:{port} "
                f"({exc.strerror or exc}); pick another port or 0 for a free one"
            ) from None


class _Stopper:
    """SIGTERM/SIGHUP to ``workbench app`` stop its Voila server the way Ctrl-C does: the
    server shuts its kernels down and exits; nothing is left running."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc = proc
        self.asked = False
        self.old = {
            sig: signal.signal(sig, self._forward) for sig in (signal.SIGTERM, signal.SIGHUP)
        }

    def _forward(self, signum: int, _frame: object) -> None:
        self.asked = True
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)

    def wait(self, grace: float = 30) -> int | None:
        """The server's exit code; a server that ignores SIGTERM for ``grace`` s is killed."""
        while True:
            try:
                return self.proc.wait(timeout=grace if self.asked else None)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                return self.proc.wait()
            except KeyboardInterrupt:  # Ctrl-C: the server got SIGINT too (same group)
                self.asked = True

    def restore(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.wait()
        for sig, handler in self.old.items():
            signal.signal(sig, handler)


def _games() -> list[str]:
    from workbench.registry import games_with

    return list(games_with("board"))


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``export`` and ``app`` subcommands."""
    p = sub.add_parser(
        "export",
        help="execute notebooks and write offline HTML reports",
        description="Run a notebook and write one self-contained HTML file (no network "
        "needed to open it; boards show as a static snapshot). Without --out a report goes "
        "to build/<name>.html; with --all every notebook goes to build/reports/ (or --out) "
        "with an index.html.",
    )
    p.add_argument("notebook", nargs="?", help="notebooks/<name>.ipynb")
    p.add_argument(
        "--out",
        help="output .html (default build/<name>.html), or with --all a "
        "folder (default build/reports/)",
    )
    p.add_argument(
        "--all", action="store_true", help="every notebook of --notebooks and an index page"
    )
    p.add_argument("--notebooks", default="notebooks", help="folder for --all (default notebooks)")
    p.add_argument("--no-execute", action="store_true", help="use the saved outputs as they are")
    p.add_argument(
        "--force",
        action="store_true",
        help="overwrite an existing --out (reports under the default build/ always "
        "are; the notebook itself never is)",
    )
    p.add_argument(
        "--time-limit",
        type=whole("--time-limit", 1, 24 * 3600),
        default=None,
        metavar="SECONDS",
        help="stop a notebook that runs longer, naming its cell (default 1800: a game "
        "notebook on the full budget takes minutes)",
    )
    p.add_argument(
        "--budget",
        choices=BUDGETS,
        default="full",
        help="the notebooks' simulation budget: full (default, the designer's, whatever "
        "WORKBENCH_BUDGET says) or ci (the test run's small one)",
    )
    p.set_defaults(run=_export)

    a = sub.add_parser(
        "app",
        help="serve a game's board as a standalone page (Voila, 127.0.0.1)",
        description="Serve a board with Voila: the URL (with a token) is printed "
        "once the server answers; Host checked on loopback, at most "
        "--max-kernels boards, idle kernels culled. Ctrl-C or kill stops the "
        "server and its kernels.",
    )
    a.add_argument("game", help=f"the game: {', '.join(_games())}")
    a.add_argument(
        "--port",
        type=whole("--port", 0, 65535),
        default=0,
        help="TCP port (default 0: a free one, shown in the printed URL)",
    )
    a.add_argument(
        "--ip",
        default="127.0.0.1",
        help="address to listen on (default loopback; another exposes the board)",
    )
    a.add_argument(
        "--max-kernels",
        type=whole("--max-kernels", 1, 32),
        default=4,
        help="boards open at once (default 4)",
    )
    a.add_argument(
        "--seed",
        type=whole("--seed", 0, 2**63 - 1),
        default=0,
        help="seed of the first game (default 0); the board's 'new game' takes others",
    )
    a.add_argument(
        "--build", default="build", help="folder for the app's notebook and files (default build)"
    )
    a.set_defaults(run=_app)
