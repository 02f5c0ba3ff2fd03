"""``workbench draws``, ``workbench copies-needed`` and ``workbench round``: exact deck odds.

Probabilities print as exact "p/q" strings (``--json`` for machines)::

    workbench draws --deck 40 --copies 4 --seen 7 --at-least 1 --json
    workbench copies-needed --deck 40 --seen 10 --target 0.9 --json
    workbench round --deck "A:2,B:1,C:1,T:1" --stop T --stop-first bottom --json

Bad arguments exit with code 2 and one line naming the argument.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from workbench.cli import CliError

_FLAGS = ("max_copies", "at_least", "at_most", "exactly", "extra_draws", "opening_stop",
          "stop_first", "opening", "copies", "seen", "deck", "target", "turn", "stop", "person")


def _cli_error(exc: ValueError) -> CliError:
    """The library's message, prefixed by the flag it names."""
    text = str(exc).splitlines()[0] if str(exc) else "bad argument"
    lead = re.match(r"(\w+)(:?)\s*", text)
    if lead and lead.group(1) in _FLAGS:
        rest = text[lead.end():] if lead.group(2) else text
        return CliError(f"--{lead.group(1).replace('_', '-')}: {rest}")
    for name in _FLAGS:
        if re.search(rf"\b{name}\b", text):
            return CliError(f"--{name.replace('_', '-')}: {text}")
    return CliError(text)


def _emit(args: argparse.Namespace, payload: dict[str, Any], lines: list[str]) -> int:
    print(json.dumps(payload, ensure_ascii=False) if args.json else "\n".join(lines))
    return 0


def _draws(args: argparse.Namespace) -> int:
    from workbench.prob.deck import DrawSchedule, p_by_turn, p_draw

    try:
        if args.seen is not None and args.turn is not None:
            raise CliError("--seen: give either --seen or --turn, not both")
        bounds = {k: v for k, v in (("at_least", args.at_least), ("exactly", args.exactly),
                                    ("at_most", args.at_most)) if v is not None}
        if args.turn is None:
            if args.seen is None:
                raise CliError("--seen: give --seen N (cards seen) or --turn T")
            prob = p_draw(args.deck, args.copies, args.seen, **bounds)
            seen = args.seen
        else:
            if set(bounds) - {"at_least"}:
                raise CliError("--turn: only --at-least can be combined with --turn")
            opening = args.opening if args.opening is not None else (3 if args.going == "first" else 4)
            schedule = DrawSchedule(opening, args.per_turn)
            seen = schedule.seen(args.turn, args.extra)
            prob = p_by_turn(args.deck, args.copies, args.turn, schedule,
                             at_least=bounds.get("at_least", 1), extra_draws=args.extra)
    except ValueError as exc:
        raise _cli_error(exc) from exc
    return _emit(args, {"probability": str(prob)},
                 [f"P = {prob}  (~{float(prob):.4%}) with {seen} of {args.deck} cards seen"])


def _copies_needed(args: argparse.Namespace) -> int:
    from workbench.prob.deck import copies_needed

    try:
        found = copies_needed(args.deck, args.seen, args.target, at_least=args.at_least,
                              max_copies=args.max_copies)
    except ValueError as exc:
        raise _cli_error(exc) from exc
    prob = str(found.probability)
    if found.copies is None:
        line = f"no count up to {args.max_copies} copies reaches {args.target}; best P = {prob}"
    else:
        line = f"{found.copies} copies: P = {prob} (~{float(found.probability):.4%})"
    return _emit(args, {"copies": found.copies, "probability": prob}, [line])


def _round(args: argparse.Namespace) -> int:
    from workbench.prob.ordered import RoundRules, parse_deck, round_odds

    try:
        rules = RoundRules(args.stop_first, args.opening or 0, args.opening_stop)
        odds = round_odds(parse_deck(args.deck), args.stop, rules)
        length = {str(n): str(p) for n, p in odds.length.pmf().items()}
        death = {("none" if who is None else who): str(p) for who, p in odds.death.items()}
        payload = {"length": length, "death": death, "expected_length": str(odds.expected_length),
                   "no_action": str(odds.acting.p(0))}
    except ValueError as exc:
        raise _cli_error(exc) from exc
    lines = ["length  probability"] + [f"{n:>6}  {p}" for n, p in length.items()]
    lines += [f"expected length {payload['expected_length']}", "", "dies    probability"]
    lines += [f"{who:>6}  {p}" for who, p in death.items()]
    return _emit(args, payload, lines)


def register(subparsers: Any) -> None:
    """Add the three deck subcommands."""
    d = subparsers.add_parser("draws", help="P(at least / exactly / at most k copies seen)",
                              description="Exact draws without replacement.")
    d.add_argument("--deck", type=int, required=True, help="deck size")
    d.add_argument("--copies", type=int, required=True, help="copies of the card in the deck")
    d.add_argument("--seen", type=int, help="cards seen")
    d.add_argument("--turn", type=int, help="instead of --seen: by the player's turn T")
    d.add_argument("--going", choices=["first", "second"], default="first",
                   help="with --turn: mugen opening (first 3 cards, second 4)")
    d.add_argument("--opening", type=int, help="with --turn: opening hand size")
    d.add_argument("--per-turn", type=int, default=1, help="with --turn: draws per turn")
    d.add_argument("--extra", type=int, default=0, help="with --turn: extra draws (e.g. revenge)")
    d.add_argument("--at-least", type=int)
    d.add_argument("--exactly", type=int)
    d.add_argument("--at-most", type=int)
    d.add_argument("--json", action="store_true")
    d.set_defaults(run=_draws)

    c = subparsers.add_parser("copies-needed", help="fewest copies for P(at least k seen) >= target")
    c.add_argument("--deck", type=int, required=True)
    c.add_argument("--seen", type=int, required=True)
    c.add_argument("--target", required=True, help="e.g. 0.9, 9/10 or 90%%")
    c.add_argument("--at-least", type=int, default=1)
    c.add_argument("--max-copies", type=int, help="per-name copy limit (none unless given)")
    c.add_argument("--json", action="store_true")
    c.set_defaults(run=_copies_needed)

    r = subparsers.add_parser("round", help="stop-card round: length and who dies (detective)")
    r.add_argument("--deck", required=True, help='composition, e.g. "A:2,B:1,C:1,T:1"')
    r.add_argument("--stop", required=True, help="name of the stop card (one copy in --deck)")
    r.add_argument("--stop-first", choices=["bottom", "reshuffle", "end"], default="bottom",
                   help="stop card as the first acting draw (default: bottom, as the seed)")
    r.add_argument("--opening", type=int, default=0, help="cards drawn with no action first")
    r.add_argument("--opening-stop", choices=["reshuffle", "bottom"], default="reshuffle",
                   help="a stop card in the opening is shuffled back or put at the bottom")
    r.add_argument("--json", action="store_true")
    r.set_defaults(run=_round)
