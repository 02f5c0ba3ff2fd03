"""Distributions and grids as polars frames: exact ``"p/q"`` text beside floats.

Column convention (the charts rely on it): a probability or expectation
``name`` is a float column, and ``name_exact`` holds the exact value as text
(``"7/12"``, ``"0"``, ``"-1/2"``).

The ghost game's four readings of nD+k (seed 000 is vague, see
:mod:`workbench.prob.dice`): totals floored at 0 or not, the fumble counted
(void total 0) or ignored.

>>> distribution_table(pool(2, GHOST_DIE)).row(0, named=True)["p_exact"]
'1/36'
>>> appendix_comparison().filter(pl.col("dice") == "1D-3").row(0, named=True)["floor0_exact"]
'1/2'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape as html_escape

import polars as pl
import sympy

from workbench.prob.dice import (
    GHOST_DIE,
    GHOST_FACES,
    Fumble,
    opposed,
    p_fumble,
    pool,
    pool_mean,
    side,
)
from workbench.prob.dist import Dist
from workbench.prob.notation import parse_dice, parse_side

__all__ = [
    "READINGS",
    "SEED_APPENDIX",
    "Reading",
    "appendix_comparison",
    "appendix_html",
    "distribution_table",
    "expectation_grid",
    "expectation_means",
    "fumble_table",
    "versus_grid",
]


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a dice strength: a floor for totals and a fumble rule."""

    key: str
    label: str
    floor: int | None
    fumble: Fumble


READINGS: tuple[Reading, ...] = (
    Reading("plain", "no floor, fumble ignored", None, None),
    Reading("floor0", "floored at 0, fumble ignored", 0, None),
    Reading("fumble", "no floor, fumble voids", None, "zero"),
    Reading("floor0_fumble", "floored at 0, fumble voids", 0, "zero"),
)

# The seed's appendix (付録 #期待値表), notation and value text as written there.
SEED_APPENDIX: tuple[tuple[str, str, str], ...] = (
    ("１Ｄ−３", "0 (-0.5)", ""),
    ("１Ｄ−２", "0.5", ""),
    ("１Ｄ−１", "1.5", ""),
    ("１Ｄ", "2.5", ""),
    ("１Ｄ＋１", "3.5", ""),
    ("１Ｄ＋２", "4.5", ""),
    ("１Ｄ＋３", "5.5", "(>2D)"),
    ("２Ｄ−３", "2.0", ""),
    ("２Ｄ−２", "3.0", ""),
    ("２Ｄ−１", "4.0", ""),
    ("２Ｄ", "5.0", "=standard"),
    ("２Ｄ＋１", "6.0", ""),
    ("２Ｄ＋２", "7.0", ""),
    ("２Ｄ＋３", "8.0", "(>3D)"),
    ("３Ｄ−３", "4.5", ""),
    ("３Ｄ−２", "5.5", ""),
    ("３Ｄ−１", "6.5", ""),
    ("３Ｄ", "7.5", ""),
    ("３Ｄ＋１", "8.5", ""),
    ("３Ｄ＋２", "9.5", ""),
    ("３Ｄ＋３", "10.5", ""),
    ("５Ｄ", "12.5", ""),
    ("７Ｄ", "17.5", ""),
)


def exact_text(weight: int, total: int) -> str:
    """``weight/total`` reduced, as text (``"0"`` and ``"1"`` for the ends).

    >>> exact_text(6, 36), exact_text(0, 5), exact_text(4, 4)
    ('1/6', '0', '1')
    """
    g = math.gcd(weight, total)
    num, den = weight // g, total // g
    return str(num) if den == 1 else f"{num}/{den}"


def _text(value: sympy.Rational) -> str:
    return str(sympy.Rational(value))


def dice_label(n: int, k: int) -> str:
    """``nD±k`` in ASCII.

    >>> dice_label(3, -1), dice_label(2, 0)
    ('3D-1', '2D')
    """
    return f"{n}D{k:+d}" if k else f"{n}D"


