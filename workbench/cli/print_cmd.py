"""``workbench print <game> [--deck PATH | --all] [--variant PATH] [--paper a4|letter]
[--size 63x88] [--bleed MM] [--backs] [--copies N] --out cards.pdf``: cards to cut out.

Faces are drawn by the game's ``print_layout.toml`` (see :mod:`workbench.printing`),
nine 63 × 88 mm cards to an A4 page by default, with crop marks; ``--backs`` adds
after each page a page of backs mirrored for duplex. ``--deck`` prints a deck list
(each card as many times as it says, the deck checked like ``workbench check`` does);
``--all`` (the default) every card of the game's sheets, as many times as their
``copies`` column says. ``--variant`` uses a sheet file of the same game instead of
the base sheet of that name (or a what-if variant folder, ``variants/<name>/``, whose
``<game>/`` sheets replace the base ones). ``--copies N`` prints the whole run N times.

Exit 0 with the PDF written (texts cut to fit their box are listed on stdout as
problems; ``--strict`` makes them exit 1), 1 with the PDF written and the problems
listed when a card holds a character the font cannot draw (it prints as an empty box)
or an effect the layout has no wording for, 2 with one line for an unknown game, a
sheet or deck that fails its checks, a size that fits no card on the paper, bad
numbers, or an ``--out`` that is one of the input files. Nothing is written then.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path

from workbench.cards.problems import SheetError, frame_problems
from workbench.cli import CliError
from workbench.cli._args import whole

SIZE = re.compile(r"\s*(\d{1,3}(?:\.\d{1,2})?)\s*[x×*]\s*(\d{1,3}(?:\.\d{1,2})?)\s*(mm)?\s*\Z")
MIN_CARD_MM, MAX_CARD_MM = 20.0, 300.0
MAX_BLEED_MM = 10.0


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "print",
        help="card faces from the sheet as a PDF to cut out (A4, crop marks, backs)",
        description="Draw a game's cards by its print_layout.toml into a PDF: 3 × 3 poker "
        "cards on A4 by default, crop marks, optional bleed, backs mirrored for duplex, "
        "copies as the deck list says. Exit 0 (texts cut to fit are listed), 2 bad input.",
    )
    parser.add_argument("game", help="the game (mugen, ghost, detective, life, or your own)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--deck", type=Path, help="a deck list (name,count) to print")
    which.add_argument(
        "--all", action="store_true", help="every card of the game's sheets (the default)"
    )
    parser.add_argument(
        "--variant",
        type=Path,
        help="a sheet file of the same game used instead of the base sheet "
        "(or a variant folder, variants/<name>/)",
    )
    parser.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default="a4",
        help="paper size (default a4: 3 × 3 poker cards a page)",
    )
    parser.add_argument("--size", default="63x88", help="card size in mm, WxH (default 63x88)")
    parser.add_argument(
        "--bleed", default="0", help=f"bleed in mm, 0 to {MAX_BLEED_MM:g} (default 0)"
    )
    parser.add_argument("--backs", action="store_true", help="a page of backs after each page")
    parser.add_argument(
        "--copies",
        type=whole("--copies", 1, 50),
        default=1,
        help="print the whole run N times (1-50)",
    )
    parser.add_argument(
        "--guides",
        action="store_true",
        help="outline every text box (to see the layout while editing it)",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when a text was cut to fit")
    parser.add_argument("--out", type=Path, required=True, help="the PDF to write")
    parser.set_defaults(run=run)


def parse_size(text: str) -> tuple[float, float]:
    """``63x88`` -> (63.0, 88.0), each side bounded; CliError otherwise.

    >>> parse_size("６３×８８")
    (63.0, 88.0)
    >>> parse_size("5x88")
    Traceback (most recent call last):
    ...
    workbench.cli.CliError: --size: 5×88 mm: each side must be 20 to 300 mm
    """
    match = SIZE.match(unicodedata.normalize("NFKC", text)) if len(text) < 40 else None
    if match is None:
        raise CliError(f"--size: {text[:40]!r} is not a size like 63x88 (mm)")
    w, h = float(match.group(1)), float(match.group(2))
    if not (MIN_CARD_MM <= w <= MAX_CARD_MM and MIN_CARD_MM <= h <= MAX_CARD_MM):
        raise CliError(
            f"--size: {w:g}×{h:g} mm: each side must be {MIN_CARD_MM:g} to {MAX_CARD_MM:g} mm"
        )
    return w, h


def parse_bleed(text: str) -> float:
    """Bleed in mm, 0 to :data:`MAX_BLEED_MM` (at most two decimals).

    >>> parse_bleed("1.5"), parse_bleed("０")
    (1.5, 0.0)
    """
    folded = unicodedata.normalize("NFKC", text).strip()
    if not re.fullmatch(r"\d{1,2}(\.\d{1,2})?", folded):
        raise CliError(f"--bleed: {text[:40]!r} is not a length in mm like 3 or 1.5")
    value = float(folded)
    if value > MAX_BLEED_MM:
        raise CliError(f"--bleed: {value:g} mm is above the maximum {MAX_BLEED_MM:g}")
    return value


def _inputs(args: argparse.Namespace, game: str) -> list[Path]:
    from workbench.datafiles import data_files

    folder = data_files(game)
    found = [p for p in (args.deck, args.variant) if p is not None and p.is_file()]
    if args.variant is not None and args.variant.is_dir():
        found += [p for p in args.variant.rglob("*") if p.is_file()][:10_000]
    return found + [p for p in folder.iterdir() if p.is_file()] if folder.is_dir() else found


def _check_out(out: Path, inputs: list[Path]) -> None:
    if out.suffix.lower() != ".pdf":
        raise CliError(f"--out {out}: the file name must end in .pdf")
    if not out.parent.is_dir():
        raise CliError(f"--out {out}: no folder {out.parent}")
    if out.exists() and out.is_dir():
        raise CliError(f"--out {out}: is a folder")
    target = out.resolve()
    for path in inputs:
        if path.resolve() == target:
            raise CliError(f"--out {out}: is one of the input files; choose another name")


def run(args: argparse.Namespace) -> int:
    """Write the PDF; see the module docstring."""
    from workbench.printing import LayoutError, NoFit, print_cards
    from workbench.registry import UnknownGame, game_names, spec

    game = args.game
    if game not in game_names():
        raise CliError(f"unknown game {game!r} (known: {', '.join(sorted(game_names()))})")
    try:
        spec(game).require("sheets", for_="workbench print")
        spec(game).require("print_layout", for_="workbench print")
    except (ValueError, LookupError) as exc:
        raise CliError(str(exc)) from None
    size, bleed = parse_size(args.size), parse_bleed(args.bleed)
    if args.deck is not None and not args.deck.is_file():
        raise CliError(f"--deck {args.deck}: no such file")
    if args.variant is not None and not args.variant.exists():
        raise CliError(f"--variant {args.variant}: no such file or folder")
    _check_out(args.out, _inputs(args, game))
    try:
        result = print_cards(
            game,
            args.out,
            deck=args.deck,
            variant=args.variant,
            paper=args.paper,
            size=size,
            bleed=bleed,
            backs=args.backs,
            copies=args.copies,
            guides=args.guides,
        )
    except SheetError as exc:
        problems = frame_problems(exc.problems)
        first = str(problems[0]) if problems else str(exc)
        more = (
            f" (and {len(problems) - 1} more; `workbench check` lists them)"
            if len(problems) > 1
            else ""
        )
        raise CliError(f"fails its checks: {first}{more}") from None
    except (LayoutError, NoFit, LookupError, ValueError, UnknownGame, ImportError) as exc:
        raise CliError(str(exc)) from None
    for problem in result.problems:
        sys.stdout.write(f"{problem}\n")
    grid = result.grid
    backs = f" + {result.pages // 2} of backs (mirrored for duplex)" if args.backs else ""
    rules = [p.rule for p in result.problems]
    unprintable = rules.count("glyph") + rules.count("words")
    sys.stderr.write(
        f"workbench print: {args.out}: {result.cards} cards, {grid.per_page} a page "
        f"({grid.cols}×{grid.rows}), {result.sheets_of_paper} {args.paper.upper()} "
        f"page(s) of faces{backs}; {rules.count('fit')} text(s) cut to fit, "
        f"{rules.count('glyph')} character(s) the font cannot draw, "
        f"{rules.count('words')} effect(s) with no wording\n"
    )
    return 1 if unprintable or (args.strict and result.problems) else 0
