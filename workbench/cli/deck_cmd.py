"""``workbench draws``, ``workbench copies-needed`` and ``workbench round``: exact deck odds.

Probabilities print as exact "p/q" strings (``--json`` for machines)::

    workbench draws --deck 40 --copies 4 --seen 7 --at-least 1 --json
    workbench copies-needed --deck 40 --seen 10 --target 0.9 --json
    workbench round --deck "A:2,B:1,C:1,T:1" --stop T --stop-first bottom --json

Bad arguments exit with code 2 and one line naming the argument. Every
number is bounded before use: argparse refuses anything beyond ±:data:`LIMIT`
(so no 5,000-digit number reaches ``int()``), the library then names its own
limits (decks up to ``workbench.prob.deck.MAX_DECK`` cards, rounds up to
``workbench.prob.ordered.MAX_CARDS``); ``--target`` is read by
:func:`parse_probability` (digits counted first, no expression, no exponent);
a person called ``none`` is refused because ``none`` is the nobody-dies key.
"""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
from fractions import Fraction
from typing import Any

from workbench.cli import CliError
from workbench.cli._args import parse_whole, refuse_lookalikes, whole

#: library argument names -> the flag a user typed (the library says extra_draws, ...).
_FLAG_OF = {
    "max_copies": "--max-copies",
    "at_least": "--at-least",
    "at_most": "--at-most",
    "exactly": "--exactly",
    "extra_draws": "--extra",
    "opening_stop": "--opening-stop",
    "stop_first": "--stop-first",
    "opening": "--opening",
    "per_turn": "--per-turn",
    "copies": "--copies",
    "seen": "--seen",
    "deck": "--deck",
    "target": "--target",
    "turn": "--turn",
    "stop": "--stop",
    "person": "--deck",
}
_FLAGS = tuple(_FLAG_OF)
MAX_DECK = 1_000  # workbench.prob.deck.MAX_DECK (not imported: it pulls in sympy)
MAX_ROUND_CARDS = 2_000  # workbench.prob.ordered.MAX_CARDS
#: argparse refuses numbers beyond this; the library names the real limits (MAX_DECK ...).
LIMIT = 1_000_000
_DECIMAL = re.compile(r"(\d{0,30})(?:\.(\d{0,30}))?(%?)")
_RATIO = re.compile(r"(\d{1,30})/(\d{1,30})")
NOBODY = "none"


def _cli_error(exc: ValueError) -> CliError:
    """The library's message, prefixed by the flag it names."""
    text = str(exc).splitlines()[0] if str(exc) else "bad argument"
    lead = re.match(r"(\w+)(:?)\s*", text)
    if lead and lead.group(1) in _FLAGS:
        rest = text[lead.end() :] if lead.group(2) else text
        return CliError(f"{_FLAG_OF[lead.group(1)]}: {rest}")
    for name in _FLAGS:
        if re.search(rf"\b{name}\b", text):
            return CliError(f"{_FLAG_OF[name]}: {text}")
    return CliError(text)


def parse_probability(text: str, flag: str = "--target") -> str:
    """An exact probability in (0, 1] as "p/q" from ``0.9``, ``.9``, ``9/10``, ``90%``
    (full-width too); at most 30 digits per number, no exponent, no expression.

    >>> parse_probability("0.9"), parse_probability("９０％"), parse_probability("1")
    ('9/10', '9/10', '1')
    >>> parse_probability("1/0")
    Traceback (most recent call last):
    ...
    workbench.cli.CliError: --target: '1/0' divides by zero
    >>> parse_probability("1e999999999")
    Traceback (most recent call last):
    ...
    workbench.cli.CliError: --target: '1e999999999' is not a probability such as 0.9, 9/10 or 90% (at most 30 digits per number)
    """
    refuse_lookalikes(text, flag)
    folded = unicodedata.normalize("NFKC", text).strip().replace(" ", "")
    shown = text if len(text) <= 40 else text[:39] + "…"
    ratio, decimal = _RATIO.fullmatch(folded), _DECIMAL.fullmatch(folded)
    if ratio:
        if int(ratio.group(2)) == 0:
            raise CliError(f"{flag}: {shown!r} divides by zero")
        value = Fraction(int(ratio.group(1)), int(ratio.group(2)))
    elif decimal and (decimal.group(1) or decimal.group(2)):
        whole_part, frac_part, percent = decimal.groups()
        frac_part = frac_part or ""
        value = Fraction(
            int(whole_part or "0") * 10 ** len(frac_part) + int(frac_part or "0"),
            10 ** len(frac_part),
        )
        if percent:
            value /= 100
    else:
        raise CliError(
            f"{flag}: {shown!r} is not a probability such as 0.9, 9/10 or 90% "
            "(at most 30 digits per number)"
        )
    if not 0 < value <= 1:
        raise CliError(f"{flag}: {shown!r} is not in (0, 1]")
    return str(value)