def distribution_table(dist: Dist) -> pl.DataFrame:
    """One row per outcome: P(=), P(>=), P(<=) exact and as floats, and "1 in X".

    >>> t = distribution_table(pool(1, GHOST_DIE, -3, floor=0))
    >>> t.select("outcome", "p_exact", "at_least_exact", "at_most_exact").rows()[:2]
    [(0, '2/3', '1', '2/3'), (1, '1/6', '1/3', '5/6')]
    >>> round(t["one_in_x"][1], 6)
    6.0
    """
    total = dist.total
    outcomes, weights = zip(*dist.items())
    at_most, acc = [], 0
    for w in weights:
        acc += w
        at_most.append(acc)
    at_least = [total - m + w for m, w in zip(at_most, weights)]
    return pl.DataFrame(
        {
            "outcome": list(outcomes),
            "weight": [int(w) for w in weights],
            "p_exact": [exact_text(w, total) for w in weights],
            "p": [w / total for w in weights],
            "at_least_exact": [exact_text(w, total) for w in at_least],
            "at_least": [w / total for w in at_least],
            "at_most_exact": [exact_text(w, total) for w in at_most],
            "at_most": [w / total for w in at_most],
            "one_in_x": [total / w for w in weights],
            "at_least_one_in_x": [total / w for w in at_least],
        },
        schema_overrides={"weight": pl.Object} if max(weights).bit_length() > 63 else None,
    )


def expectation_means(
    ns: Iterable[int] = range(1, 8),
    ks: Iterable[int] = range(-3, 4),
    die: Dist = GHOST_DIE,
    readings: Sequence[Reading] = READINGS,
) -> dict[tuple[int, int, str], sympy.Rational]:
    """(n, k, reading key) -> exact mean of nD+k under that reading.

    >>> m = expectation_means([2], [3])
    >>> m[(2, 3, "plain")], m[(2, 3, "fumble")]
    (8, 95/12)
    """
    ks = list(ks)
    return {
        (n, k, r.key): pool_mean(n, die, k, floor=r.floor, fumble=r.fumble)
        for n in ns
        for k in ks
        for r in readings
    }


def expectation_grid(
    ns: Iterable[int] = range(1, 8),
    ks: Iterable[int] = range(-3, 4),
    die: Dist = GHOST_DIE,
    readings: Sequence[Reading] = READINGS,
) -> pl.DataFrame:
    """Long frame: n, k, dice, reading, floor, fumble, mean and variance (exact text + float).

    >>> g = expectation_grid([1], [-3])
    >>> g.select("reading", "mean_exact").rows()
    [('plain', '-1/2'), ('floor0', '1/2'), ('fumble', '-1/2'), ('floor0_fumble', '1/2')]
    """
    rows = []
    for n in ns:
        for k in ks:
            for r in readings:
                d = pool(n, die, k, floor=r.floor, fumble=r.fumble)
                mean, var = d.mean(), d.variance()
                rows.append(
                    {
                        "n": n,
                        "k": k,
                        "dice": dice_label(n, k),
                        "reading": r.key,
                        "floor": r.floor,
                        "fumble": r.fumble is not None,
                        "mean_exact": _text(mean),
                        "mean": float(mean),
                        "variance_exact": _text(var),
                        "variance": float(var),
                    }
                )
    return pl.DataFrame(rows, schema_overrides={"floor": pl.Int64})


def _seed_values(text: str) -> set[sympy.Rational]:
    return {sympy.Rational(part.strip("()")) for part in text.split()}


def appendix_comparison(
    faces: Iterable[int] = GHOST_FACES, readings: Sequence[Reading] = READINGS
) -> pl.DataFrame:
    """The seed's expectation table beside each reading; ``<key>_off`` flags a mismatch.

    A seed cell such as ``"0 (-0.5)"`` lists two values; a reading matches it
    when its exact mean equals either.

    >>> t = appendix_comparison()
    >>> t.filter(pl.col("dice") == "1D-2").select("seed", "plain_off", "floor0_off").row(0)
    ('0.5', False, True)
    """
    rows = []
    face_tuple = tuple(faces)
    for written, seed_text, note in SEED_APPENDIX:
        spec = parse_dice(written, faces=face_tuple)
        seed = _seed_values(seed_text)
        row: dict[str, object] = {
            "dice": str(spec),
            "as_written": written,
            "seed": seed_text,
            "note": note,
        }
        for r in readings:
            mean = spec.dist(floor=r.floor, fumble=r.fumble).mean()
            row[f"{r.key}_exact"] = _text(mean)
            row[r.key] = float(mean)
            row[f"{r.key}_off"] = mean not in seed
        rows.append(row)
    return pl.DataFrame(rows)


