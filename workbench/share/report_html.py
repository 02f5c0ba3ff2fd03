"""The parts of an offline report that keep it small, reproducible and honest.

- :func:`packed_script`: a vendored script inlined gzip-compressed (base64);
  :data:`LOADER_JS` unpacks the packed scripts in page order with the
  browser's own ``DecompressionStream`` and runs them (3.6 MB of widget
  manager travel as 1.1 MB, without its CSS source maps: :func:`without_source_maps`);
- :func:`without_default_state`: the saved widget state without the values every
  widget of its kind starts with (what ipywidgets' own ``drop_defaults`` leaves out);
- :func:`uses_tex` / :func:`shows_widgets`: MathJax only for a notebook with
  TeX, the widget manager only for one that shows widgets;
- :func:`merge_streams`: a cell's printed lines in one block however the kernel
  flushed them;
- :func:`stable_ids`: the random widget model ids and element uuids renamed
  in order of appearance, so the same notebook gives the same bytes;
- :func:`provenance_html`: the provenance banner as one line, details on click;
- :data:`SNAPSHOT_CSS`: one "static snapshot — open the notebook to use it" note
  over every widget (a board, the what-if grid, a stream), whose controls are inert and
  look it (greyed, no pointer) in a report, click hints (``.wb-click-hint``) hidden;
  printed text wraps at words;
- :data:`CSP_META`: a content security policy under which the page can make no request.
"""

from __future__ import annotations

import base64
import gzip
import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

PACKED_TYPE = "text/x-wb-packed"
LATER_TYPE = "text/x-wb-later"

LOADER_JS = """(async function () {
  /* Unpack the gzip-compressed scripts of this report (no network: DecompressionStream is
     the browser's own), then run them all in page order with no wait between them: the
     widget manager starts rendering as soon as it runs, and every module it asks for
     (anywidget's) must be defined by then, or its loader falls back to a CDN. */
  var steps = document.querySelectorAll('script[type="PACKED"], script[type="LATER"]');
  var codes = [];
  for (var i = 0; i < steps.length; i++) {
    var code = steps[i].textContent;
    if (steps[i].type === 'PACKED') {
      var bin = atob(code.trim()), bytes = new Uint8Array(bin.length);
      for (var j = 0; j < bin.length; j++) bytes[j] = bin.charCodeAt(j);
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
      code = await new Response(stream).text();
    }
    codes.push(code);
  }
  for (var k = 0; k < codes.length; k++) {
    var s = document.createElement('script');
    s.textContent = codes[k];
    document.head.appendChild(s);
  }
})();""".replace("PACKED", PACKED_TYPE).replace("LATER", LATER_TYPE)

#: no request leaves a report: scripts, styles, fonts and pictures are inline (data: or blob:
#: URLs, which anywidget's modules and the packed loader use); a stray fetch is refused by
#: the browser before it is made.
CSP_META = (
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
    "script-src 'unsafe-inline' 'unsafe-eval' data: blob:; style-src 'unsafe-inline' data: blob:; "
    'img-src data: blob:; font-src data: blob:; connect-src data: blob:; worker-src blob:">'
)

WIDGET_OUTPUT = ".jp-OutputArea-output.jupyter-widgets"  # the output a widget view is drawn into

SNAPSHOT_CSS = (
    """<style>
WIDGET { position: relative; }
WIDGET::before { content: "static snapshot \\2014  open the notebook to use it";
  display: block; width: max-content; font: 600 12px/1.6 system-ui, sans-serif; color: #6b4e00;
  background: #fff4d6; border: 1px solid #e8c66a; border-radius: 4px; padding: 1px 10px;
  margin-bottom: 6px; }
WIDGET button, WIDGET select, WIDGET input, WIDGET textarea, WIDGET [role="button"],
WIDGET .wb-clickable, WIDGET .wb-target, WIDGET [data-action], WIDGET .wb-grid-cell,
WIDGET .wb-grid-rownum { pointer-events: none; cursor: default; }
WIDGET button, WIDGET select, WIDGET input, WIDGET textarea, WIDGET .widget-progress {
  opacity: .5; filter: grayscale(1); }
WIDGET .wb-click-hint { display: none; }
details.wb-provenance summary { cursor: pointer; }
/* printed text is prose: wrap it at words (JupyterLab's .jp-OutputArea-output pre, loaded
   after this, breaks it anywhere: word-break: break-all) */
body .jp-OutputArea-output pre { white-space: pre-wrap; word-break: normal;
  overflow-wrap: break-word; }
/* a widget's icon (Button(icon="stop")) would fetch FontAwesome by a relative URL that a
   report does not carry: no icon in a static snapshot, and no failed request */
.fa, i.fa, .jupyter-widgets .fa { display: none !important; font-family: inherit !important; }
</style>"""
).replace("WIDGET", WIDGET_OUTPUT)

_TEX = re.compile(r"\$\$.+?\$\$|\\\(.+?\\\)|\\\[.+?\\\]|\$[^$\n]*[\\^_{][^$\n]*\$", re.S)
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


