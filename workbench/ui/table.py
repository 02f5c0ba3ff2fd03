"""One table style for notebooks and reports: a polars frame as a readable HTML table.

:func:`table_html` (pure) and :class:`Table` (``display(Table(frame))``);
:func:`workbench.ui.notebook.setup` makes every polars frame a notebook shows use it.

- probabilities (exact fractions in ``[0, 1]``, or floats in ``[0, 1]`` whose
  column name says so: ``p_…``, ``…rate``, ``win…``, ``share``…) show as
  percentages to ``digits`` decimals, with the exact fraction on hover and,
  with ``exact="beside"``, in small type beside it; a ``X_exact`` column
  (``"p/q"`` strings or ``Rational``) is folded into its float twin ``X``;
- the share of games that ended one way (a float column ``end_…`` or ``ended_…`` in
  ``[0, 1]``: ``end_vp``, ``ended_deaths``) is a percentage too;
- a difference of probabilities (a column named ``…advantage…``; ``…lost``, the win rate a
  decision gave up; the card report's ``iwd`` and ``effect`` with its bounds; a ``change``
  of a probability; floats in ``[-1, 1]``)
  shows in signed percentage points (``+5.8 pts``), so a table beside its rates
  reads one unit;
- interval bounds (``low/high``, ``lo/hi``, ``ci_low``…) of probabilities are
  clamped to ``[0, 1]`` (no ``1.7347e-18``); ``X_lo``/``X_hi`` are percentages
  only when ``X`` is;
- a float column that repeats an exact column's values (``p`` beside
  ``probability = "6497/18278"``) is not shown twice: the exact one stays;
- numbers (and their headers) right-aligned, text (and its headers) left-aligned;
- no shape or dtype rows, no quotes, empty cells instead of ``null``, lists
  joined with ``;``, long text wrapped, every row shown (a long table scrolls,
  and says how many rows it has);
- a ``seat`` column counting from 0 shows player names (Player 1 …, see
  :func:`workbench.ui.names.player_name`);
- a Japanese column ``X`` / ``X_ja`` is followed by its English gloss
  ``X_en`` when the frame has one.

>>> import polars as pl
>>> f = pl.DataFrame({"name_en": ["ghost"], "name_ja": ["何か"], "p_win": [0.25],
...                   "p_win_exact": ["1/4"], "note": [None]})
>>> html = table_html(f)
>>> "25.0%" in html and 'title="exactly 1/4"' in html and "null" not in html
True
>>> html.index("何か") < html.index("ghost")
True
"""

from __future__ import annotations

import html as _html
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import polars as pl

from workbench.ui.names import player_name

_FRACTION = re.compile(r"^\s*-?\d+(?:\s*/\s*\d+)?\s*$")
_PROB_NAME = re.compile(
    r"(^p$|^p[_(\s]|^prob|probab|rate|share|chance|^win|_win|\bwins?\b|wins?$|^exact$|fumble_p|^pr_|"
    r"percent|^fair|^simulated$|when_held$|^at_(least|most)$|_decided$)",
    re.IGNORECASE,
)
_LOW_HIGH = re.compile(r"(^|_)(lo|low|lower|hi|high|upper)$|^ci_", re.IGNORECASE)
_NOT_PROB = re.compile(
    r"mean|expect|cost|avg|average|turn|length|count|size|score|^vp|_vp|points", re.IGNORECASE
)
_POINTS_NAME = re.compile(
    r"advantage|(^|_)lost$|^iwd$|^effect(_low|_high)?$|^change$|^change_|_change$", re.IGNORECASE
)
_ENDING_SHARE = re.compile(r"^end(ed)?_", re.IGNORECASE)  # end_vp, ended_deaths: games' shares
_EPS = 1e-9
SCROLL_ROWS = 40

