"""The ``workbench`` command. Each subcommand lives in its own module here and
exposes ``register(subparsers)``; exit codes: 0 ok, 1 findings (e.g. sheet
problems), 2 bad input (one-line message on stderr).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

import workbench


class CliError(Exception):
    """Bad input for a subcommand: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"workbench: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand module found in this package."""
    parser = _Parser(prog="workbench", description="Card and dice game design workbench.")
    parser.add_argument("--version", action="version", version=workbench.__version__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = args.run(args)
    except CliError as exc:
        sys.stderr.write(f"workbench {args.command}: {exc}\n")
        return 2
    return int(code or 0)
