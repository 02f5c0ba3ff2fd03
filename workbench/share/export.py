"""Offline HTML reports: execute a notebook and write one self-contained HTML file.

The page inlines require.js, the Jupyter widget manager and anywidget (when
the notebook shows widgets) and MathJax 3 (when it uses TeX) from
``workbench/_vendor/js`` (pinned files taken from the npm registry by
``scripts/vendor-js.sh``), gzip-packed (:mod:`workbench.share.report_html`), so
charts, typeset math and the widgets' last state show from ``file://`` with the
network blocked. Boards carry a "static snapshot" note: there is no kernel.
The same notebook and data give the same bytes (no date, widget ids renamed in
order); the provenance is one line, the sheets' hashes on click.

Every bad path or file ends in one :class:`ExportError` naming it, checked
before any cell runs: a notebook that is not JSON or not a valid notebook,
an ``out`` that is a folder, sits under a file, cannot be created or written,
or already exists when ``force=False`` (the command line's default for an
``--out`` the user names).
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import workbench
from workbench.atomic import write_text_atomic
from workbench.datafiles import data_files
from workbench.share.export_run import (
    MAX_OUTPUT_BYTES,
    TIME_LIMIT,
    RunError,
    kernel_env,
    run_notebook,
)
from workbench.share.report_css import page_words, pruned_stylesheet
from workbench.share.report_font import report_font_css
from workbench.share.report_html import (
    CSP_META,
    LOADER_JS,
    SNAPSHOT_CSS,
    later_script,
    merge_streams,
    model_ids,
    packed_script,
    provenance_html,
    shows_widgets,
    stable_ids,
    uses_tex,
    without_bundled_files,
    without_default_state,
    without_source_maps,
)

PACKAGE_DIR = Path(__file__).resolve().parent
VENDOR_DIR = PACKAGE_DIR.parent / "_vendor" / "js"
TEMPLATES_DIR = PACKAGE_DIR / "templates"
VENDOR_FILES = ("require.js", "embed-amd.js", "anywidget.js", "tex-svg-full.js")
_SEED_RE = re.compile(r"\bseed\s*=\s*(\d+)")


class ExportError(RuntimeError):
    """A report could not be written (missing notebook, vendor files, failing cell)."""


@dataclass(frozen=True)
class Provenance:
    """What a report was made from: version, data sheet hashes, seeds (no date: the
    same inputs give the same report)."""

    version: str
    notebook: str
    sheets: tuple[tuple[str, str], ...]
    seeds: tuple[int, ...]

    def to_html(self) -> str:
        """The provenance as one line; the data sheets' hashes unfold on click."""
        return provenance_html(self.version, self.notebook, self.seeds, self.sheets)


def load_vendor() -> dict[str, str]:
    """The inlined scripts; a clear error when ``make vendor`` has not run."""
    missing = [f for f in VENDOR_FILES if not (VENDOR_DIR / f).is_file()]
    if missing:
        raise ExportError(
            f"vendored JavaScript missing in {VENDOR_DIR}: {', '.join(missing)}; "
            "run `make vendor` (scripts/vendor-js.sh)"
        )
    return {f: (VENDOR_DIR / f).read_text(encoding="utf-8") for f in VENDOR_FILES}


def sheet_hashes(data_dir: Path | None = None) -> tuple[tuple[str, str], ...]:
    """sha256 of every card sheet in the data folder (:func:`workbench.data_files`), by relative path;
    the what-if variants saved beside a sheet (``<game>/variants/``) are not the report's data.

    >>> all(len(h) == 64 for _, h in sheet_hashes())
    True
    """
    root = data_dir or data_files()
    if not root.is_dir():
        return ()
    out = []
    for path in sorted(root.rglob("*")):
        if "variants" in path.relative_to(root).parts[:2]:
            continue
        if path.suffix.lower() in {".csv", ".xlsx", ".parquet"} and path.is_file():
            out.append((str(path.relative_to(root)), hashlib.sha256(path.read_bytes()).hexdigest()))
    return tuple(out)


def _sheets_of(stem: str) -> tuple[tuple[str, str], ...]:
    """The sheets of the game a notebook is named after (``life.ipynb``: ``life/…``), else all."""
    every = sheet_hashes()
    own = tuple(s for s in every if s[0].split("/", 1)[0] == stem)
    return own or every


def provenance_for(nb: object, notebook_path: Path) -> Provenance:
    """Provenance of one executed notebook (seeds found as ``seed=N`` in its code)."""
    seeds: set[int] = set()
    for cell in getattr(nb, "cells", []):
        if cell.get("cell_type") == "code":
            seeds.update(int(s) for s in _SEED_RE.findall(cell.get("source", "")))
    return Provenance(
        version=workbench.__version__,
        notebook=notebook_path.name,
        sheets=_sheets_of(notebook_path.stem),
        seeds=tuple(sorted(seeds)),
    )