# The last three rules set each cell's alignment again under the table's box: JupyterLab's
# ``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td`` (a notebook's output and an exported
# report) right-aligns every cell and outweighs ``table.wb-table td``, so text columns read
# right-aligned. Only the alignment is raised: the what-if grid and the analysis panel style
# their own tables over the rest (tests/browser/test_export_offline.py looks at a report).
STYLE = """<style>
.wb-table-box{max-width:100%;overflow-x:auto;margin:4px 0}
.wb-table-box.wb-scroll{max-height:32em;overflow-y:auto}
table.wb-table{border-collapse:collapse;font:13px/1.35 system-ui,-apple-system,'Segoe UI',
'Noto Sans CJK JP','Noto Sans',sans-serif;color:#222}
table.wb-table caption{caption-side:top;text-align:left;color:#555;padding:2px 0;font-size:12px}
table.wb-table th{background:#f3f4f6;text-align:left;font-weight:600;padding:3px 8px;
border-bottom:2px solid #ccc;position:sticky;top:0;white-space:normal;vertical-align:bottom}
table.wb-table td{padding:3px 8px;border-bottom:1px solid #e5e5e5;vertical-align:top;
text-align:left;white-space:normal;overflow-wrap:break-word;word-break:normal;max-width:28em;
min-width:3.5em}
table.wb-table td.wb-num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.wb-table td.wb-empty{color:#aaa}
table.wb-table th.wb-num{text-align:right}
table.wb-table th.wb-pivot{text-align:center;border-bottom:1px solid #ccc;position:static}
table.wb-table small.wb-exact{color:#777;margin-left:.4em}
table.wb-table tr:nth-child(even) td{background:#fafafa}
.wb-table-box table.wb-table th,.wb-table-box table.wb-table td{text-align:left}
.wb-table-box table.wb-table th.wb-num,.wb-table-box table.wb-table td.wb-num{text-align:right}
.wb-table-box table.wb-table th.wb-pivot{text-align:center}
</style>"""


def _is_rational(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | Fraction):
        return True
    return hasattr(value, "p") and hasattr(value, "q") and hasattr(value, "is_Rational")


def as_fraction(value: Any) -> Fraction | None:
    """An exact value (``Rational``, ``Fraction``, int or a ``"p/q"`` string) as a Fraction.

    >>> as_fraction("6497/18278"), as_fraction(" 3 "), as_fraction("x"), as_fraction(0.5)
    (Fraction(6497, 18278), Fraction(3, 1), None, None)
    """
    if isinstance(value, str):
        if not _FRACTION.match(value):
            return None
        num, _, den = value.replace(" ", "").partition("/")
        return Fraction(int(num), int(den or 1)) if int(den or 1) else None
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if _is_rational(value):
        return Fraction(int(value.p), int(value.q))
    return None


def percent(value: float, digits: int = 1) -> str:
    """A probability as a percentage; tiny and near-certain values never round to 0 or 100.

    >>> percent(0.25), percent(1e-18), percent(0.0), percent(0.99999), percent(1.0)
    ('25.0%', '<0.1%', '0.0%', '>99.9%', '100.0%')
    """
    value = min(1.0, max(0.0, value))
    step = 10.0**-digits
    shown = 100 * value
    if 0 < shown < step:
        return f"<{step:.{digits}f}%"
    if 100 - step < shown < 100:
        return f">{100 - step:.{digits}f}%"
    return f"{shown:.{digits}f}%"


def number(value: float, digits: int = 3) -> str:
    """A float with at most ``digits`` decimals, trailing zeros dropped, no exponent.

    >>> number(2.5), number(1.7347e-18), number(1234567.891), number(-0.000001), number(float("nan"))
    ('2.5', '0', '1,234,568', '0', '')
    """
    if math.isnan(value):
        return ""
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    if abs(value) >= 10_000:
        return f"{value:,.0f}"
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def column_decimals(values: Sequence[Any], digits: int = 3) -> int:
    """The decimals a float column is shown with: as many as its most precise value needs
    (at most ``digits``), so one column reads one format (``0.870`` beside ``0.867``, not
    ``0.87``).

    >>> column_decimals([0.87, 0.8666666, 2.0, None]), column_decimals([1.0, 2.5])
    (3, 1)
    """
    most = 0
    for v in values:
        if isinstance(v, float) and math.isfinite(v) and abs(v) < 10_000:
            text = number(v, digits)
            most = max(most, len(text.split(".")[1]) if "." in text else 0)
    return most


def fixed(value: float, decimals: int) -> str:
    """``value`` with exactly ``decimals`` decimals (a column's own format; see
    :func:`number` for the rest).

    >>> fixed(0.87, 3), fixed(-0.0001, 2), fixed(12345.6, 2)
    ('0.870', '0.00', '12,346')
    """
    if math.isnan(value) or math.isinf(value) or abs(value) >= 10_000:
        return number(value)
    text = f"{value:.{decimals}f}"
    return text.lstrip("-") if float(text) == 0 else text


def _values(frame: pl.DataFrame, column: str) -> list[Any]:
    return frame.get_column(column).to_list()


def _exact_column(values: Sequence[Any]) -> list[Fraction | None] | None:
    """The column as fractions when every non-empty value is exact (and one is not an int)."""
    out: list[Fraction | None] = []
    seen_fraction = False
    for v in values:
        if v is None:
            out.append(None)
            continue
        f = as_fraction(v)
        if f is None:
            return None
        seen_fraction = seen_fraction or f.denominator != 1 or (isinstance(v, str) and "/" in v)
        out.append(f)
    return out if seen_fraction and any(x is not None for x in out) else None