_BUNDLED_FILE = re.compile(r'\b[A-Za-z_$][\w$]*\.p\+"[0-9a-f]{20}\.(?:woff2?|ttf|eot|svg)"')


def without_bundled_files(code: str) -> str:
    """A webpack bundle's own font and icon files (FontAwesome, fetched from a path beside
    the bundle that a report does not carry) replaced by empty ``data:`` URLs, so a report
    asks for none of them; the icons are hidden in a static snapshot anyway.

    >>> without_bundled_files('e.exports=n.p+"d878b0a6a1144760244f.woff2"},x=o.p+"a.js"')
    'e.exports="data:,"},x=o.p+"a.js"'
    """
    return _BUNDLED_FILE.sub('"data:,"', code)


_MAP_START, _MAP_END = "{version:3,sources:[", ',sourceRoot:""}'


def without_source_maps(code: str) -> str:
    """A webpack bundle's inline CSS source maps (css-loader's ``[id, css, "", {version:3,
    sources, mappings, sourcesContent…}]``: the CSS a second time, for a browser's developer
    tools only) replaced by ``null``, which css-loader's runtime reads as "no map": the
    stylesheets are the same, 0.4 MB of the widget manager less.

    >>> without_source_maps('o.push([e.id,".a{b:c}","",{version:3,sources:["x.css"],names:[],'
    ...     'mappings:"AAAA",sourcesContent:[".a{b:c}"],sourceRoot:""}]);')
    'o.push([e.id,".a{b:c}","",null]);'
    >>> without_source_maps("no maps here")
    'no maps here'
    """
    out: list[str] = []
    at = 0
    while (start := code.find(_MAP_START, at)) >= 0:
        end = code.find(_MAP_END, start)
        inner = code[start + 1 : end] if end >= 0 else ""
        if "mappings:" not in inner or _MAP_START in inner:  # not one map object: keep
            out.append(code[at : start + 1])
            at = start + 1
            continue
        out += [code[at:start], "null"]
        at = end + len(_MAP_END)
    out.append(code[at:])
    return "".join(out)


_CORE_MODULES = ("@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output")


def without_default_state(nb: Any) -> Any:
    """The notebook's saved widget state without each core widget's values that equal its
    trait's default (a Layout's 30 empty properties, a Button's empty icon…), in place.

    The widget manager starts every model from those same defaults, so the page shows the
    same widgets; this is what ipywidgets' ``drop_defaults`` leaves out of an embedding.
    Private keys (``_view_name``…), custom widgets (anywidget's, whose front end has no
    defaults) and values that differ are kept.

    >>> base = {"_view_module": "@jupyter-widgets/base", "_view_module_version": "2.0.0"}
    >>> layout = {"model_module": "@jupyter-widgets/base", "model_module_version": "2.0.0",
    ...     "model_name": "LayoutModel", "state": {**base, "_view_name": "LayoutView",
    ...     "width": "50%", "height": None, "border_top": None}}
    >>> nb = {"metadata": {"widgets": {WIDGET_STATE: {"state": {"m1": layout}}}}}
    >>> without_default_state(nb)["metadata"]["widgets"][WIDGET_STATE]["state"]["m1"]["state"]
    {'_view_module': '@jupyter-widgets/base', '_view_module_version': '2.0.0', '_view_name': 'LayoutView', 'width': '50%'}
    """
    from ipywidgets.widgets.widget import _registry

    models = nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for model in models.values():
        state = model.get("state", {})
        if model.get("model_module") not in _CORE_MODULES:
            continue
        try:
            cls = _registry.get(
                model["model_module"],
                model["model_module_version"],
                model["model_name"],
                state.get("_view_module"),
                state.get("_view_module_version"),
                state.get("_view_name"),
            )
        except KeyError:  # a model this ipywidgets does not know: kept whole
            continue
        traits = cls.class_traits(sync=True)
        for key in [k for k in state if not k.startswith("_") and k in traits]:
            default = traits[key].default_value
            if type(state[key]) is type(default) and state[key] == default:
                del state[key]
    return nb


def packed_script(code: str, name: str) -> str:
    """``code`` as a gzip+base64 ``<script>`` the loader runs (same bytes every time).

    >>> packed_script("x=1", "a.js") == packed_script("x=1", "a.js")
    True
    """
    data = gzip.compress(code.encode("utf-8"), compresslevel=9, mtime=0)
    body = base64.b64encode(data).decode("ascii")
    return f'<script type="{PACKED_TYPE}" data-name="{html.escape(name)}">{body}</script>'


def later_script(code: str) -> str:
    """A small plain script run by the loader in its turn (between packed ones)."""
    return f'<script type="{LATER_TYPE}">{code}</script>'


