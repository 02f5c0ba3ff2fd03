"""The やさぐれダイス of the ghost game and the seed's expectation table.

Seed ``000_61bc5aee8bd0dddc.txt``, section 6-1: an ordinary d6 whose 6-face
reads 「うっへり」 and counts 0, so its faces are ``GHOST_FACES = (1, 2, 3, 4, 5,
0)``. With two or more dice all showing that face the roll is a シテオク
(fumble, ``fumble="zero"`` in :mod:`workbench.prob.dice`); one die never
fumbles. The seed's appendix (付録 #期待値表) adds k to the mean of nD; the
comparison below sets it beside the four readings of
:data:`workbench.prob.tables.READINGS`.

>>> from workbench.prob.dice import opposed, pool
>>> pool(3, GHOST_DIE, 2).mean()
19/2
>>> pool(2, GHOST_DIE, fumble="zero").p(0)
1/36
>>> opposed(pool(3, GHOST_DIE, 2), pool(3, GHOST_DIE, 1)).win
4249/7776
>>> appendix_comparison().filter(pl.col("dice") == "1D-3").row(0, named=True)["floor0_exact"]
'1/2'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape as html_escape

import polars as pl
import sympy

from workbench.prob.dice import die
from workbench.prob.notation import parse_dice
from workbench.prob.tables import READINGS, Reading
from workbench.prob.tables import fumble_table as _fumble_table

GHOST_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 0)
"""The faces of the やさぐれダイス: a d6 whose 6 reads 0."""
GHOST_DIE = die(GHOST_FACES)


def fumble_table(ns: Iterable[int] = range(1, 8)) -> pl.DataFrame:
    """P(シテオク) by number of やさぐれダイス, exact and as "1 in X".

    >>> fumble_table([1, 2, 3]).select("n", "p_fumble_exact").rows()
    [(1, '0'), (2, '1/36'), (3, '1/216')]
    """
    return _fumble_table(ns, GHOST_DIE, "zero")


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
            row[f"{r.key}_exact"] = str(sympy.Rational(mean))
            row[r.key] = float(mean)
            row[f"{r.key}_off"] = mean not in seed
        rows.append(row)
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