MATHJAX_CONFIG = """window.MathJax = {
  tex: {inlineMath: [['$', '$'], ['\\\\(', '\\\\)']], displayMath: [['$$', '$$'], ['\\\\[', '\\\\]']],
        processEscapes: true},
  svg: {fontCache: 'global'}, startup: {typeset: true}
};"""
MATHJAX_HUB = """/* The widget manager still speaks MathJax 2 (MathJax.Hub.Queue): answer with MathJax 3. */
window.MathJax.Hub = window.MathJax.Hub || {Queue: function () {
  for (var i = 0; i < arguments.length; i++) {
    var job = arguments[i];
    if (Array.isArray(job) && job[0] === 'Typeset' && window.MathJax.typesetPromise) {
      window.MathJax.typesetPromise(job[2] ? [job[2]] : undefined).catch(function () {});
    }
  }
}};"""


def report_scripts(nb: Any, vendor: dict[str, str]) -> str:
    """The packed scripts a report needs and the loader that runs them: MathJax only
    with TeX, the widget manager only with widgets shown; empty when neither."""
    parts = []
    if uses_tex(nb):
        parts += [
            later_script(MATHJAX_CONFIG),
            packed_script(vendor["tex-svg-full.js"], "mathjax"),
            later_script(MATHJAX_HUB),
        ]
    if shows_widgets(nb):
        anywidget = vendor["anywidget.js"].replace(
            'define(["@jupyter-widgets/base"]', 'define("anywidget", ["@jupyter-widgets/base"]'
        )
        parts += [  # anywidget defined before the manager that asks for it starts
            packed_script(vendor["require.js"], "require.js"),
            packed_script(anywidget, "anywidget"),
            packed_script(
                without_source_maps(without_bundled_files(vendor["embed-amd.js"])), "html-manager"
            ),
        ]
    return "\n".join(parts + [f"<script>{LOADER_JS}</script>"]) if parts else ""