def _emit(args: argparse.Namespace, payload: dict[str, Any], lines: list[str]) -> int:
    print(json.dumps(payload, ensure_ascii=False) if args.json else "\n".join(lines))
    return 0


def _draws(args: argparse.Namespace) -> int:
    from workbench.prob.deck import DrawSchedule, p_by_turn_fraction, p_draw_fraction

    try:
        if args.seen is not None and args.turn is not None:
            raise CliError("--seen: give either --seen or --turn, not both")
        bounds = {
            k: v
            for k, v in (
                ("at_least", args.at_least),
                ("exactly", args.exactly),
                ("at_most", args.at_most),
            )
            if v is not None
        }
        if args.turn is None:
            if args.seen is None:
                raise CliError("--seen: give --seen N (cards seen) or --turn T")
            prob = p_draw_fraction(args.deck, args.copies, args.seen, **bounds)
            seen = args.seen
        else:
            if set(bounds) - {"at_least"}:
                raise CliError("--turn: only --at-least can be combined with --turn")
            opening = (
                args.opening if args.opening is not None else (3 if args.going == "first" else 4)
            )
            if args.per_turn < 1 and args.turn > 0 and opening + args.extra == 0:
                raise CliError("--per-turn: no card is ever seen (give --per-turn 1 or more)")
            schedule = DrawSchedule(opening, args.per_turn)
            seen = schedule.seen(args.turn, args.extra)
            prob = p_by_turn_fraction(
                args.deck,
                args.copies,
                args.turn,
                schedule,
                at_least=bounds.get("at_least", 1),
                extra_draws=args.extra,
            )
    except ValueError as exc:
        raise _cli_error(exc) from exc
    return _emit(
        args,
        {"probability": str(prob)},
        [f"P = {prob}  (~{float(prob):.4%}) with {seen} of {args.deck} cards seen"],
    )


def _copies_needed(args: argparse.Namespace) -> int:
    from workbench.prob.deck import copies_needed_fraction

    try:
        target = parse_probability(args.target)
        found = copies_needed_fraction(
            args.deck, args.seen, target, at_least=args.at_least, max_copies=args.max_copies
        )
    except ValueError as exc:
        raise _cli_error(exc) from exc
    prob = str(found.probability)
    if found.copies is None:
        if args.max_copies is None or args.max_copies >= args.deck:
            raise CliError(_unreachable(args, prob))
        line = (
            f"no count up to {args.max_copies} copies (--max-copies) reaches {args.target}; "
            f"best P = {prob}"
        )
    else:
        line = f"{found.copies} copies: P = {prob} (~{float(found.probability):.4%})"
    return _emit(args, {"copies": found.copies, "probability": prob}, [line])


def _unreachable(args: argparse.Namespace, best: str) -> str:
    """Why no number of copies, not even a deck made only of the card, reaches --target."""
    if args.seen == 0:
        why = "no card is seen (--seen 0)"
    elif args.at_least > args.seen:
        why = f"--at-least {args.at_least} copies cannot show among {args.seen} cards seen"
    else:
        why = f"even a deck of {args.deck} copies reaches only P = {best}"
    return (
        f"--target: {args.target} cannot be reached: {why}; nothing to count "
        f"(a smaller --at-least or a larger --seen can make it possible)"
    )


