"""An exported report opens from file:// with every request blocked, makes no request at all
in 20 of 20 loads of every notebook's report (the widget code inlined and defined before the manager asks for it; a
content security policy refuses any fetch), and shows its widgets — each under one "static
snapshot" note, its controls greyed and inert —, charts and typeset math; printed prose wraps
at words and a cell's printed lines are one block; every notebook's report is at most 2.5 MB.
The notebooks run on the test run's budget here (``budget="ci"``: the kernel is told, it does
not inherit it); ``make export`` makes the designer's reports on the full one."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from workbench.share.export import export_notebook

pytestmark = pytest.mark.browser
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
MAX_REPORT_BYTES = 2_500_000
LOADS = 20  # every notebook's report (slow); the probe in the default run: PROBE_LOADS
PROBE_LOADS = 3
PROSE = (
    "With うにゅう physical 1D -> 2D+1, over 200 paired greedy games the conclusion is "
    "neutral: no measure moved beyond its interval, made at 21:05 UTC on the same deals. " * 3
)
STATIC = """() => {
  const outs = [...document.querySelectorAll('.jp-OutputArea-output.jupyter-widgets')];
  const notes = outs.map((o) => getComputedStyle(o, '::before').content);
  const buttons = [...document.querySelectorAll('.jp-OutputArea-output button')];
  return {widgets: outs.length, notes,
          opacity: buttons.map((b) => getComputedStyle(b).opacity),
          events: buttons.map((b) => getComputedStyle(b).pointerEvents)};
}"""
SPLIT_WORDS = """(words) => {
  const pre = [...document.querySelectorAll('.jp-OutputArea-output pre')]
    .find((p) => p.textContent.includes('second line'));
  const text = pre.firstChild, split = [];
  for (const word of words) {
    let at = text.textContent.indexOf(word);
    while (at >= 0) {
      const range = document.createRange();
      range.setStart(text, at); range.setEnd(text, at + word.length);
      if (range.getClientRects().length !== 1) split.push(word);
      at = text.textContent.indexOf(word, at + 1);
    }
  }
  return {split, lines: Math.round(pre.getBoundingClientRect().height / 15),
          one_block: pre.textContent.includes('first line of one print block')};
}"""


ALIGN = """() => {
  const box = document.querySelector('.jp-OutputArea-output .wb-table-box');
  const align = (el) => getComputedStyle(el).textAlign;
  const cells = [...box.querySelectorAll('th, td')];
  return Object.fromEntries(cells.map((c) => [c.textContent, align(c)]));
}"""


def _tiny_notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Report\n\nThe mean is $\\frac{5n}{2} + k$."),
        nbformat.v4.new_code_cell(f"PROSE = {PROSE!r}"),
        nbformat.v4.new_code_cell(
            "import ipywidgets as w\nb = w.Button(description='御影さくら')\nb.add_class('wb-probe')\n"
            "w.VBox([b, w.HTML(\"a card<span class='wb-click-hint'> — click to pass it left</span>\")])"
        ),
        nbformat.v4.new_code_cell(
            "import anywidget, traitlets\n"
            "class Probe(anywidget.AnyWidget):\n"
            "    _esm = \"export default {render({model, el}) {el.textContent = 'any ' + "
            "model.get('v'); el.classList.add('wb-any');}}\"\n"
            "    v = traitlets.Unicode('ok').tag(sync=True)\n"
            "Probe()"
        ),
        nbformat.v4.new_code_cell(
            "import sys, time\nprint('first line of one print block', flush=True)\n"
            "time.sleep(0.3)\nprint('second line, ' + PROSE)"
        ),
        nbformat.v4.new_code_cell(
            "import altair as alt, polars as pl\nalt.renderers.enable('svg')\n"
            "alt.Chart(pl.DataFrame({'n': [1, 2, 3], 'mean': [2.5, 5.0, 7.5]})).mark_bar()"
            ".encode(x='n:O', y='mean').properties(title='期待値')"
        ),
        nbformat.v4.new_code_cell(
            "from workbench.ui.table import Table\n"
            "Table(pl.DataFrame({'card': ['うにゅう'], 'vp': [3]}))"
        ),
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / "probe.ipynb"
    nbformat.write(nb, path)
    return path


def test_exported_report_renders_offline(tmp_path: Path, watched_page, build_dir: Path) -> None:
    html_path = export_notebook(_tiny_notebook(tmp_path), tmp_path / "probe.html")
    text = html_path.read_text(encoding="utf-8")
    assert "wb-provenance" in text and "workbench 0." in text
    assert "Content-Security-Policy" in text.split("</head>")[0]
    page = watched_page.page
    page.set_viewport_size({"width": 520, "height": 900})  # narrow: the prose must wrap
    failed: list[str] = []
    requested: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("request", lambda r: requested.append(r.url))
    for _ in range(PROBE_LOADS):  # the widget loader once raced a CDN fetch: every load counts
        page.goto(html_path.as_uri())
        page.wait_for_selector(".wb-probe", timeout=20_000)
        page.wait_for_selector(".wb-any", timeout=20_000)
    assert page.locator(".wb-probe").inner_text().strip() == "御影さくら"
    assert not page.locator(".wb-click-hint").is_visible()  # nothing to click in a report
    assert page.locator(".wb-any").inner_text().strip() == "any ok"
    assert page.locator("svg.marks, .vega-embed svg, svg").count() >= 1
    assert "期待値" in page.content()
    page.wait_for_selector("mjx-container", timeout=20_000)
    static = page.evaluate(STATIC)
    assert static["widgets"] == 2 and all("static snapshot" in n for n in static["notes"])
    assert static["opacity"] == ["0.5"] and static["events"] == ["none"]  # greyed and inert
    # a styled table under JupyterLab's own table rules: text left, numbers right
    assert page.evaluate(ALIGN) == {"card": "left", "vp": "right", "うにゅう": "left", "3": "right"}
    prose = page.evaluate(SPLIT_WORDS, ["neutral", "UTC", "interval", "うにゅう"])
    assert prose["split"] == [] and prose["lines"] >= 4 and prose["one_block"]
    (build_dir / "e2e").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(build_dir / "e2e" / "export-probe.png"), full_page=True)
    assert watched_page.errors == []
    assert watched_page.blocked == [], f"the report asked the network for {watched_page.blocked}"
    assert failed == []
    assert [u for u in requested if not u.startswith(("file:", "data:", "blob:"))] == []


@pytest.mark.slow  # a minute (the life notebook executed); the tiny notebook's test stays
def test_real_game_notebook_report_shows_board_and_charts(
    watched_page, build_dir: Path, reports_dir: Path
) -> None:
    """The life notebook, exported: its board (widget state) and altair charts render offline."""
    notebook = Path(__file__).resolve().parents[2] / "notebooks" / "life.ipynb"
    html_path = export_notebook(notebook, reports_dir / "life.html", budget="ci")
    assert html_path.stat().st_size <= MAX_REPORT_BYTES
    page = watched_page.page
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.goto(html_path.as_uri())
    page.wait_for_selector(".wb-board .wb-picture", timeout=30_000)
    assert page.locator(".wb-board .wb-action").count() >= 1
    assert page.locator(".jp-OutputArea-output svg, .jp-OutputArea-output img").count() >= 3
    static = page.evaluate(STATIC)
    assert static["widgets"] >= 1 and all("static snapshot" in n for n in static["notes"])
    banner = page.locator(".wb-provenance")
    assert len(banner.inner_text().strip().splitlines()) == 1  # folded: one line
    banner.locator("summary").click()
    assert "data sheets (sha256" in banner.inner_text()
    screenshot_dir = build_dir / "e2e"
    screenshot_dir.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(screenshot_dir / "export-life.png"))
    assert watched_page.errors == []
    assert watched_page.blocked == [] and failed == []


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")))
def test_every_report_is_small_and_offline(
    name: str, watched_page, build_dir: Path, reports_dir: Path
) -> None:
    html_path = export_notebook(
        NOTEBOOKS / f"{name}.ipynb", reports_dir / f"{name}.html", budget="ci"
    )
    size = html_path.stat().st_size
    assert size <= MAX_REPORT_BYTES, f"{name}.html is {size / 1e6:.2f} MB"
    page = watched_page.page
    failed: list[str] = []
    requested: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("request", lambda r: requested.append(r.url))
    for _ in range(LOADS):
        page.goto(html_path.as_uri())
        page.wait_for_load_state("load")
        page.wait_for_timeout(1500)  # the packed scripts unpack and draw the widgets
    (build_dir / "e2e").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(build_dir / "e2e" / f"export-{name}.png"), full_page=True)
    assert watched_page.errors == []
    assert watched_page.blocked == [] and failed == []
    assert [u for u in requested if not u.startswith(("file:", "data:", "blob:"))] == []