def check_target(path: Path, force: bool = False, source: Path | None = None) -> Path:
    """``path`` if a report may be written there (its folder is created), else ExportError.
    A path that resolves to ``source`` (the notebook: through a link, ``..`` or the
    folder it is run from) or to any notebook is refused, ``force`` or not.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> check_target(folder)
    Traceback (most recent call last):
    ...
    workbench.share.export.ExportError: ... is a folder; give a file name such as report.html
    >>> check_target(folder / "a" / "r.html").parent.is_dir()
    True
    """
    if path.is_dir():
        raise ExportError(f"--out {path} is a folder; give a file name such as report.html")
    if source is not None and _same_file(path, source):
        raise ExportError(
            f"--out {path} is the notebook {source} itself; the report would "
            "replace it (give another --out)"
        )
    if path.suffix.lower() == ".ipynb" or (
        path.is_symlink() and path.resolve().suffix.lower() == ".ipynb"
    ):
        raise ExportError(
            f"--out {path} is a notebook file; a report is .html (give another --out)"
        )
    if path.exists() and not force:
        raise ExportError(f"--out {path} already exists; add --force to overwrite it")
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise ExportError(f"--out {path}: {parent} is a file, not a folder")
            break
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportError(
            f"--out {path}: cannot create {path.parent} ({exc.strerror or exc})"
        ) from None
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise ExportError(f"--out {path}: the folder {path.parent} is not writable")
    return path


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file (resolved paths, or one inode: a hard link).

    >>> _same_file(Path("x/../y.ipynb"), Path("y.ipynb"))
    True
    """
    try:
        if a.resolve() == b.resolve():
            return True
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except (OSError, RuntimeError):  # a link loop: not the source, check_target goes on
        return False


def read_notebook(src: Path) -> Any:
    """The notebook at ``src`` (nbformat 4), or ExportError saying why it is not one."""
    import nbformat

    if not src.is_file():
        raise ExportError(f"no notebook at {src}" if not src.exists() else f"{src} is not a file")
    try:
        nb = nbformat.read(src, as_version=4)
        nbformat.validate(nb)
    except (OSError, UnicodeDecodeError) as exc:
        raise ExportError(f"{src}: cannot be read ({exc})") from None
    except Exception as exc:  # NotJSONError, ValidationError, KeyError... from nbformat
        first = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise ExportError(f"{src}: not a valid Jupyter notebook ({first})") from None
    return nb


def _write_atomically(path: Path, text: str) -> None:
    try:
        _write_file(path, text)
    except OSError as exc:
        raise ExportError(f"cannot write {path} ({exc.strerror or exc})") from None


def _write_file(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text, shared=True)  # shared: a report is for passing around


def export_notebook(
    notebook: str | Path,
    out: str | Path,
    *,
    execute: bool = True,
    timeout: int = 900,
    force: bool = True,
    time_limit: float = TIME_LIMIT,
    max_output: int = MAX_OUTPUT_BYTES,
    budget: str = "full",
) -> Path:
    """Execute ``notebook`` (in its own folder) and write a self-contained HTML file.
    Its simulations run on ``budget`` (:mod:`workbench.budget`): ``full``, the designer's,
    whatever ``WORKBENCH_BUDGET`` the shell has, unless ``ci`` is asked for.

    Raises :class:`ExportError` naming the notebook and the failing cell, or the
    bad ``out`` (an existing file is replaced only with ``force``; the notebook
    itself never). The run is bounded (:mod:`workbench.share.export_run`):
    ``time_limit`` seconds in all, ``max_output`` bytes of outputs, and a report
    of at most ``max_output`` bytes.
    """
    from nbconvert import HTMLExporter

    src = Path(notebook)
    try:
        kernel_env(budget)
    except ValueError as exc:
        raise ExportError(str(exc)) from None
    target = check_target(Path(out), force, source=src)
    nb = read_notebook(src)
    vendor = load_vendor()
    if execute:
        try:
            run_notebook(
                nb,
                str(src.parent.resolve()),
                time_limit=time_limit,
                max_output=max_output,
                cell_timeout=timeout,
                budget=budget,
            )
        except RunError as exc:
            raise ExportError(f"{src}: {exc}") from None
    merge_streams(nb)
    without_default_state(nb)
    prov = provenance_for(nb, src)
    nb.metadata["workbench_provenance"] = {
        "version": prov.version,
        "sheets": dict(prov.sheets),
        "seeds": list(prov.seeds),
    }
    exporter = HTMLExporter(
        template_name="wb_offline", extra_template_basedirs=[str(TEMPLATES_DIR)]
    )
    body, _ = exporter.from_notebook_node(
        nb,
        resources={
            "wb_scripts": report_scripts(nb, vendor),
            "wb_snapshot_css": SNAPSHOT_CSS + report_font_css(nb),
            "wb_provenance_html": prov.to_html(),
            "wb_csp": CSP_META,
        },
    )
    body = _with_lab_css_pruned(body, exporter.template_paths, vendor)
    body = stable_ids(body, model_ids(nb))
    if len(body) > max_output:
        raise ExportError(
            f"{src}: the report would be {len(body) / 1e6:.0f} MB, more than the "
            f"cap of {max_output / 1e6:g} MB; not written"
        )
    if "cdn.jsdelivr.net/npm/@jupyter-widgets" in body or "cdnjs.cloudflare.com" in body:
        raise ExportError(f"{src}: the report still references a CDN; template not applied")
    _write_atomically(target, body)
    return target


def _with_lab_css_pruned(body: str, template_paths: list[str], vendor: dict[str, str]) -> str:
    """The page with JupyterLab's stylesheet (the ``lab`` template's ``static/index.css``)
    cut to the rules its elements can match (:mod:`workbench.share.report_css`): the words
    of the rest of the page and of every vendored script, which draw the widgets."""
    for folder in template_paths:
        sheet = Path(folder) / "static" / "index.css"
        if sheet.is_file() and Path(folder).name == "lab":
            css = sheet.read_text(encoding="utf-8")
            at = body.find(css)
            if at < 0:
                return body
            rest = body[:at] + body[at + len(css) :]
            words = page_words(rest, *vendor.values())
            return body[:at] + pruned_stylesheet(css, words) + body[at + len(css) :]
    return body


def export_all(
    notebooks_dir: str | Path,
    out_dir: str | Path,
    *,
    execute: bool = True,
    force: bool = True,
    time_limit: float = TIME_LIMIT,
    progress: Callable[[str], None] | None = None,
    budget: str = "full",
) -> Path:
    """Export every notebook in a folder and write an ``index.html`` linking them;
    ``progress`` hears one line per notebook (its number, name, size and time)."""
    src_dir, dst_dir = Path(notebooks_dir), Path(out_dir)
    if not src_dir.is_dir():
        raise ExportError(f"--notebooks {src_dir} is not a folder")
    if dst_dir.exists() and not dst_dir.is_dir():
        raise ExportError(f"--out {dst_dir} is a file; with --all give a folder")
    books = sorted(p for p in src_dir.glob("*.ipynb") if not p.name.startswith("."))
    if not books:
        raise ExportError(f"no notebooks in {src_dir}")
    for target in [dst_dir / "index.html", *(dst_dir / f"{b.stem}.html" for b in books)]:
        check_target(target, force)
        for book in books:
            check_target(target, force, source=book)
    rows = []
    for number, book in enumerate(books, 1):
        if progress is not None:
            progress(f"[{number}/{len(books)}] {book.name} …")
        started = time.perf_counter()
        target = export_notebook(
            book,
            dst_dir / f"{book.stem}.html",
            execute=execute,
            force=force,
            time_limit=time_limit,
            budget=budget,
        )
        size = target.stat().st_size / 1e6
        if progress is not None:
            progress(
                f"[{number}/{len(books)}] {book.name}: {target} ({size:.1f} MB, "
                f"{time.perf_counter() - started:.0f} s)"
            )
        rows.append(
            f'<li><a href="{html.escape(target.name)}">{html.escape(book.stem)}</a> '
            f"<small>({size:.1f} MB)</small></li>"
        )
    prov = Provenance(workbench.__version__, str(src_dir), sheet_hashes(), ())
    index = (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Workbench reports</title>"
        "</head><body style='font-family: sans-serif; max-width: 50em; margin: 2em auto'>"
        f"<h1>Workbench reports</h1>{prov.to_html()}<ul>{''.join(rows)}</ul></body></html>"
    )
    index_path = check_target(dst_dir / "index.html", force)
    _write_atomically(index_path, index)
    return index_path
