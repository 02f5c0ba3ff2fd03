"""The clickable picture widget (an anywidget): HTML in, a clicked action id out.

Kept apart from :mod:`workbench.ui.picture` (the board built on it) so that
panels which only draw a clickable table (the analysis panel) need no board.

>>> PictureWidget().value
''
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["PictureWidget"]

_ESM = """
function render({ model, el }) {
  el.tabIndex = 0;
  el.classList.add('wb-picture-root');
  let focus = -1;
  const targets = () => Array.from(el.querySelectorAll('.wb-target'));
  const mark = () => {
    const ts = targets();
    ts.forEach((t, i) => t.classList.toggle('wb-focus', i === focus));
  };
  const draw = () => {
    el.innerHTML = model.get('value');
    if (focus >= targets().length) focus = -1;
    mark();
  };
  const send = (t) => {
    if (!t) return;
    if (t.dataset.action !== undefined) model.send({ kind: 'action', action: t.dataset.action });
    else if (t.dataset.pick !== undefined) model.send({ kind: 'pick', pick: t.dataset.pick });
  };
  el.addEventListener('click', (e) => {
    const t = e.target.closest('[data-action],[data-pick]');
    el.focus({ preventScroll: true });
    if (!t || !el.contains(t) || !t.classList.contains('wb-target')) return;
    e.preventDefault();
    send(t);
  });
  el.addEventListener('keydown', (e) => {
    const ts = targets();
    const k = e.key;
    if (k === 'u' || k === 'r') { model.send({ kind: k === 'u' ? 'undo' : 'redo' }); }
    else if (k === 'Escape') { model.send({ kind: 'clear' }); }
    else if (/^[1-9]$/.test(k)) { send(ts[Number(k) - 1]); }
    else if ((k === 'Enter' || k === ' ') && focus >= 0) { send(ts[focus]); }
    else if (k.startsWith('Arrow') && ts.length) {
      const step = (k === 'ArrowRight' || k === 'ArrowDown') ? 1 : -1;
      focus = ((focus < 0 ? (step > 0 ? -1 : 0) : focus) + step + ts.length) % ts.length;
      mark();
    } else { return; }
    e.preventDefault();
  });
  model.on('change:value', draw);
  draw();
}
export default { render };
"""

_CSS = """
.wb-picture-root{outline:none}
.wb-picture-root .wb-target{cursor:pointer}
.wb-picture-root :is(div,span,li,td).wb-target{box-shadow:0 0 0 2px #1a7f37;background-color:#eaf6ec}
.wb-picture-root g.wb-target{filter:drop-shadow(0 0 2px #1a7f37)}
.wb-picture-root .wb-target:hover{filter:brightness(0.93) drop-shadow(0 0 2px #1a7f37)}
.wb-picture-root .wb-focus{filter:drop-shadow(0 0 3px #ef6c00)}
.wb-picture-root :is(div,span,li,td).wb-focus{box-shadow:0 0 0 3px #ef6c00}
.wb-chance-strip{display:flex;gap:8px;align-items:center;flex-wrap:wrap;padding:3px 6px;
 margin:2px 0 4px;background:#f3f0ff;border-radius:4px;font:12px sans-serif}
"""


class PictureWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """The picture: HTML in ``value``; a click on a ``wb-target`` sends its action id."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
