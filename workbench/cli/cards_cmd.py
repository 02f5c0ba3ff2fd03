"""``workbench cards``: which card carries the game — the card report (issue 37).

``workbench cards mugen --players greedy --games 200 --seed 1 --json`` plays the games once
on the game's sheets, then replays the same deals with each card made the game's neutral
card, and prints per card the owner's win rate when drawn and not drawn, IWD, how often it
was played when held, the win rate when it was in the opening hand (games that declare
opening hands), and its causal effect on its owner's win rate with 95% intervals,
flagging where correlation and cause disagree (see
:mod:`workbench.engine.measure.card_report`). ``--base`` plays on another folder of
sheets or a saved variant; ``--card`` (repeatable) reports only those cards;
``--no-causal`` leaves the replays out; ``--question-games`` sets the games per table of
the game's balance questions the per-question effects play (0: none). A game with decks
gets rows per deck. Exit 2 with one line for an unknown game, a game
that declares no card events, zero games, a bad player spec or an unknown card.
"""

from __future__ import annotations

import argparse
import json
import math
import unicodedata
from pathlib import Path
from typing import Any

from workbench.cli import CliError
from workbench.cli._args import whole

MAX_GAMES = 20_000


def _run(args: argparse.Namespace) -> int:
    import polars as pl

    from workbench.engine.measure.card_report import CardReportError, card_report
    from workbench.engine.measure.compare_sheets import CompareError
    from workbench.registry import spec

    try:  # an unknown game, or one without the parts the report reads (one line each)
        game = spec(args.game)
        game.require("card_events", for_="workbench cards")
        if not args.no_causal:
            game.require("neutral_card", for_="workbench cards (the causal column)")
    except (ValueError, LookupError) as exc:
        raise CliError(str(exc)) from None
    if args.base is not None and not Path(args.base).exists():
        raise CliError(f"--base {args.base}: no such file or folder")
    try:
        report = card_report(
            args.game,
            args.players,
            args.games,
            args.seed,
            base=args.base,
            cards=args.card or None,
            causal=not args.no_causal,
            question_games=args.question_games,
        )
    except (CardReportError, CompareError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False))
        return 0
    print(
        f"{args.game}: {args.games} games, players {','.join(report.players)}, seed {args.seed}; "
        "owner's win rate, 95% intervals"
    )
    opening = "win_opening" in report.table.columns  # the game declares its opening hands
    print(
        f"  {'card':<18} {'drawn':>7} {'not drawn':>9} {'IWD':>8} {'played':>7}"
        + (f" {'opening':>7}" if opening else "")
        + "  effect (causal)"
    )
    rest = report.table.filter(pl.col("effect").is_nan())
    for r in [*report.ranked().iter_rows(named=True), *rest.iter_rows(named=True)]:
        effect = (
            "—" + (f" ({r['neutral']})" if r["neutral"] else "")
            if math.isnan(r["effect"])
            else f"{r['effect'] * 100:+.1f} pts [{r['effect_low'] * 100:+.1f}, "
            f"{r['effect_high'] * 100:+.1f}] {r['verdict']}"
        )
        flag = "  ! disagrees" if r["disagree"] else ""
        print(
            f"  {_pad(r['label'], 18)} {_pct(r['win_drawn']):>7} {_pct(r['win_not_drawn']):>9} "
            f"{_pp(r['iwd']):>8} {_pct(r['played_when_held']):>7}"
            + (f" {_pct(r['win_opening']):>7}" if opening else "")
            + f"  {effect}{flag}"
        )
    if report.decks.height:
        print("by deck (the seats that played it):")
        for deck in dict.fromkeys(report.decks["deck"].to_list()):
            print(f"  {deck}")
            rows = report.decks.filter(pl.col("deck") == deck).sort(
                "effect", descending=True, nulls_last=True
            )
            for r in rows.iter_rows(named=True):
                print(
                    f"    {_pad(r['label'], 16)} {_pct(r['win_drawn']):>7} "
                    f"{_pct(r['win_not_drawn']):>9} {_pp(r['iwd']):>8}  {_effect(r)}"
                )
    for line in report.sentences():
        print(line)
    return 0


def _effect(r: dict[str, Any]) -> str:
    if math.isnan(r["effect"]):
        return "—"
    return (
        f"{r['effect'] * 100:+.1f} pts [{r['effect_low'] * 100:+.1f}, "
        f"{r['effect_high'] * 100:+.1f}] {r['verdict']}"
    )


def _pad(text: str, width: int) -> str:
    """``text`` cut and padded to ``width`` terminal columns (a wide character takes two).

    >>> _pad("C01 ソラ", 10) + "|"
    'C01 ソラ   |'
    """
    out, used = "", 0
    for ch in text:
        w = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        if used + w > width:
            break
        out, used = out + ch, used + w
    return out + " " * (width - used)


def _pct(x: float) -> str:
    return "—" if math.isnan(x) else f"{x * 100:.0f}%"


def _pp(x: float) -> str:
    return "—" if math.isnan(x) else f"{x * 100:+.1f}"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``cards`` subcommand."""
    from workbench.registry import games_with

    p = sub.add_parser(
        "cards",
        help="per-card report: win rates when drawn and each card's causal effect",
        description=(__doc__ or "").split("\n\n")[1].replace("\n", " "),
    )
    p.add_argument(
        "game",
        help=f"the game (one that declares card events): {', '.join(games_with('card_events'))}",
    )
    p.add_argument(
        "--players",
        default="greedy",
        help="comma-separated player specs, round the table (default greedy)",
    )
    p.add_argument(
        "--games",
        type=whole("--games", 1, MAX_GAMES),
        default=200,
        help=f"games in the batch (1..{MAX_GAMES}, default 200)",
    )
    p.add_argument(
        "--seed",
        type=whole("--seed", 0, 2**63 - 1),
        default=0,
        help="seed of game 0 (default 0)",
    )
    p.add_argument("--base", type=Path, help="the sheets to report on (default: the game's)")
    p.add_argument("--card", action="append", help="report only this card (repeatable)")
    p.add_argument("--no-causal", action="store_true", help="leave out the causal column")
    p.add_argument(
        "--question-games",
        type=whole("--question-games", 0, MAX_GAMES),
        default=None,
        help="games per table of each balance question in the per-question effects "
        "(default a quarter of --games; 0 leaves them out)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(run=_run)
