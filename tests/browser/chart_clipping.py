"""Find chart text the browser draws outside its SVG (clipped), in an open page."""

from __future__ import annotations

from typing import Any

#: Every <text> of every chart SVG in the notebook outputs whose box leaves the SVG's box.
CLIPPED_JS = """() => {
  const out = [], tol = 0.5;
  const svgs = document.querySelectorAll('.jp-OutputArea-output svg');
  let charts = 0, texts = 0;
  for (const svg of svgs) {
    if (svg.parentElement.closest('svg')) continue;
    const box = svg.getBoundingClientRect();
    const items = svg.querySelectorAll('text');
    if (!items.length || !box.width) continue;
    charts += 1;
    for (const t of items) {
      const r = t.getBoundingClientRect();
      if (!r.width || !t.textContent.trim()) continue;
      texts += 1;
      if (r.left < box.left - tol || r.right > box.right + tol ||
          r.top < box.top - tol || r.bottom > box.bottom + tol) {
        out.push({text: t.textContent, chart: charts,
                  over: Math.max(box.left - r.left, r.right - box.right,
                                 box.top - r.top, r.bottom - box.bottom)});
      }
    }
  }
  return {charts, texts, clipped: out};
}"""

EMBEDDED_FONT_JS = """() => [...document.fonts].filter(
  f => f.family.replace(/['"]/g, '') === 'IPAexGothic' && f.status === 'loaded').length"""


def clipped_chart_text(page: Any) -> dict[str, Any]:
    """``{"charts": n, "texts": n, "clipped": [{"text", "chart", "over"}, ...]}`` for ``page``."""
    page.evaluate("() => document.fonts.ready")
    return page.evaluate(CLIPPED_JS)  # type: ignore[no-any-return]
