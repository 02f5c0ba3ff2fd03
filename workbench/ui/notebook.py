"""One call at the top of a notebook: ``from workbench.ui.notebook import setup; setup()``.

- charts are drawn offline by the workbench renderer (SVG through vl-convert,
  nothing clipped: :mod:`workbench.charts.tidy`);
- every polars frame shows in the workbench table style (:mod:`workbench.ui.table`):
  percentages with exact fractions on hover, no dtype rows, nothing cut;
- sympy results show as MathML, which browsers draw themselves, so an
  exported report needs no MathJax (2.3 MB) for them; the LaTeX stays in the
  output for JupyterLab's own renderer.
"""

from __future__ import annotations

from typing import Any

import polars as pl
import sympy
from sympy.printing.mathml import MathMLPresentationPrinter
from sympy.printing.mathml import mathml as to_mathml

from workbench.charts.base import enable_offline
from workbench.ui.table import number, percent, table_html

LONG_FRACTION = 10_000  # a denominator from here on reads better as a percentage


def mathml(expr: Any) -> str:
    """A sympy object as a ``<math>`` element (presentation MathML); a long fraction
    (denominator of 5 digits or more) as a percentage (or decimal) with the fraction
    on hover and beside it in small type.

    >>> import sympy
    >>> mathml(sympy.Rational(1, 4))
    '<math display="block"><mfrac><mn>1</mn><mn>4</mn></mfrac></math>'
    >>> mathml(sympy.Rational(6497, 18278))
    '<span class="wb-long-fraction" title="exactly 6497/18278">35.5%<small> = 6497/18278</small></span>'
    """
    if getattr(expr, "is_Rational", False) and int(expr.q) >= LONG_FRACTION:
        frac = f"{expr.p}/{expr.q}"
        value = float(expr)
        shown = percent(value) if 0 <= value <= 1 else number(value, 4)
        return (
            f'<span class="wb-long-fraction" title="exactly {frac}">{shown}'
            f"<small> = {frac}</small></span>"
        )
    if expr.has(sympy.Piecewise):
        return f'<math display="block">{_CasesPrinter({}).doprint(expr)}</math>'
    return f'<math display="block">{to_mathml(expr, printer="presentation")}</math>'


class _CasesPrinter(MathMLPresentationPrinter):
    """Presentation MathML that writes a ``Piecewise`` as cases under a brace ("if …",
    "otherwise"), where sympy's own printer writes ``piecewise((x, x > 0), (0, True))``.

    >>> x = sympy.Symbol("x")
    >>> html = mathml(sympy.Piecewise((x, x > 0), (0, True)))
    >>> "piecewise" in html, "otherwise" in html, "True" in html, "<mtable" in html
    (False, True, False, True)
    """

    def _print_Piecewise(self, expr: Any) -> Any:
        dom = self.dom
        row, brace, table = (
            dom.createElement("mrow"),
            dom.createElement("mo"),
            dom.createElement("mtable"),
        )
        brace.appendChild(dom.createTextNode("{"))
        table.setAttribute("columnalign", "left")
        for value, condition in expr.args:
            tr, left, right = (
                dom.createElement("mtr"),
                dom.createElement("mtd"),
                dom.createElement("mtd"),
            )
            left.appendChild(self._print(value))
            word = dom.createElement("mtext")
            if condition == sympy.true:
                word.appendChild(dom.createTextNode("otherwise"))
                right.appendChild(word)
            else:
                word.appendChild(dom.createTextNode("if\u00a0"))
                right.appendChild(word)
                right.appendChild(self._print(condition))
            tr.appendChild(left)
            tr.appendChild(right)
            table.appendChild(tr)
        row.appendChild(brace)
        row.appendChild(table)
        return row


def setup(digits: int = 1) -> bool:
    """Offline tidy charts, frames as tables (percentages to ``digits`` decimals) and
    sympy as MathML for this notebook; False outside IPython (charts still set up)."""
    enable_offline()
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython ships with the notebooks' stack
        return False
    shell = get_ipython()
    if shell is None:
        return False
    formatters = shell.display_formatter.formatters
    formatters["text/html"].for_type(pl.DataFrame, lambda f: table_html(f, digits=digits))
    formatters["text/plain"].for_type(
        pl.DataFrame, lambda f, p, cycle: p.text(f"table of {f.height} rows × {f.width} columns")
    )
    formatters["text/html"].for_type_by_name("sympy.printing.defaults", "Printable", mathml)
    return True
