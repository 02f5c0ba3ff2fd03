"""``workbench check <sheet-or-deck> [--game G] [--json]``: validate a card sheet or a deck.

Exit codes: 0 clean, 1 problems found (listed; with ``--json`` a list of
objects with file, row, column, rule, message on stdout), 2 unusable input
(missing or unreadable file, unknown game, no schema; with ``--json`` the
unusable-file problems are printed as JSON too).

A file under a ``decks/`` folder (or with ``--deck``) is a deck (columns
name,count): it is checked against the nearest ``deck_rules.csv`` above it
and the game's ``cards`` sheet next to that, unless ``--rules`` / ``--cards``
say otherwise. The game is guessed from ``data/<game>/...`` without ``--game``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import polars as pl

from workbench.cards.deckrules import check_deck, load_deck, load_deck_rules
from workbench.cards.loader import load_sheet
from workbench.cards.problems import SheetError, frame_problems
from workbench.cards.registry import game_schemas, guess_game, schema_for
from workbench.cards.schema import Column, Schema
from workbench.cli import CliError
from workbench.games import GAMES

#: The card columns a deck check needs when a game declares no cards schema.
DECK_CARDS_SCHEMA = Schema("deck", (
    Column("id", required=False), Column("name"), Column("name_en", required=False),
), name="cards")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("check", help="validate a card sheet or a deck",
                                   description=__doc__.split("\n\n")[1] if __doc__ else None)
    parser.add_argument("path", type=Path, help="a sheet (.csv/.xlsx/.parquet) or a deck file")
    parser.add_argument("--game", choices=GAMES, help="the game (default: from data/<game>/)")
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
    return pl.concat([deck.problems, check_deck(deck, cards, rules)])


def _check_sheet(args: argparse.Namespace, game: str | None) -> pl.DataFrame:
    if game is None:
        raise CliError(f"{args.path}: cannot tell the game from the path; give --game")
    try:
        schema = schema_for(args.path, game)
    except ImportError as exc:
        raise CliError(f"game {game!r} has no cards module yet ({exc})") from None
    except LookupError as exc:
        raise CliError(str(exc)) from None
    return load_sheet(args.path, schema).problems


def _emit(problems: pl.DataFrame, as_json: bool) -> None:
    if as_json:
        json.dump(problems.to_dicts(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        for problem in frame_problems(problems):
            sys.stdout.write(f"{problem}\n")


def run(args: argparse.Namespace) -> int:
    """Check one file; see the module docstring for exit codes."""
    if not args.path.is_file():
        raise CliError(f"{args.path}: no such file")
    game = args.game or guess_game(args.path)
    is_deck = args.deck or "decks" in args.path.parent.parts
    try:
        if not is_deck and game is not None:
            game_schemas(game)  # an import error here is "unusable", not a crash
        problems = _check_deck(args, game) if is_deck else _check_sheet(args, game)
    except SheetError as exc:
        if args.json:
            _emit(exc.problems, True)
        sys.stderr.write(f"workbench check: {exc}\n")
        return 2
    except ImportError as exc:
        raise CliError(f"game {game!r} has no cards module yet ({exc})") from None
    _emit(problems, args.json)
    if problems.height:
        sys.stderr.write(f"{args.path.name}: {problems.height} problem(s)\n")
        return 1
    if not args.json:
        sys.stdout.write(f"{args.path.name}: no problems\n")
    return 0
