"""The ``workbench`` command. Each subcommand lives in its own module here and
exposes ``register(subparsers)``; exit codes: 0 ok, 1 findings (e.g. sheet
problems), 2 bad input (one-line message on stderr).

Subcommand modules are imported lazily: :data:`COMMANDS` names the module and
the one-line help of every subcommand, so ``workbench dice ...`` imports only
``dice_cmd`` (and not polars, sympy or the card loaders the other commands
need). ``workbench --help`` and an unknown command build the full parser.
A module here that is missing from :data:`COMMANDS` is still found (and
always imported); ``tests/prob/test_cli_lazy.py`` keeps the table complete.
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


#: subcommand -> (module in this package that registers it, its one-line help).
COMMANDS: dict[str, tuple[str, str]] = {
    "app": ("share_cmd", "serve a game's board as a standalone page (Voila, 127.0.0.1)"),
    "check": ("check_cmd", "validate a card sheet, a deck or a folder of them"),
    "copies-needed": ("deck_cmd", "fewest copies for P(at least k seen) >= target"),
    "dice": ("dice_cmd", "exact distribution of a dice roll such as 3D+2"),
    "draws": ("deck_cmd", "P(at least / exactly / at most k copies seen)"),
    "export": ("share_cmd", "execute notebooks and write offline HTML reports"),
    "round": ("deck_cmd", "stop-card round: length and who dies (detective)"),
    "versus": ("dice_cmd", "P(attacker wins) for two dice strengths"),
}


def _modules() -> list[str]:
    """Every subcommand module of this package, sorted."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def _register(module_name: str, sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    module = importlib.import_module(f"{__name__}.{module_name}")
    register = getattr(module, "register", None)
    if register is not None:
        register(sub)


def _command_of(argv: Sequence[str]) -> str | None:
    """The subcommand argv asks for (its first word not starting with '-'), if known."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``command``, only that subcommand's module is imported
    (the others get a placeholder with their help line), else every module."""
    parser = _Parser(prog="workbench", description="Card and dice game design workbench.")
    parser.add_argument("--version", action="version", version=workbench.__version__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    known = {module for module, _ in COMMANDS.values()}
    wanted = COMMANDS[command][0] if command in COMMANDS else None
    for name in _modules():
        if wanted is None or name == wanted or name not in known:
            _register(name, sub)
    if wanted is not None:
        for name, (module, text) in sorted(COMMANDS.items()):
            if module != wanted and name not in sub.choices:
                sub.add_parser(name, help=text, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_command_of(argv))
    args = parser.parse_args(argv)
    try:
        code = args.run(args)
    except CliError as exc:
        sys.stderr.write(f"workbench {args.command}: {exc}\n")
        return 2
    return int(code or 0)