def merge_streams(nb: Any) -> Any:
    """Each cell's consecutive printed outputs of one stream merged into one block, in place.

    A kernel sends what a cell prints in as many messages as its output buffer was flushed:
    two lines can arrive as one block or two, so the same notebook would not give the same
    report. Merged, they always give one.

    >>> nb = {"cells": [{"cell_type": "code", "outputs": [
    ...     {"output_type": "stream", "name": "stdout", "text": "a\\n"},
    ...     {"output_type": "stream", "name": "stdout", "text": ["b\\n"]},
    ...     {"output_type": "stream", "name": "stderr", "text": "warn\\n"}]}]}
    >>> [(o["name"], o["text"]) for o in merge_streams(nb)["cells"][0]["outputs"]]
    [('stdout', 'a\\nb\\n'), ('stderr', 'warn\\n')]
    """
    for cell in nb["cells"]:
        merged: list[Any] = []
        for out in cell.get("outputs", []):
            text = out.get("text", "")
            text = "".join(text) if isinstance(text, list) else text
            last = merged[-1] if merged else None
            if (
                out.get("output_type") == "stream"
                and last is not None
                and last.get("output_type") == "stream"
                and last.get("name") == out.get("name")
            ):
                last["text"] = last["text"] + text
                continue
            if out.get("output_type") == "stream":
                out["text"] = text
            merged.append(out)
        if "outputs" in cell:
            cell["outputs"] = merged
    return nb


def uses_tex(nb: Any) -> bool:
    """True when a markdown cell holds TeX (``$…\\frac…$``, ``$$…$$``, ``\\(…\\)``) or an
    output is ``text/latex``; plain dollar amounts are not TeX.

    >>> uses_tex({"cells": [{"cell_type": "markdown", "source": "costs $3 and $4"}]})
    False
    >>> uses_tex({"cells": [{"cell_type": "markdown", "source": "mean $\\\\frac{5n}{2}$"}]})
    True
    """
    for cell in nb["cells"]:
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        if cell.get("cell_type") == "markdown" and _TEX.search(source):
            return True
        for out in cell.get("outputs", []):
            if "text/latex" in out.get("data", {}) and not _richer_than_latex(out["data"]):
                return True
    return False


def _richer_than_latex(data: dict[str, Any]) -> bool:
    return any(k in data for k in ("text/html", "image/svg+xml", "image/png", WIDGET_VIEW))


def shows_widgets(nb: Any) -> bool:
    """True when the notebook saved widget state and an output shows a widget.

    >>> shows_widgets({"cells": [], "metadata": {}})
    False
    """
    if WIDGET_STATE not in nb.get("metadata", {}).get("widgets", {}):
        return False
    return any(
        WIDGET_VIEW in out.get("data", {})
        for cell in nb["cells"]
        for out in cell.get("outputs", [])
    )


def model_ids(nb: Any) -> list[str]:
    """The widget model ids saved in the notebook's widget state."""
    state = nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {})
    return list(state.get("state", {}))


def stable_ids(text: str, ids: Iterable[str]) -> str:
    """``text`` with each widget model id and each uuid renamed by order of first
    appearance (``wb-m1``…, ``00000000-0000-4000-8000-000000000001``…).

    >>> stable_ids("a=f00d x=f00d y=beef", ["beef", "f00d"])
    'a=wb-m1 x=wb-m1 y=wb-m2'
    """
    wanted = {i for i in ids if i}
    if wanted:
        pattern = re.compile("|".join(re.escape(i) for i in sorted(wanted, key=len, reverse=True)))
        names: dict[str, str] = {}
        text = pattern.sub(lambda m: names.setdefault(m.group(0), f"wb-m{len(names) + 1}"), text)
    uuids: dict[str, str] = {}
    return _UUID.sub(
        lambda m: uuids.setdefault(m.group(0), f"00000000-0000-4000-8000-{len(uuids) + 1:012d}"),
        text,
    )


def provenance_html(
    version: str, notebook: str, seeds: Sequence[int], sheets: Sequence[tuple[str, str]]
) -> str:
    """The provenance banner: one line, the sheet hashes on click.

    >>> html_ = provenance_html("0.1", "life.ipynb", [7], [("life/album.csv", "ab" * 32)])
    >>> html_.startswith("<details") and "1 data sheet" in html_ and "abab" in html_
    True
    """
    seed_text = ", ".join(str(s) for s in seeds) or "none"
    rows = "".join(f"<li>{html.escape(n)} <code>{h[:16]}</code></li>" for n, h in sheets)
    count = f"{len(sheets)} data sheet{'s' if len(sheets) != 1 else ''}"
    return (
        "<details class='wb-provenance' style='font: 12px/1.4 sans-serif; color: #555; "
        "border-bottom: 1px solid #ddd; padding: 4px 12px;'><summary>"
        f"made by <b>workbench {html.escape(version)}</b> from "
        f"<code>{html.escape(notebook)}</code> · seeds {seed_text} · {count} "
        "<span style='color:#888'>(click for the data sheets' sha256)</span></summary>"
        f"<p style='margin:4px 0'>data sheets (sha256, first 16 hex digits):</p>"
        f"<ul style='columns: 2; margin: 0'>{rows or '<li>none</li>'}</ul></details>"
    )