def _in_unit(values: Iterable[Any]) -> bool:
    seen = False
    for v in values:
        if v is None or (isinstance(v, float) and math.isnan(v)):
            continue
        if not -_EPS <= float(v) <= 1 + _EPS:
            return False
        seen = True
    return seen


def _ordered_columns(columns: Sequence[str]) -> list[str]:
    """Glosses right after what they gloss: ``name_ja`` (or ``name``) then ``name_en``."""
    out: list[str] = []
    for c in columns:
        if c in out:
            continue
        if c.endswith("_en") and (c[:-3] + "_ja" in columns or c[:-3] in columns):
            continue  # placed after its Japanese column
        out.append(c)
        base = c[:-3] if c.endswith("_ja") else c
        if base + "_en" in columns and base + "_en" not in out:
            out.append(base + "_en")
    return out


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return number(value)
    if isinstance(value, list | tuple):
        return "; ".join(_cell(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def table_html(
    frame: pl.DataFrame,
    *,
    digits: int = 1,
    exact: str = "hover",
    percent_columns: Sequence[str] | None = None,
    seats: Sequence[str] | None = None,
    seat_names: Sequence[str] | None = None,
    title: str | None = None,
    row_classes: Mapping[int, tuple[str, str]] | None = None,
    pivot: str | None = None,
) -> str:
    """The frame as one styled HTML table (pure; see the module docstring for the rules).

    ``percent_columns`` overrides which columns are probabilities; ``seats``
    names the columns counting seats from 0 (default: a column named ``seat``
    whose values are at least -1); ``row_classes`` maps a row index to
    ``(css class, hover text)``; ``pivot`` names what a pivoted frame's columns are
    (every column after the first): it heads them, spanning them.

    >>> import polars as pl
    >>> f = pl.DataFrame({"seat": [0, 1, -1], "rate": [0.5, 0.5, 0.0],
    ...                   "high": [0.9, 1.0000000001, 1.7e-18], "text": ["a" * 300, "b", "c"]})
    >>> html = table_html(f)
    >>> "Player 1" in html and "nobody" in html and "e-18" not in html and "a" * 300 in html
    True
    >>> table_html(pl.DataFrame({"p": ["1/3"]}), exact="beside").count("1/3")
    2
    >>> g = table_html(pl.DataFrame({"seat0_win_rate": [0.306], "seat_advantage": [0.058]}))
    >>> "30.6%" in g and "+5.8 pts" in g
    True
    >>> "+6.1 pts" in table_html(pl.DataFrame({"mean_win_rate_lost": [0.061]}))
    True
    >>> c = table_html(pl.DataFrame({"iwd": [0.095], "played_when_held": [1.0], "effect": [0.286],
    ...                              "effect_low": [-0.16], "effect_high": [0.621]}))
    >>> all(t in c for t in ("+9.5 pts", "100.0%", "+28.6 pts", "-16.0 pts", "+62.1 pts"))
    True
    >>> e = table_html(pl.DataFrame({"end_vp": [0.875], "ended_deaths": [0.25], "end_turn": [12.0]}))
    >>> "87.5%" in e and "25.0%" in e and ">12<" in e
    True
    >>> a = table_html(pl.DataFrame({"at_least": [1.0], "at_most": [0.005], "fumble_decided": [0.25]}))
    >>> "100.0%" in a and "0.5%" in a and "25.0%" in a
    True
    >>> d = table_html(pl.DataFrame({"rate": [0.65, 0.067], "lo": [0.524, -0.005], "hi": [0.758, 0.14]}))
    >>> "52.4%" in d and "-0.5%" in d and "14.0%" in d  # a difference row's bound below 0
    True
    >>> b = table_html(pl.DataFrame({"exact": ["1/8"], "simulated": [0.167], "low": [0.044],
    ...                              "vp": [-0.21], "lo": [-0.47], "hi": [0.038]}))
    >>> "16.7%" in b and "4.4%" in b and ">0.038<" in b  # a bound reads as what it bounds
    True
    """
    if exact not in {"hover", "beside"}:
        raise ValueError(f"exact={exact!r}: use 'hover' or 'beside'")
    columns = list(frame.columns)
    exact_of: dict[str, list[Fraction | None]] = {}
    hidden: set[str] = set()
    for c in columns:
        ex = _exact_column(_values(frame, c)) if frame.schema[c] in (pl.String, pl.Object) else None
        if ex is None:
            continue
        twin = c[:-6] if c.endswith("_exact") else None
        if twin and twin in columns and frame.schema[twin].is_numeric():
            exact_of[twin] = ex
            hidden.add(c)
        else:
            exact_of[c] = ex
    if seats is None:
        seats = [
            c
            for c in columns
            if c.lower() == "seat"
            and frame.schema[c].is_integer()
            and (frame.height == 0 or (frame.get_column(c).min() or 0) >= -1)  # type: ignore[operator]
        ]
    hidden |= _repeated_floats(frame, exact_of, hidden)
    shown = [c for c in _ordered_columns(columns) if c not in hidden]
    probability = {c: _is_probability(frame, c, exact_of.get(c), percent_columns) for c in shown}
    signed: set[str] = set()  # bounds of a rate that a difference row takes below 0
    for c in shown:  # a bound is a percentage only when what it bounds is one
        bounded = _bounded(frame, shown, c) if percent_columns is None else None
        if bounded is not None and not probability[bounded]:
            probability[c] = False
        elif bounded is not None and not probability[c] and frame.schema[c].is_float():
            values = [v for v in _values(frame, c) if v is not None and not math.isnan(v)]
            if values and all(-1 - _EPS <= v <= 1 + _EPS for v in values):
                probability[c] = True
                signed.add(c)
    points = {
        c
        for c in shown
        if not probability[c]
        and frame.schema[c].is_float()
        and _POINTS_NAME.search(c)
        and all(abs(v) <= 1 + _EPS for v in _values(frame, c) if v is not None)
    }
    numeric = {
        c for c in shown if c in exact_of or (frame.schema[c].is_numeric() and c not in seats)
    }
    decimals = {
        c: column_decimals(
            [float(e) if e is not None else None for e in exact_of[c]]
            if c in exact_of and not frame.schema[c].is_float()
            else _values(frame, c),
            max(3, digits),
        )
        for c in shown
        if c in numeric and not probability[c] and c not in points
    }
    num_th = " class='wb-num'"
    head = "".join(
        f"<th{num_th if c in numeric else ''}>{_html.escape(c.replace('_', ' '))}</th>"
        for c in shown
    )
    if pivot and len(shown) > 1:
        head = (
            f"<th></th><th colspan='{len(shown) - 1}' class='wb-pivot'>{_html.escape(pivot)} →"
            f"</th></tr><tr>{head}"
        )
    body = []
    for i, row in enumerate(frame.iter_rows(named=True)):
        cells = []
        for c in shown:
            if c in points and isinstance(row[c], float):
                cells.append(f"<td class='wb-num'>{row[c] * 100:+.{digits}f} pts</td>")
                continue
            if c in signed and isinstance(row[c], float) and row[c] < 0:  # not clamped to 0%
                cells.append(f"<td class='wb-num'>{row[c] * 100:.{digits}f}%</td>")
                continue
            cells.append(
                _td(
                    c,
                    row[c],
                    exact_of.get(c, [None] * (i + 1))[i],
                    probability[c],
                    c in seats,
                    digits,
                    decimals.get(c),
                    exact,
                    seat_names,
                )
            )
        css, note = (row_classes or {}).get(i, ("", ""))
        attrs = (f' class="{_html.escape(css)}"' if css else "") + (
            f' title="{_html.escape(note)}"' if note else ""
        )
        body.append(f"<tr{attrs}>{''.join(cells)}</tr>")
    n = frame.height
    caption = _html.escape(title) if title else ""
    if exact_of and exact == "hover":
        caption = (caption + " · " if caption else "") + "hover a number for its exact fraction"
    if n > SCROLL_ROWS:
        caption = (caption + " · " if caption else "") + f"{n} rows (scroll to see them all)"
    cap = f"<caption>{caption}</caption>" if caption else ""
    box = "wb-table-box wb-scroll" if n > SCROLL_ROWS else "wb-table-box"
    empty = (
        "" if n else f"<tr><td colspan='{max(1, len(shown))}' class='wb-empty'>(no rows)</td></tr>"
    )
    return (
        f"{STYLE}<div class='{box}'><table class='wb-table'>{cap}<thead><tr>{head}</tr>"
        f"</thead><tbody>{''.join(body) or empty}</tbody></table></div>"
    )


def _bounded(frame: pl.DataFrame, shown: Sequence[str], column: str) -> str | None:
    """The shown column a bound column bounds, None when it is not a bound or bounds none
    shown: ``X`` for ``X_lo`` (``X_rate`` when ``X`` is a count and ``X_rate`` is shown:
    ``replaced`` and ``replaced_rate`` beside ``replaced_lo``), and for a bare ``lo`` or
    ``high`` the nearest column on its left that is not a bound (``rate, lo, hi``).

    >>> f = pl.DataFrame({"replaced": [5], "replaced_rate": [0.06], "replaced_lo": [0.05],
    ...                   "vp": [-0.2], "lo": [-0.5], "hi": [0.04], "lonely": [1]})
    >>> [_bounded(f, f.columns, c) for c in f.columns]
    [None, None, 'replaced_rate', None, 'vp', 'vp', None]
    """
    if not _LOW_HIGH.search(column):
        return None
    base = _LOW_HIGH.sub("", column)
    if base == "":
        left = [c for c in shown[: shown.index(column)] if not _LOW_HIGH.search(c)]
        return left[-1] if left else None
    if base not in shown:
        return None
    rate = f"{base}_rate"
    if rate in shown and not frame.schema[base].is_float():
        return rate
    return base


def _repeated_floats(
    frame: pl.DataFrame, exact_of: Mapping[str, list[Fraction | None]], hidden: set[str]
) -> set[str]:
    """Float columns whose every value is an exact column's (``p`` beside ``probability``).

    >>> f = pl.DataFrame({"probability": ["1/3", "1/4"], "p": [1 / 3, 0.25], "q": [0.3, 0.25]})
    >>> sorted(_repeated_floats(f, {"probability": [Fraction(1, 3), Fraction(1, 4)]}, set()))
    ['p']
    """
    out: set[str] = set()
    for c in frame.columns:
        if c in hidden or c in exact_of or not frame.schema[c].is_float():
            continue
        values = _values(frame, c)
        for name, exact in exact_of.items():
            if (
                name not in hidden
                and len(exact) == len(values)
                and all(
                    (v is None and e is None)
                    or (v is not None and e is not None and abs(float(e) - v) < 1e-12)
                    for v, e in zip(values, exact, strict=True)
                )
            ):
                out.add(c)
                break
    return out


def _is_probability(
    frame: pl.DataFrame,
    column: str,
    exact: list[Fraction | None] | None,
    percent_columns: Sequence[str] | None,
) -> bool:
    if percent_columns is not None:
        return column in percent_columns
    if _ENDING_SHARE.search(column) and frame.schema[column].is_float():
        return _in_unit(_values(frame, column))  # the share of games ending so (end_vp)
    if _NOT_PROB.search(column):
        return False
    if exact is not None:
        named = bool(_PROB_NAME.search(column)) or column.endswith("_exact") or column == "exact"
        return named and _in_unit(float(x) for x in exact if x is not None)
    if frame.schema[column].is_float():
        named = bool(_PROB_NAME.search(column) or _LOW_HIGH.search(column))
        return named and _in_unit(_values(frame, column))
    return False


def _td(
    column: str,
    value: Any,
    exact_value: Fraction | None,
    is_probability: bool,
    is_seat: bool,
    digits: int,
    decimals: int | None,
    exact: str,
    seat_names: Sequence[str] | None,
) -> str:
    if value is None and exact_value is None:
        return "<td class='wb-empty'></td>"
    if is_seat and isinstance(value, int):
        return f"<td>{_html.escape(player_name(value, seat_names))}</td>"
    if exact_value is not None or (is_probability and isinstance(value, int | float)):
        x = (
            float(exact_value)
            if exact_value is not None and not isinstance(value, int | float)
            else float(value)
        )
        text = (
            percent(x, digits)
            if is_probability
            else fixed(x, decimals)
            if decimals is not None
            else number(x, max(3, digits))
        )
        if exact_value is None:
            return f"<td class='wb-num'>{text}</td>"
        frac = (
            f"{exact_value.numerator}/{exact_value.denominator}"
            if exact_value.denominator != 1
            else str(exact_value.numerator)
        )
        beside = f"<small class='wb-exact'>{frac}</small>" if exact == "beside" else ""
        return f"<td class='wb-num' title=\"exactly {frac}\">{text}{beside}</td>"
    if isinstance(value, float) and decimals is not None:
        return f"<td class='wb-num'>{_html.escape(fixed(value, decimals))}</td>"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"<td class='wb-num'>{_html.escape(_cell(value))}</td>"
    return f"<td>{_html.escape(_cell(value))}</td>"


class Table:
    """``display(Table(frame, digits=1))`` shows the frame in the workbench style."""

    def __init__(self, frame: pl.DataFrame, **options: Any) -> None:
        self.frame = frame
        self.options = options
        self.html = table_html(frame, **options)

    def _repr_html_(self) -> str:
        return self.html