def _round(args: argparse.Namespace) -> int:
    from workbench.prob.ordered import RoundRules, round_odds

    deck = parse_round_deck(args.deck)
    if args.stop not in deck:
        refuse_lookalikes(args.stop, "--stop")
        raise CliError(f"--stop: {args.stop!r} is not in --deck ({', '.join(list(deck)[:10])})")
    try:
        rules = RoundRules(args.stop_first, args.opening or 0, args.opening_stop)
        odds = round_odds(deck, args.stop, rules)
        length = {str(n): p for n, p in odds.length.pmf_text().items()}
        death = {
            ("none" if who is None else who): str(p) for who, p in odds.death_fractions().items()
        }
        acting = odds.acting.pmf_text()
        payload = {
            "length": length,
            "death": death,
            "expected_length": str(odds.expected_length_fraction()),
            "no_action": acting.get(0, "0"),
        }
    except ValueError as exc:
        raise _cli_error(exc) from exc
    lines = ["length  probability"] + [f"{n:>6}  {p}" for n, p in length.items()]
    lines += [f"expected length {payload['expected_length']}", "", "dies    probability"]
    lines += [f"{who:>6}  {p}" for who, p in death.items()]
    return _emit(args, payload, lines)


def parse_round_deck(text: str) -> dict[str, int]:
    """``"A:2,B:1,T:1"`` -> {"A": 2, "B": 1, "T": 1} (full-width ： ， too), counts bounded,
    a person called ``none`` (the nobody-dies key of the results) refused.

    >>> parse_round_deck("Ａ：２，T:1")
    {'Ａ': 2, 'T': 1}
    >>> parse_round_deck("none:2,T:1")
    Traceback (most recent call last):
    ...
    workbench.cli.CliError: --deck: item 1: a person cannot be called 'none', the results' key for "nobody dies"; rename it
    """
    deck: dict[str, int] = {}
    items = text.replace("，", ",").replace("、", ",").replace("：", ":").split(",")
    if len(items) > MAX_ROUND_CARDS:
        raise CliError(f"--deck: {len(items):,} items; at most {MAX_ROUND_CARDS:,}")
    for i, item in enumerate(items, 1):
        name, sep, count = item.partition(":")
        name = name.strip()
        if not sep or not name:
            raise CliError(f"--deck: item {i} {item.strip()[:40]!r} is not NAME:COUNT")
        if name.casefold() == NOBODY:
            raise CliError(
                f"--deck: item {i}: a person cannot be called {name!r}, the results' "
                'key for "nobody dies"; rename it'
            )
        if name in deck:
            raise CliError(f"--deck: {name[:40]!r} is listed twice (item {i})")
        deck[name] = parse_whole(
            count.strip(), f"--deck: count of {name[:40]!r}", 0, MAX_ROUND_CARDS
        )
    if sum(deck.values()) > MAX_ROUND_CARDS:
        raise CliError(f"--deck: {sum(deck.values()):,} cards; at most {MAX_ROUND_CARDS:,}")
    return deck


