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

Before anything is computed, the whole job is weighed: the per-roll limits of
:mod:`workbench.prob.notation`, at most :data:`MAX_PARTS` rolls per side, and
a budget of :data:`MAX_WORK` for adding the rolls of a side together (the
product of the partial totals' spans), so ``"1000D,1000D"`` is refused at
once instead of running for a minute. Look-alike digits (``⑩``, ``²``) are
refused with their position; a ``--fumble`` that no die can show is warned
about on stderr (the answer is then the plain roll).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any

from workbench.cli import CliError
from workbench.cli._args import parse_whole, refuse_lookalikes, whole
from workbench.prob.dice import Fumble
from workbench.prob.dist import Dist
from workbench.prob.notation import DiceSpec, NotationError, parse_dice, parse_side
from workbench.prob.versus import TIE_RULES, opposed
from workbench.text import fold_minus

#: rolls (comma parts) per side of ``versus``.
MAX_PARTS = 50
#: budget for adding a side's rolls, in Karatsuba steps (:func:`side_work`): about 3 s of
#: CPU on the 2-core machine it was measured on (four 1000d2 a side: 7 s, now refused).
MAX_WORK = 500_000_000
#: CPU seconds per unit of work, measured (1000d2 + 1000d2: 0.28 s; 1000D + 1000D: 15 s)
SECONDS_PER_WORK = 6.3e-9
#: faces listed in ``--faces`` and the size of each face value.
MAX_FACES = 10_000
MAX_FACE = 1_000_000
MAX_FLOOR = 10_000_000


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
    parser.add_argument(
        "--floor",
        type=whole("--floor", -MAX_FLOOR, MAX_FLOOR),
        default=None,
        help="totals below this count as it",
    )
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
    workbench.cli.CliError: --faces: item 2 'x': 'x' is not a whole number
    """
    refuse_lookalikes(text, "--faces")
    items = fold_minus(unicodedata.normalize("NFKC", text)).split(",")
    if len(items) > MAX_FACES:
        raise CliError(f"--faces: {len(items):,} faces; at most {MAX_FACES:,}")
    faces = []
    for i, item in enumerate(items, start=1):
        if not item.strip():
            raise CliError(f"--faces: item {i} is empty (in {text[:60]!r})")
        try:
            faces.append(parse_whole(item.strip(), "--faces", -MAX_FACE, MAX_FACE))
        except CliError as exc:
            reason = str(exc).removeprefix("--faces: ")
            raise CliError(f"--faces: item {i} {item.strip()[:20]!r}: {reason}") from None
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
        return parse_whole(word, "--fumble", -MAX_FACE, MAX_FACE)
    except CliError:
        raise CliError(f"--fumble: {text[:60]!r} is not none, zero or a face value") from None


def _spec(text: str, faces: tuple[int, ...], what: str) -> DiceSpec:
    refuse_lookalikes(text, what)
    try:
        return parse_dice(text, faces=faces)
    except NotationError as err:
        raise CliError(f"{what}: {err}") from None


def _parts(text: str, faces: tuple[int, ...], what: str) -> tuple[DiceSpec, ...]:
    """The rolls of one side, parsed and weighed (nothing computed yet)."""
    refuse_lookalikes(text, what)
    if text.count(",") + text.count("\uff0c") + text.count("\u3001") >= MAX_PARTS:
        raise CliError(f"{what}: more than {MAX_PARTS} rolls separated by commas")
    try:
        specs = parse_side(text, faces)
    except NotationError as err:
        raise CliError(f"{what}: {err}") from None
    work = side_work(specs, faces)
    if work[-1] > MAX_WORK:
        i = next(k for k, w in enumerate(work) if w > MAX_WORK)
        raise CliError(
            f"{what}: roll {i + 1} ({specs[i]}) makes the side too large to compute "
            f"exactly in seconds (adding its rolls costs {work[-1]:,.0f}, about "
            f"{work[-1] * SECONDS_PER_WORK:.0f} s here; limit {MAX_WORK:,}); fewer or "
            "smaller rolls"
        )
    return specs


def side_work(specs: Sequence[DiceSpec], faces: Sequence[int]) -> list[float]:
    """The running cost of adding a side's rolls in order, as CPython multiplies them:
    each sum packs both weight lists into big integers (a slot per total, as wide as the
    product of the two totals' bits) and multiplies them by Karatsuba, about
    (short side's 30-bit digits)^1.585 times (long / short) steps.

    >>> [round(w) for w in side_work([parse_dice("3D"), parse_dice("2D")], range(1, 7))]
    [0, 42]
    """
    spread = max(faces) - min(faces)
    width_of_face = math.log2(max(len(faces), 1))
    span = bits = 0.0
    work = 0.0
    out = []
    for spec in specs:
        part = 1 + sum(t.count * (spread if t.sides is None else t.sides - 1) for t in spec.terms)
        part_bits = (
            sum(
                t.count * (width_of_face if t.sides is None else math.log2(t.sides))
                for t in spec.terms
            )
            + 1
        )
        if span:
            slot = bits + part_bits + 8
            short, long = sorted((slot * span / 30, slot * part / 30))
            work += short**1.585 * (long / short)
        span, bits = span + part, bits + part_bits
        out.append(work)
    return out


def fumble_warning(specs: Sequence[DiceSpec], fumble: Fumble) -> str:
    """'' when ``fumble`` can void one of these rolls, else why it cannot.

    >>> fumble_warning([parse_dice("3D")], "zero")
    'no die of 3D has a 0 face (faces of D: 1,2,3,4,5,6), so nothing can fumble'
    >>> fumble_warning([parse_dice("3D", faces=range(6))], "zero")
    ''
    """
    if fumble is None:
        return ""
    face = 0 if fumble == "zero" else int(fumble)
    rolls = ", ".join(str(s) for s in specs)
    if all(s.count < 2 for s in specs):
        return f"a fumble needs at least two dice in a roll; {rolls} never fumbles"
    for spec in specs:
        if spec.count >= 2 and all(
            face in spec.faces if t.sides is None else 1 <= face <= t.sides for t in spec.terms
        ):
            return ""
    faces = ",".join(map(str, specs[0].faces)) if specs else ""
    return f"no die of {rolls} has a {face} face (faces of D: {faces}), so nothing can fumble"


def _warn(command: str, message: str) -> None:
    if message:
        sys.stderr.write(f"workbench {command}: warning: --fumble: {message}\n")


def _side_dist(specs: Sequence[DiceSpec], args: argparse.Namespace) -> Dist:
    fumble = parse_fumble(args.fumble)
    total = Dist.constant(0)
    for spec in specs:
        total = total + spec.dist(floor=args.floor, fumble=fumble)
    return total


def dice_json(dist: Dist) -> dict[str, Any]:
    """The ``--json`` object of ``workbench dice``.

    >>> from workbench.prob.dice import die
    >>> dice_json(die(2))
    {'mean': '3/2', 'variance': '1/4', 'distribution': {'1': '1/2', '2': '1/2'}}
    """
    return {
        "mean": str(dist.mean_fraction()),
        "variance": str(dist.variance_fraction()),
        "distribution": {str(o): p for o, p in dist.pmf_text().items()},
    }


def run_dice(args: argparse.Namespace) -> int:
    fumble = parse_fumble(args.fumble)
    spec = _spec(args.notation, parse_faces(args.faces), "notation")
    _warn("dice", fumble_warning([spec], fumble))
    dist = spec.dist(floor=args.floor, fumble=fumble)
    if args.json:
        print(json.dumps(dice_json(dist)))
        return 0
    mean, var = dist.mean_fraction(), dist.variance_fraction()
    out = sys.stdout
    out.write(f"{spec}  faces of D: {','.join(map(str, spec.faces))}")
    out.write(f"  floor: {args.floor}  fumble: {args.fumble}\n")
    out.write(
        f"mean {mean} ({_float(mean.numerator, mean.denominator):.4f})   "
        f"variance {var} ({_float(var.numerator, var.denominator):.4f})\n\n"
    )
    rows: list[tuple[str, ...]] = [("total", "P(=)", "", "P(>=)", "", "P(<=)", "1 in X")]
    rows += table_rows(dist)
    _print_table(rows)
    return 0


def _float(num: int, den: int) -> float:
    """num/den as a float without overflow (huge ratios print as inf)."""
    try:
        return num / den
    except OverflowError:
        return math.inf


def _exact(num: int, den: int) -> str:
    g = math.gcd(num, den)
    return str(num // g) if den == g else f"{num // g}/{den // g}"


def _one_in(total: int, weight: int) -> str:
    """ "1 in X" for weight/total, as 6.0 or, beyond floats, 1.2e+400 (from the digits)."""
    ratio = total // weight
    if ratio < 10**15:
        return f"{total / weight:.1f}"
    digits = str(ratio)
    return f"{digits[0]}.{digits[1:3]}e+{len(digits) - 1}"


def table_rows(dist: Dist) -> list[tuple[str, ...]]:
    """Rows of the ``dice`` table: total, P(=) exact and %, P(>=) exact and %, P(<=) %,
    and "1 in X"; exact integer arithmetic, so 1000D prints without overflow.

    >>> from workbench.prob.dice import die
    >>> table_rows(die(2))[0]
    ('1', '1/2', '50.00%', '1', '100.00%', '50.00%', '2.0')
    """
    total = dist.total
    rows: list[tuple[str, ...]] = []
    below = 0
    for outcome, weight in dist.items():
        at_least = total - below
        below += weight
        rows.append(
            (
                str(outcome),
                _exact(weight, total),
                f"{_float(weight, total):.2%}",
                _exact(at_least, total),
                f"{_float(at_least, total):.2%}",
                f"{_float(below, total):.2%}",
                _one_in(total, weight),
            )
        )
    return rows


def run_versus(args: argparse.Namespace) -> int:
    faces, fumble = parse_faces(args.faces), parse_fumble(args.fumble)
    attacks = _parts(args.attack, faces, "attack")
    defences = _parts(args.defence, faces, "defence")
    _warn("versus", fumble_warning([*attacks, *defences], fumble))
    result = opposed(_side_dist(attacks, args), _side_dist(defences, args), ties=args.ties)
    if args.json:
        print(json.dumps(result.as_dict()))
        return 0
    exact = result.fractions()  # Fractions: no sympy on the command line
    rows = [("", "exact", "")]
    for name in ("win", "tie", "lose"):
        value = exact[name]
        rows.append(
            (
                f"attacker {name}s" if name != "tie" else "tie",
                str(value),
                f"{_float(value.numerator, value.denominator):.2%}",
            )
        )
    print(f"{args.attack} vs {args.defence}  (ties: {args.ties}, fumble: {args.fumble})")
    _print_table(rows)
    if args.ties != "nobody":
        equal = exact["equal"]
        print(
            f"equal totals {equal} ({_float(equal.numerator, equal.denominator):.2%}) "
            f"count for the {args.ties}"
        )
    return 0


def _print_table(rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(cell.rjust(w) for cell, w in zip(r, widths)).rstrip())
