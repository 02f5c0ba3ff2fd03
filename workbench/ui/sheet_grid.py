"""An editable card sheet in the notebook: click a cell, type, Enter; every edit checked first.

:class:`SheetGrid` shows one sheet of a :class:`~workbench.cards.variants.Variant`
as a table in the workbench's style. Click a cell (or press Enter on it) to
edit it; Enter commits, Escape cancels. The edit goes through
:meth:`Variant.edit`, i.e. the loader and schema ``workbench check`` uses: a
value that brings a problem is refused and its message is shown at the cell
(class ``wb-grid-error``), and nothing changes. Rows: click a row's number to
select it, then *duplicate* or *remove*; *add row* appends a card like the last
one under the next free key (an empty card would fail the sheet's required
columns), to edit from there. Undo / redo walk the
edits (variants are values: the stacks hold them). ``on_change(fn)`` calls
``fn(variant)`` after every accepted edit, undo or redo.

Why an anywidget of our own rather than a grid package: ipydatagrid (1.4) and
ipyaggrid ship their front-ends as separate JupyterLab extensions, which the
workbench's offline HTML export (it inlines only anywidget's module) and Voila
would each have to carry; and neither lets an edit be refused with a message
at the cell while the value stays as it was. The sheets here are tens of rows,
so a plain HTML table in the workbench's table style is fast enough, works in
JupyterLab, Voila and the exported report (as its last state), and needed
nothing installed.

>>> from workbench.cards.variants import Variant
>>> g = SheetGrid(Variant.of("life", None, "g"), "album")
>>> g.edit(3, "stars", "x")
False
>>> g.problem["message"]
"'x' is not a whole number"
>>> g.edit(3, "stars", "2"), g.variant.diff().rows()
(True, [('album', 'J04', 'stars', '1', '2')])
>>> g.undo(); g.variant.diff().height
0
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from workbench.cards.variants import EditRefused, Variant

__all__ = ["SheetGrid", "column_widths", "numeric_columns", "text_width", "whatif_editor"]

_ESM = """
function render({ model, el }) {
  el.classList.add('wb-grid-root');
  let selected = -1;
  const button = (label, cls, msg) => {
    const b = document.createElement('button');
    b.textContent = label; b.className = 'wb-grid-btn ' + cls;
    b.addEventListener('click', () => model.send(Object.assign({ row: selected }, msg)));
    return b;
  };
  const draw = () => {
    const header = model.get('header'), rows = model.get('rows'), problem = model.get('problem');
    const widths = model.get('widths'), numeric = model.get('numeric');
    el.innerHTML = '';
    const bar = document.createElement('div'); bar.className = 'wb-grid-bar';
    const undo = button('undo', 'wb-grid-undo', { kind: 'undo' }); undo.disabled = !model.get('can_undo');
    const redo = button('redo', 'wb-grid-redo', { kind: 'redo' }); redo.disabled = !model.get('can_redo');
    bar.append(undo, redo, button('add row', 'wb-grid-add', { kind: 'add' }),
               button('duplicate row', 'wb-grid-dup', { kind: 'duplicate' }),
               button('remove row', 'wb-grid-remove', { kind: 'remove' }));
    const status = document.createElement('span'); status.className = 'wb-grid-status';
    status.textContent = model.get('status'); status.title = model.get('status'); bar.append(status);
    el.append(bar);
    const wrap = document.createElement('div'); wrap.className = 'wb-grid-wrap';
    const table = document.createElement('table'); table.className = 'wb-table wb-grid';
    const cols = document.createElement('colgroup');
    let total = 0;  // a fixed layout keeps each column at its width only with the table's own
    ['row', ...header].forEach((h, c) => {
      const col = document.createElement('col'), ch = c === 0 ? 4 : (widths[c - 1] || 8) + 2;
      col.style.width = `calc(${ch}ch + 12px)`; total += ch; cols.append(col);
    });
    table.style.width = `calc(${total}ch + ${12 * (header.length + 1)}px)`;
    table.append(cols);
    const head = table.createTHead().insertRow();
    const corner = document.createElement('th'); corner.textContent = 'row'; head.append(corner);
    header.forEach((h, c) => {
      const th = document.createElement('th'); th.textContent = h; th.title = h;
      if (numeric[c]) th.className = 'wb-grid-num'; head.append(th);
    });
    const body = table.createTBody();
    let refused = null;
    rows.forEach((cells, r) => {
      const tr = body.insertRow();
      if (r === selected) tr.classList.add('wb-grid-selected');
      const num = tr.insertCell(); num.textContent = String(r + 2); num.className = 'wb-grid-rownum';
      num.addEventListener('click', () => { selected = (selected === r ? -1 : r); draw(); });
      cells.forEach((text, c) => {
        const td = tr.insertCell(); td.textContent = text; td.tabIndex = 0; td.title = text;
        td.className = 'wb-grid-cell' + (numeric[c] ? ' wb-grid-num' : '');
        td.dataset.row = r; td.dataset.col = header[c];
        if (problem && problem.row === r && problem.column === header[c]) {
          td.classList.add('wb-grid-refused'); refused = td;
        }
        const open = () => {
          if (td.querySelector('input')) return;
          const input = document.createElement('input'); input.value = text;
          input.className = 'wb-grid-input';
          td.textContent = ''; td.append(input); input.focus(); input.select();
          input.addEventListener('keydown', (e) => {
            if (e.key === 'Enter') { e.preventDefault(); model.send({ kind: 'edit', row: r, column: header[c], value: input.value }); }
            else if (e.key === 'Escape') { e.preventDefault(); draw(); }
          });
        };
        td.addEventListener('click', open);
        td.addEventListener('keydown', (e) => { if (e.key === 'Enter' && e.target === td) { e.preventDefault(); open(); } });
      });
    });
    wrap.append(table); el.append(wrap);
    if (refused) {  // the check's message beside the refused cell, on one or two lines
      const note = document.createElement('div'); note.className = 'wb-grid-error';
      note.textContent = problem.message; note.title = problem.message;
      note.style.left = (refused.offsetLeft + refused.offsetWidth + 4) + 'px';
      note.style.top = refused.offsetTop + 'px';
      wrap.append(note);
    }
  };
  ['rows', 'header', 'problem', 'status', 'can_undo', 'can_redo'].forEach((k) => model.on('change:' + k, draw));
  draw();
}
export default { render };
"""

# table.wb-table (the notebook's table style) wraps cells; the grid's rules are more specific:
# one line a row, widths from content, the full text on hover, numbers right, text left.
_CSS = """
.wb-grid-root{font:13px sans-serif}
.wb-grid-bar{display:flex;flex-wrap:nowrap;gap:6px;align-items:center;margin:4px 0;min-width:0}
.wb-grid-bar .wb-grid-btn{flex:none;white-space:nowrap}
.wb-grid-status{color:#555;margin-left:8px;flex:1 1 auto;min-width:0;white-space:nowrap;
overflow:hidden;text-overflow:ellipsis}
.wb-grid-wrap{position:relative;max-height:420px;overflow:auto;border:1px solid #ddd}
.wb-grid-root table.wb-grid{border-collapse:collapse;table-layout:fixed;max-width:none}
.wb-grid-root table.wb-grid th{position:sticky;top:0;z-index:1;background:#f6f6f6;padding:2px 6px;
text-align:left;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.wb-grid-root table.wb-grid td{padding:2px 6px;border-top:1px solid #eee;white-space:nowrap;
overflow:hidden;text-overflow:ellipsis;max-width:none;min-width:0;text-align:left;cursor:text;
vertical-align:middle;line-height:18px}
.wb-grid-root table.wb-grid td.wb-grid-num,.wb-grid-root table.wb-grid th.wb-grid-num{text-align:right}
.wb-grid-root table.wb-grid td.wb-grid-rownum{color:#888;cursor:pointer;text-align:right}
.wb-grid-root table.wb-grid tr.wb-grid-selected td{background:#eef4ff}
.wb-grid-root table.wb-grid td.wb-grid-refused{outline:2px solid #c62828;outline-offset:-2px}
.wb-grid-error{position:absolute;z-index:2;color:#c62828;background:#fff5f5;border:1px solid #c62828;
font-size:12px;line-height:16px;padding:1px 6px;white-space:normal;width:max-content;max-width:360px}
.wb-grid-input{font:inherit;width:100%;min-width:60px;box-sizing:border-box}
"""

#: the narrowest and widest column, in characters (a wide character counts two)
MIN_WIDTH, MAX_WIDTH = 3, 24


def text_width(text: str) -> int:
    """How many character cells ``text`` takes in a monospace sense (CJK and full-width: 2).

    >>> text_width("Spark"), text_width("小さな祈り"), text_width("３Ｄ＋２")
    (5, 10, 8)
    """
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def column_widths(header: list[str], rows: list[list[str]]) -> list[int]:
    """Each column's width from its content: the widest cell or name, in characters,
    bounded to :data:`MIN_WIDTH`..:data:`MAX_WIDTH` (a longer text shows whole on hover).

    >>> column_widths(["id", "flavour"], [["G01", "指先に灯る小さな火。" * 3]])
    [3, 24]
    """
    return [
        max(MIN_WIDTH, min(MAX_WIDTH, max([text_width(h), *(text_width(r[c]) for r in rows)])))
        for c, h in enumerate(header)
    ]


def numeric_columns(header: list[str], rows: list[list[str]]) -> list[bool]:
    """Columns whose filled cells are all whole or signed numbers (right-aligned).

    >>> numeric_columns(["star", "name", "bonus"], [["1", "火花", "+2"], ["", "一閃", "-1"]])
    [True, False, True]
    """
    out = []
    for c in range(len(header)):
        cells = [r[c] for r in rows if r[c] != ""]
        out.append(bool(cells) and all(_NUMBER.fullmatch(x) for x in cells))
    return out


_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


class SheetGrid(anywidget.AnyWidget):  # type: ignore[misc]
    """One sheet of a variant as an editable grid (see the module docstring)."""

    _esm = _ESM
    _css = _CSS
    header = traitlets.List(traitlets.Unicode()).tag(sync=True)
    rows = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    problem = traitlets.Dict().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    widths = traitlets.List(traitlets.Int()).tag(sync=True)
    numeric = traitlets.List(traitlets.Bool()).tag(sync=True)

    def __init__(self, variant: Variant, sheet: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.variant = variant
        self.sheet = sheet or next(iter(variant.schemas()))
        self._undo: list[Variant] = []
        self._redo: list[Variant] = []
        self._listeners: list[Callable[[Variant], None]] = []
        self.add_class("wb-sheet-grid")
        self.on_msg(self._message)
        self._show()

    # -- state ---------------------------------------------------------------
    def _show(self) -> None:
        table = self.variant.tables()[self.sheet]
        rows = [list(r) for r in table.rows]
        self.widths = column_widths(list(table.header), rows)
        self.numeric = numeric_columns(list(table.header), rows)
        self.header = list(table.header)
        self.rows = rows
        self.can_undo, self.can_redo = bool(self._undo), bool(self._redo)

    def _key(self, row: int) -> str:
        table = self.variant.tables()[self.sheet]
        return table.rows[row][table.header.index(table.key)]

    def on_change(self, fn: Callable[[Variant], None]) -> None:
        """Call ``fn(variant)`` after every accepted edit, undo and redo."""
        self._listeners.append(fn)

    def _apply(self, make: Callable[[], Variant], where: dict[str, Any], done: str) -> bool:
        try:
            new = make()
        except EditRefused as exc:  # a problem in another sheet (one this edit breaks) says where
            own = Path(exc.problem.file).stem == self.sheet
            message = exc.problem.message if own else str(exc.problem)
            self.problem = {**where, "message": message, "rule": exc.problem.rule}
            self.status = f"refused: {exc}"
            return False
        except (KeyError, ValueError) as exc:
            self.problem = {**where, "message": str(exc).strip("'\""), "rule": "edit"}
            self.status = f"refused: {exc}"
            return False
        self._undo.append(self.variant)
        self._redo.clear()
        self._set(new, done)
        return True

    def _set(self, variant: Variant, done: str) -> None:
        self.variant = variant
        self.problem = {}
        self.status = done
        self._show()
        for fn in self._listeners:
            fn(variant)

    # -- edits (what the buttons and Enter send) -------------------------------
    def edit(self, row: int, column: str, value: str) -> bool:
        """Set the cell; False (with ``problem`` set at the cell) when refused."""
        card = self._key(row)
        if self.rows[row][self.header.index(column)] == value:
            self.problem = {}
            return True
        return self._apply(
            lambda: self.variant.set(self.sheet, card, column, value),
            {"row": row, "column": column},
            f"{card} {column} → {value}",
        )

    def add_row(self) -> bool:
        """Append a card like the last one under the next free key (``J28`` after ``J27``)."""
        table = self.variant.tables()[self.sheet]
        keys = [r[table.header.index(table.key)] for r in table.rows]
        new = _next_key(keys)
        cells = dict(zip(table.header, table.rows[-1], strict=True)) if table.rows else {}
        cells[table.key] = new
        return self._apply(
            lambda: self.variant.add(self.sheet, cells),
            {"row": len(keys), "column": table.key},
            f"added {new}",
        )

    def duplicate_row(self, row: int) -> bool:
        """A copy of the row right below it, with the next free key."""
        table = self.variant.tables()[self.sheet]
        keys = [r[table.header.index(table.key)] for r in table.rows]
        card, new = keys[row], _next_key(keys)
        return self._apply(
            lambda: self.variant.duplicate(self.sheet, card, new),
            {"row": row + 1, "column": table.key},
            f"{card} copied as {new}",
        )

    def remove_row(self, row: int) -> bool:
        card = self._key(row)
        return self._apply(
            lambda: self.variant.remove(self.sheet, card),
            {"row": row, "column": self.header[0]},
            f"removed {card}",
        )

    def undo(self) -> None:
        if self._undo:
            self._redo.append(self.variant)
            self._set(self._undo.pop(), "undone")

    def redo(self) -> None:
        if self._redo:
            self._undo.append(self.variant)
            self._set(self._redo.pop(), "redone")

    def _message(self, _widget: Any, msg: dict[str, Any], _buffers: Any) -> None:
        kind, row = msg.get("kind"), msg.get("row", -1)
        if kind == "edit":
            self.edit(int(row), str(msg["column"]), str(msg["value"]))
        elif kind == "add":
            self.add_row()
        elif kind in ("duplicate", "remove"):
            if not isinstance(row, int) or not 0 <= row < len(self.rows):
                self.status = "select a row first (click its number)"
            elif kind == "duplicate":
                self.duplicate_row(row)
            else:
                self.remove_row(row)
        elif kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()


def whatif_editor(what: Any, sheet: str | None = None) -> Any:
    """The grid of ``what.variant`` (a :class:`workbench.ui.whatif.WhatIf`) above the diff and
    the exact figures the edits move, before and after, redrawn after every accepted edit."""
    import ipywidgets as widgets

    from workbench.ui.table import table_html
    from workbench.ui.whatif import redraw_note

    grid = SheetGrid(what.variant, sheet)
    diff = widgets.HTML().add_class("wb-whatif-diff")
    figures = widgets.HTML().add_class("wb-whatif-figures")

    def redraw(variant: Variant) -> None:
        what.variant = variant
        d = variant.diff()
        diff.value = "<b>Edits</b>" + (table_html(d) if d.height else "<p>none yet</p>")
        try:
            moved = what.figures() if d.height else {}
        except (
            ValueError
        ) as exc:  # SheetError too: a cross-sheet rule only the game's loader checks
            figures.value = f"<p class='wb-whatif-refused'>the game cannot read these sheets: {html.escape(str(exc))}</p>"
            return
        parts = [
            f"<b>{name}</b> (before / after){table_html(frame)}" for name, frame in moved.items()
        ]
        took = what.timings.get("figures")
        note = (
            f"<p class='wb-whatif-time'>exact figures redrawn in {redraw_note(took)}</p>"
            if moved and took is not None
            else ""
        )
        figures.value = "".join(parts) + note if parts else "<p>no exact figure moves</p>"

    grid.on_change(redraw)
    redraw(what.variant)
    stream_note = widgets.HTML(
        "<p style='color:#555;font-size:12px;margin:2px 0'>Edits here redraw the exact figures "
        "below at once. The skilled stream of this notebook plays the variant as it was when its "
        "cell ran: run that cell again to play these "
        "edits.</p>"
    ).add_class("wb-whatif-stream-note")
    box = widgets.VBox([grid, diff, figures, stream_note])
    box.add_class("wb-whatif-editor")
    box.grid = grid  # type: ignore[attr-defined]
    return box


def _next_key(keys: list[str]) -> str:
    """The key after the largest one: the same prefix, the number one higher.

    >>> _next_key(["J01", "J27", "S03"]), _next_key(["1", "60"]), _next_key(["a"])
    ('J28', '61', 'a2')
    """
    import re

    best: tuple[int, str, int] | None = None
    for k in keys:
        m = re.fullmatch(r"(.*?)(\d+)", k)
        if m and (best is None or int(m[2]) > best[0]):
            best = (int(m[2]), m[1], len(m[2]))
    if best is None:
        return (keys[-1] if keys else "card") + "2"
    n, prefix, width = best
    taken = set(keys)
    while True:
        n += 1
        candidate = f"{prefix}{n:0{width}d}"
        if candidate not in taken:
            return candidate
