"""The ``workbench`` command. Each subcommand lives in its own module here and
exposes ``register(subparsers)``; exit codes: 0 ok, 1 findings (e.g. sheet
problems), 2 bad input (one-line message on stderr).

Subcommand modules are imported lazily: :data:`COMMANDS` names the module and
the one-line help of every subcommand, so ``workbench dice ...`` imports only
``dice_cmd`` (and not polars, sympy or the card loaders the other commands
need). ``workbench --help`` and an unknown command build the full parser.
A module here that is missing from :data:`COMMANDS` is still found (and
always imported); ``tests/prob/test_cli_lazy.py`` keeps the table complete.

Plumbing (issue 16): output is UTF-8 whatever the locale; a closed pipe
(``workbench dice 1000D | head``) ends quietly; a value that starts with ``-``
but is no option (``-1D6+3``, ``--faces -1,0,1``, ``--deck -A:2,T:1``) is read
as a value; an unexpected exception is reported as one line (exit 2) rather
than a traceback (``WORKBENCH_TRACEBACK=1`` shows it).
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

import workbench
from workbench.cli._workers import bounded_workers


class CliError(Exception):
    """Bad input for a subcommand: printed as one line, exit code 2."""


_OPTION_LIKE = re.compile(r"--?[A-Za-z][A-Za-z0-9_-]*(=.*)?", re.DOTALL)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"workbench: error: {' '.join(message.split())}\n")
        raise SystemExit(2)

    def _parse_optional(self, arg_string: str) -> Any:
        """A word starting with '-' that cannot be an option name (``-1D6+3``,
        ``-1,0,1``, ``-A:2``) is a value, not an unknown option."""
        if (
            arg_string.startswith("-")
            and arg_string not in ("-", "--")
            and not _OPTION_LIKE.fullmatch(arg_string)
        ):
            return None
        return super()._parse_optional(arg_string)


#: subcommand -> (module in this package that registers it, its one-line help).
COMMANDS: dict[str, tuple[str, str]] = {
    "app": ("share_cmd", "serve a game's board as a standalone page (Voila, 127.0.0.1)"),
    "cards": ("cards_cmd", "per-card report: win rates when drawn and each card's causal effect"),
    "check": ("check_cmd", "validate a card sheet, a deck or a folder of them"),
    "compare": ("compare_cmd", "a game's questions on two sheets, paired on the same deals"),
    "copies-needed": ("deck_cmd", "fewest copies for P(at least k seen) >= target"),
    "dice": ("dice_cmd", "exact distribution of a dice roll such as 3D+2"),
    "draws": ("deck_cmd", "P(at least / exactly / at most k copies seen)"),
    "export": ("share_cmd", "execute notebooks and write offline HTML reports"),
    "new": ("new_cmd", "start a new game: an installable package to edit"),
    "play": ("play_cmd", "a match between players (random, greedy, osla, ismcts:400 ...)"),
    "playtest": ("playtest_cmd", "serve one game to a table of browsers, one URL per seat"),
    "print": ("print_cmd", "card faces from the sheet as a PDF to cut out (A4, crop marks, backs)"),
    "round": ("deck_cmd", "stop-card round: length and who dies (detective)"),
    "tune": ("tune_cmd", "search sheet cells for values that bring measures into ranges"),
    "versus": ("dice_cmd", "P(attacker wins) for two dice strengths"),
}


def _modules() -> list[str]:
    """Every subcommand module of this package, sorted (a directory listing: pkgutil's
    would import inspect, ast and dis, a tenth of the start-up of ``workbench dice``)."""
    names = set()
    for folder in __path__:
        for entry in os.scandir(folder):
            name = entry.name
            if name.startswith(("_", ".")):
                continue
            if name.endswith(".py"):
                names.add(name[:-3])
            elif entry.is_dir() and os.path.isfile(os.path.join(entry.path, "__init__.py")):
                names.add(name)
    return sorted(names)


def _register(module_name: str, sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    # a command module of this package declares its subcommand with register(subparsers);
    # the package's helper modules (no register) add none
    register = vars(importlib.import_module(f"{__name__}.{module_name}")).get("register")
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


def _utf8_streams() -> None:
    """stdout/stderr write UTF-8 whatever the locale (a C/ASCII locale, a latin-1 pipe)."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(encoding="utf-8", errors="replace")
            except (ValueError, OSError):  # a stream already written to in binary mode
                pass


def _one_line(text: str, limit: int = 500) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _os_error(exc: OSError) -> str:
    """One line for an error of the system: what failed (stdout or the file) and why.

    >>> import errno
    >>> _os_error(OSError(errno.ENOSPC, "No space left on device"))
    'cannot write the output: No space left on device'
    >>> _os_error(OSError(errno.ENAMETOOLONG, "File name too long", "c" * 300))
    "'ccccccccccccccccccccccccccccccccccccccccccccccccc…' (300 characters): File name too long"
    """
    why = exc.strerror or type(exc).__name__
    name = exc.filename
    if name is None:
        return (
            f"cannot write the output: {why}"
            if exc.errno in _WRITE_ERRNOS
            else _one_line(str(exc) or why, 300)
        )
    name = str(name)
    shown = repr(name) if len(name) <= 80 else f"{name[:49] + '…'!r} ({len(name):,} characters)"
    return f"{shown}: {why}"


_WRITE_ERRNOS = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EIO}


def _quiet_pipe() -> None:
    """After a closed pipe: send what is left of stdout nowhere, so that the
    interpreter's final flush does not complain again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _bound_shared_options(args: argparse.Namespace) -> None:
    """Protections every subcommand gets, whoever wrote it: ``--workers`` is capped at
    the machine's cores (with a warning line)."""
    if isinstance(getattr(args, "workers", None), int):
        args.workers = bounded_workers(args.workers, f"workbench {args.command}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 1 findings, 2 bad input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    _utf8_streams()
    command = "(none)"
    try:
        parser = build_parser(_command_of(argv))
        args = parser.parse_args(argv)
        command = args.command
        _bound_shared_options(args)
        code = args.run(args)
        sys.stdout.flush()
    except CliError as exc:
        sys.stderr.write(f"workbench {command}: {_one_line(str(exc))}\n")
        return 2
    except BrokenPipeError:
        _quiet_pipe()
        return 0
    except KeyboardInterrupt:
        sys.stderr.write(f"workbench {command}: interrupted\n")
        return 2
    except RecursionError:
        sys.stderr.write(f"workbench {command}: input nested too deeply to read\n")
        return 2
    except OSError as exc:  # a full disk, a name too long, no permission: the system's words
        if os.environ.get("WORKBENCH_TRACEBACK"):
            raise
        sys.stderr.write(f"workbench {command}: {_os_error(exc)}\n")
        _quiet_pipe()  # stdout may be what failed: its last flush must not fail again
        return 2
    except Exception as exc:  # the last guard: one line, never a traceback
        if os.environ.get("WORKBENCH_TRACEBACK"):
            raise
        sys.stderr.write(
            f"workbench {command}: unexpected {type(exc).__name__}: "
            f"{_one_line(str(exc), 300)} (a bug: please report it with the "
            "command line; WORKBENCH_TRACEBACK=1 shows where)\n"
        )
        return 2
    return int(code or 0)
