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

from workbench.charts.base import enable_offline
from workbench.ui.table import table_html


def mathml(expr: Any) -> str:
    """A sympy object as a ``<math>`` element (presentation MathML).

    >>> import sympy
    >>> mathml(sympy.Rational(1, 4))
    '<math display="block"><mfrac><mn>1</mn><mn>4</mn></mfrac></math>'
    """
    from sympy.printing.mathml import mathml as to_mathml

    return f'<math display="block">{to_mathml(expr, printer="presentation")}</math>'


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
        pl.DataFrame, lambda f, p, cycle: p.text(f"table of {f.height} rows × {f.width} columns"))
    formatters["text/html"].for_type_by_name("sympy.printing.defaults", "Printable", mathml)
    return True