def register(subparsers: Any) -> None:
    """Add the three deck subcommands."""
    d = subparsers.add_parser(
        "draws",
        help="P(at least / exactly / at most k copies seen)",
        description="Exact draws without replacement: the chance of seeing a card among the "
        "cards seen (--seen N, or by --turn T with an opening hand). Give one of --at-least, "
        "--exactly, --at-most (default --at-least 1).",
        epilog="example: workbench draws --deck 40 --copies 4 --seen 7 --at-least 1 --json "
        '-> {"probability": "5047/9139", ...}',
    )
    d.add_argument("--deck", type=whole("--deck", -LIMIT, LIMIT), required=True, help="deck size")
    d.add_argument(
        "--copies",
        type=whole("--copies", -LIMIT, LIMIT),
        required=True,
        help="copies of the card in the deck",
    )
    d.add_argument("--seen", type=whole("--seen", -LIMIT, LIMIT), help="cards seen")
    d.add_argument(
        "--turn",
        type=whole("--turn", -LIMIT, LIMIT),
        help="instead of --seen: by the player's turn T",
    )
    d.add_argument(
        "--going",
        choices=["first", "second"],
        default="first",
        help="with --turn: mugen opening (first 3 cards, second 4)",
    )
    d.add_argument(
        "--opening", type=whole("--opening", -LIMIT, LIMIT), help="with --turn: opening hand size"
    )
    d.add_argument(
        "--per-turn",
        type=whole("--per-turn", -LIMIT, LIMIT),
        default=1,
        help="with --turn: draws per turn",
    )
    d.add_argument(
        "--extra",
        type=whole("--extra", -LIMIT, LIMIT),
        default=0,
        help="with --turn: extra draws (e.g. revenge)",
    )
    d.add_argument(
        "--at-least",
        type=whole("--at-least", -LIMIT, LIMIT),
        metavar="K",
        help="P(K or more copies seen) (the default, with K = 1)",
    )
    d.add_argument(
        "--exactly",
        type=whole("--exactly", -LIMIT, LIMIT),
        metavar="K",
        help="P(exactly K copies seen)",
    )
    d.add_argument(
        "--at-most",
        type=whole("--at-most", -LIMIT, LIMIT),
        metavar="K",
        help="P(K or fewer copies seen)",
    )
    d.add_argument(
        "--json",
        action="store_true",
        help='print JSON: the probability as an exact "p/q" string and a float',
    )
    d.set_defaults(run=_draws)

    c = subparsers.add_parser(
        "copies-needed",
        help="fewest copies for P(at least k seen) >= target",
        description="The fewest copies of a card a deck needs so that, among the cards seen, "
        "at least --at-least copies show up with probability --target or more (exact).",
        epilog="example: workbench copies-needed --deck 40 --seen 10 --target 0.9 --json",
    )
    c.add_argument(
        "--deck", type=whole("--deck", -LIMIT, LIMIT), required=True, help="deck size (cards)"
    )
    c.add_argument(
        "--seen",
        type=whole("--seen", -LIMIT, LIMIT),
        required=True,
        help="cards seen (drawn) by the moment that matters",
    )
    c.add_argument("--target", required=True, help="the chance wanted, e.g. 0.9, 9/10 or 90%%")
    c.add_argument(
        "--at-least",
        type=whole("--at-least", -LIMIT, LIMIT),
        default=1,
        metavar="K",
        help="copies that must be seen (default 1)",
    )
    c.add_argument(
        "--max-copies",
        type=whole("--max-copies", -LIMIT, LIMIT),
        help="per-name copy limit (none unless given)",
    )
    c.add_argument(
        "--json",
        action="store_true",
        help="print JSON: copies needed and the exact probability reached",
    )
    c.set_defaults(run=_copies_needed)

    r = subparsers.add_parser(
        "round",
        help="stop-card round: length and who dies (detective)",
        description="A round of the detective game's deck: cards are drawn until the stop "
        "card (the tragic night); prints the exact distribution of the round's length and "
        "P(each person dies).",
        epilog='example: workbench round --deck "A:2,B:1,C:1,T:1" --stop T --json',
    )
    r.add_argument("--deck", required=True, help='composition, e.g. "A:2,B:1,C:1,T:1"')
    r.add_argument("--stop", required=True, help="name of the stop card (one copy in --deck)")
    r.add_argument(
        "--stop-first",
        choices=["bottom", "reshuffle", "end"],
        default="bottom",
        help="stop card as the first acting draw (default: bottom, as the seed)",
    )
    r.add_argument(
        "--opening",
        type=whole("--opening", -LIMIT, LIMIT),
        default=0,
        help="cards drawn with no action first",
    )
    r.add_argument(
        "--opening-stop",
        choices=["reshuffle", "bottom"],
        default="reshuffle",
        help="a stop card in the opening is shuffled back or put at the bottom",
    )
    r.add_argument(
        "--json", action="store_true", help='print JSON: lengths and deaths as exact "p/q" strings'
    )
    r.set_defaults(run=_round)
