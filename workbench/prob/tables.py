"""Distributions and grids as polars frames: exact ``"p/q"`` text beside floats.

Column convention (the charts rely on it): a probability or expectation
``name`` is a float column, and ``name_exact`` holds the exact value as text
(``"7/12"``, ``"0"``, ``"-1/2"``).

:data:`READINGS` are four ways to read nD+k where a rule is vague (see
:mod:`workbench.prob.dice`): totals floored at 0 or not, a fumble counted
(void total 0) or ignored. A game compares them with its own published table
(the ghost game's appendix lives in its ``odds`` module).

>>> blank6 = Dist.uniform((1, 2, 3, 4, 5, 0))  # a d6 whose 6 reads 0
>>> distribution_table(pool(2, blank6)).row(0, named=True)["p_exact"]
'1/36'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import polars as pl

from workbench.prob.dice import Fumble, p_fumble_fraction, pool, pool_mean, side
from workbench.prob.dist import Dist
from workbench.prob.dist_queries import exact_text
from workbench.prob.notation import parse_side
from workbench.prob.versus import Ties, opposed

if TYPE_CHECKING:
    import sympy

__all__ = [
    "READINGS",
    "Reading",
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


def ratio_float(num: int, den: int) -> float:
    """num/den as a float; ``inf`` past the largest float (a "1 in X" of 397 dice).

    >>> ratio_float(1, 4), ratio_float(6**400, 1)
    (0.25, inf)
    """
    try:
        return num / den
    except OverflowError:
        return math.inf


def dice_label(n: int, k: int) -> str:
    """``nD±k`` in ASCII.

    >>> dice_label(3, -1), dice_label(2, 0)
    ('3D-1', '2D')
    """
    return f"{n}D{k:+d}" if k else f"{n}D"


def distribution_table(dist: Dist) -> pl.DataFrame:
    """One row per outcome: P(=), P(>=), P(<=) exact and as floats, and "1 in X".

    >>> t = distribution_table(pool(1, Dist.uniform((1, 2, 3, 4, 5, 0)), -3, floor=0))
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
            "one_in_x": [ratio_float(total, w) for w in weights],
            "at_least_one_in_x": [ratio_float(total, w) for w in at_least],
        },
        schema_overrides={"weight": pl.Object} if max(weights).bit_length() > 63 else None,
    )


def expectation_means(
    ns: Iterable[int],
    ks: Iterable[int],
    die: Dist,
    readings: Sequence[Reading] = READINGS,
) -> dict[tuple[int, int, str], sympy.Rational]:
    """(n, k, reading key) -> exact mean of nD+k under that reading.

    >>> m = expectation_means([2], [3], Dist.uniform((1, 2, 3, 4, 5, 0)))
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
    ns: Iterable[int],
    ks: Iterable[int],
    die: Dist,
    readings: Sequence[Reading] = READINGS,
) -> pl.DataFrame:
    """Long frame: n, k, dice, reading, floor, fumble, mean and variance (exact text + float).

    >>> g = expectation_grid([1], [-3], Dist.uniform((1, 2, 3, 4, 5, 0)))
    >>> g.select("reading", "mean_exact").rows()
    [('plain', '-1/2'), ('floor0', '1/2'), ('fumble', '-1/2'), ('floor0_fumble', '1/2')]
    """
    rows = []
    for n in ns:
        for k in ks:
            for r in readings:
                d = pool(n, die, k, floor=r.floor, fumble=r.fumble)
                mean, var = d.mean_fraction(), d.variance_fraction()
                rows.append(
                    {
                        "n": n,
                        "k": k,
                        "dice": dice_label(n, k),
                        "reading": r.key,
                        "floor": r.floor,
                        "fumble": r.fumble is not None,
                        "mean_exact": str(mean),
                        "mean": float(mean),
                        "variance_exact": str(var),
                        "variance": float(var),
                    }
                )
    return pl.DataFrame(rows, schema_overrides={"floor": pl.Int64})


def fumble_table(ns: Iterable[int], die: Dist, fumble: Fumble = "zero") -> pl.DataFrame:
    """P(fumble) by number of dice, exact and as "1 in X".

    >>> fumble_table([1, 2, 3], Dist.uniform((1, 2, 3, 4, 5, 0))).select("n", "p_fumble_exact").rows()
    [(1, '0'), (2, '1/36'), (3, '1/216')]
    """
    rows = []
    for n in ns:
        p = p_fumble_fraction(n, die, fumble)
        rows.append(
            {
                "n": n,
                "p_fumble_exact": str(p),
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
    faces: Iterable[int],
    *,
    ties: Ties = "defender",
    floor: int | None = None,
    fumble: Fumble = None,
) -> pl.DataFrame:
    """Every attack string against every defence string: P(win/tie/lose), exact and float.
    A string may list several ghosts' rolls separated by commas (each fumbles alone).

    >>> g = versus_grid(["3D+2"], ["3D+1"], (1, 2, 3, 4, 5, 0), fumble="zero")
    >>> g.select("attack", "defence", "win_exact").row(0)
    ('3D+2', '3D+1', '25493/46656')
    """
    face_tuple = tuple(faces)
    a_sides = [_side(a, face_tuple, floor, fumble) for a in attacks]
    d_sides = [_side(d, face_tuple, floor, fumble) for d in defences]
    rows = []
    for a_label, a_dist in a_sides:
        for d_label, d_dist in d_sides:
            v = opposed(a_dist, d_dist, ties=ties).fractions()
            rows.append(
                {
                    "attack": a_label,
                    "defence": d_label,
                    "win_exact": str(v["win"]),
                    "win": float(v["win"]),
                    "tie_exact": str(v["tie"]),
                    "tie": float(v["tie"]),
                    "lose_exact": str(v["lose"]),
                    "lose": float(v["lose"]),
                }
            )
    return pl.DataFrame(rows)
