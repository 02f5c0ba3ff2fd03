"""``workbench check <sheet-or-deck-or-folder> [--game G] [--json]``: validate card data.

Exit codes: 0 clean, 1 problems found (listed; with ``--json`` a list of
objects with file, row, column, rule, message on stdout), 2 unusable input
(missing or unreadable file, unknown game, no schema; with ``--json`` the
unusable-file problems are printed as JSON too). A game may add warnings for a deck
(``deck_warnings`` in its cards module): printed on stderr as ``warning:`` lines, they
never change the exit code or the JSON list.

A file under a ``decks/`` folder (or with ``--deck``) is a deck (columns
name,count): it is checked against the nearest ``deck_rules.csv`` above it
and the game's ``cards`` sheet next to that, unless ``--rules`` / ``--cards``
say otherwise. The game is guessed from ``data/<game>/...`` without ``--game``.
A folder (``workbench check data``) checks every sheet, deck and rules file in it;
the exit code is the worst of them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import polars as pl

from workbench.cards.deckrules import check_deck, load_deck, load_deck_rules
from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.problems import Problem, SheetError, frame_problems, problems_frame
from workbench.cards.registry import game_schemas, guess_game, schema_for
from workbench.cards.schema import Column, Schema
from workbench.cli import CliError
from workbench.registry import shown_game_names, spec

SUFFIXES = (".csv", ".tsv", ".xlsx", ".parquet")

#: The card columns a deck check needs when a game declares no cards schema.
DECK_CARDS_SCHEMA = Schema(
    "deck",
    (
        Column("id", required=False),
        Column("name"),
        Column("name_en", required=False),
    ),
    name="cards",
)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "check",
        help="validate a card sheet, a deck or a folder of them",
        description="Validate card data against its game's schema, or a deck (name,count) "
        "against deck_rules.csv. Exit 0 clean, 1 problems (listed; --json: a list of "
        "{file,row,column,rule,message}), 2 unusable input. Rows are numbered as a "
        "spreadsheet app shows them (header = row 1).",
    )
    parser.add_argument(
        "path", type=Path, help="a sheet (.csv/.xlsx/.parquet), a deck file, or a folder of them"
    )
    parser.add_argument(
        "--game", choices=shown_game_names(), help="the game (default: from data/<game>/)"
    )
    parser.add_argument("--json", action="store_true", help="problems as a JSON list")
    parser.add_argument("--deck", action="store_true", help="treat the file as a deck")
    parser.add_argument("--rules", type=Path, help="deck rules sheet (default: nearest)")
    parser.add_argument("--cards", type=Path, help="card sheet for a deck (default: nearest)")
    parser.set_defaults(run=run)


def _nearest(start: Path, name: str) -> Path | None:
    for folder in [start.parent, *start.parent.parents][:4]:
        if (folder / name).is_file():
            return folder / name
    return None


def _cards_schema(game: str | None, path: Path) -> Schema:
    if game is not None:
        try:
            return schema_for(path, game)
        except (ImportError, LookupError):
            pass
    return DECK_CARDS_SCHEMA


def _check_deck(args: argparse.Namespace, game: str | None) -> pl.DataFrame:
    rules_path = args.rules or _nearest(args.path, "deck_rules.csv")
    if rules_path is None:
        raise CliError(f"{args.path}: no deck_rules.csv found above it; give --rules")
    cards_path = args.cards or _nearest(rules_path, "cards.csv")
    if cards_path is None:
        raise CliError(f"{args.path}: no cards.csv found next to {rules_path}; give --cards")
    rules = load_deck_rules(rules_path)
    cards = load_sheet(cards_path, _cards_schema(game, cards_path))
    deck = load_deck(args.path)
    for warning in _deck_warnings(game, deck, cards):  # printed, never counted as problems
        sys.stderr.write(f"workbench check: {' '.join(str(warning).split())[:500]}\n")
    return pl.concat([deck.problems, check_deck(deck, cards, rules)])


def _deck_warnings(game: str | None, deck: Sheet, cards: Sheet) -> list[Problem]:
    """A game's own warnings for a deck: its spec's ``deck_warnings(deck, cards)`` (e.g.
    mugen: EX-only cards with more copies than a game can use). None when it declares none."""
    if game is None:
        return []
    hook = spec(game).deck_warnings
    return list(hook(deck, cards)) if hook is not None else []


def _check_sheet(args: argparse.Namespace, game: str | None) -> pl.DataFrame:
    if game is None:
        raise CliError(f"{args.path}: cannot tell the game from the path; give --game")
    try:
        spec(game).require("sheets", for_="workbench check")
        schema = schema_for(args.path, game)
    except ImportError as exc:
        raise CliError(f"game {game!r}: {exc}") from None
    except LookupError as exc:
        raise CliError(str(exc)) from None
    sheet = load_sheet(args.path, schema)
    glyphs = _print_glyphs(game, sheet)
    return pl.concat([sheet.problems, problems_frame(glyphs)]) if glyphs else sheet.problems


def _print_glyphs(game: str, sheet: Sheet) -> list[Problem]:
    """Characters of the sheet's printed cells that the card font cannot draw (``workbench
    print`` would print them as empty boxes); none for a game without a print layout."""
    from workbench.printing import LayoutError, printed_glyph_problems

    try:
        return printed_glyph_problems(game, sheet)
    except (LayoutError, OSError):
        return []


def _emit(problems: pl.DataFrame, as_json: bool) -> None:
    if as_json:
        json.dump(problems.to_dicts(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        for problem in frame_problems(problems):
            sys.stdout.write(f"{problem}\n")


def _check_one(args: argparse.Namespace, path: Path) -> tuple[pl.DataFrame, bool]:
    """(problems, unusable) for one file; unusable files come back as problems too."""
    one = argparse.Namespace(**{**vars(args), "path": path})
    game = args.game or guess_game(path)
    is_deck = args.deck or "decks" in path.parent.parts
    try:
        if path.name == "deck_rules.csv":
            load_deck_rules(path)
            return problems_frame([]), False
        if not is_deck and game is not None:
            game_schemas(game)  # an import error here is "unusable", not a crash
        return (_check_deck(one, game) if is_deck else _check_sheet(one, game)), False
    except SheetError as exc:
        return exc.problems, True
    except ImportError as exc:  # a spec part that does not import
        message = f"game {game!r}: {exc}"
    except CliError as exc:
        message = str(exc)
    return problems_frame([Problem(path.name, None, None, "unusable", message)]), True


#: entries a folder check looks at before giving up (``workbench check /`` must not crawl a disk).
MAX_ENTRIES = 20_000
MAX_FILES = 2_000


def _files(folder: Path) -> list[Path]:
    """The sheets under ``folder`` (hidden folders skipped), bounded by MAX_ENTRIES/MAX_FILES."""
    found: list[Path] = []
    seen = 0
    for root, dirs, names in os.walk(folder, onerror=lambda _: None):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        seen += len(dirs) + len(names)
        if seen > MAX_ENTRIES:
            raise CliError(
                f"{folder}: more than {MAX_ENTRIES:,} files and folders below it; "
                "point check at the folder of card sheets"
            )
        for name in names:
            path = Path(root) / name
            if not name.startswith(".") and path.suffix.lower() in SUFFIXES and path.is_file():
                found.append(path)
    if len(found) > MAX_FILES:
        raise CliError(f"{folder}: {len(found):,} sheets; at most {MAX_FILES:,} in one check")
    return sorted(found)


def run(args: argparse.Namespace) -> int:
    """Check one file, or every sheet and deck under a folder; see the module docstring."""
    path: Path = args.path
    if path.is_dir():
        paths = _files(path)
        if not paths:
            raise CliError(f"{path}: no sheets (.csv, .xlsx, .parquet) in this folder")
    elif path.is_file():
        paths = [path]
    else:
        raise CliError(f"{path}: no such file")
    results = [(p, *_check_one(args, p)) for p in paths]
    if len(results) == 1 and results[0][2] and not results[0][1].height:
        raise CliError(f"{path}: unusable")
    found = pl.concat([problems for _, problems, _ in results])
    _emit(found, args.json)
    for p, problems, unusable in results:
        if unusable:  # one line per reason, each naming the file
            for problem in frame_problems(problems):
                sys.stderr.write(f"workbench check: {' '.join(str(problem).split())[:500]}\n")
        elif problems.height:
            sys.stderr.write(f"workbench check: {p.name}: {problems.height} problem(s)\n")
        elif not args.json:
            sys.stdout.write(f"{p.name}: no problems\n")
    if any(unusable for _, _, unusable in results):
        return 2
    return 1 if found.height else 0