def fumble_table(
    ns: Iterable[int] = range(1, 8), die: Dist = GHOST_DIE, fumble: Fumble = "zero"
) -> pl.DataFrame:
    """P(fumble) by number of dice, exact and as "1 in X".

    >>> fumble_table([1, 2, 3]).select("n", "p_fumble_exact").rows()
    [(1, '0'), (2, '1/36'), (3, '1/216')]
    """
    rows = []
    for n in ns:
        p = p_fumble(n, die, fumble)
        rows.append(
            {
                "n": n,
                "p_fumble_exact": _text(p),
                "p_fumble": float(p),
                "one_in_x": float(1 / p) if p else None,
            }
        )
    return pl.DataFrame(rows, schema_overrides={"one_in_x": pl.Float64})


def _side(text: str, faces: tuple[int, ...], floor: int | None, fumble: Fumble) -> tuple[str, Dist]:
    """(normalised label, total) of a side written as comma-separated rolls."""
    specs = parse_side(text, faces)
    return ",".join(map(str, specs)), side(*(s.dist(floor=floor, fumble=fumble) for s in specs))


def versus_grid(
    attacks: Sequence[str],
    defences: Sequence[str],
    faces: Iterable[int] = GHOST_FACES,
    *,
    ties: str = "defender",
    floor: int | None = None,
    fumble: Fumble = None,
) -> pl.DataFrame:
    """Every attack string against every defence string: P(win/tie/lose), exact and float.
    A string may list several ghosts' rolls separated by commas (each fumbles alone).

    >>> g = versus_grid(["3D+2"], ["3D+1"], fumble="zero")
    >>> g.select("attack", "defence", "win_exact").row(0)
    ('3D+2', '3D+1', '25493/46656')
    """
    face_tuple = tuple(faces)
    a_sides = [_side(a, face_tuple, floor, fumble) for a in attacks]
    d_sides = [_side(d, face_tuple, floor, fumble) for d in defences]
    rows = []
    for a_label, a_dist in a_sides:
        for d_label, d_dist in d_sides:
            v = opposed(a_dist, d_dist, ties=ties)  # type: ignore[arg-type]
            rows.append(
                {
                    "attack": a_label,
                    "defence": d_label,
                    "win_exact": _text(v.win),
                    "win": float(v.win),
                    "tie_exact": _text(v.tie),
                    "tie": float(v.tie),
                    "lose_exact": _text(v.lose),
                    "lose": float(v.lose),
                }
            )
    return pl.DataFrame(rows)


def appendix_html(frame: pl.DataFrame | None = None, readings: Sequence[Reading] = READINGS) -> str:
    """The appendix comparison as an HTML table; cells where the seed is off are
    highlighted (class ``wb-off``) and show the exact mean and its decimal.

    >>> html = appendix_html()
    >>> html.count('class="wb-off"')
    36
    """
    t = appendix_comparison(readings=readings) if frame is None else frame
    head = "".join(f"<th>{html_escape(r.label)}</th>" for r in readings)
    lines = [
        "<style>.wb-appendix td,.wb-appendix th{padding:2px 8px;text-align:right;white-space:nowrap}"
        ".wb-appendix .wb-off{background:#fdd;color:#900;font-weight:bold}</style>",
        '<table class="wb-appendix"><thead><tr><th>dice</th><th>seed says</th>'
        f"{head}</tr></thead><tbody>",
    ]
    for row in t.iter_rows(named=True):
        cells = []
        for r in readings:
            text = f"{row[f'{r.key}_exact']} ({row[r.key]:.3f})"
            cls = ' class="wb-off"' if row[f"{r.key}_off"] else ""
            cells.append(f"<td{cls}>{html_escape(text)}</td>")
        seed = html_escape(f"{row['seed']} {row['note']}".strip())
        lines.append(f"<tr><th>{html_escape(row['dice'])}</th><td>{seed}</td>{''.join(cells)}</tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)
