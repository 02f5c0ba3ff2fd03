"""``workbench new <name> [--dir PATH]``: a new game as an installable package (issue 17).

Writes ``PATH/<name>/`` (see :mod:`workbench.scaffold`) and prints what to do
next. A bad name, a missing folder or an existing project is one line, exit 2,
and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from workbench.cli import CliError


def _run(args: argparse.Namespace) -> int:
    from workbench.scaffold import ScaffoldError, new_game

    try:
        out = new_game(args.name, args.dir)
    except ScaffoldError as exc:
        raise CliError(str(exc)) from None
    print(
        f"wrote {out}\nnext, in the workbench's environment (activate it first in a new "
        f"shell: . {Path(sys.prefix) / 'bin' / 'activate'}):\n"
        f"  pip install -e {out} && workbench play {args.name} "
        f"--players cautious,random --games 100"
    )
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``new`` subcommand."""
    p = sub.add_parser(
        "new",
        help="start a new game: an installable package to edit",
        description="Write <dir>/<name>/: pyproject.toml (registers the game), "
        "rules on the kernel, a card sheet and schema, render, board, analysis, "
        "a notebook and tests. Refuses to overwrite.",
    )
    p.add_argument("name", help="the game's name: lower-case letters, digits and _")
    p.add_argument("--dir", default=".", help="the folder to write the project in (default: .)")
    p.set_defaults(run=_run)
