"""``workbench dice`` and ``workbench versus``: exact dice odds from the terminal.

    workbench dice "3D+2" --faces 0,1,2,3,4,5 [--floor 0] [--fumble zero] [--json]
    workbench versus "3D+2" "3D+1" --faces 0,1,2,3,4,5 [--fumble zero] [--ties defender] [--json]

``--faces`` is what a bare ``D`` means (default 1..6); ``dN`` is always 1..N.
With ``--json`` exact values are "p/q" strings: ``dice`` prints
``{"mean", "variance", "distribution": {"<outcome>": "p/q"}}`` and ``versus``
prints ``{"win", "tie", "lose"}`` (ties counted per ``--ties``). A side of a
battle may list several ghosts' rolls separated by commas (``"3D+2,1D+1"``):
each rolls (and fumbles) on its own and the totals add. Bad notation exits
with code 2 and a one-line message naming the position.
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any

from workbench.cli import CliError
from workbench.prob.dice import TIE_RULES, Fumble, opposed
from workbench.prob.dist import Dist
from workbench.prob.notation import DiceSpec, NotationError, parse_dice, side_dist
from workbench.prob.tables import distribution_table


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    dice = subparsers.add_parser("dice", help="exact distribution of a dice roll such as 3D+2")
    dice.add_argument("notation", help='dice notation, e.g. "3D+2", "2d6-1", "３Ｄ＋２"')
    _common(dice)
    dice.add_argument("--json", action="store_true", help="mean, variance, distribution as JSON")
    dice.set_defaults(run=run_dice)

    versus = subparsers.add_parser("versus", help="P(attacker wins) for two dice strengths")
    versus.add_argument(
        "attack", help='attacker\'s dice, e.g. "3D+2"; supporters after commas: "3D+2,1D+1"'
    )
    versus.add_argument("defence", help='defender\'s dice, e.g. "3D+1" or "3D+1,2D"')
    _common(versus)
    versus.add_argument(
        "--ties", choices=TIE_RULES, default="defender", help="who wins a tie (default: defender)"
    )
    versus.add_argument("--json", action="store_true", help="win, tie, lose as JSON")
    versus.set_defaults(run=run_versus)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--faces", default="1,2,3,4,5,6", help="faces of D, e.g. 0,1,2,3,4,5")
    parser.add_argument("--floor", type=int, default=None, help="totals below this count as it")
    parser.add_argument(
        "--fumble", default="none", help="zero: all n>=2 dice on the 0 face void the roll (total 0)"
    )


def parse_faces(text: str) -> tuple[int, ...]:
    """``"0,1,2,3,4,5"`` -> (0, 1, 2, 3, 4, 5); a clear error names the bad item.

    >>> parse_faces("１,2, 3")
    (1, 2, 3)
    >>> parse_faces("1,x")
    Traceback (most recent call last):
    ...
    workbench.cli.CliError: --faces: item 2 'x' is not a whole number (in '1,x')
    """
    items = unicodedata.normalize("NFKC", text).replace("\u2212", "-").split(",")
    faces = []
    for i, item in enumerate(items, start=1):
        try:
            faces.append(int(item.strip()))
        except ValueError:
            raise CliError(
                f"--faces: item {i} {item.strip()!r} is not a whole number (in {text!r})"
            ) from None
    return tuple(faces)


def parse_fumble(text: str) -> Fumble:
    """``none`` -> None, ``zero`` -> "zero", a number -> that face.

    >>> parse_fumble("zero"), parse_fumble("none"), parse_fumble("6")
    ('zero', None, 6)
    """
    word = text.strip().lower()
    if word in ("none", "off", "no"):
        return None
    if word == "zero":
        return "zero"
    try:
        return int(word)
    except ValueError:
        raise CliError(f"--fumble: {text!r} is not none, zero or a face value") from None


def _spec(text: str, faces: tuple[int, ...], what: str) -> DiceSpec:
    try:
        return parse_dice(text, faces=faces)
    except NotationError as err:
        raise CliError(f"{what}: {err}") from None


def _side(args: argparse.Namespace, text: str, what: str) -> Dist:
    faces, fumble = parse_faces(args.faces), parse_fumble(args.fumble)
    try:
        return side_dist(text, faces, floor=args.floor, fumble=fumble)
    except NotationError as err:
        raise CliError(f"{what}: {err}") from None


def dice_json(dist: Dist) -> dict[str, Any]:
    """The ``--json`` object of ``workbench dice``.

    >>> from workbench.prob.dice import die
    >>> dice_json(die(2))
    {'mean': '3/2', 'variance': '1/4', 'distribution': {'1': '1/2', '2': '1/2'}}
    """
    return {
        "mean": str(dist.mean()),
        "variance": str(dist.variance()),
        "distribution": {str(o): str(p) for o, p in dist.pmf().items()},
    }


def run_dice(args: argparse.Namespace) -> int:
    spec = _spec(args.notation, parse_faces(args.faces), "notation")
    dist = spec.dist(floor=args.floor, fumble=parse_fumble(args.fumble))
    if args.json:
        print(json.dumps(dice_json(dist)))
        return 0
    mean, var = dist.mean(), dist.variance()
    out = sys.stdout
    out.write(f"{spec}  faces of D: {','.join(map(str, spec.faces))}")
    out.write(f"  floor: {args.floor}  fumble: {args.fumble}\n")
    out.write(f"mean {mean} ({float(mean):.4f})   variance {var} ({float(var):.4f})\n\n")
    rows = [("total", "P(=)", "", "P(>=)", "", "P(<=)", "1 in X")]
    for r in distribution_table(dist).iter_rows(named=True):
        rows.append(
            (
                str(r["outcome"]),
                r["p_exact"],
                f"{r['p']:.2%}",
                r["at_least_exact"],
                f"{r['at_least']:.2%}",
                f"{r['at_most']:.2%}",
                f"{r['one_in_x']:.1f}",
            )
        )
    _print_table(rows)
    return 0


def run_versus(args: argparse.Namespace) -> int:
    attack = _side(args, args.attack, "attack")
    defence = _side(args, args.defence, "defence")
    result = opposed(attack, defence, ties=args.ties)
    if args.json:
        print(json.dumps(result.as_dict()))
        return 0
    rows = [("", "exact", "")]
    for name in ("win", "tie", "lose"):
        value = getattr(result, name)
        rows.append(
            (f"attacker {name}s" if name != "tie" else "tie", str(value), f"{float(value):.2%}")
        )
    print(f"{args.attack} vs {args.defence}  (ties: {args.ties}, fumble: {args.fumble})")
    _print_table(rows)
    if args.ties != "nobody":
        print(f"equal totals {result.equal} ({float(result.equal):.2%}) count for the {args.ties}")
    return 0


def _print_table(rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(cell.rjust(w) for cell, w in zip(r, widths)).rstrip())
