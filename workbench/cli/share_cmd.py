"""``workbench export`` (offline HTML reports) and ``workbench app`` (a board via Voila)."""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

from workbench.cli import CliError


def _export(args: argparse.Namespace) -> int:
    from workbench.share.export import ExportError, export_all, export_notebook

    try:
        if args.all:
            out = Path(args.out or "build/reports")
            index = export_all(Path(args.notebooks), out, execute=not args.no_execute)
            print(f"wrote {index}")
            return 0
        if not args.notebook:
            raise CliError("give a notebook path or --all")
        src = Path(args.notebook)
        out = Path(args.out) if args.out else Path("build") / f"{src.stem}.html"
        target = export_notebook(src, out, execute=not args.no_execute)
    except ExportError as exc:
        raise CliError(str(exc)) from exc
    print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB)")
    return 0


def _app(args: argparse.Namespace) -> int:
    from workbench.engine.registry import UnknownGame, game_package
    from workbench.share.app import app_notebook, free_port, voila_command

    try:
        game_package(args.game)
    except UnknownGame as exc:
        raise CliError(str(exc)) from None
    nb = app_notebook(args.game, Path(args.build) / "app", seed=args.seed)
    port = args.port or free_port()
    print(f"serving the {args.game} board on http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
    try:
        return subprocess.call(voila_command(nb, port))
    except KeyboardInterrupt:
        return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``export`` and ``app`` subcommands."""
    p = sub.add_parser("export", help="execute notebooks and write offline HTML reports")
    p.add_argument("notebook", nargs="?", help="notebooks/<name>.ipynb")
    p.add_argument("--out", help="output .html (or folder with --all)")
    p.add_argument("--all", action="store_true", help="every notebook + an index page")
    p.add_argument("--notebooks", default="notebooks", help="folder for --all")
    p.add_argument("--no-execute", action="store_true", help="use the saved outputs as they are")
    p.set_defaults(run=_export)

    a = sub.add_parser("app", help="serve a game's board as a standalone page (Voila, 127.0.0.1)")
    a.add_argument("game")
    a.add_argument("--port", type=int, default=0)
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--build", default="build")
    a.set_defaults(run=_app)


